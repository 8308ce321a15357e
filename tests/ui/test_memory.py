"""The window's process gives freed whole-window surfaces back to the system (the
window's RSS grew by ~25 MB over a game as glibc kept them in its heap)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = """
import sys
from pathlib import Path
from eightoff.ui.memory import return_big_blocks
if sys.argv[1] == "fixed":
    assert return_big_blocks()
def rss():
    status = Path("/proc/self/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmRSS:")).split()[1])
before = rss()
kept = []
for _ in range(4):  # repaints: a big picture made and dropped, small objects made meanwhile
    picture = bytearray(8 << 20)
    kept.append(bytearray(64))
    del picture
print(rss() - before)
"""


def grown_kib(mode: str) -> int:
    result = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True,
                            timeout=60, check=True)
    return int(result.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator")
def test_freed_big_blocks_leave_the_process() -> None:
    assert grown_kib("dynamic") >= 6 * 1024  # the allocator's own way: the heap keeps one
    assert grown_kib("fixed") < 2 * 1024


SOUND_PROBE = """
import sys
from pathlib import Path
from eightoff.ui.memory import without_sound
if sys.argv[1] == "without":
    without_sound()
import pygame
pygame.display.init()
print("SDL2_mixer" in Path("/proc/self/maps").read_text())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/maps")
@pytest.mark.parametrize(("mode", "mapped"), [("with", "True"), ("without", "False")])
def test_the_window_maps_no_sound_library(mode: str, mapped: str) -> None:
    result = subprocess.run([sys.executable, "-c", SOUND_PROBE, mode], capture_output=True, text=True,
                            timeout=60, check=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert result.stdout.split()[-1] == mapped
