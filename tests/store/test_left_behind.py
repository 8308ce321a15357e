"""Finished games a window could not write before it closed are added by the next start, from
the pending file beside the database or from the file a stop signal on a full disk left in the
home folder; a bad file is kept aside and said, never deleted nor passed over in silence. The
command line as a subprocess, on real temporary folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import msgspec
import pytest

from eightoff.store import WON, HomeDirs, Store
from eightoff.store.exchange import Imported
from eightoff.store.pending import FILE as PENDING
from eightoff.store.pending import OWN, save_elsewhere
from eightoff.userfiles.reading import DOCUMENT_LIMIT

from .conftest import newer_database, played_game


def stats(home: Path, *options: str, player: Path | None = None,
          language: str = "en") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": language}
    if player is not None:
        environment["HOME"] = str(player)
    return subprocess.run([sys.executable, "-m", "eightoff", "stats", *options], env=environment,
                          capture_output=True, text=True, timeout=60)


def game_lines(folder: Path, count: int) -> list[bytes]:
    """Lines of finished games as `stats --export` writes them (made in a home of their own)."""
    store = Store(HomeDirs(folder / "maker"))
    for number in range(1, count + 1):
        store.record_outcome(played_game(number), WON, 30.0 + number)
    lines = [msgspec.json.encode(game) for game in store.each_game()]
    store.close()
    return lines


def won(home: Path) -> int:
    return json.loads(stats(home, "--json").stdout)["statistics"].get("standard", {}).get("won", 0)


def test_a_pending_file_that_is_a_folder_is_kept_aside_and_said(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "data" / PENDING / "inside").mkdir(parents=True)
    (home / "data" / PENDING / "inside" / "note").write_text("mine")
    result = stats(home)
    assert result.returncode == 0
    [aside] = (home / "data").glob(f"{PENDING}.corrupt-*")
    assert (aside / "inside" / "note").read_text() == "mine"
    assert not (home / "data" / PENDING).exists()
    [told] = [line for line in result.stderr.splitlines() if PENDING in line]
    assert "it is a folder" in told and f"kept as {aside}" in told


KEPT_ASIDE = f"{OWN}*.jsonl.corrupt-*"
"""A pending file taken over at start (renamed to a name of that process's own) and kept aside."""


@pytest.mark.parametrize(("language", "said"), [("en", "it is larger than 16 MB"),
                                                ("it", "è più grande di 16 MB")])
def test_a_pending_file_too_large_says_its_limit_in_megabytes(tmp_path: Path, language: str,
                                                              said: str) -> None:
    """As a player reads a size: not the limit's count of bytes (16777216)."""
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    with open(home / "data" / PENDING, "wb") as file:
        file.truncate(DOCUMENT_LIMIT + 1)
    result = stats(home, language=language)
    [told] = [line for line in result.stderr.splitlines() if OWN in line]
    assert said in told and str(DOCUMENT_LIMIT) not in told
    assert result.returncode == 0 and list((home / "data").glob(KEPT_ASIDE))


def test_a_pending_file_with_a_bad_line_adds_the_rest_and_is_kept_aside(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    good = game_lines(tmp_path, 2)
    (home / "data" / PENDING).write_bytes(good[0] + b"\n{not a game\n" + good[1] + b"\n")
    result = stats(home)
    assert "2 finished games that could not be saved when Eight Off last closed are now in your " \
           "statistics. 1 line of it was not added; the file was kept as" in result.stderr
    [aside] = (home / "data").glob(KEPT_ASIDE)
    assert b"{not a game" in aside.read_bytes()
    assert won(home) == 2


def test_a_pending_file_of_no_games_says_which_file_its_lines_were_in(tmp_path: Path) -> None:
    """When not one of its lines is a game, the notice still names what it speaks of: the
    player reads which file of waiting games was kept aside, not "2 lines of it" alone."""
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "data" / PENDING).write_bytes(b"garbage\n\xff\xfe\n")
    result = stats(home)
    assert result.returncode == 0
    [aside] = (home / "data").glob(KEPT_ASIDE)
    [told] = [line for line in result.stderr.splitlines() if str(aside) in line]
    pending = home / "data" / aside.name.split(".corrupt-")[0]  # as it was taken over
    assert f"A file of finished games that could not be saved when Eight Off last closed ({pending}) " \
           f"added none to your statistics. 2 lines of it were not added; the file was kept as " \
           f"{aside}." in told
    assert aside.read_bytes() == b"garbage\n\xff\xfe\n"
    assert OWN not in stats(home).stderr  # said once


def left_by_a_stop_signal(home: Path, player: Path, count: int = 1) -> Path:
    """What a window stopped on a full disk leaves: its games in a file in the home folder."""
    player.mkdir(parents=True, exist_ok=True)
    old_home = os.environ.get("HOME")
    os.environ["HOME"] = str(player)
    try:
        path = save_elsewhere(game_lines(home.parent, count), HomeDirs(home).user_data_path)
    finally:
        if old_home is not None:
            os.environ["HOME"] = old_home
    assert path is not None and path.parent == player
    return path


def test_the_next_start_adds_the_games_a_stop_signal_left_and_says_so_once(tmp_path: Path) -> None:
    home, player = tmp_path / "home", tmp_path / "player"
    kept = left_by_a_stop_signal(home, player, 2)
    result = stats(home, player=player)
    assert result.returncode == 0
    assert f"eightoff: 2 finished games that could not be saved when Eight Off last stopped were kept in " \
           f"{kept}; they are now in your statistics. The file was removed.\n" in result.stderr
    assert "played 2, won 2" in result.stdout
    assert not kept.exists()
    again = stats(home, player=player)
    assert again.stderr == "" and "played 2, won 2" in again.stdout


def test_another_data_folder_leaves_the_file_alone(tmp_path: Path) -> None:
    kept = left_by_a_stop_signal(tmp_path / "home", tmp_path / "player")
    result = stats(tmp_path / "other", player=tmp_path / "player")
    assert result.stderr == "" and kept.exists()


def test_a_database_that_cannot_take_them_leaves_the_file_and_says_how_to_add_it(tmp_path: Path) -> None:
    home, player = tmp_path / "home", tmp_path / "player"
    kept = left_by_a_stop_signal(home, player)
    newer_database(home)
    result = stats(home, player=player)
    assert f"are kept in {kept}; they are added at the next start that can save them, or now with: " \
           f"eightoff stats --import {kept}" in result.stderr
    assert kept.exists()


def test_a_left_file_with_a_bad_line_is_kept_aside_with_the_rest_added(tmp_path: Path) -> None:
    home, player = tmp_path / "home", tmp_path / "player"
    kept = left_by_a_stop_signal(home, player)
    kept.write_bytes(kept.read_bytes() + b"\x00garbage\n")
    result = stats(home, player=player)
    assert "1 finished game that could not be saved when Eight Off last stopped was kept in" in result.stderr
    assert "1 line of it was not added; the file was kept as" in result.stderr
    [aside] = player.glob(f"{kept.name}.corrupt-*")
    assert b"garbage" in aside.read_bytes() and not kept.exists()
    assert won(home) == 1


def test_a_left_file_too_large_to_be_ours_is_kept_aside_and_said(tmp_path: Path) -> None:
    home, player = tmp_path / "home", tmp_path / "player"
    kept = left_by_a_stop_signal(home, player)
    with open(kept, "ab") as file:
        file.truncate(DOCUMENT_LIMIT + 1)
    result = stats(home, player=player)
    [aside] = player.glob(f"{kept.name}.corrupt-*")
    assert f"could not be read (it is larger than 16 MB); they are not in your " \
           f"statistics. The file was kept as {aside}." in result.stderr
    assert result.returncode == 0 and not kept.exists()


def test_two_starts_at_once_tell_the_truth_of_a_file_a_stop_signal_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two starts at once on a file a stop signal left with a line that does not read: both
    added its games (each game once, by its id), one kept the file aside, and the other then
    failed to and told the player the file was "left as it is", where it was not. Here a
    second start (a subprocess) runs while the first is adding the file: one start adds it."""
    home, player = tmp_path / "home", tmp_path / "player"
    kept = left_by_a_stop_signal(home, player, 2)
    kept.write_bytes(kept.read_bytes() + b"{not a game\n")
    monkeypatch.setenv("HOME", str(player))
    others: list[subprocess.CompletedProcess[str]] = []
    importing = Store.import_games

    def import_games(store: Store, source: IO[bytes]) -> Imported | None:
        if not others:
            others.append(stats(home, player=player))
        return importing(store, source)

    monkeypatch.setattr(Store, "import_games", import_games)
    store = Store(HomeDirs(home))
    assert store.readable
    told = " ".join(store.take_notices())
    store.close()
    [other] = others
    [aside] = player.glob("*.corrupt-*")
    assert "1 line of it was not added; the file was kept as" in told + other.stderr
    assert str(aside) in told + other.stderr and "left as it is" not in told + other.stderr
    assert aside.read_bytes().endswith(b"{not a game\n") and won(home) == 2


HOLDING_A_PENDING_LOCK = """
import fcntl, os, sys
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(descriptor, fcntl.LOCK_EX)
print("held", flush=True)
line = sys.stdin.buffer.readline()
with open(sys.argv[2], "wb") as file:
    file.write(line)
print("written", flush=True)
sys.stdin.readline()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the window is played by a process holding flock")
def test_a_lock_left_by_a_killed_window_is_removed_and_a_live_ones_never_taken(tmp_path: Path) -> None:
    """A window killed between taking its pending lock and writing its file leaves an empty
    `pending-games-<token>.lock`, which no start looked at: the next start removes it. A lock a
    live window holds (its game waits, its file not written yet: a full disk) is left, and that
    window's file, once written, is still its own: no start adds it while the window runs."""
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    left = home / "data" / f"{OWN}0123456789abcdef.lock"
    left.touch()
    live = home / "data" / f"{OWN}fedcba9876543210.lock"
    line = game_lines(tmp_path, 1)[0]
    holding = [sys.executable, "-c", HOLDING_A_PENDING_LOCK, str(live), str(live.with_suffix(".jsonl"))]
    with subprocess.Popen(holding, stdin=subprocess.PIPE, stdout=subprocess.PIPE) as window:
        assert window.stdin is not None and window.stdout is not None
        assert window.stdout.readline() == b"held\n"
        assert stats(home).returncode == 0
        assert not left.exists() and live.exists()
        window.stdin.write(line + b"\n")
        window.stdin.flush()
        assert window.stdout.readline() == b"written\n"
        assert won(home) == 0 and live.exists()
        window.stdin.close()
    assert won(home) == 1 and not live.exists()
