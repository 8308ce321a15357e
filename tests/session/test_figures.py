"""The figures the charts and the best times are drawn from: kept in the summary, so a million
games open at once, and the same however the log was read (a game at a time, a block at a time,
a summary brought up to date after each game)."""

from __future__ import annotations

import io
import json
from datetime import datetime, timezone
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.session.figures import ROLLING, everything, rolling
from eightoff.store import HomeDirs, Store
from eightoff.store.schema import LogLine
from eightoff.store.statistics import BEST, TIME_EDGES, TRACE, Totals

OUTCOMES = ("won", "lost", "solved with help")


def line(number: int, outcome: str, seconds: float, moves: int, deal: int | None = None) -> dict[str, object]:
    return {"version": 1, "rules": "standard", "deal": number % 50 if deal is None else deal,
            "won": outcome == "won", "moves": moves, "seconds": seconds,
            "finished": f"2026-01-01T10:{number // 60 % 60:02}:{number % 60:02}Z", "id": f"g{number}",
            "outcome": outcome}


def write_log(home: Path, lines: list[dict[str, object]]) -> None:
    folder = home / "data"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "games.jsonl").write_text("".join(json.dumps(each) + "\n" for each in lines))


def one_by_one(lines: list[dict[str, object]]) -> Totals:
    totals = Totals()
    for each in lines:
        totals.add(LogLine(**{**each, "finished": datetime(2026, 1, 1, tzinfo=timezone.utc)}))  # type: ignore[arg-type]
    return totals


games = st.lists(st.tuples(st.sampled_from(OUTCOMES), st.floats(0, 200_000, allow_nan=False),
                           st.integers(1, 300_000)), max_size=700)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=games)
def test_the_summary_keeps_what_a_game_at_a_time_gives(tmp_path_factory: object, games: list) -> None:
    home = tmp_path_factory.mktemp("home")  # type: ignore[attr-defined]
    lines = [line(number, *game) for number, game in enumerate(games)]
    write_log(home, lines)
    expected = one_by_one(lines)
    totals = Store(HomeDirs(home)).overview().totals.get("standard", Totals())
    assert totals.trace == expected.trace and len(totals.trace) == min(TRACE, len(lines))
    assert totals.time_bins == expected.time_bins
    assert [tuple(best) for best in totals.best] == [tuple(best) for best in expected.best]
    assert len(totals.best) <= BEST and totals.implausible == expected.implausible
    assert totals.deal_played == expected.deal_played and totals.deal_won == expected.deal_won
    wins = [game for game in games if game[0] == "won"]
    plausible = [game for game in wins if game[1] <= 86_400 and game[2] <= 100_000]
    assert sum(totals.time_bins) == len(plausible) and totals.implausible == len(wins) - len(plausible)
    assert [best[0] for best in totals.best] == sorted(game[1] for game in plausible)[:BEST]


def test_a_summary_brought_up_to_date_game_by_game_keeps_the_same_figures(tmp_path: Path) -> None:
    """The summary rows updated a game at a time (each import its own transaction) are those
    of all the games counted at once (the migration of a whole log)."""
    lines = [line(number, OUTCOMES[number * 7 % 3], 30.0 + number * 37 % 4000, 50 + number)
             for number in range(60)]
    store = Store(HomeDirs(tmp_path / "by-game"))
    for each in lines:
        assert store.import_games(io.BytesIO(json.dumps(each).encode())) == (1, 0)
    kept = store.overview().totals["standard"]
    write_log(tmp_path / "at-once", lines)
    rebuilt = Store(HomeDirs(tmp_path / "at-once")).overview().totals["standard"]
    assert (kept.trace, kept.time_bins, kept.best, kept.deal_played) == (
        rebuilt.trace, rebuilt.time_bins, rebuilt.best, rebuilt.deal_played)


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
    figures = everything(Store(HomeDirs(tmp_path)).overview().totals, ["standard"], None, ())["standard"]
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
    figures = everything(Store(HomeDirs(tmp_path)).overview().totals, ["standard"],
                         lambda key, deal: grades.get(deal), ("easy", "hard"))
    by_grade = {share.grade: (share.won, share.played) for share in figures["standard"].by_grade}
    assert by_grade == {"easy": (1, 2), "hard": (1, 1)}  # deal 3 has no grade; 10**12 is not kept
    assert {share.grade: share.played for share in figures[None].by_grade} == {"easy": 2, "hard": 1}
