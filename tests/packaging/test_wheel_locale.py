"""The wheel carries the compiled catalogues, and the installed program speaks Italian from them."""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.packaging.conftest import clean_env

pytestmark = [pytest.mark.system, pytest.mark.slow]  # pip builds and installs the wheel


def test_wheel_holds_the_compiled_catalogue(built_wheel: Path) -> None:
    names = zipfile.ZipFile(built_wheel).namelist()
    assert "eightoff/locale/it/LC_MESSAGES/eightoff.mo" in names
    assert "eightoff/locale/__init__.py" in names


def test_installed_program_speaks_italian(wheel_venv: Path) -> None:
    result = subprocess.run(
        [str(wheel_venv / "bin" / "eightoff"), "--help"],
        capture_output=True, text=True, timeout=60, check=False,
        env=clean_env(LANGUAGE="", LC_ALL="", LC_MESSAGES="", LANG="it_IT.UTF-8"),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("uso: eightoff")
