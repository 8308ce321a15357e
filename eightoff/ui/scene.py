"""Scenes on the window's stack (the table at the bottom, modal dialogs above it), and `Host`:
the little of the window that a scene may use.

Only the top scene gets input; every scene draws, bottom first, on a full redraw. A scene
that is covered is paused, and resumed when it is on top again (as in Tuxemon's state stack).
A scene is given the session it shows and a `Host`, never the `App` itself: the window module
imports the scenes, and no scene imports the window, so `ui/` has no import circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TextIO

if TYPE_CHECKING:
    import pygame

    from eightoff.core.preferences import Preferences
    from eightoff.ui.access import Support


class Host(Protocol):
    """What a scene may ask of the window it is shown in."""

    size: tuple[int, int]
    """The drawable's size in pixels."""
    ui_scale: float
    """Drawable pixels per point: text, bars and dialogs are drawn this much larger."""
    visible: bool
    screen_reader: Support
    screen_reader_reason: str
    """Why screen-reader support failed, in the player's words ("" unless it did)."""
    print_layout: bool
    out: TextIO

    @property
    def preferences(self) -> Preferences: ...

    @property
    def top(self) -> Scene: ...

    def now(self) -> float: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self, scene: Scene) -> None: ...

    def redraw_all(self) -> None: ...

    def quit(self) -> None: ...

    def notify(self, text: str) -> None: ...

    def unsay(self, text: str) -> None: ...


class Scene:
    modal = True
    """Whether the scenes below stop getting time (a dialog pauses the table's clock)."""

    def __init__(self, host: Host) -> None:
        self.host = host

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
        """Draw what changed (everything when `full`) and return the areas repainted: none
        means nothing changed, and no frame is shown."""
        return []

    def needs_draw(self) -> bool:
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def release(self) -> None:
        """The window goes to sleep until input: let go of what can be made again."""

    def pause(self) -> None:
        """Another scene now covers this one."""

    def resume(self) -> None:
        """This scene is on top again."""
