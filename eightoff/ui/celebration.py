"""The won game: cards leap off the foundations one by one and bounce away across the table,
leaving trails, behind a panel with the result and what to do next.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import msgspec
import pygame

from eightoff.core.cards import CARDS, KING, Suit
from eightoff.core.i18n import _, ngettext
from eightoff.core.outcome import Outcome
from eightoff.core.piles import Pile
from eightoff.session.clock import clock_text
from eightoff.session.daily_words import daily_words, par_result
from eightoff.session.facts import best_line
from eightoff.session.grading import grade_lines
from eightoff.ui.dialogs import Dialog

if TYPE_CHECKING:
    from eightoff.session.session import Session
    from eightoff.ui.faces import CardFaces
    from eightoff.ui.layout import Layout
    from eightoff.ui.scene import Host


class Tabletop(Protocol):
    """Where the cards leap from: the table's layout and card pictures."""

    layout: Layout
    faces: CardFaces

LAUNCH_EVERY = 0.3
GRAVITY = 2600.0
"""Pixels per second squared, at a card height of 200 pixels."""
BOUNCE = 0.72


class Falling(msgspec.Struct):
    image: pygame.Surface
    x: float
    y: float
    vx: float
    vy: float


class WinDialog(Dialog):
    """The celebration, saying what the session decided: a win, or a game solved with help
    (the same move count and time as the statistics record)."""

    def __init__(self, host: Host, session: Session, table: Tabletop, new_game: Callable[[], None],
                 restart: Callable[[], None], copy_result: Callable[[], None] | None = None) -> None:
        self.table = table
        game = session.game
        moves = session.moves()
        seconds = session.seconds()
        facts = {"deal": game.deal_number, "moves": moves, "time": clock_text(seconds)}
        if session.outcome is Outcome.SOLVED_WITH_HELP:
            title = _("Solved with help")
            finished = (ngettext("The solver finished deal {deal} in {moves} move and {time}.",
                                 "The solver finished deal {deal} in {moves} moves and {time}.", moves)
                        if game.deal_number is not None
                        else ngettext("The solver finished in {moves} move and {time}.",
                                      "The solver finished in {moves} moves and {time}.", moves))
            lines = [finished.format(**facts), _("It counts apart from your wins.")]
        else:
            title = _("Well done!")
            won = (ngettext("You won deal {deal} in {moves} move and {time}.",
                            "You won deal {deal} in {moves} moves and {time}.", moves)
                   if game.deal_number is not None
                   else ngettext("You won in {moves} move and {time}.",
                                 "You won in {moves} moves and {time}.", moves))
            lines = [won.format(**facts)]
        if session.facts.daily is not None:
            lines.insert(0, daily_words(session.facts.daily))
        self.session = session
        buttons: list[tuple[str, Callable[[], None] | None]] = [
            (_("New game"), new_game), (_("Play this deal again"), restart)]
        if session.facts.daily is not None and copy_result is not None:
            buttons.append((_("Copy result"), copy_result))
        super().__init__(host, title, lines, buttons)
        # Kings first, suit after suit, as the foundations are emptied from the top.
        self.queue = [(suit, rank) for rank in range(KING, 0, -1) for suit in Suit]
        self.falling: list[Falling] = []
        self.last: float | None = None
        self.next_launch = 0.0
        self.rng = random.Random()

    def body_lines(self) -> list[str]:
        """The result, how it compares with par and the player's best, then the deal's grade:
        the deal's facts as the game's record holds them (final at the outcome)."""
        par, helped = self.session.facts.par, self.session.outcome is Outcome.SOLVED_WITH_HELP
        facts = [par_result(self.session.moves(), par, helped)] if par is not None else []
        best = best_line(self.session.facts)  # the best before this game
        facts += [best] if best else []
        return [*self.lines, *facts, *grade_lines(self.session)]

    def busy(self) -> bool:
        return bool(self.queue or self.falling)

    def update(self, now: float) -> None:
        if self.last is None:
            self.last = self.next_launch = now
        step = min(now - self.last, 0.05)
        self.last = now
        table = self.table
        card_h = table.layout.card[1]
        gravity = GRAVITY * card_h / 200
        if self.queue and now >= self.next_launch:
            suit, rank = self.queue.pop(0)
            box = table.layout.piles[Pile.foundation(suit)]
            speed = card_h * self.rng.uniform(2.0, 4.5)
            self.falling.append(Falling(table.faces.face(CARDS[suit][rank]), box.x, box.y,
                                        speed, -card_h * self.rng.uniform(0.0, 3.0)))
            self.next_launch = now + LAUNCH_EVERY
        floor = table.layout.table.bottom - card_h
        width = self.size[0]
        for card in self.falling:
            card.vy += gravity * step
            card.x += card.vx * step
            card.y += card.vy * step
            if card.y > floor:
                card.y = floor
                card.vy = -card.vy * BOUNCE
        self.falling = [card for card in self.falling if card.x < width]

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        if full:
            return super().draw(screen, full)
        screen.set_clip(pygame.Rect(self.table.layout.table))
        rects = [screen.blit(card.image, (round(card.x), round(card.y))) for card in self.falling]
        screen.set_clip(None)
        if rects:
            self.draw_panel(screen)
            rects.append(self.panel)
        return rects + super().draw(screen, False)

    def needs_draw(self) -> bool:
        return bool(self.falling) or super().needs_draw()
