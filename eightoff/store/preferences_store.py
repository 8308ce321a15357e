"""Preferences as two JSON files: settings in the config folder, and in the state folder where
the window happened to be. A field that fails its type or bounds takes its default and the file
is set aside, so one bad value costs only itself; two windows each write only what they changed
(`merge`): docs/storage.md, "Preferences stay a file".
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from eightoff.core.i18n import _
from eightoff.core.limits import clamp_window
from eightoff.core.preferences import Preferences
from eightoff.core.variants import VARIANTS
from eightoff.store.files import StoreFiles
from eightoff.store.schema import BadContent, Geometry, LegacySettings, Settings, decode
from eightoff.userfiles.language import VERSION
from eightoff.userfiles.reading import DOCUMENT_LIMIT, BadFile, Unreadable, read_regular


def parts() -> list[tuple[type[msgspec.Struct], str]]:
    """Each file's schema and what the player calls it."""
    return [(Settings, _("preferences")), (Geometry, _("window size and position"))]


def load(settings_path: Path, geometry_path: Path, files: StoreFiles) -> Preferences:
    """The saved preferences. A file with unusable fields is set aside and written again at once
    with its good values, so a window that never saves (killed, crashed) costs nothing more."""
    values: dict[str, Any] = {}
    mended: list[tuple[type[msgspec.Struct], str, Path]] = []
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
            mended.append((schema, what, path))
        if schema is Settings and "options" not in found:
            found["options"] = legacy_options(raw)
        values.update(found)
    preferences = _clamped(Preferences(**values))
    for schema, what, path in mended:
        _write(preferences, schema, what, path, files)
    return preferences


def peek(settings_path: Path, geometry_path: Path, missing: Preferences | None = None) -> Preferences:
    """The preferences on disk now, read quietly (a bad file or field means its defaults here:
    the window's own load is the one that sets it aside and tells). A file that is not there
    stands for `missing`'s values of its fields where given: the load that set a partly bad
    file aside kept its good values, which no other window has replaced since."""
    values: dict[str, Any] = {}
    for (schema, _what), path in zip(parts(), (settings_path, geometry_path), strict=True):
        try:
            raw = read_regular(path, DOCUMENT_LIMIT)
            if raw is not None:
                values.update(decode_fields(raw, schema)[0])
            elif missing is not None:
                values.update({name: getattr(missing, name) for name in schema.__struct_fields__
                               if name != "version"})
        except (OSError, BadFile, Unreadable, BadContent):
            continue
    return _clamped(Preferences(**values))


def merge(mine: Preferences, loaded: Preferences | None, on_disk: Preferences) -> Preferences:
    """`on_disk` with the fields where `mine` differs from `loaded` (what this window read) taken
    from `mine`: whatever the fields are, each window's changes win and nobody else's are undone.
    Without `loaded` (preferences never read), `mine` as it is."""
    if loaded is None:
        return mine
    changed = {field.name: getattr(mine, field.name) for field in dataclasses.fields(mine)
               if getattr(mine, field.name) != getattr(loaded, field.name)}
    return dataclasses.replace(on_disk, **changed)


def _clamped(preferences: Preferences) -> Preferences:
    return dataclasses.replace(preferences, window_size=clamp_window(preferences.window_size))


def legacy_options(raw: bytes) -> dict[str, dict[str, bool]]:
    """The per-game options an older preferences.json means: its one `takeback` for every game
    and Raglan's `face_up`. An option that was on is on in each game that has it; one that was
    off was only ever the default, so each game keeps its own (Raglan's take-back is now on)."""
    found, _invalid = decode_fields(raw, LegacySettings)
    return {
        game.key: chosen
        for game in VARIANTS.values()
        if (chosen := {name: True for name, on in found.items() if on and name in game.defaults()})
    }


def save(preferences: Preferences, settings_path: Path, geometry_path: Path, files: StoreFiles) -> None:
    for (schema, what), path in zip(parts(), (settings_path, geometry_path), strict=True):
        _write(preferences, schema, what, path, files)


def _write(preferences: Preferences, schema: type[msgspec.Struct], what: str, path: Path,
           files: StoreFiles) -> None:
    """The fields of `schema` (one of the two files) written whole in its place."""
    fields = dataclasses.asdict(_clamped(preferences))
    document = {name: fields[name] for name in schema.__struct_fields__ if name != "version"}
    files.write(path, what, msgspec.json.encode({"version": VERSION, **document}))


def decode_fields(raw: bytes, schema: type[msgspec.Struct]) -> tuple[dict[str, Any], list[str]]:
    """The valid saved values of `schema`'s fields, and the names whose saved values are
    unusable. Fields absent from the file are neither: they take their defaults quietly.
    Raises BadContent when the file as a whole is not a settings object of a version we read."""
    try:
        document = decode(raw, dict[str, msgspec.Raw])
    except BadContent as error:
        if str(error).startswith(_("it is")):
            raise
        raise BadContent(_("it is not a JSON object")) from None
    try:
        found: int = decode(bytes(document.get("version", b"null")),
                            Annotated[int, Meta(ge=1)])  # type: ignore[arg-type]  # an annotated type
    except BadContent:
        raise BadContent(_("it has no version number")) from None
    if found > VERSION:
        raise BadContent(_("it was written by a newer version of Eight Off (file version {version})")
                         .format(version=found))
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
