"""`python -m eightoff solve`: one board or deal (a solution in fc-solve's -m wording, or the
verdict), or a range of deals (`--deals FIRST-LAST`, one JSON line each and a summary).

The help and the verdict a player reads are in the player's language; the moves stay in
fc-solve's wording and every `--json` value in English (`status`: "solved", "unsolved" or
"unknown", as the README lists them), so scripts read the same whatever the language.

Usage errors go through the subcommand parser's `error`, which the command line turns into
one line on stderr and exit status 2, so this layer needs nothing from the one above it.
The arguments are declared in eightoff/solver/arguments.py, which loads none of the search.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TextIO

from eightoff.core.deal_numbers import parse_deal_number
from eightoff.core.deals import deal
from eightoff.core.i18n import N_, _, decimal, system_reason
from eightoff.core.notation import format_move, parse_board
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import preset
from eightoff.solver.batch import Job, Summary, deal_count, solve_deals
from eightoff.solver.limits import Budget, Status
from eightoff.solver.par import player_moves
from eightoff.solver.result import grade_of
from eightoff.solver.solve import solve
from eightoff.userfiles.reading import BadFile, read_input

VERDICTS = {Status.UNSOLVED: N_("unsolvable"), Status.UNKNOWN: N_("unknown")}
"""The verdict printed without --json, translated where printed (--json keeps the keys)."""


def _deal_range(text: str) -> range:
    first, dash, last = text.partition("-")
    if not (dash and first.strip() and last.strip()):  # '-5', '5-': one end left out, not deal ''
        raise ValueError(_("--deals takes FIRST-LAST, e.g. 1-32000, not {text!r}").format(text=text))
    low, high = parse_deal_number(first), parse_deal_number(last)
    if low > high:
        raise ValueError(_("--deals {text}: the first deal is after the last").format(text=text))
    return range(low, high + 1)


def cmd_solve(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.solve_parser
    rules = preset(args.rules, args.options)
    if args.deals is not None:
        if args.board is not None or args.deal is not None:
            parser.error(_("--deals solves a range of deals: give no BOARD and no --deal with it"))
        try:
            numbers = _deal_range(args.deals)
        except ValueError as error:
            parser.error(str(error))
        return _solve_range(numbers, rules, args)
    if (args.board is None) == (args.deal is None):
        parser.error(_("solve takes a BOARD file, --deal N or --deals FIRST-LAST (one of them)"))
    position = _load(parser, args.board, args.deal, rules)
    result = solve(position, rules, Budget(seconds=args.time_limit, states=args.max_states or None))
    lines = [format_move(move) for move in result.moves]
    if args.json:
        print(
            json.dumps(
                {
                    "status": result.status,
                    "solution": lines,
                    "player_moves": player_moves(position, rules, result),
                    "seconds": round(result.cpu_seconds, 6),
                    "wall_seconds": round(result.seconds, 6),
                    "grade": grade_of(result),
                }
            )
        )
    elif result.status == Status.SOLVED:
        print("\n".join(lines))
    else:
        print(_(VERDICTS[result.status]))
    return 0


def _load(parser: argparse.ArgumentParser, board: str | None, number: int | None, rules: Rules) -> Position:
    if number is not None:
        return deal(number, rules)
    assert board is not None
    try:
        return parse_board(read_input(board), rules)
    except (OSError, BadFile) as error:
        parser.error(_("cannot read board file {board!r}: {reason}").format(
            board=board, reason=system_reason(error)))
    except ValueError as error:
        parser.error(_("board {board!r}: {reason}").format(board=board, reason=error))


def _solve_range(numbers: range, rules: Rules, args: argparse.Namespace) -> int:
    """One JSON line per deal as it is decided, then `{"summary": ...}`; a progress bar on
    stderr only when stderr is a terminal. The summary is added up as lines go out: a range of
    any length takes the same memory."""
    job = Job(rules, args.time_limit, args.max_states or None)
    totals = Summary()
    progress = Progress(deal_count(numbers), sys.stderr if sys.stderr.isatty() else None)
    for entry in solve_deals(numbers, job, args.jobs):
        print(json.dumps(entry), flush=True)
        totals.add(entry)
        progress.step()
    progress.close()
    print(json.dumps({"summary": {"rules": rules.name, **totals.figures()}}))
    return 0


class Progress:
    """One line on a terminal, written over as deals are decided: how many of how many, the
    rate and the time left (a range may take an hour). `out` None writes nothing."""

    def __init__(self, total: int, out: TextIO | None) -> None:
        self.total, self.out, self.done = total, out, 0
        self.began = time.monotonic()

    def step(self) -> None:
        self.done += 1
        if self.out is None:
            return
        seconds = time.monotonic() - self.began
        rate = self.done / seconds if seconds > 0 else 0.0
        left = round((self.total - self.done) / rate) if rate else 0
        line = _("{done}/{total} deals, {rate} a second, {left} left").format(
            done=decimal(self.done), total=decimal(self.total), rate=decimal(rate, 1),
            left=f"{left // 60}:{left % 60:02d}")
        self.out.write(f"\r{line}\033[K")
        self.out.flush()

    def close(self) -> None:
        if self.out is not None and self.done:
            self.out.write("\n")
            self.out.flush()
