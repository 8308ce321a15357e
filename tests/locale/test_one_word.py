"""One Italian word per meaning: Undo ("Indietro") is never Cancel ("Annulla"), wherever either
is said, so the dead-end dialog's default button cannot be read as closing it."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from eightoff.locale import LOCALE_DIR


def italian() -> dict[str, str]:
    with (Path(LOCALE_DIR) / "it" / "LC_MESSAGES" / "eightoff.po").open("rb") as file:
        catalogue = read_po(file)
    texts = {}
    for message in catalogue:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            texts[ids[0]] = " ".join(strings)
    return texts


def test_undo_and_cancel_are_two_words() -> None:
    texts = italian()
    assert texts["Undo"] == "Indietro" and texts["Cancel"] == "Annulla"
    undo = {english: text for english, text in texts.items() if "undo" in english.lower()}
    assert len(undo) >= 3
    assert [english for english, text in undo.items() if "annull" in text.lower()] == []
    cancel = {english: text for english, text in texts.items() if "cancel" in english.lower()}
    assert [english for english, text in cancel.items() if "indietro" in text.lower()] == []
