"""`eightoff stats [--json] [--rules NAME]`: the statistics on the command line.

Bad store files do not stop it: their notices go to stderr and the defaults are printed.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys

from eightoff.core.variants import PRESETS
from eightoff.store.statistics import FinishedGame, Statistics, compute
from eightoff.store.store import Store

RECENT_GAMES = 20

TITLES = {"standard": "Eight Off", "easy": "Eight Off (easy)", "freecell": "FreeCell"}


def cmd_stats(args: argparse.Namespace) -> int:
    # The notices are printed below; without this, Python's last-resort log handler would
    # print each one a second time.
    logging.getLogger("eightoff.store").addHandler(logging.NullHandler())
    store = Store()
    games = store.finished_games()
    for notice in store.take_notices():
        print(f"eightoff: {notice}", file=sys.stderr)
    if args.rules is not None:
        games = [game for game in games if game.rules == args.rules]
        names = [args.rules]
    else:
        names = [name for name in PRESETS if any(game.rules == name for game in games)]
    statistics = [compute(name, games) for name in names]
    recent = games[::-1][:RECENT_GAMES]
    if args.json:
        document = {
            "statistics": {figures.rules: figures.to_json() for figures in statistics},
            "recent_games": [game.to_json() for game in recent],
        }
        print(json.dumps(document, indent=2))
    else:
        print(report(statistics, recent), end="")
    return 0


def report(statistics: list[Statistics], recent: list[FinishedGame]) -> str:
    if not statistics:
        return "No finished games yet.\n"
    blocks = [describe(figures) for figures in statistics]
    if recent:
        blocks.append("Recent games\n" + "".join(f"  {line(game)}\n" for game in recent))
    return "\n".join(blocks)


def describe(figures: Statistics) -> str:
    lines = [
        TITLES.get(figures.rules, figures.rules),
        f"  played {figures.played}, won {figures.won}, lost {figures.lost} ({figures.win_percent:.1f}% won)",
    ]
    streak = figures.current_streak
    if streak.kind is not None:
        lines.append(f"  current streak: {streak.length} {streak.kind}")
    lines.append(
        f"  longest streaks: {figures.longest_winning_streak} won, {figures.longest_losing_streak} lost"
    )
    if figures.best_time is not None and figures.average_time is not None:
        lines.append(f"  best time {duration(figures.best_time)}, fewest moves {figures.fewest_moves}")
        average = f"{duration(figures.average_time)}, {figures.average_moves:.0f} moves"
        lines.append(f"  won games average {average}")
    return "".join(text + "\n" for text in lines)


def line(game: FinishedGame) -> str:
    when = game.finished.astimezone().strftime("%Y-%m-%d %H:%M")
    which = f"deal {game.deal}" if game.deal is not None else "own board"
    marks = "".join(
        f", {mark}" for mark, used in (("hints", game.hints_used), ("takeback", game.takeback)) if used
    )
    result = "finished by the solver" if game.solver_finished else game.result
    return (
        f"{when}  {TITLES.get(game.rules, game.rules)}, {which}: {result}, "
        f"{plural(game.moves, 'move')}, {duration(game.seconds)}{marks}"
    )


def duration(seconds: float) -> str:
    """m:ss, or h:mm:ss past an hour."""
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02}:{second:02}" if hours else f"{minute}:{second:02}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
