"""Where the search's compiled modules live, and whether to use them.

`scripts/build-fast` compiles the search's hot modules (`COMPILED`) with mypyc into
`native_dir()`, a folder of the interpreter's environment (compiled code belongs to one
interpreter, and the source tree stays clean), together with `SOURCES_FILE`: a digest of the
sources it compiled. `use_native` puts that folder first on the solver package's `__path__`
when the digest still matches the sources, so `eightoff.solver.board` and the others are then
the compiled ones. They are the same code: nothing else changes, and every other module imports
them by the same names.

The pure-Python modules stay the reference and the fallback: a machine without a C compiler
or without mypyc has no folder; a source edited since the build no longer matches the digest
(so a stale build is never run); and `EIGHTOFF_PURE_PYTHON=1` turns the compiled modules off
(`tests/solver/test_compiled.py` runs both and compares their answers).

Compiled, the classes of these modules are mypyc's native classes: other modules may use them
as before, but may not subclass them or give their instances attributes the class does not
declare (a module that needs to should join `COMPILED`, and `test_compiled` will tell). A source
mypyc cannot compile fails the build, which leaves the pure-Python solver in use.

This runs whenever the solver package is imported (`eightoff deal` does, for the grades), so it
uses only modules that load in well under a millisecond: os and zlib, no pathlib or hashlib.
"""

from __future__ import annotations

import os
import sys
import zlib

COMPILED = ("board", "search", "shorten", "prove", "merged")
"""The solver modules `scripts/build-fast` compiles (in `eightoff/solver/`)."""
SOURCES_FILE = "SOURCES"
PURE_VARIABLE = "EIGHTOFF_PURE_PYTHON"
HERE = os.path.dirname(os.path.abspath(__file__))


def native_dir() -> str:
    return os.path.join(sys.prefix, "eightoff-native")


def sources_digest() -> str:
    """A checksum (CRC-32) of the compiled modules' sources one after the other: enough to tell
    that they changed since the build, which is all it is asked."""
    checksum = 0
    for name in COMPILED:
        with open(os.path.join(HERE, f"{name}.py"), "rb") as source:
            checksum = zlib.crc32(source.read(), checksum)
    return f"{checksum:08x}"


def built_from() -> str | None:
    """The digest of the sources the build in `native_dir()` was made from; None if none is."""
    try:
        with open(os.path.join(native_dir(), SOURCES_FILE), encoding="utf-8") as stamp:
            return stamp.read().strip()
    except (OSError, ValueError):
        return None


def use_native(package_path: list[str]) -> bool:
    """Put the compiled modules first on `package_path` (the solver package's `__path__`) when
    they were built from the sources as they are now, and not turned off; whether it did."""
    if os.environ.get(PURE_VARIABLE):
        return False
    built = built_from()  # None almost everywhere but a developer's venv: read nothing more then
    try:
        if built is None or built != sources_digest():
            return False
    except OSError:  # no sources to compare (a frozen program ships none): the build is not theirs
        return False
    package_path.insert(0, native_dir())
    return True
