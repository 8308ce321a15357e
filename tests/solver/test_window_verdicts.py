"""The window's worker decides every deal the command line decides within 2 s, and ends itself
when a search has left it large."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.variants import STANDARD, preset
from eightoff.solver.limits import SOLVED, UNKNOWN, Budget
from eightoff.solver.solve import solve
from eightoff.solver.worker import IDLE_MOST, WORKER_MEMORY, SolverWorker
from tests.solver.waiting import answer, cpu_seconds

COMMAND_LINE_NODES = 120_000
"""The command line's 2 s as boards: its searches count 60,000 (Seahaven Towers, the slowest
game) to 100,000 (Raglan) boards a second, so none it decides in 2 s needs more."""
WAIT = 300.0
"""A ceiling for a stuck worker, not a speed requirement."""

ONCE_UNDECIDED = [
    ("bakers", 223), ("bakers", 252), ("seahaven", 90), ("seahaven", 91), ("seahaven", 119),
    ("seahaven", 135), ("seahaven", 178), ("seahaven", 281), ("seahaven", 283), ("raglan", 82),
    ("raglan", 121), ("raglan", 123), ("raglan", 147), ("raglan", 210), ("raglan", 225),
    ("raglan", 269), ("raglan", 275), ("freecell", 286),
]
"""Deals 1-300 of each game (1-150 of easy Eight Off) that the command line decides within
COMMAND_LINE_NODES and the worker, at its old 40 MB, left "winnable?"; FreeCell 286, decided
at 40 MB, was left undecided at 112 (scripts/window_verdicts.py makes the list)."""


def resident(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmRSS:")).split()[1]) * 1024


@pytest.mark.slow
@pytest.mark.parametrize(("game", "number"), ONCE_UNDECIDED, ids=[f"{g}-{n}" for g, n in ONCE_UNDECIDED])
def test_the_window_s_worker_decides_what_the_command_line_decides(game: str, number: int) -> None:
    rules = preset(game)
    start = deal(number, rules)
    plain = solve(start, rules, Budget(nodes=COMMAND_LINE_NODES))
    assert plain.status != UNKNOWN, "the command line no longer decides it: remake the list"
    with SolverWorker() as worker:  # as the window starts it, with the command line's boards
        worker.submit(start, rules, None, "deal", COMMAND_LINE_NODES)
        tag, result = answer(worker)
        assert tag == "deal" and result.status == plain.status
        assert worker.footprint.peak <= WORKER_MEMORY
        if sys.platform.startswith("linux"):  # between searches it is small again, or gone
            assert worker.pid is None or resident(worker.pid) <= IDLE_MOST


def endless() -> Position:
    """Deal 1 without the Ace of hearts: never won, and far too large to search exhaustively."""
    start = deal(1)
    columns = tuple(tuple(card for card in column if str(card) != "AH") for column in start.columns)
    return Position(columns, start.cells, start.foundations)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_left_large_is_ended_and_a_newer_request_goes_to_a_fresh_one() -> None:
    """With a 1 MB bound every answer leaves the worker "large": the one that answers the
    endless search is ended as it answers, and the request that superseded it is answered by
    a fresh worker, not lost as "unknown"."""
    with SolverWorker(memory=None, idle=1 << 20) as worker:  # uncapped: the search runs on
        worker.submit(endless(), STANDARD, None, "endless")
        first = worker.pid
        assert first is not None
        while cpu_seconds(first) < 1.0:  # past its start-up: in the search (a sync, not a figure)
            assert worker.wait(0.05) is None
        worker.submit(deal(2), STANDARD, None, "deal 2")
        tag, result = worker.wait(WAIT)
        assert tag == "deal 2" and result.status == SOLVED
        assert worker.pid is None  # this one too, once it had answered
        worker.submit(deal(3), STANDARD, None, "deal 3")  # and the next one starts another
        assert worker.wait(WAIT)[1].status == SOLVED
    assert not Path(f"/proc/{first}").exists()  # ended, and reaped by the time it closed
