"""`eightoff stats [--json] [--rules NAME] [--csv FILE] [--chart FILE.png] [--export FILE.jsonl]
[--import FILE.jsonl]`: the statistics on the command line, in the words and figures of the
Statistics dialog (`eightoff.session.figures`, `figure_words`), and the games moved in and out as JSON lines.

The figures are queries over the games table's indexes, so the answer is quick with millions of
games; `--csv`, `--export` and the personal bests of `--json` stream a block at a time. No output
goes into the
player's own folders (a CSV once replaced the games log). Bad store files do not stop it: their
notices go to stderr and what could be read is printed. `daily --share` reads the day's result
here too. The chart drawing comes from the entry point (`run_records`), as it needs pygame.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import logging
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import IO, Any

import msgspec

from eightoff.core.i18n import _, decimal, ngettext, system_reason
from eightoff.core.variants import VARIANTS, variant
from eightoff.session.daily import missing_words
from eightoff.session.daily_words import not_played_line, share_line
from eightoff.session.figure_words import (
    OUTCOME_WORDS,
    TITLES,
    describe,
    duration,
    game_rows,
    moves_words,
    title,
    which_deal,
)
from eightoff.session.figures import Figures, GradeOf, everything
from eightoff.session.grading import deal_grade, grade_name
from eightoff.session.played import daily_game, game_played
from eightoff.solver.daily import daily_deal
from eightoff.solver.grade import GRADES
from eightoff.store.clock import local_time
from eightoff.store.database import COMMAND_WAIT
from eightoff.store.exchange import kind_of_start
from eightoff.store.files import shown
from eightoff.store.schema import FinishedGame
from eightoff.store.statistics import Statistics
from eightoff.store.store import Overview, Store
from eightoff.userfiles.identity import owner_of
from eightoff.userfiles.reading import is_named_pipe, kind_of

RECENT_GAMES = 20
INPUT_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)
BOM = b"\xef\xbb\xbf"
BESTS_SHOWN = 1000
"""Personal bests `--json` lists without `--bests all` (by game and deal), so its output and
memory stay bounded at any number of deals won."""
CSV_COLUMNS = ("finished", "game", "deal", "outcome", "moves", "seconds", "hints_used", "takeback",
               "grade", "id", "daily", "par")
"""The columns of `--csv`, in English like its values (machine-readable, as `--json`); the
daily date and par, which the win dialog shows, come last so older readers' columns stay put."""
DrawCharts = Callable[[Path, Figures, Figures | None], None]
"""Draws (file, the game's figures, all games' figures or None) as the Statistics dialog does."""

__all__ = ["OUTCOME_WORDS", "TITLES", "cmd_stats", "duration", "line", "report", "run_records", "title"]


class CommandError(Exception):
    """A file the command was asked to write could not be: one line for stderr, exit 2."""


def run_records(args: argparse.Namespace, draw_charts: DrawCharts | None) -> int:
    """`eightoff stats` or `eightoff daily`; `draw_charts` is None without pygame."""
    # The notices are printed by each command; without this, Python's last-resort log handler
    # would print each one a second time.
    logging.getLogger("eightoff.store").addHandler(logging.NullHandler())
    if args.command == "daily":
        try:
            return cmd_daily(args)
        except CommandError as error:
            print(f"eightoff: {error}", file=sys.stderr)
            return 2
    args.draw_charts = draw_charts
    return cmd_stats(args)


def cmd_daily(args: argparse.Namespace) -> int:
    """The daily deal of a day (today's, by the local clock, unless --date says) of the game
    being played (`--rules`, else the last game played), its grade and par; with --share, the
    day's result as Copy result words it, from the player's records."""
    store = Store(command_line=True)
    try:
        rules = args.rules or daily_game(None, store.load_preferences())
        day = args.date or date.today()
        chosen = daily_deal(rules, day)
        game = _(variant(rules).title)
        if chosen is None:
            raise CommandError(missing_words(rules, day))
        if args.share:
            if not store.readable:  # said by its notice: no result is not "not played"
                return 2
            words = share_words(store, rules, day)
            if store.read_failed:  # said by its notice: no result read is not "not played"
                return 2
            print(words)
            return 0
    finally:
        for notice in store.take_notices():  # a database set aside, say: told, not fatal
            print(f"eightoff: {notice}", file=sys.stderr)
        store.close()
    if args.json:
        print(json.dumps({"date": day.isoformat(), "game": rules, "deal": chosen.number,
                          "grade": chosen.grade, "par": chosen.par}))
        return 0
    print(_("{game} daily deal of {date}: deal {number}, graded {grade}, par {par}").format(
        game=game, date=day.isoformat(), number=chosen.number, grade=grade_name(chosen.grade),
        par=chosen.par))
    return 0


