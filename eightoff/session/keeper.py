"""The session's keeper: its glue to the store, so that nothing a player does loses a game.

The keeper decides what the window opens on, saves the game after every step (a freshly dealt
one too: a deal chosen by number stays that game's unfinished game until it is played or left),
records each outcome at the moment the session decides it, keeps one unfinished game per
variant for the Game chooser to resume, and hands the store's notices on.

The longer reasons: docs/notes.md, `eightoff.session.keeper`."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

import msgspec

from eightoff.core.deals import random_deal_number
from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.outcome import Outcome
from eightoff.core.preferences import Preferences
from eightoff.core.variants import DEFAULT_KEY, PRESETS, VARIANTS
from eightoff.session.grading import shipped_winnable_deal
from eightoff.session.played import daily_game, game_played
from eightoff.solver.daily import daily_deal
from eightoff.store.saved_game import SavedGame
from eightoff.store.store import KEPT_MOVES, Store

if TYPE_CHECKING:
    from pathlib import Path

    from eightoff.session.facts import DealFacts
    from eightoff.store.daily_records import DayResult
    from eightoff.store.games import Best, GradeOf
    from eightoff.store.store import Overview


class Opening(msgspec.Struct, frozen=True):
    """What the window opens on, decided before it exists."""

    preferences: Preferences
    game: Game
    resumed: SavedGame | None
    """The unfinished game resumed (its clock and hints flag go to the session)."""
    set_aside: SavedGame | None
    """The unfinished game a command-line game replaces once that game's first move is made."""
    daily: date | None = None
    """The day whose daily deal the game is (None: not a daily deal)."""
    par: int | None = None
    """The deal's par, where it is known before the solver is asked."""


def fresh_game(preferences: Preferences, key: str, number: int | None = None,
               choices: Mapping[str, bool] | None = None) -> Game:
    """A new game of variant `key`, with its rule options as the preferences hold them for it
    (or `choices`): deal `number`, else a random one (of the wanted grades, with "winnable deals
    only" and a shipped list for the game)."""
    if number is None:
        number = shipped_winnable_deal(preferences, key) or random_deal_number()
    wanted = {**preferences.rule_options(key), **(choices or {})}
    return Game.new(number, VARIANTS[key].configure(wanted))


def not_kept() -> str:
    """What the player is told when a logged game's moves are not kept to watch it again (an
    imported game's never are, however recent)."""
    return _("The moves of that game are not kept (only those of the last {count} games finished in "
             "this program are; an imported game has none)").format(count=KEPT_MOVES)


