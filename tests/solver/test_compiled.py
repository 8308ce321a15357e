"""The compiled search (`scripts/build-fast`) and the pure-Python one give the same answers, and
the pure-Python one is what runs when the compiled modules are off, missing or stale.

Both are driven as a player's command line is: `eightoff solve --deals` in a subprocess, once
with `EIGHTOFF_PURE_PYTHON=1` and once without. Without a compiled build (no C compiler, or no
mypyc) the second run is pure Python too, and the comparison still checks the pure path's
answers against themselves run for run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from eightoff.solver import compiled

GAMES = [("freecell", "1-6"), ("standard", "1-6"), pytest.param("raglan", "1-3", marks=pytest.mark.slow)]
MAX_STATES = "100000"
"""A deterministic cap (distinct boards), never seconds: both runs stop at the same board."""


def solve_deals(rules: str, deals: str, pure: bool) -> tuple[list[dict[str, Any]], str]:
    """The deals' JSON lines (their verdicts, lines and board counts) and the file the search
    module was loaded from."""
    environment = {key: value for key, value in os.environ.items() if key != compiled.PURE_VARIABLE}
    if pure:
        environment[compiled.PURE_VARIABLE] = "1"
    command = [sys.executable, "-m", "eightoff", "solve", "--rules", rules, "--deals", deals,
               "--jobs", "1", "--max-states", MAX_STATES]
    output = subprocess.run(command, env=environment, capture_output=True, text=True, check=True).stdout
    records = [json.loads(line) for line in output.splitlines() if line.startswith('{"deal"')]
    probe = "import eightoff.solver.search as module; print(module.__file__)"
    where = subprocess.run([sys.executable, "-c", probe], env=environment, capture_output=True, text=True,
                           check=True).stdout.strip()
    return [{key: entry[key] for key in ("deal", "status", "solution", "nodes")} for entry in records], where


@pytest.mark.parametrize(("rules", "deals"), GAMES)
def test_compiled_and_pure_python_solve_alike(rules: str, deals: str) -> None:
    pure, pure_module = solve_deals(rules, deals, pure=True)
    default, default_module = solve_deals(rules, deals, pure=False)
    assert pure_module.endswith(".py")
    assert len(pure) == int(deals.split("-")[1]) and any(entry["status"] == "solved" for entry in pure)
    assert default == pure
    if compiled.built_from() == compiled.sources_digest():
        assert not default_module.endswith(".py")  # the build is current: it is what ran


def test_a_stale_or_absent_build_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "native_dir", lambda: str(tmp_path))
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    package_path = ["solver"]
    assert not compiled.use_native(package_path)  # no build at all
    (tmp_path / compiled.SOURCES_FILE).write_text("not these sources\n", encoding="ascii")
    assert not compiled.use_native(package_path)  # built from other sources
    (tmp_path / compiled.SOURCES_FILE).write_bytes(b"\xff\xfe\0")
    assert not compiled.use_native(package_path)  # a stamp that is not text
    (tmp_path / compiled.SOURCES_FILE).write_text(compiled.sources_digest() + "\n", encoding="ascii")
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert not compiled.use_native(package_path)  # turned off
    assert package_path == ["solver"]
    monkeypatch.delenv(compiled.PURE_VARIABLE)
    sources = compiled.HERE
    monkeypatch.setattr(compiled, "HERE", str(tmp_path / "nowhere"))
    assert not compiled.use_native(package_path)  # no sources to compare (a frozen program)
    monkeypatch.setattr(compiled, "HERE", sources)
    assert compiled.use_native(package_path)
    assert package_path == [str(tmp_path), "solver"]


def test_the_installed_build_serves_when_the_developers_does_not(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed package's build (`pip install .`) is used while its digest matches; a
    developer's current build comes first; a frozen program, which ships no sources, uses its own."""
    developers, installed = tmp_path / "developer", tmp_path / "installed"
    developers.mkdir()
    installed.mkdir()
    monkeypatch.setattr(compiled, "native_dir", lambda: str(developers))
    monkeypatch.setattr(compiled, "bundled_dir", lambda: str(installed))
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    (installed / compiled.SOURCES_FILE).write_text(compiled.sources_digest() + "\n", encoding="ascii")
    (developers / compiled.SOURCES_FILE).write_text("stale\n", encoding="ascii")
    assert compiled.choose() == (str(installed), "")
    (developers / compiled.SOURCES_FILE).write_text(compiled.sources_digest() + "\n", encoding="ascii")
    assert compiled.choose() == (str(developers), "")
    monkeypatch.setattr(compiled, "HERE", str(tmp_path / "nowhere"))
    assert compiled.choose() == (None, compiled.NO_SOURCES)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert compiled.choose() == (str(installed), "")
    (installed / compiled.SOURCES_FILE).unlink()
    assert compiled.choose() == (None, compiled.NO_SOURCES)

