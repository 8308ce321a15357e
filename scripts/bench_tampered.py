"""bench_reliability's classes for games.db changed behind the program's back, each try real
processes on a fresh EIGHTOFF_HOME (see bench_reliability.py for the others and how they are
printed):

  tampered rows    one row of a home with finished games and an unfinished game damaged as a
                   disk or a hand would (a byte that is not UTF-8 in a step, a finished game, the
                   unfinished game's id, day or start; a step missing or of garbage; a value out
                   of bounds written past the checks): `stats --json`, `--export` and `--csv`
                   exit 0 without a traceback, a session resumes and records a win, and every
                   game and step is still somewhere: in use, kept apart in the database, or in a
                   database set aside.
  tampered schema  the schema changed (a table gone, a view or a trigger added, a table without
                   its checks, a column or an index gone or added): the database is set aside
                   with its games salvaged, and a win recorded afterwards counts.
  read-only with newer moves  a window reads the game through a read-only mount while another
                   plays it further; once the mount is writable again, the first window's save
                   keeps the newer moves apart rather than writing over them.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Protocol

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import WON, HomeDirs, Store


class Tally(Protocol):
    def add(self, name: str, problems: list[str]) -> None: ...


IGNORE_CHECKS = "PRAGMA ignore_check_constraints = ON"
ROWS = {
    "a bad byte in step 0": "UPDATE steps SET moves = CAST(x'5b22ff225d' AS TEXT) WHERE n = 0",
    "a bad byte in step 3": "UPDATE steps SET moves = CAST(x'5bff5d' AS TEXT) WHERE n = 3",
    "a bad byte in the last step": "UPDATE steps SET moves = CAST(x'ff' AS TEXT) WHERE n = "
                                   "(SELECT max(n) FROM steps)",
    "garbage in a step": "UPDATE steps SET moves = 'garbage' WHERE n = 2",
    "a step missing": "DELETE FROM steps WHERE n = 1",
    "a step of other moves": "UPDATE steps SET moves = '[\"Move a card from stack 0 to stack 0\"]' "
                             "WHERE n = 4",
    "the start garbage": "UPDATE unfinished SET start = x'00ff00'",
    "a bad byte in the start": "UPDATE unfinished SET start = CAST(replace(CAST(start AS TEXT), 'standard', "
                               "CAST(x'ff' AS TEXT)) AS BLOB)",
    "a bad byte in the id": f"{IGNORE_CHECKS} | UPDATE unfinished SET id = CAST(x'61ff' AS TEXT)",
    "a bad byte in the day": f"{IGNORE_CHECKS} | UPDATE unfinished SET daily = CAST(x'32ff' AS TEXT)",
    "moves out of bounds": f"{IGNORE_CHECKS} | UPDATE unfinished SET move_count = -5",
    "a bad byte in a game's options": f"{IGNORE_CHECKS} | UPDATE games SET options = CAST(x'ff' AS TEXT) "
                                      "WHERE seq = 2",
    "a bad byte in a game's board": "UPDATE games SET start = CAST(x'41ff' AS TEXT), deal = NULL "
                                    "WHERE seq = 3",
    "a game's moves out of bounds": f"{IGNORE_CHECKS} | UPDATE games SET moves = -1 WHERE seq = 1",
    "a game's date garbage": f"{IGNORE_CHECKS} | UPDATE games SET finished = -7 WHERE seq = 4",
}
SCHEMAS = {
    "a table gone": "DROP TABLE kept",
    "a view in place of a table": "DROP TABLE streaks | CREATE VIEW streaks AS SELECT 1 AS rules",
    "a trigger deleting games": "CREATE TRIGGER gone AFTER INSERT ON games BEGIN DELETE FROM games; END",
    "a trigger on the unfinished game": "CREATE TRIGGER odd AFTER UPDATE ON unfinished BEGIN "
                                        "DELETE FROM steps; END",
    "games without its checks": "PRAGMA foreign_keys = OFF | CREATE TABLE copy AS SELECT * FROM games | "
                                "DROP TABLE games | ALTER TABLE copy RENAME TO games",
    "a column added": "ALTER TABLE games ADD COLUMN extra TEXT",
    "an index gone": "DROP INDEX games_by_kind",
    "an index added": "CREATE INDEX extra ON games(moves)",
    "a view added": "CREATE VIEW extra AS SELECT * FROM games",
}
GAMES = 6
SESSION = """
import sys, time
from eightoff.session.start import open_session
session = open_session(time.monotonic)
session.finish()
session.close()
print("played", session.over)
"""


def a_home(home: Path) -> int:
    """GAMES finished games and an unfinished game of 10 moves; its steps."""
    store = Store(HomeDirs(home))
    store.acquire_instance()
    for deal in range(1, GAMES + 1):
        game = Game.new(deal, STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, WON, 10.0 + deal)
    game = Game.new(2, STANDARD)  # a deal whose line below has moves left after it
    for move in range(10):
        choices = game.legal_moves()
        game.play(choices[move % len(choices)])
    store.save_unfinished(game, 30.0)
    store.close()
    return len(game.done) + len(game.undone)


def tamper(home: Path, statements: str) -> None:
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db", isolation_level=None)) as connection:
        for statement in statements.split(" | "):
            connection.execute(statement)


def everywhere(home: Path, query: str) -> int:
    """`query`'s count summed over games.db and every database set aside beside it."""
    total = 0
    for path in [home / "data" / "games.db", *(home / "data").glob("games.db.corrupt-*[0-9]")]:
        with contextlib.suppress(sqlite3.Error), \
                contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
            total += connection.execute(query).fetchone()[0]
    return total


