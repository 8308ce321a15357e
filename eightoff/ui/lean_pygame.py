"""What `import pygame` leaves out of the window's start, for processor time before the first
frame (on a loaded machine the launch is as quick as its processor time).

`import pygame` imports every one of its modules. Three the game never uses are kept out the
way pygame expects (None in `sys.modules`: it keeps a stand-in that says the module is
missing): `pygame._debug` and `pygame.system` (with dataclasses' work on its `PowerState`,
traceback, linecache and tokenize) and `pygame.typing`.

`pygame.pkgdata` finds the files pygame ships (its window icon, its default font) through
importlib.resources, which imports tempfile, shutil, random, zipfile and threading on the
way. A stand-in opens the same files beside the pygame package, the minimal form pygame's
own `pkgdata` documents; where a file is not there (a packed build) the real module answers.
Together some 4 ms of processor time before the first frame (scripts/bench_gui.py).
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import BinaryIO

UNUSED = ("pygame._debug", "pygame.system", "pygame.typing")
PKGDATA = "pygame.pkgdata"


def lean_pygame() -> None:
    """Before pygame is first imported: the modules above are left out or stood in for."""
    for name in UNUSED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "cannot import"
    if PKGDATA not in sys.modules:
        stand_in = ModuleType(PKGDATA, "pygame.pkgdata's getResource without importlib.resources")
        stand_in.getResource = get_resource  # type: ignore[attr-defined]  # the one name pygame calls
        sys.modules[PKGDATA] = stand_in


def get_resource(identifier: str, pkgname: str = "pygame") -> BinaryIO:
    """The file `identifier` beside the package `pkgname`, open for reading (pygame reads its
    `name`); the real pkgdata's answer when it is not there."""
    folder = os.path.dirname(getattr(sys.modules.get(pkgname), "__file__", None) or "")
    try:
        return open(os.path.join(folder, identifier), "rb")  # noqa: SIM115  # pygame closes it
    except OSError:
        return real_pkgdata().getResource(identifier, pkgname)  # type: ignore[no-any-return]


def real_pkgdata() -> ModuleType:
    """pygame's own pkgdata, imported now in the stand-in's place."""
    if not hasattr(sys.modules.get(PKGDATA), "resource_exists"):
        sys.modules.pop(PKGDATA, None)
    return importlib.import_module(PKGDATA)
