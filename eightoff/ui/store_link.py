"""Keeps the store in step with the window: what game the window opens on, the unfinished game
saved after every move, each game's result logged when it ends, preferences and window geometry
saved, and the store's notices shown in the status line.

Counting rules (see eightoff/store/statistics.py): a game counts once a move is made; a won
game is logged when it is won; a started game left for another (New, Restart, Deal, a replayed
recent game) is logged as lost. A game asked for on the command line (`--deal`, `--rules`) does
not resume the unfinished game, but leaves it in its file until the new game's first move: only
then is it left for another game, and logged as lost. Quitting before that move keeps it.
"""

from __future__ import annotations

import argparse
import contextlib
import warnings
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from eightoff.core.deals import random_deal_number
from eightoff.core.game import Game, Step
from eightoff.core.variants import PRESETS, preset
from eightoff.store.preferences import Preferences
from eightoff.store.saved_game import SavedGame
from eightoff.store.store import Store
from eightoff.ui.scene import Change, Scene
from eightoff.ui.status import GameClock

if TYPE_CHECKING:
    from eightoff.ui.app import App

CHOSEN_IN_PREFERENCES = {"standard", "easy"}
"""Rules the Preferences dialog picks (easy mode on or off); others come from `--rules`."""


@dataclass
class Opening:
    """What the window opens on, decided before it exists."""

    preferences: Preferences
    game: Game
    resumed: SavedGame | None
    """The unfinished game the window resumes (its clock and hints flag go to the table)."""
    set_aside: SavedGame | None
    """The unfinished game a command-line game replaces once that game's first move is made."""


def opening(store: Store, args: argparse.Namespace) -> Opening:
    preferences = store.load_preferences()
    saved = store.load_unfinished()
    if saved is not None and saved.game.is_won:  # written by a copy killed as it won: nothing to resume
        saved = None
    if saved is not None and args.deal is None and args.rules is None:
        return Opening(preferences, saved.game, saved, None)
    return Opening(preferences, first_game(args, preferences), None, saved)


def first_game(args: argparse.Namespace, preferences: Preferences) -> Game:
    """A fresh game: the command line's deal and rules, else a random deal under the rules the
    Preferences choose (or the last rules played, for a variant the Preferences cannot choose)."""
    name = args.rules or preferences.rules_name
    if args.rules is None and preferences.last_rules in PRESETS.keys() - CHOSEN_IN_PREFERENCES:
        name = preferences.last_rules
    number = args.deal if args.deal is not None else random_deal_number()
    return Game.new(number, preset(name, preferences.takeback))


class StoreLink:
    """Listens to the window's changes and makes the matching store calls."""

    def __init__(self, app: App, store: Store, start: Opening) -> None:
        self.app = app
        self.store = store
        self.set_aside = start.set_aside
        table = app.table
        if start.resumed is not None:
            table.clock = GameClock(start.resumed.elapsed)
            table.hints_used = start.resumed.hints_used
        self.game = table.game
        self.clock = table.clock
        """The current game's clock: the table replaces its clock before telling of a new game,
        and the game left behind is logged with the time on its own clock."""
        self.hints_used = False
        self.solver_finished = False
        self.logged = False
        """Whether the current game's result is in the log (it was won)."""
        self.remember_flags()
        app.listeners.append(self.changed)
        app.preferences_listeners.append(self.preferences_changed)
        app.statistics_dialog = self.statistics_dialog
        self.apply_window_position(start.preferences.window_position)
        self.show_notices()

    # ----- the game's changes ------------------------------------------------------------------

    def changed(self, change: Change, game: Game, step: Step | None) -> None:
        if change in (Change.NEW, Change.RESTART):
            self.leave()
            self.game, self.clock, self.logged = game, self.app.table.clock, False
            self.hints_used = False
            self.remember_flags()
            if change is Change.NEW:
                self.app.preferences.last_rules = game.rules.name
        elif change is Change.WON:
            self.remember_flags()
            if not self.logged:
                self.store.record_result(game, True, self.elapsed(), self.hints_used, self.solver_finished)
                self.store.clear_unfinished()
                self.logged = True
        else:
            self.remember_flags()
            self.save_game()
        self.show_notices()

    def remember_flags(self) -> None:
        """Read the table's flags while they still describe this game (a new game resets them)."""
        table = self.app.table
        self.hints_used = self.hints_used or bool(getattr(table, "hints_used", False))
        self.solver_finished = bool(getattr(table, "solver_finished", False))

    def elapsed(self) -> float:
        return self.clock.seconds(self.app.now())

    def save_game(self) -> None:
        """Save the current game as the unfinished one, if it is: started, not yet logged, and
        not waiting for its first move to replace another."""
        game = self.game
        if self.logged or not game.has_started:
            return
        if self.set_aside is not None:
            if not game.has_started:
                return
            old = self.set_aside
            self.store.record_result(old.game, False, old.elapsed, old.hints_used)
            self.set_aside = None
        self.store.save_unfinished(game, self.elapsed(), self.hints_used)

    def leave(self) -> None:
        """The current game is being replaced: a started game not yet logged is lost."""
        if self.logged or not self.game.has_started:
            return
        self.store.record_result(self.game, False, self.elapsed(), self.hints_used, self.solver_finished)
        self.store.clear_unfinished()
        self.logged = True

    # ----- preferences and the window --------------------------------------------------------

    def preferences_changed(self, preferences: Preferences) -> None:
        self.save_preferences()
        self.show_notices()

    def save_preferences(self) -> None:
        self.store.save_preferences(replace(self.app.preferences, window_size=self.app.size,
                                            window_position=self.window_position()))

    def window_position(self) -> tuple[int, int] | None:
        with warnings.catch_warnings(), contextlib.suppress(self.app.pygame.error):
            warnings.simplefilter("ignore", DeprecationWarning)
            x, y = self.app.pygame.Window.from_display_module().position
            return (x, y)
        return None

    def apply_window_position(self, position: tuple[int, int] | None) -> None:
        """Put the window where it was, unless that is off every screen now (a monitor gone)."""
        if position is None or not self.on_a_screen(position):
            return
        with warnings.catch_warnings(), contextlib.suppress(self.app.pygame.error):
            warnings.simplefilter("ignore", DeprecationWarning)
            self.app.pygame.Window.from_display_module().position = position

    def on_a_screen(self, position: tuple[int, int]) -> bool:
        sizes = self.app.pygame.display.get_desktop_sizes()
        width = sum(size[0] for size in sizes)
        height = max((size[1] for size in sizes), default=0)
        return -self.app.size[0] // 2 < position[0] < width - 100 and 0 <= position[1] < height - 100

    def close(self) -> None:
        """The window is closing: keep the game for next time, and where the window was."""
        if not self.game.is_won:
            self.remember_flags()
            self.save_game()
        self.save_preferences()

    # ----- the player's view ------------------------------------------------------------------

    def show_notices(self) -> None:
        notices = self.store.take_notices()
        if notices:
            self.app.notify("  ·  ".join(notices))

    def statistics_dialog(self) -> Scene:
        from eightoff.ui.stats_dialog import StatisticsDialog

        return StatisticsDialog(self.app, self.store, self.play_again, self.show_notices)

    def play_again(self, game: Game) -> None:
        self.app.table.replace_game(game, Change.NEW)
