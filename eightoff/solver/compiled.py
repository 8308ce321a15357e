"""Where the search's compiled modules live, and whether to use them.

`scripts/build-fast` compiles the search's hot modules (`COMPILED`) with mypyc into
`native_dir()`, a folder of the interpreter's environment (compiled code belongs to one
interpreter, and the source tree stays clean), together with `SOURCES_FILE`: a digest of the
sources it compiled. `use_native` puts that folder first on the solver package's `__path__`
when the digest still matches the sources, so `eightoff.solver.board` and the others are then
the compiled ones. They are the same code: nothing else
changes, and every other module imports them by the same names.

The pure-Python modules stay the reference and the fallback: a machine without a C compiler
or without mypyc has no folder; a source edited since the build no longer matches the digest
(so a stale build is never run); and `EIGHTOFF_PURE_PYTHON=1` turns the compiled modules off
(`tests/solver/test_compiled.py` runs both and compares their answers).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

COMPILED = ("board", "search", "shorten")
"""The solver modules `scripts/build-fast` compiles (in `eightoff/solver/`)."""
SOURCES_FILE = "SOURCES"
PURE_VARIABLE = "EIGHTOFF_PURE_PYTHON"
HERE = Path(__file__).resolve().parent


def native_dir() -> Path:
    return Path(sys.prefix) / "eightoff-native"


def sources_digest() -> str:
    """The SHA-256 of the compiled modules' sources one after the other (as `cat board.py
    search.py shorten.py | sha256sum` gives it, which `scripts/_venv.sh` compares to decide
    whether to build). The folder is the environment's own, so its interpreter is always the
    one the build was for."""
    digest = hashlib.sha256()
    for name in COMPILED:
        digest.update((HERE / f"{name}.py").read_bytes())
    return digest.hexdigest()


def use_native(package_path: list[str]) -> bool:
    """Put the compiled modules first on `package_path` (the solver package's `__path__`) when
    they were built from the sources as they are now, and not turned off; whether it did."""
    if os.environ.get(PURE_VARIABLE):
        return False
    try:
        built_from = (native_dir() / SOURCES_FILE).read_text(encoding="ascii").strip()
        if built_from != sources_digest():
            return False
    except OSError:
        return False
    package_path.insert(0, str(native_dir()))
    return True
