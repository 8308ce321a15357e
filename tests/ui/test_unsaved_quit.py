"""A win the database has not taken yet (another program holds its lock, the disk is full) is
never lost at quit: the window asks, tries again, and closes by itself once it is written; a
stop signal tries within the watchdog's time; "Quit anyway" leaves a pending file the next start
records; "Save to a file" writes what `stats --import` reads; a freed disk takes it at once.
The headless window through its event loop, the store on a real temporary disk."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from eightoff.store.pending import OWN
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog
from eightoff.ui.unsaved_dialog import UnsavedDialog
from tests.store.disks import fill, full_disk
from tests.ui.helpers import clock, key, post
from tests.ui.test_store_link import OPENED, QUICK, home, one_move_from_won, open_app, press_button, store_at

__all__ = ["home"]


@contextlib.contextmanager
def lock_held(home: Path) -> Iterator[sqlite3.Connection]:
    """Another program writing games.db for as long as the block lasts (a long import)."""
    connection = sqlite3.connect(home / "data" / "games.db", isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    finally:
        connection.execute("ROLLBACK")
        connection.close()


def won_unsaved(home: Path) -> App:
    """A window whose winning move the database has refused: the caller holds the lock."""
    app, _session = open_app(home, game=one_move_from_won())
    press_button(app, "Finish")
    app.pump()
    assert app.table.game.is_won
    while app.top is not app.table:  # the win's own dialog
        key(app, pygame.K_ESCAPE)
    return app


def wins(home: Path) -> int:
    store = store_at(home)
    summary = store.overview().summaries.get("standard")
    store.close()
    return 0 if summary is None else summary.statistics.won


def pending_kept(home: Path) -> bool:
    """Whether a window's pending file holds games for the next start."""
    return any((home / "data").glob(f"{OWN}*.jsonl"))


def later(app: App, seconds: float) -> None:
    clock(app).time += seconds
    app.pump()


def quit_window(app: App) -> None:
    key(app, pygame.K_q, pygame.KMOD_CTRL)


def finish(app: App) -> None:
    """What run_app does once the loop ends; the window then counts as gone."""
    app.close()
    OPENED.clear()


def test_a_quit_waits_for_the_lock_and_closes_once_the_win_is_written(home: Path) -> None:
    with lock_held(home):
        app = won_unsaved(home)
        assert pending_kept(home)
        quit_window(app)
        assert app.running and isinstance(app.top, UnsavedDialog)
        assert app.top.title == "Your win is not saved yet"
        assert any("recorded at the next start" in line for line in app.top.body_lines())
        later(app, 3)
        assert app.running
    later(app, 0.6)
    assert not app.running
    assert not pending_kept(home)
    finish(app)
    assert wins(home) == 1


def test_quit_anyway_leaves_the_win_for_the_next_start(home: Path) -> None:
    with lock_held(home):
        app = won_unsaved(home)
        quit_window(app)
        press_button(app, "Quit anyway")
        assert not app.running
        finish(app)  # its last try at closing fails too
        assert pending_kept(home)
    store = store_at(home)
    assert store.overview().summaries["standard"].statistics.won == 1
    notices = store.take_notices()
    store.close()
    assert any("could not be saved when Eight Off last closed" in notice for notice in notices), notices
    assert not pending_kept(home)
    assert wins(home) == 1  # once, however many starts


def test_a_stop_signal_tries_within_the_watchdogs_time_then_quits(home: Path) -> None:
    with lock_held(home):
        app = won_unsaved(home)
        post(pygame.QUIT, signal=True)
        app.pump()
        assert app.running
        later(app, 1.0)
        assert app.running
        later(app, 1.1)
        assert not app.running
        assert pending_kept(home)


