"""A games row whose deal or par is of the wrong type (written by hand): the STRICT schema refuses
it, and the commands that read figures from the rows answer as before, never a traceback.
Subprocesses on a real disk."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli.test_output_and_history import run, some_games

DAY = "2026-01-15"


@pytest.mark.parametrize("change", [
    "UPDATE games SET deal = 'xyz' WHERE seq = 1",
    "UPDATE games SET deal = X'00ff' WHERE seq = 1",
    "UPDATE games SET deal = 1.5 WHERE seq = 1",
    "UPDATE games SET moves = 'many' WHERE seq = 1",
    f"UPDATE games SET daily = '{DAY}', par = 'abc' WHERE seq = 3",
    f"UPDATE games SET daily = '{DAY}', par = 2.5 WHERE seq = 3",
    f"UPDATE games SET daily = '{DAY}', seconds = 'long' WHERE seq = 3",
])
def test_a_row_of_the_wrong_type_is_refused(tmp_path: Path, change: str) -> None:
    some_games(tmp_path, 5)
    with contextlib.closing(sqlite3.connect(tmp_path / "data" / "games.db")) as connection, \
            pytest.raises(sqlite3.IntegrityError):
        connection.execute(change)
    result = run(tmp_path, "stats", "--json", "--rules", "standard")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    bests = json.loads(result.stdout)["personal_bests"]
    assert {best["deal"] for best in bests} <= {1, 3, 5} and len(bests) >= 2
    shared = run(tmp_path, "daily", "--share", "--rules", "standard", "--date", DAY)
    assert shared.returncode == 0 and "Traceback" not in shared.stderr, shared.stderr
    assert shared.stdout.startswith(f"Eight Off daily {DAY}")
