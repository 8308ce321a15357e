#!/usr/bin/env python3
"""How long the player waits for a hint, through the window's real loop and solver worker.

    scripts/bench_hint.py [--first 1] [--last 20] [--moves 5] [--seed 1]

For each deal: a headless window (SDL's dummy driver) with the solver connected plays
`--moves` random moves that keep the game winnable, then H is pressed at two moments:
"settled" (the background verdict on the position is already in, the usual case: the player
looks before asking) and "at once" (H right after a move, while the verdict may still run).
The latency is from posting the key to the hint being on the table, the loop sleeping in its
own wait meanwhile. Prints the median, p90 and max of each, in milliseconds, beside one frame
at 60 Hz (the issue's target for the median) and the fixed pure-Python loop of
`bench_solver.py` (the machine's speed).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def press_hint(app, timeout: float = 60.0) -> float:  # type: ignore[no-untyped-def]
    import pygame

    table = app.table
    table.hint = None
    began = time.perf_counter()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.pump()
    while table.hint is None:
        if time.perf_counter() - began > timeout:
            raise SystemExit("bench_hint: no hint within a minute")
        app.wait(0.5)
        app.pump()
    return (time.perf_counter() - began) * 1000


def settle(app) -> None:  # type: ignore[no-untyped-def]
    from eightoff.session.advisor import THINKING

    while app.table.status.indicator == THINKING:
        app.wait(0.5)
        app.pump()


FRAME_MS = 1000 / 60
"""One frame at 60 Hz: the median hint is to be on the table within it."""


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    median = statistics.median(values)
    p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
    return (f"{name:8} n={len(values):3}  median {median:7.1f} ms   "
            f"p90 {p90:7.1f} ms   max {values[-1]:7.1f} ms   median {median / FRAME_MS:.2f} frames")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=20)
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from _figures import loop_seconds
    from bench_solver import ms

    from eightoff.core.game import Game
    from eightoff.core.preferences import Preferences
    from eightoff.core.variants import STANDARD
    from eightoff.session.advisor import Advisor
    from eightoff.solver.limits import SOLVED, Budget
    from eightoff.solver.solve import solve
    from eightoff.ui.app import App

    print(f"pure-Python reference loop: {ms(loop_seconds())} (median of 5); one frame {FRAME_MS:.1f} ms")
    rng = random.Random(args.seed)
    settled: list[float] = []
    at_once: list[float] = []
    app = App.for_game(Game.new(args.first, STANDARD), Preferences(autoplay=True, animation_speed="off"),
              out=io.StringIO(), advisor=Advisor())
    app.pump()  # the first frame: the advisor starts after it, as in the window
    try:
        for number in range(args.first, args.last + 1):
            app.session.new_game(number)
            settle(app)
            for _ in range(args.moves):
                moves = app.table.game.legal_moves()
                rng.shuffle(moves)
                for move in moves:
                    after = app.table.game.position.apply(move)
                    if solve(after, STANDARD, Budget(seconds=5)).status == SOLVED:
                        break
                app.table.play(move)
                at_once.append(press_hint(app))
                settle(app)
                settled.append(press_hint(app))
    finally:
        app.close()
    print(summary("settled", settled))
    print(summary("at once", at_once))
    return 0


if __name__ == "__main__":
    sys.exit(main())
