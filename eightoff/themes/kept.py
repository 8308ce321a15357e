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
import struct
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import BinaryIO

from eightoff.core.cards import Card, Suit
from eightoff.core.i18n import _
from eightoff.themes.found import Theme
from eightoff.userfiles.aside import aside_path
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
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGBA_HEADER = (8, 6, 0, 0, 0)
"""The IHDR's bit depth, colour type, compression, filter and interlace of every drawing: 8-bit
RGBA, not interlaced (resvg's and the drawing process's own writer's)."""
INFLATE_STEP = 1 << 20
"""Bytes of pixels inflated at a time while a drawing is checked (none of them kept)."""
NAME_CHARACTERS = frozenset(string.ascii_letters + string.digits + "_-")
"""What a theme's id keeps in its cache files' names; each run of other characters is one "_"."""


def cell(card: Card | None) -> tuple[int, int]:
    """A card's column and row in the cached grid; the back's for None."""
    if card is None:
        return BACK_CELL
    return (card.rank - 1, list(Suit).index(card.suit))


class Damaged(Exception):
    """A drawing in the cache that is not whole (cut short, or bytes changed); `str()` says how."""


def check_png(data: bytes, size: tuple[int, int]) -> None:
    """Raise `Damaged` unless `data` is a whole PNG of the grid of cards `size` each: every
    chunk's length and CRC, the grid's size in RGBA, pixels that inflate to exactly its rows, an
    end. Checked with the standard library, so that pygame's libpng, which prints its complaints
    on the terminal, is only handed whole files."""
    width, height = size[0] * GRID[0], size[1] * GRID[1]
    if not data.startswith(PNG_SIGNATURE):
        raise Damaged(_("it is not a PNG"))
    at, kinds, inflater, inflated = len(PNG_SIGNATURE), [], zlib.decompressobj(), 0
    while at + 12 <= len(data) and b"IEND" not in kinds:
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body, crc = data[at + 8:at + 8 + length], data[at + 8 + length:at + 12 + length]
        if len(body) < length or crc != struct.pack(">I", zlib.crc32(kind + body)):
            raise Damaged(_("its {kind} chunk is cut short or changed").format(kind=kind.decode("latin-1")))
        header = struct.unpack(">IIBBBBB", body) if kind == b"IHDR" and length == 13 else None
        if kind == b"IHDR" and header != (width, height, *RGBA_HEADER):
            raise Damaged(_("it is not the grid of {width} x {height} pixels it should be").format(
                width=width, height=height))
        if kind == b"IDAT":
            try:
                inflated += len(inflater.decompress(body, INFLATE_STEP))
                while inflater.unconsumed_tail and inflated <= height * (1 + 4 * width):
                    inflated += len(inflater.decompress(inflater.unconsumed_tail, INFLATE_STEP))
            except zlib.error as error:
                raise Damaged(_("its pixels do not inflate")) from error
        kinds.append(kind)
        at += 12 + length
    if kinds[:1] != [b"IHDR"] or kinds[-1:] != [b"IEND"]:
        raise Damaged(_("it is cut short"))
    if not inflater.eof or inflated != height * (1 + 4 * width):
        raise Damaged(_("its pixels are not the grid's"))


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

    def picture(self, size: tuple[int, int]) -> bytes | None:
        """The drawing's PNG at card `size`, checked whole (`check_png`); None when there is
        none. `Damaged` says why one is not whole: set it aside (`set_aside`)."""
        width, height = size[0] * GRID[0], size[1] * GRID[1]
        most = height * (1 + 4 * width) * 101 // 100 + (1 << 16)  # the pixels, and zlib's worst overhead
        try:
            data = read_regular(self.picture_path(size), most)
        except (BadFile, Unreadable) as error:
            raise Damaged(str(error)) from error
        if data is not None:
            check_png(data, size)
        return data

    def set_aside(self, size: tuple[int, int]) -> Path | None:
        """Keep the damaged drawing at card `size` under another name, so that a new drawing
        does not write over it (a bad file is kept, never deleted); where, or None if it could
        not be moved (the new drawing then replaces it)."""
        path = self.picture_path(size)
        aside = aside_path(path)
        try:
            os.rename(path, aside)
        except OSError:
            return None
        return aside

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
