"""The card faces, backs and table colours a player may choose, by the names preferences keep.

Every design is drawn in code here (faces.py, court.py, backs.py), so none can go missing; a
preference naming one this program does not draw (a newer version's, or a hand-edited file's)
means the default, said once in the debug log, and the name stays in the file untouched.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from eightoff.core.i18n import N_

Colour = tuple[int, int, int]

FACES: dict[str, str] = {
    "standard": N_("Standard"),
    "classic": N_("Classic"),
    "large": N_("Large index"),
}
"""Face designs and their names in Preferences (marked with `N_`; translate where shown):
today's plain court letters, a traditional pack with drawn court figures, and one whose rank
and suit are as large as the card allows, for small screens and weaker sight."""
BACKS: dict[str, str] = {
    "blue": N_("Blue lattice"),
    "red": N_("Red rosette"),
}


class Cloth(NamedTuple):
    felt: Colour
    line: Colour
    """The darker line round the table's edge."""


TABLES: dict[str, tuple[str, Cloth]] = {
    "green": (N_("Green"), Cloth((28, 100, 60), (22, 82, 49))),
    "blue": (N_("Blue"), Cloth((26, 72, 112), (19, 56, 90))),
    "red": (N_("Burgundy"), Cloth((112, 32, 44), (90, 24, 34))),
    "grey": (N_("Slate"), Cloth((62, 68, 76), (48, 53, 60))),
}

DEFAULT_FACE, DEFAULT_BACK, DEFAULT_TABLE = "standard", "blue", "green"
_told: set[tuple[str, str]] = set()


def _known(kind: str, name: str, names: dict[str, object], default: str) -> str:
    if name in names:
        return name
    if (kind, name) not in _told:
        _told.add((kind, name))
        logging.getLogger(__name__).debug("no %s design named %r here: the default, %r, is drawn",
                                          kind, name, default)
    return default


def face_design(name: str) -> str:
    """`name` if it is a face design drawn here, else the default."""
    return _known("face", name, dict(FACES), DEFAULT_FACE)


def back_design(name: str) -> str:
    return _known("back", name, dict(BACKS), DEFAULT_BACK)


def table_name(name: str) -> str:
    return _known("table", name, dict(TABLES), DEFAULT_TABLE)


def table_cloth(name: str) -> Cloth:
    return TABLES[table_name(name)][1]


def next_name(names: list[str], current: str) -> str:
    """The name after `current` in `names`, round again; an unknown one is shown as the first
    (the default), so the next is the second."""
    return names[((names.index(current) if current in names else 0) + 1) % len(names)]
