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
    from eightoff.cli import run

    sys.exit(run(sys.argv[1:], open_window))


if __name__ == "__main__":
    main()
