"""What the player hears and sees of the session's changes besides the picture: sound, what a
screen reader is told, and the cards' flights.

Each effect listens to the session on its own (`Session.listeners`), so a new effect is one
more listener and the table scene does not dispatch for any of them. None of them changes
the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from eightoff.core.i18n import _
from eightoff.core.piles import PileKind
from eightoff.core.preferences import ANIMATION_SPEEDS
from eightoff.session.changes import Change
from eightoff.session.words import move_words
from eightoff.ui.animation import BASE_SECONDS, Animator
from eightoff.ui.sound import Sounds
from eightoff.ui.status import game_summary

if TYPE_CHECKING:
    from eightoff.core.game import GameView, Step
    from eightoff.core.position import Position
    from eightoff.session.session import Session
    from eightoff.ui.access import Announcer
    from eightoff.ui.layout import Layout


STEPS = (Change.MOVE, Change.REDO, Change.UNDO, Change.REPLAY)
"""The changes that move cards, which a sound goes with (a replay's steps too)."""


class SoundEffect:
    """The sounds of the game: a card put down or sent home, the deal, a win (and, played by
    the controller, a card picked up or a move refused)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.sounds = Sounds()
        """Silent, with no mixer loaded, unless the player turned sound on (`start`)."""
        session.listeners.append(self.changed)

    def start(self) -> None:
        """Sound as the preferences have it: the mixer started (once the deal is on screen,
        so the first frame does not wait for it), or stopped."""
        preferences = self.session.preferences
        if preferences.sound:
            self.sounds.enable(preferences.volume)
        else:
            self.sounds.disable()

    def play(self, name: str) -> None:
        self.sounds.play(name)

    def changed(self, change: Change, game: GameView, step: Step | None) -> None:
        if change is Change.WON:
            self.play("win")
        elif change in (Change.NEW, Change.RESTART):  # both deal the cards again, animated
            self.play("deal")
        elif change in STEPS and step is not None and step.moves:
            back = change is Change.UNDO or (change is Change.REPLAY and game.position == step.before)
            home = not back and step.moves[0].destination.kind is PileKind.FOUNDATION
            self.play("home" if home else "drop")


class SpeechEffect:
    """Tells a screen reader what the session did, in the words of the status line."""

    def __init__(self, session: Session, announcer: Announcer) -> None:
        self.session = session
        self.announcer = announcer
        session.listeners.append(self.changed)

    def changed(self, change: Change, game: GameView, step: Step | None) -> None:
        forward = change is Change.MOVE or (change is Change.REPLAY and step is not None
                                             and game.position == step.after)
        if forward and step is not None and step.moves:  # a replay's moves are told as they are shown
            self.announcer.say(move_words(step.before, game.rules, step.moves[0]))
        elif change is Change.WON:
            self.announcer.say(_("You won: every card is home"))
        elif change is Change.UNDO:
            self.announcer.say(_("Move undone"))
        elif change in (Change.NEW, Change.RESTART):
            self.announcer.say(game_summary(self.session))


class Stage(Protocol):
    """Where the cards fly: the table's layout of the moment (the table scene holds it)."""

    layout: Layout

    def now(self) -> float: ...


class AnimationEffect:
    """The cards fly through what the session did: each move of a step, an undo back, a new
    deal from a pile at the foot of the table. The animation-speed preference sets the pace
    ("off": none); any input lands them at once. Listens after the table has laid itself out
    for a new deal, whose rules may have another shape."""

    def __init__(self, session: Session, stage: Stage, animator: Animator) -> None:
        self.session = session
        self.stage = stage
        self.animator = animator
        session.listeners.append(self.changed)

    def flight_seconds(self) -> float:
        return BASE_SECONDS * ANIMATION_SPEEDS.get(self.session.preferences.animation_speed, 1.0)

    def fly(self, positions: list[Position]) -> None:
        """Fly the cards through `positions`, one leg each."""
        legs = [self.stage.layout.places(position) for position in positions]
        self.animator.start(legs, self.flight_seconds(), self.stage.now())

    def fly_back(self) -> None:
        """Return lifted cards to where the game says they lie."""
        self.fly([self.session.game.position])

    def deal(self) -> None:
        """A new deal's cards fly from a pile at the foot of the table to their places. Not the
        game the window opens on: its first frame shows the cards in place at once."""
        layout = self.stage.layout
        table, (width, height) = layout.table, layout.card
        origin = (table.x + (table.w - width) // 2, table.bottom - height - layout.gap)
        self.animator.deal(layout.places(self.session.game.position), origin, self.flight_seconds(),
                           self.stage.now())

    def changed(self, change: Change, game: GameView, step: Step | None) -> None:
        if change in (Change.NEW, Change.RESTART):
            self.deal()
        elif change in (Change.MOVE, Change.REDO) and step is not None:
            self.fly(_legs(step))
        elif change is Change.UNDO and step is not None:
            self.fly([step.before])
        elif change is Change.REPLAY and step is not None:  # a replay's step, forward or back
            self.fly(_legs(step) if game.position == step.after else [step.before])


def _legs(step: Step) -> list[Position]:
    """The positions a step's cards pass through, one leg a move (auto-play's cards after it)."""
    positions = [step.before]
    for move in step.moves:
        positions.append(positions[-1].apply(move))
    return positions[1:]
