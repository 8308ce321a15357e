"""The solver's winning line, or a finished game's moves, played on the table a move at a time,
with pause and steps.

Each step is a real game move with its own undo step, so the history stays honest and the
player can take over at any point. The scene sits above the table only to own the keys;
the table keeps animating and drawing underneath.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from eightoff.core.i18n import _
from eightoff.core.moves import Move
from eightoff.ui.scene import Scene

if TYPE_CHECKING:
    from eightoff.ui.app import App

STEP_PAUSE = 0.45
"""Seconds between one move landing and the next one starting."""


class Playback(Scene):
    modal = False

    def __init__(self, app: App, moves: Sequence[Move], replay: bool = False) -> None:
        super().__init__(app)
        self.moves = list(moves)
        self.replay = replay
        """A finished game watched again (from Statistics), not the solver's line."""
        self.played = 0
        self.paused = False
        self.due = app.now() + STEP_PAUSE

    # ----- input -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.stop()
        elif event.key == pygame.K_SPACE:
            self.paused = not self.paused
            self.due = self.app.now() + STEP_PAUSE
        elif event.key == pygame.K_RIGHT:
            self.paused = True
            self.forward()
        elif event.key == pygame.K_LEFT:
            self.paused = True
            self.back()

    def forward(self) -> None:
        if self.played >= len(self.moves):
            return
        self.app.table.play(self.moves[self.played], by_solver=True)
        self.played += 1
        if self.played == len(self.moves):
            self.stop()

    def back(self) -> None:
        """Undo one of the moves this playback made (never the player's own)."""
        if self.played == 0:
            return
        self.played -= 1
        self.app.table.do_undo()

    def stop(self) -> None:
        self.app.table.status.banner = ""
        self.app.pop(self)

    # ----- time --------------------------------------------------------------------------------

    def update(self, now: float) -> None:
        # The banner lives in the status line's upper row, so it never covers a long column.
        self.app.table.status.banner = self.text()
        if self.paused or self.app.top is not self:
            return
        if self.app.table.animator.busy:
            self.due = now + STEP_PAUSE
        elif now >= self.due:
            self.forward()
            self.due = now + STEP_PAUSE

    def next_wakeup(self, now: float) -> float | None:
        return None if self.paused else self.due

    # ----- drawing -----------------------------------------------------------------------------

    def text(self, state: str | None = None, played: int | None = None) -> str:
        state = state or ("paused" if self.paused else "playing")
        played = self.played if played is None else played
        if self.replay:
            progress = (_("Replay paused: move {played} of {total}") if state == "paused"
                        else _("Replay: move {played} of {total}"))
        else:
            progress = (_("Solver paused: move {played} of {total}") if state == "paused"
                        else _("Solver playing: move {played} of {total}"))
        keys = _("Space pause   ·   Left/Right step   ·   Esc stop")
        return f"{progress.format(played=played, total=len(self.moves))}   ·   {keys}"

    def needs_draw(self) -> bool:
        return False  # the table's status line draws the banner

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        return []
