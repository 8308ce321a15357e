"""SIGTERM ends the real program: an idle window quits as its close button would (status 0, the
game kept at its move), and a window whose X server was stopped, which used to wait for ever,
is ended by the watchdog a few seconds later with its moves kept. The timeouts below only
keep a hang from stalling the run; nothing is timed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from eightoff.core.game import Game
from eightoff.core.piles import Pile
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD
from eightoff.store import HomeDirs, Store
from tests.ui.test_first_frame import save_two_moves_of_617
from tests.ui.xwindow import GameProcess, missing_tools, x_server

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no SIGTERM to send on Windows")

HANG_GUARD = 30
"""Seconds to wait for the program to end before calling it a hang (the watchdog's own grace
is a few seconds)."""
WATCHDOG_STATUS = 1
"""faulthandler's exit status when its timer ends the process."""


def saved_moves(home: Path) -> int | None:
    """How many moves the player's unfinished game has, as the next start would resume it."""
    store = Store(HomeDirs(home))
    try:
        store.acquire_instance()
        saved = store.load_unfinished()
        return None if saved is None else saved.game.move_count
    finally:
        store.close()


def first_layout(process: subprocess.Popen[str]) -> dict[str, Any]:
    """The table --print-layout reports once the first frame is drawn."""
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("{"):
            layout: dict[str, Any] = json.loads(line)["layout"]
            return layout
    raise AssertionError(f"the window ended before drawing: {process.wait()}")


def headless(home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "EIGHTOFF_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, "-m", "eightoff", "--print-layout"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=home)


def test_sigterm_closes_an_idle_window_cleanly_and_the_game_resumes_at_its_move(tmp_path: Path) -> None:
    save_two_moves_of_617(tmp_path)

    layouts = []
    for _start in range(2):
        window = headless(tmp_path)
        try:
            layouts.append(first_layout(window))
            window.send_signal(signal.SIGTERM)
            status = window.wait(timeout=HANG_GUARD)
            assert window.stderr is not None
            errors = window.stderr.read()
        finally:
            if window.poll() is None:
                window.kill()
                window.wait()
        assert status == 0, errors
        assert "Traceback" not in errors, errors
        assert saved_moves(tmp_path) == 2
    assert layouts[1] == layouts[0]


def sigterm_pending(pid: int) -> bool:
    """Whether a SIGTERM waits to be taken by the process (Linux's /proc: its shared pending set)."""
    status = Path(f"/proc/{pid}/status").read_text()
    pending = int(next(line.split()[1] for line in status.splitlines() if line.startswith("ShdPnd:")), 16)
    return bool(pending & (1 << (signal.SIGTERM - 1)))


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads /proc to see the signal taken")
def test_sigterm_sent_twice_at_once_still_closes_the_window_cleanly(tmp_path: Path) -> None:
    """A stop sent to the process and to its group (as `timeout` and some session managers do)
    arrives twice at once: it is one request to quit, not the player's second, impatient one."""
    save_two_moves_of_617(tmp_path)
    window = headless(tmp_path)
    try:
        first_layout(window)
        window.send_signal(signal.SIGTERM)
        while window.poll() is None and sigterm_pending(window.pid):
            pass  # the second comes once the first is taken, the harder case
        window.send_signal(signal.SIGTERM)
        status = window.wait(timeout=HANG_GUARD)
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
    assert status == 0
    assert (HomeDirs(tmp_path).user_state_path / "window.json").is_file()  # written as it closed
    assert saved_moves(tmp_path) == 2


@pytest.fixture
def server() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    with x_server(1600, 1000) as started:
        yield started


@pytest.mark.xvfb
@pytest.mark.slow
@pytest.mark.skipif(bool(missing_tools()),
                    reason=f"needs {', '.join(missing_tools())} (apt install xvfb xdotool)")
def test_sigterm_ends_a_window_whose_x_server_was_stopped_and_keeps_its_moves(
    server: tuple[str, subprocess.Popen[bytes]], tmp_path: Path,
) -> None:
    display, x_process = server
    window = GameProcess(display, tmp_path, "--deal", "5", "--log-moves", "--print-layout")
    try:
        layout, _ = window.next_layout()
        window.find_window()
        # A move first: the game is under way, its clock running and drawn every second.
        core = Game.new(5, STANDARD)
        if Preferences().autoplay:
            core.settle()
        column = next(pile for pile in (Pile.column(i) for i in range(STANDARD.columns))
                      if core.click_move(pile) is not None)
        x, y, w, h = layout[column.name]["cards"][-1][1]
        window.click(x + w // 2, y + h // 2)
        _, played = window.next_layout()
        assert played, "the click made no move"

        x_process.send_signal(signal.SIGSTOP)
        window.process.send_signal(signal.SIGTERM)
        status = window.process.wait(timeout=HANG_GUARD)
    finally:
        x_process.send_signal(signal.SIGCONT)
        window.stop()
    assert status == WATCHDOG_STATUS, window.stderr()
    assert saved_moves(tmp_path) == len(played)  # the move and what auto-play added
