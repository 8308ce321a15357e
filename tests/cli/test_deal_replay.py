"""`python -m eightoff deal` and `replay` run as real subprocesses on files in a temp folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.test_deals import EXPECTED, MICROSOFT_FREECELL_1

DATA = Path(__file__).parent.parent / "data"
SOLUTION_1 = DATA / "eightoff-standard-deal-1.solution"


def eightoff(*args: str | Path, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "eightoff", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
    )


def assert_usage_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr naming the problem, no traceback."""
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("eightoff: ")
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "deal1.board"
    path.write_text(EXPECTED[1])
    return path


class TestDeal:
    @pytest.mark.parametrize("number", [1, 32000, 123456789])
    def test_prints_the_board(self, number: int) -> None:
        result = eightoff("deal", number)
        assert (result.returncode, result.stdout, result.stderr) == (0, EXPECTED[number], "")

    def test_freecell_rules(self) -> None:
        assert eightoff("deal", "1", "--rules", "freecell").stdout == MICROSOFT_FREECELL_1

    @pytest.mark.parametrize("number", ["abc", "-5", "1.5", str(10**20 + 1)])
    def test_bad_deal_number(self, number: str) -> None:
        assert_usage_error(eightoff("deal", number), "deal number")

    def test_unknown_rules(self) -> None:
        assert_usage_error(eightoff("deal", "1", "--rules", "spider"), "spider")


class TestReplay:
    def test_fc_solve_solution_replays_as_won(self, board: Path) -> None:
        result = eightoff("replay", board, SOLUTION_1)
        assert (result.returncode, result.stdout, result.stderr) == (0, "won\n", "")

    def test_from_a_deal_number_and_stdin(self) -> None:
        result = eightoff("replay", "--deal", "1", "-", stdin=SOLUTION_1.read_text())
        assert (result.returncode, result.stdout) == (0, "won\n")

    def test_board_from_stdin(self) -> None:
        result = eightoff("replay", "-", SOLUTION_1, stdin=EXPECTED[1])
        assert (result.returncode, result.stdout) == (0, "won\n")

    def test_freecell(self) -> None:
        result = eightoff(
            "replay", "--rules", "freecell", "--deal", "617", DATA / "freecell-deal-617.solution"
        )
        assert (result.returncode, result.stdout) == (0, "won\n")

    def test_not_won_prints_the_final_board(self, tmp_path: Path) -> None:
        moves = tmp_path / "three.moves"
        moves.write_text("Move a card from freecell 1 to stack 7\nMove a card from stack 5 to freecell 4\n")
        result = eightoff("replay", "--deal", "1", moves)
        assert result.returncode == 0
        lines = result.stdout.splitlines()
        assert lines[0] == "not won"
        assert lines[1] == "Freecells: 6S - 2H 6H 3D - - -"
        assert lines[9] == "5H 3H 3C 7S 7D TC 9C"

    def test_empty_moves_file_is_not_won(self, board: Path, tmp_path: Path) -> None:
        empty = tmp_path / "none.moves"
        empty.write_text("")
        result = eightoff("replay", board, empty)
        assert result.returncode == 0 and result.stdout == "not won\n" + EXPECTED[1]

    def test_illegal_move_names_its_line_and_reason(self, tmp_path: Path) -> None:
        moves = tmp_path / "bad.moves"
        moves.write_text(
            "-=-=-=-\n\nMove a card from freecell 1 to stack 7\nMove a card from stack 0 to stack 1\n"
        )
        result = eightoff("replay", "--deal", "1", moves)
        assert result.returncode == 1
        assert result.stdout == (
            "line 4: Move a card from stack 0 to stack 1: Only the 7 of spades can go on the 8 of spades\n"
        )
        assert "Traceback" not in result.stderr

    def test_move_from_an_empty_pile_is_illegal_not_garbled(self, tmp_path: Path) -> None:
        moves = tmp_path / "empty.moves"
        moves.write_text("Move a card from freecell 6 to the foundations\n")
        result = eightoff("replay", "--deal", "1", moves)
        assert result.returncode == 1 and result.stdout.startswith("line 1: ")
        assert "There is no card in cell 7" in result.stdout

    def test_takeback_option(self, tmp_path: Path) -> None:
        moves = tmp_path / "takeback.moves"
        moves.write_text(
            "Move a card from stack 5 to freecell 4\nMove a card from stack 5 to freecell 5\n"
            "Move a card from stack 5 to the foundations\nMove a card from foundation 0 to freecell 6\n"
        )
        refused = eightoff("replay", "--deal", "1", moves)
        assert refused.returncode == 1 and "line 4" in refused.stdout
        allowed = eightoff("replay", "--deal", "1", "--takeback", moves)
        assert allowed.returncode == 0 and allowed.stdout.startswith("not won\n")


