"""The window's process leaves out what it does not use, to keep its memory small: SDL's sound
library, which a game without sound never needs, is not even mapped."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

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
