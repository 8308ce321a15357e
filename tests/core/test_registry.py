"""The registry as the one place a game is described: every entry is whole, and the two games
added through it alone (Baker's Game, Seahaven Towers) deal and play as their rules say."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from eightoff.core.cards import Card
from eightoff.core.deals import deal
from eightoff.core.errors import IllegalMove
from eightoff.core.notation import format_board
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.rules import Build, EmptyColumn, RunMoves
from eightoff.core.variants import (
    BAKERS,
    DEFAULT_KEY,
    FREECELL,
    OPTIONS,
    PRESETS,
    SEAHAVEN,
    VARIANTS,
    variant,
)
from eightoff.core.variants.variant import Variant

PYSOL_NAMES = {
    "bakers": "bakers_game",
    "seahaven": "seahaven_towers",
    "forecell": "forecell",
    "relaxed-freecell": "relaxed_freecell",
    "kings-only-bakers": "ko_bakers_game",
    "relaxed-seahaven": "relaxed_seahaven",
    "beleaguered-castle": "beleaguered_castle",
    "streets-and-alleys": "streets_and_alleys",
    "citadel": "citadel",
    "fan": "fan",
    "bakers-dozen": "bakers_dozen",
}
"""pysol-cards' names of the games it deals as PySolFC does."""


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_entry_is_whole(key: str) -> None:
    game = VARIANTS[key]
    assert game.key == game.rules.name == key
    assert game.title and game.summary and game.help_paragraphs
    assert game.options and all(option.key in OPTIONS for option in game.options)
    assert PRESETS[key] == game.configure(game.defaults())


def test_one_default_game() -> None:
    assert DEFAULT_KEY in VARIANTS


def test_raglans_takeback_is_on_by_default_and_the_others_off() -> None:
    defaults = {key: game.defaults()["takeback"] for key, game in VARIANTS.items()}
    assert defaults.pop("raglan") is True
    assert set(defaults.values()) == {False}
    assert PRESETS["raglan"].foundation_takeback and not PRESETS["freecell"].foundation_takeback


def test_unknown_and_missing_choices_take_the_defaults() -> None:
    raglan = variant("raglan")
    assert raglan.configure({"nonsense": True}) == PRESETS["raglan"]
    assert not raglan.configure({"takeback": False}).foundation_takeback
    assert raglan.choices_of(raglan.configure({"face_up": True})) == {"takeback": True, "face_up": True}


def test_bakers_game_is_freecell_built_in_suit() -> None:
    assert BAKERS.build is Build.SAME_SUIT
    assert (BAKERS.cells, BAKERS.column_lengths, BAKERS.empty_column, BAKERS.run_moves) == (
        FREECELL.cells, FREECELL.column_lengths, FREECELL.empty_column, FREECELL.run_moves)


def test_seahaven_towers_rules() -> None:
    assert SEAHAVEN.column_lengths == (5,) * 10 and SEAHAVEN.cells == 4
    assert (SEAHAVEN.build, SEAHAVEN.empty_column, SEAHAVEN.run_moves) == (
        Build.SAME_SUIT, EmptyColumn.KINGS, RunMoves.CELLS_ONLY)
    for number in (1, 617, 40000):
        position = deal(number, SEAHAVEN)
        assert position.cells[0] is None and position.cells[3] is None
        assert None not in position.cells[1:3]


@pytest.mark.parametrize("key", sorted(PYSOL_NAMES))
@pytest.mark.parametrize("number", [1, 2, 617, 11982, 31999, 32001, 123456789])
def test_deals_are_pysolfcs(key: str, number: int) -> None:
    pysol = PysolGame(PYSOL_NAMES[key], number, RandomBase.DEALS_PYSOLFC)
    expected = str(pysol.calc_layout_string(CardRenderer(True)))
    lines = format_board(deal(number, PRESETS[key])).splitlines()
    for index, line in enumerate(lines):
        if line.startswith("Freecells:"):  # pysol-cards prints cells up to the last card dealt
            if line.split()[1:].count("-") < 4:
                lines[index] = line.rstrip(" -")
            else:
                del lines[index]
    assert lines == expected.splitlines()


def test_seahaven_empty_column_takes_only_a_king() -> None:
    queen, king = Card.parse("QH"), Card.parse("KH")
    position = Position(((), (queen,), (king,)) + ((),) * 7, (None,) * 4, (0, 0, 0, 0))
    rules = SEAHAVEN
    with pytest.raises(IllegalMove):
        position.find_move(rules, Pile.column(1), Pile.column(0), 1)
    assert position.find_move(rules, Pile.column(2), Pile.column(0), 1).count == 1


def test_a_saved_game_with_an_option_its_game_lacks_is_refused() -> None:
    freecell = variant("freecell")
    assert freecell.configure_exactly({"takeback": True}).foundation_takeback
    with pytest.raises(ValueError, match="FreeCell has no rule option face_up"):
        freecell.configure_exactly({"face_up": True})
    with pytest.raises(ValueError, match="true or false"):
        freecell.configure_exactly({"takeback": "yes"})  # type: ignore[dict-item]


def test_the_architecture_notes_name_every_field_of_a_registry_entry() -> None:
    """docs/architecture.md lists what a registry entry holds; a field added to `Variant` is
    added there too."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## The registry", 1)[1].split("\n## ", 1)[0]
    assert [field.name for field in fields(Variant) if f"`{field.name}`" not in section] == []
