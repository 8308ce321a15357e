"""Where the player's files live: the per-user folders, or one folder named by EIGHTOFF_HOME.

The override exists so tests (and a player who wants a portable copy) can point every file
at one place without touching the real per-user folders.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from platformdirs import PlatformDirs

HOME_VARIABLE = "EIGHTOFF_HOME"


class StoreDirs(Protocol):
    """The folders of a `platformdirs.PlatformDirs` that the store uses."""

    @property
    def user_config_path(self) -> Path: ...

    @property
    def user_data_path(self) -> Path: ...

    @property
    def user_state_path(self) -> Path: ...

    @property
    def user_cache_path(self) -> Path: ...


@dataclass(frozen=True)
class HomeDirs:
    """Config, data, state and cache as subfolders of one folder."""

    root: Path

    @property
    def user_config_path(self) -> Path:
        return self.root / "config"

    @property
    def user_data_path(self) -> Path:
        return self.root / "data"

    @property
    def user_state_path(self) -> Path:
        return self.root / "state"

    @property
    def user_cache_path(self) -> Path:
        return self.root / "cache"


def default_dirs() -> StoreDirs:
    """$EIGHTOFF_HOME's subfolders when it is set, else the platform's per-user folders. The
    folder is made absolute when read, so a later change of working folder cannot move it."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return HomeDirs(Path(os.path.abspath(home)))
    return PlatformDirs("eightoff", appauthor=False)


def private_folder(folder: Path) -> None:
    """Make `folder` and any missing folder above it for this user only (0700, whatever the
    umask), as they hold the player's games. Errors are left to the first write to report."""
    missing = []
    for each in [folder, *folder.parents]:
        if os.path.lexists(each):
            break
        missing.append(each)
    for each in reversed(missing):
        try:
            os.mkdir(each, 0o700)
            os.chmod(each, 0o700)
        except FileExistsError:
            continue
        except OSError:
            return
