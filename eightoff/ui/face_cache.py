"""Card pictures kept on disk between runs, as raw pixels.

Drawing the 52 faces takes far longer than reading them back (docs/notes.md). One file holds
the pictures of one card size and deck that a launch drew for its first frame, written once
that frame is on screen (nothing more is drawn for it: the window's memory stays as it was).
It is only a cache: a file that is missing, short, damaged, or made for other art, another
program or another pygame is drawn again and replaced, never trusted and never an error, and a
folder that cannot be written means the pictures are drawn at every start, as before.

The longer reasons: docs/notes.md, `eightoff.ui.face_cache`."""

from __future__ import annotations

import contextlib
import errno
import io
import logging
import os
import stat
import tempfile
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final

import pygame

from eightoff.ui.window import in_screen_format

PIXEL_FORMAT: Final = "BGRA"
"""The bytes of the common screens' own format (SDL's ARGB8888 on little-endian machines), so
that a picture made on them in place is already in the screen's format; any other converts."""
MAGIC = b"eightoff card pictures " + PIXEL_FORMAT.encode() + b"\n"
CHECKSUM_BYTES = 4
NAMES_LIMIT = 4096
"""The longest line of names read: a few hundred bytes in a sound file."""
PICTURES_LIMIT = 128
"""The most pictures a file may hold (a deck's 52 faces, the back, the outlines and highlight):
a file that names more is not read, whatever its size."""
PATTERN = "faces-*.rgba"
KEPT_FILES = 4
"""Files of other sizes kept beside the newest (the window at its sizes on other monitors);
older ones are removed when a new one is written."""


@contextlib.contextmanager
def _open_regular(path: Path) -> Iterator[io.BufferedReader | None]:
    """`path` open for reading if it is a regular file, else None: a FIFO or a device put in
    its place must not hang the launch (the open does not wait for a writer) nor be read. A
    link is not followed (the open fails with ELOOP), as the store reads the player's files."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(handle, "rb") as file:
        yield file if stat.S_ISREG(os.fstat(handle).st_mode) else None


class PictureFile:
    """The cache file of one card size and deck, whose header must read `key` exactly."""

    def __init__(self, folder: Path, name: str, key: str, size: tuple[int, int]) -> None:
        self.folder = folder
        self.path = folder / PATTERN.replace("*", name)
        self.header = MAGIC + key.encode() + b"\n"
        self.size = size

    def read(self) -> dict[str, pygame.Surface] | None:
        """The pictures in the file by name, or None unless it holds exactly what it says. The
        pixels are read at once into one buffer that the pictures are made on in place: on a
        screen of the kept format nothing is copied or converted for the first frame."""
        width, height = self.size
        length = width * height * len(PIXEL_FORMAT)
        try:
            with _open_regular(self.path) as file:
                if file is None:  # a pipe or a device put in its place
                    return self._damaged("it is not a regular file")
                if file.read(len(self.header)) != self.header:  # drawn for other art: not news
                    return None
                line = file.readline(NAMES_LIMIT)
                names = line.decode().split()
                pixels = bytearray(len(names) * length + CHECKSUM_BYTES)
                size = len(self.header) + len(line) + len(pixels)
                if (len(set(names)) != len(names) or len(names) > PICTURES_LIMIT
                        or os.fstat(file.fileno()).st_size != size):
                    return self._damaged("its length or names are wrong")
                if file.readinto(pixels) != len(pixels) or file.read(1):
                    return self._damaged("its length changed while it was read")
        except FileNotFoundError:  # not kept yet: the first start at this size and design
            return None
        except OSError as error:
            if error.errno == errno.ELOOP:  # a link in the file's place
                return self._damaged("it is a symbolic link")
            return self._damaged(str(error))  # unreadable
        except ValueError as error:  # names that are not text
            return self._damaged(str(error))
        view = memoryview(pixels)
        checksum = zlib.crc32(view[:-CHECKSUM_BYTES], zlib.crc32(line))
        if checksum.to_bytes(CHECKSUM_BYTES, "big") != view[-CHECKSUM_BYTES:]:
            return self._damaged("its checksum does not match")
        as_kept = screen_takes_kept()
        pictures = {}
        for index, name in enumerate(names):
            start = index * length
            picture = pygame.image.frombuffer(view[start:start + length], self.size, PIXEL_FORMAT)
            pictures[name] = picture if as_kept else in_screen_format(picture, alpha=True)
        return pictures

    def _damaged(self, why: str) -> dict[str, pygame.Surface] | None:
        """A file that is there but cannot be used: no pictures (they are drawn again, and the
        file replaced), said in one line of the debug log."""
        logging.getLogger(__name__).debug("card pictures in %s drawn again: %s", self.path, why)
        return None

    def write(self, pictures: Mapping[str, pygame.Surface]) -> None:
        """Replace the file with `pictures` (all of this file's size, by names without spaces),
        whole or not at all; then remove the oldest files beyond KEPT_FILES. A folder that
        refuses is left alone."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".faces-", suffix=".part")
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(self.header)
                    line = " ".join(pictures).encode() + b"\n"
                    file.write(line)
                    checksum = zlib.crc32(line)
                    for picture in pictures.values():
                        pixels = pygame.image.tobytes(picture, PIXEL_FORMAT)
                        checksum = zlib.crc32(pixels, checksum)
                        file.write(pixels)
                    file.write(checksum.to_bytes(CHECKSUM_BYTES, "big"))
                os.replace(temporary, self.path)
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)  # only left if the replace did not happen
            self._prune()
        except OSError:
            return

    def _prune(self) -> None:
        files = sorted(self.folder.glob(PATTERN), key=lambda path: path.stat().st_mtime, reverse=True)
        for old in files[KEPT_FILES + 1:]:
            old.unlink(missing_ok=True)


def screen_takes_kept() -> bool:
    """Whether a picture made on the kept bytes is already in the window's format with alpha
    (what `convert_alpha` gives), so that it is used as it is; also where no window is open,
    as there is nothing to convert to then."""
    try:
        screen = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    except pygame.error:
        return True
    kept = pygame.image.frombuffer(bytearray(len(PIXEL_FORMAT)), (1, 1), PIXEL_FORMAT)
    return (screen.get_bitsize(), screen.get_masks()) == (kept.get_bitsize(), kept.get_masks())
