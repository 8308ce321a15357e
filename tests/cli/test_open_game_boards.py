"""A board that breaks its game's rules, or a file that is no board at all, given to `eightoff
solve`: one line naming the problem, status 2, nothing on stdout; a board that keeps them,
printed by `eightoff deal`, is solved."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.__main__ import run_loaded
from eightoff.cli import run
from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.variants import PRESETS
from tests.core.broken_boards import broken, cases


def solve(key: str, board: str | bytes | None, path: str | Path = "-", **run: Any
          ) -> subprocess.CompletedProcess[str]:
    """`eightoff solve` of `board` on its standard input, or of the file `path` (board None)."""
    environment = dict(os.environ, LANGUAGE="", LC_ALL="C", PYGAME_HIDE_SUPPORT_PROMPT="1")
    given = board.encode() if isinstance(board, str) else board
    command = [sys.executable, "-m", "eightoff", "solve", "--rules", key, "--max-states", "20000", str(path)]
    result = subprocess.run(command, input=given, capture_output=True, timeout=60, env=environment, **run)
    return subprocess.CompletedProcess(result.args, result.returncode, result.stdout.decode(),
                                       result.stderr.decode())


def assert_refused(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result
    assert result.stdout == "" and "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert all(word in line for word in words), line


def board(key: str) -> list[str]:
    return format_board(deal(5, PRESETS[key])).splitlines()


BROKEN: dict[str, tuple[str, Callable[[list[str]], list[str]], str]] = {
    "bakers-dozen, a King on a card": ("bakers-dozen", lambda lines: ["QH KS 2C 3C", *lines[1:]],
                                       "lies on another card"),
    "fan, a free cell": ("fan", lambda lines: ["Freecells: -", *lines], "no free cells"),
    "beleaguered castle, a free cell": ("beleaguered-castle", lambda lines: [*lines[:1], "Freecells: -",
                                                                            *lines[1:]], "no free cells"),
    "citadel, a column too many": ("citadel", lambda lines: [*lines, ":"], "more than the 8 columns"),
    "streets and alleys, a card twice": ("streets-and-alleys",
                                         lambda lines: [lines[0] + " " + lines[1].split()[0], *lines[1:]],
                                         "appears twice"),
    "relaxed freecell, a column short": ("relaxed-freecell", lambda lines: lines[:-1], "expected 8 columns"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_board_that_breaks_the_rules_is_one_line_and_status_2(case: str) -> None:
    key, broken, problem = BROKEN[case]
    result = solve(key, "\n".join(broken(board(key))) + "\n")
    assert result.returncode == 2, result
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert problem in line and "Traceback" not in result.stderr


@pytest.mark.parametrize(("key", "name"), cases()[::4])
def test_a_game_broken_each_way_in_turn_is_refused_by_solve(key: str, name: str) -> None:
    """A quarter of the game-and-way pairs, so that each game and each way is met at least
    once as a subprocess (all of them are checked in-process in tests/core)."""
    text, words = broken(key, name)
    assert_refused(solve(key, text), words)


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("empty", b"", ("expected 8 columns, found 0",)),
        ("not UTF-8", format_board(deal(5, PRESETS["citadel"])).encode().replace(b"KD", b"K\xe9"),
         ("is not UTF-8 text",)),
        ("garbage bytes", bytes(range(256)) * 8, ("is not UTF-8 text",)),
        ("one long line", b"x" * 100_000, ("unknown card 'xxxxxxxxxxxxxxxxxxxxxxxxxxx...'",)),
        ("a huge file", b"KS " * 2_000_000, ("larger than 4 MB",)),
    ],
)
def test_input_that_is_no_board_is_one_short_line(name: str, data: bytes, words: tuple[str, ...]) -> None:
    result = solve("citadel", data)
    assert_refused(result, *words)
    assert len(result.stderr) < 200


def test_files_that_are_no_board_are_refused(tmp_path: Path) -> None:
    assert_refused(solve("fan", None, tmp_path), "Is a directory")
    assert_refused(solve("fan", None, tmp_path / "nope"), "No such file")
    assert_refused(solve("fan", None, "/dev/zero"), "larger than 4 MB")
    assert_refused(solve("fan", None, "-", stdin=subprocess.DEVNULL), "expected 18 columns, found 0")


def test_a_closed_standard_input_is_refused() -> None:
    assert_refused(solve("fan", None, "-", preexec_fn=lambda: os.close(0)),
                   "no standard input")


def test_a_board_an_editor_saved_with_a_byte_order_mark_and_crlf_reads() -> None:
    text = format_board(deal(5, PRESETS["fan"])).replace("\n", "\r\n")
    assert solve("fan", b"\xef\xbb\xbf" + text.encode()).returncode == 0


@pytest.mark.parametrize("key", ["fan", "bakers-dozen", "citadel"])
def test_the_deal_command_prints_a_board_solve_reads(key: str) -> None:
    printed = subprocess.run([sys.executable, "-m", "eightoff", "deal", "5", "--rules", key],
                             capture_output=True, text=True, timeout=60, check=True).stdout
    assert printed == format_board(deal(5, PRESETS[key]))
    assert solve(key, printed).returncode == 0


def test_a_named_pipe_is_refused_not_waited_on_for_ever(tmp_path: Path) -> None:
    """A FIFO no program writes would hang `solve` and `replay` with no word; they refuse it
    as `stats --import` does, and say how to read it."""
    pipe = tmp_path / "board.fifo"
    os.mkfifo(pipe)
    assert_refused(solve("fan", None, pipe), "it is a named pipe", f"< {pipe}")
    environment = dict(os.environ, LANGUAGE="", LC_ALL="C")
    replay = subprocess.run([sys.executable, "-m", "eightoff", "replay", "--deal", "1", "--rules", "citadel",
                             str(pipe)], capture_output=True, text=True, timeout=60, env=environment)
    assert_refused(replay, "moves file", "it is a named pipe")


def test_a_board_through_a_shells_pipe_is_read() -> None:
    """`eightoff solve <(eightoff deal 5)` names a pipe too, but the shell's own, not a named one."""
    text = format_board(deal(5, PRESETS["citadel"]))
    command = f"{sys.executable} -m eightoff solve --rules citadel --max-states 20000 /dev/stdin"
    result = subprocess.run(["bash", "-c", command], input=text, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("Move "), result


@st.composite
def corrupted(draw: st.DrawFn) -> tuple[str, bytes]:
    """A game and the bytes of one of its printed deals with one to three bytes changed,
    removed or added: a disk's damage or a slip in an editor."""
    key = draw(st.sampled_from(sorted(PRESETS)))
    data = bytearray(format_board(deal(draw(st.integers(1, 10**20)), PRESETS[key])).encode())
    for _change in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data) - 1))
        byte = draw(st.sampled_from(b"AKQT92CDHS-:[]# 0\n\r\x00\xff") | st.integers(0, 255))
        kind = draw(st.sampled_from(["replace", "delete", "insert"]))
        if kind == "replace":
            data[at] = byte
        elif kind == "delete":
            del data[at]
        else:
            data.insert(at, byte)
    return key, bytes(data)


