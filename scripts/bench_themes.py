#!/usr/bin/env python3
"""The installed card themes' figures, each with its target, in one run.

Usage: .venv/bin/python scripts/bench_themes.py [--runs 5] [--frame-runs 21] [--theme aisleriot:bonded]
       [--skip-all] [--skip-instructions]

- first frame: from starting the program to its first frame on screen, in a 1920x1080 window
  on a private X server (Xvfb; SDL's dummy display is 1024x768, too small for such a window),
  with the built-in design and with a theme whose cards the cache holds (warm). The program is
  started through a probe that ends it as that frame is shown (nothing after it is counted),
  in --frame-runs rounds, interleaved, each first in turn: wall-clock and processor time (user
  + system, all threads, from wait4). A round is a pair under the same load, so the figure is
  the theme's time over the built-in design's round by round: the median of those ratios with
  a distribution-free interval of at least 95 % (order statistics). Target no slower, judged on
  the wall-clock figure, decided before measuring: met when its interval's upper end is at most
  1, NOT met when its lower end is over 1; an interval across 1 is a tie at this noise, decided
  by the instructions the same probe executes under callgrind (once each, with valgrind: what
  a shared machine cannot disturb), met when at most the built-in design's;
- memory: the window's resident size at a fresh deal (3 s after the theme's cards are on the
  table), theme and built-in design; target: within 10 MB (its first round, unmeasured, fills
  both caches: the first frames above are warm);
- first use: the theme's cards on the table, from the first frame, with the cache emptied
  before (the first --print-layout line whose cards have the theme's proportions); target 2 s;
- every Aisleriot theme installed (gnome-cards-data's, aisleriot's bonded) drawn for a
  1920x1080 table by the drawing process, as the window starts it; target: each within 2 s.

Needs resvg-py (the themes extra) in the Python that runs this and the themes installed (apt
install gnome-cards-data): the theme is drawn once before anything is timed, and a theme that
cannot be drawn (resvg-py missing, a bad file) stops the run with the reason, since the window
would keep its built-in design and no figure could be taken. The theme's cards are told on the
table by their exact size, the one the drawing process works out for this window.
Timings on a shared machine are noisy: the load average and a plain-Python loop are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import select
import shutil
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

from _figures import median_interval, pure_python_loop, spread  # noqa: E402
from _xvfb import virtual_screen  # noqa: E402

from eightoff.core.variants import VARIANTS  # noqa: E402
from eightoff.themes.found import AISLERIOT, Theme, find_theme, find_themes, renderer_missing  # noqa: E402
from eightoff.themes.kept import Kept  # noqa: E402
from eightoff.ui.layout import compute_layout  # noqa: E402
from eightoff.ui.themes.size import card_size  # noqa: E402

WINDOW = (1920, 1080)
DEAL = 617
SETTLE_SECONDS = 3.0
BUILT_IN = "standard"
RULES = "standard"
PLACE = {"window": list(WINDOW), "rules": RULES, "large": False, "ui_scale": 1.0}
"""Where the window asks its drawings for (eightoff/ui/themes/deck.py): a 1920x1080 table."""
WAIT_SECONDS = 60.0
SCREEN = (2560, 1440)
"""The private X server's screen: room for a 1920x1080 window and its frame."""
FRAME_SHOWN = 64
"""The probe's exit status once its first frame is on screen (the program's own are 0 to 2)."""
PROBE = f"""\
import os, runpy, sys
from eightoff.ui.table import TableScene
after = TableScene.after_frame
def first_frame(table):
    after(table)
    sys.stdout.flush()
    os._exit({FRAME_SHOWN})
TableScene.after_frame = first_frame
sys.argv = ["eightoff", "--deal", "{DEAL}", "--print-layout"]
runpy.run_module("eightoff", run_name="__main__")
"""
"""The program up to its first frame on screen and its layout line (what the window prints
once that frame is shown), and not a step further: the work after the first frame is left out."""


BUILT_IN_CARD = compute_layout(*WINDOW, VARIANTS[RULES].rules).card


class Unmeasurable(Exception):
    """Why no figure can be taken (the theme cannot be drawn here): said, and the run stops."""


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


