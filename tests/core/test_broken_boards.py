"""Every open game's board broken each way an adversary tries first is refused with a
BoardFormatError naming the problem; and any board text at all, however mangled, either reads
as a position of the game (its columns, its cells, 52 different cards, Baker's Dozen's Kings
beneath the other cards) or is refused with one line, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.cards import DECK, KING
from eightoff.core.errors import BoardFormatError
from eightoff.core.notation import parse_board
from eightoff.core.variants import PRESETS
from tests.core.broken_boards import OPEN_GAMES, broken, cases, printed


@pytest.mark.parametrize(("key", "name"), cases())
def test_each_way_of_breaking_a_board_is_refused_and_named(key: str, name: str) -> None:
    text, words = broken(key, name)
    with pytest.raises(BoardFormatError) as refused:
        parse_board(text, PRESETS[key])
    assert words in str(refused.value) and "\n" not in str(refused.value)


TOKENS = st.sampled_from(["-", ":", "[", "]", "Freecells:", "Foundations:", "H-A", "S-K", "C-0", "KS", "AH",
                          "10D", "QC", "2S", "\n", " ", "\x00", "\ufeff", "é"])


@st.composite
def mangled(draw: st.DrawFn) -> tuple[str, str]:
    """A game and one of its deals' text with a few tokens, lines or characters changed."""
    key = draw(st.sampled_from(OPEN_GAMES))
    words = "\n".join(printed(key, draw(st.integers(1, 40)))).split(" ")
    for _change in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(words)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "swap"]))
        if kind == "insert":
            words.insert(at, draw(TOKENS | st.text(max_size=4)))
        elif at < len(words) and kind == "delete":
            del words[at]
        elif at < len(words) and kind == "replace":
            words[at] = draw(TOKENS | st.text(max_size=4))
        elif at + 1 < len(words):
            words[at], words[at + 1] = words[at + 1], words[at]
    return key, " ".join(words)


@settings(max_examples=300, deadline=None)
@given(mangled())
def test_a_mangled_board_reads_as_a_position_of_the_game_or_is_refused_in_one_line(
    case: tuple[str, str]
) -> None:
    key, text = case
    rules = PRESETS[key]
    try:
        position = parse_board(text, rules)
    except BoardFormatError as error:
        assert str(error) and len(str(error).splitlines()) == 1
        return
    assert len(position.columns) == rules.columns and len(position.cells) == rules.cells
    cards = [card for column in position.columns for card in column] + [c for c in position.cells if c]
    homes = [card for card in DECK if card.rank <= position.foundations[card.suit]]
    assert sorted(cards + homes) == sorted(DECK)
    if rules.kings_to_bottom:
        for column in position.columns:
            ranks = [card.rank == KING for card in column]
            assert ranks == sorted(ranks, reverse=True), column
