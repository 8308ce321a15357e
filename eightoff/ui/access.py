"""What a screen reader is told: moves, the picked card, notices and the game's state.

The table says everything through one `Announcer`, so tests read what would be announced
(`spoken`) and an assistive-technology bridge plugs in as one more output, without the table
knowing which. The game runs the same with no output attached.
"""

from __future__ import annotations

from collections.abc import Callable

KEPT = 50
"""Announcements kept for tests and for a bridge that attaches late."""


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
