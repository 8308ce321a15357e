"""The tables shipped in eightoff/solver/data (grades, daily lists), read as the window starts.

pkgutil asks the package's own loader for the bytes (a folder, a zip or a frozen build alike);
importlib.resources' `files()` would first import itself, its readers, zipfile and threading,
on the path to the first frame, for one small text file.
"""

from __future__ import annotations

import pkgutil


def shipped_text(name: str) -> str:
    """The text of data/`name`; FileNotFoundError (an OSError) when the build left it out."""
    data = pkgutil.get_data("eightoff.solver", f"data/{name}")
    if data is None:
        raise FileNotFoundError(name)
    return data.decode("utf-8")
