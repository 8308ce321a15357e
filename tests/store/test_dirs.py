from __future__ import annotations

from pathlib import Path

import pytest
from platformdirs import PlatformDirs

from eightoff.store import HomeDirs, Store, default_dirs


def test_eightoff_home_puts_every_folder_under_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EIGHTOFF_HOME", str(tmp_path))
    dirs = default_dirs()
    assert dirs == HomeDirs(tmp_path)
    assert [dirs.user_config_path, dirs.user_data_path, dirs.user_state_path] == [
        tmp_path / "config",
        tmp_path / "data",
        tmp_path / "state",
    ]
    assert Store().preferences_path == tmp_path / "config" / "preferences.json"


def test_without_it_the_per_user_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EIGHTOFF_HOME", raising=False)
    dirs = default_dirs()
    assert isinstance(dirs, PlatformDirs)
    assert dirs.user_data_path == PlatformDirs("eightoff", appauthor=False).user_data_path
    assert dirs.user_data_path.name == "eightoff"
