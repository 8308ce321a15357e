"""The summary rows against a plain reference: every line decoded alone, added one by one.

The store reads JSON lines (the old log, `stats --import`) a chunk at a time and adds blocks of
games up in C loops (`finished.count_new`); these tests check on real files that this gives
exactly what reading line by line gives, however the lines are damaged, however the file is cut
into chunks, and whether the games come at once (the migration of a log) or a piece at a time
(an import after it).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.store import HomeDirs, Store, finished
from eightoff.store.legacy import FOLDER
from eightoff.store.schema import LogLine, Versioned
from eightoff.store.statistics import RECENT, TRACE

SMALL_BLOCK = 512
"""Bytes a block holds in most tests here, so a few dozen lines make several blocks."""


# ----- the reference ------------------------------------------------------------------------


@dataclass
class Reference:
    totals: dict[str, dict[str, Any]] = field(default_factory=dict)
    skipped: int = 0
    newer: int = 0
    together: dict[str, Any] = field(default_factory=dict)
    """All games as one run in the order they ended (`Summary.together`)."""


def reference(content: bytes, longest: int) -> Reference:
    """The figures of a log read the simplest way: each complete line decoded alone as a
    LogLine, each game id counted once (the first line stands), each game added on its own."""
    result = Reference()
    seen: set[str] = set()
    games: dict[str, list[LogLine]] = {}
    in_order: list[LogLine] = []
    for raw in content.split(b"\n"):  # a torn last line too: complete JSON counts, the rest is skipped
        if not raw.strip():
            continue
        try:
            line = msgspec.json.decode(raw, type=LogLine) if len(raw) < longest else None
        except (ValueError, RecursionError):
            line = None
        if line is None or line.version > 1:
            try:
                newer = len(raw) < longest and msgspec.json.decode(raw, type=Versioned).version > 1
            except (ValueError, RecursionError):
                newer = False
            result.newer += newer
            result.skipped += not newer
        elif (line.id or msgspec.json.encode(line)) not in seen:  # a line without id: by its content
            seen.add(line.id or msgspec.json.encode(line))
            games.setdefault(line.rules, []).append(line)
            in_order.append(line)
    result.totals = {rules: figures_of(played) for rules, played in games.items()}
    result.together = runs_of(in_order)
    return result


def figures_of(games: list[LogLine]) -> dict[str, Any]:
    """One variant's figures, a game at a time."""
    results = [game.result for game in games]
    wins = [game for game in games if game.result == "won"]
    runs: dict[str, int] = {"won": 0, "lost": 0}
    length = 0
    for number, result in enumerate(results):
        length = length + 1 if number and results[number - 1] == result else 1
        if result in runs:
            runs[result] = max(runs[result], length)
    seconds = 0.0
    for game in wins:
        seconds += game.seconds
    return {
        "played": len(games), "won": len(wins), "lost": results.count("lost"),
        "solved": results.count("solved with help"), "streak": (results[-1], length),
        "longest": (runs["won"], runs["lost"]),
        "best": (min((game.seconds for game in wins), default=None),
                 min((game.moves for game in wins), default=None)),
        "sums": (seconds, sum(game.moves for game in wins)), "recent": recent(games[-RECENT:]),
    }


def runs_of(games: list[LogLine]) -> dict[str, Any]:
    """The figures of games of every kind taken as one run: counts, streaks, the last outcomes."""
    if not games:
        return {"played": 0, "won": 0, "lost": 0, "solved": 0, "streak": (None, 0), "longest": (0, 0),
                "trace": b""}
    figures = figures_of(games)
    letters = {"won": b"W", "lost": b"L", "solved with help": b"S"}
    return {**{name: figures[name] for name in ("played", "won", "lost", "solved", "streak", "longest")},
            "trace": b"".join(letters[game.result] for game in games[-TRACE:])}


def recent(lines: list[LogLine]) -> list[tuple[object, ...]]:
    return [(line.rules, line.deal, line.result, line.moves, line.seconds, line.finished) for line in lines]


def summary_of(dirs: HomeDirs) -> Reference:
    overview = Store(dirs).overview()
    totals = {rules: {
        "played": each.played, "won": each.won, "lost": each.lost, "solved": each.solved,
        "streak": (each.streak_kind, each.streak_length), "longest": (each.longest_won, each.longest_lost),
        "best": (each.best_time, each.fewest_moves), "sums": (each.won_seconds, each.won_moves),
        "recent": recent(each.recent),
    } for rules, each in overview.totals.items()}
    together = overview.together
    return Reference(totals, overview.skipped, overview.newer, {
        "played": together.played, "won": together.won, "lost": together.lost, "solved": together.solved,
        "streak": (together.streak_kind, together.streak_length),
        "longest": (together.longest_won, together.longest_lost), "trace": together.trace})


# ----- lines, good and bad ------------------------------------------------------------------

GOOD = {"version": 1, "rules": "standard", "deal": 7, "won": True, "moves": 90, "seconds": 61.5,
        "finished": "2025-03-01T10:00:00Z", "id": "a1", "outcome": "won"}


