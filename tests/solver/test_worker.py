"""The background worker: a real process, cancelled and superseded as the window will."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import STANDARD, preset
from eightoff.solver.limits import SOLVED, UNKNOWN, UNSOLVED, Budget
from eightoff.solver.solve import solve
from eightoff.solver.worker import WORKER_MEMORY, SolverWorker, WorkerUnavailable
from tests.solver.waiting import answer

ROOT = Path(__file__).resolve().parents[2]

WAIT = 120.0
"""Generous: a ceiling for a stuck worker, not a speed requirement."""


RAGLAN = preset("raglan")


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
    assert worker.pid is None


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
    pid = worker.pid
    assert pid is not None and not is_gone(pid)
    worker.close()
    assert worker.fileno() is None and worker.pid is None
    assert is_gone(pid)
    worker.submit(deal(6), STANDARD, None, "six")
    assert worker.wait(WAIT)[0] == "six"


# ----- bounds: memory, the window's death, a process that cannot start ------------------------

PARENT = """
import sys, time
from tests.solver.test_worker import endless
from eightoff.core.rules import Rules
from eightoff.core.variants import STANDARD, preset
from eightoff.solver.worker import SolverWorker
worker = SolverWorker()
worker.submit(endless(), STANDARD, None, "endless")
print(worker.pid, flush=True)
time.sleep(600)
"""


def is_gone(pid: int) -> bool:
    """Gone or a zombie (a container's first process may never reap it)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_worker_dies_with_a_killed_window() -> None:
    window = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        child = int(window.stdout.readline())
        time.sleep(0.5)  # deep in its search by now
        assert not is_gone(child)
        window.send_signal(signal.SIGKILL)
        window.wait()
        killed = time.monotonic()
        while not is_gone(child) and time.monotonic() - killed < 5:  # a hang guard, not a figure
            time.sleep(0.02)
        assert is_gone(child)
    finally:
        window.kill()


@pytest.mark.slow
def test_the_state_cap_ends_a_search_as_unknown() -> None:
    with SolverWorker(states=20_000) as worker:
        worker.submit(endless(), STANDARD, None, "capped")
        tag, result = answer(worker)
        assert tag == "capped" and result.status == UNKNOWN and result.states <= 21_000


def test_the_window_s_worker_proves_a_deal_lost_as_the_command_line_does() -> None:
    """FreeCell 11982, the one lost deal of 1..32000: its proof keeps 61,643 cheap keys, which
    a cap on boards counted at a best-first record's cost stopped a third of the way. The
    worker as the window starts it (its memory budget, no time limit) proves it, in the same
    boards as the command line's search."""
    rules = preset("freecell")
    start = deal(11982, rules)
    plain = solve(start, rules, Budget(nodes=200_000))
    assert plain.status == UNSOLVED
    with SolverWorker() as worker:
        worker.submit(start, rules, None, "lost")
        tag, result = answer(worker)
    assert tag == "lost" and result.status == UNSOLVED and result.nodes == plain.nodes


def raglan_without_the_two_of_hearts() -> Position:
    """Raglan 617 without 2H: never won, and the solver's three searches (without take-backs,
    the merged game's proof, with take-backs) each fill what the worker gives a search."""
    start = deal(617, RAGLAN)
    columns, hidden = [], list(start.hidden)
    for index, column in enumerate(start.columns):
        names = [str(card) for card in column]
        if "2H" in names:
            column = column[: names.index("2H")] + column[names.index("2H") + 1 :]
            hidden[index] -= names.index("2H") < hidden[index]
        columns.append(column)
    return start._replace(columns=tuple(columns), hidden=tuple(hidden))


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(
    ("position", "rules"),
    [(endless(), STANDARD), (raglan_without_the_two_of_hearts(), RAGLAN)],
    ids=["standard", "raglan"],
)
def test_the_window_s_worker_stays_in_its_memory_through_a_search_too_big_for_it(
    position: Position, rules: Rules
) -> None:
    with SolverWorker() as worker:  # as the window starts it: its memory budget ends the search
        worker.submit(position, rules, None, "endless")
        tag, result = answer(worker)
        assert tag == "endless" and result.status == UNKNOWN
        assert 0 < worker.footprint.peak <= WORKER_MEMORY  # as it measured it before answering
        worker.submit(deal(2), STANDARD, None, "after")  # and it goes on answering
        assert worker.wait(WAIT)[1].status == SOLVED


def test_a_worker_killed_in_a_search_answers_unknown_and_the_next_request_starts_another() -> None:
    with SolverWorker() as worker:  # as when the system's out-of-memory killer picks it
        worker.submit(endless(), STANDARD, None, "endless")
        pid = worker.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        tag, result = worker.wait(WAIT)
        assert tag == "endless" and result.status == UNKNOWN
        worker.submit(deal(2), STANDARD, None, "after")
        assert worker.wait(WAIT)[1].status == SOLVED and worker.pid not in (None, pid)



@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks to inherit")
def test_a_worker_started_with_sigterm_blocked_still_ends_on_sigterm() -> None:
    """The window blocks SIGTERM to wait for it on a thread of its own, and the worker's
    process inherits that mask: it lets the signal in again, as a process started afresh."""
    stops = {signal.SIGTERM, signal.SIGINT}
    with SolverWorker() as worker:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, stops)
        try:
            worker.submit(endless(), STANDARD, None, "endless")
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        pid = worker.pid
        assert pid is not None
        os.kill(pid, signal.SIGTERM)
        tag, result = worker.wait(WAIT)  # a hang guard: a worker that ignored it would search on
        assert tag == "endless" and result.status == UNKNOWN and is_gone(pid)

@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux enforces it")
def test_the_memory_cap_ends_a_search_as_unknown_and_the_worker_goes_on() -> None:
    with SolverWorker(memory=60 << 20, states=10**9) as worker:
        worker.submit(endless(), STANDARD, None, "grows")
        tag, result = answer(worker)
        assert tag == "grows" and result.status == UNKNOWN
        worker.submit(deal(2), STANDARD, None, "after")
        assert worker.wait(WAIT)[1].status == SOLVED


def test_a_process_that_cannot_start_is_worker_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    with SolverWorker() as worker, pytest.raises(WorkerUnavailable, match="could not start"):
        worker.submit(deal(1), STANDARD, None, "never")
