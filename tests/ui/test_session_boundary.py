"""The window draws a session and sends it commands; it never reaches the store. import-linter
checks the window's own imports; this checks what they bring in: no name a window module
imports (annotations included: they are imported names too) is the store's, whether imported
from the store or handed on by a session module that imported it from there. And the
Statistics dialog, opened through the real event loop on a real store, holds the session's
statistics port and the port's answers, never the keeper, the store or a store type."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
from pathlib import Path

import msgspec
import pytest

import eightoff.ui
from eightoff.session.keeper import Keeper
from eightoff.session.records import StatisticsPort
from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.test_store_link import finish_games, home, open_app, press_button, press_toolbar

__all__ = ["home"]

STORE = "eightoff.store"
UI_MODULES = sorted(info.name for info in pkgutil.iter_modules(eightoff.ui.__path__, "eightoff.ui."))


def imported_names(module: str) -> list[tuple[str, str]]:
    """Every (module, name) a module's source imports with `from ... import`, anywhere in it
    (under TYPE_CHECKING and inside functions too), and every module it imports whole."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    found: list[tuple[str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
    return found


def from_the_store(module: str, name: str) -> bool:
    """Whether `name`, imported from `module`, is the store's: the module is the store's, the
    object was defined there, or `module` itself imported the name from the store."""
    if module == STORE or module.startswith(STORE + "."):
        return True
    if not module.startswith("eightoff.") or not name:
        return False
    value = getattr(importlib.import_module(module), name)
    if inspect.ismodule(value):
        return value.__name__.startswith(STORE)
    if getattr(value, "__module__", "") and str(value.__module__).startswith(STORE):
        return True
    return any(source.startswith(STORE) and imported == name for source, imported in imported_names(module))


@pytest.mark.parametrize("module", UI_MODULES)
def test_no_window_module_imports_a_name_of_the_store(module: str) -> None:
    assert [(source, name) for source, name in imported_names(module) if from_the_store(source, name)] == []


def test_the_check_sees_a_store_type_handed_on_by_a_session_module() -> None:
    """The keeper imports the store's `Store`: a window module importing it from there would
    be caught, though the name comes from a session module."""
    assert from_the_store("eightoff.session.keeper", "Store")
    assert from_the_store("eightoff.store.schema", "FinishedGame")
    assert not from_the_store("eightoff.session.records", "RecentGame")


def holds(value: object, seen: set[int], port: object) -> list[str]:
    """The keepers, stores and store types reachable from `value` through attributes,
    dataclass and struct fields and containers, the port's own insides left out (the port is
    the session's)."""
    if id(value) in seen or value is port:
        return []
    seen.add(id(value))
    kind = type(value)
    if isinstance(value, Keeper) or kind.__module__.startswith(STORE):
        return [f"{kind.__module__}.{kind.__qualname__}"]
    if isinstance(value, (str, bytes, int, float, bool)) or value is None or inspect.isroutine(value):
        return []
    if isinstance(value, dict):
        items: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    elif dataclasses.is_dataclass(value):
        items = [getattr(value, field.name) for field in dataclasses.fields(value)]
    elif isinstance(value, msgspec.Struct):
        items = [getattr(value, name) for name in value.__struct_fields__]
    elif kind.__module__.startswith("eightoff.ui") and hasattr(value, "__dict__"):
        items = list(vars(value).values())
    else:
        return []
    return [found for item in items for found in holds(item, seen, port)]


def test_the_statistics_dialog_holds_the_sessions_port_and_nothing_of_the_store(home: Path) -> None:
    finish_games(home)
    app, session = open_app(home)
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and len(dialog.recent) == 3
    assert type(dialog.statistics).__module__ == StatisticsPort.__module__ == "eightoff.session.records"
    parameters = inspect.signature(StatisticsDialog.__init__).parameters
    assert parameters["statistics"].annotation == "StatisticsPort"
    assert holds({key: value for key, value in vars(dialog).items() if key != "host"}, set(),
                 dialog.statistics) == []
    assert session.books.keeper is not None
    keeper = session.books.keeper
    assert holds(keeper, set(), None) == ["eightoff.session.keeper.Keeper"]  # the check can fail
