"""What the store has not written yet, as the window's quit sees it.

A finished game is recorded at its deciding move, but the database may refuse it for a while
(another program holds its lock, the disk is full). The window then does not simply close: it
asks this whether an outcome waits, tries again, and, when the player will not wait, keeps it
in a file of the player's. Unfinished games need none of this: they are kept as they are.
"""

from __future__ import annotations

from pathlib import Path

from eightoff.core.outcome import Outcome
from eightoff.session.keeper import Keeper


class Unsaved:
    def __init__(self, keeper: Keeper | None) -> None:
        self.keeper = keeper

    def outcomes(self) -> list[Outcome]:
        """The finished games not in the database yet ([] without a store)."""
        return self.keeper.store.waiting_outcomes if self.keeper is not None else []

    def has_win(self) -> bool:
        return Outcome.WON in self.outcomes()

    def problem(self) -> str:
        """Why the store cannot write now, in the player's words ("" when it can)."""
        return self.keeper.write_problem() if self.keeper is not None else ""

    def waiting(self) -> bool:
        """Whether any write waits (a finished game, a step of the unfinished one, a file)."""
        return self.keeper is not None and bool(self.keeper.write_problem())

    def retry(self) -> bool:
        """Try the waiting writes again; True when nothing waits any more."""
        return self.keeper is None or self.keeper.store.retry_writes()

    def kept_for_next_start(self) -> bool:
        """Whether the next start records the waiting games even if this window ends now."""
        return self.keeper is None or self.keeper.store.kept_for_next_start

    def save_to_file(self, for_next_start: bool = False) -> Path | None:
        """The waiting games in a new file of the player's home folder (else the temporary
        folder), in the lines `eightoff stats --import` reads; its path, or None.
        `for_next_start`: nobody chose the file (a stop signal), so the next start adds it."""
        if self.keeper is None:
            return None
        return self.keeper.store.save_waiting_elsewhere(for_next_start)
