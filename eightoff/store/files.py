"""Reading and writing the store's files so that nothing is lost, nothing hangs and nothing crashes.

Every read goes through `StoreFiles.read`, which opens only regular files (never a FIFO, which
would block forever, nor a device, a folder or a symbolic link) and never more than a size
limit. What it finds is one of three things:

- missing: the caller uses its defaults;
- bad (not a regular file, too large, or contents the caller's schema rejects): the file is set
  aside as `name.corrupt-<time>` (a link is renamed, never followed) and the player is told;
- unreadable (permission, I/O error) or bad but impossible to move: the file is left untouched
  and the path goes on the hands-off list, so nothing this program does later overwrites,
  truncates or removes what it could not read.

Writes are atomic (a temporary file in the same folder, fsync, `os.replace`), so a kill at any
moment leaves either the old file or the new one; `os.replace` swaps a link for the new file
and so never writes through it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from datetime import datetime
from pathlib import Path

from eightoff.core.i18n import _
from eightoff.store.reading import MISSING_ERRORS, BadFile, Unreadable, read_regular, reason_of

log = logging.getLogger("eightoff.store")

class Notices:
    """Sentences for the window to show until the player dismisses them, in the order they came.

    The same sentence is kept once; "cannot save" is said once per run (every failure after
    that goes to the log only), so a full disk does not bury the player in notices.
    """

    def __init__(self) -> None:
        self.messages: list[str] = []
        self._told_cannot_save = False

    def add(self, message: str) -> None:
        log.warning("%s", message)
        if message not in self.messages:
            self.messages.append(message)

    def take(self) -> list[str]:
        taken, self.messages = self.messages, []
        return taken

    def cannot_save(self, what: str, path: Path, reason: str) -> None:
        """Report a failed write: a notice the first time, a log line every time."""
        if self._told_cannot_save:
            log.warning("cannot save %s to %s: %s", what, path, reason)
            return
        self._told_cannot_save = True
        self.add(
            _("Cannot save {what} to {folder}: {reason}. You can keep playing, but games and settings "
              "will not be kept.").format(what=what, folder=path.parent, reason=reason)
        )


def atomic_write(path: Path, data: bytes, durable: bool = True) -> None:
    """Replace `path` with `data` in one step; raises OSError, leaving no temporary file.
    `durable=False` skips the fsync, for files that can be rebuilt (the statistics summary)."""
    path.parent.mkdir(parents=True, exist_ok=True)
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


def aside_path(path: Path) -> Path:
    """`name.corrupt-<time>`; microseconds keep two bad files of one second apart."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return path.with_name(f"{path.name}.corrupt-{stamp}")


class StoreFiles:
    """One store's reads and writes, with the notices they give and the paths not to touch."""

    def __init__(self, notices: Notices) -> None:
        self.notices = notices
        self.hands_off: set[Path] = set()
        """Files we could not read nor move aside: never written, truncated or removed."""

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
              "is and will not be written over.").format(what=what, path=path, reason=reason,
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
                reason=reason, error=reason_of(error)), consequence)
            return
        self.notices.add(
            _("Your {what} could not be read ({reason}); {consequence}. The file was kept as {aside}.")
            .format(what=what, reason=reason, consequence=consequence, aside=aside)
        )

    def may_write(self, path: Path) -> bool:
        return path not in self.hands_off

    def write(self, path: Path, what: str, data: bytes, durable: bool = True) -> bool:
        """Write atomically unless the path is hands-off; failure becomes a notice."""
        if not self.may_write(path):
            return False
        try:
            atomic_write(path, data, durable)
        except OSError as error:
            self.notices.cannot_save(what, path, reason_of(error))
            return False
        return True

    def remove(self, path: Path, what: str) -> None:
        """Remove a file we wrote, unless it is hands-off; failure becomes a notice."""
        if not self.may_write(path):
            return
        try:
            path.unlink()
        except MISSING_ERRORS:
            pass
        except IsADirectoryError:
            self.set_aside(path, what, _("it is a folder"), _("nothing is lost"))
        except OSError as error:
            self.notices.cannot_save(what, path, reason_of(error))
