"""`eightoff stats [--json] [--rules NAME]`: the statistics on the command line.

The figures come from the summary beside the log, so the answer is quick with a million games
logged. Bad store files do not stop it: their notices go to stderr and what could be read is
printed.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys

from eightoff.core.i18n import N_, _, decimal, ngettext, percent
from eightoff.core.variants import VARIANTS
from eightoff.store.statistics import FinishedGame, Statistics
from eightoff.store.store import Overview, Store

RECENT_GAMES = 20

TITLES = {key: variant.title for key, variant in VARIANTS.items()}
"""Untranslated titles by variant key (for callers that translate themselves)."""
OUTCOME_WORDS = {"won": N_("won"), "lost": N_("lost"), "solved with help": N_("solved with help")}
"""The outcomes as the player reads them (marked here so the catalogue has them)."""


def title(key: str) -> str:
    """The variant's title in the player's language; the key itself for a variant this program
    does not have (a log written by a newer one)."""
    return _(TITLES[key]) if key in TITLES else key


def cmd_stats(args: argparse.Namespace) -> int:
    # The notices are printed below; without this, Python's last-resort log handler would
    # print each one a second time.
    logging.getLogger("eightoff.store").addHandler(logging.NullHandler())
    store = Store()
    overview = store.overview()
    for notice in store.take_notices():
        print(f"eightoff: {notice}", file=sys.stderr)
    statistics = [figures for key, figures in overview.statistics.items() if args.rules in (None, key)]
    if args.rules is not None and not statistics:
        statistics = [Statistics(args.rules)]
    recent = [game for game in overview.recent if args.rules in (None, game.rules)][:RECENT_GAMES]
    if args.json:
        document = {
            "statistics": {figures.rules: figures.to_json() for figures in statistics},
            "recent_games": [game.to_json() for game in recent],
            "skipped_lines": overview.skipped,
        }
        print(json.dumps(document, indent=2))
    else:
        print(report(statistics, recent, overview), end="")
    return 0


def report(statistics: list[Statistics], recent: list[FinishedGame], overview: Overview | None = None) -> str:
    skipped = overview.skipped if overview is not None else 0
    note = ngettext("({count} line of the record could not be read and is not counted.)\n",
                    "({count} lines of the record could not be read and are not counted.)\n",
                    skipped).format(count=skipped) if skipped else ""
    if not any(figures.played for figures in statistics):
        return _("No finished games yet.\n") + note
    blocks = [describe(figures) for figures in statistics]
    if recent:
        blocks.append(_("Recent games\n") + "".join(f"  {line(game)}\n" for game in recent))
    return "\n".join(blocks) + note


def describe(figures: Statistics) -> str:
    lines = [
        title(figures.rules),
        _("  played {played}, won {won}, lost {lost} ({percent} won)").format(
            played=figures.played, won=figures.won, lost=figures.lost,
            percent=percent(figures.win_percent, 1)),
    ]
    if figures.solved:
        lines.append(ngettext("  {count} game solved with help", "  {count} games solved with help",
                              figures.solved).format(count=figures.solved))
    streak = figures.current_streak
    if streak.kind is not None:
        kind = _(OUTCOME_WORDS[streak.kind])
        lines.append(_("  current streak: {length} {kind}").format(length=streak.length, kind=kind))
    lines.append(_("  longest streaks: {won} won, {lost} lost").format(
        won=figures.longest_winning_streak, lost=figures.longest_losing_streak))
    if figures.best_time is not None and figures.average_time is not None:
        lines.append(_("  best time {time}, fewest moves {moves}").format(
            time=duration(figures.best_time), moves=figures.fewest_moves))
        moves = round(figures.average_moves or 0)
        lines.append(ngettext("  won games average {time}, {moves} move",
                              "  won games average {time}, {moves} moves",
                              moves).format(time=duration(figures.average_time), moves=decimal(moves)))
    return "".join(text + "\n" for text in lines)


def line(game: FinishedGame) -> str:
    when = game.finished.astimezone().strftime("%Y-%m-%d %H:%M")
    which = (_("deal {number}").format(number=game.deal) if game.deal is not None else _("own board"))
    marks = "".join(
        f", {mark}" for mark, used in ((_("hints"), game.hints_used), (_("takeback"), game.takeback)) if used
    )
    return (
        f"{when}  {title(game.rules)}, {which}: {_(OUTCOME_WORDS[game.kind])}, "
        f"{plural(game.moves, 'move')}, {duration(game.seconds)}{marks}"
    )


def duration(seconds: float) -> str:
    """m:ss, or h:mm:ss past an hour."""
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02}:{second:02}" if hours else f"{minute}:{second:02}"


def plural(count: int, word: str) -> str:
    """`count` moves (the one plural the figures need: "move"); other words as given."""
    if word == "move":
        return ngettext("{count} move", "{count} moves", count).format(count=count)
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
