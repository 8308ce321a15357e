"""Out-of-range deals and a missing display: one line on stderr, a non-zero status, at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str, **env: str | None) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, LANGUAGE="", LC_ALL="C", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for key, value in env.items():
        if value is None:
            environment.pop(key, None)
        else:
            environment[key] = value
    return subprocess.run(
        [sys.executable, "-m", "eightoff", *args], capture_output=True, text=True, timeout=30, env=environment
    )


@pytest.mark.parametrize(
    "args",
    [
        ("deal", "0"),
        ("deal", "-7"),
        ("deal", str(10**20 + 1)),
        ("deal", "²"),
        ("--deal", "0"),
        ("solve", "--deal", "-3"),
        ("replay", "--deal", "0", "moves.txt"),
    ],
)
def test_bad_deal_is_one_line_and_status_2(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "from 1 to 100,000,000,000,000,000,000" in result.stderr


def test_last_deal_is_dealt() -> None:
    result = run("deal", str(10**20))
    assert result.returncode == 0 and result.stdout.startswith("Freecells:"), result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland displays are Linux's")
@pytest.mark.parametrize("display", [None, ":987"], ids=["unset", "nobody-there"])
def test_no_display_says_so(display: str | None, tmp_path: Path) -> None:
    """Without a display SDL would fall back to an invisible window and the game would run unseen.
    It must say so at once rather than wait: `run`'s timeout catches a hang, and no figure of
    seconds is asserted (the machines are shared and noisy)."""
    result = run(DISPLAY=display, WAYLAND_DISPLAY=None, SDL_VIDEODRIVER=None, EIGHTOFF_HOME=str(tmp_path))
    assert result.returncode == 1, result
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "window" in result.stderr and "Traceback" not in result.stderr
    if display is not None:
        assert f"display {display}" in result.stderr  # the one line names the display that failed


@pytest.mark.parametrize("deals", ["-5", "5-", " -5", "7", "1..3", ""])
def test_a_range_with_an_end_left_out_says_what_it_takes(deals: str) -> None:
    """'-5' is a range missing its first deal, not a deal called '' (as it said)."""
    result = run("solve", "--rules", "fan", f"--deals={deals}")
    assert (result.returncode, result.stdout) == (2, ""), result
    assert result.stderr == f"eightoff: --deals takes FIRST-LAST, e.g. 1-32000, not {deals!r} " \
                            "(see 'eightoff solve --help')\n"
