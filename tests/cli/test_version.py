"""`eightoff --version` says the version and whether the solver runs compiled, and if not why,
in the player's language: run as a player runs it, in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys

from eightoff import __version__
from eightoff.cli import SOLVER_BUILDS
from eightoff.solver import compiled


def version(**environment: str) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != compiled.PURE_VARIABLE}
    result = subprocess.run([sys.executable, "-m", "eightoff", "--version"], capture_output=True, text=True,
                            env={**env, "LANG": "C", **environment}, check=True)
    return result.stdout.splitlines()


def test_it_says_what_the_loader_chose() -> None:
    folder, _why = compiled.choose()
    first, solver = version()
    assert first == f"eightoff {__version__}"
    assert solver.startswith("the solver: compiled with mypyc" if folder else "the solver: pure Python (")


def test_turned_off_it_says_pure_python_and_why_in_italian() -> None:
    assert version(EIGHTOFF_PURE_PYTHON="1", LANGUAGE="it")[1] == (
        "il risolutore: Python puro (EIGHTOFF_PURE_PYTHON è impostata)")


def test_every_reason_the_loader_gives_has_its_words() -> None:
    reasons = {"", compiled.TURNED_OFF, compiled.NONE_BUILT, compiled.OTHER_SOURCES, compiled.NO_SOURCES}
    assert set(SOLVER_BUILDS) == reasons
