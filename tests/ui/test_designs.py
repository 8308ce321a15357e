"""The card designs a player chooses: every face and back drawn in every deck, told apart,
named wrongly without harm, chosen in Preferences with a preview, and shown on the table."""

from __future__ import annotations

import logging

import pygame
import pytest

from eightoff.core.cards import DECK, JACK, KING, QUEEN, Card, Suit
from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.variants import RAGLAN
from eightoff.ui import theme
from eightoff.ui.designs import BACKS, FACES, TABLES, table_cloth
from eightoff.ui.dialogs import PreferencesDialog
from eightoff.ui.faces import CardFaces
from eightoff.ui.layout import FAN_RATIO

from .helpers import click, key, make_app

SMALL, LARGE = (48, 67), (150, 210)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("face", list(FACES))
@pytest.mark.parametrize(("four_colour", "high_contrast"), [(False, False), (True, False), (False, True),
                                                            (True, True)])
def test_every_design_draws_every_card_distinct_in_every_deck(face: str, four_colour: bool,
                                                              high_contrast: bool) -> None:
    for size in (SMALL, LARGE):
        faces = CardFaces(*size, four_colour, high_contrast, face)
        drawn = [faces.face(card) for card in DECK]
        assert {picture.get_size() for picture in drawn} == {size}
        assert len({pixels(picture) for picture in drawn}) == 52
        # In a column only the top strip shows: it alone names the card, within the fan.
        strip = pygame.Rect(0, 0, size[0], faces.index_height)
        assert faces.index_height <= round(size[1] * 0.25)
        assert len({pixels(picture.subsurface(strip)) for picture in drawn}) == 52


def test_the_designs_differ_from_each_other_and_the_large_index_is_largest() -> None:
    designs = {face: CardFaces(*LARGE, face=face) for face in FACES}
    for card in (Card(Suit.SPADES, 1), Card(Suit.HEARTS, 7), Card(Suit.CLUBS, KING)):
        assert len({pixels(faces.face(card)) for faces in designs.values()}) == len(FACES)
    assert designs["large"].layout.cap > designs["standard"].layout.cap > designs["classic"].layout.cap


def test_classic_court_cards_are_pictures_in_colour() -> None:
    """Court figures, not a letter: skin, gold and the second colour of the robe's trim."""
    faces = CardFaces(*LARGE, face="classic")
    for rank in (JACK, QUEEN, KING):
        colours = {tuple(colour)[:3] for colour in _sample(faces.face(Card(Suit.SPADES, rank)))}
        assert (250, 214, 178) in colours  # a face
        assert any(r > 200 and 150 < g < 200 and b < 90 for r, g, b in colours)  # gold
        assert any(r > 150 and g < 60 and b < 70 for r, g, b in colours)  # red trim on a black suit


def _sample(surface: pygame.Surface) -> list[pygame.Color]:
    width, height = surface.get_size()
    return [surface.get_at((x, y)) for x in range(0, width, 2) for y in range(0, height, 2)]


def test_high_contrast_and_four_colour_apply_to_every_design() -> None:
    for face in FACES:
        plain = CardFaces(*LARGE, face=face)
        contrast = CardFaces(*LARGE, high_contrast=True, face=face)
        assert contrast.paper == (255, 255, 255) and plain.paper != contrast.paper
        four = CardFaces(*LARGE, four_colour=True, face=face)
        club = Card(Suit.CLUBS, 5)
        greens = [c for c in _sample(four.face(club)) if c.g > 100 and c.g > c.r + 60 and c.a == 255]
        assert greens, face
        assert not [c for c in _sample(plain.face(club)) if c.g > 100 and c.g > c.r + 60 and c.a == 255]


def test_each_back_is_its_own() -> None:
    backs = {back: pixels(CardFaces(*SMALL, back=back).back()) for back in BACKS}
    assert len(set(backs.values())) == len(BACKS)


