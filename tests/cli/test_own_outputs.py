"""Outputs that are the player's own files under another name, and inputs and outputs that fail
in odd ways: each is one line and a failure status, and nothing of the player's is touched.
The command line runs as a subprocess on a real temporary disk."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_output_and_history import run, some_games
from tests.store.disks import fill, full_disk, mounted


def digest(home: Path) -> str:
    """The games database and its companions as they are on disk."""
    found = hashlib.sha256()
    for path in sorted((home / "data").iterdir()):
        found.update(path.name.encode() + path.read_bytes())
    return found.hexdigest()


def refused(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("eightoff: ") and all(word in line for word in words), line


@pytest.mark.parametrize("option", ["--csv", "--export", "--chart"])
def test_a_hard_link_to_the_database_is_refused(tmp_path: Path, option: str) -> None:
    home = tmp_path / "home"
    some_games(home)
    link = tmp_path / "elsewhere" / "hl"
    link.parent.mkdir()
    os.link(home / "data" / "games.db", link)
    before = digest(home)
    refused(run(home, "stats", option, str(link)), "games.db", str(link))
    assert digest(home) == before
    assert len(run(home, "stats", "--csv", "-").stdout.splitlines()) == 6


def test_a_hard_link_to_the_preferences_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "preferences.json").write_text('{"version": 1}')
    os.link(home / "config" / "preferences.json", tmp_path / "p")
    refused(run(home, "stats", "--csv", str(tmp_path / "p")), "preferences.json")
    assert (home / "config" / "preferences.json").read_text() == '{"version": 1}'


def test_a_descriptor_path_and_stdout_appended_to_the_database_are_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    some_games(home)
    before = digest(home)
    with open(home / "data" / "games.db", "ab") as database:
        descriptor = database.fileno()
        env = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": "en"}
        through_proc = subprocess.run(
            [sys.executable, "-m", "eightoff", "stats", "--csv", f"/proc/self/fd/{descriptor}"],
            env=env, pass_fds=(descriptor,), capture_output=True, text=True, timeout=120)
        as_stdout = subprocess.run([sys.executable, "-m", "eightoff", "stats", "--export", "-"],
                                   env=env, stdout=database, stderr=subprocess.PIPE, text=True, timeout=120)
    refused(through_proc, "games.db")
    refused(as_stdout, "standard output", "games.db")
    assert digest(home) == before


def test_a_bind_mount_of_the_data_folder_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    some_games(home)
    before = digest(home)
    with mounted("--bind", str(home / "data")) as folder:
        refused(run(home, "stats", "--csv", str(folder / "games.db")), "games.db")
        refused(run(home, "stats", "--csv", str(folder / "new.csv")), "folder")
    assert digest(home) == before


def test_a_symbolic_link_to_the_state_folder_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    some_games(home)
    (tmp_path / "state-link").symlink_to(home / "state")
    refused(run(home, "stats", "--csv", str(tmp_path / "state-link" / "x.csv")), "folder")
    assert not (home / "state" / "x.csv").exists()


def test_another_file_is_written(tmp_path: Path) -> None:
    home = tmp_path / "home"
    some_games(home)
    result = run(home, "stats", "--csv", str(tmp_path / "games.csv"))
    assert result.returncode == 0, result.stderr
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 6


@pytest.mark.parametrize("arguments", [("--help",), ("stats", "--help"), ("--version",)])
def test_help_to_a_full_device_fails_with_one_line(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "eightoff", *arguments],
                                env={**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en"},
                                stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line == "eightoff: cannot write the output: No space left on device"


def test_importing_a_file_that_fails_to_read_says_so(tmp_path: Path) -> None:
    result = run(tmp_path, "stats", "--import", "/proc/self/mem")
    refused(result, "cannot read /proc/self/mem")


def test_a_byte_order_mark_before_the_first_game_is_passed_over(tmp_path: Path) -> None:
    some_games(tmp_path / "a", 3)
    assert run(tmp_path / "a", "stats", "--export", str(tmp_path / "games.jsonl")).returncode == 0
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + (tmp_path / "games.jsonl").read_bytes())
    result = run(tmp_path / "b", "stats", "--import", str(marked))
    assert result.returncode == 0 and result.stdout.strip() == "3 games added", result.stdout + result.stderr


def test_an_import_onto_a_full_disk_says_the_command_line_sentence(tmp_path: Path) -> None:
    some_games(tmp_path / "a", 5)
    assert run(tmp_path / "a", "stats", "--export", str(tmp_path / "games.jsonl")).returncode == 0
    with full_disk() as disk:
        home = disk / "home"
        assert run(home, "stats").returncode == 0
        fill(disk)
        result = run(home, "stats", "--import", str(tmp_path / "games.jsonl"))
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("eightoff: cannot save games database to ") and "keep playing" not in line
