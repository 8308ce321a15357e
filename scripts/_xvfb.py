"""Run the game on a private X server (Xvfb) and look at its window: for scripts/screenshot and
scripts/check-standalone. Needs Xvfb, xdotool, xprop and ImageMagick's `import`.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.ui.xwindow import WINDOW_CLASS, virtual_screen  # noqa: E402  (shared with the window tests)

__all__ = ["virtual_screen"]  # raises RuntimeError if Xvfb does not start


class HarnessError(Exception):
    """Something the harness waited for did not happen: one line for the user."""


def require(*tools: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        raise HarnessError(f"missing {', '.join(missing)} (Debian/Ubuntu: apt install xvfb xdotool "
                           "x11-utils imagemagick)")


def x_tool(display: str, *command: str) -> str:
    """Run an X client on `display`; its stdout ('' if it failed)."""
    result = subprocess.run(
        command, capture_output=True, text=True, check=False, env={**os.environ, "DISPLAY": display}
    )
    return result.stdout if result.returncode == 0 else ""


def wait_for_window(display: str, game: subprocess.Popen[str], timeout: float) -> str:
    """The id of the game's window once it is mapped; fails early if the game exits."""
    require("xdotool")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = x_tool(display, "xdotool", "search", "--onlyvisible", "--class", WINDOW_CLASS).split()
        if found:
            return found[0]
        if game.poll() is not None:
            raise HarnessError(f"the game exited with status {game.returncode} before opening a window")
        time.sleep(0.2)
    raise HarnessError(f"no window of class {WINDOW_CLASS!r} appeared within {timeout:.0f} s")


def window_facts(display: str, window: str) -> dict[str, str]:
    """Title, WM_CLASS and size, as the desktop sees them."""
    geometry = x_tool(display, "xdotool", "getwindowgeometry", "--shell", window)
    sizes = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
    return {
        "title": x_tool(display, "xdotool", "getwindowname", window).strip(),
        "class": x_tool(display, "xprop", "-id", window, "WM_CLASS").split("=", 1)[-1].strip(),
        "icon": "yes" if "_NET_WM_ICON(CARDINAL)" in x_tool(display, "xprop", "-id", window) else "no",
        "size": f"{sizes.get('WIDTH', '?')}x{sizes.get('HEIGHT', '?')}",
    }


def capture(display: str, window: str, out: Path) -> None:
    """A PNG of the window's contents, taken from the X server (what a player would see)."""
    require("import")
    out.parent.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        ["import", "-window", window, str(out)], capture_output=True, text=True, check=False,
        env={**os.environ, "DISPLAY": display},
    )
    if result.returncode != 0:
        raise HarnessError(f"screenshot failed: {result.stderr.strip()}")


def wait_for_line(game: subprocess.Popen[str], timeout: float) -> str:
    """The game's first line of output (--print-layout prints one once the table is drawn)."""
    assert game.stdout is not None
    ready, _, _ = select.select([game.stdout], [], [], timeout)
    line = game.stdout.readline() if ready else ""
    if line:
        return line
    if ready:  # end of output: the game is on its way out
        game.wait(timeout=10)
    if game.poll() is not None:
        raise HarnessError(f"the game exited with status {game.returncode} before drawing")
    raise HarnessError(f"the game printed nothing within {timeout:.0f} s")


def close(game: subprocess.Popen[str], timeout: float = 10) -> int:
    """Ask the game to quit as a window manager's close button would, and return its status.

    The game turns SIGTERM into a quit event, which is what the close button also sends, so
    this checks the game's normal way out rather than killing it.
    """
    if game.poll() is None:
        game.terminate()
        try:
            game.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            game.kill()
            game.wait()
            raise HarnessError(f"the game did not quit within {timeout:.0f} s of SIGTERM") from None
    return game.returncode