def share_words(store: Store, rules_name: str, day: date) -> str:
    """The day's daily result of game `rules_name` in Copy result's words ("... not played"
    for a day with no daily game recorded)."""
    result = store.daily_results(rules_name).get(day)
    game = _(variant(rules_name).title)
    if result is None:
        return not_played_line(game, day)
    return share_line(game, day, result.won, result.moves, result.par, result.seconds)


def cmd_stats(args: argparse.Namespace) -> int:
    store = Store(wait=COMMAND_WAIT, command_line=True)
    if not store.readable:  # no figures, export or import, rather than none unsaid
        for notice in store.take_notices():
            print(f"eightoff: {notice}", file=sys.stderr)
        return 2
    try:
        for target in ("csv", "chart", "export"):
            check_target(store, getattr(args, target, None), f"--{target}")
        if getattr(args, "import_file", None) is not None:
            return import_games(store, args.import_file)
        if getattr(args, "export", None) is not None:
            return export_games(store, args.export, args.rules)
    except CommandError as error:
        print(f"eightoff: {error}", file=sys.stderr)
        return 2
    overview = store.overview(deal_grade, args.rules)
    for notice in store.take_notices():
        print(f"eightoff: {notice}", file=sys.stderr)
    if store.read_failed:  # said: no figures rather than a player's figures of none
        return 2
    figures = everything(overview.summaries, VARIANTS, GRADES, overview.together)
    shown = [each for key, each in figures.items()
             if key is not None and each.statistics.played and args.rules in (None, key)]
    if args.rules is not None and not shown:
        shown = [Figures(args.rules, Statistics(args.rules))]
    recent = overview.recent[:RECENT_GAMES]
    try:
        if getattr(args, "csv", None):
            write_csv(args.csv, store.each_game(args.rules))
        if getattr(args, "chart", None):
            played = game_played(args.rules, store.load_preferences())
            write_chart(args, figures.get(played) or Figures(played, Statistics(played)), figures[None])
    except CommandError as error:
        print(f"eightoff: {error}", file=sys.stderr)
        return 2
    if getattr(args, "csv", None) or getattr(args, "chart", None):
        return 0
    if args.json:
        document = {
            "statistics": {each.key: each.statistics.to_json() for each in shown},
            "charts": {each.key: chart_json(each) for each in shown},
            **({"all_games": {"statistics": figures[None].statistics.to_json(),
                              "charts": chart_json(figures[None])}} if args.rules is None else {}),
            "recent_games": [msgspec.to_builtins(game) for game in recent],
            "skipped_lines": overview.skipped,
        }
        text = json.dumps(document, indent=2)
        print(text[:text.rindex("}")].rstrip() + ',\n  "personal_bests": [', end="")
        limit = None if getattr(args, "bests", None) == "all" else BESTS_SHOWN
        for index, best in enumerate(store.bests(args.rules, limit)):
            print(("," if index else "") + "\n    " + json.dumps(
                {"game": best.rules, "deal": best.deal, "moves": best.moves,
                 "seconds": round(best.seconds, 3), "wins": best.wins}), end="")
        print("\n  ]\n}")
    else:
        together = figures[None] if args.rules is None and len(shown) > 1 else None
        print(report(shown, recent, overview, grade_name, together), end="")
    return 0


def chart_json(figures: Figures) -> dict[str, Any]:
    """The charted figures under English keys (documented in the README)."""
    return {
        "rolling_win_rate": [round(value, 4) for value in figures.rolling],
        "winning_time_bins": list(figures.time_bins),
        "best_times": [{"seconds": best.seconds, "moves": best.moves, "deal": best.deal, "rules": best.key}
                       for best in figures.best],
        "by_grade": [msgspec.structs.asdict(grade) for grade in figures.by_grade],
        "implausible_wins": figures.implausible,
    }


def write_chart(args: argparse.Namespace, figures: Figures, together: Figures) -> None:
    """The dialog's charts of the game being played (`--rules`, else the last game played) as a
    PNG, with all games' win rate beside the game's when another game was played, as in the
    dialog."""
    draw: DrawCharts | None = getattr(args, "draw_charts", None)
    if draw is None:
        raise CommandError(_("--chart needs pygame, which is not installed"))
    others = any(each.key != figures.key for each in together.games)
    try:
        draw(Path(args.chart), figures, together if others else None)
    except (OSError, ValueError) as error:
        raise CommandError(_("cannot write the chart to {path}: {reason}").format(
            path=args.chart, reason=system_reason(error))) from None


