"""pygame without the modules the game never uses: the window still opens with its icon and
draws text in pygame's own font, and a file missing beside the package is the real pkgdata's
to find. Each in a fresh interpreter, as the modules are left out before pygame's import."""

from __future__ import annotations

import os
import subprocess
import sys

OPENS = """
import sys
from eightoff.ui.lean_pygame import lean_pygame
lean_pygame()
import pygame
pygame.display.init()
pygame.font.init()
window = pygame.Window("lean", (64, 48), hidden=True)  # pygame sets its own icon from pkgdata
text = pygame.font.Font(None, 20).render("Eight Off", True, (0, 0, 0))
assert text.get_width() > 20, text.get_size()
left_out = [name for name in ("pygame._debug", "pygame.system", "pygame.typing", "importlib.resources")
            if sys.modules.get(name) is not None]
assert left_out == [], left_out
assert not hasattr(sys.modules["pygame.pkgdata"], "resource_exists")  # the stand-in answered
print("OPENED")
"""

MISSING = """
import sys
from eightoff.ui.lean_pygame import get_resource, lean_pygame
lean_pygame()
import pygame
try:
    get_resource("no-such-file.bmp")
except OSError:
    pass
else:
    raise AssertionError("a missing file was found")
assert hasattr(sys.modules["pygame.pkgdata"], "resource_exists")  # the real one was asked
with get_resource("freesansbold.ttf") as font:
    assert font.read(4)
print("ASKED")
"""


def run(code: str) -> str:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_window_opens_with_icon_and_font_without_the_left_out_modules() -> None:
    assert "OPENED" in run(OPENS)


def test_a_file_missing_beside_pygame_is_asked_of_the_real_pkgdata() -> None:
    assert "ASKED" in run(MISSING)
