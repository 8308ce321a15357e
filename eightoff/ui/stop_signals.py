"""SIGTERM and SIGINT end the window, even when its display has stopped answering.

SDL's own handlers only set a flag that its next look at the event queue turns into a quit
event. A window whose X server was stopped never looks again: it sleeps in SDL's wait on a
connection that stays silent, or is stuck in a call that waits for the server's reply, and it
waited for ever. So the signals are taken from SDL (its SDL_NO_SIGNAL_HANDLERS hint) and from
every thread: the main thread blocks them before any other thread exists, and threads inherit
the mask. One thread of ours sleeps in `sigwait` for them (no wake-ups while idle). On the
first it asks the window to quit, as the close button does, and arms a watchdog that ends the
process a few seconds later if it is still there; a second signal ends it at once, by the
system's default action. Ending it so loses nothing: every move is committed to the database
as it is made, and so is every finished game; one the database refused waits in a pending file
for the next start, and the quit the signal asks for first tries it again within the
watchdog's time (eightoff/ui/unsaved_quit.py, told by the event's `signal`).

The watchdog is faulthandler's, a thread of C: pygame holds the interpreter lock in most of
its calls into SDL (closing the window is one), and a main thread stuck in one would stop a
Python timer as well. It exits with status 1; with the debug log on, it first writes where
each thread was. What this cannot end: a main thread already stuck in such a call when the
first signal comes, as the waiting thread then never gets the lock to act (the loop's waits
and its frames' flips release it, so a window between frames is never there); SIGKILL then.

Windows has neither signal masks nor `sigwait`: there SDL's handlers stay, as before.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
from typing import TextIO

GRACE_SECONDS = 5.0
"""How long the window has to close after the first signal before the watchdog ends it."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def take_stop_signals(report: TextIO | None = None) -> bool:
    """From the main thread, before SDL starts and before any other thread: the stop signals
    are ours from now on (False where the platform cannot wait for them: SDL's then).
    `report`: where the watchdog writes the threads' stacks before it ends the process."""
    if not hasattr(signal, "pthread_sigmask") or not hasattr(signal, "sigwait"):
        return False
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    # Python's own Ctrl+C handler would never run (the signal is blocked here); its default
    # action is what a second Ctrl+C should do.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    # _thread, not threading: the first frame does without threading's import.
    _thread.start_new_thread(_await_stop, (report,))
    return True


def _await_stop(report: TextIO | None) -> None:
    number = signal.sigwait(STOP_SIGNALS)
    asked = _ask_window_to_quit_after_arming(report)
    # This thread lets the signals in from now on: the next one ends the process by its
    # default action, which needs no interpreter lock.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    if not asked:  # no window to ask yet, or any more: end as the signal would have
        signal.raise_signal(number)
    while True:
        signal.pause()


def _ask_window_to_quit_after_arming(report: TextIO | None) -> bool:
    """Arm the watchdog, then post the window a quit event; False (and the watchdog not armed)
    if there is no window's event queue to post to."""
    pygame = sys.modules.get("pygame")
    if pygame is None or not pygame.display.get_init():
        return False
    import faulthandler  # built in: here, as only a signal needs it

    # Armed first: posting wakes SDL's wait through the display, which might not answer.
    faulthandler.dump_traceback_later(GRACE_SECONDS, exit=True, file=report or _nowhere())
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT, signal=True))
    except pygame.error:  # the display closed meanwhile: the process is on its way out
        faulthandler.cancel_dump_traceback_later()
        return False
    return True


def _nowhere() -> TextIO:
    """The watchdog's report when nobody asked for it (faulthandler keeps the file open)."""
    return open(os.devnull, "w", encoding="ascii")  # noqa: SIM115 -- kept by faulthandler
