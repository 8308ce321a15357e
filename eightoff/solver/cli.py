"""`python -m eightoff solve`: print a solution in fc-solve's -m wording, or the verdict."""

from __future__ import annotations

import argparse
import json

from eightoff.core.i18n import N_, _
from eightoff.core.notation import format_move
from eightoff.solver.search import Budget
from eightoff.solver.solve import SOLVED, UNSOLVED, solve

VERDICTS = {UNSOLVED: N_("unsolvable"), "unknown": N_("unknown")}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board", nargs="?", metavar="BOARD", help=_("board file in fc-solve's format ('-' reads stdin)")
    )
    parser.add_argument(
        "--time-limit", type=_seconds, metavar="S", help=_("give up with 'unknown' after S seconds")
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        message = _("time limit must be a number of seconds, not {text}").format(text=repr(text))
        raise argparse.ArgumentTypeError(message) from None
    if not seconds > 0:
        raise argparse.ArgumentTypeError(_("time limit must be more than 0 seconds"))
    return seconds


def cmd_solve(args: argparse.Namespace) -> int:
    from eightoff.cli import UsageError, load_position, rules_from

    if (args.board is None) == (args.deal is None):
        raise UsageError(_("solve takes a BOARD file or --deal N (one of them)"))
    rules = rules_from(args)
    position = load_position(args.board, args.deal, rules)
    result = solve(position, rules, Budget(seconds=args.time_limit))
    lines = [format_move(move) for move in result.moves]
    if args.json:
        print(json.dumps({"status": result.status, "solution": lines, "seconds": round(result.seconds, 6)}))
    elif result.status == SOLVED:
        print("\n".join(lines))
    else:
        print(_(VERDICTS[result.status]))
    return 0
