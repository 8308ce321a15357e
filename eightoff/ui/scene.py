"""Scenes on the app's stack (the table at the bottom, modal dialogs above it), and the
changes to the game that other parts of the program listen to.

Only the top scene gets input; every scene draws, bottom first, on a full redraw. A scene
that is covered is paused, and resumed when it is on top again (as in Tuxemon's state stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from eightoff.ui.app import App


class Scene:
    modal = True
    """Whether the scenes below stop getting time (a dialog pauses the table's clock)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """One input or window event (only the top scene gets them)."""

    def update(self, now: float) -> None:
        """Advance animations and timers to `now`."""

    def busy(self) -> bool:
        """Whether the scene needs frames at full rate right now (animating)."""
        return False

    def next_wakeup(self, now: float) -> float | None:
        """When the scene next needs attention without input (None: not until an event)."""
        return None

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        """Draw what changed (everything when `full`) and return the areas to update."""
        return []

    def needs_draw(self) -> bool:
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def pause(self) -> None:
        """Another scene now covers this one."""

    def resume(self) -> None:
        """This scene is on top again."""
