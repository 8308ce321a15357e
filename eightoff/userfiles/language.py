"""The saved language preference, read quietly for the command line's messages.

Only the standard library's json and the safe reader beside this module, not the store: every
command line run reads this file, and must not pay for the store, msgspec or the database on
the way. The window's full load (the store's `preferences_store.load`) checks every field and
sets a bad file aside; here a file that is missing, unreadable or damaged just means "system".
"""

from __future__ import annotations

import json
from pathlib import Path

from eightoff.userfiles.dirs import StoreDirs, default_dirs
from eightoff.userfiles.reading import DOCUMENT_LIMIT, BadFile, Unreadable, read_regular

PREFERENCES_FILE = "preferences.json"
VERSION = 1
"""The preferences file's version: one written by a newer program is not read here."""
SYSTEM = "system"


def preferences_path(dirs: StoreDirs | None = None) -> Path:
    return (dirs if dirs is not None else default_dirs()).user_config_path / PREFERENCES_FILE


def peek_language(settings_path: Path) -> str:
    """The saved `language` as written (the caller keeps only a language it offers), or
    "system" when the file gives none that can be read."""
    try:
        raw = read_regular(settings_path, DOCUMENT_LIMIT)  # never opens a FIFO, device or link
        document = json.loads(raw) if raw is not None else None
    except (BadFile, Unreadable, ValueError, RecursionError):
        return SYSTEM
    if not isinstance(document, dict):
        return SYSTEM
    version, language = document.get("version"), document.get("language")
    if type(version) is not int or not 1 <= version <= VERSION or not isinstance(language, str):
        return SYSTEM
    return language
