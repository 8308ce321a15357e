"""The game clock counts the time the window is shown and running, not the time the
process was stopped (SIGSTOP, Ctrl+Z), however long."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from eightoff.session.clock import MAX_GAP, GameClock


@given(st.lists(st.floats(0.0, 100_000.0), max_size=50))
def test_gaps_between_looks_count_at_most_max_gap(gaps: list[float]) -> None:
    clock = GameClock(7.0)
    now = 1000.0
    clock.run(now, True)
    expected = 7.0
    for gap in gaps:
        now += gap
        expected += min(gap, MAX_GAP)
        assert abs(clock.seconds(now) - expected) < 1e-6
        clock.run(now, True)
    assert abs(clock.seconds(now) - expected) < 1e-6
    clock.run(now, False)
    assert abs(clock.seconds(now + 3600.0) - expected) < 1e-6


def test_an_hour_stopped_counts_as_a_few_seconds() -> None:
    clock = GameClock()
    clock.run(0.0, True)
    for second in range(1, 11):
        clock.run(float(second), True)  # the window looks every second
    assert clock.seconds(3610.0) == 10.0 + MAX_GAP  # SIGSTOP at 10 s, SIGCONT an hour later
    clock.run(3610.0, True)
    clock.run(3611.0, True)
    assert clock.seconds(3611.0) == 11.0 + MAX_GAP
