"""The card artwork: right sizes, distinct and legible faces, suit colours, caching, shape."""

from __future__ import annotations

import pygame
import pytest

from eightoff.core.cards import ACE, DECK, JACK, KING, QUEEN, Card, Suit
from eightoff.core.rules import Rules
from eightoff.core.variants import FREECELL, STANDARD
from eightoff.ui.faces import CardFaces, card_faces
from eightoff.ui.layout import FAN_RATIO, compute_layout

SIZES = [(60, 84), (100, 140), (200, 280)]


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def centre(surface: pygame.Surface) -> pygame.Color:
    width, height = surface.get_size()
    return surface.get_at((width // 2, height // 2))


@pytest.mark.parametrize("size", SIZES)
def test_everything_renders_at_exactly_the_requested_size(size: tuple[int, int]) -> None:
    faces = CardFaces(*size)
    surfaces = [faces.face(card) for card in DECK]
    surfaces += [faces.back(), faces.slot(), faces.slot(Suit.SPADES.symbol), faces.slot("K"),
                 faces.highlight()]
    assert [s.get_size() for s in surfaces] == [size] * len(surfaces)
    assert all(s.get_flags() & pygame.SRCALPHA for s in surfaces)


def test_no_window_is_needed() -> None:
    CardFaces(60, 84).face(DECK[0])
    assert pygame.display.get_surface() is None


def test_every_face_is_different() -> None:
    faces = CardFaces(60, 84)
    assert len({pixels(faces.face(card)) for card in DECK}) == 52


def test_the_top_strip_alone_tells_every_card_apart() -> None:
    """In a column only the top strip of a covered card shows; it must name the card."""
    faces = CardFaces(60, 84)
    assert faces.index_height < 84 / 3
    strip = pygame.Rect(0, 0, 60, faces.index_height)
    assert len({pixels(faces.face(card).subsurface(strip)) for card in DECK}) == 52


@pytest.mark.parametrize("window", [(800, 600), (1200, 760), (1500, 1000), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("rules", [STANDARD, FREECELL])
def test_a_covered_court_card_shows_its_index_and_nothing_of_its_picture(window: tuple[int, int],
                                                                          rules: Rules) -> None:
    """Below the index, the strip a column shows of a covered card is plain paper: a sliver of a
    King's frame there reads as a stray line across the column."""
    width, height = compute_layout(*window, rules).card
    faces = CardFaces(width, height)
    shown = round(height * FAN_RATIO)
    inside = range(width // 6, width - width // 6)  # clear of the rounded corners and border
    for card in (Card(suit, rank) for suit in Suit for rank in (JACK, QUEEN, KING)):
        face = faces.face(card)
        stray = [(x, y) for y in range(faces.index_height + 1, shown) for x in inside
                 if face.get_at((x, y))[:3] != faces.paper]
        assert stray == [], (card, stray[:3])


def is_red(colour: pygame.Color) -> bool:
    return colour.r > 150 and colour.g < 90 and colour.b < 90


def is_dark(colour: pygame.Color) -> bool:
    return max(colour.r, colour.g, colour.b) < 70


# Ace, 3, 5 and 9 all have a pip right at the middle of the card.
PIP_AT_CENTRE = [ACE, 3, 5, 9]


@pytest.mark.parametrize("rank", PIP_AT_CENTRE)
def test_two_colour_deck_has_red_and_black_pips(rank: int) -> None:
    faces = CardFaces(60, 84)
    for suit in Suit:
        pip = centre(faces.face(Card(suit, rank)))
        assert pip.a == 255
        assert is_red(pip) if suit.is_red else is_dark(pip), (suit, pip)


@pytest.mark.parametrize("rank", PIP_AT_CENTRE)
def test_four_colour_deck_recolours_clubs_and_diamonds(rank: int) -> None:
    faces = CardFaces(100, 140, four_colour=True)
    club = centre(faces.face(Card(Suit.CLUBS, rank)))
    diamond = centre(faces.face(Card(Suit.DIAMONDS, rank)))
    assert club.g > 100 and club.g > club.r + 60 and club.g > club.b + 40, club
    assert diamond.b > 150 and diamond.b > 2 * diamond.r, diamond
    assert is_red(centre(faces.face(Card(Suit.HEARTS, rank))))
    assert is_dark(centre(faces.face(Card(Suit.SPADES, rank))))


def test_cache_returns_the_same_objects() -> None:
    faces = card_faces(100, 140)
    assert card_faces(100, 140) is faces
    assert card_faces(100, 140, four_colour=False) is faces
    assert card_faces(100, 140, True) is not faces
    assert card_faces(101, 140) is not faces
    card = Card(Suit.HEARTS, KING)
    assert faces.face(card) is faces.face(card)
    assert faces.back() is faces.back()
    assert faces.slot("A") is faces.slot("A")
    assert faces.slot("A") is not faces.slot("")
    assert faces.highlight() is faces.highlight()


@pytest.mark.parametrize("size", SIZES)
def test_cards_have_transparent_rounded_corners_and_an_opaque_body(size: tuple[int, int]) -> None:
    faces = CardFaces(*size)
    width, height = size
    for surface in (faces.face(Card(Suit.CLUBS, 7)), faces.back()):
        for corner in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
            assert surface.get_at(corner).a == 0, corner
        for edge in ((width // 2, 0), (0, height // 2), (width - 1, height // 2)):
            assert surface.get_at(edge).a == 255, edge
        assert centre(surface).a == 255


def test_border_is_darker_than_the_paper() -> None:
    face = CardFaces(100, 140).face(Card(Suit.HEARTS, 2))
    border, paper = face.get_at((50, 0)), face.get_at((50, 70))
    assert sum(border[:3]) < sum(paper[:3]) - 150


def test_highlight_is_a_translucent_outline() -> None:
    highlight = CardFaces(100, 140).highlight()
    assert highlight.get_at((0, 0)).a == 0
    assert highlight.get_at((50, 1)).a > 150
    assert 0 < centre(highlight).a < 100


def test_slots_are_faint_and_show_their_label() -> None:
    faces = CardFaces(100, 140)
    empty, hearts = faces.slot(), faces.slot(Suit.HEARTS.symbol)
    assert centre(empty).a < 80
    assert centre(hearts).a > centre(empty).a
    assert centre(hearts).a < 200
    assert pixels(faces.slot("K")) != pixels(empty)


def test_too_small_cards_are_refused() -> None:
    with pytest.raises(ValueError):
        CardFaces(10, 14)
