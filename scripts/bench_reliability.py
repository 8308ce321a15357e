#!/usr/bin/env python3
"""The reliability classes run against the real program; prints tried and held per class.

Each try is real processes on a fresh EIGHTOFF_HOME:
  bad files    every class of bad file (tests/store/bad_files.py) in every file the store
               reads: the window (SDL dummy driver, `--deal 1 --print-layout`) prints its
               first layout within START_SECONDS, `eightoff stats` exits 0 and `eightoff solve`
               answers; the bad file is kept aside or untouched, nothing is written through a
               link, and a notice was given (stderr, where the store logs every notice).
  stats at scale  `eightoff stats` with 1,000,000 games: the first run moves an old log into
               games.db (timed, unbounded); later runs answer within a second (the median of
               5 runs, printed with their spread).
  two windows  a second window on the same games.db starts, says another is open, and leaves
               the first window's unfinished game as it was.
  wins kept    the session a window runs (`Winner`) killed (SIGKILL) at moments up to 1.5 s
               after the winning move: the win is in the statistics every time.
  boards       boards that are not positions of the chosen game: `solve` and `replay` exit 2
               with one line.
  worker       the window's solver process may grow by 1 GB at most and ends within a second
               of its window's SIGKILL.
  WAL files, hard links, unsaved win: the player's own files (scripts/bench_own_files.py).
  tampered rows, tampered schema, read-only with newer moves: games.db changed behind the
               program's back (scripts/bench_tampered.py).
More (each class's function says exactly what it tries):
  limits       deals at the edges (up to 10**20) saved, resumed, counted, solved, opened.
  full disk    a real 1 MB tmpfs holding games.db, filled or remounted read-only, under a
               window that wins.
  wrong clock  the window under libfaketime from 1901 to 2262 wins; a lost game is logged.
  stuck lock   a second process holds games.db locked (a read or a write transaction) while
               the window wins.
  odd paths    EIGHTOFF_HOME with non-UTF-8 bytes, newlines, emoji...; a relative one.
  preferences of two windows  two processes each change a setting: both kept.
  stopped clock  a window stopped (SIGSTOP) 8 s does not count them.
  jobs         solve --deals with absurd --jobs: processes and memory bounded.
  long game    5,000 and 30,000 steps saved one at a time in games.db: bytes per save (what
               its write-ahead log grows by), time, resumed.
  scale        at 1, 3 and 10 million games (an old log imported first): peak
               memory of Reset and stats, and the
               longest time the window's thread spends in the store after a game ends.

Usage: .venv/bin/python scripts/bench_reliability.py [--only CLASS] [--quick] [--seed N] (root, for
the tmpfs)
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from _figures import loop_seconds  # noqa: E402
from bench_db import write_log  # noqa: E402
from bench_own_files import hard_links_class, unsaved_win_class, wal_files_class  # noqa: E402
from bench_tampered import read_only_class, tampered_rows_class, tampered_schema_class  # noqa: E402

from eightoff.core.limits import LARGEST_WINDOW_SIDE, SMALLEST_WINDOW_SIDE  # noqa: E402
from eightoff.store import HomeDirs, Store  # noqa: E402
from tests.store.bad_files import (  # noqa: E402
    CLAMPED,
    CONTENTS,
    KINDS,
    TARGETS,
    damage,
    kept,
    outside_untouched,
    snapshot,
    started_game,
)

START_SECONDS = 10.0
"""The window's usual start is well under a second; this allows for two busy shared cores."""
NOTICE_WORDS = ("could not be read", "could not be moved", "Cannot save", "skipped",
                "Another Eight Off window")
"""Words of the notices a bad file may give."""


@dataclass
class Tally:
    tried: int = 0
    held: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, name: str, problems: list[str]) -> None:
        self.tried += 1
        if problems:
            self.failures.append(f"{name}: {'; '.join(problems)}")
        else:
            self.held += 1


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "EIGHTOFF_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYTHONPATH": str(ROOT)}


