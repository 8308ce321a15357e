"""Every player action, listed once: its name, label, keys and when it is enabled.

The toolbar, the keyboard, the Game menu and Help all read `COMMANDS`. A command whose action
is a session method runs here; the others (dialogs, quitting) are the front end's, which looks
them up by name, so a new command is added in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from eightoff.core.i18n import N_

if TYPE_CHECKING:
    from eightoff.session.session import Session


@dataclass(frozen=True)
class Command:
    name: str
    label: str
    """Marked with `N_`; translate where shown."""
    keys: tuple[str, ...]
    """Key names as Help shows them and the front end matches them: "Ctrl+Z", "F2", "H"."""
    toolbar: bool
    enabled: Callable[[Session], bool]
    run: Callable[[Session], object] | None = None
    """The session method that does it; None: the front end does it (a dialog, quitting)."""


def _always(session: Session) -> bool:
    return True


def _playing(session: Session) -> bool:
    return not session.game.is_won


def _solver(session: Session) -> bool:
    return session.solver_available and not session.game.is_won


COMMANDS: tuple[Command, ...] = (
    Command("new", N_("New"), ("F2", "Ctrl+N"), True, _always),
    Command("game", N_("Game…"), ("Ctrl+G",), True, _always),
    Command("deal", N_("Deal…"), ("Ctrl+D",), True, _always),
    Command("restart", N_("Restart"), ("Ctrl+R",), True, lambda s: s.game.has_started, lambda s: s.restart()),
    Command("undo", N_("Undo"), ("Ctrl+Z",), True, lambda s: s.game.can_undo, lambda s: s.undo()),
    Command(
        "redo", N_("Redo"), ("Ctrl+Y", "Ctrl+Shift+Z"), True, lambda s: s.game.can_redo, lambda s: s.redo()
    ),
    Command("hint", N_("Hint"), ("H", "Ctrl+H"), True, _solver),
    Command("solve", N_("Solve"), ("F9",), True, _solver),
    Command("preferences", N_("Preferences"), ("Ctrl+P",), True, _always),
    Command("statistics", N_("Statistics"), ("Ctrl+S",), True, _always),
    Command("help", N_("Help"), ("F1",), True, _always),
    Command("quit", N_("Quit"), ("Ctrl+Q",), True, _always),
    Command("finish", N_("Send every card home"), ("Ctrl+F",), False, _playing, lambda s: s.finish()),
    Command("messages", N_("Messages"), ("Ctrl+M",), False, _always),
)
BY_NAME: dict[str, Command] = {command.name: command for command in COMMANDS}


def command(name: str) -> Command:
    return BY_NAME[name]
