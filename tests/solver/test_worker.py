"""The background worker: a real spawned process, cancelled and superseded as the window will."""

from __future__ import annotations

import multiprocessing
import select
import threading

import pytest

from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.variants import STANDARD
from eightoff.solver import SOLVED, UNSOLVED
from eightoff.solver.worker import SolverWorker

WAIT = 120.0
"""Generous: a ceiling for a stuck worker, not a speed requirement."""


def endless() -> Position:
    """Deal 1 without the Ace of hearts: never won, and far too large to search exhaustively."""
    start = deal(1)
    columns = tuple(tuple(card for card in column if str(card) != "AH") for column in start.columns)
    cells = tuple(None if card is not None and str(card) == "AH" else card for card in start.cells)
    return Position(columns, cells, start.foundations)


@pytest.fixture
def worker():
    with SolverWorker() as solver_worker:
        yield solver_worker


def test_no_process_before_the_first_request(worker: SolverWorker) -> None:
    assert worker.fileno() is None and not worker.pending
    assert worker.poll() is None
    assert multiprocessing.active_children() == []


def test_a_result_comes_back_with_its_tag(worker: SolverWorker) -> None:
    worker.submit(deal(1), STANDARD, None, "deal 1")
    assert worker.pending
    tag, result = worker.wait(WAIT)
    assert tag == "deal 1" and result.status == SOLVED and result.moves
    assert not worker.pending


def test_a_newer_request_cancels_the_running_one(worker: SolverWorker) -> None:
    worker.submit(endless(), STANDARD, None, "endless")
    worker.submit(deal(644), STANDARD, None, "644")
    answer = worker.wait(WAIT)
    assert answer is not None, "the endless search was not cancelled"
    tag, result = answer
    assert tag == "644" and result.status == UNSOLVED


def test_cancel_forgets_the_request_and_frees_the_process(worker: SolverWorker) -> None:
    worker.submit(endless(), STANDARD, None, "endless")
    worker.cancel()
    assert not worker.pending and worker.poll() is None
    worker.submit(deal(2), STANDARD, None, "deal 2")
    answer = worker.wait(WAIT)
    assert answer is not None and answer[0] == "deal 2"


def test_positions_along_a_found_line_are_answered_from_the_cache(worker: SolverWorker) -> None:
    worker.submit(deal(3), STANDARD, None, "start")
    _, result = worker.wait(WAIT)
    after_hint = deal(3).apply(result.moves[0])
    worker.submit(after_hint, STANDARD, None, "next")
    tag, cached = worker.poll()  # no waiting: already known
    assert tag == "next" and cached.moves == result.moves[1:]


def test_notify_is_called_and_fileno_becomes_readable() -> None:
    woken = threading.Event()
    with SolverWorker(notify=woken.set) as worker:
        worker.submit(deal(4), STANDARD, None, "four")
        readable, _, _ = select.select([worker.fileno()], [], [], WAIT)
        assert readable
        assert woken.wait(WAIT)
        assert worker.poll()[0] == "four"


def test_close_stops_the_process_and_a_new_request_restarts_it(worker: SolverWorker) -> None:
    worker.submit(deal(5), STANDARD, None, "five")
    assert worker.wait(WAIT) is not None
    worker.close()
    assert worker.fileno() is None
    assert multiprocessing.active_children() == []
    worker.submit(deal(6), STANDARD, None, "six")
    assert worker.wait(WAIT)[0] == "six"
