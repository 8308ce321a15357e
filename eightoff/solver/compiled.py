"""Where the search's compiled modules live, and whether to use them.

mypyc compiles the search's hot modules (`COMPILED`) into a folder with a digest of their
sources; `use_native` puts the folder built from the sources installed now first on the
solver package's path. The pure-Python modules stay the reference and the fallback.

The longer reasons: docs/notes.md, `eightoff.solver.compiled`."""

from __future__ import annotations

import os
import sys
import zlib

COMPILED = ("board", "search", "shorten", "prove", "merged", "suited")
"""The solver modules mypyc compiles (in `eightoff/solver/`)."""
SOURCES_FILE = "SOURCES"
PURE_VARIABLE = "EIGHTOFF_PURE_PYTHON"
BUNDLED = "native-modules"
"""The installed package's folder of compiled modules, beside these sources (not a package)."""
HERE = os.path.dirname(os.path.abspath(__file__))

TURNED_OFF = "turned off"
NONE_BUILT = "none built"
OTHER_SOURCES = "other sources"
NO_SOURCES = "no sources"
"""Why the pure-Python modules run (`choose`); `eightoff --version` words each one."""


def native_dir() -> str:
    return os.path.join(sys.prefix, "eightoff-native")


def bundled_dir() -> str:
    return os.path.join(HERE, BUNDLED)


def sources_digest() -> str:
    """A checksum (CRC-32) of the compiled modules' sources one after the other: enough to tell
    that they changed since the build, which is all it is asked."""
    checksum = 0
    for name in COMPILED:
        with open(os.path.join(HERE, f"{name}.py"), "rb") as source:
            checksum = zlib.crc32(source.read(), checksum)
    return f"{checksum:08x}"


def built_from(folder: str | None = None) -> str | None:
    """The digest of the sources the build in `folder` (the developer's when None) was made
    from; None if there is none."""
    try:
        with open(os.path.join(folder or native_dir(), SOURCES_FILE), encoding="utf-8") as stamp:
            return stamp.read().strip()
    except (OSError, ValueError):
        return None


def choose() -> tuple[str | None, str]:
    """The folder of compiled modules to use, else None and why not (one of the reasons above)."""
    if os.environ.get(PURE_VARIABLE):
        return None, TURNED_OFF
    builds = [(folder, built_from(folder)) for folder in (native_dir(), bundled_dir())]
    stamped = [(folder, digest) for folder, digest in builds if digest is not None]
    if not stamped:  # almost everywhere without a compiler: read nothing more then
        return None, NONE_BUILT
    try:
        digest = sources_digest()
    except OSError:  # no sources to compare: only a frozen program's own build is its own
        if getattr(sys, "frozen", False) and builds[1][1] is not None:
            return bundled_dir(), ""
        return None, NO_SOURCES
    for folder, built in stamped:
        if built == digest:
            return folder, ""
    return None, OTHER_SOURCES


def use_native(package_path: list[str]) -> bool:
    """Put the compiled modules first on `package_path` (the solver package's `__path__`) when
    they were built from the sources as they are now, and not turned off; whether it did."""
    folder, _why = choose()
    if folder is None:
        return False
    package_path.insert(0, folder)
    return True