BOARD_DAMAGE = [
    ("unknown card", lambda t: t.replace("JD KD", "JD XX"), ["line 2", "unknown card 'XX'"]),
    ("duplicate card", lambda t: t.replace("JD KD", "JD 6S"), ["line 2", "6S appears twice"]),
    ("missing card", lambda t: t.replace(" TC\n", "\n"), ["missing cards: TC"]),
    ("missing column", lambda t: t.rsplit("\n", 2)[0] + "\n", ["expected 8 columns, found 7"]),
    ("too many cells", lambda t: t.replace("6H - - - -", "6H - - - - 2C"), ["line 1", "9 free cells"]),
    ("empty file", lambda t: "", ["expected 8 columns, found 0"]),
]


class TestBadInput:
    @pytest.mark.parametrize("damage", BOARD_DAMAGE, ids=[case[0] for case in BOARD_DAMAGE])
    def test_bad_board(self, tmp_path: Path, damage: tuple[str, object, list[str]]) -> None:
        _, change, words = damage
        path = tmp_path / "bad.board"
        path.write_text(change(EXPECTED[1]))  # type: ignore[operator]
        assert_usage_error(eightoff("replay", path, SOLUTION_1), "bad.board", *words)

    def test_garbled_move_line(self, tmp_path: Path) -> None:
        moves = tmp_path / "garbled.moves"
        moves.write_text("Move a card from freecell 1 to stack 7\nJump the queen\n")
        assert_usage_error(eightoff("replay", "--deal", "1", moves), "garbled.moves' line 2",
                           "Jump the queen")

    def test_move_naming_a_pile_that_does_not_exist(self, tmp_path: Path) -> None:
        moves = tmp_path / "nine.moves"
        moves.write_text("Move a card from stack 9 to freecell 4\n")
        assert_usage_error(eightoff("replay", "--deal", "1", moves), "line 1", "no stack 9")

    def test_missing_files(self, board: Path, tmp_path: Path) -> None:
        assert_usage_error(
            eightoff("replay", tmp_path / "nope", SOLUTION_1), "board file", "nope", "No such file"
        )
        assert_usage_error(eightoff("replay", board, tmp_path / "nope"), "moves file", "No such file")

    def test_directory_as_file(self, board: Path, tmp_path: Path) -> None:
        assert_usage_error(eightoff("replay", tmp_path, SOLUTION_1), "board file", "directory")
        assert_usage_error(eightoff("replay", board, tmp_path), "moves file", "directory")

    def test_an_endless_file_is_refused_at_its_size_limit(self, board: Path) -> None:
        assert_usage_error(eightoff("replay", board, "/dev/zero"), "moves file", "larger than 4 MB")
        assert_usage_error(eightoff("replay", "/dev/urandom", SOLUTION_1), "board file", "larger than 4 MB")

    def test_non_utf8_file(self, board: Path, tmp_path: Path) -> None:
        binary = tmp_path / "binary"
        binary.write_bytes(b"\xff\xfe\x00garbage")
        assert_usage_error(eightoff("replay", binary, SOLUTION_1), "board file", "binary", "not UTF-8 text")
        assert_usage_error(eightoff("replay", board, binary), "moves file", "binary", "not UTF-8 text")

    @pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their permissions")
    def test_file_without_read_permission(self, board: Path, tmp_path: Path) -> None:
        locked = tmp_path / "locked.moves"
        locked.write_text("Move a card from freecell 1 to stack 7\n")
        locked.chmod(0)
        assert_usage_error(eightoff("replay", board, locked), "moves file", "Permission denied")

    def test_path_through_a_file(self, board: Path) -> None:
        assert_usage_error(eightoff("replay", board, board / "moves"), "moves file", "Not a directory")

    def test_bad_deal_number_for_replay(self) -> None:
        assert_usage_error(eightoff("replay", "--deal", "x", SOLUTION_1), "deal number", "'x'")

    def test_wrong_number_of_files(self, board: Path) -> None:
        assert_usage_error(eightoff("replay", board), "BOARD MOVES")
        assert_usage_error(eightoff("replay", "--deal", "1", board, SOLUTION_1), "MOVES with --deal")

    def test_both_from_stdin(self) -> None:
        assert_usage_error(eightoff("replay", "-", "-", stdin=EXPECTED[1]), "standard input")
