"""The table scene: the game on screen, its toolbar and status line, and what the player's
actions do to the game.

Drawing keeps a picture of everything that is not moving (`static`); while cards are dragged
or fly, a frame only restores the area they left from that picture and draws them again, so
a frame costs a few blits whatever the window size.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pygame

from eightoff.core.cards import Suit
from eightoff.core.deals import random_deal_number
from eightoff.core.game import Game, Step
from eightoff.core.i18n import _
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import EmptyColumn, Rules
from eightoff.core.variants import VARIANTS, variant_of
from eightoff.session.changes import Change
from eightoff.session.clock import GameClock
from eightoff.session.commands import BY_NAME
from eightoff.session.grading import grade_lines, shipped_winnable_deal
from eightoff.session.outcome import Outcome
from eightoff.session.session import Session
from eightoff.session.words import hint_words, move_words
from eightoff.store.preferences import ANIMATION_SPEEDS, Preferences
from eightoff.ui import theme
from eightoff.ui.access import Announcer
from eightoff.ui.animation import BASE_SECONDS, Animator
from eightoff.ui.celebration import WinDialog
from eightoff.ui.controller import Controller
from eightoff.ui.dialogs import (
    DealDialog,
    GameChooser,
    MessageDialog,
    PreferencesDialog,
    help_dialog,
)
from eightoff.ui.faces import CardFaces, card_faces
from eightoff.ui.layout import Layout, compute_layout, layout_record
from eightoff.ui.scene import Scene
from eightoff.ui.sprites import CardSprite, CardSprites
from eightoff.ui.status import StatusLine, game_summary, wrap_text
from eightoff.ui.toolbar import Toolbar
from eightoff.ui.window import in_screen_format

if TYPE_CHECKING:
    from eightoff.ui.app import App

HINT_SECONDS = 2.5
SHADOW = (0, 0, 0, 55)


def shadow_offset(card: pygame.Rect) -> tuple[int, int]:
    """How far a lifted card's shadow falls, growing with the card."""
    return (max(2, card.w // 30), max(3, card.w // 20))


class TableScene(Scene):
    modal = False

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.sprites = CardSprites()
        self.animator = Animator(self.sprites)
        self.toolbar = Toolbar()
        self.status = StatusLine()
        self.announcer = Announcer()
        self.controller = Controller(self)
        self.static: pygame.Surface | None = None
        self._shadow_surface: pygame.Surface | None = None
        self.static_key: frozenset[CardSprite] = frozenset()
        self.full = True
        self.moving_key: tuple[tuple[int, int], ...] = ()
        self.moving_area: pygame.Rect | None = None
        self.target_box: pygame.Rect | None = None
        self.checks_due = True
        self.layout_due = True
        self.offered: Position | None = None
        self.finish_offered = False
        """The "All cards can go home" offer was made in this game (it is not repeated)."""
        """The position for which a "stuck" or "finish" offer was last shown (shown once)."""
        self.hint: tuple[Move, float] | None = None
        theme.use(app.preferences.high_contrast)
        self.layout: Layout = compute_layout(*app.size, session.game.rules, app.preferences.large_cards,
                                             app.ui_scale)
        self.faces: CardFaces = self._faces()
        self.resize(app.size)
        session.listeners.append(self.session_changed)

    # ----- what the session owns --------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def clock(self) -> GameClock:
        return self.session.clock

    @property
    def hints_used(self) -> bool:
        return self.session.hints_used

    @property
    def solver_finished(self) -> bool:
        return self.session.outcome is Outcome.SOLVED_WITH_HELP

    # ----- geometry and pictures -----------------------------------------------------------

    @property
    def preferences(self) -> Preferences:
        return self.app.preferences

    def _faces(self) -> CardFaces:
        return card_faces(*self.layout.card, self.preferences.four_colour, self.preferences.high_contrast)

    def resize(self, size: tuple[int, int]) -> None:
        self.animator.finish()
        self.controller.cancel()
        self.layout = compute_layout(*size, self.game.rules, self.preferences.large_cards, self.app.ui_scale)
        self.faces = self._faces()
        self.sprites.set_faces(self.faces)
        self.sprites.arrange(self.layout.places(self.game.position), self.faces, move=True)
        self.toolbar.place(self.layout.toolbar)
        self.layout_due = True
        self.invalidate()

    def refresh_faces(self) -> None:
        """Redraw the cards after a change of deck (four colours, high contrast)."""
        self.faces = self._faces()
        self.sprites.set_faces(self.faces)
        self.invalidate()

    def invalidate(self) -> None:
        self.static = None
        self.full = True

    # ----- the game's changes --------------------------------------------------------------

    def flight_seconds(self) -> float:
        return BASE_SECONDS * ANIMATION_SPEEDS.get(self.preferences.animation_speed, 1.0)

    def animate(self, positions: list[Position]) -> None:
        """Fly the cards through `positions`, one leg each."""
        legs = [self.layout.places(position) for position in positions]
        self.animator.start(legs, self.flight_seconds(), self.app.now())

    def show_step(self, step: Step) -> None:
        positions = [step.before]
        for move in step.moves:
            positions.append(positions[-1].apply(move))
        self.animate(positions[1:])

    def play(self, move: Move, by_solver: bool = False) -> None:
        self.animator.finish()
        self.session.autoplay = self.preferences.autoplay
        self.session.play(move, by_solver)

    def fly_back(self) -> None:
        """Return lifted cards to where the game says they lie."""
        self.animate([self.game.position])

    def session_changed(self, change: Change, game: Game, step: Step | None) -> None:
        """Show what the session did: fly the cards, forget picks and hints, check again."""
        if change is Change.LOST:
            return
        self.announce(change, step)
        self.hint = None
        self.controller.selected = None
        self.checks_due = True
        self.layout_due = True
        if change in (Change.NEW, Change.RESTART):
            self.animator.finish()
            self.controller.cancel()
            self.offered = None
            self.finish_offered = False
            self.resize(self.app.size)  # the rules may have another shape
        elif change in (Change.MOVE, Change.REDO) and step is not None:
            self.show_step(step)
        elif change is Change.UNDO and step is not None:
            self.animate([step.before])
        self.invalidate()

    def announce(self, change: Change, step: Step | None) -> None:
        """Tell a screen reader what the session did, in the words of the status line."""
        if change is Change.MOVE and step is not None and step.moves:
            self.announcer.say(move_words(step.before, step.moves[0]))
        elif change is Change.WON:
            self.announcer.say(_("You won: every card is home"))
        elif change is Change.UNDO:
            self.announcer.say(_("Move undone"))
        elif change in (Change.NEW, Change.RESTART):
            self.announcer.say(self.summary())

    def replace_game(self, game: Game, change: Change, keep: bool = False) -> None:
        self.animator.finish()
        self.controller.cancel()
        self.session.start(game, change, keep=keep)

    def notify(self, text: str) -> None:
        self.status.show(text)
        self.announcer.say(text)

    # ----- actions (toolbar buttons and keys) ------------------------------------------------

    def enabled(self) -> dict[str, bool]:
        self.session.solver_available = self.app.solver is not None
        return {name: command.enabled(self.session) for name, command in BY_NAME.items()}

    def perform(self, action: str) -> None:
        """Run a command of the session's list: the session's own, or a dialog of ours."""
        self.session.solver_available = self.app.solver is not None
        if not self.session.enabled(action):
            return
        self.animator.finish()
        self.controller.cancel()
        if BY_NAME[action].run is not None:
            self.session.autoplay = self.preferences.autoplay
            self.session.perform(action)
        else:
            getattr(self, f"do_{action}")()

    def new_rules(self, key: str | None = None) -> Rules:
        """The rules a new game of variant `key` (default: the one being played) gets."""
        variant = variant_of(self.game.rules) if key is None else VARIANTS[key]
        return variant.configure(self.preferences.rule_options(variant.key))

    def do_new(self, number: int | None = None, key: str | None = None) -> None:
        """A new game of variant `key` (default: this one). A random one, when winnable deals
        only are wanted, comes at once from the shipped deals of the preferred grades; where the
        game has no such list, the solver proves random deals first and the player is told."""
        rules = self.new_rules(key)
        keep = key is not None and key != self.game.rules.name  # switching games keeps this one
        winnable = number is None and self.preferences.winnable_only
        if number is None:
            number = shipped_winnable_deal(self.preferences, rules.name)
        if winnable and number is None and self.app.solver is not None and not keep:
            self.app.solver.new_random_game(rules)  # it starts the game once a deal passes
            # Said after the solver's "Dealing..." notice, so that this one stays to be read.
            self.notify(_("{game} has no list of graded deals: any winnable deal is dealt.")
                        .format(game=_(variant_of(rules).title)))
            return
        deal = random_deal_number() if number is None else number
        self.replace_game(Game.new(deal, rules), Change.NEW, keep)

    def do_restart(self) -> None:
        self.perform("restart")

    def do_undo(self) -> None:
        self.perform("undo")

    def do_redo(self) -> None:
        self.perform("redo")

    def do_game(self) -> None:

        self.app.push(GameChooser(self.app, self.choose_variant))

    def choose_variant(self, key: str) -> None:
        """The Game chooser picked `key`: resume its unfinished game if one is kept, else deal."""
        if key == self.game.rules.name:
            return
        self.preferences.last_rules = key
        self.app.emit_preferences()
        resumed = self.app.resume_variant(key) if self.app.resume_variant else None
        if resumed is not None:
            game, elapsed, hints_used = resumed
            self.animator.finish()
            self.controller.cancel()
            self.session.start(game, Change.NEW, elapsed, hints_used, keep=True)
        else:
            self.do_new(key=key)

    def do_hint(self) -> None:
        if self.app.solver is not None:
            self.app.solver.hint()  # it calls show_hint when the answer is in

    def show_hint(self, move: Move) -> None:
        self.session.note_hint()
        self.notify(hint_words(self.game.position, move))
        self.hint = (move, self.app.now() + HINT_SECONDS)
        self.invalidate()

    def do_solve(self) -> None:
        if self.app.solver is not None:
            self.app.solver.play_solution()

    def do_deal(self) -> None:

        self.app.push(DealDialog(self.app, self.do_new))

    def do_preferences(self) -> None:

        self.app.push(PreferencesDialog(self.app, self.session.variant, self.preferences_changed))

    def do_statistics(self) -> None:

        if self.app.statistics_dialog is not None:
            self.app.push(self.app.statistics_dialog())
            return
        lines = self.app.statistics_lines(self.game)
        self.app.push(MessageDialog(self.app, _("Statistics"), lines, [(_("Close"), None)]))

    def do_help(self) -> None:

        self.app.push(help_dialog(self.app, self.session))

    def do_messages(self) -> None:
        """Every notice of this session again, newest last: none is lost by being missed."""
        dialog = MessageDialog(self.app, _("Messages"), [], [(_("Close"), None)])
        width = dialog.panel.w - dialog.px(56)
        lines = [line for notice in self.status.history
                 for line in wrap_text(notice, dialog.text_font, width)]
        room = max(1, (self.app.size[1] - dialog.px(220)) // dialog.text_font.get_linesize())
        dialog.lines = lines[-room:] or [_("No messages yet.")]
        dialog.resize(self.app.size)
        self.app.push(dialog)

    def do_quit(self) -> None:
        self.app.quit()

    def do_finish(self) -> None:
        self.perform("finish")

    def preferences_changed(self, old: Preferences) -> None:
        new = self.preferences
        if new.high_contrast != old.high_contrast:
            theme.use(new.high_contrast)  # the bars and dialogs read it at their next frame
        if (new.four_colour, new.high_contrast) != (old.four_colour, old.high_contrast):
            self.refresh_faces()
        if new.large_cards != old.large_cards:
            self.resize(self.app.size)
        game = self.session.variant.key
        takeback = new.rule_options(game).get("takeback")
        if takeback != old.rule_options(game).get("takeback"):
            self.session.change_takeback(bool(takeback))
        if new.language != old.language:
            self.app.change_language()
        if new.autoplay and not old.autoplay:
            self.animator.finish()
            self.session.autoplay_now()
        self.session.autoplay = new.autoplay
        self.app.emit_preferences()

    # ----- what the position calls for ---------------------------------------------------------

    def check_position(self) -> None:
        """After the cards have landed: a won game, a finish, or a dead end."""
        self.checks_due = False
        game = self.game
        if game.is_won:
            if self.offered == game.position:
                return
            self.offered = game.position  # celebrated once; an undo and redo does not repeat it

            self.app.push(WinDialog(self.app, self.session))
            return
        if self.offered == game.position:
            return
        if game.can_finish():
            if self.preferences.autoplay:
                self.do_finish()
                return
            self.offered = game.position
            if self.finish_offered:
                return  # offered once a game; Ctrl+F finishes when the player wants
            self.finish_offered = True

            self.app.push(MessageDialog(self.app, _("All cards can go home"),
                                        [_("Every remaining card can go to the foundations in order."),
                                         _("Not now: Ctrl+F finishes whenever you like.")],
                                        [(_("Finish"), self.do_finish), (_("Not now"), None)]))
        elif game.is_stuck:
            self.offered = game.position

            self.app.push(MessageDialog(self.app, _("No moves left"),
                                        [_("No move is left that changes anything."),
                                         *grade_lines(self.session)],
                                        [(_("Undo"), self.do_undo), (_("Restart"), self.do_restart),
                                         (_("New game"), self.do_new), (_("Close"), None)]))

    # ----- the scene's life ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.controller.handle(event)

    def update(self, now: float) -> None:
        self.animator.update(now)
        if self.hint is not None and now >= self.hint[1]:
            self.hint = None
            self.invalidate()
        on_top = self.app.top is self
        self.session.tick(on_top and self.app.visible)
        self.toolbar.set_enabled(self.enabled())
        if on_top and self.checks_due and not self.animator.busy and not self.controller.dragging:
            self.check_position()

    def busy(self) -> bool:
        return self.animator.busy

    def next_wakeup(self, now: float) -> float | None:
        times = [self.clock.next_tick(now), self.hint[1] if self.hint else None]
        known = [time for time in times if time is not None]
        return min(known) if known else None

    def pause(self) -> None:
        self.controller.cancel()

    # ----- drawing -----------------------------------------------------------------------------

    def summary(self) -> str:
        return game_summary(self.session)

    def needs_draw(self) -> bool:
        lifted = self.sprites.lifted()
        return (
            self.full
            or self.static is None
            or tuple(sprite.rect.topleft for sprite in lifted) != self.moving_key
            or self._target_box() != self.target_box
            or self.toolbar.needs_draw()
            or self.status.needs_draw(self.summary())
        )

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        lifted = self.sprites.lifted()
        if self.static is None or frozenset(lifted) != self.static_key:
            self.static = self._paint_static(screen.get_size())
            self.static_key = frozenset(lifted)
            full = True
        table = pygame.Rect(self.layout.table)
        area = self._moving_area(lifted)
        rects: list[pygame.Rect] = []
        if full or self.full:
            screen.blit(self.static, (0, 0))
            self._draw_lifted(screen, lifted, table)
            self.toolbar.draw(screen, self.layout.toolbar)
            self.status.draw(screen, self.layout.status, self.summary())
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
                screen.blit(self.static, dirty, dirty)
                self._draw_lifted(screen, lifted, dirty)
                rects.append(dirty)
            if self.toolbar.needs_draw():
                rects.append(self.toolbar.draw(screen, self.layout.toolbar))
            summary = self.summary()
            if self.status.needs_draw(summary):
                rects.append(self.status.draw(screen, self.layout.status, summary))
        self.moving_area = area
        self.moving_key = tuple(sprite.rect.topleft for sprite in lifted)
        self.target_box = self._target_box()
        return rects

    def _target_box(self) -> pygame.Rect | None:
        """Where the drop-target highlight goes while cards are dragged (None: no legal target)."""
        target = self.controller.drop_target
        if target is None:
            return None
        count = len(self.game.position.cards(target))
        return pygame.Rect(self.layout.card_boxes(target, max(count, 1))[-1])

    def after_frame(self) -> None:
        """Called once the frame is on screen: the layout record, if asked for."""
        settled = not self.animator.busy and not self.controller.dragging
        if self.layout_due and self.app.print_layout and settled:
            record = {"layout": layout_record(self.layout, self.game.position)}
            print(json.dumps(record, separators=(",", ":")), file=self.app.out, flush=True)
        if not self.animator.busy:
            self.layout_due = False

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
            screen.blit(self.faces.highlight(), target)
        if lifted:
            shadow = self._shadow()
            offset = shadow_offset(lifted[0].rect)
            for sprite in lifted:
                screen.blit(shadow, sprite.rect.move(offset))
        for sprite in lifted:
            screen.blit(sprite.image, sprite.rect)
        screen.set_clip(None)

    def _shadow(self) -> pygame.Surface:
        size = self.layout.card
        if self._shadow_surface is None or self._shadow_surface.get_size() != size:
            self._shadow_surface = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(self._shadow_surface, SHADOW, self._shadow_surface.get_rect(),
                             border_radius=max(3, size[0] // 12))
        return self._shadow_surface

    def _paint_static(self, size: tuple[int, int]) -> pygame.Surface:
        surface = in_screen_format(pygame.Surface(size), alpha=False)
        surface.fill(theme.FELT)
        table = pygame.Rect(self.layout.table)
        pygame.draw.rect(surface, theme.FELT_DARK, table.inflate(-8, -8), 2, border_radius=10)
        faces = self.faces
        kings_only = self.game.rules.empty_column is EmptyColumn.KINGS
        for pile, box in self.layout.piles.items():
            if pile.kind is PileKind.FOUNDATION:
                label = Suit(pile.index).symbol
            elif pile.kind is PileKind.COLUMN and kings_only:
                label = "K"
            else:
                label = ""
            surface.blit(faces.slot(label), box[:2])
        for sprite in self.sprites.resting():
            surface.blit(sprite.image, sprite.rect)
        for pile, count in self._highlighted():
            cards = self.game.position.cards(pile)
            boxes = self.layout.card_boxes(pile, max(len(cards), 1))
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
        piles = []
        if self.controller.selected is not None:
            piles.append((self.controller.selected, 1))
        if self.hint is not None:
            move = self.hint[0]
            piles.extend(((move.source, move.count), (move.destination, 1)))
        return piles
