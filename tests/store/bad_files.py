"""Every class of bad file the store may find, as data: shared by the tests, the fuzz suite and
scripts/bench_reliability.py.

A `Target` is one file the program reads; a `Damage` turns its path into a bad file of one
class. `check_after` tells whether the store held: the bad thing kept aside (renamed, with
the same contents or kind) or untouched in place, and nothing written through a link.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import LOST, Store
from eightoff.userfiles.dirs import HomeDirs


def started_game(number: int = 1) -> Game:
    game = Game.new(number, STANDARD)
    game.play(game.legal_moves()[0])
    return game


@dataclass(frozen=True)
class Target:
    name: str
    folder: str
    """The HomeDirs subfolder: config, data or state."""
    file: str
    good: bytes
    """A good document of this file, to damage."""

    def path(self, home: Path) -> Path:
        return home / self.folder / self.file


def good_database() -> bytes:
    """The bytes of a games.db holding one finished game."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(HomeDirs(Path(folder)))
        store.record_outcome(started_game(9), LOST, 3.0)
        store.close()
        return (Path(folder) / "data" / "games.db").read_bytes()


TARGETS = [
    Target("preferences", "config", "preferences.json",
           b'{"version": 1, "autoplay": false, "animation_speed": "slow", "last_rules": "easy"}'),
    Target("window", "state", "window.json",
           b'{"version": 1, "window_size": [1000, 700], "window_position": [5, 5]}'),
    Target("games database", "data", "games.db", good_database()),
]


NUMBERS = (b"12.5", b"300.0", b"1000", b'"2025-01-02T03:04:05+00:00"', b"[5, 5]")
"""Values in the good documents that a bad value replaces."""


def spoil(good: bytes, value: bytes) -> bytes:
    """`good` with its first replaceable value (else its version) made `value`."""
    for old in NUMBERS:
        if old in good:
            return good.replace(old, value, 1)
    return good.replace(b'"version": 1', b'"version": ' + value, 1)


def deep(count: int) -> bytes:
    return b"[" * count + b"]" * count


CONTENTS: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda good: b"",
    "truncated": lambda good: good[: len(good) // 2],
    "not UTF-8": lambda good: b"\xff\xfe" + good[2:],
    "not JSON": lambda good: b"this is not json {",
    "wrong shape": lambda good: b"[1, 2, 3]\n",
    "wrong types": lambda good: good.replace(b"1", b'"one"').replace(b"false", b'"no"'),
    "nested deep": lambda good: deep(100_000),
    "nested object": lambda good: b'{"a":' * 20_000 + b"1" + b"}" * 20_000,
    "Infinity": lambda good: spoil(good, b"Infinity"),
    "NaN": lambda good: spoil(good, b"NaN"),
    "1e400": lambda good: spoil(good, b"1e400"),
    "-1e400": lambda good: spoil(good, b"-1e400"),
    "2**40": lambda good: spoil(good, b"1099511627776"),
    "negative": lambda good: spoil(good, b"-5"),
    "year 1": lambda good: spoil(good, b'"0001-01-01T00:00:00+00:00"'),
    "year 9999": lambda good: spoil(good, b'"9999-12-31T23:59:59+00:00"'),
    "absurd window": lambda good: spoil(good, b"[99999, 3]"),
}
"""Contents that are wrong: each one for every target (some only make sense for some files;
where a replacement finds nothing to replace the file is simply still good or still bad)."""

CLAMPED = {("window", "negative"), ("window", "2**40"), ("window", "absurd window")}
"""A window side out of the limits is a size no window manager kept to, not damage: it is
brought within them when read, and the file is neither set aside nor told about."""


def make_directory(path: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("kept")


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_device(path: Path) -> None:
    os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # like /dev/null; root only


def make_link(path: Path) -> None:
    outside = path.parent.parent.parent / "outside.txt"
    outside.write_bytes(b"a file of someone else's")
    path.symlink_to(outside)


def make_dangling_link(path: Path) -> None:
    path.symlink_to(path.parent.parent.parent / "nowhere" / "file")


KINDS: dict[str, Callable[[Path], None]] = {
    "directory": make_directory,
    "FIFO": make_fifo,
    "device": make_device,
    "symlink": make_link,
    "dangling symlink": make_dangling_link,
}


def damage(home: Path, target: Target, damage_name: str) -> None:
    """Put a bad file of class `damage_name` at `target`'s path under `home`."""
    path = target.path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    for folder in ("config", "data", "state"):
        (home / folder).mkdir(exist_ok=True)
    if damage_name in KINDS:
        KINDS[damage_name](path)
    else:
        path.write_bytes(CONTENTS[damage_name](target.good))


def snapshot(path: Path) -> tuple[str, bytes | str]:
    """What is at `path`, without following a link or opening a pipe."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return ("missing", b"")
    if stat.S_ISLNK(mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(mode):
        return ("file", path.read_bytes())
    if stat.S_ISDIR(mode):
        return ("folder", ",".join(sorted(os.listdir(path))))
    return ("special", str(stat.S_IFMT(mode)))


def kept(home: Path, target: Target, before: tuple[str, bytes | str]) -> bool:
    """Whether the bad thing is still at its path, unchanged, or kept aside unchanged beside it."""
    path = target.path(home)
    if snapshot(path) == before:
        return True
    return any(
        snapshot(aside) == before for aside in path.parent.glob(path.name + ".corrupt-*"))



def outside_untouched(home: Path) -> bool:
    outside = home.parent / "outside.txt"
    return not outside.exists() or outside.read_bytes() == b"a file of someone else's"


def huge(good: bytes) -> bytes:
    """Past the size limit of a document (the log has none: one absurd line is skipped)."""
    return b" " * (17 << 20) + good


def dirs_for(home: Path) -> HomeDirs:
    return HomeDirs(home)
