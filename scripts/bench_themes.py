#!/usr/bin/env python3
"""The installed card themes' figures, each with its target, in one run.

Usage: .venv/bin/python scripts/bench_themes.py [--runs 5] [--theme aisleriot:bonded] [--skip-all]

- first frame: from starting the program to its first frame on screen (the first line of
  --print-layout, printed once that frame is shown), on SDL's dummy display at 1920x1080, with
  the built-in design and with a theme whose cards the cache holds (warm), rounds interleaved,
  each first in turn;
  target: the theme's median no slower than the built-in design's;
- first use: the theme's cards on the table, from the first frame, with the cache emptied
  before (the first --print-layout line whose cards have the theme's proportions); target 2 s;
- memory: the window's resident size at a fresh deal (3 s after the theme's cards are on the
  table), theme and built-in design; target: within 10 MB;
- every Aisleriot theme installed (gnome-cards-data's, aisleriot's bonded) drawn for a
  1920x1080 table by the drawing process, as the window starts it; target: each within 2 s.

Needs resvg-py (the themes extra) and the themes installed (apt install gnome-cards-data).
Timings on a shared machine are noisy: the load average and a plain-Python loop are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from _figures import pure_python_loop, spread  # noqa: E402

from eightoff.themes.found import AISLERIOT, Theme, find_themes  # noqa: E402

WINDOW = (1920, 1080)
DEAL = 617
SETTLE_SECONDS = 3.0
BUILT_IN = "standard"


def verdict(value: float, target: float) -> str:
    return "met" if value <= target else "NOT met"


def home_for(root: Path, face: str) -> Path:
    """A player's folder whose preferences choose `face` and whose window is 1920x1080."""
    home = root / face.replace(":", "-")
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "state").mkdir(parents=True, exist_ok=True)
    (home / "config" / "preferences.json").write_text(json.dumps({"version": 1, "card_face": face}))
    (home / "state" / "window.json").write_text(json.dumps({"version": 1, "window_size": list(WINDOW)}))
    return home


class Window:
    """The program on SDL's dummy display, its --print-layout lines read as they come."""

    def __init__(self, home: Path) -> None:
        env = {**os.environ, "EIGHTOFF_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "PYTHONDONTWRITEBYTECODE": ""}
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "eightoff", "--deal", str(DEAL), "--print-layout"], cwd=ROOT, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def next_card(self, timeout: float = 60) -> tuple[float, tuple[int, int]]:
        """Seconds since the start at the next layout line, and its cards' size."""
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            raise TimeoutError("no layout line")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the program ended")
        rect = next(iter(json.loads(line)["layout"].values()))["rect"]
        return time.monotonic() - self.started, (rect[2], rect[3])

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")) / 1024

    def close(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def theme_aspect(size: tuple[int, int]) -> bool:
    """Whether cards of `size` are not the built-in design's 1.4 (a theme's own proportions)."""
    return abs(size[1] / size[0] - 1.4) > 1.5 / size[0]


def until_theme(window: Window, first: float) -> float:
    """Seconds from the first frame to the first layout whose cards are the theme's."""
    while True:
        seconds, size = window.next_card()
        if theme_aspect(size):
            return seconds - first


def bench_first_frame(root: Path, theme: str, runs: int) -> None:
    homes = {BUILT_IN: home_for(root, BUILT_IN), theme: home_for(root, theme)}
    frames: dict[str, list[float]] = {name: [] for name in homes}
    memory: dict[str, list[float]] = {name: [] for name in homes}
    for round_ in range(runs + 1):  # the first round unmeasured: bytecode and cache written
        order = list(homes.items())
        for name, home in order if round_ % 2 else order[::-1]:  # each goes first in turn
            window = Window(home)
            try:
                first, size = window.next_card()
                if name == theme and not theme_aspect(size):
                    until_theme(window, first)
                time.sleep(SETTLE_SECONDS)
                if round_:
                    frames[name].append(first)
                    memory[name].append(window.rss_mb())
            finally:
                window.close()
    for name, values in frames.items():
        print(f"first frame, {name} (cache warm): {spread(values, 's', 3)}")
    slower = statistics.median(frames[theme]) - statistics.median(frames[BUILT_IN])
    print(f"  theme minus built-in: {slower * 1000:+.0f} ms; target no slower (<= 0, within the "
          f"spread): {verdict(slower, 0.0)}")
    for name, values in memory.items():
        print(f"resident memory at a fresh deal, {name}, {WINDOW[0]}x{WINDOW[1]}: {spread(values, 'MB', 1)}")
    more = statistics.median(memory[theme]) - statistics.median(memory[BUILT_IN])
    print(f"  theme minus built-in: {more:+.1f} MB; target within 10 MB: {verdict(abs(more), 10.0)}")


def bench_first_use(root: Path, theme: str, runs: int) -> None:
    seconds = []
    for _round in range(runs):
        home = home_for(root / "first-use", theme)
        subprocess.run(["rm", "-rf", str(home / "cache")], check=True)
        window = Window(home)
        try:
            first, _size = window.next_card()
            seconds.append(until_theme(window, first))
        finally:
            window.close()
    print(f"first use of {theme}: its cards on the table after the first frame: {spread(seconds, 's', 2)}; "
          f"target 2 s: {verdict(statistics.median(seconds), 2.0)} (worst {max(seconds):.2f} s)")


def draw_time(theme: Theme, cache: Path) -> tuple[float, float, int]:
    """Wall seconds and processor seconds of the drawing process, and its exit status."""
    request = {"id": theme.id, "kind": theme.kind, "name": theme.name, "path": str(theme.path),
               "svg": str(theme.svg), "cache": str(cache), "window": list(WINDOW), "rules": "standard",
               "large": False, "ui_scale": 1.0}
    began, used = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "eightoff.ui.themes.draw", json.dumps(request)], cwd=ROOT,
                          capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    return time.monotonic() - began, cpu, done.returncode


def bench_all(root: Path) -> None:
    themes = [theme for theme in find_themes() if theme.kind == AISLERIOT]
    if not themes:
        print("no Aisleriot themes installed (apt install gnome-cards-data): nothing to draw")
        return
    times, cpus = [], []
    for theme in themes:
        seconds, cpu, code = draw_time(theme, root / "all")
        times.append(seconds)
        cpus.append(cpu)
        state = "drawn" if code == 0 else "NOT drawn"
        size = theme.svg.stat().st_size // 1024 if theme.svg else 0
        print(f"  {theme.id}: {seconds:.2f} s ({cpu:.2f} s of processor), {state}, {size} KB")
    over = [theme.id for theme, seconds in zip(themes, times, strict=True) if seconds > 2.0]
    print(f"every installed Aisleriot theme ({len(themes)}) drawn for a {WINDOW[0]}x{WINDOW[1]} table: "
          f"{spread(times, 's', 2)}; target each within 2 s: {verdict(max(times), 2.0)}"
          + (f" (over: {', '.join(over)})" if over else ""))
    print(f"  processor time of each drawing (what a machine to itself waits): {spread(cpus, 's', 2)}; "
          f"each within 2 s: {verdict(max(cpus), 2.0)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--theme", default="aisleriot:bonded",
                        help="the theme measured (an id of 'eightoff themes')")
    parser.add_argument("--skip-all", action="store_true", help="do not draw every installed theme")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors; {pure_python_loop()}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        bench_first_frame(root, args.theme, args.runs)
        bench_first_use(root, args.theme, args.runs)
        if not args.skip_all:
            bench_all(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
