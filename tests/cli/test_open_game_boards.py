"""A board that breaks its game's rules, given to `eightoff solve`: one line naming the problem,
status 2, nothing on stdout; a board that keeps them, printed by `eightoff deal`, is solved."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest

from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.variants import PRESETS


def solve(key: str, board: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, LANGUAGE="", LC_ALL="C", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-m", "eightoff", "solve", "--rules", key, "--max-states", "20000",
                           "-"], input=board, capture_output=True, text=True, timeout=60, env=environment)


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


@pytest.mark.parametrize("key", ["fan", "bakers-dozen", "citadel"])
def test_the_deal_command_prints_a_board_solve_reads(key: str) -> None:
    printed = subprocess.run([sys.executable, "-m", "eightoff", "deal", "5", "--rules", key],
                             capture_output=True, text=True, timeout=60, check=True).stdout
    assert printed == format_board(deal(5, PRESETS[key]))
    assert solve(key, printed).returncode == 0
