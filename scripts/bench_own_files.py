"""bench_reliability's classes for the player's own files, each try real processes on a fresh
EIGHTOFF_HOME (see bench_reliability.py for the others and how they are printed):

  WAL files    games.db's -wal and -shm replaced before a start by what SQLite cannot use (a
               link, a dangling link, a folder, a FIFO, a device, another user's file): the
               window starts, every game and the unfinished game are still there, and the odd
               file is kept aside. Then, under a running session, games.db or its -wal deleted,
               swapped or moved and copied back, one more move made and the process killed
               (SIGKILL): the next start resumes at the last move.
  hard links   each of the player's files (games.db, its -wal, preferences.json, window.json)
               named another way (a hard link, a symbolic link, /proc/self/fd/N, a bind mount
               of its folder, stdout appended to it) as the output of `stats --csv`,
               `--export` or `--chart`: exit 2 with one line, the file's bytes unchanged.
  unsaved win  the window (its real event loop, SDL's dummy driver, its own stop signals) wins
               while another process holds games.db's write lock, or on a full disk, then gets
               SIGTERM: it ends within the watchdog's time, and the win is counted once at the
               next start (the lock let go, the disk freed), or kept in a file `--import` adds.

With `--seed N`, each class draws from that seed what it otherwise fixes: the garbage bytes put
in place of the -wal (some of them behind a real WAL header) and the moves made before the files
change under the session; the links' names and folders, and links of links (a hard link of a
hard link, a symbolic link to a hard link); the moments at which the lock or the disk is freed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import LOST, WON, HomeDirs, Store


class Tally(Protocol):
    def add(self, name: str, problems: list[str]) -> None: ...


ROOT = Path(__file__).resolve().parents[1]
GAMES = 6
WATCHDOG_SECONDS = 5.0
"""The window's stop-signal watchdog (eightoff/ui/stop_signals.py): it ends the process by then."""


def environment(home: Path, **more: str) -> dict[str, str]:
    return {**os.environ, "EIGHTOFF_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYTHONPATH": str(ROOT), "LANGUAGE": "en", **more}


def cli(home: Path, *arguments: str, **keywords: object) -> subprocess.CompletedProcess[str]:
    """The command line; `keywords` for subprocess.run (stdout, pass_fds), stderr always read."""
    keywords = {"stdout": subprocess.PIPE, **keywords}
    return subprocess.run([sys.executable, "-m", "eightoff", *arguments], env=environment(home),  # type: ignore[call-overload, no-any-return]
                          stderr=subprocess.PIPE, text=True, timeout=60, **keywords)


def a_home(home: Path, unfinished_moves: int = 4) -> int:
    """GAMES finished games and an unfinished game of `unfinished_moves` moves; its move count."""
    store = Store(HomeDirs(home))
    for number in range(1, GAMES + 1):
        game = Game.new(number, STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, WON if number % 2 else LOST, 5.0)
    game = Game.new(GAMES + 1, STANDARD)
    for _move in range(unfinished_moves):
        game.play(game.legal_moves()[0])
    store.save_unfinished(game, 3.0)
    store.close()
    return game.move_count


def what_is_kept(home: Path) -> tuple[int | None, int | None]:
    """(games played, moves of the unfinished game) as a new start finds them."""
    store = Store(HomeDirs(home))
    saved = store.load_unfinished()
    figures = store.overview().summaries.get("standard")
    store.close()
    return (figures.statistics.played if figures else None), (saved.game.move_count if saved else None)


# ----- WAL files --------------------------------------------------------------------------------


WAL_HEADER = bytes.fromhex("377f0682002de218")
"""The first bytes of a write-ahead log (its magic number and version)."""


def odd_things(rng: random.Random | None = None) -> dict[str, Callable[[Path], None]]:
    def other_users(path: Path) -> None:
        path.write_bytes(b"")
        os.chown(path, 65534, 65534)

    return {
        "a link to /dev/null": lambda path: path.symlink_to("/dev/null"),
        "a dangling link": lambda path: path.symlink_to(path.parent / "nowhere"),
        "a folder": lambda path: path.mkdir(),
        "a FIFO": lambda path: os.mkfifo(path),
        "a device": lambda path: os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3)),
        "another user's file": other_users,
        "garbage": lambda path: path.write_bytes(garbage(rng)),  # the -wal only: SQLite remakes a -shm
    }


