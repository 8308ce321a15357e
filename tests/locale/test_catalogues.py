"""Every catalogue compiles, is complete, keeps each placeholder, and ships as compiled.

The .mo files are committed (the game needs no Babel at run time), so a test checks that each
one says exactly what its .po says; and the .po files must hold every string marked in the code,
so a string added without `scripts/update-catalogues` fails here rather than showing up in English.
"""

from __future__ import annotations

import argparse
import gettext
import inspect
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from eightoff.locale import DOMAIN, LOCALE_DIR
from eightoff.locale.argparse_words import ARGPARSE_WORDS

PACKAGE = LOCALE_DIR.parent
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None, "NN_": (1, 2)}
"""The same keywords scripts/update-catalogues gives pybabel extract."""

PO_FILES = sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdrfi]")


def catalogue(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=path.parent.parent.name)


def singular(message_id: str | tuple[str, ...]) -> str:
    """The msgid, or the singular one of a plural message."""
    return message_id[0] if isinstance(message_id, tuple) else message_id


def translated(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def test_there_is_an_italian_catalogue() -> None:
    assert LOCALE_DIR / "it" / "LC_MESSAGES" / f"{DOMAIN}.po" in PO_FILES


@pytest.mark.parametrize("po", PO_FILES, ids=lambda path: path.parent.parent.name)
def test_complete_without_fuzzy_entries(po: Path) -> None:
    missing = [
        message.id for message in translated(catalogue(po))
        if message.fuzzy or not (all(message.string) if message.pluralizable else message.string)
    ]
    assert missing == []


@pytest.mark.system  # GNU gettext's msgfmt
@pytest.mark.parametrize("po", PO_FILES, ids=lambda path: path.parent.parent.name)
def test_msgfmt_accepts_it_and_counts_nothing_missing(po: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt is not installed (apt install gettext; .ci/run does)")
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True, text=True, check=False, env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert "translated messages." in result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr


@pytest.mark.parametrize("po", PO_FILES, ids=lambda path: path.parent.parent.name)
def test_placeholders_survive_translation(po: Path) -> None:
    """Each {name} or %-format of the English must be in the translation, or formatting breaks."""
    wrong = []
    for message in translated(catalogue(po)):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, text in enumerate(strings):
            english = ids[min(index, len(ids) - 1)]
            if sorted(PLACEHOLDER.findall(english)) != sorted(PLACEHOLDER.findall(text)):
                wrong.append((english, text))
    assert wrong == []


def messages_of(translations: gettext.GNUTranslations) -> dict[object, str]:
    """The translated messages, without the header entry (msgid ""): the header names the Babel
    that compiled the file, which changes with each release and says nothing a player reads."""
    catalog: dict[object, str] = translations._catalog  # type: ignore[attr-defined]
    return {key: text for key, text in catalog.items() if key != "" and key != ("", 0)}


@pytest.mark.parametrize("po", PO_FILES, ids=lambda path: path.parent.parent.name)
def test_committed_mo_says_what_the_po_says(po: Path) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(po))
    compiled.seek(0)
    expected = gettext.GNUTranslations(compiled)
    with po.with_suffix(".mo").open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert messages_of(expected), "the catalogue compiled to no messages at all"
    assert messages_of(shipped) == messages_of(expected), "run scripts/update-catalogues"


@pytest.mark.parametrize("po", PO_FILES, ids=lambda path: path.parent.parent.name)
def test_every_marked_string_is_in_the_catalogue(po: Path) -> None:
    extracted = extract_from_dir(str(PACKAGE), keywords=KEYWORDS, comment_tags=())
    in_code = {singular(message) for _file, _line, message, _comments, _context in extracted}
    in_catalogue = {singular(message.id) for message in translated(catalogue(po))}
    assert sorted(in_code - in_catalogue) == [], "run scripts/update-catalogues and translate the new strings"


def test_argparse_words_are_argparse_s_own() -> None:
    """A word argparse does not use (or spells differently in this Python) would never show."""
    source = inspect.getsource(argparse)
    assert [word for word in ARGPARSE_WORDS if repr(word) not in source and f'"{word}"' not in source] == []
