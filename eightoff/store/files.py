"""Reading and writing the store's files so that nothing is lost and nothing crashes.

Writes are atomic (a temporary file in the same folder, fsync, `os.replace`), so a kill at any
moment leaves either the old file or the new one. A file that cannot be understood is renamed
aside with a timestamp rather than overwritten, and the player is told.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger("eightoff.store")

T = TypeVar("T")

MISSING_ERRORS = (FileNotFoundError, NotADirectoryError)
"""Errors that mean the file is not there: a folder on the path may be missing or be a file."""


class Notices:
    """Messages for the window to show, plus the "cannot save" message said only once."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self._told_cannot_save = False

    def add(self, message: str) -> None:
        log.warning("%s", message)
        self.messages.append(message)

    def take(self) -> list[str]:
        taken, self.messages = self.messages, []
        return taken

    def cannot_save(self, what: str, path: Path, error: OSError) -> None:
        """Report a failed write: a notice the first time, a log line every time."""
        reason = error.strerror or str(error)
        if self._told_cannot_save:
            log.warning("cannot save %s to %s: %s", what, path, reason)
            return
        self._told_cannot_save = True
        self.add(
            f"Cannot save {what} to {path.parent}: {reason}. "
            "You can keep playing, but games and settings will not be kept."
        )


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one step; raises OSError, leaving no temporary file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def aside_path(path: Path) -> Path:
    """`name.corrupt-<time>`; microseconds keep two bad files of one second apart."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return path.with_name(f"{path.name}.corrupt-{stamp}")


def set_aside(
    path: Path, what: str, reason: str, notices: Notices, consequence: str = "using defaults"
) -> None:
    """Move an unreadable file out of the way (so saving cannot destroy it) and say so."""
    aside = aside_path(path)
    try:
        os.replace(path, aside)
    except OSError as error:
        notices.add(
            f"Your {what} could not be read ({reason}) and could not be moved aside "
            f"({error.strerror or error}); {consequence}. The file is {path}."
        )
        return
    notices.add(f"Your {what} could not be read ({reason}); {consequence}. The file was kept as {aside}.")


def read_document(path: Path, what: str, version: int, notices: Notices) -> dict[str, Any] | None:
    """The file's JSON object, or None when it is missing or unreadable (bad files are set aside)."""
    try:
        raw = path.read_bytes()
    except MISSING_ERRORS:
        return None
    except OSError as error:
        notices.add(f"Cannot read your {what} ({error.strerror or error}); using defaults.")
        return None
    try:
        return parse_document(raw, version)
    except ValueError as error:
        set_aside(path, what, str(error), notices)
        return None


def load_json(
    path: Path, what: str, version: int, decode: Callable[[dict[str, Any]], T], notices: Notices
) -> T | None:
    """The decoded document, or None when it is missing or bad (bad files are set aside).

    `decode` raises ValueError (or TypeError) with a reason when the contents are not what
    this program writes.
    """
    document = read_document(path, what, version, notices)
    if document is None:
        return None
    try:
        return decode(document)
    except (ValueError, TypeError) as error:
        set_aside(path, what, str(error), notices)
        return None


def parse_document(raw: bytes, version: int) -> dict[str, Any]:
    """A JSON object with a `version` this program reads; ValueError with a reason otherwise."""
    if not raw.strip():
        raise ValueError("the file is empty")
    try:
        document = json.loads(raw)
    except ValueError:
        raise ValueError("not valid JSON") from None
    if not isinstance(document, dict):
        raise ValueError("not a JSON object")
    found = document.get("version")
    if type(found) is not int:
        raise ValueError("no version number")
    if found > version:
        raise ValueError(f"written by a newer version of Eight Off (file version {found})")
    return document


def save_json(path: Path, what: str, document: dict[str, Any], notices: Notices) -> None:
    """Write a document atomically; failure becomes a notice, never an exception."""
    try:
        atomic_write(path, json.dumps(document, indent=1).encode())
    except OSError as error:
        notices.cannot_save(what, path, error)
