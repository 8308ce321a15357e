"""`python -m eightoff solve` as a subprocess, its output replayed by `python -m eightoff replay`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.replay import replay
from eightoff.core.variants import FREECELL, STANDARD, VARIANTS
from eightoff.solver.grade import GRADES, deals_of_grade


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
    """Deal 465 cannot be won, and its proof takes thousands of boards: the search looks at the
    clock every 128 boards, long before it could decide."""
    result = eightoff("solve", "--deal", "465", "--time-limit", "0.000001")
    assert (result.returncode, result.stdout) == (0, "unknown\n")


def test_json_shape() -> None:
    result = eightoff("solve", "--deal", "2", "--json")
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 1
    record = json.loads(result.stdout)
    assert set(record) == {"status", "solution", "seconds", "wall_seconds", "grade", "player_moves"}
    assert record["grade"] in GRADES
    assert record["status"] == "solved" and record["solution"][0].startswith("Move ")
    assert isinstance(record["seconds"], float) and record["seconds"] >= 0
    lost = json.loads(eightoff("solve", "--deal", "465", "--json").stdout)
    assert lost["status"] == "unsolved" and lost["solution"] == [] and lost["grade"] is None
    assert lost["player_moves"] is None


def test_json_gives_every_card_of_the_line_and_the_players_moves_beside_them(tmp_path: Path) -> None:
    """Deal 617: fc-solve's wording names all 85 cards that move, which `replay` (and other
    tools) can follow to a win; a player makes 33 moves of them, its par."""
    record = json.loads(eightoff("solve", "--deal", "617", "--json").stdout)
    assert (len(record["solution"]), record["player_moves"]) == (85, 33)
    (tmp_path / "moves.txt").write_text("\n".join(record["solution"]) + "\n")
    assert eightoff("replay", "--deal", "617", str(tmp_path / "moves.txt")).stdout == "won\n"


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


@pytest.mark.slow
@pytest.mark.parametrize("key", [key for key, game in VARIANTS.items() if game.grade_table])
def test_solve_deals_grades_a_deal_as_its_games_shipped_table_does(key: str) -> None:
    """A game's first medium deal, searched again by `solve --deals`: the grade it prints is
    the one the game's table ships (the same search, board for board), in the record and in
    the summary's count."""
    number = deals_of_grade(key, "medium")[0]
    result = eightoff("solve", "--deals", f"{number}-{number}", "--rules", key)
    line, last = (json.loads(text) for text in result.stdout.splitlines())
    assert (line["deal"], line["status"], line["grade"]) == (number, "solved", "medium"), result.stderr
    assert last["summary"]["grades"]["medium"] == 1


def test_a_range_of_deals_is_one_json_line_each_and_a_summary() -> None:
    result = eightoff("solve", "--deals", "463-466", "--jobs", "2", "--rules", "standard")
    assert result.returncode == 0 and result.stderr == ""
    *lines, last = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["deal"] for line in lines] == [463, 464, 465, 466]
    for line in lines:
        assert set(line) >= {"deal", "status", "moves", "player_moves", "seconds", "solution", "grade"}
        if line["status"] == "solved":
            *_, (_, end) = replay(deal(line["deal"], STANDARD), STANDARD, line["solution"])
            assert end.is_won and line["moves"] == len(line["solution"]) and line["grade"] in GRADES
            assert 0 < line["player_moves"] <= line["moves"]
    assert lines[2]["status"] == "unsolved" and lines[2]["grade"] is None and lines[2]["player_moves"] is None
    summary = last["summary"]
    assert (summary["deals"], summary["solved"], summary["unsolved"], summary["unknown"]) == (4, 3, 1, 0)
    assert sum(summary["grades"].values()) == 3


def test_bad_ranges_are_one_line_and_exit_2() -> None:
    for args in (["--deals", "5-3"], ["--deals", "0-3"], ["--deals", "1-100000000000000000001"],
                 ["--deals", "7"], ["--deals", "1-2", "--deal", "3"], ["board.txt", "--deals", "1-2"],
                 ["--deals", "1-2", "--jobs", "-1"], ["--deals", "1-2", "--time-limit", "inf"]):
        result = eightoff("solve", *args)
        assert result.returncode == 2 and result.stdout == "", args
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr, args


def test_the_memory_cap_gives_unknown() -> None:
    result = eightoff("solve", "--deal", "206", "--max-states", "50")
    assert (result.returncode, result.stdout) == (0, "unknown\n")
