"""Each subcommand loads only what it uses, so it starts at once: run as a player runs it, in a
subprocess, and the modules loaded by the time it exits are read from `sys.modules`.

The player's preferences ask for Italian, so the catalogue is loaded and the preference file is
read, as on a real desktop; Babel's locale data is still not needed to print a board.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import json, sys
from eightoff.__main__ import main
sys.argv = ["eightoff", *json.loads(sys.argv[1])]
try:
    main()
finally:
    print("MODULES " + json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

HEAVY = (
    "eightoff.store", "eightoff.session", "eightoff.solver.worker", "eightoff.solver.batch", "tqdm",
    "filelock", "msgspec", "babel", "pygame", "multiprocessing", "statistics", "eightoff.solver.daily",
)
"""Packages no command below needs: the store (the language preference is read without it),
the session, the window, the solver's process pool and progress bar, Babel's numbers (none is
printed), and the daily deal's lists."""
SEARCH = ("eightoff.solver.search", "eightoff.solver.board", "eightoff.solver.solve",
          "eightoff.solver.compiled")
"""The search, and the loader that chooses between its compiled and pure-Python modules."""


def loaded(home: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    env = {**os.environ, "EIGHTOFF_HOME": str(home), "LANG": "C"}
    result = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True,
                            text=True, timeout=60, env=env, cwd=home)
    line = [line for line in result.stderr.splitlines() if line.startswith("MODULES ")][-1]
    return result, set(json.loads(line.removeprefix("MODULES ")))


def within(modules: set[str], packages: tuple[str, ...]) -> set[str]:
    return {name for name in modules if name.split(".")[0] in packages or name.startswith(packages)}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    config = tmp_path / "config"
    config.mkdir()
    (config / "preferences.json").write_text('{"version": 1, "language": "it"}', encoding="utf-8")
    (tmp_path / "moves").write_text("Move a card from stack 1 to freecell 4\n", encoding="utf-8")
    return tmp_path


def test_deal_loads_neither_store_nor_solver(home: Path) -> None:
    result, modules = loaded(home, "deal", "617")
    assert result.returncode == 0 and result.stdout.startswith("Freecells:")
    assert within(modules, HEAVY) == set()
    assert within(modules, SEARCH) == set()


def test_replay_loads_neither_store_nor_solver(home: Path) -> None:
    result, modules = loaded(home, "replay", "--deal", "617", str(home / "moves"))
    assert result.returncode == 0 and result.stdout.startswith("non vinta")  # Italian, as preferred
    assert within(modules, HEAVY) == set()
    assert within(modules, SEARCH) == set()


def test_solve_loads_the_search_alone(home: Path) -> None:
    result, modules = loaded(home, "solve", "--deal", "1", "--rules", "easy")
    assert result.returncode == 0 and result.stdout.startswith("Move ")
    assert within(modules, HEAVY) == set()
    assert set(SEARCH) <= modules


def test_an_unknown_option_loads_nothing_more_than_deal(home: Path) -> None:
    result, modules = loaded(home, "deal", "--bogus")
    assert result.returncode == 2 and "--bogus" in result.stderr
    assert within(modules, HEAVY) == set()


def test_stats_loads_the_store_the_probe_sees_it(home: Path) -> None:
    """The probe's own check: a command that needs the store is seen loading it."""
    result, modules = loaded(home, "stats")
    assert result.returncode == 0
    assert {"eightoff.store.store", "msgspec"} <= modules
