"""The real program in a real window on Xvfb: xdotool drags and clicks as a player would,
`--log-moves` says what the game made of them, and the X server's own pixels show the table
drawn where `--print-layout` says it is; Eight Off's columns, and Beleaguered Castle's rows
fanned rightwards on either side of the foundations."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from eightoff.core.cards import Card
from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.notation import format_move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import STANDARD, preset
from tests.ui.xwindow import (
    GameProcess,
    Screenshot,
    grab_screen,
    missing_tools,
    virtual_screen,
    xdotool,
    xdrag,
)

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    pytest.mark.skipif(bool(missing_tools()),
                       reason=f"needs {', '.join(missing_tools())} (apt install xvfb xdotool)"),
]

AUTOPLAY = Preferences().autoplay
"""The window starts with default preferences: EIGHTOFF_HOME is an empty folder."""


def dealt(number: int, rules: Rules = STANDARD) -> Game:
    """Deal `number` as the window shows it: settled by auto-play when that is on."""
    game = Game.new(number, rules)
    if AUTOPLAY:
        game.settle()
    return game


def run_move(position: Position) -> tuple[int, Move] | None:
    """The longest column-to-column move in `position`, if it moves two cards or more."""
    moves = [m for m in position.legal_moves(STANDARD)
             if m.source.kind is m.destination.kind is PileKind.COLUMN and m.count >= 2]
    return max(((m.count, m) for m in moves), default=None)


def deal_with_a_run_to_drag() -> tuple[int, Move]:
    for number in range(1, 500):
        found = run_move(dealt(number).position)
        if found is not None:
            return number, found[1]
    raise AssertionError("no deal below 500 starts with a run to move")


def piles_of(layout: dict[str, Any]) -> dict[str, list[str]]:
    return {name: [card for card, _ in pile["cards"]] for name, pile in layout.items()}


def expected_piles(position: Position, rules: Rules = STANDARD) -> dict[str, list[str]]:
    piles = [*map(Pile.foundation, range(4)), *map(Pile.cell, range(rules.cells)),
             *map(Pile.column, range(rules.columns))]
    return {pile.name: [str(card) for card in position.cards(pile)] for pile in piles}


def click_a_top_card(game: GameProcess, core: Game, layout: dict[str, Any]) -> None:
    """Click the first column whose top card the game's click moves (home, else to the leftmost
    free cell): the window makes the same move as `core`, and shows the same piles."""
    column, move = next((pile, move) for pile in map(Pile.column, range(core.rules.columns))
                        if (move := core.click_move(pile)) is not None)
    x, y, w, h = layout[column.name]["cards"][-1][1]
    game.click(x + w // 2, y + h // 2)
    step = core.play(move, autoplay=AUTOPLAY)
    layout, printed = game.next_layout()
    assert printed == [format_move(m) for m in step.moves]
    assert piles_of(layout) == expected_piles(core.position, core.rules)


@pytest.fixture
def display() -> Iterator[str]:
    with virtual_screen(1600, 1000) as name:
        yield name


@pytest.fixture
def started(display: str, tmp_path: Path) -> Iterator[tuple[GameProcess, int, Move]]:
    number, move = deal_with_a_run_to_drag()
    game = GameProcess(display, tmp_path, "--deal", str(number), "--log-moves", "--print-layout")
    try:
        yield game, number, move
    finally:
        game.stop()


def test_drag_and_click_with_xdotool(started: tuple[GameProcess, int, Move]) -> None:
    game, number, run = started
    core = dealt(number)
    layout, _ = game.next_layout()
    assert piles_of(layout) == expected_piles(core.position)
    game.find_window()
    left, top = game.origin()

    # (a) Drag the run by its lowest card onto the target column's top card.
    source = layout[run.source.name]["cards"]
    x, y, w, _ = source[len(source) - run.count][1]
    grip = (left + x + w // 2, top + y + 6)
    tx, ty, _, _ = layout[run.destination.name]["cards"][-1][1]
    drop = (left + tx + w // 2, top + ty + 6 + 30)
    xdrag(game.display, grip, drop)
    step = core.play(run, autoplay=AUTOPLAY)
    layout, printed = game.next_layout()
    assert printed == [format_move(m) for m in step.moves]
    assert printed[0] == format_move(run)
    assert piles_of(layout) == expected_piles(core.position)

    # (b) Click a column's top card: it goes home or to the leftmost free cell.
    click_a_top_card(game, core, layout)

    # Ctrl+Q quits cleanly (the pointer is over the window, which has the focus without a WM).
    xdotool(game.display, "key", "ctrl+q")
    assert game.process.wait(timeout=20) == 0
    errors = game.stderr()
    assert "Traceback" not in errors, errors


def test_the_screen_shows_the_table_where_the_layout_says(started: tuple[GameProcess, int, Move]) -> None:
    from eightoff.ui.layout import compute_layout

    game, _, _ = started
    layout, _ = game.next_layout()
    game.find_window()
    assert_screen_shows(game, layout)
    # The window manager's way of resizing: the game lays out again and says so.
    xdotool(game.display, "windowsize", game.window, "1000", "700")
    resized, _ = game.next_layout()
    expected = compute_layout(1000, 700, STANDARD)
    assert {name: pile["rect"] for name, pile in resized.items()} == {
        pile.name: list(box) for pile, box in expected.piles.items()}
    assert piles_of(resized) == piles_of(layout)
    assert_screen_shows(game, resized)


def assert_screen_shows(game: GameProcess, layout: dict[str, Any]) -> None:
    from eightoff.ui.faces import card_faces
    from eightoff.ui.theme import FELT

    left, top = game.origin()
    rects = [pile["rect"] for pile in layout.values()]
    right = max(x + w for x, _, w, _ in rects)
    bottom = max(y + h for _, y, _, h in rects)
    screen = grab_screen(game.display, left, top, right + 20, bottom + 20)
    width, height = layout["cell0"]["rect"][2:]
    faces = card_faces(width, height)

    # Every card with nothing on it shows its face, pixel for pixel, at its place.
    tops = [pile["cards"][-1] for pile in layout.values() if pile["cards"]]
    assert len(tops) >= 12
    for name, box in tops:
        assert face_mismatch(screen, box, faces.face(Card.parse(name))) < 0.01, name

    # An empty cell is its outline: the felt darkened by the slot's translucent fill.
    empty = [pile["rect"] for name, pile in layout.items() if name.startswith("cell") and not pile["cards"]]
    assert empty
    slot = faces.slot("").get_at((width // 2, height // 2))
    alpha = slot.a / 255
    outline = tuple(round(c * alpha + f * (1 - alpha)) for c, f in zip(slot[:3], FELT, strict=True))
    assert outline != FELT
    for x, y, w, h in empty:
        centre = screen.pixel(x + w // 2, y + h // 2)
        assert close(centre, outline), (centre, outline)

    # Between the piles: the felt.
    foundation, cell = layout["foundation0"]["rect"], layout["cell0"]["rect"]
    between = [((foundation[0] + foundation[2] + cell[0]) // 2, cell[1] + cell[3] // 2)]
    for index in range(7):
        a, b = layout[f"column{index}"]["rect"], layout[f"column{index + 1}"]["rect"]
        between.append(((a[0] + a[2] + b[0]) // 2, a[1] + a[3] // 2))
    for point in between:
        assert screen.pixel(*point) == FELT, point


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def face_mismatch(screen: Screenshot, box: list[int], face: Any) -> float:
    """The share of the card's opaque inside (rounded corners left out) whose screen pixel is
    not the face's."""
    x, y, w, h = box
    inset = w // 8
    points = [(i, j) for j in range(inset, h - inset, 2) for i in range(inset, w - inset, 2)]
    wrong = sum(not close(screen.pixel(x + i, y + j), tuple(face.get_at((i, j)))[:3]) for i, j in points)
    return wrong / len(points)


