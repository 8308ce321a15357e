"""The statistics as the window shows them: the session's statistics port and its own types.

The store logs and sums the finished games and words their figures (the same words `eightoff
stats` prints). This module turns them into what the Statistics dialog draws, in types of its
own: lines of text, the charts' figures (`Chart`), the recent games' rows (`RecentGame`) and
the daily deals' days won and lost with their streaks (`DailyRecord`).
So the window holds no keeper, no store and none of the store's types; it asks the port
(`StatisticsPort`, the session's `Records`) and draws the answer. Imported when the player
first asks for the statistics, not at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Protocol

import msgspec

from eightoff.core import deals
from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.notation import parse_board
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import VARIANTS, variant
from eightoff.session.figure_words import (
    count_line,
    describe,
    duration,
    game_rows,
    implausible_line,
    moves_words,
    outcome_word,
    streak_lines,
    title,
    which_deal,
)
from eightoff.session.figures import ROLLING, Figures, everything
from eightoff.session.grading import deal_grade, grade_name
from eightoff.session.keeper import not_kept
from eightoff.solver.grade import GRADES
from eightoff.store.clock import local_time
from eightoff.store.daily_records import streaks
from eightoff.store.schema import FinishedGame
from eightoff.store.statistics import TIME_EDGES, Statistics

if TYPE_CHECKING:
    from eightoff.session.keeper import Keeper


class Chart(msgspec.Struct, frozen=True):
    """What the two charts draw for one game, or for all games together."""

    name: str
    """The game's title ("All games" for all), in the player's language."""
    counts: str
    """Its counts in words ("played 3, won 2, …"), with the wins too absurd to chart."""
    played: int
    """Its finished games."""
    rolling: tuple[float, ...]
    """The share (0-1) of wins in the `window` games up to each of the last games, oldest first."""
    traced: int
    """How many games `rolling` covers."""
    window: int
    """How many games each point of `rolling` is the share of."""
    time_bins: tuple[int, ...]
    """Wins per bin of winning time; the last bin holds those over the last edge."""
    time_edges: tuple[int, ...]
    """The bins' upper edges, in seconds."""


class RecentGame(msgspec.Struct, frozen=True):
    """A finished game as the Recent games page lists it, with what dealing it again needs."""

    key: str
    """Its variant's key (one this version may not have)."""
    row: str
    """Its row's words: when, which game and deal, the outcome, moves, time, hints."""
    game_id: str | None
    problem: str | None
    """Why this version cannot deal it again (None: it can)."""
    rules: Rules | None = None
    """The rules it was played with (None when `problem` says why not)."""
    start: Position | None = None
    deal: int | None = None

    def again(self) -> Game:
        """Its deal from the start, under its rules, as a new game. ValueError with the
        reason for one this version cannot deal."""
        if self.rules is None or self.start is None:
            raise ValueError(self.problem or "")
        return Game(self.rules, self.start, self.deal)


class StatisticsPage(msgspec.Struct, frozen=True):
    """Everything the Statistics dialog shows of one game."""

    name: str
    """The game's title, in the player's language."""
    played: int
    """Its finished games (what Reset forgets)."""
    lines: list[str]
    """Its figures in words, then all games' when another game has been played."""
    chart: Chart
    together: Chart | None
    """All games' win rate beside the game's, when another game has been played."""
    recent: list[RecentGame]
    """Newest first."""


class DailyRecord(msgspec.Struct, frozen=True):
    """The Statistics dialog's Daily view of one game."""

    name: str
    """The game's title, in the player's language."""
    won: frozenset[date]
    """The days whose daily deal was won (by any of that day's games)."""
    lost: frozenset[date]
    """The days whose daily deal was played and not won."""
    current: int
    """Days won one after another up to today (or yesterday, while today's is still to play)."""
    longest: int


class StatisticsPort(Protocol):
    """What the Statistics dialog asks of the session."""

    def page(self, key: str) -> StatisticsPage: ...

    def daily(self, key: str, today: date) -> DailyRecord: ...

    def reset(self, key: str) -> None: ...

    def watch_problem(self, game: RecentGame) -> str | None: ...