def check_target(store: Store, target: str | None, option: str) -> None:
    """CommandError for an output that is no file name, or is one of the player's files or
    folders, whatever its name (a hard link, a bind mount, `/proc/self/fd/N`, or stdout sent
    into one with `>>`)."""
    if target is None:
        return
    if not target.strip():
        raise CommandError(_("{option} needs a file name").format(option=option))
    try:
        written: str | int = sys.stdout.fileno() if target == "-" else target
    except (OSError, ValueError):  # no descriptor behind stdout (a test's capture): nothing to check
        return
    owner = owner_of(written, store.own_files())
    if owner is None:
        return
    named = _("the standard output") if target == "-" else shown(target)
    if os.path.isdir(owner):
        raise CommandError(_("{path} is in the folder where Eight Off keeps your games ({folder}); "
                             "choose a file elsewhere").format(path=named, folder=shown(owner)))
    raise CommandError(_("{path} is {file}, one of the files where Eight Off keeps your games; choose a "
                         "file elsewhere").format(path=named, file=shown(owner)))


def export_games(store: Store, target: str, rules: str | None) -> int:
    """`--export`: every game as a JSON line, streamed ('-': stdout)."""
    try:
        if target == "-":
            count = store.export_games(sys.stdout.buffer, rules)
            sys.stdout.flush()
        else:
            with open(target, "wb") as file:
                count = store.export_games(file, rules)
    except BrokenPipeError:
        raise  # a reader that stopped early (`| head`): the command line ends quietly
    except OSError as error:
        raise CommandError(_("cannot write {path}: {reason}").format(
            path=shown(target), reason=system_reason(error))) from None
    for notice in store.take_notices():
        print(f"eightoff: {notice}", file=sys.stderr)
    print(ngettext("{count} game written to {path}", "{count} games written to {path}", count).format(
        count=decimal(count), path=shown(target)), file=sys.stderr)
    return 2 if store.read_failed else 0


def import_games(store: Store, source: str) -> int:
    """`--import`: the games of a file of JSON lines, each id once: a file, a pipe, or the
    standard input ('-', or /dev/stdin); a folder, or a device that is not a terminal, is
    refused. A UTF-8 byte order mark before the first line, as some editors write, is passed
    over. A file in which no line is a game (a database, an archive) is refused in one line."""
    named = _("the standard input") if source == "-" else shown(source)
    with opened_input(source, named) as file:
        try:
            start = file.peek(len(BOM) + 16)
            if start.startswith(BOM):
                file.read(len(BOM))
            kind = kind_of_start(start.removeprefix(BOM))
            if kind is not None:
                raise CommandError(_("cannot import {path}: {reason}").format(path=named, reason=kind))
            result = store.import_games(file)
        except OSError as error:  # the file's own read (a device's file, such as /proc/self/mem)
            raise CommandError(_("cannot read {path}: {reason}").format(
                path=named, reason=system_reason(error))) from None
    for notice in store.take_notices():
        print(f"eightoff: {notice}", file=sys.stderr)
    if result is None:
        return 1
    if result.unreadable and not result.games_found:
        raise CommandError(ngettext(
            "cannot import {path}: its {count} line is not a finished game as eightoff stats --export "
            "writes them; nothing was added",
            "cannot import {path}: none of its {count} lines is a finished game as eightoff stats --export "
            "writes them; nothing was added", result.unreadable).format(path=named,
                                                                        count=decimal(result.unreadable)))
    left = [words.format(count=decimal(count)) for count, words in (
        (result.unreadable, ngettext("{count} line that could not be read",
                                     "{count} lines that could not be read", result.unreadable)),
        (result.newer, ngettext("{count} game of a newer version", "{count} games of a newer version",
                                result.newer)),
        (result.future, ngettext("{count} game dated in the future", "{count} games dated in the future",
                                 result.future)),
        (result.twice, ngettext("{count} game already recorded", "{count} games already recorded",
                                result.twice)),
    ) if count]
    added = ngettext("{count} game added", "{count} games added", result.added)
    print(added.format(count=decimal(result.added))
          + ("; " + _("skipped: {what}").format(what=", ".join(left)) if left else ""))
    return 0