CASTLE = preset("beleaguered-castle")


def across_the_middle(game: Game) -> Move | None:
    """A move from a left row (1-4) onto a right row (5-8) whose source row has a covered card
    (so the card dragged is not the row's only one), if the deal has one."""
    position = game.position
    for move in position.legal_moves(CASTLE):
        rows = move.source.kind is move.destination.kind is PileKind.COLUMN
        if (rows and move.source.index < 4 <= move.destination.index and len(position.cards(move.source)) > 1
                and position.cards(move.destination)):
            return move
    return None


def test_a_card_dragged_across_the_foundations_lands_on_the_row_and_a_click_plays_one(tmp_path: Path) -> None:
    number, move = next((n, m) for n in range(1, 300)
                        if (m := across_the_middle(dealt(n, CASTLE))) is not None)
    core = dealt(number, CASTLE)
    with virtual_screen(1600, 1000) as display:
        game = GameProcess(display, tmp_path, "--deal", str(number), "--rules", CASTLE.name, "--log-moves",
                           "--print-layout")
        try:
            layout, _ = game.next_layout()
            assert [card for card, _ in layout[move.source.name]["cards"]] == [
                str(card) for card in core.position.cards(move.source)]
            game.find_window()
            left, top = game.origin()
            source = layout[move.source.name]["cards"]
            (x, y, w, h), (under_x, _, _, _) = source[-1][1], source[-2][1]
            assert x > under_x, "the row fans rightwards"
            grip = (left + x + w // 2, top + y + h // 2)
            tx, ty, tw, th = layout[move.destination.name]["cards"][-1][1]
            drop = (left + tx + tw // 2 + 20, top + ty + th // 2)
            xdrag(display, grip, drop)
            step = core.play(move, autoplay=AUTOPLAY)
            layout, printed = game.next_layout()
            assert printed == [format_move(m) for m in step.moves]
            moved = layout[move.destination.name]["cards"]
            assert moved[-1][0] == str(core.position.cards(move.destination)[-1])
            assert moved[-1][1][0] > moved[-2][1][0] and moved[-1][1][1] == moved[-2][1][1]

            click_a_top_card(game, core, layout)  # a row's top card, clicked where it lies
        finally:
            game.stop()
