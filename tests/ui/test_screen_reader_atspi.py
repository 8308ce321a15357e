"""The Linux adapter for real: a private D-Bus session with an AT-SPI bus, the window played
through its loop with AccessKit's own adapter, and what a screen reader would get read back
from that bus (see tests/ui/atspi_session.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.atspi_session import launcher

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("dbus-run-session", "dbus-monitor", "dbus-send", "gdbus")

pytest.importorskip("accesskit")
pytestmark = [
    pytest.mark.system,
    pytest.mark.slow,
    pytest.mark.skipif(
        sys.platform != "linux" or launcher() is None or not all(shutil.which(tool) for tool in TOOLS),
        reason="needs Linux with D-Bus (dbus-run-session, dbus-monitor), gdbus and at-spi2-core",
    ),
]


def test_a_screen_reader_on_the_bus_hears_the_moves_reads_the_piles_and_presses_one(tmp_path: Path) -> None:
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "HOME": str(tmp_path), "XDG_RUNTIME_DIR": str(runtime),
           "EIGHTOFF_HOME": str(tmp_path / "eightoff"), "SDL_VIDEODRIVER": "dummy"}
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    result = subprocess.run(
        ["dbus-run-session", "--", sys.executable, "-m", "tests.ui.atspi_session"],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    seen = json.loads(result.stdout.splitlines()[-1])
    assert seen["screen_reader"] == "on"
    assert seen["window"] == "Eight Off"
    assert seen["announcements"] == ["Picked the Ace of diamonds from column 6: now choose where it goes",
                                     "The Ace of diamonds to the diamonds foundation",
                                     "Picked the 2 of diamonds from column 6: now choose where it goes"]
    assert seen["column 6"] == "The 2 of diamonds, column 6"
    assert seen["clicked"] == "(true,)"
