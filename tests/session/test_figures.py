"""The figures the charts and the best times are drawn from: queries over the games table, the
same as a game at a time worked out by hand."""

from __future__ import annotations

import io
import json
from bisect import bisect_left
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.session.figures import ROLLING, everything, rolling
from eightoff.store import HomeDirs, Store
from eightoff.store.statistics import BEST, TIME_EDGES, TRACE

OUTCOMES = ("won", "lost", "solved with help")


def line(number: int, outcome: str, seconds: float, moves: int, deal: int | None = None) -> dict[str, object]:
    return {"version": 1, "rules": "standard", "deal": number % 50 if deal is None else deal,
            "won": outcome == "won", "moves": moves, "seconds": seconds,
            "finished": f"2026-01-01T10:{number // 60 % 60:02}:{number % 60:02}Z", "id": f"g{number}",
            "outcome": outcome}


def write_log(home: Path, lines: list[dict[str, object]]) -> None:
    """The games of an older version's log, imported as `stats --import` does."""
    store = Store(HomeDirs(home))
    assert store.import_games(io.BytesIO("".join(json.dumps(each) + "\n" for each in lines).encode()))
    store.close()


games = st.lists(st.tuples(st.sampled_from(OUTCOMES), st.floats(0, 200_000, allow_nan=False),
                           st.integers(1, 300_000)), max_size=700)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=games)
def test_the_queries_give_what_a_game_at_a_time_gives(tmp_path_factory: object, games: list) -> None:
    home = tmp_path_factory.mktemp("home")  # type: ignore[attr-defined]
    lines = [line(number, *game) for number, game in enumerate(games)]
    write_log(home, lines)
    summary = Store(HomeDirs(home)).overview().summaries.get("standard")
    if not games:
        assert summary is None
        return
    assert summary is not None
    letters = {"won": b"W", "lost": b"L", "solved with help": b"S"}
    assert summary.trace == b"".join(letters[game[0]] for game in games)[-TRACE:]
    wins = [game for game in games if game[0] == "won"]
    plausible = [game for game in wins if game[1] <= 86_400 and game[2] <= 100_000]
    bins = [0] * (len(TIME_EDGES) + 1)
    for game in plausible:
        bins[bisect_left(TIME_EDGES, game[1])] += 1
    assert list(summary.time_bins) == bins and summary.implausible == len(wins) - len(plausible)
    assert [best[:2] for best in summary.best] == sorted(game[1:] for game in plausible)[:BEST]


def test_the_rolling_share_counts_the_last_games() -> None:
    trace = b"L" * ROLLING + b"W" * ROLLING
    shares = rolling(trace)
    assert len(shares) == len(trace)
    assert shares[ROLLING - 1] == 0.0 and shares[-1] == 1.0 and shares[ROLLING + ROLLING // 2 - 1] == 0.5


def test_the_rolling_share_is_a_line_from_the_first_game() -> None:
    """Before the ROLLING-th game each point is the share of all games so far."""
    assert rolling(b"WL") == (1.0, 0.5) and rolling(b"") == ()
    assert rolling(b"LWWL") == (0.0, 0.5, 2 / 3, 0.5)


def test_absurd_times_are_counted_but_never_binned_off_scale(tmp_path: Path) -> None:
    lines = [line(0, "won", 9_000_000.0, 5), line(1, "won", 10.0, 5_000_000), line(2, "won", 7200.0, 90),
             line(3, "won", 61.0, 90)]
    write_log(tmp_path, lines)
    figures = everything(Store(HomeDirs(tmp_path)).overview().summaries, ["standard"], ())["standard"]
    assert figures.statistics.won == 4 and figures.implausible == 2
    assert len(figures.time_bins) == len(TIME_EDGES) + 1 and sum(figures.time_bins) == 2
    assert figures.time_bins[-1] == 1 and figures.time_bins[1] == 1  # two hours: the open-ended bin
    assert figures.best == ((61.0, 90, 3, "standard"), (7200.0, 90, 2, "standard"))


def test_the_win_rate_by_grade_comes_from_the_grade_of_each_deal(tmp_path: Path) -> None:
    lines = [line(0, "won", 60.0, 90, deal=1), line(1, "lost", 60.0, 90, deal=1),
             line(2, "won", 60.0, 90, deal=2), line(3, "won", 60.0, 90, deal=3),
             line(4, "lost", 60.0, 90, deal=10**12)]
    write_log(tmp_path, lines)
    grades = {1: "easy", 2: "hard", 10**12: "hard"}
    figures = everything(Store(HomeDirs(tmp_path)).overview(lambda key, deal: grades.get(deal)).summaries,
                         ["standard"], ("easy", "hard"))
    by_grade = {share.grade: (share.won, share.played) for share in figures["standard"].by_grade}
    assert by_grade == {"easy": (1, 2), "hard": (1, 1)}  # deal 3 has no grade; 10**12 is not kept
    assert {share.grade: share.played for share in figures[None].by_grade} == {"easy": 2, "hard": 1}
