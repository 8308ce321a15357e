"""Where installed card themes are, and what they are called.

Aisleriot keeps one SVG (or gzipped .svgz) sheet per theme in `aisleriot/cards/`, and
KPatience (libkcardgame) one folder per deck in `carddecks/`, with an `index.desktop` naming
the deck and its SVG; both under the XDG data folders. The player's own folder (`cards/` in
our data folder) takes either kind and comes first, so a theme of the same name there wins.
A theme is named in preferences by its `id`: `aisleriot:<file name without extension>` or
`kde:<folder name>`.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from eightoff.core.i18n import _
from eightoff.userfiles.dirs import default_dirs
from eightoff.userfiles.reading import BadFile, Unreadable, read_regular

AISLERIOT, KDE = "aisleriot", "kde"
SHEET_SUFFIXES = (".svg", ".svgz")
"""In the order a folder lists them: a sheet kept both ways is the plain one (as listed)."""
DESKTOP_FILE = "index.desktop"
DESKTOP_LIMIT = 256 << 10
"""Bytes read of an index.desktop: the real ones are a few kilobytes of translated names."""
OWN_FOLDER = "cards"


@dataclass(frozen=True)
class Theme:
    """One installed theme: its `id` (the `card_face` value), the name players know it by, the
    file listed (the sheet, or the deck's index.desktop), the SVG to draw, and why it cannot be
    drawn when that is known from looking alone ("" otherwise)."""

    id: str
    kind: str
    name: str
    path: Path
    svg: Path | None
    problem: str = ""


def data_folders(environ: Mapping[str, str]) -> list[str]:
    """XDG_DATA_HOME (default ~/.local/share), then each of XDG_DATA_DIRS (default
    /usr/local/share:/usr/share), as the XDG base directory rules read them (relative ones are
    ignored). Plain strings: the window's first frame looks its theme up through them."""
    home = environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    dirs = environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    return [folder for folder in [home, *dirs.split(":")] if os.path.isabs(folder)]


def own_folder() -> str:
    return os.path.join(default_dirs().user_data_path, OWN_FOLDER)


def find_themes(environ: Mapping[str, str] | None = None, own: Path | None = None) -> list[Theme]:
    """Every theme found, the player's own first, then Aisleriot's and KPatience's by folder;
    an id met twice keeps its first place."""
    found: dict[str, Theme] = {}
    for sheets, decks in zip(_folders(AISLERIOT, environ, own), _folders(KDE, environ, own), strict=True):
        for theme in [*_sheets(sheets), *_decks(decks)]:
            found.setdefault(theme.id, theme)
    return list(found.values())


def _folders(kind: str, environ: Mapping[str, str] | None, own: Path | None) -> list[str]:
    """Where themes of `kind` are looked for, in order: the player's own folder (it holds both
    kinds), then each data folder's."""
    inside = ("aisleriot", "cards") if kind == AISLERIOT else ("carddecks",)
    mine = own_folder() if own is None else os.fspath(own)
    bases = data_folders(os.environ if environ is None else environ)
    return [mine, *(os.path.join(base, *inside) for base in bases)]


def find_theme(theme_id: str, environ: Mapping[str, str] | None = None,
               own: Path | None = None) -> Theme | None:
    """The theme `theme_id` names, if installed: the one `find_themes` would list, found by
    looking at its own paths only (the window's first frame waits for this)."""
    kind, _colon, name = theme_id.partition(":")
    if not is_theme_id(theme_id) or "/" in name or name in (".", ".."):
        return None
    for folder in _folders(kind, environ, own):
        if kind == AISLERIOT:
            for suffix in SHEET_SUFFIXES:
                if os.path.lexists(path := os.path.join(folder, name + suffix)):
                    sheet = Path(path)
                    return Theme(theme_id, AISLERIOT, sheet_name(name), sheet, sheet)
        elif os.path.islink(deck := os.path.join(folder, name)):
            return Theme(theme_id, KDE, name, Path(deck), None, _("it is a symbolic link"))
        elif os.path.isdir(deck):
            return _deck(Path(deck))
    return None


def renderer_missing() -> str:
    """Why no theme can be drawn on this installation ("" when resvg-py, the optional renderer,
    is there): asked before a drawing and by the lists, never for cards already drawn."""
    if importlib.util.find_spec("resvg_py") is None:
        return _("resvg-py, which draws themes, is not installed")
    return ""


def is_theme_id(name: str) -> bool:
    """Whether a `card_face` value names an installed theme rather than a built-in design."""
    kind, colon, rest = name.partition(":")
    return bool(colon) and kind in (AISLERIOT, KDE) and bool(rest)


def _entries(folder: str) -> Iterator[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            yield from sorted(entries, key=lambda entry: entry.name)
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as error:
        logging.getLogger(__name__).debug("card themes in %s cannot be listed: %s", folder, error)


def _sheets(folder: str) -> Iterator[Theme]:
    for entry in _entries(folder):
        stem, suffix = os.path.splitext(entry.name)
        if suffix in SHEET_SUFFIXES and stem:
            path = Path(entry.path)
            yield Theme(f"{AISLERIOT}:{stem}", AISLERIOT, sheet_name(stem), path, path)


def sheet_name(stem: str) -> str:
    """Aisleriot's own naming: the file name with spaces for underscores, first letter capital."""
    words = stem.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def _decks(folder: str) -> Iterator[Theme]:
    for entry in _entries(folder):
        path = Path(entry.path)
        if entry.is_symlink():
            # in the player's own folder a link named as a sheet is listed once, as a sheet
            if os.path.splitext(entry.name)[1] not in SHEET_SUFFIXES:
                yield Theme(f"{KDE}:{entry.name}", KDE, entry.name, path, None, _("it is a symbolic link"))
        elif entry.is_dir(follow_symlinks=False):
            yield _deck(path)


def _deck(folder: Path) -> Theme:
    theme_id, desktop = f"{KDE}:{folder.name}", folder / DESKTOP_FILE
    try:
        raw = read_regular(desktop, DESKTOP_LIMIT)
    except (BadFile, Unreadable) as error:
        why = _("it cannot be read ({error})").format(error=error)
        return Theme(theme_id, KDE, folder.name, desktop, None, why)
    if raw is None:
        return Theme(theme_id, KDE, folder.name, desktop, None, _("it has no index.desktop"))
    entries = desktop_entries(raw.decode("utf-8", "replace"))
    name = entries.get("Name", "").strip() or folder.name
    svg = entries.get("SVG", "").strip()
    if not svg:
        return Theme(theme_id, KDE, name, desktop, None, _("its index.desktop names no SVG"))
    if "/" in svg or "\\" in svg or svg in (".", ".."):
        return Theme(theme_id, KDE, name, desktop, None, _("its SVG is outside its folder"))
    return Theme(theme_id, KDE, name, desktop, folder / svg)


def desktop_entries(text: str) -> dict[str, str]:
    """The untranslated keys of the `[KDE Backdeck]` group (the first such group)."""
    entries: dict[str, str] = {}
    group = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            if group == "KDE Backdeck":
                break
            group = line.strip("[]")
        elif group == "KDE Backdeck" and "=" in line:
            key, _equals, value = line.partition("=")
            entries.setdefault(key.strip(), value)
    return entries
