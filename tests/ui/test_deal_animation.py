"""The deal animation through the real event loop: a new deal's cards fly from a pile to their
places, any input lands them at once, the speed preference sets the pace, "off" turns it off,
and the window's first frame shows the game it opens on in place."""

from __future__ import annotations

import pygame

from eightoff.core.game import Game
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD
from eightoff.ui.app import App
from tests.ui.helpers import FakeClock, clock, key


def dealt(speed: str) -> App:
    settings = Preferences(animation_speed=speed, confirm_leave=False)
    app = App.for_game(Game.new(617, STANDARD), settings, size=(1024, 700), now=FakeClock())
    pygame.event.clear()
    app.pump()
    return app


def in_place(app: App) -> bool:
    places = app.table.layout.places(app.table.game.position)
    sprites = app.table.sprites.by_card
    return all(sprites[card].rect.topleft == place.box[:2] for card, place in places.items())


def test_the_first_frame_shows_the_game_in_place() -> None:
    app = dealt("normal")
    assert not app.table.animator.busy and in_place(app)


def seconds_to_land(app: App, step: float = 0.05) -> float:
    waited = 0.0
    while app.table.animator.busy:
        clock(app).time += step
        waited += step
        app.pump()
        assert waited < 30
    return waited


def test_a_new_deal_flies_from_a_pile_to_its_places_at_the_chosen_pace() -> None:
    normal = dealt("normal")
    key(normal, pygame.K_F2)
    assert normal.table.animator.busy and not in_place(normal)
    clock(normal).time += 0.01
    normal.pump()
    resting = {sprite.rect.topleft for sprite in normal.table.sprites.by_card.values()}
    assert len(resting) < 10  # most cards still wait on the pile
    normal_time = seconds_to_land(normal)
    assert in_place(normal) and not normal.table.sprites.lifted()
    slow = dealt("slow")
    key(slow, pygame.K_F2)
    assert seconds_to_land(slow) > 1.5 * normal_time
    fast = dealt("fast")
    key(fast, pygame.K_F2)
    assert seconds_to_land(fast) < 0.75 * normal_time


def test_any_input_lands_the_cards_at_once() -> None:
    for event in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 300), button=1)):
        app = dealt("slow")
        key(app, pygame.K_F2)
        assert app.table.animator.busy
        pygame.event.post(event)
        app.pump()
        assert not app.table.animator.busy and in_place(app)


def test_off_deals_without_flying() -> None:
    app = dealt("off")
    key(app, pygame.K_F2)
    assert not app.table.animator.busy and in_place(app)


def test_the_cards_fly_face_down_and_turn_as_they_land() -> None:
    app = dealt("normal")
    key(app, pygame.K_F2)
    clock(app).time += 0.01
    app.pump()
    faces, sprites = app.table.faces, app.table.sprites.by_card.values()
    assert all(sprite.image is faces.back() for sprite in sprites)  # none has landed yet
    clock(app).time += 0.5
    app.pump()
    landed = [sprite for sprite in sprites if sprite.face_up and sprite.image is not faces.back()]
    assert 0 < len(landed) < 52  # each turns as it lands, while others still fly
    seconds_to_land(app)
    for sprite in sprites:
        assert sprite.image is (faces.face(sprite.card) if sprite.face_up else faces.back())
