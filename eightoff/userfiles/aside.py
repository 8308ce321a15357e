"""The name a bad file is kept under when it is set aside: beside it, never over another.

Shared by the store (a damaged database or preferences file) and the card themes' cache (a
damaged drawing), which both keep a bad file rather than delete it.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path


def stamp() -> str:
    """The local time to the microsecond, for a name ("0" when the clock cannot be read)."""
    try:
        return datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    except (ValueError, OverflowError, OSError):
        return "0"


def aside_path(path: Path) -> Path:
    """`name.corrupt-<time>`, or `name.corrupt-<time>-<n>` when that is taken: a clock that
    stands still or goes back must not make a second bad file overwrite the first."""
    aside = path.with_name(f"{path.name}.corrupt-{stamp()}")
    number = 1
    while os.path.lexists(aside):
        number += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp()}-{number}")
    return aside
