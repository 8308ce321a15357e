"""The cache files of a theme's drawn cards: where they are and what their names say.

A theme's cards are drawn once per card size: the PNG of its 52 faces and back (a 13 x 5 grid,
rows clubs, diamonds, hearts, spades, the back third in the fifth, as Aisleriot's sheets are)
and a small JSON note of the cards' proportions, or of why the theme cannot be drawn. Both
names carry the theme file's size and modification time, so a changed theme is drawn again;
the PNG's carries the card size.
"""

from __future__ import annotations

import json
import os
import string
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import BinaryIO

from eightoff.core.cards import Card, Suit
from eightoff.themes.found import Theme
from eightoff.userfiles.dirs import private_folder
from eightoff.userfiles.reading import BadFile, Unreadable, read_regular
from eightoff.userfiles.tidy import tidy_folder

FOLDER = "themes"
FORMAT = 1
"""The cache files' format: a different one is drawn again."""
NOTE_LIMIT = 4096
GRID = (13, 5)
BACK_CELL = (2, 4)
"""Where Aisleriot's sheets have it (after the two jokers): a sheet is kept as it is drawn."""
NAME_CHARACTERS = frozenset(string.ascii_letters + string.digits + "_-")
"""What a theme's id keeps in its cache files' names; each run of other characters is one "_"."""


def cell(card: Card | None) -> tuple[int, int]:
    """A card's column and row in the cached grid; the back's for None."""
    if card is None:
        return BACK_CELL
    return (card.rank - 1, list(Suit).index(card.suit))


@dataclass(frozen=True)
class Kept:
    """The cache files of one theme as its file is now (None when the file cannot be seen)."""

    folder: Path
    stem: str

    @classmethod
    def of(cls, theme: Theme, cache: Path) -> Kept | None:
        try:
            info = os.lstat(theme.svg if theme.svg is not None else theme.path)
        except OSError:
            return None
        # Not a regular expression: compiling one would cost the first frame a theme's only pattern.
        slug = "".join("".join(run) if plain else "_"
                       for plain, run in groupby(theme.id, NAME_CHARACTERS.__contains__))[:40]
        crc = zlib.crc32(str(theme.svg).encode("utf-8", "surrogateescape"))
        return cls(cache / FOLDER, f"v{FORMAT}-{slug}-{crc:08x}-{info.st_size}-{info.st_mtime_ns}")

    @property
    def note_path(self) -> Path:
        return self.folder / f"{self.stem}.json"

    def picture_path(self, size: tuple[int, int]) -> Path:
        return self.folder / f"{self.stem}-{size[0]}x{size[1]}.png"

    def note(self) -> dict[str, object] | None:
        """The note the drawing process left: {"aspect": h/w} or {"problem": why}; None when
        there is none or it does not read."""
        try:
            raw = read_regular(self.note_path, NOTE_LIMIT)
            document = json.loads(raw) if raw is not None else None
        except (BadFile, Unreadable, ValueError, RecursionError):
            return None
        if not isinstance(document, dict):
            return None
        aspect, problem = document.get("aspect"), document.get("problem")
        if isinstance(problem, str):
            return {"problem": problem}
        if isinstance(aspect, (int, float)) and 1.0 <= aspect <= 2.0:
            return {"aspect": float(aspect)}
        return None

    def write_note(self, note: dict[str, object]) -> None:
        self.write(self.note_path, lambda file: file.write(json.dumps(note).encode()))

    def clear_leftovers(self) -> None:
        """Remove what drawings killed half-way left in the folder (stale temporary files, as
        eightoff.userfiles.tidy tells them): done by each drawing, so that no start of the
        window lists the folder."""
        tidy_folder(self.folder, time.time())

    def write(self, path: Path, fill: Callable[[BinaryIO], object]) -> None:
        """Replace `path` whole or not at all (a temporary file beside it, then renamed; one a
        kill leaves behind is removed by a later drawing, `clear_leftovers`). The folder is
        made for this user only, as the cache folder is."""
        private_folder(self.folder)
        handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".part-", suffix=path.suffix)
        try:
            with os.fdopen(handle, "wb") as file:
                fill(file)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
