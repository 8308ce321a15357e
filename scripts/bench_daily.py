#!/usr/bin/env python3
"""The daily deal's two figures, the real program in subprocesses on SDL's dummy display:

- opening the daily deal (`eightoff --daily`) against a numbered deal (`eightoff --deal N`, N
  the same day's daily deal, so both deal the same cards): from starting the process to its
  first frame, rounds interleaved in one run, each on a fresh player's folder;
- the par of a deal outside the shipped lists: from the first frame to the session's par, as
  the solver's worker finds it (Eight Off deals past the grade table: no shipped par).

Usage: .venv/bin/python scripts/bench_daily.py [--runs 15] [--par-deals 15]

Timings on a shared machine are noisy: the figures are medians, and read beside their spread.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff.solver.daily import daily_deal  # noqa: E402

PROBE = """
import sys, time
import pygame
from eightoff.session import counsel
from eightoff.ui import table
shown = table.TableScene.after_frame
learn = counsel.Counsel.learn_grade  # every answer about the deal's start, its par's too
wait_for_par = sys.argv.pop(1) == "par"
marks = {}

def first_frame(scene):
    if "frame" not in marks:
        marks["frame"] = time.perf_counter()
        print(f"FRAME {time.perf_counter()}", file=sys.stderr, flush=True)
        if not wait_for_par:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
    shown(scene)

def learned(self, *args):
    learn(self, *args)
    if wait_for_par and self.session.facts.par is not None and "par" not in marks:
        marks["par"] = time.perf_counter()
        print(f"PAR {marks['par'] - marks['frame']}", file=sys.stderr, flush=True)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

table.TableScene.after_frame = first_frame
counsel.Counsel.learn_grade = learned
from eightoff.__main__ import main
sys.argv = ["eightoff", *sys.argv[1:]]
main()
"""


def run(arguments: list[str], wait_for_par: bool) -> tuple[float, float | None]:
    """(seconds from the process's start to its first frame, seconds from there to the par)."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": home,
               "XDG_DATA_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config",
               "XDG_STATE_HOME": f"{home}/state", "XDG_CACHE_HOME": f"{home}/cache"}
        began = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", PROBE, "par" if wait_for_par else "frame", *arguments],
                              capture_output=True, text=True, env=env, timeout=120, check=True)
    frame = par = None
    for line in done.stderr.splitlines():
        if line.startswith("FRAME "):
            frame = float(line.split()[1]) - began
        elif line.startswith("PAR "):
            par = float(line.split()[1])
    if frame is None:
        raise SystemExit(f"no first frame: {done.stderr}")
    return frame, par


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered) * 1000:.0f} ms "
            f"(min {ordered[0] * 1000:.0f}, max {ordered[-1] * 1000:.0f}, n={len(ordered)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--par-deals", type=int, default=15)
    args = parser.parse_args()
    today = daily_deal("standard", date.today())
    assert today is not None
    opened: dict[str, list[float]] = {"--daily": [], f"--deal {today.number}": []}
    for _round in range(args.runs):
        for name in opened:
            opened[name].append(run(name.split(), wait_for_par=False)[0])
    for name, times in opened.items():
        print(f"eightoff {name}: start to first frame, {figures(times)}")
    ratio = statistics.median(opened["--daily"]) / statistics.median(opened[f"--deal {today.number}"])
    print(f"daily / numbered: {ratio:.2f}")
    pars = []
    for number in range(10_001, 10_001 + args.par_deals):
        _frame, par = run(["--deal", str(number), "--rules", "standard"], wait_for_par=True)
        if par is not None:
            pars.append(par)
    print(f"par after the first frame, Eight Off deals 10001-{10_000 + args.par_deals}: {figures(pars)}")


if __name__ == "__main__":
    main()