def program_env(home: Path, display: str) -> dict[str, str]:
    """The program's environment: the player's folder, the X server, no sound, and its bytecode
    written and used, as a player's install has it."""
    env = {**os.environ, "EIGHTOFF_HOME": str(home), "DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def card_of(line: str) -> tuple[int, int]:
    """The cards' size in a --print-layout line: the top card of the first pile that has cards."""
    piles = json.loads(line)["layout"].values()
    box = next(pile["cards"][-1][1] for pile in piles if pile["cards"])
    return box[2], box[3]


class Window:
    """The program on the private X server, its --print-layout lines read as they come."""

    def __init__(self, home: Path, display: str) -> None:
        env = program_env(home, display)
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "eightoff", "--deal", str(DEAL), "--print-layout"], cwd=ROOT, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def next_card(self, timeout: float = WAIT_SECONDS) -> tuple[float, tuple[int, int]]:
        """Seconds since the start at the next layout line, and its cards' size (a card's box
        on the table: the top card of the first pile that has cards)."""
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            raise Unmeasurable(f"the window printed no layout within {timeout:.0f} s")
        line = self.process.stdout.readline()
        if not line:
            raise Unmeasurable("the window ended before its layout was printed")
        return time.monotonic() - self.started, card_of(line)

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


def until_theme(window: Window, first: float, theme_card: tuple[int, int]) -> float:
    """Seconds from the first frame to the first layout whose cards are the theme's size."""
    while True:
        seconds, size = window.next_card()
        if size == theme_card:
            return seconds - first
        if seconds - first > WAIT_SECONDS:
            raise Unmeasurable(f"the theme's cards ({theme_card[0]}x{theme_card[1]}) were not on the table "
                               f"{WAIT_SECONDS:.0f} s after the first frame (the last layout's: {size})")


def draw_time(theme: Theme, cache: Path) -> tuple[float, float, int]:
    """Wall seconds and processor seconds of the drawing process, and its exit status."""
    request = {"id": theme.id, "kind": theme.kind, "name": theme.name, "path": str(theme.path),
               "svg": str(theme.svg) if theme.svg else "", "cache": str(cache), **PLACE}
    began, used = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "eightoff.ui.themes.draw", json.dumps(request)], cwd=ROOT,
                          capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    return time.monotonic() - began, cpu, done.returncode


def theme_card(root: Path, theme_id: str) -> tuple[int, int]:
    """The size the theme's cards have on a 1920x1080 table, found by drawing it once as the
    window would; `Unmeasurable` says why it cannot be drawn here."""
    if (missing := renderer_missing()):
        raise Unmeasurable(f"{missing} in {sys.executable}: install the themes extra "
                           "(scripts/test or scripts/play do), or pip install resvg-py")
    theme = find_theme(theme_id)
    if theme is None:
        raise Unmeasurable(f"{theme_id} is not installed (eightoff themes lists what is)")
    _seconds, _cpu, code = draw_time(theme, root / "check")
    kept = Kept.of(theme, root / "check")
    note = (kept.note() if kept is not None else None) or {}
    if code != 0 or "aspect" not in note:
        raise Unmeasurable(f"{theme_id} cannot be drawn: {note.get('problem', f'exit status {code}')}")
    aspect = note["aspect"]
    assert isinstance(aspect, float)
    card = card_size(PLACE, aspect)
    if card == BUILT_IN_CARD:
        raise Unmeasurable(f"{theme_id}'s cards are the built-in design's size here: choose another theme")
    return card


def bench_memory(homes: dict[str, Path], display: str, cards: dict[str, tuple[int, int]],
                 runs: int) -> None:
    """The window's resident size at a fresh deal, rounds interleaved; the first round,
    unmeasured, fills both caches (the theme's drawn, then kept as the built-in's are)."""
    theme = next(name for name in homes if name != BUILT_IN)
    memory: dict[str, list[float]] = {name: [] for name in homes}
    for round_ in range(runs + 1):
        order = list(homes.items())
        for name, home in order if round_ % 2 else order[::-1]:  # each goes first in turn
            window = Window(home, display)
            try:
                first, size = window.next_card()
                if name == BUILT_IN and size != cards[name]:
                    raise Unmeasurable(f"the built-in design's cards are {size}, not {cards[name]}: "
                                       f"the window is not {WINDOW[0]}x{WINDOW[1]}")
                if size != cards[name]:
                    until_theme(window, first, cards[name])
                time.sleep(SETTLE_SECONDS)
                if round_:
                    memory[name].append(window.rss_mb())
            finally:
                window.close()
    for name, values in memory.items():
        print(f"resident memory at a fresh deal, {name}, {WINDOW[0]}x{WINDOW[1]}: {spread(values, 'MB', 1)}")
    more = statistics.median(memory[theme]) - statistics.median(memory[BUILT_IN])
    print(f"  theme minus built-in: {more:+.1f} MB; target within 10 MB: {verdict(abs(more), 10.0)}")


GAMES_FOLDERS = ("data", "state")
"""The player's folders the store keeps games and the window's place in (the cache and the
preferences, which choose the design, stay each home's own)."""


def same_games(home: Path, games: Path) -> None:
    """Give `home` the games and window state kept in `games`: the store's files weigh on the
    first frame (a -wal the last run left to replay costs more than the theme), so each probe
    starts from the very same ones."""
    for folder in GAMES_FOLDERS:
        shutil.rmtree(home / folder, ignore_errors=True)
        shutil.copytree(games / folder, home / folder)


