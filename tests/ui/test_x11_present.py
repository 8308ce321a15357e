"""Small frames go to the X server through Xlib without a wait (issue 20, idle), on a real X
server (Xvfb): the window shows exactly what was drawn, with Xlib or without it, and with the
clock running the window process wakes once for each of the clock's seconds, not twice."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from eightoff.ui.x11_present import XPresenter
from tests.ui.helpers import make_app
from tests.ui.xwindow import GameProcess, missing_tools, virtual_screen

ROOT = Path(__file__).resolve().parents[2]
needs_x = pytest.mark.skipif(
    bool(missing_tools()), reason=f"needs {', '.join(missing_tools())} (apt install xvfb xdotool)"
)

TICKS = 6
SLACK = 2
"""Wake-ups allowed besides the ticks: an X event or the measurement's edges. Through SDL's
update each tick woke the process twice (the frame's XSync): 12 over 6 ticks."""


@pytest.fixture
def display() -> Iterator[str]:
    with virtual_screen(1280, 800) as name:
        yield name


def probe(display: str, *arguments: str) -> dict[str, object]:
    env = {**os.environ, "DISPLAY": display, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("SDL_VIDEODRIVER", None)
    result = subprocess.run([sys.executable, "-m", "tests.ui.x11_probe", *arguments], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    found: dict[str, object] = json.loads(result.stdout.splitlines()[-1])
    return found


@needs_x
@pytest.mark.parametrize("seed", [1, 2])
def test_frames_put_through_xlib_show_what_was_drawn(display: str, seed: int) -> None:
    assert probe(display, str(seed)) == {"xlib": True, "differing": 0, "frames": 25, "display": display}


@needs_x
def test_without_libx11_frames_go_through_sdl_and_show_the_same(display: str) -> None:
    assert probe(display, "1", "--without-xlib") == {
        "xlib": False, "differing": 0, "frames": 25, "display": display}


def test_another_video_driver_keeps_sdls_update_and_says_why(caplog: pytest.LogCaptureFixture) -> None:
    app = make_app()  # the tests' dummy driver
    with caplog.at_level(logging.DEBUG, logger="eightoff.window"):
        assert XPresenter.open(app.window.native, app.screen) is None
    assert "video driver dummy" in caplog.text
    before = pygame.image.tobytes(app.screen, "RGB")
    app.screen.fill((200, 0, 0), (0, 0, 50, 50))
    app.window.present([pygame.Rect(0, 0, 50, 50)])  # goes through SDL: no error, nothing lost
    assert app.window.presenter_tried and app.window.presenter is None
    assert pygame.image.tobytes(app.screen, "RGB") != before
    app.close()


def voluntary_switches(pid: int) -> int:
    """Every thread's voluntary context switches: each is the process waking from a wait."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        status = (task / "status").read_text().splitlines()
        total += next(int(line.split()[1]) for line in status if line.startswith("voluntary_ctxt_switches:"))
    return total


@needs_x
def test_the_running_clock_wakes_the_window_once_a_tick(display: str, tmp_path: Path) -> None:
    game = GameProcess(display, tmp_path, "--deal", "617", "--print-layout")
    try:
        layout, _ = game.next_layout(timeout=60)
        game.find_window()
        x, y, w, h = layout["column0"]["cards"][-1][1]
        game.click(x + w // 2, y + h // 2)  # a move or a selection: the clock starts
        _, _ = game.next_layout()
        time.sleep(1.5)  # the click's own frames and events are over
        before, started = voluntary_switches(game.process.pid), time.monotonic()
        time.sleep(TICKS)
        woken, seconds = voluntary_switches(game.process.pid) - before, time.monotonic() - started
    finally:
        game.stop()
    ticks = int(seconds) + 1  # the clock's seconds that can fall in the span
    assert ticks - 1 <= woken <= ticks + SLACK, f"{woken} wake-ups over {seconds:.1f} s of a running clock"


class Refusing:
    """A presenter whose window surface stopped fitting: it sends nothing."""

    def __init__(self) -> None:
        self.closed = False
        self.asked = 0

    def put(self, surface: pygame.Surface, rects: object) -> bool:
        self.asked += 1
        return False

    def close(self) -> None:
        self.closed = True


def test_a_presenter_that_refuses_a_frame_is_let_go_and_sdl_shows_it() -> None:
    app = make_app()
    refusing = Refusing()
    app.window.presenter, app.window.presenter_tried = refusing, True  # type: ignore[assignment]
    app.window.present([pygame.Rect(0, 0, 10, 10)])  # refused: SDL shows it
    app.window.present([pygame.Rect(0, 0, 10, 10)])  # SDL's alone, the presenter not asked again
    assert refusing.closed and app.window.presenter is None and refusing.asked == 1
    app.close()
