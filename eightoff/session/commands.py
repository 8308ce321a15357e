"""Every player action, listed once: its name, label, keys and when it is enabled.

The toolbar, the keyboard, the Game menu and Help all read `COMMANDS`; the front end runs a
command by looking its value up in its own table of handlers (`Command` values are hashable),
never by building a method name from it. So a new command is added here and handled there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from eightoff.core.i18n import N_, pgettext

if TYPE_CHECKING:
    from eightoff.session.session import Session


class Command(msgspec.Struct, frozen=True):
    name: str
    label: str
    """Marked with `N_`; translate where shown."""
    keys: tuple[str, ...]
    """Key names as Help shows them and the front end matches them: "Ctrl+Z", "F2", "H"."""
    toolbar: bool
    enabled: Callable[[Session], bool]
    leaves_game: bool = False
    """Running it leaves the game in progress (counted as lost): the player is asked first."""


def key_words(key: str) -> str:
    """A key name as the player reads it: "Ctrl+Shift+Z" in English, "Ctrl+Maiusc+Z" in
    Italian, so that Help's list of shortcuts names the keys as its sentences do."""
    return "+".join(_KEY_WORDS[part]() if part in _KEY_WORDS else part for part in key.split("+"))


_KEY_WORDS: dict[str, Callable[[], str]] = {
    # TRANSLATORS: the name of the Ctrl key as printed on the player's keyboard.
    "Ctrl": lambda: pgettext("key", "Ctrl"),
    # TRANSLATORS: the name of the Shift key as printed on the player's keyboard.
    "Shift": lambda: pgettext("key", "Shift"),
}


def _always(session: Session) -> bool:
    return True


def _playing(session: Session) -> bool:
    return not session.over


def _solver(session: Session) -> bool:
    return session.advice.available and not session.over


NEW = Command("new", N_("New"), ("F2", "Ctrl+N"), True, _always, leaves_game=True)
GAME = Command("game", N_("Game…"), ("Ctrl+G",), True, _always)
DEAL = Command("deal", N_("Deal…"), ("Ctrl+D",), True, _always, leaves_game=True)
DAILY = Command("daily", N_("Daily"), ("Ctrl+T",), True,
                lambda s: s.daily.offers(s.game.rules.name) and not s.daily.is_today(s.facts),
                leaves_game=True)
RESTART = Command("restart", N_("Restart"), ("Ctrl+R",), True, lambda s: s.game.has_started, leaves_game=True)
UNDO = Command("undo", N_("Undo"), ("Ctrl+Z",), True, lambda s: s.game.can_undo and not s.over)
REDO = Command("redo", N_("Redo"), ("Ctrl+Y", "Ctrl+Shift+Z"), True, lambda s: s.game.can_redo and not s.over)
HINT = Command("hint", N_("Hint"), ("H", "Ctrl+H"), True, _solver)
SOLVE = Command("solve", N_("Solve"), ("F9",), True, _solver)
PAUSE = Command("pause", N_("Pause"), ("P",), True, _playing)
"""Stops the clock and hides the cards until the player comes back."""
PREFERENCES = Command("preferences", N_("Preferences"), ("Ctrl+P",), True, _always)
STATISTICS = Command("statistics", N_("Statistics"), ("Ctrl+S",), True, _always)
HELP = Command("help", N_("Help"), ("F1",), True, _always)
FULLSCREEN = Command("fullscreen", N_("Full screen"), ("F11",), True, _always)
QUIT = Command("quit", N_("Quit"), ("Ctrl+Q",), True, _always)
FINISH = Command("finish", N_("Send every card home"), ("Ctrl+F",), False, _playing)
MESSAGES = Command("messages", N_("Messages"), ("Ctrl+M",), False, _always)

COMMANDS: tuple[Command, ...] = (
    NEW, GAME, DEAL, DAILY, RESTART, UNDO, REDO, HINT, SOLVE, PAUSE, PREFERENCES, STATISTICS, HELP,
    FULLSCREEN, QUIT, FINISH, MESSAGES,
)
BY_NAME: dict[str, Command] = {command.name: command for command in COMMANDS}


def command(name: str) -> Command:
    return BY_NAME[name]
