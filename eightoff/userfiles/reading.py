"""Reading one of the player's files safely: only a regular file (never a FIFO, which would
block forever, nor a device, a folder or a symbolic link) and never more than a size limit.

Apart from the store's `files` (which sets bad files aside and writes), so that the command
line's peek at the language preference loads no more than this, for start-up cost.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from eightoff.core.i18n import _, file_size, system_reason

DOCUMENT_LIMIT = 16 << 20
"""Bytes read of a preferences, window or unfinished-game file: more is not something we wrote."""
INPUT_LIMIT = 4 << 20
"""Bytes read of a board or moves file named on the command line: a board is under 1 KB and a
game's moves a few KB, so more is not one (and /dev/zero would never end)."""
MISSING_ERRORS = (FileNotFoundError, NotADirectoryError)
"""Errors that mean the file is not there: a folder on the path may be missing or be a file."""

READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_BINARY", 0))
"""O_NONBLOCK: a FIFO swapped in after the check still cannot block the open. O_NOFOLLOW: nor
can a link swapped in."""


class BadFile(Exception):
    """The file is there but is not something this program wrote; `str()` is the reason."""


class Unreadable(Exception):
    """The file could not be read at all (permission, I/O error); `str()` is the reason."""


def kind_of(mode: int) -> str | None:
    """Why a file of this mode is not one we read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return _("it is a symbolic link")
    if stat.S_ISDIR(mode):
        return _("it is a folder")
    if stat.S_ISFIFO(mode):
        return _("it is a named pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("it is a device")
    return _("it is not a regular file")


def too_large(limit: int) -> BadFile:
    """The refusal of a file longer than `limit` bytes, in the player's words."""
    return BadFile(_("it is larger than {size}").format(size=file_size(limit)))


def read_regular(path: Path, limit: int) -> bytes | None:
    """The bytes of a regular file of at most `limit` bytes; None when it is missing.
    Raises BadFile or Unreadable."""
    try:
        kind = kind_of(os.lstat(path).st_mode)
    except MISSING_ERRORS:
        return None
    except OSError as error:
        raise Unreadable(system_reason(error)) from None
    if kind is not None:
        raise BadFile(kind)
    try:
        descriptor = os.open(path, READ_FLAGS)
    except MISSING_ERRORS:
        return None
    except OSError as error:
        raise Unreadable(system_reason(error)) from None
    try:
        info = os.fstat(descriptor)
        kind = kind_of(info.st_mode)
        if kind is not None:
            raise BadFile(kind)
        if info.st_size > limit:  # told without reading it (a file may still grow as it is read)
            raise too_large(limit)
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(descriptor, 1 << 20):
            size += len(chunk)
            if size > limit:
                raise too_large(limit)
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise Unreadable(system_reason(error)) from None
    finally:
        os.close(descriptor)


def is_named_pipe(path: str) -> bool:
    """Whether `path` leads to a pipe named in the file system (mkfifo): opening it waits for
    ever for a writer that may never come. A shell's own pipe (`<(...)`, /dev/stdin of `|`) is
    not one: its real path names no file."""
    try:
        return stat.S_ISFIFO(os.lstat(os.path.realpath(path)).st_mode)
    except (OSError, ValueError):
        return False


def read_input(path: str, limit: int = INPUT_LIMIT) -> str:
    """The text of a file named on the command line ('-': the standard input), at most `limit`
    bytes of UTF-8; a byte-order mark, which some editors write, is dropped. Raises OSError when
    it cannot be opened or read, BadFile when it is too long or not UTF-8 text, a named pipe (as
    `stats --import` refuses one: the command would hang with no word), or when there is no
    standard input at all (closed by the caller)."""
    if path == "-":
        if sys.stdin is None:
            raise BadFile(_("there is no standard input"))
        data = sys.stdin.buffer.read(limit + 1)
    elif is_named_pipe(path):
        raise BadFile(_("it is a named pipe, which may never be written; to read it, give '-' for it and "
                        "the pipe as the standard input (< {path})").format(path=path))
    else:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
    if len(data) > limit:
        raise too_large(limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise BadFile(_("line {line} is not UTF-8 text").format(line=line)) from None
