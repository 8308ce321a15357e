"""The layout is pure geometry: checked for many window sizes without a display."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from eightoff.core.cards import DECK, Suit
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, FREECELL, STANDARD, VARIANTS, Arrangement, preset
from eightoff.ui.layout import (
    CARD_ASPECT,
    CASTLE_ROW_CARDS,
    FAN_ROW_CARDS,
    MIN_WINDOW,
    ROW_FAN_RATIO,
    ROW_STEP_MOST,
    compute_layout,
)

sizes = st.tuples(st.integers(MIN_WINDOW[0], 3840), st.integers(MIN_WINDOW[1], 2160))


@given(sizes, st.sampled_from([STANDARD, EASY, FREECELL]))
def test_piles_fit_the_table_and_do_not_overlap(size: tuple[int, int], rules: Rules) -> None:
    layout = compute_layout(*size, rules)
    slots = list(layout.piles.values())
    assert len(slots) == 4 + rules.cells + rules.columns
    width, height = layout.card
    assert abs(height / width - CARD_ASPECT) < 0.02
    for index, slot in enumerate(slots):
        assert layout.table.x <= slot.x and slot.right <= layout.table.right
        assert layout.table.y <= slot.y and slot.bottom <= layout.table.bottom
        assert all(slot.overlap(other) == 0 for other in slots[index + 1:])


@given(sizes)
def test_foundations_down_the_left_cells_across_the_top(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, STANDARD)
    foundations = [layout.piles[Pile.foundation(suit)] for suit in Suit]
    cells = [layout.piles[Pile.cell(i)] for i in range(8)]
    columns = [layout.piles[Pile.column(i)] for i in range(8)]
    assert len({box.x for box in foundations}) == 1
    assert [box.y for box in foundations] == sorted(box.y for box in foundations)
    assert all(f.right < c.x for f in foundations for c in cells + columns)
    assert len({box.y for box in cells}) == 1
    assert all(cell.bottom < column.y for cell in cells for column in columns)
    assert [box.x for box in cells] == [box.x for box in columns]


@given(sizes, st.integers(1, 52))
def test_a_long_column_tightens_and_stays_in_the_window(size: tuple[int, int], count: int) -> None:
    layout = compute_layout(*size, STANDARD)
    boxes = layout.card_boxes(Pile.column(3), count)
    assert boxes[-1].bottom <= layout.table.bottom
    steps = {b.y - a.y for a, b in zip(boxes, boxes[1:], strict=False)}
    assert all(step <= layout.fan for step in steps)
    if count <= 6:
        assert steps <= {layout.fan}


def test_every_card_has_a_place_and_the_record_lists_them() -> None:
    from eightoff.core.deals import deal
    from eightoff.ui.layout import layout_record

    position: Position = deal(1, STANDARD)
    layout = compute_layout(1280, 800, STANDARD)
    places = layout.places(position)
    assert set(places) == set(DECK)
    record = layout_record(layout, position)
    assert sum(len(pile["cards"]) for pile in record.values()) == 52
    assert record["column0"]["rect"] == list(layout.piles[Pile.column(0)])


def test_a_drop_goes_to_the_pile_covered_most() -> None:
    layout = compute_layout(1280, 800, STANDARD)
    column = layout.piles[Pile.column(2)]
    neighbour = layout.piles[Pile.column(3)]
    dragged = column.moved(column.x + column.w // 3, layout.table.bottom - column.h - 5)
    assert layout.best_drop(dragged) == Pile.column(2)
    dragged = column.moved(neighbour.x - column.w // 3, column.y + 200)
    assert layout.best_drop(dragged) == Pile.column(3)
    assert layout.best_drop(column.moved(0, layout.table.bottom + 100)) is None
    cell = layout.piles[Pile.cell(5)]
    assert layout.best_drop(cell.moved(cell.x + 10, cell.y + 10)).kind is PileKind.CELL


GAMES = sorted(VARIANTS)


@given(sizes, st.sampled_from(GAMES), st.booleans(), st.floats(1.2, 1.6))
@example((987, 600), "bakers-dozen", True, 1.25)  # thirteen gaps rounded up: a pixel past the edge
def test_every_game_s_piles_and_drop_areas_fit_the_table_apart(size: tuple[int, int], game_key: str,
                                                             large: bool, aspect: float) -> None:
    """Whatever the arrangement and the theme's card proportions: each slot and each column's
    area inside the table, cards of the theme's shape, no two slots and no two drop areas
    overlapping (a drop could land on the wrong pile)."""
    rules = preset(game_key)
    layout = compute_layout(*size, rules, large, card_aspect=aspect)
    assert abs(layout.card[1] / layout.card[0] - aspect) < 0.02
    assert len(layout.piles) == 4 + rules.cells + rules.reserve + rules.columns
    areas = [layout.drop_area(pile) for pile in layout.piles]
    for index, area in enumerate(areas):
        assert layout.table.x <= area.x and area.right <= layout.table.right
        assert layout.table.y <= area.y and area.bottom <= layout.table.bottom
        assert all(area.overlap(other) == 0 for other in areas[index + 1:]), list(layout.piles)[index]


def castle_keys() -> list[str]:
    return [key for key, entry in VARIANTS.items() if entry.arrangement is Arrangement.CASTLE]


def test_the_castle_games_and_fan_name_their_tables_in_the_registry() -> None:
    assert {"beleaguered-castle", "streets-and-alleys", "citadel"} <= set(castle_keys())
    assert VARIANTS["fan"].arrangement is Arrangement.FANS
    assert VARIANTS["bakers-dozen"].arrangement is VARIANTS["standard"].arrangement is Arrangement.COLUMNS


@given(sizes, st.sampled_from(castle_keys()))
def test_castle_foundations_down_the_middle_rows_on_either_side(size: tuple[int, int], game_key: str) -> None:
    """PySolFC's table: rows 1-4 on the left top to bottom, 5-8 on the right, the foundations
    in one column between them, each row level with a foundation."""
    rules = preset(game_key)
    layout = compute_layout(*size, rules)
    foundations = [layout.piles[Pile.foundation(suit)] for suit in Suit]
    half = rules.columns // 2
    rows = [layout.piles[Pile.column(index)] for index in range(rules.columns)]
    assert len({box.x for box in foundations}) == 1
    assert [box.y for box in rows[:half]] == [box.y for box in rows[half:]] == [box.y for box in foundations]
    middle = foundations[0]
    assert all(layout.drop_area(Pile.column(index)).right < middle.x for index in range(half))
    assert all(box.x > middle.right for box in rows[half:])
    assert len({box.x for box in rows[:half]}) == 1 and len({box.x for box in rows[half:]}) == 1
    reading = [*(Pile.column(i) for i in range(half)), *(Pile.foundation(s) for s in Suit)]
    assert list(layout.piles)[:half + 4] == reading


@given(sizes, st.sampled_from(["beleaguered-castle", "fan"]), st.integers(1, 30), st.integers(0, 17))
@example((912, 600), "fan", 3, 0)
def test_a_row_tightens_when_long_then_wraps_and_stays_in_its_area(
        size: tuple[int, int], game_key: str, count: int, index: int) -> None:
    """A long row tightens down to the step that still shows each corner index, then goes on
    a fan lower from its start, as text wraps; the longest row the rules allow stays inside."""
    rules = preset(game_key)
    layout = compute_layout(*size, rules)
    pile = Pile.column(index % rules.columns)
    boxes = layout.card_boxes(pile, min(count, rules.longest_column))
    slot = layout.piles[pile]
    lines = [boxes[start:start + layout.row_cards] for start in range(0, len(boxes), layout.row_cards)]
    assert all({box.y for box in line} == {slot.y + number * layout.fan} for number, line in enumerate(lines))
    assert all(line[0].x == slot.x for line in lines)
    steps = {b.x - a.x for line in lines for a, b in zip(line, line[1:], strict=False)}
    assert math.ceil(layout.card[0] * ROW_FAN_RATIO) <= layout.row_fan <= layout.card[0] * ROW_STEP_MOST + 1
    assert all(math.ceil(layout.card[0] * ROW_FAN_RATIO) <= step <= layout.row_fan for step in steps)
    area = layout.drop_area(pile)
    assert all(area.union(box) == area for box in boxes)
    if count <= 3:  # a fan as dealt, a castle row shorter than dealt: every index shows in full
        assert steps <= {layout.row_fan}


@given(sizes)
def test_fan_lays_eighteen_fans_in_three_lines_of_six_under_the_foundations(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, preset("fan"))
    foundations = [layout.piles[Pile.foundation(suit)] for suit in Suit]
    fans = [layout.piles[Pile.column(index)] for index in range(18)]
    assert len({box.y for box in foundations}) == 1
    lines = [fans[start:start + 6] for start in range(0, 18, 6)]
    assert all(len({box.y for box in line}) == 1 for line in lines)
    assert foundations[0].bottom < lines[0][0].y < lines[1][0].y < lines[2][0].y
    assert all([box.x for box in line] == sorted(box.x for box in line) for line in lines)


def test_a_drop_over_a_row_s_cards_goes_to_that_row() -> None:
    layout = compute_layout(1280, 800, preset("beleaguered-castle"))
    row = layout.card_boxes(Pile.column(1), 9)[-1]
    assert layout.best_drop(row.moved(row.x + 5, row.y + 8)) == Pile.column(1)
    right = layout.card_boxes(Pile.column(6), 12)[-1]
    assert layout.best_drop(right.moved(right.x - 5, right.y - 8)) == Pile.column(6)
    middle = layout.piles[Pile.foundation(Suit.HEARTS)]
    assert layout.best_drop(middle.moved(middle.x + 4, middle.y + 4)) == Pile.foundation(Suit.HEARTS)


@pytest.mark.parametrize("game_key", ["fan", *castle_keys()])
def test_a_row_as_dealt_shows_every_index_at_the_full_step_at_every_width(game_key: str) -> None:
    """The step is rounded up so each corner index shows whole; at some widths that rounding
    once left a dealt row a pixel short, so it tightened and cut the indices."""
    rules = preset(game_key)
    dealt = FAN_ROW_CARDS if game_key == "fan" else CASTLE_ROW_CARDS
    for width in range(800, 1921):
        layout = compute_layout(width, 600, rules)
        for index in range(rules.columns):
            assert layout.step(Pile.column(index), dealt) == layout.row_fan, (width, index)
