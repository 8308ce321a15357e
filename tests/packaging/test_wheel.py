"""The wheel carries the assets and the `eightoff` command, and works once installed."""

from __future__ import annotations

import configparser
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.packaging.conftest import ROOT, assert_valid_desktop_file, clean_env

pytestmark = [pytest.mark.system, pytest.mark.slow]  # pip builds and installs the wheel

ASSETS = ROOT / "eightoff" / "assets"


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_wheel_contains_every_asset(built_wheel: Path) -> None:
    names = wheel_names(built_wheel)
    assets = sorted(path for path in ASSETS.rglob("*") if path.is_file())
    assert {"icon.svg", "eightoff.desktop", "eightoff-16.png", "eightoff-256.png"} <= {p.name for p in assets}
    for path in assets:
        assert path.relative_to(ROOT).as_posix() in names


def test_wheel_declares_eightoff_as_a_gui_script(built_wheel: Path) -> None:
    """gui_scripts rather than console_scripts, so Windows opens no console window."""
    with zipfile.ZipFile(built_wheel) as archive:
        (entry_points,) = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        parser = configparser.ConfigParser()
        parser.read_string(archive.read(entry_points).decode())
    assert dict(parser["gui_scripts"]) == {"eightoff": "eightoff.__main__:main"}
    assert not parser.has_section("console_scripts")


def test_installed_command_runs_from_the_wheel(wheel_venv: Path) -> None:
    command = wheel_venv / "bin" / "eightoff"
    where = subprocess.run(
        [str(wheel_venv / "bin" / "python"), "-c", "import eightoff; print(eightoff.__file__)"],
        capture_output=True, text=True, check=True, env=clean_env(), cwd=wheel_venv,
    ).stdout.strip()
    assert Path(where).is_relative_to(wheel_venv)  # the wheel's copy, not the source checkout
    installed = subprocess.run(
        [str(command), "deal", "617"], capture_output=True, text=True, check=True, env=clean_env()
    )
    from_source = subprocess.run(
        [sys.executable, "-m", "eightoff", "deal", "617"], capture_output=True, text=True, check=True
    )
    assert installed.stdout == from_source.stdout
    assert installed.stdout.startswith("Freecells:")


def test_installed_command_installs_its_desktop_entry(wheel_venv: Path, tmp_path: Path) -> None:
    """From a wheel the entry points at that install's command and copies that install's icons."""
    env = clean_env(XDG_DATA_HOME=str(tmp_path))
    command = wheel_venv / "bin" / "eightoff"
    subprocess.run([str(command), "install-desktop"], capture_output=True, text=True, check=True, env=env)
    entry = tmp_path / "applications" / "eightoff.desktop"
    assert f"\nExec={command}\n" in entry.read_text()
    assert_valid_desktop_file(entry)
    svg = tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "eightoff.svg"
    assert svg.read_bytes() == (ASSETS / "icon.svg").read_bytes()
    subprocess.run(
        [str(command), "install-desktop", "--uninstall"], capture_output=True, text=True, check=True, env=env
    )
    assert not entry.exists() and not svg.exists()
