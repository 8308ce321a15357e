"""Preferences as two JSON files: settings in the config folder, window geometry in the state
folder (geometry is where the window happened to be, not a choice the player made).

Fields are checked against the dataclass's own type hints, so a field added to `Preferences`
is stored with no change here. A field of the wrong type takes its default and the file is
set aside; the other fields keep their saved values, so one bad value costs only itself.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from eightoff.core.variants import PRESETS
from eightoff.store.files import Notices, read_document, save_json, set_aside
from eightoff.store.preferences import ANIMATION_SPEEDS, Preferences

VERSION = 1
GEOMETRY_FIELDS = ("window_size", "window_position")

VALUE_CHECKS: dict[str, Callable[[Any], bool]] = {
    "animation_speed": lambda speed: speed in ANIMATION_SPEEDS,
    "last_rules": lambda name: name in PRESETS,
    "window_size": lambda size: min(size) > 0,
}
"""Checks beyond the type, for values the window could not use."""


def settings_fields() -> list[str]:
    return [field.name for field in dataclasses.fields(Preferences) if field.name not in GEOMETRY_FIELDS]


def load(settings_path: Path, geometry_path: Path, notices: Notices) -> Preferences:
    values: dict[str, Any] = {}
    for path, what, names in (
        (settings_path, "preferences", settings_fields()),
        (geometry_path, "window size and position", GEOMETRY_FIELDS),
    ):
        document = read_document(path, what, VERSION, notices)
        if document is None:
            continue
        found, invalid = decode_fields(document, names)
        if invalid:
            reason = "unusable " + ", ".join(invalid)
            set_aside(path, what, reason, notices, consequence="those take their defaults")
        values.update(found)
    return Preferences(**values)


def save(preferences: Preferences, settings_path: Path, geometry_path: Path, notices: Notices) -> None:
    fields = dataclasses.asdict(preferences)
    settings = {name: fields[name] for name in settings_fields()}
    geometry = {name: fields[name] for name in GEOMETRY_FIELDS}
    save_json(settings_path, "preferences", {"version": VERSION, **settings}, notices)
    save_json(geometry_path, "window size and position", {"version": VERSION, **geometry}, notices)


def decode_fields(document: dict[str, Any], names: Iterable[str]) -> tuple[dict[str, Any], list[str]]:
    """The valid saved values among `names`, and the names whose saved values are unusable.
    Names absent from the document are neither: they take their defaults quietly."""
    hints = typing.get_type_hints(Preferences)
    values: dict[str, Any] = {}
    invalid: list[str] = []
    for name in names:
        if name not in document:
            continue
        try:
            value = decode_value(hints[name], document[name])
        except ValueError:
            invalid.append(name)
            continue
        if name in VALUE_CHECKS and not VALUE_CHECKS[name](value):
            invalid.append(name)
            continue
        values[name] = value
    return values, invalid


def decode_value(hint: Any, value: Any) -> Any:
    """`value` read from JSON as the type `hint` names (lists become tuples); ValueError if it
    is not one."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return decode_value(option, value)
            except ValueError:
                pass
        raise ValueError(f"{value!r} is none of {hint}")
    if origin is tuple:
        options = typing.get_args(hint)
        if not isinstance(value, list) or len(value) != len(options):
            raise ValueError(f"{value!r} is not a list of {len(options)}")
        return tuple(decode_value(option, item) for option, item in zip(options, value, strict=True))
    if origin is list:
        if not isinstance(value, list):
            raise ValueError(f"{value!r} is not a list")
        [item_hint] = typing.get_args(hint)
        return [decode_value(item_hint, item) for item in value]
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError(f"{value!r} is not an object")
        _, value_hint = typing.get_args(hint)
        return {key: decode_value(value_hint, item) for key, item in value.items()}
    if hint is type(None):
        if value is None:
            return None
    elif hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif isinstance(hint, type) and type(value) is hint:
        return value
    raise ValueError(f"{value!r} is not a {hint}")
