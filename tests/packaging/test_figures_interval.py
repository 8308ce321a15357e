"""The interval the benchmarks give a median of paired rounds (scripts/_figures.py): it must hold
the median as surely as it says, and be no wider than that needs, or a "no slower" verdict
would be claimed on too little or refused on enough."""

from __future__ import annotations

import importlib.util
import math
import statistics
from pathlib import Path
from types import ModuleType

from hypothesis import given
from hypothesis import strategies as st

FIGURES = Path(__file__).resolve().parents[2] / "scripts" / "_figures.py"


def figures() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_figures", FIGURES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIGURES_MODULE = figures()


def covered(count: int, k: int) -> float:
    """The chance that the true median lies between the k-th smallest and k-th largest of
    `count` values: that at least k and at most count - k of them fall below it."""
    return sum(math.comb(count, below) for below in range(k, count - k + 1)) / (1 << count)


def test_the_order_statistics_of_eleven_and_twenty_one_rounds() -> None:
    rounds = [float(value) for value in range(1, 22)]
    assert FIGURES_MODULE.median_interval(rounds[:11]) == (6.0, 2.0, 10.0, covered(11, 2))
    assert FIGURES_MODULE.median_interval(rounds) == (11.0, 6.0, 16.0, covered(21, 6))
    assert round(covered(11, 2), 4) == 0.9883 and round(covered(21, 6), 4) == 0.9734


@given(st.lists(st.floats(min_value=0.1, max_value=10.0), min_size=1, max_size=60))
def test_the_interval_holds_the_median_as_surely_as_it_says_and_no_wider(values: list[float]) -> None:
    ordered, count = sorted(values), len(values)
    sure = [k for k in range(1, (count + 1) // 2 + 1) if covered(count, k) >= FIGURES_MODULE.CONFIDENCE]
    k = max(sure, default=1)  # the narrowest interval sure enough; the whole range when none is
    assert FIGURES_MODULE.median_interval(values) == (
        statistics.median(values), ordered[k - 1], ordered[count - k], covered(count, k))
    assert count < 6 or covered(count, k) >= FIGURES_MODULE.CONFIDENCE
