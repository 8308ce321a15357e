#!/usr/bin/env python3
"""The window's performance figures from issue 3, each with its target, on a private Xvfb.

Usage: .venv/bin/python scripts/bench_gui.py [--rules R | --every-game] [--runs 5] [--idle-runs 3]
       [--frames 300]

- idle CPU with a deal on screen: utime+stime from /proc/<pid>/stat over 10 s after a 2 s
  settle, in fresh processes (median and spread); also the on-CPU time of all threads from
  /proc/<pid>/task/*/schedstat (nanoseconds, where stat counts 10 ms ticks), which the target
  is judged on, and wake-ups a second (voluntary context switches);
- launch to deal on screen: from starting `python -m eightoff` to its first --print-layout
  line, which the game prints once the first frame is on screen (median and spread);
- dragging a 10-card run across a 1920x1080 window: the app runs in this process on the X
  server and each frame (the app's own step: events, update, draw, display update) is timed
  while posted mouse motions carry the run across and back;
- resident memory (VmRSS, and the peak VmHWM) after a few clicks, an undo and a redo.

Timings on a shared machine are noisy: read the spread, and run again before believing a change.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the X harness is shared with tests/ui/test_real_window.py

from tests.ui.xwindow import GameProcess, missing_tools, virtual_screen, xdotool  # noqa: E402

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


def spread(values: list[float], unit: str, digits: int = 2) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered):.{digits}f} {unit} "
            f"(min {ordered[0]:.{digits}f}, max {ordered[-1]:.{digits}f}, n={len(ordered)})")


def verdict(value: float, target: float) -> str:
    """The issues' targets are upper bounds ("at most")."""
    return "meets" if value <= target else "MISSES"


def cpu_ticks_seconds(pid: int) -> float:
    after_name = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(after_name[11]) + int(after_name[12])) / os.sysconf("SC_CLK_TCK")


def threads_on_cpu_seconds(pid: int) -> float:
    return sum(int((task / "schedstat").read_text().split()[0])
               for task in Path(f"/proc/{pid}/task").iterdir()) / 1e9


def wakeups(pid: int) -> int:
    return sum(int(line.split()[1]) for task in Path(f"/proc/{pid}/task").iterdir()
               for line in (task / "status").read_text().splitlines()
               if line.startswith("voluntary_ctxt_switches:"))


def memory_kib(pid: int) -> dict[str, int]:
    return {line.split(":")[0]: int(line.split()[1])
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line.startswith(("VmRSS:", "VmHWM:"))}


RULES = "standard"
"""The game measured (--rules); every figure holds for every game (--every-game)."""


def start_game(display: str, home: Path) -> tuple[GameProcess, float, dict[str, object]]:
    game = GameProcess(display, home, "--deal", str(DEAL), "--rules", RULES, "--log-moves", "--print-layout")
    layout, _ = game.next_layout(timeout=60)
    return game, time.monotonic() - game.started, layout


def bench_launch(display: str, home: Path, runs: int) -> None:
    seconds = []
    for _ in range(runs):
        game, elapsed, _ = start_game(display, home)
        seconds.append(elapsed)
        game.stop()
    print(f"launch to deal on screen: {spread(seconds, 's', 3)}; target at most 0.5 s: "
          f"{verdict(statistics.median(seconds), 0.5)}")