def with_values(**values: Any) -> bytes:
    return json.dumps({**GOOD, **values}).encode()


BAD_LINES = [
    b"{not json", b"[]", b"null", b"42", b'"text"', b"\xff\xfe", b"{}",
    b"[" * 3000 + b"]" * 3000, b'{"a":' * 3000 + b"1" + b"}" * 3000,
    with_values(won="yes"), with_values(moves=-1), with_values(moves=2**40), with_values(moves=1.5),
    with_values(rules="Klondike!"), with_values(rules=""), with_values(rules="a" * 33),
    with_values(rules="standard\n"), with_values(deal=None), with_values(deal=-3),
    with_values(start="board"), with_values(finished="yesterday"),
    with_values(finished="1969-12-31T23:59:59Z"), with_values(finished="1970-01-01T00:30:00+01:00"),
    with_values(finished="2200-01-01T00:00:00Z"), with_values(finished="2199-12-31T23:30:00-01:00"),
    with_values(finished="2024-05-01T10:00:00"), with_values(seconds=None), with_values(seconds=1e300),
    with_values(outcome="drawn"), with_values(id="not an id!"), with_values(id=""), with_values(id="a" * 65),
    with_values(id="é"), with_values(id="a\n"), with_values(version=0), with_values(version="1"),
    with_values(nested={"a": [1, 2]}).replace(b'"nested": {"a": [1, 2]}', b'"nested": [1,\n2]'),
    with_values().replace(b'"seconds": 61.5', b'"seconds": Infinity'),
    with_values().replace(b'"seconds": 61.5', b'"seconds": NaN'),
    with_values().replace(b'"seconds": 61.5', b'"seconds": 1e400'),
    with_values() + b" " + with_values(),
    with_values()[:30] + b"\n" + with_values()[30:],
    b'{"version": 2, "whatever": "the future"}',
    with_values(version=2),
]
"""Lines the log reader must skip and count (or count as newer), each as the reference does."""

ODD_BUT_GOOD = [
    b"", b"   ", b"\r", with_values() + b"\r", b"  " + with_values() + b" \t",
    with_values(extra="a field we do not know"), with_values(outcome=None),
    with_values(deal=None, start="5H"), with_values(rules="new-game-9"), with_values(id=None),
    with_values(finished="2025-03-01T10:00:00.123456+02:00"),
]
"""Lines that read as one game, or as nothing, though this program would not write them so."""

ids = st.sampled_from([f"id{number}" for number in range(30)] + [None])
good_lines = st.builds(
    lambda rules, outcome, won, solver, seconds, moves, day, game_id: with_values(
        rules=rules, outcome=outcome, won=won, solver_finished=solver, seconds=seconds, moves=moves,
        finished=f"2025-01-{day:02}T10:00:00Z", id=game_id),
    st.sampled_from(["standard", "easy", "freecell", "raglan", "x-1"]),
    st.sampled_from(["won", "lost", "solved with help", None]),
    st.booleans(), st.booleans(),
    st.floats(0, 10_000, allow_nan=False), st.integers(0, 500), st.integers(1, 28), ids,
)
lines = st.lists(st.one_of(good_lines, good_lines, good_lines, st.sampled_from(BAD_LINES + ODD_BUT_GOOD)),
                 max_size=60)


def write(path: Path, lines: list[bytes], mode: str = "wb") -> bytes:
    content = b"".join(line + b"\n" for line in lines)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open(mode) as file:
        file.write(content)
    return path.read_bytes()


def figures(result: Reference) -> tuple[dict[str, Any], int, int, dict[str, Any]]:
    return result.totals, result.skipped, result.newer, result.together


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(finished, "CHUNK", SMALL_BLOCK)
    monkeypatch.setattr(finished, "LONGEST_LINE", SMALL_BLOCK - 1)


def import_lines(dirs: HomeDirs, lines: list[bytes]) -> None:
    assert Store(dirs).import_games(io.BytesIO(b"".join(line + b"\n" for line in lines))) is not None


