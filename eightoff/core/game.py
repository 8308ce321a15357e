"""A game: rules, a starting position and the history of what the player did.

Each user action, together with the auto-play moves it triggers, is one undo step, and counts
one on the move counter: a move (a run moved at once is one move), an undo, a redo. Cards that
auto-play sends home belong to the action that sent them. Undos count too, so a fewest-moves
record cannot be gamed by undoing. What auto-play sends home from the deal itself, before any
action (an Ace dealt into a cell), is a step that counts none (`settle`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from eightoff.core.cards import Card
from eightoff.core.deals import deal
from eightoff.core.i18n import _
from eightoff.core.moves import Move
from eightoff.core.notation import format_board, format_move, parse_board
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.replay import replay
from eightoff.core.rules import Rules
from eightoff.core.variants import variant, variant_of

RECORD_VERSION = 1


@dataclass(frozen=True)
class Step:
    """One undoable action: the moves in order and the positions around them."""

    moves: tuple[Move, ...]
    before: Position
    after: Position
    held: frozenset[Card] = frozenset()
    """Cards auto-play leaves alone after this step: ones the player took back off a
    foundation and has not moved since (else auto-play would send them straight home)."""


@dataclass
class Game:
    rules: Rules
    start: Position
    deal_number: int | None = None
    """None for a board that did not come from a numbered deal."""
    position: Position = field(init=False)
    move_count: int = field(default=0, init=False)
    done: list[Step] = field(default_factory=list, init=False)
    undone: list[Step] = field(default_factory=list, init=False)
    """The redo tail, the next step to redo last."""
    settled: bool = field(default=False, init=False)
    """The first step of `done` is the deal's own auto-play (`settle`): never undone."""

    def __post_init__(self) -> None:
        self.position = self.start

    @classmethod
    def new(cls, deal_number: int, rules: Rules) -> Game:
        return cls(rules, deal(deal_number, rules), deal_number)

    def restarted(self) -> Game:
        """The same deal from the beginning, as a fresh game."""
        return Game(self.rules, self.start, self.deal_number)

    def twin(self) -> Game:
        """A game standing where this one stands, with its history (what auto-play holds back,
        whether the deal settled) and count, but no redo tail: a line of moves is tried on it
        as this game would play it."""
        twin = Game(self.rules, self.start, self.deal_number)
        twin.position, twin.move_count, twin.settled = self.position, self.move_count, self.settled
        twin.done = list(self.done)
        return twin

    # ----- reading -------------------------------------------------------------------------

    @property
    def is_won(self) -> bool:
        return self.position.is_won

    @property
    def is_stuck(self) -> bool:
        return self.position.is_stuck(self.rules)

    @property
    def can_undo(self) -> bool:
        return len(self.done) > self.settled

    @property
    def at_deal(self) -> bool:
        """Whether the position is the deal's own: nothing the player did stands (none done,
        or all undone), though auto-play may have settled it."""
        return len(self.done) <= self.settled

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    @property
    def has_started(self) -> bool:
        """Whether the player has made a move (a game counts as played from then on)."""
        return self.move_count > 0

    def find_move(self, source: Pile, destination: Pile, count: int | None = None) -> Move:
        return self.position.find_move(self.rules, source, destination, count)

    def legal_moves(self) -> list[Move]:
        return self.position.legal_moves(self.rules)

    def click_move(self, source: Pile) -> Move | None:
        return self.position.click_move(self.rules, source)

    def can_finish(self) -> bool:
        """Whether every remaining card can go home in order from here with no other move."""
        return self.position.autoplay(self.rules, safe_only=False)[1].is_won

    # ----- changing ------------------------------------------------------------------------

    @property
    def held(self) -> frozenset[Card]:
        return self.done[-1].held if self.done else frozenset()

    def play(self, move: Move, autoplay: bool = False, finish: bool = False) -> Step:
        """Make a legal move (from `find_move` or `legal_moves`) and, if asked, the auto-play
        it allows, as one undo step. Clears the redo tail. With `finish`, when every card left
        can then go home in order, they go too, in the same step: the finish belongs to the
        move that made it possible (it counts once)."""
        after = self.position.apply(move)
        moves = [move]
        if autoplay:
            home, after = after.autoplay(self.rules, held=self._held_after(move))
            moves.extend(home)
        if finish and not after.is_won:
            rest, finished = after.autoplay(self.rules, safe_only=False)
            if finished.is_won:
                moves.extend(rest)
                after = finished
        return self._record(moves, after)

    def autoplay(self, safe_only: bool = True) -> Step | None:
        """Send home what can go as a step of its own (for a preference switched on mid-game, or
        to finish a game whose remaining cards can all go home)."""
        held = frozenset() if not safe_only else self.held
        home, after = self.position.autoplay(self.rules, safe_only, held)
        return self._record(home, after) if home else None

    def settle(self) -> Step | None:
        """Before the first action, send home what auto-play safely may from the deal itself (an
        Ace dealt into a cell, Raglan's 2 of hearts in the reserve), as a step that counts no
        move: it belongs to no action of the player, so the game has not started after it. Never
        a win (a board one step from won, as a test or a file may give): that is the player's."""
        if self.done or self.undone or self.move_count:
            return None
        home, after = self.position.autoplay(self.rules, True, frozenset())
        if not home or after.is_won:
            return None
        self.settled = True
        return self._record(home, after, counts=False)

    def _held_after(self, move: Move) -> frozenset[Card]:
        """The held cards once the player has made `move`: the cards it moves are released,
        and a card it takes back off a foundation is held."""
        moving = self.position.cards(move.source)[-move.count :]
        held = self.held.difference(moving)
        if move.source.kind is PileKind.FOUNDATION:
            held = held | set(moving)
        return held

    def _record(self, moves: list[Move], after: Position, counts: bool = True) -> Step:
        held = self._held_after(moves[0]) if moves else self.held
        step = Step(tuple(moves), self.position, after, held)
        self.done.append(step)
        self.undone.clear()
        self.position = after
        self.move_count += counts
        return step

    def undo(self) -> Step | None:
        if not self.can_undo:
            return None
        step = self.done.pop()
        self.undone.append(step)
        self.position = step.before
        self.move_count += 1
        return step

    def redo(self) -> Step | None:
        if not self.undone:
            return None
        step = self.undone.pop()
        self.done.append(step)
        self.position = step.after
        self.move_count += 1
        return step

    # ----- saving --------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """Plain data (JSON-ready) from which `from_record` rebuilds this game exactly."""
        return {
            "version": RECORD_VERSION,
            "rules": self.rules.name,
            "takeback": self.rules.foundation_takeback,
            "options": variant_of(self.rules).choices_of(self.rules),
            "deal": self.deal_number,
            "start": format_board(self.start),
            "done": [_step_lines(step) for step in self.done],
            "undone": [_step_lines(step) for step in reversed(self.undone)],
            "move_count": self.move_count,
            "settled": self.settled,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Rebuild a saved game by replaying its steps under the rules. Raises ValueError (with a
        reason) when the record is malformed, from a newer version, or its moves do not replay."""
        if not isinstance(record, dict):
            raise ValueError(_("a saved game must be a JSON object"))
        version = record.get("version")
        if not isinstance(version, int) or version > RECORD_VERSION:
            raise ValueError(_("saved game version {version} is not one this program reads").format(
                version=repr(version)))
        try:
            options = record.get("options") or {"takeback": record.get("takeback", False)}
            if not isinstance(options, dict):
                raise ValueError(_("a saved game's options must be a JSON object"))
            rules = variant(str(record["rules"])).configure_exactly(options)
            number = record.get("deal")
            game = cls(rules, parse_board(str(record["start"]), rules), number)
            if number is not None and game.start != deal(int(number), rules):
                raise ValueError(_("the saved start is not deal {number}").format(number=number))
            game.settled = record.get("settled") is True  # before the steps: a store may add them later
            for lines in record["done"]:
                game._replay_step(lines)
            redo = [game._replay_step(lines) for lines in record["undone"]]
            for _step in redo:
                game.undo()
            game.move_count = int(record["move_count"])
        except (KeyError, TypeError) as error:
            missing = _("saved game is missing or has a malformed {field}").format(field=error)
            raise ValueError(missing) from None
        return game

    def replay_step(self, lines: list[str]) -> Step:
        """Make a saved step again (its moves in fc-solve's wording), checked under the rules:
        for a store that saves a long game a step at a time. Raises ValueError."""
        return self._replay_step(lines)

    def _replay_step(self, lines: list[str]) -> Step:
        if not isinstance(lines, list) or not lines:
            raise ValueError(_("a saved step must be a non-empty list of moves"))
        moves = []
        after = self.position
        for move, after in replay(self.position, self.rules, [str(line) for line in lines]):  # noqa: B007
            moves.append(move)
        return self._record(moves, after)


def _step_lines(step: Step) -> list[str]:
    return [format_move(move) for move in step.moves]


class GameView:
    """A read-only look at a game: what the session hands out, so that nothing outside the
    session can change the game it owns (it has no `play`, `undo` or setters, and its history
    comes as tuples)."""

    __slots__ = ("_game",)
    _game: Game

    def __init__(self, game: Game) -> None:
        object.__setattr__(self, "_game", game)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a game is changed through its session, not by setting {name!r}")

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def start(self) -> Position:
        return self._game.start

    @property
    def deal_number(self) -> int | None:
        return self._game.deal_number

    @property
    def position(self) -> Position:
        return self._game.position

    @property
    def move_count(self) -> int:
        return self._game.move_count

    @property
    def done(self) -> tuple[Step, ...]:
        return tuple(self._game.done)

    @property
    def undone(self) -> tuple[Step, ...]:
        return tuple(self._game.undone)

    @property
    def held(self) -> frozenset[Card]:
        return self._game.held

    @property
    def is_won(self) -> bool:
        return self._game.is_won

    @property
    def is_stuck(self) -> bool:
        return self._game.is_stuck

    @property
    def can_undo(self) -> bool:
        return self._game.can_undo

    @property
    def can_redo(self) -> bool:
        return self._game.can_redo

    @property
    def has_started(self) -> bool:
        return self._game.has_started

    @property
    def at_deal(self) -> bool:
        return self._game.at_deal

    @property
    def settled(self) -> bool:
        return self._game.settled

    def find_move(self, source: Pile, destination: Pile, count: int | None = None) -> Move:
        return self._game.find_move(source, destination, count)

    def legal_moves(self) -> list[Move]:
        return self._game.legal_moves()

    def click_move(self, source: Pile) -> Move | None:
        return self._game.click_move(source)

    def can_finish(self) -> bool:
        return self._game.can_finish()

    def twin(self) -> Game:
        return self._game.twin()

    def to_record(self) -> dict[str, Any]:
        """The game as plain data (`Game.from_record` rebuilds it): a copy, not the game."""
        return self._game.to_record()
