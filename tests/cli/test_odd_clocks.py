"""Time zones Python's zone reader refuses, and a clock Python cannot read at all: each is one
line or none, never a traceback. The command line as a subprocess."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_output_and_history import run, some_games

CLOCK_PAST_PYTHON = "2262-04-12 00:00:00"
"""The first day whose nanoseconds since 1970 do not fit Python's signed 64-bit time."""
BROKEN_CLOCK = ("import runpy, time\n"
                "def broken(): raise OverflowError('timestamp too large to convert to C _PyTime_t')\n"
                "time.time = broken\n"
                "runpy.run_module('eightoff', run_name='__main__', alter_sys=True)\n")
"""The program with time.time() failing as it does from 2262-04-12 on, where faketime is missing."""


@pytest.mark.parametrize("zone", [":/etc/passwd", ":/dev/zero", ":/nonexistent", "Not/AZone"])
def test_a_time_zone_that_is_no_zone_still_prints_the_statistics(tmp_path: Path, zone: str) -> None:
    some_games(tmp_path)
    result = run(tmp_path, "stats", TZ=zone)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert "won" in result.stdout and "%" in result.stdout
    italian = run(tmp_path, "stats", TZ=zone, LANGUAGE="it")
    assert italian.returncode == 0 and "vinte" in italian.stdout.lower() + italian.stderr, italian.stderr


@pytest.mark.parametrize("arguments", [("deal", "1"), ("daily",), ("stats",), ()])
def test_a_clock_python_cannot_read_is_one_line(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    env = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en", "SDL_VIDEODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", BROKEN_CLOCK, *arguments], env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("eightoff: the system clock cannot be read") and "2262-04-12" in line


@pytest.mark.skipif(shutil.which("faketime") is None, reason="faketime is not installed")
@pytest.mark.parametrize("arguments", [("deal", "1"), ("daily",), ("stats",), ()])
def test_a_real_clock_at_2262_is_one_line(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    env = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en", "SDL_VIDEODRIVER": "dummy"}
    result = subprocess.run(["faketime", CLOCK_PAST_PYTHON, sys.executable, "-m", "eightoff", *arguments],
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("eightoff: the system clock cannot be read")


STATISTICS_PROBE = """
import time
import pygame
from eightoff.session.start import open_session
from eightoff.ui.app import App
app = App(open_session(time.monotonic))
app.pump()
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode=""))
app.pump(3)
print(getattr(app.top, "title", "no dialog"), flush=True)
app.close()
"""


@pytest.mark.parametrize("zone", [":/etc/passwd", ":/dev/zero"])
def test_the_window_shows_its_statistics_under_a_zone_that_is_no_zone(tmp_path: Path, zone: str) -> None:
    some_games(tmp_path)
    env = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "TZ": zone}
    result = subprocess.run([sys.executable, "-c", STATISTICS_PROBE], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert result.stdout.splitlines()[-1].startswith("Statistics")
