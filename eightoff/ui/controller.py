"""Mouse and keyboard in, core moves out.

A press lifts the run under the pointer (only a run that may move); a few pixels of movement
make it a drag, which drops on the pile the lead card covers most; no movement makes it a
click (or, with the double-click preference, a double-click), which asks the core for the best
target. A right-button press, or a long press, on a covered card shows it whole while held.
Keys pick a source pile, then a target.
"""

from __future__ import annotations

import contextlib
from functools import cache
from typing import TYPE_CHECKING, Protocol

import msgspec
import pygame

from eightoff.core.errors import IllegalMove
from eightoff.core.i18n import _
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import card_name, no_card_in, pile_from
from eightoff.core.variants import variant_of
from eightoff.session.commands import COMMANDS, HELP, key_words
from eightoff.session.pile_keys import FOUNDATION_KEYS, PILE_KEYS, pile_keys
from eightoff.session.words import click_refusal
from eightoff.ui.sprites import CardSprite

if TYPE_CHECKING:
    from eightoff.core.game import GameView
    from eightoff.core.moves import Move
    from eightoff.core.preferences import Preferences
    from eightoff.ui.access import Announcer
    from eightoff.ui.animation import Animator
    from eightoff.ui.effects import AnimationEffect, SoundEffect
    from eightoff.ui.layout import Layout
    from eightoff.ui.sprites import CardSprites
    from eightoff.ui.status import StatusLine
    from eightoff.ui.toolbar import Toolbar
    from eightoff.ui.view import TableView


class Board(Protocol):
    """The table as the controller drives it (the table scene is one; named by shape, so this
    module need not import the table, which imports it)."""

    sprites: CardSprites
    animator: Animator
    toolbar: Toolbar
    status: StatusLine
    announcer: Announcer
    layout: Layout
    view: TableView
    sound: SoundEffect
    animation: AnimationEffect

    @property
    def game(self) -> GameView: ...

    def now(self) -> float: ...

    def notify(self, text: str) -> None: ...

    def play(self, move: Move, by_solver: bool = False) -> None: ...

    def perform(self, action: str) -> None: ...

    def invalidate(self) -> None: ...

    @property
    def preferences(self) -> Preferences: ...


CLICK_SLOP = 4
"""Pixels of movement after which a press becomes a drag."""
DOUBLE_CLICK_SECONDS = 0.4
LONG_PRESS_SECONDS = 0.5
"""A press held this long without moving on a covered card that cannot move shows the card
(touch screens have no right button); a run that may move is left to be dragged."""


@cache
def shortcut_table() -> dict[tuple[int, bool, bool], str]:
    """(key, ctrl, shift) -> command name, read from the session's command list."""
    table = {}
    for command in COMMANDS:
        for name in command.keys:
            *mods, key_name = name.split("+")
            table[(pygame.key.key_code(key_name.lower()), "Ctrl" in mods, "Shift" in mods)] = command.name
    return table


def key_letter(key: int) -> str:
    """The key's name as the pile keys are written ("[1]", a keypad digit, is "1")."""
    name = pygame.key.name(key)
    return name[1:-1] if name.startswith("[") and name.endswith("]") else name


class Press(msgspec.Struct):
    start: tuple[int, int]
    sprites: list[CardSprite]
    offsets: list[tuple[int, int]]
    pile: Pile
    legal: dict[Pile, bool] = msgspec.field(default_factory=dict)
    """Whether the run may go to each pile it has hovered over (asked once per pile)."""


class LastClick(msgspec.Struct):
    time: float
    point: tuple[int, int]


