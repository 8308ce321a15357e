"""The message catalogues, and choosing and loading the player's language.

Each language lives in `<lang>/LC_MESSAGES/eightoff.po` beside this file, with the compiled
`eightoff.mo` committed next to it (tests/locale checks that they agree), so a wheel, an
editable install and a standalone build all carry working catalogues without running Babel.
`scripts/update-catalogues` re-extracts the strings, merges them into every `.po` and
recompiles. The loaded catalogue goes into `eightoff.core.i18n`, which every layer reads.
"""

from __future__ import annotations

import argparse
import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from eightoff.core import i18n

DOMAIN = "eightoff"
LOCALE_DIR = Path(__file__).resolve().parent
SOURCE_LANGUAGE = "en"
"""The language the strings are written in: it needs no catalogue."""

SYSTEM = "system"
"""The preference value (like None) that means: follow the system's language settings."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the language, in its order: the first one set decides."""


def available_languages() -> list[str]:
    """The source language and every language with a compiled catalogue here."""
    compiled = sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [SOURCE_LANGUAGE, *compiled]


def language_code(locale_name: str) -> str:
    """'it_IT.UTF-8@euro' -> 'it'; 'C' and 'POSIX' (no language at all) -> the source language."""
    code = locale_name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return SOURCE_LANGUAGE if code in ("", "c", "posix") else code


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, read as gettext does.

    The first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set decides alone; LANGUAGE
    may list several ('it:en'), of which the first we have a catalogue for wins. A language
    we have no catalogue for means the English original.
    """
    available = available_languages()
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if value:
            for name in value.split(":"):
                if language_code(name) in available:
                    return language_code(name)
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def choose_language(preference: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to show: the player's preference when it names one we have, else the system's."""
    if preference not in (None, SYSTEM) and preference in available_languages():
        return preference
    return system_language(environ)


def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of `language` (the untranslated originals for English or a gap)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def install_language(language: str) -> None:
    """Make `language` the one every `_` call answers in, argparse's own words included.

    argparse calls the module-level `_` and `ngettext` it imported from gettext, which read the
    global 'messages' domain in the environment's language only; pointing them at our hook
    lets the preference reach "usage:", "options" and argparse's error messages too, whose
    translations are in our catalogue (eightoff/locale/argparse_words.py marks them).
    """
    i18n.install(translations(language))
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
