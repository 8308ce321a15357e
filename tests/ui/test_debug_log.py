"""The debug log a player can read: with EIGHTOFF_DEBUG set, the window's debug lines (here, a
design name this version does not draw) go to standard error; without it, nothing does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def first_layout_then_close(home: Path, debug: bool) -> str:
    """The window's standard error, from a start to a SIGTERM once the deal is drawn."""
    env = {**os.environ, "EIGHTOFF_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("EIGHTOFF_DEBUG", None)
    if debug:
        env["EIGHTOFF_DEBUG"] = "1"
    game = subprocess.Popen([sys.executable, "-m", "eightoff", "--print-layout", "--deal", "5"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert game.stdout is not None and game.stdout.readline().startswith("{")
    finally:
        game.terminate()
        _out, err = game.communicate(timeout=60)
    assert game.returncode == 0
    return err


@pytest.mark.parametrize("debug", [True, False])
def test_eightoff_debug_puts_the_debug_log_on_standard_error(tmp_path: Path, debug: bool) -> None:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "preferences.json").write_text(json.dumps({"version": 1, "card_face": "rococo"}))
    err = first_layout_then_close(home, debug)
    said = [line for line in err.splitlines() if "rococo" in line]
    if debug:
        assert said == ["eightoff: eightoff.ui.designs: no face design named 'rococo' here: the default, "
                        "'standard', is drawn"]
    else:
        assert said == [] and err == ""
