"""The preferences for players who see less well: high-contrast colours and large cards."""

from __future__ import annotations

import pygame
import pytest

from eightoff.core.piles import Pile
from eightoff.core.variants import VARIANTS
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.layout import compute_layout
from tests.ui.helpers import box_of, click, key, make_app


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("key_", sorted(VARIANTS))
def test_large_cards_are_larger_and_still_fit(key_: str, size: tuple[int, int]) -> None:
    rules = VARIANTS[key_].rules
    plain, large = compute_layout(*size, rules), compute_layout(*size, rules, large_cards=True)
    assert large.card[0] > plain.card[0]
    slots = list(large.piles.values())
    for index, slot in enumerate(slots):
        assert large.table.x <= slot.x and slot.right <= large.table.right
        assert large.table.y <= slot.y and slot.bottom <= large.table.bottom
        assert all(slot.overlap(other) == 0 for other in slots[index + 1:])
    # A column as tall as a game makes still ends inside the table, and fans less.
    assert large.card_boxes(Pile.column(0), 20)[-1].bottom <= large.table.bottom
    assert large.fan / large.card[1] < plain.fan / plain.card[1]


def toggle(app: App, row: str) -> None:
    """Click a Preferences row through the real window, then close the dialog."""
    toolbar = next(b.rect.center for b in app.table.toolbar.buttons if b.action == "preferences")
    click(app, toolbar)
    rows = {choice.label.split(":")[0]: choice.rect.center for choice in app.top.choices}
    click(app, rows[row])
    key(app, pygame.K_ESCAPE)
    app.pump()


def test_high_contrast_repaints_table_bars_and_cards() -> None:
    app = make_app()
    felt = (app.table.layout.table.x + 2, app.table.layout.table.y + 2)
    bar = (app.size[0] - 3, app.table.layout.status.bottom - 3)
    card = box_of(app, "KH")
    edge = (card.centerx, card.y + 1)
    assert app.screen.get_at(felt)[:3] == theme.CLASSIC.FELT
    assert app.screen.get_at(bar)[:3] == theme.CLASSIC.BAR
    plain_edge = app.screen.get_at(edge)[:3]

    toggle(app, "High-contrast colours")
    assert app.preferences.high_contrast and app.table.faces.high_contrast
    assert app.screen.get_at(felt)[:3] == theme.HIGH_CONTRAST.FELT
    assert app.screen.get_at(bar)[:3] == theme.HIGH_CONTRAST.BAR
    assert app.screen.get_at(edge)[:3] == (0, 0, 0) != plain_edge
    assert box_of(app, "KH") == card  # colours only: nothing moved

    toggle(app, "High-contrast colours")
    assert not app.table.faces.high_contrast
    assert app.screen.get_at(felt)[:3] == theme.CLASSIC.FELT
    assert app.screen.get_at(edge)[:3] == plain_edge


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_large_cards_relay_the_table_out(size: tuple[int, int]) -> None:
    app = make_app(size=size)
    plain = box_of(app, "KH")
    toggle(app, "Large cards")
    assert app.preferences.large_cards
    large = box_of(app, "KH")
    assert large.w > plain.w
    assert app.table.layout == compute_layout(*app.size, app.table.game.rules, large_cards=True)
    assert app.table.faces.size == app.table.layout.card
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(sprite.rect) for sprite in app.table.sprites.by_card.values())
    toggle(app, "Large cards")
    assert box_of(app, "KH") == plain
