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
from dataclasses import dataclass
from typing import TYPE_CHECKING

from eightoff.core.deals import random_deal_number
from eightoff.core.game import Game, Step
from eightoff.core.variants import VARIANTS
from eightoff.session.changes import Change
from eightoff.session.grading import shipped_winnable_deal
from eightoff.session.outcome import Outcome
from eightoff.store.preferences import Preferences
from eightoff.store.saved_game import SavedGame
from eightoff.store.store import Store
from eightoff.ui.layout import clamp_position
from eightoff.ui.scene import Scene
from eightoff.ui.stats_dialog import StatisticsDialog
from eightoff.ui.window_place import centred, remember, remembered_position, remembered_size

if TYPE_CHECKING:
    from eightoff.ui.app import App

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
    """The last variant played (or `--rules`) and its unfinished game, unless the command
    line asks for a deal."""
    preferences = store.load_preferences()
    key = args.rules or (preferences.last_rules if preferences.last_rules in VARIANTS else "standard")
    saved = store.load_unfinished(key)
    if saved is not None and saved.game.is_won:  # written by a copy killed as it won: nothing to resume
        saved = None
    if saved is not None and args.deal is None:
        return Opening(preferences, saved.game, saved, None)
    return Opening(preferences, first_game(args, preferences, key), None, saved)


def first_game(args: argparse.Namespace, preferences: Preferences, key: str) -> Game:
    """A fresh game of variant `key`: the command line's deal, else a random one (of the
    wanted grades, with "winnable deals only" and a shipped list for the game)."""
    number = args.deal
    if number is None:
        number = shipped_winnable_deal(preferences, key) or random_deal_number()
    return Game.new(number, VARIANTS[key].configure(preferences.rule_options()))


class StoreLink:
    """Listens to the session's changes and makes the matching store calls: the outcome at the
    moment it is decided, the unfinished game after every change."""

    def __init__(self, app: App, store: Store, start: Opening) -> None:
        self.app = app
        self.store = store
        self.session = app.session
        self.set_aside = start.set_aside
        if start.resumed is not None:
            self.session.restore(start.resumed.elapsed, start.resumed.hints_used)
        app.listeners.insert(0, self.changed)  # the store first: a kill after a move keeps it
        app.preferences_listeners.append(self.preferences_changed)
        app.statistics_dialog = self.statistics_dialog
        app.resume_variant = self.resume_variant
        self.apply_window_position(remembered_position(start.preferences, self.desktop()))
        self.show_notices()

    # ----- the game's changes ------------------------------------------------------------------

    def changed(self, change: Change, game: Game, step: Step | None) -> None:
        session = self.session
        if change in (Change.WON, Change.LOST):
            assert session.outcome is not None
            self.store.record_outcome(game, session.outcome, session.seconds(), session.hints_used)
            self.store.clear_unfinished(game.rules.name)
        elif change in (Change.NEW, Change.RESTART):
            self.app.preferences.last_rules = game.rules.name
        else:
            self.save_game()
        self.show_notices()

    def save_game(self) -> None:
        """Save the current game as its variant's unfinished one, if it is: started, not yet
        decided, and not waiting for its first move to replace another."""
        session, game = self.session, self.session.game
        if session.outcome is not None or not game.has_started:
            return
        if self.set_aside is not None and self.set_aside.game.rules.name == game.rules.name:
            old = self.set_aside
            self.store.record_outcome(old.game, Outcome.LOST, old.elapsed, old.hints_used, old.game_id)
        self.set_aside = None
        self.store.save_unfinished(game, session.seconds(), session.hints_used)

    def resume_variant(self, key: str) -> tuple[Game, float, bool] | None:
        """The unfinished game kept for variant `key` (the Game chooser switches to it)."""
        self.save_game()
        saved = self.store.load_unfinished(key)
        self.show_notices()
        if saved is None or saved.game.is_won:
            return None
        return saved.game, saved.elapsed, saved.hints_used

    # ----- preferences and the window --------------------------------------------------------

    def preferences_changed(self, preferences: Preferences) -> None:
        self.save_preferences()
        self.show_notices()

    def save_preferences(self) -> None:
        self.store.save_preferences(remember(self.app.preferences, self.desktop(), self.app.points(),
                                             self.window_position()))

    def desktop(self) -> tuple[int, int] | None:
        """The size of the screen the window opens on (the first), which its place is kept for."""
        sizes = self.app.pygame.display.get_desktop_sizes()
        return sizes[0] if sizes else None

    def window_position(self) -> tuple[int, int] | None:
        with contextlib.suppress(self.app.pygame.error):
            x, y = self.app.window.native.position
            return (x, y)
        return None

    def apply_window_position(self, position: tuple[int, int] | None) -> None:
        """Put the window where it was, unless that is off every screen now (a monitor gone).
        Positions, like the desktops' sizes, are in window units (points on a Retina Mac)."""
        sizes = self.app.pygame.display.get_desktop_sizes()
        first = self.desktop()
        wanted = remembered_size(self.app.preferences, first)
        refitted = any(abs(got - want) > 2 for got, want in zip(self.app.points(), wanted, strict=True))
        if first is not None and (position is None or refitted or not self.on_a_screen(position)):
            with contextlib.suppress(self.app.pygame.error):  # new here, or fitted smaller: centred
                self.app.window.native.position = centred(self.app.window.native.size, first)
            return
        if position is None or not self.on_a_screen(position):
            return
        desktop = (sum(size[0] for size in sizes), max(size[1] for size in sizes))
        position = clamp_position(position, self.app.window.native.size, desktop)
        with contextlib.suppress(self.app.pygame.error):
            self.app.window.native.position = position

    def on_a_screen(self, position: tuple[int, int]) -> bool:
        sizes = self.app.pygame.display.get_desktop_sizes()
        width = sum(size[0] for size in sizes)
        height = max((size[1] for size in sizes), default=0)
        half = self.app.window.native.size[0] // 2
        return -half < position[0] < width - 100 and 0 <= position[1] < height - 100

    def close(self) -> None:
        """The window is closing: keep the game for next time, and where the window was."""
        self.save_game()
        self.save_preferences()

    # ----- the player's view ------------------------------------------------------------------

    def show_notices(self) -> None:
        notices = self.store.take_notices()
        if notices:
            self.app.notify("  ·  ".join(notices))

    def statistics_dialog(self) -> Scene:

        return StatisticsDialog(self.app, self.store, self.play_again, self.show_notices)

    def play_again(self, game: Game) -> None:
        self.app.table.replace_game(game, Change.NEW)