@contextlib.contextmanager
def opened_input(source: str, named: str) -> Iterator[io.BufferedReader[io.FileIO]]:
    """The file `--import` reads, buffered ('-': the standard input); CommandError for one
    that cannot be opened or is of a kind not read (a folder; a device other than a terminal,
    such as /dev/zero, which never ends; /dev/null is read as empty). Links are followed: the
    player named the file. A pipe is read through the standard input (`-`, /dev/stdin); one
    named in the file system is refused, as it would wait for ever for a writer that may never
    come."""
    if source != "-" and is_named_pipe(source):
        raise CommandError(_("cannot read {path}: it is a named pipe, which may never be written; to read "
                             "it, give it as the standard input: eightoff stats --import - < {path}").format(
            path=named))
    try:
        descriptor = os.dup(sys.stdin.fileno()) if source == "-" else os.open(source, INPUT_FLAGS)
    except (OSError, ValueError, AttributeError) as error:  # AttributeError: no standard input at all
        raise CommandError(_("cannot read {path}: {reason}").format(
            path=named, reason=system_reason(error))) from None
    try:
        mode = os.fstat(descriptor).st_mode
        endless = stat.S_ISCHR(mode) and not os.isatty(descriptor) and not os.path.samestat(
            os.fstat(descriptor), os.stat(os.devnull))
        kind = kind_of(mode) if endless or not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or
                                                 stat.S_ISCHR(mode)) else None
        if kind is not None:
            raise CommandError(_("cannot read {path}: {reason}").format(path=named, reason=kind))
    except BaseException:
        os.close(descriptor)
        raise
    with io.BufferedReader(io.FileIO(descriptor, "rb"), buffer_size=1 << 16) as file:
        yield file


def write_csv(target: str, games: Iterable[FinishedGame]) -> None:
    """Every recorded game as a row, oldest first ('-': stdout), streamed."""
    try:
        if target == "-":
            _rows(sys.stdout, games, deal_grade)
            return
        with open(target, "w", newline="", encoding="utf-8") as file:
            _rows(file, games, deal_grade)
    except BrokenPipeError:
        raise  # a reader that stopped early (`| head`): the command line ends quietly
    except OSError as error:
        raise CommandError(_("cannot write {path}: {reason}").format(
            path=target, reason=system_reason(error))) from None


def _rows(file: IO[str], games: Iterable[FinishedGame], grade_of: GradeOf | None) -> None:
    writer = csv.writer(file)
    writer.writerow(CSV_COLUMNS)
    for game in games:
        grade: str | None = game.grade
        if grade is None and grade_of is not None and game.deal is not None:
            grade = grade_of(game.rules, game.deal)  # a game recorded before grades were
        writer.writerow((game.finished.isoformat(timespec="seconds"), game.rules,
                         "" if game.deal is None else game.deal, game.outcome.value, game.moves,
                         round(game.seconds, 1), int(game.hints_used), int(game.takeback),
                         grade or "", game.id, "" if game.daily is None else game.daily.isoformat(),
                         "" if game.par is None else game.par))


def report(statistics: list[Figures], recent: list[FinishedGame], overview: Overview | None = None,
           grade_name: Callable[[str], str] = str, together: Figures | None = None) -> str:
    skipped = overview.skipped if overview is not None else 0
    note = ngettext("({count} line of the record could not be read and is not counted.)\n",
                    "({count} lines of the record could not be read and are not counted.)\n",
                    skipped).format(count=decimal(skipped)) if skipped else ""
    if not any(figures.statistics.played for figures in statistics):
        return _("No finished games yet.\n") + note
    blocks = [_block(title(figures.key), describe(figures, grade_name)) for figures in statistics]
    if together is not None:
        blocks.append(_block(title(None), [*game_rows(together), *describe(together, grade_name)]))
    if recent:
        blocks.append(_("Recent games\n") + "".join(f"  {line(game)}\n" for game in recent))
    return "\n".join(blocks) + note


def _block(heading: str, lines: list[str]) -> str:
    return "".join(f"{text}\n" for text in [heading, *("  " + line for line in lines)])


def line(game: FinishedGame) -> str:
    when = local_time(game.finished).strftime("%Y-%m-%d %H:%M")
    which = which_deal(game.deal)
    marks = "".join(
        f", {mark}" for mark, used in ((_("hints"), game.hints_used), (_("takeback"), game.takeback)) if used
    )
    return (
        f"{when}  {title(game.rules)}, {which}: {_(OUTCOME_WORDS[game.outcome.value])}, "
        f"{moves_words(game.moves)}, {duration(game.seconds)}{marks}"
    )
