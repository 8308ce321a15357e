"""Every player action, listed once: its name, label, keys, and why it cannot run now.

The toolbar, the keyboard, the Game menu and Help all read `COMMANDS`; the front end runs a
command by looking its value up in its own table of handlers (`Command` values are hashable),
never by building a method name from it. So a new command is added here and handled there.
A command is enabled exactly when it has no refusal, so a greyed button and the words a press
of it gives never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from eightoff.core.i18n import N_, _, pgettext
from eightoff.core.variants import VARIANTS

if TYPE_CHECKING:
    from eightoff.session.session import Session


class Command(msgspec.Struct, frozen=True):
    name: str
    label: str
    """Marked with `N_`; translate where shown."""
    keys: tuple[str, ...]
    """Key names as Help shows them and the front end matches them: "Ctrl+Z", "F2", "H"."""
    toolbar: bool
    blocked: Callable[[Session], str | None] = lambda session: None
    """Why it cannot run now, besides the game being over, in the player's words (None: it
    can)."""
    in_play: bool = False
    """It is for a game in play: off once the game has its outcome."""
    leaves_game: bool = False
    """Running it leaves the game in progress (counted as lost): the player is asked first."""

    def refusal(self, session: Session) -> str | None:
        """Why it cannot run now (None: it can): said when it is pressed while off, so no key
        or greyed button does nothing silently."""
        if self.in_play and session.over:
            return _("This game is over: {command} is for a game in play").format(command=_(self.label))
        return self.blocked(session)

    def enabled(self, session: Session) -> bool:
        return self.refusal(session) is None


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


def _solver(session: Session) -> str | None:
    if session.advice.available:
        return None
    return _("Hint and Solve are off: the solver cannot run here ({messages}, {key}, says why)").format(
        messages=_(MESSAGES.label), key=key_words(MESSAGES.keys[0]))


def _daily(session: Session) -> str | None:
    """Why Daily deals nothing: the game has no daily list (where another game of the registry
    has one for it, the way there), today is outside its list, or today's is on the table."""
    key = session.game.rules.name
    if session.daily.offers(key):
        if session.daily.is_today(session.facts):
            return _("This game is today's daily deal already")
        return None
    entry = VARIANTS[key]
    if entry.daily_in is not None:
        return _("{game} has no daily deal: daily deals are dealt in the standard rules. Choose {other} "
                 "in {chooser} ({chooser_key}), then {daily} ({daily_key}).").format(
            game=_(entry.title), other=_(VARIANTS[entry.daily_in].title), chooser=_(GAME.label),
            chooser_key=key_words(GAME.keys[0]), daily=_(DAILY.label), daily_key=key_words(DAILY.keys[0]))
    return session.daily.missing(key)


def _restart(session: Session) -> str | None:
    return None if session.game.has_started else _("This deal is at its start: there is nothing to restart")


def _undo(session: Session) -> str | None:
    return None if session.game.can_undo else _("There is no move to undo")


def _redo(session: Session) -> str | None:
    return None if session.game.can_redo else _("There is no move undone to redo")


NEW = Command("new", N_("New"), ("F2", "Ctrl+N"), True, leaves_game=True)
GAME = Command("game", N_("Game…"), ("Ctrl+G",), True)
DEAL = Command("deal", N_("Deal…"), ("Ctrl+D",), True, leaves_game=True)
DAILY = Command("daily", N_("Daily"), ("Ctrl+T",), True, _daily, leaves_game=True)
RESTART = Command("restart", N_("Restart"), ("Ctrl+R",), True, _restart, leaves_game=True)
UNDO = Command("undo", N_("Undo"), ("Ctrl+Z",), True, _undo, in_play=True)
REDO = Command("redo", N_("Redo"), ("Ctrl+Y", "Ctrl+Shift+Z"), True, _redo, in_play=True)
HINT = Command("hint", N_("Hint"), ("H", "Ctrl+H"), True, _solver, in_play=True)
SOLVE = Command("solve", N_("Solve"), ("F9",), True, _solver, in_play=True)
PAUSE = Command("pause", N_("Pause"), ("P",), True, in_play=True)
"""Stops the clock and hides the cards until the player comes back."""
PREFERENCES = Command("preferences", N_("Preferences"), ("Ctrl+P",), True)
STATISTICS = Command("statistics", N_("Statistics"), ("Ctrl+S",), True)
HELP = Command("help", N_("Help"), ("F1",), True)
FULLSCREEN = Command("fullscreen", N_("Full screen"), ("F11",), True)
QUIT = Command("quit", N_("Quit"), ("Ctrl+Q",), True)
FINISH = Command("finish", N_("Send every card home"), ("Ctrl+F",), False, in_play=True)
MESSAGES = Command("messages", N_("Messages"), ("Ctrl+M",), False)

COMMANDS: tuple[Command, ...] = (
    NEW, GAME, DEAL, DAILY, RESTART, UNDO, REDO, HINT, SOLVE, PAUSE, PREFERENCES, STATISTICS, HELP,
    FULLSCREEN, QUIT, FINISH, MESSAGES,
)
BY_NAME: dict[str, Command] = {command.name: command for command in COMMANDS}


def command(name: str) -> Command:
    return BY_NAME[name]
