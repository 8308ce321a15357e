"""What a drawing killed half-way leaves in the cache is cleared at the next start, on a real
disk: its temporary files once older than a minute, and nothing else (a fresh one may be
another window's drawing going on, a link or a player's file is not ours)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path


def start(home: Path) -> None:
    """The program started and ended, as a player runs it (the command line opens the same
    store the window does)."""
    done = subprocess.run([sys.executable, "-m", "eightoff", "stats"], capture_output=True, text=True,
                          env={**os.environ, "EIGHTOFF_HOME": str(home)}, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def aged(path: Path, seconds: float, data: bytes = b"x") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)
    return path


def test_a_killed_drawings_temporary_files_are_removed_at_start_and_nothing_else(tmp_path: Path) -> None:
    home = tmp_path / "home"
    themes = home / "cache" / "themes"
    stale = [aged(themes / ".part-k2j_9x0a.png", 120), aged(themes / ".part-abcdefgh.json", 61)]
    outside = aged(tmp_path / "elsewhere.png", 120, b"not the program's")
    link = themes / ".part-linked00.png"
    link.symlink_to(outside)
    os.utime(link, (time.time() - 120,) * 2, follow_symlinks=False)
    kept = [aged(themes / ".part-fresh123.png", 5),  # another window drawing now
            aged(themes / "v1-aisleriot_bonded-0a1b2c3d-23000-1-140x218.png", 3600),  # a finished drawing
            aged(themes / "part-abcdefgh.png", 120), aged(themes / ".part-abcdefgh.svg", 120),
            aged(home / "data" / "cards" / ".part-abcdefgh.png", 120),  # the player's own themes
            link, outside]
    start(home)
    assert [path.name for path in stale if os.path.lexists(path)] == []
    assert [path.name for path in kept if not os.path.lexists(path)] == []
    assert outside.read_bytes() == b"not the program's"
    assert stat.S_IMODE(themes.stat().st_mode) == 0o700
