"""Each game names its tableau piles as its own Help does, wherever the player reads of them:
Fan's fans, the Castle games' rows, everyone else's columns; in English and in Italian."""

from __future__ import annotations

import dataclasses
import re

import pytest

from eightoff.core.errors import IllegalMove
from eightoff.core.piles import Pile
from eightoff.core.position import Position, pile_from, pile_in, pile_name, pile_to
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS, VARIANTS, variant
from eightoff.core.variants.variant import COLUMNS, FANS, ROWS
from eightoff.locale import install_language
from tests.core.test_open_games import board_of, cards

NOUNS = {COLUMNS: "column", ROWS: "row", FANS: "fan"}


def test_the_games_name_their_piles_as_their_players_do() -> None:
    named = {key: NOUNS[entry.piles] for key, entry in VARIANTS.items()}
    assert named["fan"] == "fan"
    assert {key for key, noun in named.items() if noun == "row"} == {
        "beleaguered-castle", "streets-and-alleys", "citadel"}
    assert named["bakers-dozen"] == named["standard"] == "column"


@pytest.mark.parametrize("key", list(VARIANTS))
def test_help_and_summary_use_the_games_own_word_for_its_piles_and_no_other(key: str) -> None:
    entry = variant(key)
    text = " ".join((entry.summary, *entry.help_paragraphs)).lower()
    own = NOUNS[entry.piles]
    assert re.search(rf"\b{own}s?\b", text), f"{key}'s Help never names its {own}s"
    for other in set(NOUNS.values()) - {own}:
        assert not re.search(rf"\b{other}s?\b", text.replace("row by row", "")), f"{key}'s Help says {other}"


@pytest.mark.parametrize(("rules", "noun"), [
    (PRESETS["fan"], "fan"),
    # The solver's tests and a board under study use rule sets the registry does not name; a
    # refusal for them is still the refusal, in columns, never an unknown-rules error.
    (dataclasses.replace(PRESETS["fan"], name="fan, by hand"), "column"),
])
def test_a_fan_is_named_by_its_game_in_refusals_and_names(rules: Rules, noun: str) -> None:
    position = board_of("fan", ["KS QS", "5H", "", "7D"])
    assert pile_name(Pile.column(2), rules) == f"{noun} 3"
    with pytest.raises(IllegalMove, match=f"^Only a King can fill an empty {noun}$"):
        position.find_move(rules, Pile.column(1), Pile.column(2))
    with pytest.raises(IllegalMove, match=f"^There is no card in {noun} 3$"):
        position.find_move(rules, Pile.column(2), Pile.column(0))
    assert pile_name(Pile.column(2), PRESETS["standard"]) == "column 3"


def test_a_castle_row_is_named_a_row_in_refusals_and_names() -> None:
    rules = PRESETS["streets-and-alleys"]
    full = board_of("streets-and-alleys", ["9H", "8C 7D", "KS", "KH", "KD", "KC", "QS", "QH"])
    with pytest.raises(IllegalMove, match="^Moving 2 cards needs more room: with 0 empty rows at most 1 "
                                          "can move$"):
        full.find_move(rules, Pile.column(1), Pile.column(0), 2)
    assert full.lift(rules, Pile.column(1), full.columns[1][0]).refusal == (
        "Moving 2 cards needs more room: with 0 empty rows at most 1 can move")
    assert pile_name(Pile.column(7), rules) == "row 8"


def test_the_piles_names_in_italian() -> None:
    install_language("it")
    try:
        assert pile_name(Pile.column(2), PRESETS["fan"]) == "ventaglio 3"
        assert pile_name(Pile.column(0), PRESETS["citadel"]) == "fila 1"
        assert pile_name(Pile.column(0), PRESETS["bakers-dozen"]) == "colonna 1"
        position = board_of("fan", ["KS QS", "5H", ""])
        with pytest.raises(IllegalMove, match="^Solo un Re può occupare un ventaglio vuoto$"):
            position.find_move(PRESETS["fan"], Pile.column(1), Pile.column(2))
    finally:
        install_language("en")



def test_italian_joins_the_preposition_to_each_piles_article() -> None:
    """'to'/'from' a pile are whole phrases: Italian says 'nel ventaglio', 'dalla colonna',
    'sulla base', never 'in ventaglio' or 'da colonna' (a bare name after a preposition)."""
    cases = [(Pile.column(2), PRESETS["fan"], "nel ventaglio 3", "dal ventaglio 3"),
             (Pile.column(0), PRESETS["citadel"], "nella fila 1", "dalla fila 1"),
             (Pile.column(0), PRESETS["bakers-dozen"], "nella colonna 1", "dalla colonna 1"),
             (Pile.cell(1), PRESETS["forecell"], "nella cella 2", "dalla cella 2"),
             (Pile.reserve(0), PRESETS["raglan"], "nella casella 1 della riserva",
              "dalla casella 1 della riserva"),
             (Pile.foundation(2), PRESETS["fan"], "sulla base di cuori", "dalla base di cuori")]
    install_language("it")
    try:
        assert [(pile_to(pile, rules), pile_from(pile, rules)) for pile, rules, *_ in cases] == [
            (to, source) for *_, to, source in cases]
    finally:
        install_language("en")
    assert (pile_to(Pile.column(2), PRESETS["fan"]), pile_from(Pile.foundation(2), PRESETS["fan"])) == (
        "to fan 3", "from the hearts foundation")


def test_italian_refusals_say_where_with_the_article() -> None:
    """A refusal that says where a card is not takes the article as 'to' and 'from' do: 'non
    ci sono carte nel ventaglio 3', 'nella cella 7 c'è già', never 'in ventaglio 3'."""
    fan = board_of("fan", ["KS QS", "5H", "", "7D"])
    install_language("it")
    try:
        assert [pile_in(pile, rules) for pile, rules in [
            (Pile.column(2), PRESETS["fan"]), (Pile.column(0), PRESETS["citadel"]),
            (Pile.cell(1), PRESETS["forecell"]), (Pile.reserve(0), PRESETS["raglan"]),
            (Pile.foundation(2), PRESETS["fan"])]] == [
            "nel ventaglio 3", "nella fila 1", "nella cella 2", "nella casella 1 della riserva",
            "sulla base di cuori"]
        with pytest.raises(IllegalMove, match="^Non ci sono carte nel ventaglio 3$"):
            fan.find_move(PRESETS["fan"], Pile.column(2), Pile.column(0))
        with pytest.raises(IllegalMove, match="^C'è solo 1 carta nel ventaglio 2$"):
            fan.find_move(PRESETS["fan"], Pile.column(1), Pile.column(0), 2)
        cells = Position(board_of("standard", ["KS"]).columns, (*cards("2D 3D"), *(None,) * 6), (0, 0, 0, 0))
        with pytest.raises(IllegalMove, match="^Nella cella 1 c'è già il 2 di quadri$"):
            cells.find_move(PRESETS["standard"], Pile.cell(1), Pile.cell(0))
    finally:
        install_language("en")
    assert pile_in(Pile.column(2), PRESETS["fan"]) == "in fan 3"

