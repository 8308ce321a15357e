"""`python -m eightoff solve` as a subprocess, its output replayed by `python -m eightoff replay`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.variants import FREECELL


def eightoff(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "eightoff", *args], capture_output=True, text=True, input=stdin, timeout=120
    )


def test_solution_replays_as_won(tmp_path: Path) -> None:
    solved = eightoff("solve", "--deal", "1")
    assert solved.returncode == 0 and solved.stderr == ""
    lines = solved.stdout.splitlines()
    assert lines and all(line.startswith("Move ") for line in lines)
    (tmp_path / "moves.txt").write_text(solved.stdout)
    replay = eightoff("replay", "--deal", "1", str(tmp_path / "moves.txt"))
    assert replay.stdout == "won\n"


def test_board_file_and_other_rules(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(format_board(deal(3, FREECELL)))
    solved = eightoff("solve", str(board), "--rules", "freecell")
    assert solved.returncode == 0
    replay = eightoff("replay", str(board), "-", "--rules", "freecell", stdin=solved.stdout)
    assert replay.stdout == "won\n"


def test_unwinnable_deal_prints_unsolvable() -> None:
    result = eightoff("solve", "--deal", "644")
    assert (result.returncode, result.stdout, result.stderr) == (0, "unsolvable\n", "")


def test_tiny_time_limit_prints_unknown() -> None:
    result = eightoff("solve", "--deal", "206", "--time-limit", "0.000001")
    assert (result.returncode, result.stdout) == (0, "unknown\n")


def test_json_shape() -> None:
    result = eightoff("solve", "--deal", "2", "--json")
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 1
    record = json.loads(result.stdout)
    assert set(record) == {"status", "solution", "seconds"}
    assert record["status"] == "solved" and record["solution"][0].startswith("Move ")
    assert isinstance(record["seconds"], float) and record["seconds"] >= 0
    lost = json.loads(eightoff("solve", "--deal", "465", "--json").stdout)
    assert lost["status"] == "unsolved" and lost["solution"] == []


def test_bad_board_is_one_line_and_exit_2(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("Freecells: - - - - - - - -\nKS QS XX\n")
    result = eightoff("solve", str(board))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "XX" in result.stderr


def test_board_and_deal_together_or_neither_are_usage_errors() -> None:
    for args in (["board.txt", "--deal", "1"], [], ["--deal", "1", "--time-limit", "0"]):
        result = eightoff("solve", *args)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
