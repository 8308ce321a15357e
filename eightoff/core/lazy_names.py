"""A package's names imported from their modules when first used, not with the package.

For start-up cost: `eightoff deal` reads the solver's grade names without loading the search,
and the command line reads the language preference without the statistics. A package calls
`names_from_modules` and assigns what it returns to its module-level `__getattr__` (PEP 562),
which Python calls only for a name the package does not hold yet; the name found is then kept
in the package, so each is looked up once.

A name may be that of its own module (the solver's `solve` in `solve.py`). Importing that
module makes Python set the package's attribute of that name to the module, which would hide
the name for good; so such a package refuses that one setting (`_KeepsItsNames`).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Mapping
from importlib import import_module


class _KeepsItsNames(types.ModuleType):
    """A package whose names named like their modules are not replaced by those modules."""

    _shadowed: frozenset[str] = frozenset()

    def __setattr__(self, name: str, value: object) -> None:
        if name in self._shadowed and value is sys.modules.get(f"{self.__name__}.{name}"):
            return
        super().__setattr__(name, value)


def names_from_modules(package: str, homes: Mapping[str, tuple[str, ...]]) -> Callable[[str], object]:
    """The `__getattr__` of `package` that finds each name of `homes` (module -> its names) in
    the package's module of that name, or in the module of that full dotted name, on first use."""
    module_of = {name: module for module, names in homes.items() for name in names}
    shadowed = frozenset(name for name, module in module_of.items() if name == module)
    if shadowed:
        sys.modules[package].__class__ = type("_Package", (_KeepsItsNames,), {"_shadowed": shadowed})

    def __getattr__(name: str) -> object:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module if "." in module else f"{package}.{module}"), name)
        sys.modules[package].__dict__[name] = value
        return value

    return __getattr__
