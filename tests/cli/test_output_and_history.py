"""The command line's output to a device that refuses it, in a character set that cannot say
the words, under a time zone datetime refuses; and `stats --export`/`--import`, with no output
ever going into the player's own folders. Subprocesses, as a player runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import LOST, WON, HomeDirs, Store


def run(home: Path, *arguments: str, stdout: int | None = subprocess.PIPE,
        **environment: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": "en", **environment}
    return subprocess.run([sys.executable, "-m", "eightoff", *arguments], env=env, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120)


def some_games(home: Path, count: int = 5) -> None:
    store = Store(HomeDirs(home))
    for number in range(1, count + 1):
        game = Game.new(number, STANDARD)
        for _move in range(3):
            game.play(game.legal_moves()[0])
        store.record_outcome(game, WON if number % 2 else LOST, 10.0 * number)
    store.close()


@pytest.mark.parametrize("arguments", [("stats",), ("deal", "5"), ("replay", "--deal", "5", "-"),
                                       ("solve", "--deal", "1")])
def test_a_full_device_is_one_line_and_a_failure(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    some_games(tmp_path)
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "eightoff", *arguments],
                                env={**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en"},
                                stdout=full, stderr=subprocess.PIPE, input="", text=True, timeout=300)
    assert result.returncode != 0
    [line] = result.stderr.splitlines()
    assert line.startswith("eightoff: cannot write the output") and "Traceback" not in result.stderr


@pytest.mark.parametrize("arguments", [("deal", "5", "--rules", "fan"), ("solve", "--deal", "3"), ("--help",),
                                       ("deal", "--help")])
def test_a_closed_stdout_is_one_line_and_a_failure(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    """Started with stdout closed (`>&-`), where Python has no sys.stdout at all: a command says
    it cannot write and fails; help, which has nowhere to go, ends quietly; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "eightoff", *arguments], capture_output=True,
                            text=True, timeout=120, preexec_fn=lambda: os.close(1),
                            env={**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en"})
    assert "Traceback" not in result.stderr
    if "--help" in arguments:
        assert (result.returncode, result.stderr) == (0, "")
    else:
        assert result.returncode == 1
        assert result.stderr.splitlines() == ["eightoff: cannot write the output: Bad file descriptor"]


def test_italian_words_in_an_ascii_terminal_are_one_line(tmp_path: Path) -> None:
    some_games(tmp_path)
    result = run(tmp_path, "stats", LANGUAGE="it", PYTHONIOENCODING="ascii")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1 and "ascii" in result.stderr


def test_a_time_zone_past_a_day_still_prints_the_games(tmp_path: Path) -> None:
    some_games(tmp_path)
    result = run(tmp_path, "stats", TZ="UTC+25")
    assert result.returncode == 0, result.stderr
    assert "deal 5" in result.stdout and result.stderr == ""


def test_export_then_import_moves_every_game_once(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    some_games(first, 7)
    backup = tmp_path / "backup.jsonl"
    result = run(first, "stats", "--export", str(backup))
    assert result.returncode == 0 and "7 games written" in result.stderr
    lines = [json.loads(line) for line in backup.read_text().splitlines()]
    assert len(lines) == 7 and all(line["id"] for line in lines)
    for expected in ("7 games added", "0 games added"):  # the second time, each game is there
        result = run(second, "stats", "--import", str(backup))
        assert result.returncode == 0 and expected in result.stdout, result
    mine = json.loads(run(first, "stats", "--json").stdout)
    theirs = json.loads(run(second, "stats", "--json").stdout)
    assert mine["statistics"] == theirs["statistics"] and mine["recent_games"] == theirs["recent_games"]


def test_import_skips_what_it_cannot_read_and_refuses_what_is_not_a_file(tmp_path: Path) -> None:
    some_games(tmp_path / "a", 2)
    backup = tmp_path / "backup.jsonl"
    assert run(tmp_path / "a", "stats", "--export", str(backup)).returncode == 0
    backup.write_text(backup.read_text() + "{not json\n" + "x" * 100_000 + "\n")
    result = run(tmp_path / "b", "stats", "--import", str(backup))
    assert result.returncode == 0
    assert "2 games added; skipped: 2 lines that could not be read" in result.stdout
    os.mkfifo(tmp_path / "pipe")
    for bad in (tmp_path / "pipe", tmp_path, tmp_path / "missing.jsonl"):
        result = run(tmp_path / "b", "stats", "--import", str(bad))
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result


@pytest.mark.parametrize("option", ["--csv", "--chart", "--export"])
def test_no_output_goes_into_the_players_own_folders(tmp_path: Path, option: str) -> None:
    some_games(tmp_path)
    database = tmp_path / "data" / "games.db"
    before = database.read_bytes()
    for target in (database, tmp_path / "config" / "preferences.json", tmp_path / "data" / "new.csv", ""):
        result = run(tmp_path, "stats", option, str(target))
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, (target, result)
    assert database.read_bytes() == before
    assert not (tmp_path / "data" / "new.csv").exists()
