"""The solver's winning line, or a finished game's replay, played on the table a move at a
time, with pause and steps; the status line says "move k of n" in the player's moves.

The line is the session's (`eightoff.session.replay`): a solution's moves are real moves of
the game, each with its own undo step, so the player can take over at any point; a replay's
are its own copy's, and when it ends, at its last move or by Esc, the game it left is back on
the table as it was. The scene sits above the table only to own the keys; the table keeps
animating and drawing underneath.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from eightoff.core.i18n import N_, _
from eightoff.ui.scene import Scene

if TYPE_CHECKING:
    from eightoff.ui.scene import Host
    from eightoff.ui.toolbar import Toolbar

STEP_PAUSE = 0.45
"""Seconds between one move landing and the next one starting."""
WAITS = N_("That waits for the playback to end: Esc stops it")
"""What the banner says when a command is tried during a playback."""
WAITS_SECONDS = 4.0
"""How long the banner says it, while the moves go on: long enough to read (it once gave way to
the next move's progress, less than half a second later)."""
STILL_ON = ("quit",)
"""The toolbar's commands that work during a playback; the others are drawn disabled."""
MODIFIERS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
             pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI)


class Line(Protocol):
    """What is played (the session's `Solution` or `Replay`)."""

    replay: bool
    """A finished game watched again (from Statistics), not the solver's line."""
    played: int

    @property
    def total(self) -> int: ...

    def forward(self) -> None: ...

    def back(self) -> None: ...

    def stop(self) -> None: ...


class Stage(Protocol):
    """The table the moves are played on (the table scene is one; named by shape, so this
    module need not import the table, which imports it)."""

    banner: str
    """The status line's upper row: the playback says where it is there."""
    toolbar: Toolbar

    def animating(self) -> bool: ...

    def enabled(self) -> dict[str, bool]: ...


class Playback(Scene):
    modal = False

    def __init__(self, host: Host, stage: Stage, line: Line) -> None:
        super().__init__(host)
        self.stage = stage
        self.line = line
        self.refused_until: float | None = None
        """A command was tried that waits for the playback to end: the banner says so until then."""
        self.stopped = False
        self.paused = False
        self.due = host.now() + STEP_PAUSE

    # ----- input -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.clicked(event.pos)
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.stop()
        elif event.key == pygame.K_SPACE:
            self.paused = not self.paused
            self.due = self.host.now() + STEP_PAUSE
        elif event.key == pygame.K_RIGHT:
            self.paused = True
            self.forward()
        elif event.key == pygame.K_LEFT:
            self.paused = True
            self.back()
        elif event.key not in MODIFIERS:
            self.say_why()

    def clicked(self, point: tuple[int, int]) -> None:
        """A click on the toolbar: Quit works; another command says why it does not."""
        for button in self.stage.toolbar.buttons:
            if button.rect.collidepoint(point):
                if button.action in STILL_ON:
                    self.host.quit()
                else:
                    self.say_why()

    def say_why(self) -> None:
        """The banner, which holds the notice's row during a playback, says it for
        WAITS_SECONDS, however many moves are played meanwhile."""
        self.refused_until = self.host.now() + WAITS_SECONDS

    def forward(self) -> None:
        """The next move; past the last one, the end (once the last has been seen landing)."""
        if self.line.played >= self.line.total:
            self.stop()
        else:
            self.line.forward()

    def back(self) -> None:
        """One of the moves this playback made taken back (never the player's own)."""
        self.line.back()

    def stop(self) -> None:
        """The end, at the last move or by Esc (once: a new deal may stop it again)."""
        if self.stopped:
            return
        self.stopped = True
        self.host.pop(self)
        self.line.stop()
        self.stage.banner = ""
        self.stage.toolbar.set_enabled(self.stage.enabled())

    # ----- time --------------------------------------------------------------------------------

    def update(self, now: float) -> None:
        # The banner lives in the status line's upper row, so it never covers a long column.
        if self.refused_until is not None and now >= self.refused_until:
            self.refused_until = None
        self.stage.banner = self.text()
        toolbar = self.stage.toolbar
        toolbar.set_enabled({button.action: button.action in STILL_ON for button in toolbar.buttons})
        if self.paused or self.host.top is not self:
            return
        if self.stage.animating():
            self.due = now + STEP_PAUSE
        elif now >= self.due:
            self.forward()
            self.due = now + STEP_PAUSE

    def next_wakeup(self, now: float) -> float | None:
        times = [time for time in (None if self.paused else self.due, self.refused_until) if time is not None]
        return min(times, default=None)

    # ----- drawing -----------------------------------------------------------------------------

    @property
    def played(self) -> int:
        return self.line.played

    def text(self, state: str | None = None, played: int | None = None) -> str:
        state = state or ("paused" if self.paused else "playing")
        played = self.line.played if played is None else played
        if self.line.replay:
            progress = (_("Replay paused: move {played} of {total}") if state == "paused"
                        else _("Replay: move {played} of {total}"))
        else:
            progress = (_("Solver paused: move {played} of {total}") if state == "paused"
                        else _("Solver playing: move {played} of {total}"))
        keys = _("Space pause   ·   Left/Right step   ·   Esc stop")
        if self.refused_until is not None:
            return f"{_(WAITS)}   ·   {keys}"
        return f"{progress.format(played=played, total=self.line.total)}   ·   {keys}"

    def needs_draw(self) -> bool:
        return False  # the table's status line draws the banner

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        return []
