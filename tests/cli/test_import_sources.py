"""`stats --import` reads what a player pipes into it (`-`, /dev/stdin, a named pipe) and
refuses, in one line with status 2, a file that is no games log at all (a database, an archive,
a program); a database of a newer version stops `stats` in one line with status 2 rather than
showing or exporting no games. The command line as a subprocess, on real temporary folders."""

from __future__ import annotations

import contextlib
import gzip
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from eightoff.store import LOST, WON, HomeDirs, Store
from eightoff.store.database import VERSION
from tests.store.conftest import newer_database, played_game


def eightoff(home: Path, *arguments: str, given: bytes | None = None,
             stdin: int | None = None) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": "en"}
    run = subprocess.run([sys.executable, "-m", "eightoff", *arguments], env=environment, input=given,
                         stdin=stdin, capture_output=True, timeout=60)
    return subprocess.CompletedProcess(run.args, run.returncode, run.stdout.decode(), run.stderr.decode())


def exported(tmp_path: Path) -> bytes:
    """Three games as `stats --export` writes them, from a home of their own."""
    home = tmp_path / "first"
    store = Store(HomeDirs(home))
    for number, outcome in ((1, WON), (2, LOST), (3, WON)):
        store.record_outcome(played_game(number), outcome, 40.0)
    store.close()
    result = eightoff(home, "stats", "--export", "-")
    assert result.returncode == 0
    return result.stdout.encode()


def test_games_piped_in_as_dash_or_dev_stdin_are_added(tmp_path: Path) -> None:
    lines = exported(tmp_path)
    for name, source in (("dash", "-"), ("stdin", "/dev/stdin")):
        result = eightoff(tmp_path / name, "stats", "--import", source, given=lines)
        assert (result.returncode, result.stdout, result.stderr) == (0, "3 games added\n", ""), source


def test_a_named_pipe_is_refused_with_the_way_to_read_it(tmp_path: Path) -> None:
    pipe = tmp_path / "games.fifo"
    os.mkfifo(pipe)
    result = eightoff(tmp_path / "home", "stats", "--import", str(pipe))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"eightoff: cannot read {pipe}: it is a named pipe, which may never be " \
                            "written; to read it, give it as the standard input: eightoff stats --import - " \
                            f"< {pipe}\n"
    lines = exported(tmp_path)

    def write() -> None:  # the other end of the pipe, as a program writing into it
        with open(pipe, "wb") as writer:
            writer.write(lines)

    writer = threading.Thread(target=write)
    writer.start()
    with open(pipe, "rb") as reader:  # as the shell's `<` opens it
        result = eightoff(tmp_path / "piped", "stats", "--import", "-", stdin=reader.fileno())
    writer.join()
    assert (result.returncode, result.stdout) == (0, "3 games added\n"), result.stderr


def test_nothing_on_standard_input_adds_nothing(tmp_path: Path) -> None:
    with open(os.devnull, "rb") as empty:
        result = eightoff(tmp_path / "home", "stats", "--import", "-", stdin=empty.fileno())
    assert (result.returncode, result.stdout, result.stderr) == (0, "0 games added\n", "")


def test_a_device_that_never_ends_is_refused_in_one_line(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zeros:
        result = eightoff(tmp_path / "home", "stats", "--import", "-", stdin=zeros.fileno())
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "eightoff: cannot read the standard input: it is a device\n"


def test_a_games_database_is_refused_as_no_games_log(tmp_path: Path) -> None:
    exported(tmp_path)
    database = tmp_path / "games.db"
    shutil.copy(tmp_path / "first" / "data" / "games.db", database)
    result = eightoff(tmp_path / "home", "stats", "--import", str(database))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"eightoff: cannot import {database}: it is an SQLite database (such as " \
                            "games.db), not games as lines of text\n"
    assert eightoff(tmp_path / "home", "stats").stdout == "No finished games yet.\n"


def test_a_compressed_export_says_to_uncompress_it(tmp_path: Path) -> None:
    packed = tmp_path / "games.jsonl.gz"
    packed.write_bytes(gzip.compress(exported(tmp_path)))
    result = eightoff(tmp_path / "home", "stats", "--import", str(packed))
    assert (result.returncode, result.stderr) == (
        2, f"eightoff: cannot import {packed}: it is compressed with gzip: uncompress it first\n")


def test_a_file_none_of_whose_lines_is_a_game_is_refused_in_one_line(tmp_path: Path) -> None:
    program = tmp_path / "program"
    program.write_bytes(Path(sys.executable).read_bytes()[:200_000])
    lines = program.read_bytes().count(b"\n") + (not program.read_bytes().endswith(b"\n"))
    result = eightoff(tmp_path / "home", "stats", "--import", str(program))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and f"cannot import {program}: none of its" in result.stderr
    assert "nothing was added" in result.stderr and lines > 1


def test_a_log_with_one_bad_line_still_adds_the_rest(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"\x00\x01 not a game\n" + exported(tmp_path))
    result = eightoff(tmp_path / "home", "stats", "--import", str(damaged))
    assert (result.returncode, result.stdout) == (
        0, "3 games added; skipped: 1 line that could not be read\n")


def test_a_newer_database_stops_every_stats_command_in_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    newer_database(home)
    database = home / "data" / "games.db"
    told = f"eightoff: {database} was written by a newer version of Eight Off (its version 99, this one " \
           f"reads up to {VERSION}); it is left as it is, and its games are read and recorded only by " \
           "that version\n"
    export = tmp_path / "out.jsonl"
    for arguments in (["stats", "--export", str(export)], ["stats"], ["stats", "--json"],
                      ["stats", "--csv", "-"], ["stats", "--import", "-"], ["daily", "--share"]):
        result = eightoff(home, *arguments, given=b"")
        assert (result.returncode, result.stdout, result.stderr) == (2, "", told), arguments
    assert not export.exists()
    with contextlib.closing(sqlite3.connect(database)) as connection:
        assert connection.execute("SELECT count(*) FROM games").fetchone() == (1,)
