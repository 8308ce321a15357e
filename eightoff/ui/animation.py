"""Cards flying between places. The core's moves carry no pixels: the table hands over a list
of legs (where every card lies after each move) and cards whose box differs fly there.

Each leg starts from where the sprites are at that moment, so a dropped run flies from the
drop point, and an interrupted animation can jump to its end at once.
"""

from __future__ import annotations

from collections import deque

import msgspec

from eightoff.core.cards import Card
from eightoff.ui.layout import CardPlace
from eightoff.ui.sprites import CardSprite, CardSprites

BASE_SECONDS = 0.15
"""One card's flight at the "normal" speed."""
DEAL_STAGGER = 1 / 6
"""At a deal, each card leaves the pile this part of a flight after the one before: 52 cards
land in about 1.5 s at the "normal" speed."""


class Flight(msgspec.Struct):
    sprite: CardSprite
    start: tuple[int, int]
    end: tuple[int, int]
    delay: float = 0.0
    """Seconds after the leg starts that this card sets off (a deal's cards leave one by one)."""
    turns: bool = False
    """The card flies face down and turns to its side on landing (a deal)."""


def ease(t: float) -> float:
    """Quick start, gentle landing (cubic ease-out)."""
    return 1 - (1 - t) ** 3


class Animator:
    def __init__(self, sprites: CardSprites) -> None:
        self.sprites = sprites
        self.legs: deque[dict[Card, CardPlace]] = deque()
        self.flights: list[Flight] = []
        self.started = 0.0
        self.duration = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.legs)

    def start(self, legs: list[dict[Card, CardPlace]], duration: float, now: float) -> None:
        """Queue the legs (after any still queued); with no duration they apply at once."""
        self.legs.extend(legs)
        self.duration = duration
        if duration <= 0:
            self.finish()
        elif not self.flights:
            self._next_leg(now)

    def deal(self, places: dict[Card, CardPlace], origin: tuple[int, int], duration: float,
             now: float) -> None:
        """Fly every card face down from a pile at `origin` to its place, one after another in
        dealing order (row by row across the piles), turning it as it lands; with no duration
        they are simply there."""
        self.finish()
        if duration <= 0:
            return
        order = sorted(places.items(), key=lambda item: (item[1].depth, item[1].box.x, item[1].box.y))
        self.flights = []
        for index, (card, place) in enumerate(order):
            sprite = self.sprites.by_card[card]
            sprite.rect.topleft = origin
            self.sprites.show_back(sprite)
            self.flights.append(Flight(sprite, origin, place.box[:2], index * duration * DEAL_STAGGER, True))
        self.sprites.lift([flight.sprite for flight in self.flights])
        self.duration = duration
        self.started = now

    def update(self, now: float) -> None:
        while self.flights:
            last = 0.0
            for flight in self.flights:
                t = max(0.0, min(1.0, (now - self.started - flight.delay) / self.duration))
                last = max(last, flight.delay)
                eased = ease(t)
                x = flight.start[0] + (flight.end[0] - flight.start[0]) * eased
                y = flight.start[1] + (flight.end[1] - flight.start[1]) * eased
                flight.sprite.rect.topleft = (round(x), round(y))
                if t >= 1.0 and flight.turns:  # landed: turned now, not when the last one lands
                    flight.turns = False
                    self.sprites.show_side(flight.sprite)
            if now - self.started < last + self.duration:
                return
            self._land()
            self._next_leg(self.started + last + self.duration)

    def finish(self) -> None:
        """Jump to the end of every queued leg."""
        self._land()
        while self.legs:
            for card, place in self.legs.popleft().items():
                sprite = self.sprites.by_card[card]
                self.sprites.assign(sprite, place)
                sprite.rect.topleft = place.box[:2]
                self.sprites.settle(sprite)

    def _next_leg(self, now: float) -> None:
        while self.legs and not self.flights:
            moving = []
            for card, place in self.legs.popleft().items():
                sprite = self.sprites.by_card[card]
                self.sprites.assign(sprite, place)
                if sprite.rect.topleft != place.box[:2]:
                    self.flights.append(Flight(sprite, sprite.rect.topleft, place.box[:2]))
                    moving.append(sprite)
                else:
                    self.sprites.settle(sprite)
            # Lift in the order they will lie, so a flying run keeps its cards stacked rightly.
            self.sprites.lift(sorted(moving, key=lambda sprite: sprite.depth))
            self.started = now

    def _land(self) -> None:
        for flight in self.flights:
            flight.sprite.rect.topleft = flight.end
            if flight.turns:
                self.sprites.show_side(flight.sprite)
            self.sprites.settle(flight.sprite)
        self.flights = []