class Window:
    """`python -m eightoff ARGS --print-layout` on `home`, in its own process group."""

    def __init__(self, home: Path, *arguments: str, prefix: list[str] | None = None) -> None:
        self.process = subprocess.Popen(
            [*(prefix or []), sys.executable, "-m", "eightoff", *arguments, "--print-layout"],
            env=environment(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            start_new_session=True)

    def started(self) -> bool:
        """Whether the first layout came out within START_SECONDS."""
        assert self.process.stdout is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if line.strip():
                return True
            if self.process.poll() is not None:
                return False
            time.sleep(0.02)
        return False

    def wait_for(self, text: str, seconds: float = START_SECONDS) -> bool:
        """Whether a line containing `text` came out on stdout within `seconds`."""
        assert self.process.stdout is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if text.encode() in line:
                return True
            if not line:
                if self.process.poll() is not None:
                    return False
                time.sleep(0.01)
        return False

    def close(self) -> str:
        """End it (and any worker it started) and return what it said on stderr."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            _, errors = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            _, errors = self.process.communicate()
        return errors.decode(errors="replace")


WIN_PROBE = """
import signal, sys, time
from eightoff.session.start import open_session
session = open_session(time.monotonic)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
print("opened", session.moves, flush=True)
try:
    sys.stdin.readline()
    session.finish()
    print("won" if session.over else "not won", flush=True)
    while True:
        time.sleep(1)
finally:
    session.close()
"""


class Winner(Window):
    """The window's part at the winning move, without the window (which no longer plays a
    resumed game home by itself at its first frame): a session opened as the window opens it,
    on the home's unfinished game, plays every card home (`Session.finish`) when told to
    (`play`), says "won", and closes the session as the window does at SIGTERM."""

    def __init__(self, home: Path, prefix: list[str] | None = None) -> None:
        self.process = subprocess.Popen(
            [*(prefix or []), sys.executable, "-c", WIN_PROBE], env=environment(home),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.PIPE, start_new_session=True)

    def play(self) -> bool:
        """Opened, then told to win: whether it said "won" within START_SECONDS."""
        if not self.wait_for("opened"):
            return False
        assert self.process.stdin is not None
        self.process.stdin.write(b"play\n")
        self.process.stdin.flush()
        return self.wait_for("won")


def run(home: Path, *arguments: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "eightoff", *arguments], env=environment(home),
                          capture_output=True, text=True, timeout=timeout)


@dataclass(frozen=True)
class Case:
    target_index: int
    damage_name: str


def bad_file_cases() -> Iterator[Case]:
    for index, _target in enumerate(TARGETS):
        for name in [*CONTENTS, *KINDS]:
            if name == "device" and os.geteuid() != 0:
                continue
            yield Case(index, name)


def try_bad_file(folder: Path, case: Case) -> list[str]:
    target = TARGETS[case.target_index]
    home = folder / "home"
    damage(home, target, case.damage_name)
    before = snapshot(target.path(home))
    problems = []
    window = Window(home, "--deal", "1")
    if not window.started():
        problems.append("the window did not start")
    said = window.close()
    stats = run(home, "stats")
    if stats.returncode != 0:
        problems.append(f"stats exited {stats.returncode}")
    said += stats.stderr
    solve = run(home, "solve", "--deal", "1", "--time-limit", "5")
    if solve.returncode not in (0, 1):
        problems.append(f"solve exited {solve.returncode}")
    complained = any(word in said for word in NOTICE_WORDS)
    if (target.name, case.damage_name) in CLAMPED:  # a size out of bounds is brought within them
        written = target.path(home)
        sizes = json.loads(written.read_bytes()).get("window_size", []) if written.is_file() else []
        if not all(SMALLEST_WINDOW_SIDE <= side <= LARGEST_WINDOW_SIDE for side in sizes):
            problems.append(f"the window size {sizes} was kept out of bounds")
        return problems
    good = before in (("file", target.good), ("file", b""))
    if not good and not kept(home, target, before):
        problems.append("the bad file was neither kept aside nor left as it was")
    if not outside_untouched(home):
        problems.append("written through a link")
    if not complained and not good:
        problems.append("no notice")
    return problems


def bad_files(tally: Tally, quick: bool) -> None:
    cases = list(bad_file_cases())
    for case in cases[:: 4 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            name = f"{TARGETS[case.target_index].name}, {case.damage_name}"
            tally.add(name, try_bad_file(Path(folder), case))


STATS_RUNS = 5
"""Runs of `eightoff stats` behind each stats-at-scale try: its median must be within a second."""


def stats_at_scale(tally: Tally, quick: bool) -> None:
    games = 100_000 if quick else 1_000_000
    with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
        home = Path(folder)
        write_log(home / "games.jsonl", games)
        start = time.perf_counter()
        moved = run(home, "stats", "--import", str(home / "games.jsonl"), timeout=3600)
        print(f"  stats at {games:,} games, the log imported: "
              f"{time.perf_counter() - start:.1f} s, exit {moved.returncode}", flush=True)
        tally.add(f"the log of {games:,} games imported", [] if moved.returncode == 0 else
                  [f"exit {moved.returncode}: {moved.stderr[-300:]}"])

        def within_a_second(name: str) -> None:
            times, problems = [], []
            for _run in range(STATS_RUNS):
                start = time.perf_counter()
                result = run(home, "stats")
                times.append(time.perf_counter() - start)
                if result.returncode != 0:
                    problems.append(f"exit {result.returncode}")
            took = statistics.median(times)
            print(f"  stats at {games:,} games, {name}: median {took:.2f} s, spread {min(times):.2f}-"
                  f"{max(times):.2f} s ({STATS_RUNS} runs, load {os.getloadavg()[0]:.1f})", flush=True)
            if took > 1.0:
                problems.append(f"took {took:.2f} s (median)")
            tally.add(f"stats at {games:,} games, {name}", problems)

        for number in range(3):
            within_a_second(f"games.db in place, run {number + 1}")
        window = Window(home, "--deal", "2")
        tally.add(f"window starts with {games:,} games", [] if window.started() else ["did not start"])
        window.close()


def two_windows(tally: Tally, quick: bool) -> None:
    for number in range(2 if quick else 5):
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            store = Store(HomeDirs(home))
            store.save_unfinished(started_game(number + 1), 12.5)
            store.close()
            first = Window(home)
            problems = [] if first.started() else ["the first window did not start"]
            before = unfinished_record(home)
            second = Window(home, "--deal", str(10 + number))
            if not second.started():
                problems.append("the second window did not start")
            said = second.close()
            if "Another Eight Off window" not in said:
                problems.append("the second window did not say another is open")
            if before is None or unfinished_record(home) != before:
                problems.append("the first window's unfinished game was touched")
            first.close()
            tally.add(f"two windows, try {number + 1}", problems)


def unfinished_record(home: Path) -> str | None:
    """The unfinished standard game kept in games.db, as its record (None: none kept)."""
    store = Store(HomeDirs(home))
    saved = store.load_unfinished()
    store.close()
    return None if saved is None else saved.game.to_record()


def save_almost_won(home: Path, elapsed: float = 12.0) -> None:
    """An unfinished game whose cards can all go home in one move (`Winner` plays it)."""
    from eightoff.core.cards import KING, Card
    from eightoff.core.game import Game
    from eightoff.core.position import Position
    from eightoff.core.variants import STANDARD

    columns = ((Card.parse("KS"), Card.parse("QS")),) + ((),) * 7
    game = Game(STANDARD, Position(columns, (None,) * 8, (KING, KING, KING, KING - 2)))
    game.play(game.legal_moves()[0])
    game.undo()  # a started game (moves were made) that is not yet won
    store = Store(HomeDirs(home))
    store.save_unfinished(game, elapsed)
    store.close()  # nothing left open on the small disk that is remounted read-only


def won_games(home: Path) -> int | None:
    """Standard games won, as `eightoff stats --json` says (None when it does not answer)."""
    result = run(home, "stats", "--json", "--rules", "standard")
    try:
        return int(json.loads(result.stdout)["statistics"]["standard"]["won"])
    except (ValueError, KeyError, TypeError):
        return None


def wins_kept(tally: Tally, quick: bool) -> str | None:
    """A resumed game whose cards can all go home is won (`Winner`), and the process killed
    (SIGKILL) at a spread of moments after it said so; the win must be in the statistics
    every time."""
    tries = 5 if quick else 20
    for number in range(tries):
        delay = 1.5 * number / max(tries - 1, 1)
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            save_almost_won(home)
            window = Winner(home)
            problems = [] if window.play() else ["the winning move was never made"]
            time.sleep(delay)
            os.killpg(window.process.pid, signal.SIGKILL)
            window.close()
            stats = run(home, "stats", "--json", "--rules", "standard")
            if '"won": 1' not in stats.stdout.replace(" ", "").replace('"won":1', '"won": 1'):
                problems.append(f"no win in the statistics: {stats.stdout.strip()[:200]}")
            tally.add(f"killed {delay:.2f} s after the winning move", problems)
    return None


BAD_BOARDS: dict[str, tuple[str, str]] = {
    "empty": ("standard", ""),
    "not a board": ("standard", "hello world\n"),
    "binary": ("standard", "\x00\xff\xfe garbage"),
    "too few columns": ("standard", "Freecells: - - - -\n" + "AS\n" * 3),
    "unknown card": ("standard", "Freecells: 1X\n"),
    "second Freecells line": ("standard", "Freecells: AS\nFreecells: - AH\n"),
    "second Foundations line": ("freecell", "Foundations: H-A\nFoundations: S-2\n"),
    "card twice": ("freecell", "AS AS\n"),
    "card twice through a foundation": ("freecell", "Foundations: S-3\n2S\n"),
    "too many free cells": ("freecell", "Freecells: AS AH AD AC 2S\n"),
    "reserve in Eight Off": ("standard", "Reserve: AS\n"),
    "free cells in Raglan": ("raglan", "Freecells: AS\n"),
    "second Reserve line": ("raglan", "Reserve: 2S - - - - -\nReserve: 3S - - - - -\n"),
    "card twice in the reserve": ("raglan", "Reserve: 2S 2S - - - -\n"),
    "too many reserve places": ("raglan", "Reserve: 2S 3S 4S 5S 6S 7S 8S\n"),
    "face-down card on top": ("raglan", "Reserve: - - - - - -\n:\n2S [3H]\n"),
    "face-down under nothing": ("raglan", "Reserve: - - - - - -\n[2S]\n"),
    "face-down over face-up": ("raglan", "Reserve: - - - - - -\n:\n2S [3H] 4C\n"),
    "too many face-down cards": ("raglan", "Reserve: - - - - - -\n:\n[2S] [3H] 4C\n"),
    "face-down in FreeCell": ("freecell", "[2S] 3H\n"),
    "bad foundation": ("raglan", "Foundations: S-Z\n"),
    "ten columns": ("raglan", "Reserve: - - - - - -\n" + ":\n" * 10),
    "missing cards": ("raglan", "Foundations: H-A C-A D-A S-A\nReserve: - - - - - -\n" + ":\n" * 9),
}


def boards(tally: Tally, quick: bool) -> str | None:
    """Boards that are not positions of the chosen game: `solve` and `replay` answer with
    exit status 2 and one line on stderr, never a traceback, and quickly."""
    with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
        home = Path(folder)
        board, moves = home / "board.txt", home / "moves.txt"
        moves.write_text("")
        for name, (rules, text) in BAD_BOARDS.items():
            board.write_bytes(text.encode("latin-1"))
            for command in (["solve", str(board)], ["replay", str(board), str(moves)]):
                result = run(home, *command, "--rules", rules)
                problems = []
                if result.returncode != 2:
                    problems.append(f"exit {result.returncode}")
                if len(result.stderr.strip().splitlines()) != 1 or "Traceback" in result.stderr:
                    problems.append(f"stderr {result.stderr.strip()[:200]!r}")
                tally.add(f"{name} ({command[0]} --rules {rules})", problems)
    return None


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def mapped_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def address_space_limit(pid: int) -> int | None:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            soft = line.split()[3]
            return None if soft == "unlimited" else int(soft)
    return None


def worker(tally: Tally, quick: bool) -> str | None:
    """The window's solver process may grow by 1 GB at most (its address-space limit above
    what it maps) and ends within a second when its window is killed with SIGKILL."""
    for number in range(3 if quick else 10):
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            window = Window(Path(folder), "--deal", str(100 + number), "--rules", "freecell")
            problems = [] if window.started() else ["the window did not start"]
            deadline = time.monotonic() + 15
            workers: list[int] = []
            while not workers and time.monotonic() < deadline:
                workers = [child for child in children(window.process.pid)
                           if b"eightoff.solver.worker" in Path(f"/proc/{child}/cmdline").read_bytes()]
                time.sleep(0.05)
            if not workers:
                problems.append("no solver process appeared")
            for child in workers:
                settle = time.monotonic() + 10  # the process sets its cap once it has started
                while address_space_limit(child) is None and time.monotonic() < settle:
                    time.sleep(0.05)
                limit, mapped = address_space_limit(child), mapped_bytes(child)
                if limit is None or limit - mapped > (1 << 30) * 1.05:
                    problems.append(f"the solver may grow by more than 1 GB (limit {limit}, mapped {mapped})")
            window.process.kill()  # SIGKILL to the window alone: the worker must notice
            killed = time.monotonic()
            while any(Path(f"/proc/{child}").exists() and "Z" not in state(child) for child in workers):
                if time.monotonic() - killed > 1.0:
                    problems.append("the solver outlived its window by more than a second")
                    break
                time.sleep(0.02)
            with_group_gone(window)
            tally.add(f"window {number + 1} killed", problems)
    return None


def state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def with_group_gone(window: Window) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(window.process.pid, signal.SIGKILL)
    window.process.communicate()


# ----- limits, disks, clocks, locks-----------------------------------------------------------------

HOLD_LOCK = """
import sqlite3, sys
database = sqlite3.connect(sys.argv[1], isolation_level=None)
database.execute("BEGIN" if sys.argv[2] == "read" else "BEGIN IMMEDIATE")
database.execute("SELECT count(*) FROM games").fetchall()
print("held", flush=True)
sys.stdin.read()
"""
LOCKS = ("read", "write")
"""How the second process holds games.db: a read transaction (which the write-ahead log lets a
writer pass) and a write transaction (which no other writer passes)."""


def record_in_a_process(home: Path, deal: int, *,
                        prefix: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    """A started game of `deal` saved, resumed and counted as lost by a separate process."""
    code = ("import sys; from pathlib import Path; from eightoff.core.game import Game; "
            "from eightoff.core.variants import STANDARD; from eightoff.store import LOST, HomeDirs, Store; "
            "store = Store(HomeDirs(Path(sys.argv[1]))); game = Game.new(int(sys.argv[2]), STANDARD); "
            "game.play(game.legal_moves()[0]); store.save_unfinished(game, 3.0); "
            "saved = Store(HomeDirs(Path(sys.argv[1]))).load_unfinished(); "
            "assert saved is not None and saved.game.deal_number == int(sys.argv[2]), 'not resumed'; "
            "assert store.record_outcome(game, LOST, 4.0), 'not recorded'")
    return subprocess.run([*(prefix or []), sys.executable, "-c", code, str(home), str(deal)],
                          env=environment(home), capture_output=True, text=True, timeout=60)


def limits_class(tally: Tally, quick: bool) -> str | None:
    """Deals the command line accepts, at the edges: saved, resumed, counted (no line skipped),
    solved and replayed by the command line; one past the last is refused with exit 2."""
    from eightoff.core.limits import LAST_DEAL

    deals = [1, 31999, 32000, 10**18, 10**18 + 1, 2**63, 2**64 + 1, LAST_DEAL]
    for deal in deals[:: 2 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            problems = []
            recorded = record_in_a_process(home, deal)
            if recorded.returncode != 0:
                problems.append(f"store: {recorded.stderr.strip().splitlines()[-1:]}")
            stats = run(home, "stats", "--json")
            try:
                overview = json.loads(stats.stdout)
                if overview["statistics"]["standard"]["played"] != 1 or overview.get("skipped"):
                    problems.append(f"not counted once: {stats.stdout[:200]}")
            except (ValueError, KeyError):
                problems.append(f"stats said {stats.stdout[:200]!r} {stats.stderr[-200:]!r}")
            solved = run(home, "solve", "--deal", str(deal), "--max-states", "2000")
            if solved.returncode != 0:
                problems.append(f"solve exited {solved.returncode}")
            window = Window(home, "--deal", str(deal))
            if not window.started():
                problems.append("the window did not start on it")
            said = window.close()
            if "Traceback" in said:
                problems.append("the window printed a traceback")
            tally.add(f"deal {deal}", problems)
    with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
        past = run(Path(folder), "solve", "--deal", str(LAST_DEAL + 1))
        tally.add("one past the last deal", [] if past.returncode == 2 and "Traceback" not in past.stderr
                  else [f"exit {past.returncode}: {past.stderr[-200:]}"])
    return None


@contextlib.contextmanager
def small_disk(size: str = "1m") -> Iterator[Path]:
    """A real tmpfs of `size`, unmounted afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="eightoff-disk-"))
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        folder.rmdir()
        raise OSError(result.stderr.strip() or "mount refused")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        folder.rmdir()