# ----- tests --------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=lines, cut=st.integers(0, 60))
def test_the_summary_is_the_reference_whether_counted_at_once_or_as_games_came(
        lines: list[bytes], cut: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        content = write(Path(folder) / "at-once" / "data" / "games.jsonl", lines)
        at_once = summary_of(HomeDirs(Path(folder) / "at-once"))
        grown_dirs = HomeDirs(Path(folder) / "grown")
        write(grown_dirs.user_data_path / "games.jsonl", lines[:cut])
        summary_of(grown_dirs)
        import_lines(grown_dirs, lines[cut:])
        grown = summary_of(grown_dirs)
        expected = reference(content, SMALL_BLOCK)
        assert figures(at_once) == figures(expected)
        assert (grown.totals, grown.together) == (expected.totals, expected.together)


@pytest.mark.parametrize("bad", BAD_LINES)
def test_each_bad_line_is_skipped_and_counted_among_good_ones(tmp_path: Path, bad: bytes) -> None:
    dirs = HomeDirs(tmp_path)
    good = [with_values(id=f"g{number}", won=number % 3 == 0, outcome=None) for number in range(12)]
    content = write(dirs.user_data_path / "games.jsonl", good[:5] + [bad] + good[5:])
    expected = reference(content, SMALL_BLOCK)
    assert expected.skipped + expected.newer == bad.count(b"\n") + 1
    assert figures(summary_of(dirs)) == figures(expected)


@pytest.mark.parametrize("chunk", [SMALL_BLOCK, 1 << 20])
def test_many_bad_lines_among_many_good_ones(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                             chunk: int) -> None:
    monkeypatch.setattr(finished, "CHUNK", chunk)
    dirs = HomeDirs(tmp_path)
    lines = []
    for number in range(3000):
        lines.append(with_values(id=f"g{number % 2900}", rules=("standard", "easy", "raglan")[number % 7 % 3],
                                 outcome=("won", "lost", "solved with help")[number % 5 % 3],
                                 seconds=float(number), moves=number % 400))
        if number % 37 == 0:
            lines.append(BAD_LINES[number % len(BAD_LINES)])
    content = write(dirs.user_data_path / "games.jsonl", lines)
    expected = reference(content, SMALL_BLOCK)
    assert expected.skipped > 50
    assert figures(summary_of(dirs)) == figures(expected)


def test_a_line_longer_than_the_limit_is_one_bad_line(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    log = dirs.user_data_path / "games.jsonl"
    write(log, [with_values(id="a"), b"[" * (5 * SMALL_BLOCK), with_values(id="b")])
    result = summary_of(dirs)
    assert (result.totals["standard"]["played"], result.skipped) == (2, 1)
    store = Store(dirs)
    assert store.import_games(io.BytesIO(b"x" * (3 * SMALL_BLOCK) + b"\n" + with_values(id="c"))) == (1, 1)
    assert summary_of(dirs).totals["standard"]["played"] == 3


def test_a_game_logged_twice_counts_once_however_far_apart(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    log = dirs.user_data_path / "games.jsonl"
    first = with_values(id="twice", outcome="lost", won=False)
    many = [with_values(id=f"g{number}") for number in range(5000)]
    write(log, [first, *many, with_values(id="twice")])
    figures_now = Store(dirs).statistics("standard")
    assert (figures_now.played, figures_now.won, figures_now.lost) == (5001, 5000, 1)
    import_lines(dirs, [with_values(id="twice"), with_values(id="g3"), with_values(id="new")])
    store = Store(dirs)
    assert store.statistics("standard").played == 5002
    assert [game.game_id for game in store.finished_games()].count("twice") == 1
    import_lines(dirs, [with_values(id=f"h{number}") for number in range(100)] + [with_values(id="g4999")])
    assert Store(dirs).statistics("standard").played == 5102


def test_two_windows_recording_the_same_game_count_it_once(tmp_path: Path) -> None:
    from .conftest import played_game

    dirs = HomeDirs(tmp_path)
    game = played_game(4)
    first, second = Store(dirs), Store(dirs)
    first.statistics("standard")
    second.statistics("standard")
    assert first.record_outcome(game, "won", 30.0, game_id="shared-id")
    assert second.record_outcome(game, "lost", 50.0, game_id="shared-id")
    for store in (first, second, Store(dirs)):
        figures_now = store.statistics("standard")
        assert (figures_now.played, figures_now.won) == (1, 1)


def test_an_old_summary_is_kept_aside_and_not_counted(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    write(dirs.user_data_path / "games.jsonl", [with_values(id="a"), with_values(id="b")])
    old = json.dumps({"version": 1, "offset": 5, "variants": {"standard": {"played": 99}},
                      "known_ids": ["a"]})
    (dirs.user_data_path / "games-summary.json").write_text(old)
    store = Store(dirs)
    assert store.statistics("standard").played == 2
    [notice] = store.notices
    assert "moved" in notice
    assert (dirs.user_data_path / FOLDER / "data" / "games-summary.json").read_text() == old


def test_the_command_line_prints_the_reference_figures(tmp_path: Path) -> None:
    lines = [with_values(id=f"g{number % 900}", outcome=("won", "lost")[number % 3 == 0],
                         seconds=number + 0.5) for number in range(1000)] + BAD_LINES[:5]
    content = write(tmp_path / "data" / "games.jsonl", lines)
    expected = reference(content, 1 << 16)
    environment = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en"}
    command = [sys.executable, "-m", "eightoff", "stats", "--json"]
    for _run in range(2):  # the migration, then from the database
        result = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        document = json.loads(result.stdout)
        standard = document["statistics"]["standard"]
        totals = expected.totals["standard"]
        assert (standard["played"], standard["won"], standard["lost"]) == (totals["played"], totals["won"],
                                                                             totals["lost"])
        assert document["skipped_lines"] == expected.skipped == 5
        assert len(document["recent_games"]) == RECENT
    wrong = subprocess.run([*command, "--rules", "no-such-game"], env=environment, capture_output=True,
                           text=True, timeout=60)
    assert wrong.returncode == 2 and len(wrong.stderr.strip().splitlines()) == 1
