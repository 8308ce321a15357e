#!/usr/bin/env python3
"""The command line's start-up budget: each command as a whole process against the same
interpreter doing nothing (`python -c pass`), measured in the same run, rounds interleaved.

Usage: .venv/bin/python scripts/bench_startup.py [--runs 21]

Each round starts every command once, in turn, so a busy spell on a shared machine falls on
all of them alike. Two figures a command, each a ratio of medians to the reference: the
wall-clock time, and the processor time (user + system, from wait4), which a loaded machine
disturbs far less. The budget: `eightoff deal 617` at most 4x `python -c pass`; the script
exits 1 when the processor-time ratio misses it. `python -X importtime -m eightoff deal 617`
shows where the time goes.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _figures import pure_python_loop, spread  # noqa: E402

DEAL_TARGET = 4.0


def eightoff_command() -> list[str]:
    """The installed `eightoff` script beside this interpreter, as a player runs it; else
    `python -m eightoff`."""
    script = Path(sys.executable).parent / "eightoff"
    return [str(script)] if script.exists() else [sys.executable, "-m", "eightoff"]


def commands(moves: Path) -> dict[str, list[str]]:
    eightoff = eightoff_command()
    return {
        "python -c pass (reference)": [sys.executable, "-c", "pass"],
        "eightoff deal 617": [*eightoff, "deal", "617"],
        "eightoff replay --deal 617 MOVES": [*eightoff, "replay", "--deal", "617", str(moves)],
        "eightoff solve --deal 1 --rules easy": [*eightoff, "solve", "--deal", "1", "--rules", "easy"],
        "eightoff --help": [*eightoff, "--help"],
    }


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and processor seconds of one run of `command`."""
    began = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, command)
    return wall, usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="rounds (each starts every command once)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        moves = Path(home) / "moves.txt"
        moves.write_text("Move a card from stack 1 to freecell 4\nMove a card from stack 1 to freecell 5\n",
                         encoding="utf-8")
        # Bytecode is written and used, as for a player's install (pip compiles it); an
        # environment that forbids writing it would time the compiler instead.
        env = {**os.environ, "EIGHTOFF_HOME": home}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        timed = commands(moves)
        wall: dict[str, list[float]] = {name: [] for name in timed}
        cpu: dict[str, list[float]] = {name: [] for name in timed}
        for command in timed.values():  # one unmeasured round: bytecode written, files cached
            run_once(command, env)
        for _round in range(args.runs):
            for name, command in timed.items():
                elapsed, used = run_once(command, env)
                wall[name].append(elapsed)
                cpu[name].append(used)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs (if shared: noisy); {pure_python_loop()}")
    reference = "python -c pass (reference)"
    ratios = {}
    for name in timed:
        ratio = statistics.median(wall[name]) / statistics.median(wall[reference])
        ratios[name] = statistics.median(cpu[name]) / statistics.median(cpu[reference])
        print(f"{name}: wall {spread([value * 1000 for value in wall[name]], 'ms', 1)}, {ratio:.2f}x; "
              f"processor {spread([value * 1000 for value in cpu[name]], 'ms', 1)}, {ratios[name]:.2f}x")
    deal_ratio = ratios["eightoff deal 617"]
    verdict = "meets" if deal_ratio <= DEAL_TARGET else "MISSES"
    print(f"budget: eightoff deal 617 at most {DEAL_TARGET:.0f}x python -c pass (processor time): "
          f"{deal_ratio:.2f}x, {verdict}")
    return 0 if deal_ratio <= DEAL_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