class Keeper:
    """Keeps the store in step with the session's game. The session calls it; nothing else does."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.set_aside: dict[str, SavedGame] = {}
        """Per variant, the unfinished game a game that came from elsewhere (the command line,
        a logged game dealt again) replaces once that game's first move is made."""
        self.unknown = ""
        """What the player is told once when the last game played is of a game this version
        does not know (its unfinished game stays in the store, untouched, under its key)."""

    # ----- opening --------------------------------------------------------------------------

    def open(self, key: str | None = None, deal: int | None = None,
             choices: Mapping[str, bool] | None = None, daily: date | None = None) -> Opening:
        """The last variant played (or `key`) and its unfinished game, unless a deal is asked
        for, or the daily deal of the day `daily` (of the default game where this one has
        none), which resumes where it was left if it is that variant's unfinished game. The
        store's instance lock is taken first: a second window plays without touching the first
        one's game."""
        self.store.acquire_instance()
        preferences = self.store.load_preferences()
        if key is None and preferences.last_rules not in VARIANTS:
            self.unknown = _("Your last game was of a game this version does not know ({game}): it is "
                             "kept for the version that knows it, and {default} opens instead.").format(
                game=preferences.last_rules, default=_(VARIANTS[DEFAULT_KEY].title))
        key = game_played(key, preferences) if daily is None else daily_game(key, preferences)
        saved = self.store.load_unfinished(key)
        if saved is not None and saved.game.is_won:  # written by a copy killed as it won
            saved = None
        chosen = daily_deal(key, daily) if daily is not None else None
        if chosen is not None:
            if saved is not None and saved.daily == daily and saved.game.deal_number == chosen.number:
                return Opening(preferences, saved.game, saved, None, saved.daily, saved.par)
            if saved is not None:
                self.set_aside[key] = saved
            return Opening(preferences, Game.new(chosen.number, PRESETS[key]), None, saved, daily, chosen.par)
        if saved is not None and deal is None and not choices:
            return Opening(preferences, saved.game, saved, None, saved.daily, saved.par)
        if saved is not None:
            self.set_aside[key] = saved
        return Opening(preferences, fresh_game(preferences, key, deal, choices), None, saved)

    # ----- the game's life ------------------------------------------------------------------

    def save(self, game: Game, seconds: float, hints_used: bool, facts: DealFacts | None = None,
             helped: bool = False) -> None:
        """Save `game` as its variant's unfinished game, with its deal's facts and whether the
        solver played (`helped`). The first move of a command-line game leaves the unfinished
        game it replaced: that one is recorded as lost then."""
        key = game.rules.name
        old = self.set_aside.get(key)
        if game.has_started and old is not None:
            self.store.record_outcome(old.game, Outcome.LOST, old.elapsed, old.hints_used, old.game_id,
                                      daily=old.daily, par=old.par, grade=old.grade)
            del self.set_aside[key]
        elif old is not None:
            return  # the game that came in has no move yet: the old one stays in its file
        daily, par, grade = (facts.daily, facts.par, facts.grade) if facts is not None else (None, None, None)
        self.store.save_unfinished(game, seconds, hints_used, daily=daily, par=par, grade=grade,
                                   helped=helped)

    def record(self, game: Game, outcome: Outcome, seconds: float, hints_used: bool,
               facts: DealFacts | None = None) -> None:
        """The outcome, at the moment it is decided (in the transaction that clears its
        unfinished game), with its deal's facts: the day of its daily deal, its par and grade."""
        daily, par, grade = (facts.daily, facts.par, facts.grade) if facts is not None else (None, None, None)
        self.store.record_outcome(game, outcome, seconds, hints_used, daily=daily, par=par, grade=grade)

    def set_aside_unfinished(self, key: str) -> None:
        """A game of variant `key` comes in from elsewhere (a logged game dealt again): `key`'s
        unfinished game stays in its file until the new game's first move, which leaves it,
        lost, as with a game asked for on the command line."""
        saved = self.resume(key)
        if saved is not None:
            self.set_aside.setdefault(key, saved)

    def resume(self, key: str) -> SavedGame | None:
        """The unfinished game kept for variant `key` (None: none, or one already won)."""
        saved = self.store.load_unfinished(key)
        if saved is None or saved.game.is_won:
            return None
        return saved

    # ----- preferences and what to say ------------------------------------------------------

    def save_preferences(self, preferences: Preferences) -> None:
        self.store.save_preferences(preferences)

    def take_notices(self) -> list[str]:
        unknown, self.unknown = self.unknown, ""
        return [unknown, *self.store.take_notices()] if unknown else self.store.take_notices()

    def write_problem(self) -> str:
        """Why the player's files cannot be written now ("" when they can): shown until
        dismissed, and the write is tried again at every step and at quit."""
        return self.store.write_problem or ""

    def close(self) -> None:
        self.store.close()

    @property
    def cache_folder(self) -> Path:
        return self.store.cache_folder

    # ----- statistics, for the dialog ----------------------------------------------------------

    def overview(self, grade_of: GradeOf | None = None) -> Overview:
        """The figures and recent games; `grade_of` grades the games recorded without a grade."""
        return self.store.overview(grade_of)

    def reset_statistics(self, key: str) -> None:
        """Forget game `key`'s finished games; a refusal is the store's notice."""
        self.store.reset_statistics(key)

    def best(self, rules_name: str, deal: int) -> Best | None:
        """The player's best wins of deal `deal` of game `rules_name` (None: never won)."""
        return self.store.best(rules_name, deal)

    def daily_results(self, key: str) -> dict[date, DayResult]:
        """Each day's result of game `key`'s daily deals."""
        return self.store.daily_results(key)

    def finished_moves(self, game_id: str | None) -> Game | None:
        """A logged game as it was played, if its moves are kept (the newest few hundred)."""
        return self.store.finished_moves(game_id)