def test_a_design_that_does_not_exist_is_drawn_as_the_default_and_said_once(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.designs"):
        odd = CardFaces(*SMALL, face="from-a-newer-version", back="gone")
        CardFaces(*SMALL, face="from-a-newer-version")
    plain = CardFaces(*SMALL)
    assert pixels(odd.face(DECK[10])) == pixels(plain.face(DECK[10]))
    assert pixels(odd.back()) == pixels(plain.back())
    said = [record.getMessage() for record in caplog.records]
    assert len([line for line in said if "from-a-newer-version" in line]) == 1
    assert len([line for line in said if "gone" in line]) == 1
    assert table_cloth("purple") == table_cloth("green")


def test_a_covered_classic_court_card_shows_its_index_beside_the_frame() -> None:
    """The classic frame starts beside the index, as on printed packs: under the index, the
    strip a column shows is plain paper on the index's side."""
    faces = CardFaces(*LARGE, face="classic")
    shown = round(LARGE[1] * FAN_RATIO)
    frame_left = round(LARGE[0] * 0.2)
    for rank in (JACK, QUEEN, KING):
        face = faces.face(Card(Suit.HEARTS, rank))
        under = {tuple(face.get_at((x, y)))[:3] for x in range(LARGE[0] // 12, frame_left - 2)
                 for y in range(faces.index_height + 1, shown)}
        assert under == {faces.paper}


def test_a_covered_classic_number_card_shows_only_its_index() -> None:
    """Beside the index, the strip a column shows of a covered card is plain paper on every card
    but the court cards (whose frame tops say "a court card"): the ace of spades' ring of dots
    stayed clear of it only on large cards."""
    for size in (SMALL, (68, 96), LARGE):
        faces = CardFaces(*size, face="classic")
        shown = round(size[1] * FAN_RATIO)
        lay = faces.layout
        # A card too narrow for the stacked corner sets its suit beside the rank, at the right.
        beside = round((lay.width - lay.margin - 1.2 * lay.index_suit) / faces.scale)
        right = round(size[0] * 0.85) if lay.stacked else beside
        inked = [str(card) for card in DECK if card.rank < JACK
                 and {tuple(faces.face(card).get_at((x, y)))[:3]
                      for x in range(round(size[0] * 0.35), right)
                      for y in range(2 * faces.layout.border, shown)} != {faces.paper}]
        assert inked == [], size


def test_the_cards_page_of_preferences_changes_the_table_and_previews_it() -> None:
    app = make_app()
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    [page] = [choice for choice in dialog.choices if choice.label == "Cards and sound…"]
    click(app, page.rect.center)
    assert app.top is dialog and dialog.cards_page
    preview = dialog.figure_area()
    before = pixels(app.screen.subsurface(preview))
    rows = {choice.label.split(":")[0]: choice for choice in dialog.choices}
    click(app, rows["Card faces"].rect.center)
    assert app.preferences.card_face == "classic" and app.table.faces.design == "classic"
    assert pixels(app.screen.subsurface(preview)) != before  # the preview shows the new faces
    click(app, rows["Card backs"].rect.center)
    assert app.preferences.card_back == "red" and app.table.faces.back_design == "red"
    click(app, rows["Table"].rect.center)
    assert app.preferences.table_colour == "blue"
    assert TABLES["blue"][1].felt == theme.FELT
    assert [c.label for c in dialog.choices if c.label.startswith("Table")] == ["Table: Blue"]
    key(app, pygame.K_ESCAPE)
    app.pump()
    assert tuple(app.screen.get_at((3, app.table.layout.table.y + 3)))[:3] == TABLES["blue"][1].felt


def test_raglan_shows_its_face_down_cards_in_the_chosen_back() -> None:
    app = make_app(format_board(deal(5, RAGLAN)), RAGLAN, card_back="red")
    down = [sprite for sprite in app.table.sprites.by_card.values() if not sprite.face_up]
    assert down and all(sprite.image is app.table.faces.back() for sprite in down)
    assert pixels(app.table.faces.back()) == pixels(CardFaces(*app.table.layout.card, back="red").back())
