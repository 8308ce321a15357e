"""Choosing the language: gettext's order of variables, and the player's preference over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from eightoff.core import i18n
from eightoff.locale import available_languages, choose_language, install_language, language_code


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    yield
    install_language("en")


def test_italian_is_available_besides_the_source_language() -> None:
    assert available_languages()[0] == "en" and "it" in available_languages()


@pytest.mark.parametrize(
    ("name", "code"),
    [("it_IT.UTF-8", "it"), ("it_CH@euro", "it"), ("it", "it"), ("en_GB.UTF-8", "en"), ("C", "en"),
     ("C.UTF-8", "en"), ("POSIX", "en"), ("pt-BR", "pt")],
)
def test_language_code(name: str, code: str) -> None:
    assert language_code(name) == code


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "C"}, "en"),
        ({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "en_US.UTF-8"}, "it"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "en"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "C"}, "it"),
        ({"LANGUAGE": "it", "LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "C", "LANG": "C"}, "it"),
        ({"LANGUAGE": "en", "LC_ALL": "it_IT.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:it:en", "LANG": "C"}, "it"),
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "it_IT.UTF-8"}, "it"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "it_IT.UTF-8"}, "en"),
    ],
)
def test_the_first_variable_set_decides(environ: dict[str, str], language: str) -> None:
    """LANGUAGE, then LC_ALL, LC_MESSAGES, LANG; one we have no catalogue for means English."""
    assert choose_language(None, environ) == language
    assert choose_language("system", environ) == language


@pytest.mark.parametrize("preference", ["en", "it"])
def test_a_preference_overrides_the_system(preference: str) -> None:
    for environ in ({}, {"LANGUAGE": "it"}, {"LANG": "en_US.UTF-8"}):
        assert choose_language(preference, environ) == preference


def test_a_preference_for_a_language_we_lack_follows_the_system() -> None:
    assert choose_language("klingon", {"LANG": "it_IT.UTF-8"}) == "it"


def test_install_switches_every_later_call(english_afterwards: None) -> None:
    install_language("it")
    assert i18n._("Undo") == "Indietro"
    assert i18n.ngettext("{count} move", "{count} moves", 2).format(count=2) == "2 mosse"
    install_language("en")
    assert i18n._("Undo") == "Undo"
