"""scripts/_venv.sh calls pip only when pyproject.toml changed or a missing extra is asked for,
asks for the `fast` extra (mypy, for the compiled solver) where a C compiler is there, and for
the `themes` extra (resvg-py) always, going on without it where pip finds no wheel of it.

The script runs in a copy of the repository layout whose .venv/bin/python is a stub that logs
its arguments, so the test sees exactly which installs happen without running pip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

STUB = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/../calls.log"
echo "Collecting pygame-ce"
echo "a line pip prints that is not progress"
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "_venv.sh", tmp_path / "scripts")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(STUB)
    python.chmod(0o755)
    return tmp_path


NO_COMPILER = "no-such-compiler"


def installs(checkout: Path, extra: str, compiler: str = NO_COMPILER) -> list[str]:
    """The pip installs one `source scripts/_venv.sh EXTRA` makes (as `-e` targets), with `CC`
    naming the C compiler (by default one that is not there)."""
    log = checkout / ".venv" / "calls.log"
    before = log.read_text().splitlines() if log.exists() else []
    result = subprocess.run(
        ["bash", "-c", 'source "$0/scripts/_venv.sh" "$1"', str(checkout), extra],
        capture_output=True, text=True, check=False, env={**os.environ, "CC": compiler},
    )
    assert result.returncode == 0, result.stderr
    after = log.read_text().splitlines() if log.exists() else []
    return [line.split(" -e ")[1].removeprefix(str(checkout)) for line in after[len(before):]]


def test_switching_between_play_and_test_installs_once_each(checkout: Path) -> None:
    assert installs(checkout, "") == ["[themes]"]
    assert installs(checkout, "") == []
    assert installs(checkout, "test") == ["[themes,test]"]
    assert installs(checkout, "") == []
    assert installs(checkout, "test") == []


def test_a_changed_pyproject_reinstalls_with_the_extras_already_there(checkout: Path) -> None:
    assert installs(checkout, "test") == ["[test,themes]"]
    with (checkout / "pyproject.toml").open("a") as file:
        file.write("# changed\n")
    assert installs(checkout, "") == ["[test,themes]"]
    assert installs(checkout, "test") == []


def test_a_c_compiler_adds_the_fast_extra_once(checkout: Path) -> None:
    assert installs(checkout, "", compiler="true") == ["[themes,fast]"]
    assert installs(checkout, "", compiler="true") == []
    assert installs(checkout, "test", compiler="true") == ["[themes,fast,test]"]
    assert installs(checkout, "") == []  # no compiler now: what is installed stays
    assert installs(checkout, "test", compiler="true") == []


NO_WHEEL = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/../calls.log"
case "$*" in *themes*) echo "ERROR: No matching distribution found for resvg-py"; exit 1 ;; esac
"""


def test_without_a_wheel_of_resvg_py_the_rest_is_installed_once_and_said(checkout: Path) -> None:
    (checkout / ".venv" / "bin" / "python").write_text(NO_WHEEL)
    run = ["bash", "-c", 'source "$0/scripts/_venv.sh" "test"', str(checkout)]
    result = subprocess.run(run, capture_output=True, text=True, check=False,
                            env={**os.environ, "CC": NO_COMPILER})
    assert result.returncode == 0, result.stderr
    assert "no wheel of resvg-py here" in result.stderr
    calls = (checkout / ".venv" / "calls.log").read_text().splitlines()
    targets = [line.split(" -e ")[1].removeprefix(str(checkout)) for line in calls]
    assert targets == ["[test,themes]", "[test]"]
    assert all("--only-binary resvg-py" in line for line in calls)
    assert installs(checkout, "test") == []  # not tried again at every start


def test_an_install_shows_pips_progress_and_a_failure_its_whole_log(checkout: Path) -> None:
    run = ["bash", "-c", 'source "$0/scripts/_venv.sh" ""', str(checkout)]
    without_compiler = {**os.environ, "CC": NO_COMPILER}
    result = subprocess.run(run, capture_output=True, text=True, check=False, env=without_compiler)
    assert result.returncode == 0
    assert "Installing Eight Off" in result.stderr and "  Collecting pygame-ce" in result.stderr
    assert "not progress" not in result.stderr
    python = checkout / ".venv" / "bin" / "python"
    python.write_text(STUB + "exit 1\n")
    (checkout / "pyproject.toml").write_text("[project]\nname = 'y'\n")
    failed = subprocess.run(run, capture_output=True, text=True, check=False, env=without_compiler)
    assert failed.returncode == 1 and "not progress" in failed.stderr


COMPILING = """#!/bin/sh
case "$*" in
    *build-fast\\ --check) exit 1 ;;
    *build-fast)
        echo "eightoff: compiling the solver with mypyc: board, search (a minute or two)"
        echo "gcc -O3 -c board.c: the compiler's own line"
        echo "eightoff:   compiling board"
        echo "eightoff:   compiling search" >&2
        echo "eightoff: the solver is compiled (2 modules)"
        exit ${BUILD_STATUS:-0} ;;
esac
echo "$*" >> "$(dirname "$0")/../calls.log"
"""


@pytest.mark.parametrize("status", [0, 1])
def test_the_first_compile_names_each_module_as_it_goes(checkout: Path, status: int) -> None:
    """Each module the build compiles is named on the terminal; the compiler's lines go to the
    log, and a failed build says where that is."""
    bin_folder = checkout / ".venv" / "bin"
    (bin_folder / "python").write_text(COMPILING)
    (bin_folder / "mypyc").write_text("#!/bin/sh\n")
    (bin_folder / "mypyc").chmod(0o755)
    result = subprocess.run(["bash", "-c", 'source "$0/scripts/_venv.sh" ""', str(checkout)],
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "CC": "true", "BUILD_STATUS": str(status)})
    assert result.returncode == 0
    told = result.stderr.split("Compiling the solver with mypyc")[1].splitlines()[1:]
    failed = [f"  it failed (see {checkout}/.venv/.eightoff-build-fast.log): the solver runs as pure Python"]
    assert told == ["  compiling board", "  compiling search", *(failed if status else [])]
    assert "the compiler's own line" in (checkout / ".venv" / ".eightoff-build-fast.log").read_text()