def fill(folder: Path) -> None:
    with contextlib.suppress(OSError), open(folder / "filler", "wb") as file:
        while True:
            file.write(b"x" * 4096)
            file.flush()


def full_disk_class(tally: Tally, quick: bool) -> str | None:
    """A real 1 MB tmpfs as EIGHTOFF_HOME: a game one move from won is saved, the disk filled
    (or remounted read-only), and the window wins at its first frame and is killed. The game
    must still be on disk, nothing torn; once there is room, the next window wins it again or
    finds the won game (a step's line may fit where the outcome did not) and counts it once."""
    if os.geteuid() != 0:
        return "mounting a tmpfs needs root"
    for number in range(3 if quick else 10):
        how = ("full", "read-only")[number % 2]
        try:
            with small_disk() as folder:
                home = folder / "home"
                save_almost_won(home)
                before = unfinished_record(home)
                if how == "full":
                    fill(folder)
                else:
                    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
                window = Winner(home)
                problems = [] if window.play() else ["the game was never won"]
                time.sleep(0.3 * (number // 2))
                os.killpg(window.process.pid, signal.SIGKILL)
                said = window.close()
                if "Traceback" in said:
                    problems.append("traceback: " + said[-300:])
                if how == "full":
                    (folder / "filler").unlink()
                else:
                    subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=True)
                after = unfinished_record(home)
                if after != before and won_games(home) != 1:
                    problems.append("the unfinished game was changed or lost, and the win not kept")
                again = Winner(home)
                won_again = again.play()
                time.sleep(0.5)
                recovered = "A game you won" in again.close()  # the winning step was saved, its outcome not
                if not won_again and not recovered:
                    problems.append("the game was neither resumed nor recovered once there was room")
                if won_games(home) != 1:
                    problems.append(f"won {won_games(home)} after space was freed, not 1")
                tally.add(f"{how} disk, try {number + 1}", problems)
        except (OSError, subprocess.CalledProcessError) as error:
            return f"cannot mount a small disk here: {error}"
    return None


CLOCKS = ["1960-01-01 12:00:00", "1901-12-14 00:00:00", "1969-12-31 23:59:59", "1970-01-01 00:00:00",
          "2199-12-31 23:59:59", "2200-01-01 00:00:01", "2262-01-01 00:00:00"]
"""Python itself cannot start past 2262-04-11 (its clock is nanoseconds in 64 bits)."""


def clock_class(tally: Tally, quick: bool) -> str | None:
    """Under libfaketime at dates outside 1970..2200 (and at the edges) a game is won
    (`Winner`): no crash, the win counted, its date clamped and flagged. Then New (a started game
    left for another, logged as lost) at the same date."""
    if shutil.which("faketime") is None:
        return "faketime is not installed (apt-get install faketime)"
    for moment in CLOCKS[:: 2 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            save_almost_won(home)
            window = Winner(home, prefix=["faketime", "-f", f"@{moment}"])
            problems = [] if window.play() else ["the game was never won"]
            time.sleep(0.5)
            said = window.close()
            if "Traceback" in said:
                problems.append("traceback: " + said[-300:])
            if won_games(home) != 1:
                problems.append(f"won {won_games(home)}, not 1")
            lost = record_in_a_process(home, 5, prefix=["faketime", "-f", f"@{moment}"])
            if lost.returncode != 0:
                problems.append(f"a lost game at that date: {lost.stderr[-200:]}")
            tally.add(f"clock at {moment}", problems)
    return None


def proc_file(pid: int, name: str) -> bytes:
    """/proc/PID/NAME (b"" once the process is gone)."""
    try:
        return Path(f"/proc/{pid}/{name}").read_bytes()
    except OSError:
        return b""


def stuck_lock_class(tally: Tally, quick: bool) -> str | None:
    """A second process holds games.db (`LOCKS`) while the game is won (`Winner`, opened
    before the lock was taken): it keeps running. Then either the lock is let go and the
    session closed (SIGTERM: its last try at the waiting outcome), or it is killed while the
    lock is held and, once it is let go, a new session wins the resumed game again. Either way
    the win is counted once."""
    for number in range(4 if quick else 12):
        kind, ending = LOCKS[number % 2], ("closed", "killed")[number // 2 % 2]
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            save_almost_won(home)
            window = Winner(home)
            problems = [] if window.wait_for("opened") else ["the session did not open"]
            database = str(home / "data" / "games.db")
            holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, database, kind],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert holder.stdout is not None and window.process.stdin is not None
            if holder.stdout.readline().strip() != "held":
                problems.append("the second process could not take the lock")
            window.process.stdin.write(b"play\n")
            window.process.stdin.flush()
            if not window.wait_for("won"):
                problems.append("the game was never won")
            time.sleep(2.0)
            if window.process.poll() is not None:
                problems.append("the window stopped")
            if ending == "killed":
                os.killpg(window.process.pid, signal.SIGKILL)
                window.close()
            holder.kill()
            holder.wait()
            if ending == "closed":
                said = window.close()
            else:
                again = Winner(home)
                if not again.play():
                    problems.append("the resumed game was not won again")
                time.sleep(0.5)
                said = again.close()
            if "Traceback" in said:
                problems.append("traceback: " + said[-300:])
            if won_games(home) != 1:
                problems.append(f"won {won_games(home)} once the lock was let go, not 1")
            tally.add(f"{kind} lock held, window {ending}, try {number + 1}", problems)
    return None


ODD_HOMES = {
    "Latin-1 José": b"Jos\xe9",
    "invalid UTF-8 bytes": b"\xff\xfe\x80",
    "a newline": b"two\nlines",
    "spaces and quotes": b"my 'games' \"here\"",
    "emoji": "cards \U0001f0a1".encode(),
    "a long name": b"x" * 250,
}


def odd_paths_class(tally: Tally, quick: bool) -> str | None:
    """EIGHTOFF_HOME folders whose names are not plain (bytes that are not UTF-8 among them),
    each holding a bad preferences file so a message names the path: the window starts, stats
    answers, a game is counted, and nothing prints a traceback. A relative EIGHTOFF_HOME is
    made absolute: the store's files land under the folder it named when read."""
    for name, raw in ODD_HOMES.items():
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(os.fsdecode(os.fsencode(folder) + b"/" + raw))
            (home / "config").mkdir(parents=True)
            (home / "config" / "preferences.json").write_bytes(b"not json")
            problems = []
            window = Window(home, "--deal", "1")
            if not window.started():
                problems.append("the window did not start")
            said = window.close()
            stats = run(home, "stats")
            recorded = record_in_a_process(home, 3)
            for what, text in (("window", said), ("stats", stats.stderr), ("store", recorded.stderr)):
                if "Traceback" in text:
                    problems.append(f"{what}: {text.strip().splitlines()[-1]}")
            if stats.returncode != 0 or recorded.returncode != 0:
                problems.append(f"stats exited {stats.returncode}, store {recorded.returncode}")
            if not list((home / "config").glob("preferences.json.corrupt-*")):
                problems.append("the bad file was not kept aside")
            tally.add(f"home with {name}", problems)
    with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
        code = ("import os; from eightoff.store import default_dirs; dirs = default_dirs(); "
                "os.chdir('/'); print(dirs.user_data_path)")
        result = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True,
                                env={**environment(Path("relative-home"))})
        expected = str(Path(folder).resolve() / "relative-home" / "data")
        tally.add("relative EIGHTOFF_HOME", [] if result.stdout.strip() == expected
                  else [f"{result.stdout.strip()!r} is not {expected!r}"])
    return None


MERGE = """
import sys, time
from pathlib import Path
from eightoff.store import HomeDirs, Store
store = Store(HomeDirs(Path(sys.argv[1])))
preferences = store.load_preferences()
print("loaded", flush=True)
sys.stdin.readline()
setattr(preferences, sys.argv[2], {"True": True, "False": False}.get(sys.argv[3], sys.argv[3]))
store.save_preferences(preferences)
"""


def two_windows_preferences(tally: Tally, quick: bool) -> str | None:
    """Two processes load the preferences, each changes a different one, and they save in
    either order: both changes are on disk afterwards."""
    changes = [("four_colour", "True"), ("last_rules", "freecell"), ("autoplay", "False"),
               ("animation_speed", "slow")]
    pairs = list(itertools.combinations(changes, 2))
    for first, second in pairs[:: 2 if quick else 1]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            windows = [subprocess.Popen([sys.executable, "-c", MERGE, str(home), *change],
                                        env=environment(home), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
                       for change in (first, second)]
            for window in windows:
                assert window.stdout is not None
                window.stdout.readline()
            for window in windows:
                assert window.stdin is not None
                window.stdin.write("\n")
                window.stdin.flush()
                window.wait(timeout=30)
            from eightoff.store import HomeDirs, Store
            loaded = Store(HomeDirs(home)).load_preferences()
            problems = [f"{name} is {getattr(loaded, name)!r}" for name, value in (first, second)
                        if str(getattr(loaded, name)) != value]
            tally.add(f"{first[0]} then {second[0]}", problems)
    return None


def stopped_clock(tally: Tally, quick: bool) -> str | None:
    """The window resumes a started game at 12 s, is stopped (SIGSTOP) for 8 s and continued,
    then closed (SIGTERM, which SDL makes a quit): the time saved must not include the 8 s
    stopped (at most MAX_GAP of them)."""
    from eightoff.core.game import Game
    from eightoff.core.variants import STANDARD
    from eightoff.session.clock import MAX_GAP
    from eightoff.store import HomeDirs, Store

    for number in range(2 if quick else 4):
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            game = Game.new(20 + number, STANDARD)
            game.play(game.legal_moves()[0])
            Store(HomeDirs(home)).save_unfinished(game, 12.0)
            window = Window(home)
            problems = [] if window.started() else ["the window did not start"]
            os.killpg(window.process.pid, signal.SIGSTOP)
            time.sleep(8.0)
            os.killpg(window.process.pid, signal.SIGCONT)
            time.sleep(1.0)
            window.close()
            saved = Store(HomeDirs(home)).load_unfinished()
            elapsed = saved.elapsed if saved is not None else None
            if elapsed is None or elapsed > 12.0 + 1.0 + MAX_GAP + 1.0:
                problems.append(f"saved {elapsed} s after 1 s of play and 8 s stopped")
            tally.add(f"stopped 8 s, try {number + 1}", problems)
    return None


def jobs_class(tally: Tally, quick: bool) -> str | None:
    """`solve --deals 1-2 --jobs 10000` (and other absurd counts): at most min(deals, cores)
    solver processes, and all of them under a gigabyte together."""
    cases = [("1-2", "10000"), ("1-3", "0"), ("5-5", "999"), ("1-40", "100000")]
    for deals, jobs in cases[: 2 if quick else 4]:
        command = ["solve", "--deals", deals, "--jobs", jobs, "--max-states", "3000"]
        process = subprocess.Popen([sys.executable, "-m", "eightoff", *command], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=environment(Path(tempfile.gettempdir())),
                                   start_new_session=True)  # not read while it runs: a pipe would fill
        most, memory = 0, 0
        while process.poll() is None:
            workers = [child for child in children(process.pid)
                       if b"spawn_main" in proc_file(child, "cmdline")]
            most = max(most, len(workers))
            memory = max(memory, sum(resident(child) for child in workers))
            time.sleep(0.01)
            if most > 64:
                os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        first, last = (int(part) for part in deals.split("-"))
        allowed = min(last - first + 1, os.cpu_count() or 1)
        problems = [] if most <= allowed and memory < (1 << 30) else [
            f"{most} processes (allowed {allowed}), {memory >> 20} MB"]
        if process.returncode != 0:
            problems.append(f"exit {process.returncode}")
        tally.add(f"--deals {deals} --jobs {jobs}", problems)
    return None


def resident(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


SCALE_PROBE = """
import resource, statistics, sys, time
from pathlib import Path
from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import LOST, WON, HomeDirs, Store
home, what = Path(sys.argv[1]), sys.argv[2]
store = Store(HomeDirs(home))
if what == "reset":
    store.reset_statistics("standard")
elif what == "game ends":
    store.load_unfinished()
    store.overview()  # the Statistics dialog was opened once
    times = []
    for deal in range(1, 8):
        game = Game.new(deal, STANDARD)
        game.play(game.legal_moves()[0])
        store.save_unfinished(game, 5.0)
        start = time.perf_counter()
        store.record_outcome(game, WON if deal % 2 else LOST, 6.0)
        times.append(time.perf_counter() - start)
    print(max(times), statistics.median(times))
print("peak", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""


def peak_of(command: list[str], home: Path) -> int:
    """The peak resident memory (bytes) of a child process running `command`."""
    process = subprocess.Popen(command, env=environment(home), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _pid, _status, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    return usage.ru_maxrss * 1024


def scale(tally: Tally, quick: bool) -> str | None:
    """At 1, 3 and 10 million logged games: the peak memory of Reset statistics and of
    `eightoff stats`, as ratios to a bare `python -c 'import eightoff.store'` measured in the
    same run, and the longest time the store keeps the window's thread after a game ends (the
    calls the window makes: the outcome recorded, with the Statistics dialog opened once), over
    7 games, as a ratio to one fsynced append of a line to a file on the same disk."""
    sizes = [100_000] if quick else [1_000_000, 3_000_000, 10_000_000]
    print(f"  pure-Python loop: {loop_seconds():.3f} s", flush=True)
    for games in sizes:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            write_log(home / "games.jsonl", games)
            run(home, "stats", "--import", str(home / "games.jsonl"), timeout=3600)
            os.sync()  # a log just written is gigabytes of dirty pages: the first fsync would flush them
            bare = peak_of([sys.executable, "-c", "import eightoff.store"], home)
            stats_peak = peak_of([sys.executable, "-m", "eightoff", "stats"], home)
            probe = subprocess.run([sys.executable, "-c", SCALE_PROBE, str(home), "game ends"],
                                   env=environment(home), capture_output=True, text=True, timeout=3600)
            longest, median = (float(value) for value in probe.stdout.split()[:2])
            reference = fsync_append_seconds(home)
            reset_peak = peak_of([sys.executable, "-c", SCALE_PROBE, str(home), "reset"], home)
            mb = 1 << 20
            print(f"  {games:,} games: Reset peak {reset_peak / mb:.0f} MB ({reset_peak / bare:.2f} x bare "
                  f"{bare / mb:.0f} MB); stats peak {stats_peak / mb:.0f} MB ({stats_peak / bare:.2f} x); "
                  f"after a game ends: longest {longest * 1000:.1f} ms, median {median * 1000:.1f} ms "
                  f"({longest / reference:.1f} x one fsynced append, {reference * 1000:.2f} ms); "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
            problems = []
            if reset_peak > 100 * mb:
                problems.append(f"Reset peak {reset_peak / mb:.0f} MB")
            if longest > 0.1:
                problems.append(f"a game's end took {longest * 1000:.0f} ms")
            tally.add(f"{games:,} games", problems)
    return None


def fsync_append_seconds(home: Path) -> float:
    """The median of 7 appends of one line with fsync, on the disk the log is on."""
    times = []
    with open(home / "reference.txt", "ab") as file:
        for _ in range(7):
            start = time.perf_counter()
            file.write(b"x" * 200 + b"\n")
            file.flush()
            os.fsync(file.fileno())
            times.append(time.perf_counter() - start)
    return statistics.median(times)


LONG_GAME = """
import json, os, statistics, sys, time
from pathlib import Path
from eightoff.core.cards import KING, Card
from eightoff.core.game import Game
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.variants import STANDARD
from eightoff.store import HomeDirs, Store
home, steps = Path(sys.argv[1]), int(sys.argv[2])


def written():  # bytes this process has passed to write calls (the database's and its log's)
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    return 0


store = Store(HomeDirs(home))
columns = ((Card.parse("KH"),), (Card.parse("KS"),)) + ((),) * 6
game = Game(STANDARD, Position(columns, (None,) * 8, (KING, KING, KING - 1, KING - 1)))
times, grown, size = [], [], written()
for number in range(steps):
    moves = [move for move in game.legal_moves() if move.destination.kind is not PileKind.FOUNDATION]
    game.play(moves[number * 7919 % len(moves)])  # two kings wander between cells and columns, never home
    start = time.perf_counter()
    store.save_unfinished(game, float(number))
    times.append(time.perf_counter() - start)
    now = written()
    grown.append(now - size)
    size = now
start = time.perf_counter()
saved = Store(HomeDirs(home)).load_unfinished()
resumed = time.perf_counter() - start
print(json.dumps({"first": statistics.median(times[:1000]), "last": statistics.median(times[-1000:]),
                  "most_bytes": max(grown[1:]), "median_bytes": statistics.median(grown[1:]),
                  "resume": resumed,
                  "same": saved is not None and saved.game.to_record() == game.to_record()}))
"""


def long_game(tally: Tally, quick: bool) -> str | None:
    """A game of many steps saved after each, as the window does: the bytes a save writes to
    games.db and its write-ahead log (the median) stay a few pages, not the whole game; the
    median save of the last thousand steps against the first thousand; the game resumes
    exactly."""
    for steps in [5_000] if quick else [5_000, 30_000]:
        with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
            home = Path(folder)
            result = subprocess.run([sys.executable, "-c", LONG_GAME, str(home), str(steps)],
                                    env=environment(home), capture_output=True, text=True, timeout=3600)
            try:
                figures = json.loads(result.stdout)
            except ValueError:
                tally.add(f"{steps:,} steps", [f"the probe failed: {result.stderr[-300:]}"])
                continue
            reference = fsync_append_seconds(home)
            first, last = figures["first"] * 1000, figures["last"] * 1000
            print(f"  {steps:,} steps: a save writes {figures['median_bytes']:.0f} bytes (median; at most "
                  f"{figures['most_bytes']}, with a checkpoint); median save "
                  f"{first:.2f} ms over the first 1,000 steps, {last:.2f} ms over the last 1,000 "
                  f"({last / first:.2f} x; one fsynced append "
                  f"{reference * 1000:.2f} ms); resumed in {figures['resume']:.2f} s", flush=True)
            problems = [] if figures["same"] else ["the game did not resume as it was"]
            if figures["median_bytes"] > 8 * 4096:
                problems.append(f"a save wrote {figures['median_bytes']:.0f} bytes (median)")
            tally.add(f"{steps:,} steps", problems)
    return None


CLASSES: dict[str, Callable[[Tally, bool], str | None]] = {
    "wins kept": wins_kept,
    "bad files": bad_files,  # type: ignore[dict-item]
    "boards": boards,
    "worker": worker,
    "stats at scale": stats_at_scale,  # type: ignore[dict-item]
    "two windows": two_windows,  # type: ignore[dict-item]
    "limits": limits_class,
    "full disk": full_disk_class,
    "wrong clock": clock_class,
    "stuck lock": stuck_lock_class,
    "odd paths": odd_paths_class,
    "preferences of two windows": two_windows_preferences,
    "stopped clock": stopped_clock,
    "jobs": jobs_class,
    "long game": long_game,
    "scale": scale,
    "WAL files": wal_files_class,
    "hard links": hard_links_class,
    "unsaved win": unsaved_win_class,
    "tampered rows": tampered_rows_class,
    "tampered schema": tampered_schema_class,
    "read-only with newer moves": read_only_class,
}

SEEDED = ("WAL files", "hard links", "unsaved win", "tampered rows", "tampered schema",
          "read-only with newer moves")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(CLASSES), action="append")
    parser.add_argument("--quick", action="store_true", help="a sample of each class")
    parser.add_argument("--seed", type=int, help="draw the cases of the classes of games.db and the player's "
                        f"own files ({', '.join(SEEDED)}) from this seed, instead of their fixed lists")
    args = parser.parse_args()
    results = []
    for name, check in CLASSES.items():
        if args.only and name not in args.only:
            continue
        tally = Tally()
        started = time.perf_counter()
        not_run = check(tally, args.quick, seed=args.seed) if name in SEEDED else check(tally, args.quick)
        if not_run is not None:
            print(f"{name}: not run: {not_run}", flush=True)
            continue
        for failure in tally.failures:
            print(f"  failed: {failure}")
        print(f"{name}: {tally.held}/{tally.tried} held ({time.perf_counter() - started:.0f} s)", flush=True)
        results.append(f"{name} {tally.held}/{tally.tried}")
    print(", ".join(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
