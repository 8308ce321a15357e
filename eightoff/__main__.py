"""Entry point for `python -m eightoff` and the installed `eightoff` command."""

from __future__ import annotations

import argparse
import sys


def open_window(args: argparse.Namespace) -> int:
    try:
        from eightoff.ui.app import run_app
    except ImportError:
        print("eightoff: the game window is not built yet; try 'eightoff --help'", file=sys.stderr)
        return 2
    return run_app(args)


def main() -> None:
    import multiprocessing

    # The solver's worker process is started with "spawn": in a frozen build it re-runs this
    # program, which must then serve as the worker instead of opening another window.
    multiprocessing.freeze_support()
    from eightoff.cli import run

    sys.exit(run(sys.argv[1:], open_window))


if __name__ == "__main__":
    main()
