#!/usr/bin/env python3
"""The window's performance figures (launch, idle, memory, drag frames), each with its target, on private Xvfb
servers.

Usage: .venv/bin/python scripts/bench_gui.py [--rules R | --every-game] [--runs 5] [--idle-runs 3]
       [--frames 300] [--skip-launch] [--skip-idle] [--skip-memory] [--skip-drag] [--designs]
       [--compare TREE]

- launch to the dealt table on screen, beside GNOME Aisleriot (`sol --variation eight-off`),
  rounds interleaved, on a 1280x800 screen: from starting the program to the first screen
  whose card-face pixels (every channel at least 247: our paper and Aisleriot's white, not its
  grey toolbar) reach 90 % of what they settle at; the same pixel test for both. Ours twice: as
  an installed game starts (its card pictures kept from the last start) and as at its first
  run (the cache folder emptied before: the pictures drawn). Without Aisleriot our figures are
  printed alone. With --every-game, first every game's launch in the same interleaved rounds,
  each as a ratio to Eight Off's (the first frame of each game), then each game's figures;
- idle CPU over 10 s after a 2 s settle in each state (fresh deal; mid-game, clock running;
  won; a dialog open; window minimised, which without a window manager is the window
  unmapped, as a window manager's iconify does): all threads' on-CPU time from
  /proc/<pid>/task/*/schedstat (nanoseconds; /proc stat's 10 ms ticks beside it) and wake-ups
  a second (voluntary context switches), in fresh processes;
- resident memory with the window at 1920x1080 (so the card-face cache is that size): the
  window, the solver's worker and multiprocessing's resource tracker, at a fresh deal once the
  worker has answered, and after a game of 100 moves (the solution played, then undone and
  redone); then the worker alone through a search too big for it: its peak (VmHWM, as it
  measured it) shows whether its cap held during the search, and what it holds after it
  whether it idles small again (or was ended and started afresh);
- dragging a 10-card run across a 1920x1080 window: the app runs in this process on the X
  server and each frame (the app's own step: events, update, draw, display update) is timed
  while posted mouse motions carry the run across and back.

The program runs with its bytecode written and used, as a player's install has it.
Timings on a shared machine are noisy: read the spread, and run again before believing a change.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the X harness is shared with tests/ui/test_real_window.py
sys.path.insert(0, str(ROOT / "scripts"))

from _figures import pure_python_loop, spread  # noqa: E402

from tests.ui.xwindow import (  # noqa: E402
    ALL_PLANES,
    Z_PIXMAP,
    GameProcess,
    XImage,
    missing_tools,
    virtual_screen,
    xdotool,
)

DEAL = 617
IDLE_SECONDS = 10.0
SETTLE_SECONDS = 2.0
DRAG_SIZE = (1920, 1080)
RUN_BOARD = """Freecells: - - - - - - - -
KS QS JS TS 9S 8S 7S 6S 5S 4S
KC QC JC TC 9C 8C 7C 6C 5C 4C 3C
KD QD JD TD 9D 8D 7D 6D 5D 4D 3D
KH QH JH TH 9H 8H 7H 6H 5H 4H 3H
AC AD 2C 2D
AH AS 2H 2S
3S
:
"""
"""Easy rules, every cell free and an empty column: a run of ten spades may be lifted. The
aces lie under twos, so the game does not offer to finish."""


def verdict(value: float, target: float) -> str:
    """The issues' targets are upper bounds ("at most")."""
    return "meets" if value <= target else "MISSES"


def cpu_ticks_seconds(pid: int) -> float:
    after_name = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(after_name[11]) + int(after_name[12])) / os.sysconf("SC_CLK_TCK")


def threads_on_cpu_seconds(pid: int) -> float:
    return sum(int((task / "schedstat").read_text().split()[0])
               for task in Path(f"/proc/{pid}/task").iterdir()) / 1e9


def memory_kib(pid: int) -> dict[str, int]:
    return {line.split(":")[0]: int(line.split()[1])
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line.startswith(("VmRSS:", "VmHWM:"))}


RULES = "standard"
"""The game measured (--rules); every figure holds for every game (--every-game)."""
LAUNCH_SCREEN = (1280, 800)
MEMORY_WINDOW = (1920, 1080)
FACE_LEVEL = 247
"""A card face's pixel: every channel at least this (our paper is (253, 252, 247), Aisleriot's
cards white; its toolbar, (246, 245, 244), is not counted)."""
SETTLED_SHARE = 0.9
AISLERIOT = ("sol", "/usr/games/sol")


