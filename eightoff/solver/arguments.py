"""`solve`'s arguments, apart from the command that runs them: the command line builds every
subcommand's parser, and only `solve` itself needs the search, the batch's processes and JSON
(eightoff/solver/cli.py), so the others start without loading them."""

from __future__ import annotations

import argparse

from eightoff.core.i18n import _, decimal
from eightoff.core.limits import MAX_SECONDS
from eightoff.solver.limits import DEFAULT_STATES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board", nargs="?", metavar=_("BOARD"), help=_("board file in fc-solve's format ('-' reads stdin)")
    )
    parser.add_argument(
        # TRANSLATORS: the placeholder for a range of deal numbers, such as 1-32000.
        "--deals", metavar=_("FIRST-LAST"),
        help=_("solve a range of deals: one JSON line each, then a summary"),
    )
    parser.add_argument(
        "--jobs", type=_count, default=1, metavar="N", help=_("with --deals: N processes (0: every core)")
    )
    parser.add_argument(
        "--time-limit", type=_seconds, metavar="S",
        help=_("give up with 'unknown' after S seconds (per deal)")
    )
    parser.add_argument(
        "--max-states",
        type=_count,
        default=DEFAULT_STATES,
        metavar="N",
        help=_("give up with 'unknown' after N distinct positions, the memory cap (default {states})").format(
            states=DEFAULT_STATES),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(solve_parser=parser)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("time limit must be a number of seconds, not {text!r}").format(text=text)) from None
    if not 0 < seconds <= MAX_SECONDS:
        most = _("time limit must be a number of seconds above 0 and at most {most}")
        raise argparse.ArgumentTypeError(most.format(most=decimal(MAX_SECONDS)))
    return seconds


def _count(text: str) -> int:
    if not text.strip().isdigit() or not text.strip().isascii():
        raise argparse.ArgumentTypeError(
            _("expected a whole number of 0 or more, not {text!r}").format(text=text))
    return int(text)
