"""A package's names imported from their modules when first used, not with the package.

For start-up cost: `eightoff deal` reads the solver's grade names without loading the search,
and the command line reads the language preference without the statistics. A package calls
`names_from_modules` and assigns what it returns to its module-level `__getattr__` (PEP 562),
which Python calls only for a name the package does not hold yet; the name found is then kept
in the package, so each is looked up once.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def names_from_modules(package: str, homes: Mapping[str, tuple[str, ...]]) -> Callable[[str], object]:
    """The `__getattr__` of `package` that finds each name of `homes` (module -> its names) in
    the package's module of that name, on first use."""
    module_of = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> object:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