def start_game(display: str, home: Path, number: int = DEAL) -> tuple[GameProcess, float, dict[str, object]]:
    game = GameProcess(display, home, "--deal", str(number), "--rules", RULES, "--log-moves",
                       "--print-layout")
    layout, _ = game.next_layout(timeout=60)
    return game, time.monotonic() - game.started, layout


# ----- launch: the same pixel test for both programs ---------------------------------------------


class FaceCounter:
    """Counts the screen's card-face pixels (see FACE_LEVEL), many times a second: one X
    connection kept open (the test harness's `grab_screen` opens one, and looks for libX11,
    at every call: 40 ms, too coarse a clock and a load on the X server being measured)."""

    def __init__(self, display: str) -> None:
        self.x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XGetImage.restype = ctypes.POINTER(XImage)
        self.x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                       ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.x11.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.connection = self.x11.XOpenDisplay(display.encode())
        if not self.connection:
            raise RuntimeError(f"cannot open display {display}")
        self.root = self.x11.XDefaultRootWindow(self.connection)

    def count(self) -> int:
        import pygame

        width, height = LAUNCH_SCREEN
        image = self.x11.XGetImage(self.connection, self.root, 0, 0, width, height, ALL_PLANES, Z_PIXMAP)
        try:
            facts = image.contents
            data = ctypes.string_at(facts.data, facts.bytes_per_line * height)
            surface = pygame.image.frombuffer(data, (facts.bytes_per_line // 4, height), "BGRA")
        finally:
            self.x11.XDestroyImage(image)
        middle = (FACE_LEVEL + 256) // 2
        reach = 256 - middle  # from_threshold keeps |channel - middle| < reach: FACE_LEVEL..255
        mask = pygame.mask.from_threshold(surface, (middle, middle, middle, 128), (reach, reach, reach, 255))
        return int(mask.count())

    def close(self) -> None:
        self.x11.XCloseDisplay(self.connection)


def time_to_table(display: str, command: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    """Seconds from starting `command` (in `cwd`) to the first screen with SETTLED_SHARE of the
    card-face pixels it settles at (unchanged for a second)."""
    counter = FaceCounter(display)
    started = time.monotonic()
    process = subprocess.Popen(command, env={**env, "DISPLAY": display}, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd=cwd)
    try:
        seen: list[tuple[float, int]] = []
        while time.monotonic() - started < 30:
            seen.append((time.monotonic() - started, counter.count()))
            now, count = seen[-1]
            changed = [t for (t, c), (_, before) in zip(seen[1:], seen, strict=False) if c != before]
            if count and now - (changed[-1] if changed else 0) > 1.0:
                break
            time.sleep(0.005)
        final = seen[-1][1]
        if not final:
            raise RuntimeError(f"{command[0]}: no card faces on screen within 30 s")
        return next(t for t, count in seen if count >= SETTLED_SHARE * final)
    finally:
        process.terminate()
        process.wait(timeout=10)
        counter.close()


def aisleriot() -> str | None:
    return next((found for name in AISLERIOT if (found := shutil.which(name))), None)


FIRST_RUN = "Eight Off, first run (no card pictures cached)"


def designed_home(root: Path, face: str) -> dict[str, str]:
    """An environment whose EIGHTOFF_HOME (under `root`) chooses the `face` card design."""
    from eightoff.core.preferences import Preferences
    from eightoff.store import HomeDirs, Store

    home = root / face
    Store(HomeDirs(home)).save_preferences(Preferences(card_face=face))
    return {**os.environ, "EIGHTOFF_HOME": str(home), "SDL_AUDIODRIVER": "dummy"}


def bench_launch(runs: int, designs: bool = False, compare: Path | None = None) -> None:
    """Both programs on a fresh 1280x800 screen each launch, rounds interleaved; ours also as
    at its first run, its cache folder (the card pictures drawn last time) emptied before, and
    with `designs` in each other card design, and with `compare` the program in that source
    tree (another checkout: before a change), all side by side in the same rounds."""
    from eightoff.ui.designs import DEFAULT_FACE, FACES

    sol = aisleriot()
    with tempfile.TemporaryDirectory() as home:
        ours = [sys.executable, "-m", "eightoff", "--deal", str(DEAL), "--rules", RULES]
        our_env = {**os.environ, "EIGHTOFF_HOME": home, "SDL_AUDIODRIVER": "dummy"}
        programs: dict[str, tuple[list[str], dict[str, str]]] = {
            "Eight Off": (ours, our_env), FIRST_RUN: (ours, our_env),
        }
        for face in FACES if designs else ():
            if face != DEFAULT_FACE:
                programs[f"Eight Off, {face} faces"] = (ours, designed_home(Path(home) / "designs", face))
        if compare is not None:
            other_home = Path(home) / "compared"
            programs[f"Eight Off at {compare}"] = (ours, {**our_env, "EIGHTOFF_HOME": str(other_home),
                                                          "PYTHONPATH": str(compare.resolve())})
        if sol is None:
            print("launch: GNOME Aisleriot (sol) is not installed (apt install aisleriot): our figures alone")
        else:
            programs["Aisleriot"] = ([sol, "--variation", "eight-off"], {**os.environ, "HOME": home})
        seconds: dict[str, list[float]] = {name: [] for name in programs}
        for _round in range(runs + 1):  # the first round unmeasured: bytecode and caches written
            for name, (command, env) in programs.items():
                if name == FIRST_RUN:
                    shutil.rmtree(Path(home) / "cache", ignore_errors=True)
                # `python -m` puts the current folder first on the path: each program starts
                # in its own source tree, or the compared tree's PYTHONPATH would lose to ours.
                tree = Path(env.get("PYTHONPATH", ROOT))
                with virtual_screen(*LAUNCH_SCREEN) as display:
                    elapsed = time_to_table(display, command, env, cwd=tree)
                if _round:
                    seconds[name].append(elapsed)
    for name, values in seconds.items():
        print(f"launch to the dealt table on screen, {name}: {spread(values, 's', 3)}")
    if "Aisleriot" in seconds:
        ratio = statistics.median(seconds["Eight Off"]) / statistics.median(seconds["Aisleriot"])
        print(f"  Eight Off / Aisleriot: {ratio:.2f}x; target at most 1x: {verdict(ratio, 1.0)}")
        first = statistics.median(seconds[FIRST_RUN]) / statistics.median(seconds["Aisleriot"])
        print(f"  first run / Aisleriot: {first:.2f}x (the pictures drawn, then kept for the next start)")


def bench_every_launch(runs: int, games: list[str]) -> None:
    """Every game's launch to its dealt table (the same pixel test, the same 1280x800 screen),
    rounds interleaved so the machine's load falls alike on each, and each game's median as a
    ratio to Eight Off's in the same rounds: a game whose table is slower to lay out, deal or
    draw stands out. The first round is unmeasured (bytecode and each card size's pictures)."""
    from eightoff.core.variants import DEFAULT_KEY, VARIANTS

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "EIGHTOFF_HOME": home, "SDL_AUDIODRIVER": "dummy"}
        seconds: dict[str, list[float]] = {key: [] for key in games}
        for _round in range(runs + 1):
            for key in games:
                command = [sys.executable, "-m", "eightoff", "--deal", str(DEAL), "--rules", key]
                with virtual_screen(*LAUNCH_SCREEN) as display:
                    elapsed = time_to_table(display, command, env, cwd=ROOT)
                if _round:
                    seconds[key].append(elapsed)
    base = statistics.median(seconds[DEFAULT_KEY])
    for key in games:
        ratio = statistics.median(seconds[key]) / base
        print(f"first frame (launch to the dealt table), {VARIANTS[key].title}: "
              f"{spread(seconds[key], 's', 3)}; {ratio:.2f}x {VARIANTS[DEFAULT_KEY].title}'s "
              "in the same rounds", flush=True)


# ----- idle ---------------------------------------------------------------------------------------


def click_top_card(game: GameProcess, layout: dict[str, Any]) -> None:
    """A move or a selection: either way the clock starts and the status line changes."""
    game.find_window()
    x, y, w, h = layout["column0"]["cards"][-1][1]
    game.click(x + w // 2, y + h // 2)
    game.next_layout()


def play_to_the_end(game: GameProcess) -> None:
    """Solve (F9): the solver's line is played to the win."""
    game.find_window()
    xdotool(game.display, "key", "--window", game.window, "F9")
    deadline = time.monotonic() + 120
    while not any(line in ("# won", "# solved with help") for line in game.seen):
        game.next_line(timeout=max(1.0, deadline - time.monotonic()))


def win_and_celebrate(game: GameProcess, layout: dict[str, Any]) -> str:
    """Solve to the win, then wait for the celebration (cards bouncing off the foundations,
    about 20 s) to end: the finished game is the table after it."""
    play_to_the_end(game)
    return f"after a celebration of {until_still(game):.0f} s"


def until_still(game: GameProcess) -> float:
    """Seconds until the window has been still for a second (a celebration over), 60 at most."""
    began = time.monotonic()
    while time.monotonic() - began < 60:
        before = threads_on_cpu_seconds(game.process.pid)
        time.sleep(1.0)
        if threads_on_cpu_seconds(game.process.pid) - before < 0.001:
            break
    return time.monotonic() - began


def open_dialog(game: GameProcess, layout: dict[str, Any]) -> None:
    game.find_window()
    xdotool(game.display, "key", "--window", game.window, "F1")


def minimise(game: GameProcess, layout: dict[str, Any]) -> None:
    game.find_window()
    xdotool(game.display, "windowunmap", game.window)


STATES: dict[str, tuple[Callable[[GameProcess, dict[str, Any]], str | None] | None, bool]] = {
    "fresh deal": (None, True),
    "mid-game, clock running": (click_top_card, False),
    "won": (win_and_celebrate, True),
    "a dialog open (Help)": (open_dialog, True),
    "window minimised": (minimise, True),
}
"""Each state: how to reach it from a fresh deal (saying how, if it took a while), and whether
the program must use no CPU there (else: at most two wake-ups a second, for the clock: its
second, and SDL waiting for the X server to take the frame)."""


Threads = dict[int, tuple[int, int]]
"""Thread id -> (nanoseconds on CPU, voluntary context switches)."""


def per_thread(pid: int) -> Threads:
    """Each thread's nanoseconds on CPU (schedstat) and voluntary context switches, by thread
    id. A thread that ends between two looks is left out of both (Aisleriot's come and go):
    summed over the threads alone, the process's figures could go down."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, StopIteration):
            on_cpu = int((task / "schedstat").read_text().split()[0])
            status = (task / "status").read_text().splitlines()
            switches = next(int(line.split()[1]) for line in status
                            if line.startswith("voluntary_ctxt_switches:"))
            found[int(task.name)] = (on_cpu, switches)
    return found


def growth(before: Threads, after: Threads) -> Threads:
    """Per thread alive at the end: CPU nanoseconds and wake-ups since `before` (a new thread's
    all of them)."""
    return {tid: (cpu - before.get(tid, (0, 0))[0], wakes - before.get(tid, (0, 0))[1])
            for tid, (cpu, wakes) in after.items()}


def idle_figures(pid: int) -> tuple[float, float, float, str]:
    """Over IDLE_SECONDS: % of a core by /proc stat ticks, the same by schedstat, wake-ups/s;
    and who woke: each thread of the window (the main one first), and its helper processes."""
    helpers = {pid: "window", **{child: role for role, child in children(pid).items()}}
    ticks = cpu_ticks_seconds(pid)
    before = {process: per_thread(process) for process in helpers}
    time.sleep(IDLE_SECONDS)
    grown = {process: growth(before[process], per_thread(process)) for process in helpers}
    window = grown.pop(pid)
    parts = [f"{'main' if tid == pid else f'thread {tid}'} {wakes / IDLE_SECONDS:.1f}/s"
             for tid, (_, wakes) in sorted(window.items(), key=lambda item: item[0] != pid)]
    parts += [f"{helpers[process]} process {sum(w for _, w in threads.values()) / IDLE_SECONDS:.1f}/s, "
              f"{sum(c for c, _ in threads.values()) / 1e9 / IDLE_SECONDS * 100:.4f}% CPU"
              for process, threads in grown.items()]
    return ((cpu_ticks_seconds(pid) - ticks) / IDLE_SECONDS * 100,
            sum(cpu for cpu, _ in window.values()) / 1e9 / IDLE_SECONDS * 100,
            sum(wakes for _, wakes in window.values()) / IDLE_SECONDS, "; ".join(parts))


def reference_idle(display: str, runs: int) -> None:
    """Aisleriot at its dealt table over the same 10 s (the reference), if installed."""
    sol = aisleriot()
    if sol is None:
        print("idle reference: GNOME Aisleriot (sol) is not installed: ours alone")
        return
    on_cpu, rates = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "HOME": home, "DISPLAY": display}
            process = subprocess.Popen([sol, "--variation", AISLERIOT_GAMES.get(RULES, "eight-off")],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            try:
                time.sleep(SETTLE_SECONDS * 3)
                _, cpu, rate, _ = idle_figures(process.pid)
            finally:
                process.terminate()
                process.wait(timeout=10)
        on_cpu.append(cpu)
        rates.append(rate)
    print(f"idle reference, GNOME Aisleriot at its dealt table: on-CPU (schedstat) {spread(on_cpu, '%', 4)}; "
          f"wake-ups {spread(rates, 'a second', 1)}")


def bench_idle(display: str, home: Path, runs: int) -> None:
    for state, (reach, silent) in STATES.items():
        by_stat, by_schedstat, rates, notes, who = [], [], [], [], ""
        for _ in range(runs):
            game, _, layout = start_game(display, home)
            try:
                if reach is not None:
                    notes.append(reach(game, layout))
                time.sleep(SETTLE_SECONDS)
                wait_for_worker(game)  # the position's verdict is in: a loaded machine takes longer
                ticks, on_cpu, rate, who = idle_figures(game.process.pid)
            finally:
                game.stop()
            by_stat.append(ticks)
            by_schedstat.append(on_cpu)
            rates.append(rate)
        # Judged on schedstat's nanoseconds: /proc stat counts 10 ms ticks, so one tick in the
        # 10 s window already reads as 0.100 %.
        # Silent: no CPU and no wake-ups, allowing for the rounding of one stray switch or
        # scheduler tick over the 10 s (0.1 wake-ups a second, 0.01 % of a core).
        target = ("target 0 % CPU and no wake-ups" if silent else "target at most 2 wake-ups a second")
        met = (statistics.median(by_schedstat) <= 0.01 and statistics.median(rates) <= 0.1 if silent
               else statistics.median(rates) <= 2.0)
        said = ", ".join(dict.fromkeys(note for note in notes if note))  # the same note once
        label = f"{state} ({said})" if said else state
        print(f"idle over {IDLE_SECONDS:.0f} s, {label}: on-CPU (schedstat) {spread(by_schedstat, '%', 4)}; "
              f"wake-ups {spread(rates, 'a second', 1)}; {target}: {'meets' if met else 'MISSES'}")
        print(f"  same, /proc stat utime+stime (10 ms ticks): {spread(by_stat, '% of a core', 3)}")
        print(f"  wake-ups by thread, last run: {who}")
    reference_idle(display, runs)
    print("  (wake-ups are voluntary context switches: on X11 a frame through SDL's update adds one of "
          "its own, the wait for the X server's reply to its XSync)")


# ----- memory -------------------------------------------------------------------------------------


def children(pid: int) -> dict[str, int]:
    """The window's helper processes by role: the solver's worker (a resource tracker too, as
    multiprocessing's spawn started one beside it in older builds)."""
    found = {}
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        command = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        found["worker" if "eightoff.solver.worker" in command else "tracker" if "resource_tracker" in command
              else f"child {child}"] = int(child)
    return found


def memory_line(game: GameProcess, when: str) -> float:
    """RSS (and peak) of the window and each helper, and the sum, with the targets; the
    window's RSS in MB."""
    processes = {"window": game.process.pid, **children(game.process.pid)}
    kib = {role: memory_kib(pid) for role, pid in processes.items()}
    parts = ", ".join(f"{role} {facts['VmRSS'] / 1024:.1f} MB (peak {facts['VmHWM'] / 1024:.1f})"
                      for role, facts in kib.items())
    total = sum(facts["VmRSS"] for facts in kib.values()) / 1024
    window = kib["window"]["VmRSS"] / 1024
    worker = kib.get("worker", {}).get("VmRSS", 0) / 1024
    print(f"resident memory {when}: {parts}; together {total:.1f} MB")
    print(f"  targets: window at most 60 MB: {verdict(window, 60)}; worker between searches at most "
          f"32 MB: {verdict(worker, 32)}; together at most 100 MB: {verdict(total, 100)}")
    return window


def process_state(pid: int) -> str:
    """R running, S sleeping, ... (the letter after the name in /proc/<pid>/stat)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def wait_for_worker(game: GameProcess) -> None:
    """Until the worker has answered the first verdict and is idle again."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        worker = children(game.process.pid).get("worker")
        if worker is not None and process_state(worker) == "S":
            time.sleep(SETTLE_SECONDS)
            return
        time.sleep(0.2)


LONG_GAME = 100
"""Moves counted in the game measured ("after a 100-move game" in the figures)."""


def counted_moves(game: GameProcess) -> int:
    """What the window's move counter says: moves, undos and redos (--log-moves lines)."""
    return sum(line.startswith("Move") or line in ("# undo", "# redo") for line in game.seen)


def play_a_long_game(game: GameProcess, layout: dict[str, Any]) -> int:
    """A move, undone and redone in turn and undone at last (that move may lose the deal), then
    the solution played to the win (F9): at least LONG_GAME counted moves where a first click
    moves a card (it only selects one in Raglan)."""
    click_top_card(game, layout)
    game.find_window()
    pairs = LONG_GAME // 4 if counted_moves(game) else 0  # half the moves; solutions run 50 to 110
    if pairs:
        keys = [*["ctrl+z", "ctrl+y"] * pairs, "ctrl+z"]
        xdotool(game.display, "key", "--window", game.window, "--delay", "30", *keys)
        deadline = time.monotonic() + 60
        while counted_moves(game) < 1 + len(keys) and time.monotonic() < deadline:
            game.next_line(timeout=max(1.0, deadline - time.monotonic()))
    play_to_the_end(game)
    return counted_moves(game)


def bench_memory(display: str, home: Path, number: int) -> tuple[float, float]:
    """At 1920x1080 (window.json asks for it), so the face cache holds cards of that window.
    The window's RSS at the fresh deal (for the ratio to Aisleriot's) and after the game (for
    the worker's figure beside it)."""
    state, config = home / "state", home / "config"
    for folder in (state, config):
        folder.mkdir(parents=True, exist_ok=True)
    (state / "window.json").write_text(json.dumps({"version": 1, "window_size": list(MEMORY_WINDOW)}))
    # Without autoplay, every card of the solution is a move of its own.
    (config / "preferences.json").write_text(json.dumps({"version": 1, "autoplay": False}))
    game, _, layout = start_game(display, home, number)
    try:
        game.find_window()
        shell = xdotool(display, "getwindowgeometry", "--shell", game.window)
        size = "x".join(line.split("=")[1] for line in shell.split() if line.startswith(("WIDTH", "HEIGHT")))
        wait_for_worker(game)
        fresh = memory_line(game, f"at a fresh deal ({number}), window {size}")
        moves = play_a_long_game(game, layout)
        until_still(game)
        return fresh, memory_line(game, f"after a game of {moves} counted moves, won (solution played), "
                                        "the celebration over")
    finally:
        game.stop()
        (state / "window.json").unlink()
        (config / "preferences.json").unlink()


def winnable_deal() -> int:
    """DEAL, or the first deal after it that the solver wins: the game measured is played to
    its win (deal 617 of Seahaven Towers cannot be won)."""
    from eightoff.core.deals import deal
    from eightoff.core.variants import PRESETS
    from eightoff.solver.limits import SOLVED, Budget
    from eightoff.solver.solve import solve

    rules = PRESETS[RULES]
    number = DEAL
    while solve(deal(number, rules), rules, Budget(seconds=10.0)).status != SOLVED:
        number += 1
    return number


def without_card(position: Any, name: str) -> Any:
    """`position` with one card taken out: a game that cannot be won, whose search explores
    far more boards than the worker has room for (a heavy search)."""
    columns, hidden = [], list(position.hidden)
    for index, column in enumerate(position.columns):
        names = [str(card) for card in column]
        if name in names:
            place = names.index(name)
            if hidden and place < hidden[index]:
                hidden[index] -= 1
            column = column[:place] + column[place + 1 :]
        columns.append(column)
    return position._replace(
        columns=tuple(columns),
        cells=tuple(None if card is not None and str(card) == name else card for card in position.cells),
        reserve=tuple(None if card is not None and str(card) == name else card for card in position.reserve),
        hidden=tuple(hidden))


def bench_worker_search(window_mb: float | None, number: int) -> None:
    """The worker as the window starts it (the session's advisor), given a search too big for
    it: its peak RSS is its cap held or not; then what it holds between searches (a worker left
    above its idle bound is ended: then the fresh one's RSS once it has answered the next
    request); beside the window's RSS after a game, the two together."""
    from eightoff.core.deals import deal
    from eightoff.core.variants import PRESETS
    from eightoff.session.advisor import start_worker
    from eightoff.solver.worker import IDLE_MOST, WORKER_MEMORY

    rules = PRESETS[RULES]
    worker = start_worker(lambda: None)

    def answered(position: Any, seconds: float) -> Any:
        worker.submit(position, rules, seconds, "asked")
        while (answer := worker.poll()) is None:
            time.sleep(0.05)
        return answer[1]

    def idle_mb() -> float:
        time.sleep(SETTLE_SECONDS)
        pid = worker.pid  # type: ignore[attr-defined]
        return 0.0 if pid is None else memory_kib(pid)["VmRSS"] / 1024

    try:
        answered(deal(number, rules), 5.0)
        idle = idle_mb()
        began = time.monotonic()
        result = answered(without_card(deal(number, rules), "2H"), 60.0)
        seconds = time.monotonic() - began
        footprint = worker.footprint  # type: ignore[attr-defined]
        peak, left = footprint.peak / (1 << 20), footprint.resident / (1 << 20)
        ended = worker.pid is None  # type: ignore[attr-defined]
        after = idle_mb()
        answered(deal(number + 1, rules), 5.0)
        next_idle = idle_mb()
    finally:
        worker.close()
    # A search that met the address-space cap answers with no count (the worker's UNKNOWN_RESULT).
    how = f"after {result.states} boards" if result.states else "at its address-space cap"
    print(f"solver worker as the window starts it: idle {idle:.1f} MB; a search too big for it ({number} "
          f"without 2H) ended {result.status!r} {how} in {seconds:.1f} s, peak {peak:.1f} MB; "
          f"target at most {WORKER_MEMORY >> 20} MB during it: {verdict(peak, WORKER_MEMORY >> 20)}")
    kept = "ended, as above its idle bound" if ended else f"kept, idle {after:.1f} MB"
    print(f"  it left the worker at {left:.1f} MB; {kept}; after the next deal's answer {next_idle:.1f} MB; "
          f"target at most {IDLE_MOST >> 20} MB between searches: "
          f"{verdict(max(after, next_idle), IDLE_MOST >> 20)}")
    if window_mb is not None:
        total = window_mb + max(after, next_idle)
        print(f"  window after the game + worker between searches: {total:.1f} MB; target at most 100 MB: "
              f"{verdict(total, 100)}; with the worker at its peak: {window_mb + peak:.1f} MB")


AISLERIOT_GAMES = {"standard": "eight-off", "easy": "eight-off", "freecell": "freecell",
                   "bakers": "bakers-game", "seahaven": "seahaven"}
"""Aisleriot's own game for each of ours (it has no Raglan: Eight Off stands in)."""


def bench_reference_memory(display: str, fresh_mb: float) -> None:
    """Aisleriot's RSS at its dealt table, measured in the same run (the reference), and our
    window's at a fresh deal as a ratio to it."""
    sol = aisleriot()
    if sol is None:
        print("memory reference: GNOME Aisleriot (sol) is not installed (apt install aisleriot): ours alone")
        return
    variation = AISLERIOT_GAMES.get(RULES, "eight-off")
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "HOME": home, "DISPLAY": display}
        process = subprocess.Popen([sol, "--variation", variation], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=env)
        try:
            time.sleep(SETTLE_SECONDS * 3)
            facts = memory_kib(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=10)
    reference = facts["VmRSS"] / 1024
    print(f"memory reference, GNOME Aisleriot ({variation}) at its dealt table: "
          f"{reference:.1f} MB (peak {facts['VmHWM'] / 1024:.1f})")
    ratio = fresh_mb / reference
    print(f"  Eight Off's window at a fresh deal / Aisleriot: {ratio:.2f}x; target at most 0.6x: "
          f"{verdict(ratio, 0.6)}")


def drag_run_across(app: Any, frames: int, card: Any) -> tuple[list[float], int]:
    """Milliseconds per frame while `card` and the cards on it are carried across the window
    and back, then dropped (they fly home); and how many cards were lifted."""
    import pygame

    king = app.table.sprites.by_card[card].rect
    start = (king.centerx, king.top + 8)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump()
    across = app.size[0] - king.w - start[0] - 20
    durations = []
    lifted = 0
    for index in range(frames):
        leg = index / frames * 2
        fraction = leg if leg <= 1 else 2 - leg
        point = (start[0] + round(across * fraction), start[1] + round(200 * fraction))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(4, 1), buttons=(1, 0, 0)))
        began = time.perf_counter()
        app.step()
        durations.append((time.perf_counter() - began) * 1000)
        lifted = max(lifted, len(app.table.sprites.lifted()))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    app.settle()
    return durations, lifted


def bench_drag(display: str, frames: int, repeats: int) -> None:
    os.environ["DISPLAY"] = display
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from eightoff.core.cards import Card
    from eightoff.core.game import Game
    from eightoff.core.notation import parse_board
    from eightoff.core.preferences import Preferences
    from eightoff.core.variants import EASY, PRESETS
    from eightoff.ui.app import App

    rules = PRESETS[RULES]
    if rules.run_capacity(8, 1, False) > 1:  # runs move: a run of ten, the heaviest drag
        game, card, wanted = Game(EASY, parse_board(RUN_BOARD, EASY)), Card.parse("KS"), 10
    else:  # one card at a time (Raglan): the top card of the longest column
        game = Game.new(DEAL, rules)
        card, wanted = max(game.position.columns, key=len)[-1], 1
    app = App.for_game(game, Preferences(autoplay=False), size=DRAG_SIZE)
    app.pump(3)
    if app.size != DRAG_SIZE:
        print(f"drag frames: the window is {app.size[0]}x{app.size[1]}, not {DRAG_SIZE[0]}x{DRAG_SIZE[1]}")
    for repeat in range(1, repeats + 1):
        durations, lifted = drag_run_across(app, frames, card)
        durations.sort()
        p99 = durations[min(len(durations) - 1, int(len(durations) * 0.99))]
        print(f"drag frames #{repeat}, {lifted} cards lifted, {app.size[0]}x{app.size[1]}: "
              f"99th percentile {p99:.2f} ms, median {statistics.median(durations):.2f} ms, "
              f"worst {durations[-1]:.2f} ms (n={len(durations)}); "
              f"target 99% at most 8 ms: {verdict(p99, 8)}")
        if lifted != wanted:
            print(f"  (the run did not lift as {wanted} cards: the figure is not the one asked for)")
    app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="launches timed")
    parser.add_argument("--idle-runs", type=int, default=3, help="10-second idle measurements a state")
    parser.add_argument("--skip-idle", action="store_true", help="leave out the idle runs (about 5 minutes)")
    parser.add_argument("--skip-drag", action="store_true", help="leave out the drag frames")
    parser.add_argument("--skip-launch", action="store_true", help="leave out the launch timings")
    parser.add_argument("--skip-memory", action="store_true",
                        help="leave out the memory figures (a game played to its win, a heavy search)")
    parser.add_argument("--frames", type=int, default=300, help="drag frames timed")
    parser.add_argument("--rules", default="standard", help="the game measured (a --rules name)")
    parser.add_argument("--every-game", action="store_true", help="measure every game in turn")
    parser.add_argument("--designs", action="store_true",
                        help="launch in every card design too, in the same rounds")
    parser.add_argument("--compare", type=Path, default=None,
                        help="launch the program in this source tree too (e.g. a checkout of main)")
    args = parser.parse_args()
    from eightoff.core.variants import VARIANTS

    # As a player's install runs: an environment that forbids writing bytecode would time the
    # compiler at every launch.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    games = list(VARIANTS) if args.every_game else [args.rules]
    for key in games:
        if key not in VARIANTS:
            print(f"bench_gui: unknown game {key!r} (expected one of {', '.join(VARIANTS)})", file=sys.stderr)
            return 2
    if args.every_game:
        if not args.skip_launch:  # every game in the same rounds, beside the default game
            if missing_tools():
                print(f"bench_gui: needs {', '.join(missing_tools())}", file=sys.stderr)
                return 1
            bench_every_launch(args.runs, games)
        # One process a game: the drag benchmark opens a window in this process, and a later
        # game's window is then not found by xdotool, so each game starts clean.
        passed = [f"--runs={args.runs}", f"--idle-runs={args.idle_runs}", f"--frames={args.frames}"]
        passed += ["--skip-idle"] if args.skip_idle else []
        passed += ["--skip-drag"] if args.skip_drag else []
        passed += ["--skip-launch"] if args.skip_launch else []
        passed += ["--designs"] if args.designs else []
        passed += ["--skip-memory"] if args.skip_memory else []
        for key in games:
            print(f"== {key}", flush=True)
            subprocess.run([sys.executable, __file__, "--rules", key, *passed], check=False)
        return 0
    if missing_tools():
        print(f"bench_gui: needs {', '.join(missing_tools())}", file=sys.stderr)
        return 1
    global RULES
    RULES = args.rules
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs (if shared: noisy); {pure_python_loop()}",
          flush=True)
    if not args.skip_launch:
        bench_launch(args.runs, args.designs, args.compare)
    with virtual_screen(2000, 1200) as display, tempfile.TemporaryDirectory() as home:
        if not args.skip_idle:
            bench_idle(display, Path(home), args.idle_runs)
        if not args.skip_memory:
            number = winnable_deal()
            fresh_mb, window_mb = bench_memory(display, Path(home), number)
            bench_worker_search(window_mb, number)
            bench_reference_memory(display, fresh_mb)
        if not args.skip_drag:
            bench_drag(display, args.frames, 3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
