"""Real disks that say no: a tiny full tmpfs, a read-only bind mount, and a run as another user
(root reads and writes anything, so permission tests run the store as `nobody`). Each skips
with its reason when the machine does not allow it."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

NOBODY = 65534
SETPRIV = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]


def need_root(what: str) -> None:
    if os.geteuid() != 0:
        pytest.skip(f"{what} needs root to set up (running as uid {os.geteuid()})")


@contextlib.contextmanager
def mounted(*arguments: str) -> Iterator[Path]:
    """A fresh folder with `mount arguments... folder` on it; skipped when mount is refused."""
    need_root("mounting a small disk")
    folder = Path(tempfile.mkdtemp(prefix="eightoff-disk-"))
    result = subprocess.run(["mount", *arguments, str(folder)], capture_output=True, text=True)
    if result.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount here: {result.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        folder.rmdir()


@contextlib.contextmanager
def full_disk() -> Iterator[Path]:
    """A 1 MiB tmpfs, filled to the last byte after the caller has put its files there: use
    `fill(folder)` when ready."""
    with mounted("-t", "tmpfs", "-o", "size=1m", "tmpfs") as folder:
        yield folder


def fill(folder: Path) -> None:
    with contextlib.suppress(OSError), open(folder / "filler", "wb") as file:
        while True:
            file.write(b"x" * 1024)
            file.flush()


@contextlib.contextmanager
def read_only_copy(source: Path) -> Iterator[Path]:
    """`source` seen through a read-only bind mount."""
    with mounted("--bind", str(source)) as folder:
        remount = ["mount", "-o", "remount,ro,bind", str(folder)]
        result = subprocess.run(remount, capture_output=True, text=True)
        if result.returncode != 0:
            pytest.skip(f"cannot make a bind mount read-only: {result.stderr.strip()}")
        yield folder


@contextlib.contextmanager
def shared_folder() -> Iterator[Path]:
    """A folder another user can reach (pytest's tmp_path is root's alone)."""
    need_root("running the store as another user")
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv is not installed, so the store cannot run as another user")
    folder = Path(tempfile.mkdtemp(prefix="eightoff-user-"))
    folder.chmod(0o777)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_as_nobody(code: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run Python `code` as the user nobody, with this checkout importable."""
    root = Path(__file__).resolve().parents[2]
    environment = {**os.environ, "PYTHONPATH": str(root), "HOME": "/nonexistent"}
    return subprocess.run([*SETPRIV, sys.executable, "-c", code, *arguments], capture_output=True, text=True,
                          env=environment, timeout=120)
