"""`pip install .` builds the solver's compiled modules where a C compiler works, and installs a
working pure-Python solver, saying so in one line, where none does.

The wheel is built as a player's pip builds it (an isolated build with mypy from
build-system.requires), installed into a throwaway venv, and asked `eightoff --version` and
where its search module comes from. A minute or two: slow, and a system test (it runs the C
compiler and fetches the build's requirements).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from eightoff.solver.compiled import BUNDLED, COMPILED, SOURCES_FILE
from tests.packaging.conftest import build_wheel, clean_env, install_into_venv

pytestmark = [pytest.mark.slow, pytest.mark.system]

SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
WHERE = "import eightoff.solver.search as module; print(module.__file__)"


def said(output: str) -> list[str]:
    """The build's own lines, without the prefix and the indent."""
    return [line.strip().removeprefix("eightoff:").strip() for line in output.splitlines()
            if line.strip().startswith("eightoff: ")]


def run(home: Path, *args: str) -> str:
    return subprocess.run([str(home / "bin" / "python"), *args], capture_output=True, text=True,
                          check=True, env=clean_env(), cwd=home).stdout


def test_a_compiler_gives_the_compiled_solver_and_a_changed_source_the_pure_one(tmp_path: Path) -> None:
    if shutil.which(sysconfig.get_config_var("CC").split()[0]) is None:
        pytest.skip("no C compiler here")
    wheel, output = build_wheel(tmp_path / "build")
    folder = f"eightoff/solver/{BUNDLED}"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {f"{folder}/{name}{SUFFIX}" for name in COMPILED} | {f"{folder}/{SOURCES_FILE}"} <= names
    assert [f"compiling {name}" for name in sorted(COMPILED)] == [
        line for line in said(output) if line.startswith("compiling ") and "mypyc" not in line]
    home = install_into_venv(wheel, tmp_path / "venv")
    version = run(home, "-m", "eightoff", "--version")
    assert "compiled with mypyc" in version and BUNDLED in version
    assert run(home, "-c", WHERE).strip().endswith(SUFFIX)
    assert run(home, "-m", "eightoff", "solve", "--deal", "1", "--rules", "freecell").startswith("Move ")
    installed = Path(run(home, "-c", "import eightoff.solver as s; print(s.__path__[-1])").strip())
    with (installed / "search.py").open("a", encoding="utf-8") as source:
        source.write("# edited after the build\n")
    assert "built from other sources" in run(home, "-m", "eightoff", "--version")
    assert run(home, "-c", WHERE).strip().endswith("search.py")


def test_without_a_compiler_the_wheel_is_pure_python_and_says_so_once(tmp_path: Path) -> None:
    wheel, output = build_wheel(tmp_path / "build", CC="no-such-compiler")
    assert said(output) == ["the solver stays pure Python: no working C compiler"]
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if BUNDLED in name]
    home = install_into_venv(wheel, tmp_path / "venv")
    assert "pure Python (no compiled modules" in run(home, "-m", "eightoff", "--version")
    assert run(home, "-c", WHERE).strip().endswith("search.py")
    assert run(home, "-m", "eightoff", "deal", "617") == subprocess.run(
        [sys.executable, "-m", "eightoff", "deal", "617"], capture_output=True, text=True, check=True).stdout
