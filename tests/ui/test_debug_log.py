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


def test_a_language_this_version_lacks_is_one_debug_line_and_kept_with_the_rest(tmp_path: Path) -> None:
    """A newer version's language: the system's is shown, the log says so once, and the file
    keeps it and every other preference (nothing set aside, no notice)."""
    home = tmp_path / "home"
    settings = home / "config" / "preferences.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"version": 1, "language": "pt_BR", "autoplay": False,
                                    "card_back": "red"}))
    err = first_layout_then_close(home, debug=True)
    assert [line for line in err.splitlines() if "pt_BR" in line] == [
        "eightoff: eightoff.ui.preferences_owner: no catalogue for the language 'pt_BR' here: the "
        "system's is shown"]
    kept = json.loads(settings.read_text())
    assert (kept["language"], kept["autoplay"], kept["card_back"]) == ("pt_BR", False, "red")
    assert [path.name for path in settings.parent.glob("preferences.json*")] == ["preferences.json"]
