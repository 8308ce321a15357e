"""The table's picture: the piles, the cards, the outlines, the toolbar and the status line,
drawn from what the table scene holds, and nothing else.

It keeps a picture of everything that is not moving (`static`); while cards are dragged or
fly, a frame only restores the area they left from that picture and draws them again, so a
frame costs a few blits whatever the window size. When the window goes to sleep with nothing
to wake it, the picture is let go (`release`: 8 MB at 1920x1080, kept off the idle window)
and painted again when a frame next needs it; the screen keeps showing what it showed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from eightoff.core.cards import Suit
from eightoff.core.piles import Pile, PileKind
from eightoff.core.rules import EmptyColumn
from eightoff.ui import theme
from eightoff.ui.status import game_summary

if TYPE_CHECKING:
    from eightoff.core.moves import Move
    from eightoff.session.session import Session
    from eightoff.ui.faces import CardFaces
    from eightoff.ui.layout import Layout
    from eightoff.ui.sprites import CardSprite, CardSprites
    from eightoff.ui.status import StatusLine
    from eightoff.ui.toolbar import Toolbar

SHADOW = (0, 0, 0, 55)


class Picks(Protocol):
    """What the player's input has picked: the pile chosen with the keys, and where the
    dragged cards would land (the controller holds them)."""

    @property
    def selected(self) -> Pile | None: ...

    @property
    def drop_target(self) -> Pile | None: ...


class Shown(Protocol):
    """What the view draws from (the table scene holds it; named by shape, so this module need
    not import the table, which imports it)."""

    session: Session
    layout: Layout
    faces: CardFaces
    sprites: CardSprites
    toolbar: Toolbar
    status: StatusLine
    hint: tuple[Move, float] | None
    """The hinted move and when its outline goes."""

    @property
    def controller(self) -> Picks: ...


def shadow_offset(card: pygame.Rect) -> tuple[int, int]:
    """How far a lifted card's shadow falls, growing with the card."""
    return (max(2, card.w // 30), max(3, card.w // 20))


class TableView:
    def __init__(self, shown: Shown) -> None:
        self.shown = shown
        self.static: pygame.Surface | None = None
        self.released = False
        """The static picture was let go while idle (see `release`), not made out of date."""
        self._shadow_surface: pygame.Surface | None = None
        self.static_key: frozenset[CardSprite] = frozenset()
        self.full = True
        """The whole window is to be drawn at the next frame (the static picture may stand)."""
        self.moving_key: tuple[tuple[int, int], ...] = ()
        self.moving_area: pygame.Rect | None = None
        self.target_box: pygame.Rect | None = None

    def invalidate(self) -> None:
        """What the table shows changed: paint the static picture again at the next frame."""
        self.static = None
        self.released = False
        self.full = True

    def release(self) -> None:
        """The loop sleeps until input: let the static picture go (it is painted again when a
        frame needs it), unless it is out of date anyway or cards are in the air."""
        if self.static is not None and not self.full and not self.static_key:
            self.static = None
            self.released = True

    def summary(self) -> str:
        """The status line's summary of the game, also what a screen reader hears at a deal."""
        return game_summary(self.shown.session)

    def needs_draw(self) -> bool:
        shown = self.shown
        lifted = shown.sprites.lifted()
        return (
            self.full
            or (self.static is None and not self.released)
            or tuple(sprite.rect.topleft for sprite in lifted) != self.moving_key
            or self._target_box() != self.target_box
            or shown.toolbar.needs_draw()
            or shown.status.needs_draw(self.summary())
        )

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        shown = self.shown
        layout = shown.layout
        lifted = shown.sprites.lifted()
        if (self.static is None and not self.released) or frozenset(lifted) != self.static_key:
            self.static, self.released = self._paint_static(screen), False
            self.static_key = frozenset(lifted)
            full = True
        table = pygame.Rect(layout.table)
        area = self._moving_area(lifted)
        rects: list[pygame.Rect] = []
        if full or self.full:
            screen.blit(self._static(screen), (0, 0))
            self._draw_lifted(screen, lifted, table)
            shown.toolbar.draw(screen, layout.toolbar)
            shown.status.draw(screen, layout.status, self.summary())
            rects.append(screen.get_rect())
            self.full = False
        else:
            dirty_areas = []
            if area != self.moving_area or self.moving_key != tuple(s.rect.topleft for s in lifted):
                dirty_areas = self._dirty_areas(area, self.moving_area, table)
            target_box = self._target_box()
            if target_box != self.target_box:
                dirty_areas.extend(box for box in (target_box, self.target_box) if box is not None)
            for dirty in dirty_areas:
                screen.blit(self._static(screen), dirty, dirty)
                self._draw_lifted(screen, lifted, dirty)
                rects.append(dirty)
            if shown.toolbar.needs_draw():
                rects.append(shown.toolbar.draw(screen, layout.toolbar))
            summary = self.summary()
            if shown.status.needs_draw(summary):
                rects.append(shown.status.draw(screen, layout.status, summary))
        self.moving_area = area
        self.moving_key = tuple(sprite.rect.topleft for sprite in lifted)
        self.target_box = self._target_box()
        return rects

    def _static(self, screen: pygame.Surface) -> pygame.Surface:
        """The static picture, painted again if it was let go while idle (same cards lifted)."""
        if self.static is None:
            self.static, self.released = self._paint_static(screen), False
        return self.static

    def _target_box(self) -> pygame.Rect | None:
        """Where the drop-target highlight goes while cards are dragged (None: no legal target)."""
        shown = self.shown
        target = shown.controller.drop_target
        if target is None:
            return None
        count = len(shown.session.game.position.cards(target))
        return pygame.Rect(shown.layout.card_boxes(target, max(count, 1))[-1])

    @staticmethod
    def _moving_area(lifted: list[CardSprite]) -> pygame.Rect | None:
        """The lifted cards with their shadows."""
        if not lifted:
            return None
        area = lifted[0].rect.unionall([sprite.rect for sprite in lifted[1:]])
        return area.union(area.move(shadow_offset(lifted[0].rect)))

    @staticmethod
    def _dirty_areas(
        new: pygame.Rect | None, old: pygame.Rect | None, table: pygame.Rect
    ) -> list[pygame.Rect]:
        """Where moving cards are now and were last frame: one area when the two overlap,
        two when they lie apart (their union could cover most of the window)."""
        areas = [area.clip(table) for area in (new, old) if area is not None]
        if len(areas) == 2 and areas[0].colliderect(areas[1]):
            areas = [areas[0].union(areas[1])]
        return [area for area in areas if area.w and area.h]

    def _draw_lifted(self, screen: pygame.Surface, lifted: list[CardSprite], clip: pygame.Rect) -> None:
        """The drop target's highlight, then lifted cards over a soft shadow, so they look
        picked up. Drawn over the static picture, so a frame redraws only these areas."""
        screen.set_clip(clip)
        target = self._target_box()
        if target is not None:
            screen.blit(self.shown.faces.highlight(), target)
        if lifted:
            shadow = self._shadow()
            offset = shadow_offset(lifted[0].rect)
            for sprite in lifted:
                screen.blit(shadow, sprite.rect.move(offset))
        for sprite in lifted:
            screen.blit(sprite.image, sprite.rect)
        screen.set_clip(None)

    def _shadow(self) -> pygame.Surface:
        size = self.shown.layout.card
        if self._shadow_surface is None or self._shadow_surface.get_size() != size:
            self._shadow_surface = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(self._shadow_surface, SHADOW, self._shadow_surface.get_rect(),
                             border_radius=max(3, size[0] // 12))
        return self._shadow_surface

    def _paint_static(self, screen: pygame.Surface) -> pygame.Surface:
        """The table without its lifted cards, made in the screen's own format (not converted to
        it afterwards: a window-sized conversion at every first frame)."""
        shown = self.shown
        layout, faces, game = shown.layout, shown.faces, shown.session.game
        surface = pygame.Surface(screen.get_size(), 0, screen)
        surface.fill(theme.FELT)
        table = pygame.Rect(layout.table)
        pygame.draw.rect(surface, theme.FELT_DARK, table.inflate(-8, -8), 2, border_radius=10)
        kings_only = game.rules.empty_column is EmptyColumn.KINGS
        for pile, box in layout.piles.items():
            if pile.kind is PileKind.FOUNDATION:
                label = Suit(pile.index).symbol
            elif pile.kind is PileKind.COLUMN and kings_only:
                label = "K"
            else:
                label = ""
            surface.blit(faces.slot(label), box[:2])
        for sprite in shown.sprites.resting():
            surface.blit(sprite.image, sprite.rect)
        for pile, count in self._highlighted():
            cards = game.position.cards(pile)
            boxes = layout.card_boxes(pile, max(len(cards), 1))
            if count == 1:
                surface.blit(faces.highlight(), boxes[-1][:2])
                continue
            run = pygame.Rect(boxes[-count]).union(pygame.Rect(boxes[-1]))  # one outline round a run
            width = max(4, run.w // 18)
            pygame.draw.rect(surface, theme.NOTICE, run.inflate(width, width), width,
                             border_radius=max(4, run.w // 10))
        return surface

    def _highlighted(self) -> list[tuple[Pile, int]]:
        """The outlined piles, each with how many of its top cards are outlined."""
        shown = self.shown
        piles = []
        if shown.controller.selected is not None:
            piles.append((shown.controller.selected, 1))
        if shown.hint is not None:
            move = shown.hint[0]
            piles.extend(((move.source, move.count), (move.destination, 1)))
        return piles
