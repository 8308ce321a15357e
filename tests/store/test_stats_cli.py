from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from eightoff.core.variants import EASY, FREECELL, RAGLAN, STANDARD
from eightoff.store import LOST, WON, HomeDirs, Store

from .conftest import played_game


def stats(home: Path, *options: str, language: str = "en") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": language}
    return subprocess.run(
        [sys.executable, "-m", "eightoff", "stats", *options],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def record_some(home: Path) -> None:
    store = Store(HomeDirs(home))
    store.record_outcome(played_game(1), WON, 95)
    store.record_outcome(played_game(2), LOST, 40)
    store.record_outcome(played_game(3), WON, 3725, True)
    store.record_outcome(played_game(4, EASY), WON, 61)


def test_no_games_yet(tmp_path: Path) -> None:
    result = stats(tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "No finished games yet.\n", "")


def test_text_report_per_variant_with_recent_games(tmp_path: Path) -> None:
    record_some(tmp_path)
    result = stats(tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    text = result.stdout
    assert "Eight Off\n  played 3, won 2, lost 1 (66.7% won)\n" in text
    assert "Eight Off (easy)\n  played 1, won 1, lost 0 (100.0% won)\n" in text
    assert "FreeCell" not in text
    assert "best time 1:35" in text and "won games average 31:50" in text
    recent = text.split("Recent games\n")[1].splitlines()
    assert len(recent) == 4
    assert "Eight Off (easy), deal 4: won" in recent[0]
    assert "deal 3: won" in recent[1] and "1:02:05, hints" in recent[1]


def test_italian_report_writes_numbers_the_italian_way(tmp_path: Path) -> None:
    record_some(tmp_path)
    text = stats(tmp_path, language="it").stdout
    assert "persa 1 (66,7% vinte)" in text and "vinta 1, perse 0 (100,0% vinte)" in text
    assert "66.7" not in text


def test_json_is_one_object(tmp_path: Path) -> None:
    record_some(tmp_path)
    document = json.loads(stats(tmp_path, "--json").stdout)
    standard = document["statistics"]["standard"]
    assert (standard["played"], standard["won"], standard["lost"]) == (3, 2, 1)
    assert standard["win_percent"] == 66.7 and standard["best_time"] == 95
    assert standard["current_streak"] == {"kind": "won", "length": 1}
    assert set(document["statistics"]) == {"standard", "easy"}
    assert [game["deal"] for game in document["recent_games"]] == [4, 3, 2, 1]


def test_one_variant(tmp_path: Path) -> None:
    record_some(tmp_path)
    document = json.loads(stats(tmp_path, "--json", "--rules", "freecell").stdout)
    assert set(document["statistics"]) == {"freecell"} and document["recent_games"] == []
    assert document["statistics"]["freecell"]["played"] == 0
    easy = stats(tmp_path, "--rules", "easy").stdout
    assert "played 1" in easy and "deal 1" not in easy


def test_an_older_games_log_imports_with_one_line_naming_what_was_skipped(tmp_path: Path) -> None:
    """The games.jsonl of the versions before the database is read by `stats --import`, each
    game once; what is skipped is named on the one line, and the log is left as it was."""
    record_some(tmp_path)
    log = tmp_path / "games.jsonl"
    line = {"version": 1, "rules": "standard", "won": True, "moves": 40, "seconds": 100.0,
            "finished": "2025-01-02T03:04:05+00:00"}
    lines = [json.dumps({**line, "deal": deal, "id": f"g{deal}"}) for deal in (7, 8, 7)]
    lines += [json.dumps({**line, "deal": 9, "finished": "2199-01-01T00:00:00+00:00"}), "\x00garbage"]
    log.write_text("\n".join(lines) + "\n")
    before = log.read_bytes()
    result = stats(tmp_path, "--import", str(log))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == ("2 games added; skipped: 1 line that could not be read, 1 game dated in the "
                             "future, 1 game already recorded\n")
    assert log.read_bytes() == before
    assert "played 5, won 4" in stats(tmp_path).stdout
    again = stats(tmp_path, "--import", str(log)).stdout
    assert again.startswith("0 games added;") and "3 games already recorded" in again


def test_a_bad_byte_in_one_game_costs_only_that_game(tmp_path: Path) -> None:
    """`--export` and `--csv` write every other game; the bad row is kept apart, with a notice."""
    record_some(tmp_path)
    with contextlib.closing(sqlite3.connect(tmp_path / "data" / "games.db")) as connection, connection:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        connection.execute("UPDATE games SET options = CAST(x'ff' AS TEXT) WHERE deal = 2")
    out = tmp_path / "out.jsonl"
    result = stats(tmp_path, "--export", str(out))
    assert result.returncode == 0
    assert "3 games written" in result.stderr and "could not be read" in result.stderr
    assert len(out.read_text().splitlines()) == 3
    csv = stats(tmp_path, "--csv", "-")
    assert csv.returncode == 0 and len(csv.stdout.splitlines()) == 4 and csv.stderr == ""
    assert json.loads(stats(tmp_path, "--json").stdout)["skipped_lines"] == 1


def test_unknown_rules_is_one_line_and_status_2(tmp_path: Path) -> None:
    result = stats(tmp_path, "--rules", "klondike")
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert "invalid choice" in line


def record_interleaved(home: Path) -> None:
    """Games of three kinds, ending in this order: FreeCell won, Eight Off lost, Raglan won,
    FreeCell won, Eight Off won, then Raglan lost, Raglan lost."""
    store = Store(HomeDirs(home))
    for number, (rules, won) in enumerate([(FREECELL, True), (STANDARD, False), (RAGLAN, True),
                                           (FREECELL, True), (STANDARD, True), (RAGLAN, False),
                                           (RAGLAN, False)], start=1):
        store.record_outcome(played_game(number, rules), WON if won else LOST, 60 + number)


@pytest.mark.slow
def test_all_games_streaks_run_across_games_in_the_order_they_ended(tmp_path: Path) -> None:
    record_interleaved(tmp_path)
    store = Store(HomeDirs(tmp_path))
    together = store.overview().together.statistics
    assert (together.current_streak.kind, together.longest_losing_streak) == (LOST, 2)
    Store(HomeDirs(tmp_path)).record_outcome(played_game(8, EASY), LOST, 9)
    summary = store.overview().together  # the eighth game, recorded by another store
    together = summary.statistics
    assert (together.current_streak.kind, together.current_streak.length) == (LOST, 3)
    assert (together.longest_winning_streak, together.longest_losing_streak) == (3, 3)
    assert summary.trace == b"WLWWWLLL"
    document = json.loads(stats(tmp_path, "--json").stdout)
    everyone = document["all_games"]["statistics"]
    assert everyone["current_streak"] == {"kind": "lost", "length": 3}
    assert (everyone["longest_winning_streak"], everyone["longest_losing_streak"]) == (3, 3)
    assert (everyone["played"], everyone["won"], everyone["lost"]) == (8, 4, 4)
    assert document["all_games"]["charts"]["rolling_win_rate"] == [1.0, 0.5, 0.6667, 0.75, 0.8, 0.6667,
                                                                   0.5714, 0.5]
    assert document["statistics"]["freecell"]["current_streak"] == {"kind": "won", "length": 2}
    assert "all_games" not in json.loads(stats(tmp_path, "--json", "--rules", "raglan").stdout)


def test_the_first_all_games_streak_spans_three_games(tmp_path: Path) -> None:
    store = Store(HomeDirs(tmp_path))
    for number, (rules, won) in enumerate([(FREECELL, True), (STANDARD, False), (RAGLAN, True)], start=1):
        store.record_outcome(played_game(number, rules), WON if won else LOST, 30)
    everyone = json.loads(stats(tmp_path, "--json").stdout)["all_games"]["statistics"]
    assert everyone["current_streak"] == {"kind": "won", "length": 1}
    assert (everyone["longest_winning_streak"], everyone["longest_losing_streak"]) == (1, 1)
    italian = stats(tmp_path, language="it").stdout.split("Tutti i giochi\n")[1]
    assert "  serie in corso: 1 vinta\n  serie più lunghe: 1 vinta, 1 persa\n" in italian


def test_the_text_report_gives_all_games_streaks_in_both_languages(tmp_path: Path) -> None:
    record_interleaved(tmp_path)
    together = stats(tmp_path).stdout.split("All games\n")[1]
    assert "  current streak: 2 lost\n  longest streaks: 3 won, 2 lost\n" in together
    italian = stats(tmp_path, language="it").stdout.split("Tutti i giochi\n")[1]
    assert "  serie in corso: 2 perse\n  serie più lunghe: 3 vinte, 2 perse\n" in italian


def test_forgetting_one_game_s_record_takes_it_out_of_all_games_streaks(tmp_path: Path) -> None:
    record_interleaved(tmp_path)  # W L W W W L L; Raglan's are the third, sixth and seventh
    store = Store(HomeDirs(tmp_path))
    store.reset_statistics("raglan")
    together = store.overview().together
    assert (together.trace, together.statistics.current_streak.kind) == (b"WLWW", WON)
    assert together.statistics.current_streak.length == 2
    everyone = json.loads(stats(tmp_path, "--json").stdout)["all_games"]["statistics"]
    assert everyone["current_streak"] == {"kind": "won", "length": 2} and everyone["played"] == 4


def test_all_games_best_times_name_their_game(tmp_path: Path) -> None:
    record_interleaved(tmp_path)
    text = stats(tmp_path).stdout
    together = text[text.index("All games"):]
    assert "best times: 1:01 (FreeCell, deal 1, " in together and "(Raglan, deal 3, " in together
    freecell = text[text.index("FreeCell"):text.index("All games")]
    assert "best times: 1:01 (deal 1, " in freecell  # a game's own section needs no name
    document = json.loads(stats(tmp_path, "--json").stdout)
    best = document["all_games"]["charts"]["best_times"]
    assert [time["rules"] for time in best] == ["freecell", "raglan", "freecell", "standard"]


def test_a_data_folder_that_cannot_be_made_holds_no_games_to_read(tmp_path: Path) -> None:
    """No database there and none can be made (a file where the folder would be): nothing was
    ever recorded there, so the answer is no games, not a failure to read one."""
    (tmp_path / "blocker").write_text("")
    result = stats(tmp_path / "blocker" / "home")
    assert (result.returncode, result.stdout, result.stderr) == (0, "No finished games yet.\n", "")
