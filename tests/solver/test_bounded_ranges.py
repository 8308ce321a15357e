"""A range of deals takes bounded processes and memory, whatever --jobs and its length: `--jobs 10000`
on two deals once started hundreds of processes."""

from __future__ import annotations

import itertools
import json
import os
import statistics
import subprocess
import sys
import tracemalloc
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from eightoff.core.limits import LAST_DEAL
from eightoff.core.variants import STANDARD
from eightoff.solver.batch import SIGNIFICANT, Job, Summary, deal_count, solve_deals

RECORDER = """
import os, sys
if "--multiprocessing-fork" in sys.argv:
    with open(os.path.join(os.environ["STARTED_IN"], str(os.getpid())), "w") as note:
        note.write(str(os.getppid()))
"""
"""A sitecustomize that notes every worker process multiprocessing's spawn starts, and its
parent, before it runs anything else: the test counts the workers whatever their lifetime."""


def test_jobs_are_capped_by_the_deals_and_the_cores(tmp_path: Path) -> None:
    hooks, started = tmp_path / "hooks", tmp_path / "started"
    hooks.mkdir()
    started.mkdir()
    (hooks / "sitecustomize.py").write_text(RECORDER)
    path = os.pathsep.join(filter(None, [str(hooks), os.environ.get("PYTHONPATH")]))
    process = subprocess.run(
        [sys.executable, "-m", "eightoff", "solve", "--deals", "1-2", "--jobs", "20", "--max-states", "2000"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": path, "STARTED_IN": str(started)})
    assert process.returncode == 0, process.stderr
    assert json.loads(process.stdout.splitlines()[-1])["summary"]["deals"] == 2
    workers = min(2, os.cpu_count() or 1)  # the deals or the cores, not the jobs asked for
    notes = list(started.iterdir())
    if workers == 1:
        assert notes == []  # one process solves in itself
    else:
        # At least one worker is seen, so the recorder works. The pool starts all its workers at
        # once, but ends them when the work is done: on a loaded machine the last can be ended
        # before its interpreter reaches the recorder, so fewer notes than workers is no fault.
        assert 1 <= len(notes) <= workers
    assert len({note.read_text() for note in notes}) <= 1  # all started by the command


def test_a_huge_range_streams_in_bounded_memory() -> None:
    job = Job(STANDARD, None, 500)
    tracemalloc.start()
    records = list(itertools.islice(solve_deals(range(1, LAST_DEAL + 1), job, 2), 40))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [record["deal"] for record in records] == list(range(1, 41))
    assert peak < 20 << 20, f"{peak} bytes held for 40 deals"


def test_deal_count_of_ranges_past_sys_maxsize() -> None:
    assert deal_count(range(1, LAST_DEAL + 1)) == LAST_DEAL
    assert deal_count(range(5, 5)) == 0


@given(st.lists(st.tuples(st.floats(0, 1000), st.integers(0, 500), st.booleans()), min_size=1, max_size=200))
def test_the_running_summary_gives_the_figures_of_the_records(entries: list[tuple[float, int, bool]]) -> None:
    totals = Summary()
    for seconds, moves, solved in entries:
        totals.add({"status": "solved" if solved else "unsolved", "seconds": seconds, "moves": moves,
                    "grade": "easy" if solved else None})
    figures = totals.figures()
    kept = [float(f"{seconds:.{SIGNIFICANT}g}") for seconds, _moves, _solved in entries]
    lengths = [moves for _seconds, moves, solved in entries if solved]
    assert figures["deals"] == len(entries)
    assert figures["median_seconds"] == round(statistics.median(kept), 6)
    assert figures["median_moves"] == (statistics.median(lengths) if lengths else 0)
    assert figures["p99_seconds"] == round(sorted(kept)[min(len(kept) - 1, int(0.99 * len(kept)))], 6)
    assert figures["max_seconds"] == round(max(seconds for seconds, _moves, _solved in entries), 6)
    assert figures["grades"]["easy"] == len(lengths)


def test_a_time_limit_past_the_limits_is_refused_in_one_line() -> None:
    for text in ("1e9", "inf", "nan", "0"):
        command = ["solve", "--deal", "1", "--time-limit", text]
        result = subprocess.run([sys.executable, "-m", "eightoff", *command], capture_output=True, text=True,
                                timeout=60)
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, (text, result.stderr)