def garbage(rng: random.Random | None) -> bytes:
    """Bytes that are no write-ahead log: fixed, or drawn from `rng` (some behind a real header)."""
    if rng is None:
        return b"garbage " * 99
    return rng.choice([b"", WAL_HEADER]) + rng.randbytes(rng.randrange(1, 70_000))


def odd_companion_case(folder: Path, suffix: str, plant: Callable[[Path], None]) -> list[str]:
    home = folder / "home"
    moves = a_home(home)
    companion = home / "data" / f"games.db{suffix}"
    with contextlib.suppress(FileNotFoundError):
        companion.unlink()
    plant(companion)
    window = subprocess.Popen([sys.executable, "-m", "eightoff", "--print-layout"], env=environment(home),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    problems = []
    try:
        assert window.stdout is not None
        if not window.stdout.readline().strip():
            problems.append("the window did not start")
    finally:
        os.killpg(window.pid, signal.SIGTERM)
        _out, said = window.communicate(timeout=30)
    if b"Traceback" in said:
        problems.append("traceback: " + said.decode(errors="replace")[-300:])
    if not list((home / "data").glob(f"games.db{suffix}.corrupt-*")):
        problems.append(f"games.db{suffix} was not kept aside")
    kept = what_is_kept(home)
    if kept != (GAMES, moves):
        problems.append(f"played and moves {kept}, not {(GAMES, moves)}")
    return problems


MOVE_PROBE = """
import sys, time
from eightoff.session.start import open_session
session = open_session(time.monotonic)
print("opened", session.moves(), flush=True)
for _line in sys.stdin:
    session.play(session.game.legal_moves()[0])
    print("moved", session.moves(), flush=True)
"""


def tamperings(rng: random.Random | None = None) -> dict[str, Callable[[Path], None]]:
    def swap_log(data: Path) -> None:
        (data / "games.db-wal").unlink()
        (data / "games.db-wal").write_bytes(garbage(rng) if rng else os.urandom(5000))

    def moved_and_copied(data: Path) -> None:
        os.rename(data / "games.db", data.parent / "moved.db")
        shutil.copy(data.parent / "moved.db", data / "games.db")

    return {
        "games.db deleted": lambda data: (data / "games.db").unlink(),
        "games.db moved and copied back": moved_and_copied,
        "games.db-wal deleted": lambda data: (data / "games.db-wal").unlink(),
        "games.db-wal swapped for garbage": swap_log,
    }


def changed_under_session_case(folder: Path, tamper: Callable[[Path], None], before: int) -> list[str]:
    home = folder / "home"
    a_home(home, unfinished_moves=0)
    probe = subprocess.Popen([sys.executable, "-c", MOVE_PROBE], env=environment(home),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    assert probe.stdin is not None and probe.stdout is not None
    problems: list[str] = []
    moves = 0
    try:
        if not probe.stdout.readline().startswith("opened"):
            return ["the session did not open"]
        for step in range(before + 1):
            if step == before:
                tamper(home / "data")
            probe.stdin.write("move\n")
            probe.stdin.flush()
            answer = probe.stdout.readline().split()
            if answer[:1] != ["moved"]:
                return [f"no move: {answer}"]
            moves = int(answer[1])
    finally:
        os.killpg(probe.pid, signal.SIGKILL)
        _out, said = probe.communicate(timeout=30)
    if "Traceback" in said:
        problems.append("traceback: " + said[-300:])
    kept = what_is_kept(home)
    if kept[1] != moves:
        problems.append(f"resumed at move {kept[1]}, not {moves}")
    return problems


def wal_files_class(tally: Tally, quick: bool, seed: int | None = None) -> str | None:
    """The WAL files class (this module's docstring)."""
    if os.geteuid() != 0:
        return "needs root (a device, another user's file)"
    rng = random.Random(seed) if seed is not None else None
    things = odd_things(rng)
    for suffix in ("-wal", "-shm"):
        for name, plant in (list(things.items())[:3] if quick else things.items()):
            if name.startswith("garbage") and suffix != "-wal":
                continue
            with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
                tally.add(f"games.db{suffix} is {name}", odd_companion_case(Path(folder), suffix, plant))
    for name, tamper in tamperings(rng).items():
        befores = sorted(rng.sample(range(15), 3)) if rng else [1, 3, 8]
        for before in (befores[1:2] if quick else befores):
            with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
                tally.add(f"{name} after {before} moves, then a move and SIGKILL",
                          changed_under_session_case(Path(folder), tamper, before))
    return None


# ----- hard links -------------------------------------------------------------------------------


def digest(home: Path) -> str:
    found = hashlib.sha256()
    for path in sorted(home.rglob("*")):
        if path.is_file() and not path.is_symlink():
            found.update(str(path).encode() + path.read_bytes())
    return found.hexdigest()


def own_files(home: Path) -> list[Path]:
    """The player's files a window leaves, the database's log among them (a session left open)."""
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "preferences.json").write_text('{"version": 1}')
    (home / "state").mkdir(parents=True, exist_ok=True)
    (home / "state" / "window.json").write_text('{"version": 1}')
    return [home / "data" / "games.db", home / "config" / "preferences.json", home / "state" / "window.json"]


@contextlib.contextmanager
def named_otherwise(how: str, target: Path, folder: Path,
                    name: str = "hl") -> Iterator[tuple[str, dict[str, object]]]:
    """`target` under another name (`name` in `folder`, for a link): (the name to give the
    command, extra arguments to run it with)."""
    if how in ("hard link", "hard link of a hard link", "symbolic link to a hard link"):
        first = folder / f"{name}-first"
        os.link(target, first)
        if how == "hard link":
            first.rename(folder / name)
        elif how == "hard link of a hard link":
            os.link(first, folder / name)
        else:
            (folder / name).symlink_to(first)
        yield str(folder / name), {}
    elif how == "symbolic link":
        (folder / name).symlink_to(target)
        yield str(folder / name), {}
    elif how == "/proc/self/fd":
        with open(target, "ab") as file:
            yield f"/proc/self/fd/{file.fileno()}", {"pass_fds": (file.fileno(),)}
    elif how == "bind mount":
        (folder / "bound").mkdir()
        if subprocess.run(["mount", "--bind", str(target.parent), str(folder / "bound")]).returncode:
            raise OSError("cannot bind mount")
        try:
            yield str(folder / "bound" / target.name), {}
        finally:
            subprocess.run(["umount", "-l", str(folder / "bound")], check=False)
    else:  # stdout appended to it: the name is "-"
        with open(target, "ab") as file:
            yield "-", {"stdout": file}


def hard_links_class(tally: Tally, quick: bool, seed: int | None = None) -> str | None:
    """The hard links class (this module's docstring)."""
    ways = ["hard link", "symbolic link", "/proc/self/fd", "bind mount", "stdout"]
    rng = random.Random(seed) if seed is not None else None
    if rng:
        ways += ["hard link of a hard link", "symbolic link to a hard link"]
    options = ["--csv", "--export"] if quick else ["--csv", "--export", "--chart"]
    with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as top:
        home = Path(top) / "home"
        a_home(home)
        for target in own_files(home):
            for how in ways:
                for option in options:
                    if how == "stdout" and option == "--chart":
                        continue  # the chart is a file, never stdout
                    folder = Path(tempfile.mkdtemp(dir=top))
                    link = "hl"
                    if rng:  # a name of any letters, a few folders down
                        link = "".join(rng.choices("abcXYZ .-_é", k=rng.randint(1, 12))).strip(".") or "x"
                        folder = folder.joinpath(*(f"d{rng.randrange(9)}" for _ in range(rng.randrange(3))))
                        folder.mkdir(parents=True, exist_ok=True)
                    before = digest(home)
                    problems: list[str] = []
                    try:
                        with named_otherwise(how, target, folder, link) as (name, more):
                            result = cli(home, "stats", option, name, **more)
                    except OSError as error:
                        tally.add(f"{target.name} as {how}, {option}", [f"could not be set up: {error}"])
                        continue
                    lines = result.stderr.splitlines()
                    if result.returncode != 2 or len(lines) != 1 or "Traceback" in result.stderr:
                        problems.append(f"exit {result.returncode}: {result.stderr.strip()[:200]}")
                    if digest(home) != before:
                        problems.append("the player's files changed")
                    tally.add(f"{target.name} as {how}, {option}", problems)
    return None


# ----- unsaved win ------------------------------------------------------------------------------


QUIT_PROBE = """
import time
from eightoff.ui.stop_signals import take_stop_signals
take_stop_signals()
from eightoff.session.start import open_session
from eightoff.ui.app import App
session = open_session(time.monotonic)
app = App(session)
app.pump()
session.finish()
app.pump()
print("won" if session.over else "not won", flush=True)
try:
    app.run()
finally:
    app.close()
"""
HOLD_WRITE_LOCK = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
"""


def almost_won(home: Path) -> None:
    from eightoff.core.cards import KING, Card
    from eightoff.core.position import Position

    columns = ((Card.parse("KS"), Card.parse("QS")),) + ((),) * 7
    game = Game(STANDARD, Position(columns, (None,) * 8, (KING, KING, KING, KING - 2)))
    game.play(game.legal_moves()[0])
    game.undo()
    store = Store(HomeDirs(home))
    store.save_unfinished(game, 5.0)
    store.close()


def won_count(home: Path) -> int:
    store = Store(HomeDirs(home))
    figures = store.overview().summaries.get("standard")
    store.close()
    return figures.statistics.won if figures else 0


def unsaved_win_case(folder: Path, obstacle: str, freed_after: float | None) -> list[str]:
    """A window wins behind `obstacle` ("lock" or "full disk"), gets SIGTERM, the obstacle goes
    `freed_after` seconds later (None: only after the window has ended)."""
    disk = folder / "disk"
    if obstacle == "full disk":
        disk.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)]).returncode:
            return ["cannot mount a small disk"]
        home = disk / "home"
    else:
        home = folder / "home"
    player = folder / "player"
    player.mkdir()
    problems: list[str] = []
    try:
        almost_won(home)
        window = subprocess.Popen([sys.executable, "-c", QUIT_PROBE], env=environment(home, HOME=str(player)),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  start_new_session=True)
        holder = None
        if obstacle == "lock":
            database = str(home / "data" / "games.db")
            holder = subprocess.Popen([sys.executable, "-c", HOLD_WRITE_LOCK, database],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert holder.stdout is not None
            holder.stdout.readline()
        else:
            with contextlib.suppress(OSError), open(disk / "filler", "wb") as filler:
                while True:
                    filler.write(b"x" * 4096)
                    filler.flush()
        assert window.stdout is not None
        if window.stdout.readline().strip() != "won":
            problems.append("the window did not win")
        window.send_signal(signal.SIGTERM)
        signalled = time.monotonic()

        def free() -> None:
            if holder is not None and holder.poll() is None:
                holder.kill()
                holder.wait()
            with contextlib.suppress(FileNotFoundError):
                (disk / "filler").unlink()

        if freed_after is not None:
            time.sleep(freed_after)
            free()
        try:
            _out, said = window.communicate(timeout=WATCHDOG_SECONDS + 3)
        except subprocess.TimeoutExpired:
            os.killpg(window.pid, signal.SIGKILL)
            _out, said = window.communicate()
            problems.append("still running after the watchdog's time")
        took = time.monotonic() - signalled
        free()
        if "Traceback" in said:
            problems.append("traceback: " + said[-300:])
        kept = list(player.glob("eightoff-unsaved-games-*.jsonl"))  # the player adds it, as told
        if kept and cli(home, "stats", "--import", str(kept[0])).returncode != 0:
            problems.append("the file kept in the home folder does not import")
        wins = won_count(home)
        if wins != 1:
            problems.append(f"{wins} wins counted, not 1 (took {took:.1f} s)")
    finally:
        if obstacle == "full disk":
            subprocess.run(["umount", "-l", str(folder / "disk")], check=False)
    return problems


def unsaved_win_class(tally: Tally, quick: bool, seed: int | None = None) -> str | None:
    """The unsaved win class (this module's docstring)."""
    if os.geteuid() != 0:
        return "needs root (a small tmpfs)"
    timings: list[float | None] = [None, 1.0] if quick else [None, 0.3, 1.0, 1.8, 3.0]
    if seed is not None:
        rng = random.Random(seed)
        timings = [None, *sorted(round(rng.uniform(0.05, 4.5), 2) for _ in range(2 if quick else 4))]
    for obstacle in ("lock", "full disk"):
        for freed_after in timings:
            with tempfile.TemporaryDirectory(prefix="eightoff-reliability-") as folder:
                when = "after it ended" if freed_after is None else f"{freed_after} s after SIGTERM"
                tally.add(f"{obstacle}, freed {when}", unsaved_win_case(Path(folder), obstacle, freed_after))
    return None
