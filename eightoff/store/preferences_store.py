"""Preferences as two JSON files: settings in the config folder, window geometry in the state
folder (geometry is where the window happened to be, not a choice the player made).

Each field is checked against its type and bounds in `schema.Settings` / `schema.Geometry`. A
field that fails takes its default and the file is set aside; the other fields keep their
saved values, so one bad value costs only itself.
"""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any

import msgspec

from eightoff.core.i18n import _
from eightoff.store.files import StoreFiles
from eightoff.store.language_peek import VERSION
from eightoff.store.preferences import Preferences
from eightoff.store.reading import DOCUMENT_LIMIT
from eightoff.store.schema import BadContent, Geometry, Settings, check_version, decode

LANGUAGES = typing.get_args(typing.get_type_hints(Settings)["language"])
"""The languages a preferences file may name ("system" among them)."""


def parts() -> list[tuple[type[msgspec.Struct], str]]:
    """Each file's schema and what the player calls it."""
    return [(Settings, _("preferences")), (Geometry, _("window size and position"))]


def load(settings_path: Path, geometry_path: Path, files: StoreFiles) -> Preferences:
    values: dict[str, Any] = {}
    for (schema, what), path in zip(parts(), (settings_path, geometry_path), strict=True):
        raw = files.read(path, what, DOCUMENT_LIMIT, _("the defaults are used"))
        if raw is None:
            continue
        try:
            found, invalid = decode_fields(raw, schema)
        except BadContent as error:
            files.set_aside(path, what, str(error), _("the defaults are used"))
            continue
        if invalid:
            reason = _("unusable {names}").format(names=", ".join(invalid))
            files.set_aside(path, what, reason, _("those take their defaults"))
        values.update(found)
    return Preferences(**values)


def save(preferences: Preferences, settings_path: Path, geometry_path: Path, files: StoreFiles) -> None:
    fields = dataclasses.asdict(preferences)
    for (schema, what), path in zip(parts(), (settings_path, geometry_path), strict=True):
        document = {name: fields[name] for name in schema.__struct_fields__ if name != "version"}
        files.write(path, what, msgspec.json.encode({"version": VERSION, **document}))


def decode_fields(raw: bytes, schema: type[msgspec.Struct]) -> tuple[dict[str, Any], list[str]]:
    """The valid saved values of `schema`'s fields, and the names whose saved values are
    unusable. Fields absent from the file are neither: they take their defaults quietly.
    Raises BadContent when the file as a whole is not a settings object of a version we read."""
    check_version(raw, VERSION)
    document = decode(raw, dict[str, msgspec.Raw])
    values: dict[str, Any] = {}
    invalid: list[str] = []
    for field in msgspec.structs.fields(schema):
        if field.name == "version" or field.name not in document:
            continue
        try:
            values[field.name] = decode(bytes(document[field.name]), field.type)
        except BadContent:
            invalid.append(field.name)
    return values, invalid