@settings(max_examples=120)
@given(corrupted())
def test_a_board_with_any_bytes_damaged_is_solved_or_refused_in_one_line(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[str, bytes]
) -> None:
    """The command itself in this process (a subprocess each would take minutes), from a
    real file on disk: status 0, or 2 with one line on stderr and nothing on stdout."""
    key, data = case
    board = tmp_path_factory.mktemp("board") / "damaged.txt"
    board.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = run(["solve", "--rules", key, "--max-states", "300", str(board)], None, run_loaded)
        except SystemExit as done:
            status = done.code
    assert status in (0, 2), (status, err.getvalue())
    if status == 2:
        assert out.getvalue() == "" and len(err.getvalue().splitlines()) == 1, err.getvalue()
    else:
        assert err.getvalue() == "" and out.getvalue(), out.getvalue()


@pytest.mark.parametrize(("moves", "words"), [
    ("Move a card from stack 0 to freecell 0\n", "there is no freecell 0: fan rules have none"),
    ("Move a card from stack 18 to the foundations\n", "there is no stack 18: fan rules number them 0 to 17"),
])
def test_a_move_naming_a_pile_the_game_lacks_says_what_it_has(tmp_path: Path, moves: str, words: str) -> None:
    """Another game's solution (FreeCell's cells, Eight Off's columns) given for a deal of Fan:
    the refusal says which piles this game has, so the player sees the game is wrong."""
    solution = tmp_path / "other-game.moves"
    solution.write_text(moves)
    environment = dict(os.environ, LANGUAGE="", LC_ALL="C")
    result = subprocess.run([sys.executable, "-m", "eightoff", "replay", "--deal", "1", "--rules", "fan",
                             str(solution)], capture_output=True, text=True, timeout=60, env=environment)
    assert_refused(result, words)


def test_a_foundation_given_twice_is_named_as_such() -> None:
    """Not 'AH appears twice (also on line 1)' on line 1 itself."""
    lines = board("citadel")
    lines[0] = "Foundations: H-2 C-3 H-3 S-3"
    refused = solve("citadel", "\n".join(lines) + "\n")
    assert_refused(refused, "line 1: foundation H is given twice (H-2, H-3)")
