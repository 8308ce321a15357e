"""Without resvg-py installed (the themes extra is optional), the program runs as it did before
themes: the window opens on the built-in design with a theme chosen, says why in the debug log,
and `eightoff themes` lists every theme as not drawable with that reason. Run on a Python
whose packages are this one's but resvg-py's, as where pip found no wheel of it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from .makers import write_sheet

ROOT = Path(__file__).resolve().parents[2]
WHY = "resvg-py, which draws themes, is not installed"


@pytest.fixture
def without_resvg(tmp_path: Path) -> dict[str, str]:
    """The environment of a Python that has every package of this one but resvg-py, a theme
    installed in its data folder and chosen in the player's preferences."""
    packages = Path(pygame.__file__).resolve().parents[1]
    shelf = tmp_path / "packages"
    shelf.mkdir()
    for entry in packages.iterdir():
        if not entry.name.startswith("resvg"):
            (shelf / entry.name).symlink_to(entry)
    write_sheet(tmp_path / "data" / "aisleriot" / "cards", "mine")
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    chosen = {"version": 1, "card_face": "aisleriot:mine"}
    (home / "config" / "preferences.json").write_text(json.dumps(chosen))
    return {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{shelf}", "EIGHTOFF_HOME": str(home),
            "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_DATA_DIRS": str(tmp_path / "nothing"),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "EIGHTOFF_DEBUG": "1"}


def python(*arguments: str) -> list[str]:
    """This Python without its site packages (-S), so only PYTHONPATH's folders are found."""
    return [sys.executable, "-S", *arguments]


def test_the_python_used_really_lacks_resvg(without_resvg: dict[str, str]) -> None:
    look = "import importlib.util as u; print(u.find_spec('resvg_py') is None, u.find_spec('pygame') is None)"
    found = subprocess.run(python("-c", look), env=without_resvg, capture_output=True, text=True, timeout=60,
                           check=True)
    assert found.stdout.split() == ["True", "False"]  # resvg-py missing, the rest there


def test_the_window_opens_on_the_built_in_design_and_says_why(without_resvg: dict[str, str]) -> None:
    window = subprocess.Popen(python("-m", "eightoff", "--print-layout", "--deal", "5"), env=without_resvg,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert window.stdout is not None
        line = window.stdout.readline()
        window.send_signal(signal.SIGTERM)
        _out, errors = window.communicate(timeout=60)
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
    assert window.returncode == 0 and "Traceback" not in errors, errors
    width, height = json.loads(line)["layout"]["cell0"]["rect"][2:]
    assert height == round(width * 1.4)  # the built-in design's proportions, not the theme's 1.5
    said = [each for each in errors.splitlines() if "aisleriot:mine" in each]
    assert len(said) == 1 and WHY in said[0], errors


def test_the_list_says_no_theme_can_be_drawn_and_why(without_resvg: dict[str, str]) -> None:
    listed = subprocess.run(python("-m", "eightoff", "themes", "--json"), env=without_resvg,
                            capture_output=True, text=True, timeout=60, check=False)
    assert listed.returncode == 0, listed.stderr
    assert [(row["id"], row["drawable"], row["reason"]) for row in json.loads(listed.stdout)] == [
        ("aisleriot:mine", False, WHY)]