class Controller:
    def __init__(self, table: Board) -> None:
        self.table = table
        self.press: Press | None = None
        self.dragging = False
        self.selected: Pile | None = None
        """The source pile picked with the keyboard, awaiting a target."""
        self.last_click: LastClick | None = None
        self.pressed_button: str | None = None
        self.drop_target: Pile | None = None
        """Where the dragged cards would legally land if dropped now (highlighted)."""
        self._hand = False
        self.peeking: CardSprite | None = None
        """The covered card shown whole while the button is held."""
        self.held: tuple[CardSprite, float, str | None] | None = None
        """A covered card pressed (when, and why it cannot move), which a long enough press
        shows; a shorter one gives the refusal when it is released, so a look is not a try."""

    # ----- mouse ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.table.status.dismiss()  # the player acts: the last notice has been read
            self.table.animator.finish()  # and wants the cards where they go (a deal, a move)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.peek(self.covered_at(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.end_peek()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.peeking is not None:  # the end of a long press: nothing else
                self.press = self.held = None
                self.end_peek()
                return
            self.mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod)

    def mouse_down(self, point: tuple[int, int]) -> None:
        table = self.table
        if self.press is not None:  # a release we never saw (focus lost mid-drag)
            self.cancel()
        table.animator.finish()
        button = table.toolbar.button_at(point, greyed=True)
        if button is not None:
            table.toolbar.pressed = self.pressed_button = button.action
            return
        sprite = table.sprites.top_at(point)
        if sprite is None:
            self.select(None)
            return
        run = self.liftable(sprite)
        if not run:
            game = table.game
            reason = game.position.lift(game.rules, sprite.pile, sprite.card).refusal
            if self.covered_at(point) is sprite:  # a run pressed may be about to move
                self.held = (sprite, table.now(), reason)
            elif reason is not None:
                self.refuse(reason)
        else:
            offsets = [(point[0] - s.rect.x, point[1] - s.rect.y) for s in run]
            self.press = Press(point, run, offsets, sprite.pile)

    def mouse_move(self, point: tuple[int, int]) -> None:
        table = self.table
        press = self.press
        if press is None:
            table.toolbar.hover(point)
            if table.status.hover(pygame.Rect(table.layout.status).collidepoint(point)):
                table.view.full = True  # the whole notice opens over the table, or closes
            if self.pressed_button is None:
                sprite = table.sprites.top_at(point)
                self.set_hand(table.toolbar.hovered is not None
                              or (sprite is not None and bool(self.liftable(sprite))))
            return
        if not self.dragging:
            if max(abs(point[0] - press.start[0]), abs(point[1] - press.start[1])) < CLICK_SLOP:
                return
            self.held = None
            self.dragging = True
            self.select(None)
            table.sprites.lift(press.sprites)
            table.sound.play("pick")
        for sprite, (dx, dy) in zip(press.sprites, press.offsets, strict=True):
            sprite.rect.topleft = (point[0] - dx, point[1] - dy)
        self.drop_target = self.legal_target(press)

    def legal_target(self, press: Press) -> Pile | None:
        target = self.table.layout.best_drop(press.sprites[0].box)
        if target is None or target == press.pile:
            return None
        if target not in press.legal:
            try:
                self.table.game.find_move(press.pile, target, len(press.sprites))
                press.legal[target] = True
            except IllegalMove:
                press.legal[target] = False
        return target if press.legal[target] else None


    # ----- peeking at a covered card -------------------------------------------------------------

    def covered_at(self, point: tuple[int, int]) -> CardSprite | None:
        """The face-up card under `point` when another card covers part of it (a face-down
        card stays hidden: peeking is no way to cheat)."""
        sprite = self.table.sprites.top_at(point)
        if sprite is None or not sprite.face_up or self.dragging:
            return None
        cards = self.table.game.position.cards(sprite.pile)
        return sprite if sprite.card in cards and cards[-1] != sprite.card else None

    def peek(self, sprite: CardSprite | None) -> None:
        """Show `sprite` whole, above the cards on it, until the button comes up."""
        self.end_peek()
        if sprite is not None:
            self.peeking = sprite
            self.table.sprites.lift([sprite])

    def end_peek(self) -> None:
        if self.peeking is not None:
            self.table.sprites.settle(self.peeking)
            self.peeking = None

    def update(self, now: float) -> None:
        """A press held long enough on a covered card shows it."""
        if self.held is not None and not self.dragging and now - self.held[1] >= LONG_PRESS_SECONDS:
            sprite, self.held = self.held[0], None  # its refusal is not given: it was a look
            self.press = None  # the press was to look, not to move
            self.peek(sprite)

    def next_wakeup(self) -> float | None:
        return self.held[1] + LONG_PRESS_SECONDS if self.held is not None else None

    def refuse(self, reason: str) -> None:
        self.table.sound.play("refuse")
        self.table.notify(reason)

    def mouse_up(self, point: tuple[int, int]) -> None:
        held, self.held = self.held, None
        if held is not None and held[2] is not None:  # a click on a covered card that cannot move
            self.refuse(held[2])
        table = self.table
        if self.pressed_button is not None:
            button = table.toolbar.button_at(point, greyed=True)
            action = self.pressed_button
            table.toolbar.pressed = self.pressed_button = None
            if button is not None and button.action == action:
                table.perform(action)
            return
        press, self.press = self.press, None
        if press is None:
            return
        if self.dragging:
            self.dragging = False
            self.drop_target = None
            self.drop(press)
        else:
            self.click(press, point)

    def drop(self, press: Press) -> None:
        table = self.table
        target = table.layout.best_drop(press.sprites[0].box)
        if target is None or target == press.pile:
            table.animation.fly_back()
            return
        try:
            move = table.game.find_move(press.pile, target, len(press.sprites))
        except IllegalMove as error:
            table.sound.play("refuse")
            table.notify(str(error))
            table.animation.fly_back()
            return
        table.play(move)

    def click(self, press: Press, point: tuple[int, int]) -> None:
        table = self.table
        now = table.now()
        last = self.last_click
        self.last_click = None
        double = (
            last is not None
            and now - last.time < DOUBLE_CLICK_SECONDS
            and max(abs(point[0] - last.point[0]), abs(point[1] - last.point[1])) < CLICK_SLOP
        )
        wait_for_double = table.preferences.double_click_home
        if double and not wait_for_double:
            return  # the second half of a double-click: the first click already moved the card
        if len(press.sprites) != 1 or press.pile.kind is PileKind.FOUNDATION:
            return
        if wait_for_double and not double:
            self.last_click = LastClick(now, point)  # a single click only marks the first half
            return
        self.select(None)
        move = table.game.click_move(press.pile)
        if move is None:
            table.sound.play("refuse")
            table.notify(click_refusal(table.game.position, table.game.rules, press.pile))
            return
        self.last_click = None if wait_for_double else LastClick(now, point)
        table.play(move)

    def liftable(self, sprite: CardSprite) -> list[CardSprite]:
        """The sprites that a press on `sprite` lifts, as the core's `Position.lift` says: it
        and the cards on it, if they may move together; else none."""
        game = self.table.game
        count = game.position.lift(game.rules, sprite.pile, sprite.card).count
        cards = game.position.cards(sprite.pile)
        by_card = self.table.sprites.by_card
        return [by_card[card] for card in cards[len(cards) - count:]] if count else []

    def set_hand(self, hand: bool) -> None:
        if hand != self._hand:
            self._hand = hand
            with contextlib.suppress(pygame.error):  # no system cursors (headless)
                pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)

    def cancel(self) -> None:
        """Drop whatever is in hand back where it came from (Esc, a dialog, a new game)."""
        self.held = None
        self.end_peek()
        if self.dragging:
            self.dragging = False
            self.table.animation.fly_back()
        self.drop_target = None
        self.press = None
        self.table.toolbar.pressed = self.pressed_button = None

    # ----- keyboard --------------------------------------------------------------------------

    def key(self, key: int, mod: int) -> None:
        table = self.table
        if key == pygame.K_F10 or table.toolbar.focused is not None:
            self.toolbar_key(key)
            return
        ctrl, shift = bool(mod & pygame.KMOD_CTRL), bool(mod & pygame.KMOD_SHIFT)
        action = shortcut_table().get((key, ctrl, shift))
        if action is not None:
            table.animator.finish()
            self.cancel()
            self.select(None)
            table.perform(action)
            return
        if ctrl or mod & pygame.KMOD_ALT:
            return
        if key == pygame.K_ESCAPE:
            table.status.dismiss_warning()
            if self.dragging or self.press is not None:
                self.cancel()
            else:
                self.select(None)
            return
        table.animator.finish()
        name = pygame.key.name(key)
        if shift and len(name) == 1 and name in FOUNDATION_KEYS:  # a foundation as the source
            self.pick(Pile.foundation(FOUNDATION_KEYS.index(name)))
            return
        pile = self.pile_for_key(key)
        if pile is not None:
            self.pick(pile)
        elif key == pygame.K_SPACE and self.selected is not None:
            self.pick(self.selected)
        elif key in (pygame.K_SPACE, pygame.K_f, pygame.K_RETURN, pygame.K_KP_ENTER):
            table.notify(_("Pick a card first with its pile's key ({help}, {key}, lists them)").format(
                help=_(HELP.label), key=key_words(HELP.keys[0])))
        elif len(key_letter(key)) == 1 and key_letter(key) in PILE_KEYS:
            table.notify(_("In {game} the key {key} picks no pile ({help}, {help_key}, lists them)").format(
                game=_(variant_of(table.game.rules).title), key=key_letter(key).upper(), help=_(HELP.label),
                help_key=key_words(HELP.keys[0])))

    def toolbar_key(self, key: int) -> None:
        """F10 enters the toolbar; Left/Right (or Tab) move along it, Enter or Space presses
        the focused button, Esc or F10 go back to the table's keys."""
        toolbar = self.table.toolbar
        if key in (pygame.K_ESCAPE, pygame.K_F10) and toolbar.focused is not None:
            toolbar.focused = None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and toolbar.focused:
            action, toolbar.focused = toolbar.focused, None
            self.table.perform(action)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_F10):
            toolbar.move_focus(-1 if key == pygame.K_LEFT else 1)

    def pile_for_key(self, key: int) -> Pile | None:
        pile = pile_keys(self.table.game.rules).get(key_letter(key))
        if pile is not None:
            return pile
        if key in (pygame.K_f, pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            top = self.table.game.position.top(self.selected)
            return Pile.foundation(top.suit) if top is not None else None
        return None

    def pick(self, pile: Pile) -> None:
        """A key named `pile`: the source if none is picked yet, else the target."""
        table = self.table
        source = self.selected
        if source is None:
            if not table.game.position.cards(pile):
                table.notify(no_card_in(pile, table.game.rules))
                return
            self.select(pile)
            return
        self.select(None)
        if pile == source:
            move = table.game.click_move(source)
            if move is None:
                table.notify(_("That card has nowhere to go by itself: pick a target"))
                return
            table.play(move)
            return
        try:
            move = table.game.find_move(source, pile)
        except IllegalMove as error:
            table.sound.play("refuse")
            table.notify(str(error))
            return
        table.play(move)

    def select(self, pile: Pile | None) -> None:
        if pile != self.selected:
            self.selected = pile
            self.table.invalidate()
            top = self.table.game.position.top(pile) if pile is not None else None
            if pile is not None and top is not None:
                self.table.announcer.say(_("Picked {card} {source}: now choose where it goes").format(
                    card=card_name(top), source=pile_from(pile, self.table.game.rules)))