def cli(home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": "en"}
    return subprocess.run([sys.executable, "-m", "eightoff", *arguments], env=environment,
                          capture_output=True, text=True, timeout=120)


def commands_hold(home: Path, out: Path) -> list[str]:
    """What went wrong in the commands that read every game, and a session that wins."""
    problems = []
    for arguments in (["stats", "--json"], ["stats", "--export", str(out / "out.jsonl")],
                      ["stats", "--csv", str(out / "out.csv")]):
        result = cli(home, *arguments)
        if result.returncode != 0 or "Traceback" in result.stderr:
            problems.append(f"{' '.join(arguments[:2])}: exit {result.returncode} "
                            f"{result.stderr.strip()[-200:]}")
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": "en"}
    played = subprocess.run([sys.executable, "-c", SESSION], env=environment, capture_output=True, text=True,
                            timeout=120)
    if played.returncode != 0 or "Traceback" in played.stderr:
        problems.append(f"the session: {played.stderr.strip()[-300:]}")
    return problems


def tampered_rows_class(tally: Tally, quick: bool) -> str | None:
    """The tampered rows class (this module's docstring)."""
    for name, statements in list(ROWS.items())[:: 3 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder) / "home"
            steps = a_home(home)
            tamper(home, statements)
            problems = commands_hold(home, Path(folder))
            games = everywhere(home, "SELECT count(*) FROM games") + \
                everywhere(home, "SELECT count(*) FROM kept WHERE what = 'game'")
            if games < GAMES:
                problems.append(f"{GAMES - games} finished games lost")
            kept_steps = everywhere(home, "SELECT count(*) FROM kept WHERE what = 'step'")
            if "game" not in name and kept_steps < steps - ("missing" in name):
                problems.append(f"the unfinished game's steps not kept: {kept_steps} of {steps}")
            tally.add(name, problems)
    return None


def tampered_schema_class(tally: Tally, quick: bool) -> str | None:
    """The tampered schema class (this module's docstring)."""
    for name, statements in list(SCHEMAS.items())[:: 3 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder) / "home"
            a_home(home)
            tamper(home, statements)
            problems = commands_hold(home, Path(folder))
            with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection:
                counted = connection.execute("SELECT count(*) FROM games").fetchone()[0]
            if counted < GAMES:
                problems.append(f"{counted} games counted of {GAMES}")
            if not list((home / "data").glob("games.db.corrupt-*[0-9]")):
                problems.append("not set aside")
            tally.add(name, problems)
    return None


READER = """
import sys, time
from pathlib import Path
from eightoff.store import HomeDirs, Store
store = Store(HomeDirs(Path(sys.argv[1])))
saved = store.load_unfinished()
print("read", saved.game.move_count if saved else None, flush=True)
sys.stdin.readline()
saved.game.play(saved.game.legal_moves()[-1])
store.save_unfinished(saved.game, 99.0)
print("\\n".join(store.take_notices()), flush=True)
store.close()
"""


def read_only_class(tally: Tally, quick: bool) -> str | None:
    """The read-only with newer moves class (this module's docstring)."""
    if os.geteuid() != 0:
        return "a bind mount needs root"
    for moves in ([2] if quick else [1, 2, 5]):
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home, view = Path(folder) / "home", Path(folder) / "view"
            steps = a_home(home)
            view.mkdir()
            mounted = subprocess.run(["mount", "--bind", str(home), str(view)], capture_output=True)
            if mounted.returncode != 0:
                return "mount refused"
            try:
                subprocess.run(["mount", "-o", "remount,ro,bind", str(view)], check=True, capture_output=True)
                reader = subprocess.Popen([sys.executable, "-c", READER, str(view)], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                          env={**os.environ, "LANGUAGE": "en"})
                assert reader.stdout is not None and reader.stdin is not None
                said = reader.stdout.readline().split()
                store = Store(HomeDirs(home))  # another window plays the game further
                saved = store.load_unfinished()
                assert saved is not None
                for _move in range(moves):
                    saved.game.play(saved.game.legal_moves()[0])
                store.save_unfinished(saved.game, 40.0)
                store.close()
                newer = len(saved.game.done) + len(saved.game.undone)
                subprocess.run(["mount", "-o", "remount,rw,bind", str(view)], check=True, capture_output=True)
                output, _ = reader.communicate("go\n", timeout=60)
            finally:
                subprocess.run(["umount", "-l", str(view)], check=False)
            problems = []
            if said[1:] == ["None"]:
                problems.append("the read-only start did not read the game")
            kept = everywhere(home, "SELECT count(*) FROM kept WHERE what = 'step'")
            if kept < newer:
                problems.append(f"the newer moves written over: {kept} of {newer} steps kept "
                                f"(of {steps} before)")
            if "further than this window had read it" not in output:
                problems.append("the player was not told")
            tally.add(f"{moves} newer moves", problems)
    return None
