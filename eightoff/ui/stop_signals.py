"""SIGTERM and SIGINT end the window, even when its display has stopped answering.

The longer reasons: docs/notes.md, `eightoff.ui.stop_signals`."""

from __future__ import annotations

import _thread
import faulthandler
import os
import signal
from typing import TextIO

import pygame

GRACE_SECONDS = 5.0
"""How long the window has to close after the first signal before the watchdog ends it."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
DUPLICATE_SECONDS = 0.5
"""A signal this soon after the first is the same stop sent twice (to the process and to its
group, as `timeout` sends it), not the player's impatient second Ctrl+C: it is swallowed."""


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
    if asked and hasattr(signal, "sigtimedwait"):
        signal.sigtimedwait(STOP_SIGNALS, DUPLICATE_SECONDS)
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
    if not pygame.display.get_init():
        return False
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
