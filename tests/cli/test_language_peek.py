"""The command line reads the language preference before anything else: a preferences file
that is a FIFO, a folder or garbage must neither hang it nor stop it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("kind", ["fifo", "folder", "garbage"])
def test_a_bad_preferences_file_neither_hangs_nor_stops_the_command_line(tmp_path: Path, kind: str) -> None:
    config = tmp_path / "config"
    config.mkdir()
    path = config / "preferences.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"\xff[[[")
    result = subprocess.run([sys.executable, "-m", "eightoff", "stats"], capture_output=True, text=True,
                            env={**os.environ, "EIGHTOFF_HOME": str(tmp_path)}, timeout=60)
    assert result.returncode == 0 and "Traceback" not in result.stderr
