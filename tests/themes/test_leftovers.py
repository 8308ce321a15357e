"""What a drawing killed half-way leaves in the cache is cleared by the next drawing, on a real
disk: its temporary files once older than a minute, and nothing else (a fresh one may be
another window's drawing going on, a link or a player's file is not ours). The drawing does
it, not the window's start, so that no start lists the drawings' folder."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from .makers import write_sheet
from .test_drawing import draw, request


def aged(path: Path, seconds: float, data: bytes = b"x") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)
    return path


def test_a_killed_drawings_temporary_files_are_removed_by_the_next_and_nothing_else(tmp_path: Path) -> None:
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
    write_sheet(tmp_path / "data" / "aisleriot" / "cards", "mine")
    done = draw(request("aisleriot:mine", tmp_path / "data", home / "cache"))
    assert done.returncode == 0, done.stderr
    assert [path.name for path in stale if os.path.lexists(path)] == []
    assert [path.name for path in kept if not os.path.lexists(path)] == []
    assert outside.read_bytes() == b"not the program's"
    assert stat.S_IMODE(themes.stat().st_mode) == 0o700