def test_waiting_asks_again_and_escape_keeps_the_window(home: Path) -> None:
    with lock_held(home):
        app = won_unsaved(home)
        quit_window(app)
        later(app, 11)
        assert app.running and isinstance(app.top, UnsavedDialog)
        assert any("still tried again" in line for line in app.top.body_lines())
        press_button(app, "Wait")
        assert isinstance(app.top, UnsavedDialog) and app.top.guard.trying()
        key(app, pygame.K_ESCAPE)
        assert app.top is app.table
    later(app, 2.1)  # no quit asked any more: written, and the window stays
    assert app.running and wins(home) == 1


def test_save_to_a_file_writes_what_import_reads(home: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "player"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    with lock_held(home):
        app = won_unsaved(home)
        quit_window(app)
        press_button(app, "Save to a file")
        assert isinstance(app.top, Dialog) and app.top.title == "Saved to a file"
        [saved] = folder.glob("eightoff-unsaved-games-*.jsonl")
        assert any(str(saved) in line for line in app.top.body_lines())
        press_button(app, "Quit")
        assert not app.running
    other = tmp_path / "other"
    result = subprocess.run([sys.executable, "-m", "eightoff", "stats", "--import", str(saved)],
                            env={"EIGHTOFF_HOME": str(other), "LANGUAGE": "en", "PATH": "/usr/bin:/bin"},
                            capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == "1 game added", result.stderr
    assert wins(other) == 1


def won_on_a_full_disk(disk: Path) -> tuple[App, Path]:
    """A window on `disk`'s home whose winning move came once the disk was full, and its home."""
    home = disk / "home"
    store_at(home).save_preferences(QUICK)
    app, _session = open_app(home, game=one_move_from_won())
    fill(disk)
    press_button(app, "Finish")
    app.pump()
    return app, home


def test_a_freed_disk_takes_the_win_at_once_without_a_move() -> None:
    with full_disk() as disk:
        app, home = won_on_a_full_disk(disk)
        assert app.table.game.is_won and not pending_kept(home)
        quit_window(app)
        assert isinstance(app.top, UnsavedDialog)
        assert any("it is lost" in line for line in app.top.body_lines())
        key(app, pygame.K_ESCAPE)
        (disk / "filler").unlink()
        later(app, 2.1)
        assert wins(home) == 1
        finish(app)


def stopped_on_a_full_disk(disk: Path, player: Path,
                           err: pytest.CaptureFixture[str]) -> tuple[App, Path, Path]:
    """A window won on a full disk and sent a stop signal, with the player's home at `player`:
    the window, its data home and the file it kept the win in (said on stderr)."""
    app, home = won_on_a_full_disk(disk)
    post(pygame.QUIT, signal=True)
    app.pump()
    later(app, 2.1)
    assert not app.running
    [kept] = player.glob("eightoff-unsaved-games-*.jsonl")
    assert f"kept as {kept}, and the next start adds it" in err.readouterr().err
    return app, home, kept


def test_a_stop_signal_on_a_full_disk_keeps_the_win_in_a_file_of_the_players(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with full_disk() as disk:
        app, _home, kept = stopped_on_a_full_disk(disk, tmp_path, capsys)
        (disk / "filler").unlink()
        finish(app)
    result = subprocess.run([sys.executable, "-m", "eightoff", "stats", "--import", str(kept)],
                            env={"EIGHTOFF_HOME": str(tmp_path / "next"), "LANGUAGE": "en",
                                 "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == "1 game added", result.stderr


def test_the_next_window_adds_the_win_a_stop_signal_left_in_the_home_folder_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with full_disk() as disk:
        app, home, kept = stopped_on_a_full_disk(disk, tmp_path, capsys)
        finish(app)  # its last try fails: the disk is still full
        (disk / "filler").unlink()
        app, _session = open_app(home)
        told = f"1 finished game that could not be saved when Eight Off last stopped was kept in {kept}; " \
               "it is now in your statistics. The file was removed."
        assert told in app.table.status.history
        assert not kept.exists()
        finish(app)
        assert wins(home) == 1