def probe(home: Path, display: str, card: tuple[int, int], games: Path,
          tool: tuple[str, ...] = ()) -> tuple[float, float, int]:
    """Wall and processor seconds (user + system, every thread) from starting the program to
    its first frame on screen, with `card`-sized cards on it (else `Unmeasurable`), and the
    probe's process id (`tool`, such as valgrind, runs it); the store's files are `games`'."""
    same_games(home, games)
    began, used = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.Popen([*tool, sys.executable, "-c", PROBE], cwd=ROOT, env=program_env(home, display),
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        out, _err = process.communicate(timeout=WAIT_SECONDS * (20 if tool else 1))
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise Unmeasurable(f"no first frame within {WAIT_SECONDS:.0f} s") from None
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode != FRAME_SHOWN or not out:
        raise Unmeasurable(f"the program ended with status {process.returncode} before its first frame")
    if (size := card_of(out.splitlines()[0])) != card:
        raise Unmeasurable(f"the first frame's cards are {size}, not {card}: the cache is not warm")
    return wall, after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime, process.pid


def paired_line(what: str, values: dict[str, list[float]], theme: str) -> tuple[float, float]:
    """Print the round-by-round ratio of the theme's time to the built-in design's: its median
    and interval; and, for earlier runs' sake, the ratio of the two medians. The interval."""
    rounds = [mine / built_in for mine, built_in in zip(values[theme], values[BUILT_IN], strict=True)]
    middle, low, high, covered = median_interval(rounds)
    medians = statistics.median(values[theme]) / statistics.median(values[BUILT_IN])
    print(f"  theme / built-in, {what}, round by round: median {middle:.3f}, {covered:.1%} interval "
          f"{low:.3f}-{high:.3f} (min {min(rounds):.3f}, max {max(rounds):.3f}); "
          f"ratio of the two medians {medians:.3f}")
    return low, high


def interval_verdict(low: float, high: float) -> str:
    """The verdict on a ratio's interval (the docstring's rule): "" for a tie at this noise."""
    if high <= 1.0:
        return "met"
    return "NOT met" if low > 1.0 else ""


def bench_first_frame(homes: dict[str, Path], display: str, cards: dict[str, tuple[int, int]],
                      games: Path, runs: int) -> str:
    """The first frames' wall and processor times; the wall-clock verdict ("" for a tie)."""
    theme = next(name for name in homes if name != BUILT_IN)
    walls: dict[str, list[float]] = {name: [] for name in homes}
    cpus: dict[str, list[float]] = {name: [] for name in homes}
    loads = []
    for round_ in range(runs):
        order = list(homes.items())
        for name, home in order if round_ % 2 else order[::-1]:  # each goes first in turn
            wall, cpu, _pid = probe(home, display, cards[name], games)
            walls[name].append(wall * 1000)
            cpus[name].append(cpu * 1000)
        loads.append(os.getloadavg()[0])
    print(f"first frame, cache warm ({runs} rounds interleaved, each first in turn; the program ended "
          f"as its first frame is shown):")
    for name in homes:
        print(f"  {name}: wall {spread(walls[name], 'ms', 0)}; processor {spread(cpus[name], 'ms', 0)}")
    wall_interval = paired_line("wall", walls, theme)
    paired_line("processor", cpus, theme)
    print(f"  load average (1 min) after each round: {spread(loads, '', 1)}")
    return interval_verdict(*wall_interval)


def bench_instructions(homes: dict[str, Path], display: str, cards: dict[str, tuple[int, int]],
                       games: Path, folder: Path) -> float | None:
    """The instructions to the first frame under callgrind, once each: a count a busy machine
    does not change (hash seeds fixed, so both runs take the same paths). The theme's count
    over the built-in design's (None without valgrind)."""
    if shutil.which("valgrind") is None:
        print("instructions to the first frame: valgrind is not installed (apt install valgrind)")
        return None
    theme = next(name for name in homes if name != BUILT_IN)
    folder.mkdir(exist_ok=True)
    counts = {}
    for name, home in homes.items():
        tool = ("env", "PYTHONHASHSEED=0", "valgrind", "--tool=callgrind",
                f"--callgrind-out-file={folder}/callgrind.%p")  # env and valgrind exec: one process id
        _wall, _cpu, pid = probe(home, display, cards[name], games, tool)
        found = re.search(r"^totals: (\d+)", (folder / f"callgrind.{pid}").read_text(), re.MULTILINE)
        if found is None:
            raise Unmeasurable(f"callgrind wrote no totals for {name}")
        counts[name] = int(found.group(1))
    ratio = counts[theme] / counts[BUILT_IN]
    print(f"instructions to the first frame (valgrind --tool=callgrind, one run each): "
          f"{BUILT_IN} {counts[BUILT_IN]:,}, {theme} {counts[theme]:,}; ratio {ratio:.4f}; "
          f"no more (<= 1): {verdict(ratio, 1.0)}")
    return ratio


def bench_first_use(root: Path, display: str, theme: str, card: tuple[int, int], runs: int) -> None:
    seconds = []
    for _round in range(runs):
        home = home_for(root / "first-use", theme)
        subprocess.run(["rm", "-rf", str(home / "cache")], check=True)
        window = Window(home, display)
        try:
            first, _size = window.next_card()
            seconds.append(until_theme(window, first, card))
        finally:
            window.close()
    print(f"first use of {theme}: its cards on the table after the first frame: {spread(seconds, 's', 2)}; "
          f"target 2 s: {verdict(statistics.median(seconds), 2.0)} (worst {max(seconds):.2f} s)")


def bench_all(root: Path) -> None:
    themes = [theme for theme in find_themes() if theme.kind == AISLERIOT]
    if not themes:
        print("no Aisleriot themes installed (apt install gnome-cards-data): nothing to draw")
        return
    times, cpus, loads = [], [], []
    for theme in themes:
        seconds, cpu, code = draw_time(theme, root / "all")
        times.append(seconds)
        cpus.append(cpu)
        loads.append(os.getloadavg()[0])
        state = "drawn" if code == 0 else "NOT drawn"
        size = theme.svg.stat().st_size // 1024 if theme.svg else 0
        print(f"  {theme.id}: {seconds:.2f} s ({cpu:.2f} s of processor), {state}, {size} KB, "
              f"load {loads[-1]:.1f}")
    over = [theme.id for theme, seconds in zip(themes, times, strict=True) if seconds > 2.0]
    print(f"every installed Aisleriot theme ({len(themes)}) drawn for a {WINDOW[0]}x{WINDOW[1]} table, "
          f"wall: {spread(times, 's', 2)}; target each within 2 s: {verdict(max(times), 2.0)}"
          + (f" (over: {', '.join(over)})" if over else ""))
    print(f"  processor time of each drawing (what a machine to itself waits): {spread(cpus, 's', 2)}; "
          f"each within 2 s: {verdict(max(cpus), 2.0)}")
    print(f"  load average while drawing: {spread(loads, '', 1)}")


def frame_verdict(wall: str, instructions: float | None) -> None:
    """The first frame's target, judged as the docstring says."""
    if wall:
        print(f"first frame, cache warm, target no slower: {wall} (the wall-clock ratio's interval)")
    elif instructions is None:
        print("first frame, cache warm, target no slower: a tie at this noise (the wall-clock ratio's "
              "interval holds 1), and no instructions counted to decide it")
    else:
        print(f"first frame, cache warm, target no slower: {verdict(instructions, 1.0)} (a tie in wall "
              f"clock at this noise, decided by instructions: ratio {instructions:.4f})")


def load_line(when: str) -> None:
    one, five, _fifteen = os.getloadavg()
    print(f"load average {when}: {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} processors")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of memory and of first use")
    parser.add_argument("--frame-runs", type=int, default=21, help="rounds of first frames")
    parser.add_argument("--skip-instructions", action="store_true",
                        help="do not count instructions (callgrind)")
    parser.add_argument("--theme", default="aisleriot:bonded",
                        help="the theme measured (an id of 'eightoff themes')")
    parser.add_argument("--skip-all", action="store_true", help="do not draw every installed theme")
    args = parser.parse_args()
    load_line("at the start")
    print(pure_python_loop())
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        try:
            card = theme_card(root, args.theme)
            homes = {BUILT_IN: home_for(root, BUILT_IN), args.theme: home_for(root, args.theme)}
            cards = {BUILT_IN: BUILT_IN_CARD, args.theme: card}
            with virtual_screen(*SCREEN) as display:
                bench_memory(homes, display, cards, args.runs)
                load_line("after the memory rounds")
                games = root / "games"  # as the built-in design's last window closed
                for folder in GAMES_FOLDERS:
                    shutil.copytree(homes[BUILT_IN] / folder, games / folder)
                wall = bench_first_frame(homes, display, cards, games, args.frame_runs)
                load_line("after the first frames")
                counted = None
                if not args.skip_instructions:
                    counted = bench_instructions(homes, display, cards, games, root / "callgrind")
                    load_line("after counting instructions")
                frame_verdict(wall, counted)
                bench_first_use(root, display, args.theme, card, args.runs)
                load_line("after the first uses")
        except Unmeasurable as why:
            print(f"no figure for {args.theme}: {why}", file=sys.stderr)
            return 1
        if not args.skip_all:
            bench_all(root)
            load_line("at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
