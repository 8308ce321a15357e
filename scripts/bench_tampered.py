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

With `--seed N`, each class draws its cases from that seed instead of the fixed lists: a random
byte of a random value made invalid UTF-8, or a random value out of bounds, in a random row and
column (written the way a hand does: STRICT taken off the table's SQL through `writable_schema`,
the checks ignored, the SQL put back); a random column dropped, renamed or added, a random table
rebuilt without its constraints, an index, trigger or view on a random table; other counts of
newer moves.
"""

from __future__ import annotations

import contextlib
import os
import random
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


COLUMNS = {
    "games": ["id", "rules", "deal", "big_deal", "start", "outcome", "moves", "seconds", "finished", "hints",
              "options", "clamped", "daily", "par", "grade"],
    "unfinished": ["rules", "id", "start", "done", "move_count", "elapsed", "hints", "helped", "daily", "par",
                   "grade", "generation"],
    "steps": ["rules", "n", "moves"],
}
"""The columns a seeded tampering picks from, as the schema names them."""
OUT_OF_BOUNDS = ["'abc'", "-1", "-987654", "9223372036854775807", "1e300", "-1e300", "x'00ff'", "''",
                 "10000001", "4.5", "'2025-13-45'", "'x' || hex(randomblob(40000))"]


def random_rows(seed: int, count: int = 15) -> dict[str, str]:
    """`count` tamperings of one value each, drawn from `seed` (this module's docstring)."""
    rng, cases = random.Random(seed), {}
    while len(cases) < count:
        table = rng.choice(["games", "unfinished", "steps"])
        column = rng.choice(COLUMNS[table])
        where = {"games": f"seq = {rng.randint(1, GAMES)}", "unfinished": "1",
                 "steps": f"n = {rng.randrange(10)}"}[table]
        if rng.random() < 0.5:
            at, byte = rng.randrange(40), rng.randrange(0x80, 0x100)
            raw = f"coalesce(CAST({column} AS BLOB), x'')"
            value = (f"CAST(coalesce(substr({raw}, 1, {at}), x'') || x'{byte:02x}' || "
                     f"coalesce(substr({raw}, {at + 2}), x'') AS TEXT)")  # substr of x'' is NULL
            name = f"byte {at} of {table}.{column} ({where}) made {byte:#x}"
        else:
            value = rng.choice(OUT_OF_BOUNDS)
            name = f"{table}.{column} ({where}) set to {value}"
        cases[name] = f"PAST UPDATE {table} SET {column} = {value} WHERE {where}"
    return cases


def random_schemas(seed: int, count: int = 12) -> dict[str, str]:
    """`count` changes of the schema, drawn from `seed` (this module's docstring)."""
    rng, cases = random.Random(seed), {}
    kinds = ["games", "unfinished", "steps"]
    while len(cases) < count:
        table = rng.choice(kinds)
        column = rng.choice(COLUMNS[table])
        how, event = rng.randrange(7), rng.choice(["INSERT", "UPDATE", "DELETE"])
        name, statements = [
            (f"{table}.{column} dropped", f"ALTER TABLE {table} DROP COLUMN {column}"),
            (f"{table}.{column} renamed", f"ALTER TABLE {table} RENAME COLUMN {column} TO old_{column}"),
            (f"a column added to {table}", f"ALTER TABLE {table} ADD COLUMN extra{rng.randrange(99)} "
                                          f"{rng.choice(['TEXT', 'INTEGER NOT NULL DEFAULT 7', 'BLOB'])}"),
            (f"{table} rebuilt without its constraints", f"PRAGMA foreign_keys = OFF | CREATE TABLE copy AS "
             f"SELECT * FROM {table} | DROP TABLE {table} | ALTER TABLE copy RENAME TO {table}"),
            (f"an index on {table}.{column}", f"CREATE INDEX extra ON {table}({column})"),
            (f"a trigger on {table}", f"CREATE TRIGGER extra AFTER {event} ON {table} BEGIN DELETE FROM "
             f"{rng.choice(kinds)}; END"),
            (f"a view beside {table}", f"CREATE VIEW extra AS SELECT {column} FROM {table}"),
        ][how]
        cases[name] = statements
    return cases


def past_checks(connection: sqlite3.Connection, statement: str) -> None:
    """`statement` written as a hand or an edited byte does, past the types and checks of its
    STRICT table: its SQL without STRICT (`writable_schema`), the checks ignored, the SQL put back."""
    table = statement.split()[1]
    sql = connection.execute("SELECT sql FROM sqlite_schema WHERE name = ?", (table,)).fetchone()[0]
    for step, text in ((0, sql.replace(") STRICT, ", ") ").replace(") STRICT", ")")), (1, sql)):
        if step:
            connection.execute(statement)
            connection.execute("PRAGMA ignore_check_constraints = OFF")
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute("UPDATE sqlite_schema SET sql = ? WHERE name = ?", (text, table))
        connection.execute("PRAGMA writable_schema = RESET")
        connection.execute(IGNORE_CHECKS)


def tamper(home: Path, statements: str) -> None:
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db", isolation_level=None)) as connection:
        for statement in statements.split(" | "):
            if statement.startswith("PAST "):
                past_checks(connection, statement.removeprefix("PAST "))
            else:
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


def tampered_rows_class(tally: Tally, quick: bool, seed: int | None = None) -> str | None:
    """The tampered rows class (this module's docstring)."""
    for name, statements in list((ROWS if seed is None else random_rows(seed)).items())[:: 3 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder) / "home"
            steps = a_home(home)
            tamper(home, statements)
            problems = commands_hold(home, Path(folder))
            games = everywhere(home, "SELECT count(*) FROM games") + \
                everywhere(home, "SELECT count(*) FROM kept WHERE what = 'game'")
            if games < GAMES:
                problems.append(f"{GAMES - games} finished games lost")
            # every step still somewhere: the game resumed whole, or the whole of it kept apart
            kept_steps = max(everywhere(home, "SELECT count(*) FROM kept WHERE what = 'step'"), in_use(home))
            if "game" not in name and kept_steps < steps - ("missing" in name):
                problems.append(f"the unfinished game's steps not kept: {kept_steps} of {steps}")
            tally.add(name, problems)
    return None


def in_use(home: Path) -> int:
    """The unfinished game's steps in games.db now."""
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection:
        found: int = connection.execute("SELECT count(*) FROM steps").fetchone()[0]
        return found


def tampered_schema_class(tally: Tally, quick: bool, seed: int | None = None) -> str | None:
    """The tampered schema class (this module's docstring)."""
    cases = SCHEMAS if seed is None else random_schemas(seed)
    for name, statements in list(cases.items())[:: 3 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder) / "home"
            a_home(home)
            try:
                tamper(home, statements)
            except sqlite3.Error as error:  # a drawn change SQLite refuses (a column a key needs)
                print(f"  not tried: {name}: {error}")
                continue
            problems = commands_hold(home, Path(folder))
            with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection:
                counted = connection.execute("SELECT count(*) FROM games").fetchone()[0] + connection.execute(
                    "SELECT count(*) FROM kept WHERE what = 'game'").fetchone()[0]
            if counted < GAMES:
                problems.append(f"{counted} games counted or kept of {GAMES}")
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


def read_only_class(tally: Tally, quick: bool, seed: int | None = None) -> str | None:
    """The read-only with newer moves class (this module's docstring)."""
    if os.geteuid() != 0:
        return "a bind mount needs root"
    drawn = sorted(random.Random(seed).sample(range(1, 15), 3)) if seed is not None else [1, 2, 5]
    for moves in (drawn[1:2] if quick else drawn):
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
