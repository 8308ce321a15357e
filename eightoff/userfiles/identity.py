"""Whether a path the command line is asked to write is one of the player's own files.

By identity (device and inode), not by name: a hard link to games.db elsewhere, a bind mount
of the data folder, a symbolic link or a `/proc/self/fd/N` path all name the same file under
another path, and writing a CSV there would truncate the games. A path is the player's when
it is one of the files in the given folders (or the folders themselves), or when a folder
above it is one of them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

MOST_FILES = 20_000
"""Files looked at in the player's folders before giving up the search for a hard link: far
more than a home holds (a few files and one folder of old games kept aside)."""


def identity(path: str | Path | int) -> tuple[int, int] | None:
    """(device, inode) of a path, following links, or of an open descriptor; None if it is not there."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def owner_of(target: str | int, folders: Iterable[Path]) -> Path | None:
    """The player's file or folder that `target` (a path, or a descriptor such as stdout) is,
    or lies in; None when it is none of them."""
    folders = [folder for folder in folders if identity(folder) is not None]
    if not folders:
        return None
    known = {identity(folder): folder for folder in folders}
    if isinstance(target, int):
        ancestors: list[str] = []
    else:
        place = os.path.abspath(target)
        ancestors = [place, *map(str, Path(place).parents)]
    for each in ancestors:
        found = known.get(identity(each))
        if found is not None:
            return found
    wanted = identity(target)
    if wanted is None or wanted[0] not in {key[0] for key in known if key is not None}:
        return None  # not there, or on another device, where no hard link can reach
    return _find(wanted, folders)


def _find(wanted: tuple[int, int], folders: list[Path]) -> Path | None:
    """The file among `folders`' own (at any depth) whose identity is `wanted`."""
    looked = 0
    for folder in folders:
        for top, names, files in os.walk(folder):
            for name in [*files, *names]:
                path = Path(top, name)
                looked += 1
                try:
                    found = os.lstat(path)
                except OSError:
                    continue
                if (found.st_dev, found.st_ino) == wanted:
                    return path
                if looked >= MOST_FILES:
                    return None
    return None
