"""The window does not close on a finished game the database has not taken yet.

A game's outcome is written at its deciding move; when the database refuses it (another program
holds its lock for seconds, the disk is full), it waits in memory and in a small pending file
that the next start records (the store's `pending`). Quitting then first tries again for
`RETRY_SECONDS`, behind a question (Wait / Save to a file / Quit anyway), and closes by itself
as soon as the write goes through. A stop signal does the same within the watchdog's time
(`SIGNAL_SECONDS`), then quits anyway. While anything waits, it is also tried again every
`IDLE_RETRY_SECONDS` without a move, so a freed disk takes a waiting win at once.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from eightoff.core.i18n import _
from eightoff.session.unsaved import Unsaved
from eightoff.ui.unsaved_dialog import UnsavedDialog

if TYPE_CHECKING:
    from eightoff.session.session import Session
    from eightoff.ui.scene import Host, Scene

RETRY_SECONDS = 10.0
"""How long a quit keeps trying before the question says the game is still not saved."""
RETRY_EVERY = 0.5
"""Seconds between tries while a quit waits (each try waits a few milliseconds for the lock)."""
IDLE_RETRY_SECONDS = 2.0
"""Seconds between tries while something waits and nobody quits."""
SIGNAL_SECONDS = 2.0
"""A stop signal's tries: the watchdog ends the process 5 s after the signal, and the store's
last try as it closes may wait 2 s more for the lock."""


class QuitGuard:
    """Decides whether the window may close now; retries what waits, on the window's clock."""

    def __init__(self, host: Host, session: Session) -> None:
        self.host = host
        self.unsaved = Unsaved(session.books.keeper)
        self.deadline: float | None = None
        """While a quit waits for the database: when it stops trying at the quick pace."""
        self.signalled = False
        self.anyway = False
        """The player chose to quit without the game saved (or a stop signal's time is up)."""
        self.next_try: float | None = None
        self.dialog: Scene | None = None

    def may_quit(self, signalled: bool = False) -> bool:
        """True when nothing finished waits (or the player said quit anyway); else the
        question is shown and the window stays open."""
        if self.anyway or not self.unsaved.outcomes() or self.unsaved.retry():
            return True
        now = self.host.now()
        self.signalled = self.signalled or signalled
        self.deadline = now + (SIGNAL_SECONDS if signalled else RETRY_SECONDS)
        self.next_try = now + RETRY_EVERY
        self.show()
        return False

    def show(self) -> None:
        if self.dialog is not None:
            self.host.pop(self.dialog)
        self.dialog = UnsavedDialog(self.host, self)
        self.host.push(self.dialog)

    def next_wakeup(self, now: float) -> float | None:
        if self.next_try is None and self.unsaved.waiting():
            self.next_try = now + IDLE_RETRY_SECONDS
        return self.next_try

    def update(self) -> None:
        """Each step of the window: a try when one is due."""
        now = self.host.now()
        if self.next_try is None or now < self.next_try:
            return
        if self.unsaved.retry():
            self.next_try = None
            if self.deadline is not None:
                self.deadline = None
                self.close_dialog()
                self.host.quit()
            return
        if self.deadline is not None and now >= self.deadline:
            self.deadline = None
            if self.signalled:
                self.keep_elsewhere()
                self.quit_anyway()
                return
        self.next_try = now + (RETRY_EVERY if self.deadline is not None else IDLE_RETRY_SECONDS)

    def keep_elsewhere(self) -> None:
        """A stop signal's time is up: what even the pending file could not keep (a full disk)
        goes to a file in the home or temporary folder, named on stderr, as nobody can be asked;
        the next start adds it and says so."""
        if self.unsaved.kept_for_next_start():
            return
        path = self.unsaved.save_to_file(for_next_start=True)
        if path is not None:
            shown = os.fsencode(path).decode("utf-8", "replace")
            print(_("eightoff: a finished game could not be saved; it was kept as {path}, and the next start "
                    "adds it (or now: eightoff stats --import {path})").format(path=shown),
                  file=sys.stderr, flush=True)

    def wait(self) -> None:
        """Wait: try again at the quick pace for another while."""
        now = self.host.now()
        self.deadline = now + RETRY_SECONDS
        self.next_try = now
        self.show()

    def quit_anyway(self) -> None:
        self.anyway = True
        self.close_dialog()
        self.host.quit()

    def cancel(self) -> None:
        """The question closed without a choice: the window stays, and tries at the slow pace."""
        self.deadline = None
        self.dialog = None

    def trying(self) -> bool:
        """Whether a quit is trying at the quick pace now."""
        return self.deadline is not None

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.host.pop(self.dialog)
            self.dialog = None
