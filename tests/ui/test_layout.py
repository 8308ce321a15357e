"""The layout is pure geometry: checked for many window sizes without a display."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from eightoff.core.cards import DECK, Suit
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, FREECELL, STANDARD
from eightoff.ui.layout import CARD_ASPECT, MIN_WINDOW, compute_layout

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
