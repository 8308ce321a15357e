"""The longest piles a game allows keep every card readable: the games that fan their piles
rightwards as rows (the castle games, Fan) opened in the real window loop (SDL's dummy driver)
on a table whose rows are as long as the rules let them grow, at the smallest window and at
1920x1080, with the large-cards preference off and on, in each card design. Every covered card
shows its rank and its suit whole, where the face renderer draws them (no card drawn above
touches either, and each holds ink on the drawn face), and every card lies on the table between
the toolbar and the status line."""

from __future__ import annotations

import io

import pygame
import pytest

from eightoff.core.cards import DECK, Card
from eightoff.core.game import Game
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import VARIANTS, Arrangement, variant_of
from eightoff.ui.app import App
from eightoff.ui.designs import FACES
from eightoff.ui.faces import SMALLEST_MARK, CardFaces
from tests.ui.helpers import FakeClock

SIZES = [(800, 600), (1920, 1080)]
ROW_GAMES = sorted(key for key, entry in VARIANTS.items() if entry.arrangement is not Arrangement.COLUMNS)


def long_rows(rules: Rules, from_last: bool) -> Position:
    """The deck laid into the columns, each as long as the rules let a column grow, from the
    first column on (or from the last back), the rest empty: the longest rows side by side."""
    order = range(rules.columns)[::-1] if from_last else range(rules.columns)
    columns: list[tuple[Card, ...]] = [()] * rules.columns
    longest = rules.longest_column
    for number, index in enumerate(order):
        columns[index] = tuple(DECK[number * longest:(number + 1) * longest])
    return Position(tuple(columns), (None,) * rules.cells, (0, 0, 0, 0), (None,) * rules.reserve)


def opened(position: Position, rules: Rules, size: tuple[int, int], large: bool,
           design: str = "standard") -> App:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False, large_cards=large,
                           card_face=design)
    app = App.for_game(Game(rules, position), settings, size=size, out=io.StringIO(), now=FakeClock())
    app.pump()
    return app


def test_a_row_grows_to_a_whole_suit_on_its_longest_dealt_cards_but_one() -> None:
    """A card lands only on one a rank higher, or in an empty column: a column is some of its
    dealt cards under a run led by the top one, so at most a King to an Ace on the rest."""
    assert {key: VARIANTS[key].rules.longest_column for key in ROW_GAMES} == {
        "beleaguered-castle": 18, "citadel": 18, "fan": 15, "streets-and-alleys": 19}


def inked(face: pygame.Surface, box: pygame.Rect) -> bool:
    """Whether `box` of the drawn face holds a rank's or a suit's ink: strongly coloured or
    dark, not the paper or its edge."""
    pixels = (face.get_at((x, y)) for x in range(box.left, box.right) for y in range(box.top, box.bottom))
    return any(alpha > 128 and (max(rgb) - min(rgb) > 60 or max(rgb) < 120)
               for *rgb, alpha in pixels)


@pytest.mark.parametrize("design", sorted(FACES))
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("from_last", [False, True])
@pytest.mark.parametrize("game_key", ROW_GAMES)
def test_every_covered_card_of_the_longest_rows_shows_its_rank_and_suit(
        game_key: str, from_last: bool, size: tuple[int, int], large: bool, design: str) -> None:
    rules = VARIANTS[game_key].rules
    assert variant_of(rules).arrangement is not Arrangement.COLUMNS
    app = opened(long_rows(rules, from_last), rules, size, large, design)
    table, faces = app.table, app.table.faces
    assert type(faces) is CardFaces and faces.design == design
    drawn = table.sprites.resting()  # bottom layer first, as they are drawn
    assert len(drawn) == 52 and app.size == size
    on_table = pygame.Rect(table.layout.table)
    assert all(on_table.contains(sprite.rect) for sprite in drawn), "a card off the table"
    covered = 0
    for number, sprite in enumerate(drawn):
        if sprite.pile.kind is not PileKind.COLUMN:
            continue
        rank, suit = faces.index_boxes(sprite.card)
        face = faces.face(sprite.card)
        assert suit.height >= SMALLEST_MARK and rank.height >= SMALLEST_MARK
        above = [other.rect for other in drawn[number + 1:]]
        for name, box in (("rank", rank), ("suit", suit)):
            assert face.get_rect().contains(box) and inked(face, box), f"no {name} drawn in {box}"
            assert box.move(sprite.rect.topleft).collidelist(above) == -1, \
                f"{sprite.card} at depth {sprite.depth} hides its {name}"
        covered += sprite.rect.collidelist(above) != -1
    assert covered >= 52 - 2 * rules.columns  # the rows are long: most cards lie under another


@pytest.mark.parametrize("design", sorted(FACES))
def test_columns_fanned_downwards_keep_the_design_s_own_corner(design: str) -> None:
    """Only a table of rows fits the corner to a row's strip: a game whose columns fan
    downwards draws each design's faces as they are, pixel for pixel."""
    rules = VARIANTS["standard"].rules
    app = opened(long_rows(rules, False), rules, (800, 600), False, design)
    faces = app.table.faces
    assert app.table.layout.row_strip is None and faces.rows is None and not faces.layout.compact
    own = CardFaces(*faces.size, face=design)
    for card in (Card.parse("TH"), Card.parse("QS")):
        assert own.face(card).get_view("2").raw == faces.face(card).get_view("2").raw
