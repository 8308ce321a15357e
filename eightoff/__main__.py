"""Entry point for `python -m eightoff` and the installed `eightoff` command.

This is where the program chooses what to load: the window (pygame, the session, the store),
the player's own files (`eightoff stats`, `daily`, `themes`: the store, the installed card
themes), the search (`solve`), or none of them for the rest of the command line, so that
`eightoff deal` starts in a few times the interpreter's own start-up
(scripts/bench_startup.py). Each choice imports its modules inside the function that makes
it, once the clock is known to be readable (a clock Python cannot read fails the first module
that reads it); no other module does.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from typing import TYPE_CHECKING

from eightoff.core.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

    from eightoff.session.figures import Figures

WORKER_ARGUMENT = "--eightoff-solver-worker"
"""The solver's worker in a frozen build (eightoff/solver/worker.py says the same)."""
UNIX_DESKTOPS = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly")
DEBUG_VARIABLE = "EIGHTOFF_DEBUG"
"""Set (to anything but empty), the window writes its debug log on standard error: why sound or
the screen reader is off, a design name it does not draw, a card-picture cache drawn again."""


def open_debug_log() -> None:
    """The debug log on standard error when EIGHTOFF_DEBUG asks for it (the window chosen)."""
    if os.environ.get(DEBUG_VARIABLE):
        import logging

        logging.basicConfig(level=logging.DEBUG, format="eightoff: %(name)s: %(message)s")


def display_drivers() -> list[str] | None:
    """The SDL video drivers that can show this player a window, or None to leave SDL to choose.

    Left alone on Linux, SDL falls back to its invisible "offscreen" driver when no display
    answers, and the game would run unseen forever. So only the drivers whose display is named
    in the environment are offered; an explicit SDL_VIDEODRIVER (the tests' "dummy", or
    "kmsdrm" on a console) is the player's own choice and is kept.
    """
    if not sys.platform.startswith(UNIX_DESKTOPS) or os.environ.get("SDL_VIDEODRIVER"):
        return None
    named = {"x11": "DISPLAY", "wayland": "WAYLAND_DISPLAY"}
    return [driver for driver, variable in named.items() if os.environ.get(variable)]


def open_window(args: argparse.Namespace) -> int:
    drivers = display_drivers()
    if drivers == []:
        print(_("eightoff: no display to open the game window on (neither DISPLAY nor WAYLAND_DISPLAY "
                "is set); the commands in 'eightoff --help' work without one"), file=sys.stderr)
        return 1
    if drivers:
        os.environ["SDL_VIDEODRIVER"] = ",".join(drivers)
    open_debug_log()
    # Before pygame and its threads: SIGTERM ends the window even when the display hangs.
    from eightoff.ui.stop_signals import take_stop_signals  # the window chosen

    take_stop_signals(sys.stderr if os.environ.get(DEBUG_VARIABLE) else None)
    # No cyclic garbage collection until the deal is on screen (run_app turns it on again
    # then): the window's imports and first frame make many objects and no garbage worth a
    # pass, and the passes cost some 4 % of the processor time to the first frame.
    gc.disable()
    try:
        return _open_window(args)
    finally:
        gc.enable()


def _open_window(args: argparse.Namespace) -> int:
    try:
        from eightoff.ui.app import run_app
        from eightoff.ui.window import NoWindow
    except ImportError:
        print(_("eightoff: the game window is not built yet; try 'eightoff --help'"), file=sys.stderr)
        return 2
    try:
        return run_app(args)
    except NoWindow as error:
        display = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY")
        if display:
            print(_("eightoff: cannot open the game window on display {display}: {reason}").format(
                display=display, reason=error), file=sys.stderr)
        else:
            print(_("eightoff: cannot open the game window: {reason}").format(reason=error), file=sys.stderr)
        return 1


def run_loaded(args: argparse.Namespace) -> int:
    """The commands that need more than the rules, each loading only its own: `stats` (with the
    charts where pygame is there), `daily` and `themes` read the player's own files, `solve`
    searches, `install-desktop` copies files."""
    if args.command == "themes":
        from eightoff.themes_cli import cmd_themes  # the installed card themes chosen

        return cmd_themes(args)
    if args.command == "solve":
        from eightoff.solver.cli import cmd_solve  # the solver chosen

        return cmd_solve(args)
    if args.command == "install-desktop":
        from eightoff.desktop import cmd_install_desktop  # the desktop files chosen

        return cmd_install_desktop(args)
    from eightoff.stats_cli import run_records  # the store chosen

    return run_records(args, draw_charts)


def draw_charts(path: Path, figures: Figures, together: Figures | None) -> None:
    """`eightoff stats --chart`: pygame draws on a Surface (no display needed)."""
    from eightoff.session.records import chart_of
    from eightoff.stats_cli import CommandError

    try:
        from eightoff.ui.charts import write_charts
    except ImportError:
        raise CommandError(_("--chart needs pygame, which is not installed")) from None
    write_charts(path, chart_of(figures), chart_of(together) if together is not None else None)


def clock_problem() -> str | None:
    """Why the clocks cannot be read, or None. Python keeps time in signed 64-bit nanoseconds,
    so from 2262-04-12 on `time.time()` raises wherever it is called (logging's import, the
    deal shuffler's seed, `date.today()`): there is no playing past it, only saying so."""
    try:
        time.time()
        time.monotonic()
    except (OverflowError, OSError) as error:
        return _("eightoff: the system clock cannot be read ({reason}); set the date right (before "
                 "2262-04-12) and start again").format(reason=error)
    return None


def main() -> None:
    problem = clock_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        sys.exit(1)
    if getattr(sys, "frozen", False) and sys.argv[1:2] == [WORKER_ARGUMENT]:
        # A frozen build has no `python -m`: the solver's worker process is this program
        # again, which then serves as the worker instead of opening another window.
        from eightoff.solver.worker import main as serve_as_worker  # the worker chosen

        serve_as_worker(sys.argv[2:])
        return
    if getattr(sys, "frozen", False):
        import multiprocessing  # only a frozen build needs it

        # `eightoff solve --jobs` starts its processes with "spawn": in a frozen build they
        # re-run this program, which must then serve as one instead of opening a window.
        multiprocessing.freeze_support()
    from eightoff.cli import run  # the command line chosen (the window, if no command is given)
    from eightoff.locale import choose_language, install_language
    from eightoff.userfiles.language import peek_language, preferences_path

    # The language chosen in Preferences (read quietly: the window reports a damaged file),
    # else the system's; the window chooses again from the preferences it loads.
    install_language(choose_language(peek_language(preferences_path())))

    sys.exit(run(sys.argv[1:], open_window, run_loaded))


if __name__ == "__main__":
    main()
