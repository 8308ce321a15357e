"""Reading and writing the store's small files so that nothing is lost, hangs or crashes:
regular files only, within a size limit, a bad one set aside and an unreadable one never
overwritten; atomic writes (docs/storage.md, "Small files").
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from pathlib import Path

from eightoff.core.i18n import _, system_reason
from eightoff.userfiles.aside import aside_path
from eightoff.userfiles.dirs import private_folder
from eightoff.userfiles.reading import MISSING_ERRORS, BadFile, Unreadable, read_regular

LOG = logging.getLogger("eightoff.store")


class Notices:
    """Sentences for the window to show until the player dismisses them, each once, in the order
    they came. "Cannot save" is said once per run (later failures go to the log only), so a full
    disk does not bury the player in notices; `write_problem` holds it while writes keep
    failing (None once one goes through), for a warning that stays."""

    def __init__(self, command_line: bool = False) -> None:
        self.command_line = command_line
        """The command's own words for a failed write: it stops there, nothing is tried again."""
        self.messages: list[str] = []
        self._told_cannot_save = False
        self.write_problem: str | None = None

    def add(self, message: str) -> None:
        LOG.warning("%s", message)
        if message not in self.messages:
            self.messages.append(message)

    def take(self) -> list[str]:
        taken, self.messages = self.messages, []
        return taken

    def cannot_save(self, what: str, path: Path, reason: str) -> None:
        """Report a failed write: a notice the first time, a log line every time."""
        words = _("cannot save {what} to {folder}: {reason}") if self.command_line else _(
            "Cannot save {what} to {folder}: {reason}. You can keep playing: it is tried again at every "
            "move and when the window closes.")
        self.write_problem = words.format(what=what, folder=shown(path.parent), reason=reason)
        if self._told_cannot_save:
            LOG.warning("cannot save %s to %s: %s", what, shown(path), reason)
            return
        self._told_cannot_save = True
        self.add(self.write_problem)


NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
"""Flags that make a file of ours that was not there: never one already there, nor through a link."""


def atomic_write(path: Path, data: bytes, durable: bool = True) -> None:
    """Replace `path` with `data` in one step; raises OSError, leaving no temporary file.
    `durable=False` skips the fsync, for files that can be rebuilt."""
    private_folder(path.parent)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            if durable:
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def shown(path: Path | str | bytes) -> str:
    """A path as the player reads it, in messages printed, logged and drawn: bytes that are not
    UTF-8 (a Latin-1 folder name) replaced. Everywhere else paths stay as the system gave them."""
    return os.fsencode(path).decode("utf-8", "replace")


class StoreFiles:
    """One store's reads and writes, with the notices they give and the paths not to touch."""

    def __init__(self, notices: Notices) -> None:
        self.notices = notices
        self.hands_off: set[Path] = set()
        """Files we could not read nor move aside: never written, truncated or removed."""
        self.unsaved: dict[Path, tuple[str, bytes, bool]] = {}
        """Writes that failed, newest data per path (what, data, durable): tried again by
        `retry`, and dropped when a later write of the path goes through."""

    def read(self, path: Path, what: str, limit: int, consequence: str) -> bytes | None:
        """The file's bytes, or None when it is missing, bad (set aside) or unreadable (left).
        `consequence` says in a clause what the program does instead (e.g. uses the defaults)."""
        try:
            return read_regular(path, limit)
        except BadFile as error:
            self.set_aside(path, what, str(error), consequence)
        except Unreadable as error:
            self.leave(path, what, str(error), consequence)
        return None

    def leave(self, path: Path, what: str, reason: str, consequence: str) -> None:
        self.hands_off.add(path)
        self.notices.add(
            _("Your {what} ({path}) could not be read ({reason}); {consequence}. The file is left as it "
              "is and will not be written over.").format(what=what, path=shown(path), reason=reason,
                                                         consequence=consequence)
        )

    def set_aside(self, path: Path, what: str, reason: str, consequence: str) -> None:
        """Move a bad file (or link, folder, pipe...) out of the way, so saving cannot destroy it."""
        aside = aside_path(path)
        try:
            os.rename(path, aside)
        except MISSING_ERRORS:
            return
        except OSError as error:
            self.leave(path, what, _("{reason}, and it could not be moved aside: {error}").format(
                reason=reason, error=system_reason(error)), consequence)
            return
        self.notices.add(
            _("Your {what} could not be read ({reason}); {consequence}. The file was kept as {aside}.")
            .format(what=what, reason=reason, consequence=consequence, aside=shown(aside))
        )

    def write(self, path: Path, what: str, data: bytes, durable: bool = True) -> bool:
        """Write atomically unless the path is hands-off; failure becomes a notice."""
        if path in self.hands_off:
            return False
        try:
            atomic_write(path, data, durable)
        except OSError as error:
            self.unsaved[path] = (what, data, durable)
            self.notices.cannot_save(what, path, system_reason(error))
            return False
        self.unsaved.pop(path, None)
        self.notices.write_problem = None
        return True

    def retry(self) -> bool:
        """Write again what could not be written; True when nothing is left unsaved."""
        for path, (what, data, durable) in list(self.unsaved.items()):
            if not self.write(path, what, data, durable):
                return False
        return True