class Records:
    """The session's statistics port: the keeper's figures and games in the window's types.
    Each call hands the store's notices (a log it could not read or rewrite) to the front end."""

    def __init__(self, keeper: Keeper, tell: Callable[[], None]) -> None:
        self._keeper = keeper
        self._tell = tell

    def page(self, key: str) -> StatisticsPage:
        """From the store's summary, so the dialog opens at once at any size of log."""
        overview = self._keeper.overview(deal_grade)
        self._tell()
        figures = everything(overview.summaries, VARIANTS, GRADES, overview.together)
        mine = figures.get(key) or Figures(key, Statistics(key))
        lines = describe(mine, grade_name) if mine.statistics.played else [_("No finished games yet.")]
        together = figures[None]
        others = len(together.games) > 1 or (bool(together.games) and together.games[0].key != key)
        if others:
            lines += ["", title(None), *game_rows(together), *streak_lines(together.statistics)]
        return StatisticsPage(title(key), mine.statistics.played, lines, chart_of(mine),
                              chart_of(together) if others else None,
                              [recent_game(game) for game in overview.recent])

    def daily(self, key: str, today: date) -> DailyRecord:
        """Each day's daily result of game `key`, and the streaks of daily wins up to `today`."""
        days = self._keeper.daily_results(key)
        self._tell()
        current, longest = streaks(days, today)
        return DailyRecord(title(key), frozenset(day for day, result in days.items() if result.won),
                           frozenset(day for day, result in days.items() if not result.won), current, longest)

    def reset(self, key: str) -> None:
        """Forget game `key`'s finished games now; one the database refuses (another program
        holding it past the command line's wait, a full disk) is said in the notices handed on
        here, and the dialog then shows the figures as they stay."""
        self._keeper.reset_statistics(key)
        self._tell()

    def watch_problem(self, game: RecentGame) -> str | None:
        """Why the game cannot be watched again (its moves are not kept: only the newest few
        hundred are), or None when it can."""
        kept = self._keeper.finished_moves(game.game_id) is not None
        self._tell()
        return None if kept else not_kept()


def chart_of(figures: Figures) -> Chart:
    """The charts' figures of one game or of all (`eightoff stats --chart` draws them too)."""
    counts = count_line(figures.statistics)
    if figures.implausible:
        counts += "; " + implausible_line(figures.implausible)
    return Chart(title(figures.key), counts, figures.statistics.played, figures.rolling, figures.traced,
                 ROLLING, figures.time_bins, TIME_EDGES)


def recent_game(game: FinishedGame) -> RecentGame:
    """A recorded game as the Recent games page lists it, dealt again once here (a game of a
    newer version, or a board that does not parse, gets the reason instead)."""
    try:
        dealt: Game | None = replay(game)
        problem = None
    except (ValueError, KeyError) as error:
        dealt, problem = None, replay_problem(game, error)
    return RecentGame(game.rules, row_words(game), game.id, problem,
                      dealt.rules if dealt else None, dealt.start if dealt else None, game.deal)


def replay(game: FinishedGame) -> Game:
    """The same deal under the same rules and options, from the beginning. ValueError (or
    KeyError) for a game or an option this program does not have (a newer version's)."""
    rules = rules_of(game)
    if game.deal is not None:
        return Game(rules, deals.deal(game.deal, rules), game.deal)
    assert game.start is not None
    return Game(rules, parse_board(game.start, rules))


def rules_of(game: FinishedGame) -> Rules:
    """The rules with the options the game was played with (ValueError: an option or a game
    this program does not have)."""
    kind = variant(game.rules)
    on = set(filter(None, game.options.split(",")))
    return kind.configure_exactly({**{option.key: False for option in kind.options},
                                   **dict.fromkeys(sorted(on), True)})


def replay_problem(game: FinishedGame, error: Exception) -> str:
    """Why `replay` refused `game`, for the player."""
    if game.rules not in VARIANTS:
        return _("it is a game this version of Eight Off does not have ({game})").format(game=game.rules)
    try:
        rules_of(game)
    except ValueError as unknown:  # a rule option a newer version has
        return str(unknown)
    return _("its starting board cannot be read: {detail}").format(detail=error)


def row_words(game: FinishedGame) -> str:
    """A recent game's row: when (no month names: any language reads it), the game and deal,
    the outcome, moves, time, and whether hints were used."""
    when = local_time(game.finished).strftime("%Y-%m-%d %H:%M")
    marks = "  " + _("(hints)") if game.hints_used else ""
    return (f"{when}   {title(game.rules)}, {which_deal(game.deal)}   {outcome_word(game.outcome)}   "
            f"{moves_words(game.moves)}   {duration(game.seconds)}{marks}")

