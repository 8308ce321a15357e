"""The player's preferences as the front end sees them: the store keeps them on disk, the session
owns the copy in use, and the window reads and changes them only through the session. The
window imports them from here, never from the store (an import-linter contract says so)."""

from eightoff.store.preferences import ANIMATION_SPEEDS, Preferences
from eightoff.store.schema import MAX_SCREENS

__all__ = ["ANIMATION_SPEEDS", "MAX_SCREENS", "Preferences"]
