"""Every game is described in its own words: Help and every refusal, rendered for each game of
the registry in both languages, never name a pile kind or a way of moving the game does not
have (free cells, runs, a reserve). The games come from `VARIANTS`, so a new one is covered."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pygame
import pytest

from eightoff.core.cards import Suit
from eightoff.core.deals import deal
from eightoff.core.errors import IllegalMove
from eightoff.core.game import Game
from eightoff.core.notation import format_board
from eightoff.core.piles import Pile
from eightoff.core.rules import Rules, RunMoves
from eightoff.core.variants import VARIANTS
from eightoff.locale import install_language
from eightoff.ui.dialogs import Dialog, help_dialog
from tests.ui.helpers import key, make_app

WORDS = {
    "en": {"cell": r"\bcells?\b", "run": r"\bruns?\b", "reserve": r"\breserve\b"},
    "it": {"cell": r"\bcell[ae]\b", "run": r"\bsequenz[ae]\b", "reserve": r"\briserva\b"},
}
"""A pile kind or way of moving, as each language names it."""


def missing(rules: Rules) -> list[str]:
    """What `rules` do not have, among WORDS' keys."""
    absent = []
    if not rules.cells:
        absent.append("cell")
    if rules.run_moves is RunMoves.SINGLE_CARDS:
        absent.append("run")
    if not rules.reserve:
        absent.append("reserve")
    return absent


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    install_language(request.param)
    yield request.param
    install_language("en")


def piles(rules: Rules) -> list[Pile]:
    return [*map(Pile.column, range(rules.columns)), *map(Pile.cell, range(rules.cells)),
            *map(Pile.reserve, range(rules.reserve)), *map(Pile.foundation, Suit)]


def refusals(rules: Rules, deal: int) -> set[str]:
    """Every reason the game gives along a random playout: each move asked between any two
    piles with any count, and each card pressed."""
    game = Game.new(deal, rules)
    rng = random.Random(deal)
    said: set[str] = set()
    for _step in range(40):
        position = game.position
        for source in piles(rules):
            for destination in piles(rules):
                for count in (None, 1, 2, 3, 5):
                    try:
                        position.find_move(rules, source, destination, count)
                    except IllegalMove as refusal:
                        said.add(str(refusal))
            if source.kind.name == "COLUMN":
                for card in position.cards(source):
                    reason = position.lift(rules, source, card).refusal
                    if reason is not None:
                        said.add(reason)
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return said


@pytest.mark.parametrize("key", list(VARIANTS))
def test_help_and_refusals_use_only_the_games_own_words(key: str, language: str) -> None:
    rules = VARIANTS[key].rules
    app = make_app(format_board(deal(1, rules)), rules)
    texts = [*help_dialog(app, app.session).body_lines(), *refusals(rules, 101), *refusals(rules, 7)]
    assert len(texts) > 20
    found = [(word, text) for word in missing(rules) for text in texts
             if re.search(WORDS[language][word], text, re.IGNORECASE)]
    assert found == []


def test_raglan_refuses_two_cards_saying_it_moves_one_at_a_time() -> None:
    rules = VARIANTS["raglan"].rules
    said = refusals(rules, 101)
    assert "Raglan moves one card at a time" in said
    assert not any("free cells" in text for text in said)


def test_help_names_the_keys_in_the_language_of_its_sentences(language: str) -> None:
    """Italian Help says "Maiusc+1" in its sentences, so its shortcuts say "Ctrl+Maiusc+Z"."""
    app = make_app(language=language)
    key(app, pygame.K_F1)
    assert isinstance(app.top, Dialog)
    text = " ".join(app.top.lines)
    shift = {"en": "Shift", "it": "Maiusc"}[language]
    assert f"Ctrl+{shift}+Z" in text and f"{shift}+1" in text
    if language == "it":
        assert "Shift" not in text
