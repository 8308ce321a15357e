"""What a screen reader is told: moves, the picked card, notices and the game's state.

The table says everything through one `Announcer`, so tests read what would be announced
(`spoken`) and an assistive-technology bridge plugs in as one more output, without the table
knowing which. The game runs the same with no output attached.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from eightoff.core.i18n import _

KEPT = 50
"""Announcements kept for tests and for a bridge that attaches late."""


class Support(Enum):
    """Whether a screen reader hears the game, as Help tells the player."""

    OFF = "off"
    """No bridge: AccessKit is not installed (or nothing connected one)."""
    FAILED = "failed"
    """AccessKit is installed but its platform adapter could not start; the log says why."""
    ON = "on"


class Announcer:
    def __init__(self) -> None:
        self.spoken: list[str] = []
        """The latest announcements, oldest first."""
        self.outputs: list[Callable[[str], None]] = []
        """Where announcements go besides `spoken` (e.g. a live region of an accessibility tree)."""

    def say(self, text: str) -> None:
        """Announce `text` politely: after whatever is being read now, not interrupting it."""
        if not text:
            return
        self.spoken.append(text)
        del self.spoken[:-KEPT]
        for output in self.outputs:
            output(text)


def screen_reader_help(support: Support, reason: str = "") -> str:
    """The paragraph Help ends with: whether a screen reader hears the game, and if not, how
    to turn that on (AccessKit is an optional dependency, so players must be told it exists)."""
    if support is Support.ON:
        return _("Screen reader: on. Moves, the picked card, messages and the end of the game are "
                 "read out through AccessKit, and the piles, toolbar and dialogs can be explored.")
    if support is Support.FAILED:
        return _("Screen reader: AccessKit is installed but could not start here ({reason}). The game "
                 "plays the same without it.").format(reason=reason or _("no accessibility bus?"))
    return _("Screen reader: off. To have moves, the picked card and the game's state read out, "
             "install AccessKit: pip install 'eightoff[access]' (in a checkout: "
             ".venv/bin/pip install accesskit), then start the game again.")