def bench_idle(display: str, home: Path, runs: int, mid_game: bool) -> None:
    """Fresh processes; `mid_game` makes one click first, so the game clock runs and the status
    line changes every second (a fresh deal's clock waits for the first move)."""
    by_stat, by_schedstat, rates = [], [], []
    for _ in range(runs):
        game, _, layout = start_game(display, home)
        if mid_game:
            game.find_window()
            x, y, w, h = layout["column0"]["cards"][-1][1]  # type: ignore[index]
            game.click(x + w // 2, y + h // 2)
            game.next_layout()
        pid = game.process.pid
        time.sleep(SETTLE_SECONDS)
        ticks, on_cpu, woken = cpu_ticks_seconds(pid), threads_on_cpu_seconds(pid), wakeups(pid)
        time.sleep(IDLE_SECONDS)
        by_stat.append((cpu_ticks_seconds(pid) - ticks) / IDLE_SECONDS * 100)
        by_schedstat.append((threads_on_cpu_seconds(pid) - on_cpu) / IDLE_SECONDS * 100)
        rates.append((wakeups(pid) - woken) / IDLE_SECONDS)
        game.stop()
    what = "mid-game, clock running" if mid_game else "fresh deal"
    # Judged on schedstat's nanoseconds: /proc stat counts 10 ms ticks, so one tick in the
    # 10 s window already reads as 0.100 %.
    print(f"idle CPU over {IDLE_SECONDS:.0f} s, {what} (/proc stat utime+stime, 10 ms ticks): "
          f"{spread(by_stat, '% of a core', 3)}")
    print(f"  same, all threads' on-CPU time (schedstat): {spread(by_schedstat, '%', 4)}; "
          f"target at most 0.1%: {verdict(statistics.median(by_schedstat), 0.1)}")
    print(f"  wake-ups: {spread(rates, 'a second', 1)}")


def bench_memory(display: str, home: Path) -> None:
    game, _, layout = start_game(display, home)
    try:
        game.find_window()
        clicked = 0
        for name in ("column6", "column7", "column5", "column4", "column3"):
            if clicked == 2:  # two moves: no "no moves left" dialog in any game
                break
            x, y, w, h = layout[name]["cards"][-1][1]  # type: ignore[index]
            game.click(x + w // 2, y + h // 2)
            try:
                layout, _ = game.next_layout(timeout=3)
                clicked += 1
            except AssertionError:
                pass  # a card with nowhere to go (Raglan has no cells): click the next one
            time.sleep(0.5)  # past any double-click
        for keys in ("ctrl+z", "ctrl+y"):
            xdotool(display, "key", keys)
            game.next_layout()
        moves = sum(line.startswith("Move") for line in game.seen)
        kib = memory_kib(game.process.pid)
    finally:
        game.stop()
    print(f"resident memory after {moves} moves, an undo and a redo: VmRSS {kib['VmRSS'] / 1024:.1f} MB, "
          f"peak VmHWM {kib['VmHWM'] / 1024:.1f} MB; "
          f"target at most 150 MB: {verdict(kib['VmHWM'] / 1024, 150)}")


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
    from eightoff.core.variants import EASY, PRESETS
    from eightoff.store.preferences import Preferences
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
    parser.add_argument("--idle-runs", type=int, default=3, help="10-second idle measurements")
    parser.add_argument("--skip-idle", action="store_true", help="leave out the idle runs (about 80 s)")
    parser.add_argument("--frames", type=int, default=300, help="drag frames timed")
    parser.add_argument("--rules", default="standard", help="the game measured (a --rules name)")
    parser.add_argument("--every-game", action="store_true", help="measure every game in turn")
    args = parser.parse_args()
    from eightoff.core.variants import VARIANTS

    games = list(VARIANTS) if args.every_game else [args.rules]
    for key in games:
        if key not in VARIANTS:
            print(f"bench_gui: unknown game {key!r} (expected one of {', '.join(VARIANTS)})", file=sys.stderr)
            return 2
    if args.every_game:
        # One process a game: the drag benchmark opens a window in this process, and a later
        # game's window is then not found by xdotool, so each game starts clean.
        passed = [f"--runs={args.runs}", f"--idle-runs={args.idle_runs}", f"--frames={args.frames}"]
        passed += ["--skip-idle"] if args.skip_idle else []
        for key in games:
            print(f"== {key}", flush=True)
            subprocess.run([sys.executable, __file__, "--rules", key, *passed], check=False)
        return 0
    if missing_tools():
        print(f"bench_gui: needs {', '.join(missing_tools())}", file=sys.stderr)
        return 1
    global RULES
    RULES = args.rules
    with virtual_screen(2000, 1200) as display, tempfile.TemporaryDirectory() as home:
        print(f"Xvfb {display}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs (if shared: noisy)")
        measure(args, display, Path(home))
    return 0


def measure(args: argparse.Namespace, display: str, home: Path) -> None:
    bench_launch(display, home, args.runs)
    if not args.skip_idle:
        bench_idle(display, home, args.idle_runs, mid_game=False)
        bench_idle(display, home, args.idle_runs, mid_game=True)
    bench_memory(display, home)
    bench_drag(display, args.frames, 3)


if __name__ == "__main__":
    sys.exit(main())
