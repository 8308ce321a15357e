"""The 52 cards as sprites in one layered group.

Layers follow what the player sees: a card lies above the cards under it in its pile, and a
lifted or flying card goes to a layer above every resting card. Hit-testing asks the group for
the topmost sprite under the pointer, so it always agrees with the picture.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from eightoff.core.cards import Card
from eightoff.core.piles import Pile
from eightoff.ui.faces import CardFaces
from eightoff.ui.layout import Box, CardPlace

LIFTED_LAYER = 1000


class CardSprite(pygame.sprite.Sprite):
    rect: pygame.Rect
    image: pygame.Surface

    def __init__(self, card: Card, image: pygame.Surface, place: CardPlace) -> None:
        super().__init__()
        self.card = card
        self.image = image
        self.rect = pygame.Rect(place.box)
        self.pile: Pile = place.pile
        self.depth = place.depth
        self.face_up = place.face_up

    @property
    def box(self) -> Box:
        return Box(*self.rect)


class CardSprites:
    """The sprites of every card, found by card or by pixel."""

    def __init__(self) -> None:
        self.group: pygame.sprite.LayeredUpdates[CardSprite] = pygame.sprite.LayeredUpdates()
        self.by_card: dict[Card, CardSprite] = {}
        self.faces: CardFaces | None = None

    def arrange(self, places: dict[Card, CardPlace], faces: CardFaces, move: bool) -> None:
        """Give every card its pile and depth (and, with `move`, its box at once); cards that
        left the position (none in a sound game) are dropped."""
        for card in list(self.by_card):
            if card not in places:
                self.by_card.pop(card).kill()
        self.faces = faces
        for card, place in places.items():
            sprite = self.by_card.get(card)
            if sprite is None:
                image = faces.face(card) if place.face_up else faces.back()
                sprite = self.by_card[card] = CardSprite(card, image, place)
                self.group.add(sprite, layer=place.depth)
            self.assign(sprite, place)
            if move:
                sprite.rect.topleft = place.box[:2]
                self.settle(sprite)

    def assign(self, sprite: CardSprite, place: CardPlace) -> None:
        """Give a sprite its pile and depth, turning it face up or down as its place says."""
        sprite.pile, sprite.depth = place.pile, place.depth
        if place.face_up != sprite.face_up and self.faces is not None:
            sprite.face_up = place.face_up
            sprite.image = self.faces.face(sprite.card) if sprite.face_up else self.faces.back()

    def show_back(self, sprite: CardSprite) -> None:
        """Show `sprite`'s back whatever its side (a card still in the dealer's hand)."""
        if self.faces is not None:
            sprite.image = self.faces.back()

    def show_side(self, sprite: CardSprite) -> None:
        """Show `sprite` as its place has it: face up or down."""
        if self.faces is not None:
            sprite.image = self.faces.face(sprite.card) if sprite.face_up else self.faces.back()

    def set_faces(self, faces: CardFaces) -> None:
        self.faces = faces
        for card, sprite in self.by_card.items():
            sprite.image = faces.face(card) if sprite.face_up else faces.back()
            sprite.rect.size = sprite.image.get_size()

    def lift(self, sprites: Iterable[CardSprite]) -> None:
        """Raise sprites above every resting card, keeping their order."""
        for offset, sprite in enumerate(sprites):
            self.group.change_layer(sprite, LIFTED_LAYER + offset)

    def settle(self, sprite: CardSprite) -> None:
        if self.group.get_layer_of_sprite(sprite) != sprite.depth:
            self.group.change_layer(sprite, sprite.depth)

    def top_at(self, point: tuple[int, int]) -> CardSprite | None:
        """The card the player sees at `point`, if any."""
        hits = self.group.get_sprites_at(point)
        return hits[-1] if hits else None

    def resting(self) -> list[CardSprite]:
        """Sprites not lifted, bottom layer first."""
        return [s for s in self.group.sprites() if self.group.get_layer_of_sprite(s) < LIFTED_LAYER]

    def lifted(self) -> list[CardSprite]:
        return [s for s in self.group.sprites() if self.group.get_layer_of_sprite(s) >= LIFTED_LAYER]
