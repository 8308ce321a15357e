"""Fixtures that build the wheel once and install it into a throwaway venv.

The build runs on a copy of the sources in a temporary folder, so it never writes build/ or
*.egg-info into the shared working tree, and sees exactly the files a release would.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def desktop_file_validate() -> str:
    """The validator's path, or a skip that says how to get it."""
    found = shutil.which("desktop-file-validate")
    if found is None:
        pytest.skip("desktop-file-validate is not installed (apt install desktop-file-utils; .ci/run does)")
    return found


def assert_valid_desktop_file(path: Path) -> None:
    result = subprocess.run(
        [desktop_file_validate(), str(path)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def clean_env(**overrides: str) -> dict[str, str]:
    """The test's environment without anything that would point Python at other packages."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env.update(overrides)
    return env


def build_wheel(work: Path, **environment: str) -> tuple[Path, str]:
    """`pip wheel --no-deps -v` of a copy of the sources, as a release would build it, in
    `work`; the wheel and what the build said (its lines start with "eightoff: ")."""
    source = work / "eightoff"
    source.mkdir(parents=True)
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "eightoff", source / "eightoff", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    out = work / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(source)],
        capture_output=True, text=True, check=False, env=clean_env(**environment),
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (wheel,) = out.glob("eightoff-*.whl")
    return wheel, result.stdout + result.stderr


def install_into_venv(wheel: Path, home: Path) -> Path:
    """A fresh venv at `home` with `wheel` installed, as `pip install eightoff` would leave it.

    The dependencies (pygame-ce and friends) come from the test's own environment through a
    .pth line instead of a download; a .pth line adds a folder without running the .pth
    files inside it, so the source checkout's editable install stays invisible.
    """
    venv.create(home, with_pip=False)
    python = home / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "eightoff-test-deps.pth").write_text("\n".join(sorted(ours)) + "\n")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
         "--no-index", str(wheel)],
        capture_output=True, text=True, check=False, env=clean_env(),
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return home


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], Path]) -> Path:
    """What `make(folder)` gives, made once for the whole run however many pytest-xdist workers
    ask for it: the first makes it under a lock in the folder the workers share (a build takes
    half a minute), the others wait for it and read where it is."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's own folder, one per worker below it
    made = shared / f"{name}.made"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            made.write_text(str(make(shared / name)))
    return Path(made.read_text())


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, without the solver's compiled modules, which these tests do not look at
    (test_compiled_wheel does) and which take a minute to build."""
    return once_per_run(
        tmp_path_factory, "wheel", lambda folder: build_wheel(folder, EIGHTOFF_PURE_PYTHON="1")[0])


@pytest.fixture(scope="session")
def wheel_venv(built_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed."""
    return once_per_run(tmp_path_factory, "venv", lambda folder: install_into_venv(built_wheel, folder))
