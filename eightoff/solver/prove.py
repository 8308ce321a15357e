"""An exhaustive depth-first search that proves a deal lost, cheaper per board than best-first.

A proof needs neither the line to each board nor the likeliest board next: it must visit every
board reachable under the sound pruning of `Engine.moves` once, in any order. So this search
keeps only the keys of the boards seen and a stack of the boards on the current path, each
with the moves left to try: about half a best-first runner's cost per board.

The longer reasons: docs/notes.md, `eightoff.solver.prove`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final, Protocol

from eightoff.core.rules import Build
from eightoff.solver.board import (
    CARD_CODES,
    KING,
    RANK_MASK,
    SEPARATOR,
    WON,
    Board,
    Engine,
    InternalMove,
    engine_for,
    is_won,
    key_of,
    plain,
    reverse_of,
)


class Order(Protocol):
    """A score of boards, lowest first: the order in which a `Prover` tries a board's children.
    `child_score` is `score` for a child of a board scored `parent_score`, worked out from what
    the step changed (the search's `Heuristic` is one)."""

    def score(self, board: Board) -> int: ...

    def child_score(self, board: Board, parent: Board, parent_score: int) -> int: ...


Child = tuple[Board, tuple[InternalMove, ...], int]
"""A board's child made ahead of its turn to be scored by an `Order`, and kept for it: the child,
the step that makes it (the move and its auto-play) and its score."""
Frame = tuple[Board, list[InternalMove], list[Child], tuple[InternalMove, ...], "InternalMove | None"]
"""A board on the current path; the moves still to try from it (last first), or, given an
`Order`, its children still to try, each made once to be scored and kept (last first); the
moves that led to it from the board below it on the stack (one step and its auto-play), and the
move that would only undo that step (skipped)."""


BLIND: Final = CARD_CODES
"""A blind card's code in a blind key is this plus its rank (card codes are below it)."""
SEEING: Final = KING + 1
"""A suit's reach at which none of its cards is blind: its foundation never gets there."""


def blind_table(reach: Sequence[int]) -> bytes:
    """The translation (`bytes.translate`) of a column into its part of a blind key: a card
    ranked above its suit's reach is blind, coded by its rank alone."""
    return bytes(
        BLIND + (code & RANK_MASK) if code < CARD_CODES and code & RANK_MASK > reach[code >> 4] else code
        for code in range(256)
    )


def sees_blind(engine: Engine, start: Board) -> bool:
    """Whether a blind proof holds for these rules: building reads ranks alone, no card waits
    in a cell or the reserve (a key of columns alone) and take-backs do not matter."""
    rules = engine.rules
    return rules.build is Build.ANY_SUIT and not rules.cells and not start[3] and not engine.takeback_matters


def reach_above(home: int) -> int:
    """A suit's reach once its foundation holds `home`: one above it, or `SEEING` once that
    would be the King, above which no card of the suit is left to be blind."""
    return home + 1 if home + 1 < KING else SEEING


class Prover:
    """One exhaustive search, advanced a number of boards at a time (`advance`) so that it can
    take turns with the best-first runners. It tries each board's moves in the engine's order,
    or, given an `order`, its children lowest-scored first (ties in the engine's order): on a
    winnable deal the order decides how soon it wins, on a lost one it visits the same boards.

    `blind` (where `sees_blind`): a card that cannot go home before its suit's foundation
    reaches the suit's reach is known by its rank alone, so boards that differ only in which
    suit such cards are of count once; a board on which a foundation reaches its reach starts
    the search again from the deal with that reach raised (until no card is blind). Why a
    blind search that runs dry is a proof: docs/solver.md, "Blind proofs"."""

    def __init__(self, engine: Engine, start: Board, order: Order | None = None, blind: bool = False) -> None:
        self.engine = engine
        self.order = order
        start, opening = engine.autoplay(start)
        self.start = start
        self.opening = tuple(opening)
        blind = blind and sees_blind(engine, start)
        self.reach: list[int] = [reach_above(home) if blind else SEEING for home in start[2]]
        """Each suit's reach: the foundation at which the search starts again (`SEEING`: never)."""
        self.table: bytes | None = None
        """The blind key's translation of the columns (`blind_table`); None when no card is blind."""
        self.restarts = 0
        self.seen: set[bytes] = set()
        self.stack: list[Frame] = []
        self.nodes = 0
        """Boards expanded (their moves generated), over every start."""
        self.won: list[InternalMove] | None = [plain(move) for move in opening] if is_won(start) else None
        """The line to a win, once one is found."""
        self.end: tuple[Board, tuple[InternalMove, ...]] | None = None
        """The won board and the step that reached it from the top of the stack, once found."""
        if self.won is None:
            self._begin()

    def _begin(self) -> None:
        """Start from the deal, with the reaches as they are now."""
        start = self.start
        self.table = None if all(reach == SEEING for reach in self.reach) else blind_table(self.reach)
        self.seen = {self._key(start)}
        self.stack = []
        self._push(start, self.opening, None, 0 if self.order is None else self.order.score(start))

    def _key(self, board: Board) -> bytes:
        table = self.table
        if table is None:
            return key_of(board)
        return SEPARATOR.join([*sorted([column.translate(table) for column in board[0]]), board[1], board[3]])

    def _reached(self, foundations: tuple[int, ...]) -> bool:
        """Whether a foundation has reached its suit's reach; if so, the reach is raised past it
        (`SEEING` once only Kings would be blind) and the search starts again."""
        raised = False
        for suit in range(len(foundations)):
            home = foundations[suit]
            if home >= self.reach[suit]:
                self.reach[suit] = reach_above(home)
                raised = True
        if raised:
            self.restarts += 1
            self._begin()
        return raised

    def _push(
        self, board: Board, edge: tuple[InternalMove, ...], back: InternalMove | None, score: int
    ) -> None:
        """Put `board` (scored `score` by the `order`, if any) on the stack with what to try
        from it."""
        moves = self.engine.moves(board)
        order = self.order
        children: list[Child] = []
        if order is not None:
            # Each child is made once, here, and kept for its turn (the move back is never tried).
            step, rate = self.engine.step, order.child_score
            for move in moves:
                if move != back:
                    child, home = step(board, move)
                    children.append((child, (move, *home), rate(child, board, score)))
            children.sort(key=itemgetter(2))
            children.reverse()  # popped from the end: lowest scored first, ties in the engine's order
            moves = []
        else:
            moves.reverse()  # popped from the end: tried in the engine's order
        self.stack.append((board, moves, children, edge, back))
        self.nodes += 1

    def line(self) -> list[InternalMove]:
        """The moves from the start to the board on top of the stack."""
        return [plain(move) for frame in self.stack for move in frame[3]]

    def advance(self, boards: int) -> bool | None:
        """Expand up to `boards` more boards: True when a win was found (`won` holds its line),
        False when every board has been visited without one (the proof), None otherwise."""
        if self.won is not None:
            return True
        stack, seen, step, table = self.stack, self.seen, self.engine.step, self.table
        remember = seen.add
        join = SEPARATOR.join
        budget = self.nodes + boards
        while stack:
            if self.nodes >= budget:
                return None
            board, moves, children, _, back = stack[-1]
            score = 0
            if children:
                child, edge, score = children.pop()
            elif moves:
                move = moves.pop()
                if move == back:
                    continue
                child, home = step(board, move)
                edge = (move, *home)
            else:
                stack.pop()
                continue
            known = len(seen)
            if table is None:
                remember(join([*sorted(child[0]), child[1], child[3]]))  # `key_of`, inlined
            else:
                blind_columns = [column.translate(table) for column in child[0]]
                remember(join([*sorted(blind_columns), child[1], child[3]]))
            if len(seen) == known:
                continue  # seen before
            if table is not None and self._reached(child[2]):
                stack, seen, table = self.stack, self.seen, self.table
                remember = seen.add
                continue
            if child[2] == WON:  # its foundations
                self.won = [*self.line(), *map(plain, edge)]
                self.end = (child, edge)
                return True
            self._push(child, edge, reverse_of(board, child, edge), score)
        return False

    def direct(self) -> list[InternalMove]:
        """The won line with its detours cut out: a depth-first line wanders (thousands of
        moves where a best-first one takes a hundred). From each board of the line, the step
        that reaches the latest board of the line (exactly that board, so the moves after it
        still name the right columns), and from there on, until the won board: a line of the
        same search's steps, each legal where it is made. The found line where that is not
        longer (a step that jumps ahead brings its own auto-play, which on a short line may
        outnumber the moves it cuts)."""
        if self.end is None:
            return self.won or []
        boards = [frame[0] for frame in self.stack] + [self.end[0]]
        steps = [frame[3] for frame in self.stack[1:]] + [self.end[1]]
        where = {board: index for index, board in enumerate(boards)}
        line = [plain(move) for move in self.stack[0][3]]
        index = 0
        while index < len(steps):
            board = boards[index]
            reached, step = index + 1, steps[index]
            for move in self.engine.moves(board):
                child, home = self.engine.step(board, move)
                later = where.get(child, -1)
                if later > reached:
                    reached, step = later, (move, *home)
            line.extend(plain(move) for move in step)
            index = reached
        return line if self.won is None or len(line) < len(self.won) else self.won


@dataclass(frozen=True)
class ProofSchedule:
    """When a portfolio's best-first runners get a `Prover` beside them, and how much it does."""

    joins_after: int
    """Boards the runners have expanded before it starts: most deals are won sooner."""
    share: int
    """Boards it expands for each board the runners expand, once it has started."""
    boards: int
    """Boards after which it gives up (on a winnable deal a depth-first search may wander far),
    and its keys are dropped."""


class ProofTurns:
    """A `Prover` taking turns beside best-first runners, as its `ProofSchedule` says. It never
    changes what the runners do, so a deal they solve gets the same line as without it; it ends
    a lost deal's search sooner, and keeps a win it finds (`won`) for when the runners run out.

    `beyond` (the game's `table_budget`): before it a capped prover waits instead of giving up;
    past it, it goes on uncapped and a win it finds ends the search (`decisive`). `orders`: the
    legs, each restarting from the deal in its own order (None: the engine's) and given up at
    its length in `legs` (past its end, `schedule.boards`) where capped, since which order wins
    soon varies from deal to deal. Why the searches within the budget stay as they were:
    docs/solver.md, "Past the tables' budgets"."""

    def __init__(
        self, engine: Engine, start: Board, schedule: ProofSchedule, beyond: int | None = None,
        capped_past: bool = False, orders: Sequence[Order | None] = (), legs: Sequence[int] = (),
        blind: ProofSchedule | None = None, blind_at: int = 0,
    ) -> None:
        self.rules = engine.rules
        self.engine: Engine | None = None
        """Its proving engine, made when it starts (`turn`): most deals are won before, and
        an engine's tables cost a short search's worth of work."""
        self.orders = list(orders) or [None]
        """The orders of the legs still to come, the current one first (`Prover.order`)."""
        self.legs = [legs[leg] if leg < len(legs) else schedule.boards for leg in range(len(self.orders))]
        """The boards of the legs still to come, the current one first."""
        self.blind = blind
        """The schedule of a blind proof's leg (`Prover.blind`, in the engine's order: its share
        of each round and its boards; `joins_after` unused), run as leg `blind_at`."""
        self.blind_at = blind_at if blind is not None else -1
        """How many legs come before the blind one (-1: none, or it is over)."""
        if blind is not None:
            self.orders.insert(blind_at, None)
            self.legs.insert(blind_at, blind.boards)
        self.spent = 0
        """Boards expanded by the legs given up."""
        self.start = start
        self.schedule = schedule
        self.beyond = beyond
        self.prover: Prover | None = None
        self.waiting = False
        """At its cap before `beyond`: kept, but neither advanced nor counted."""
        self.finished = False
        self.won: list[InternalMove] | None = None
        self.decisive = False
        """Whether `won` was found past `beyond`, where it is the answer at once."""
        self.nodes = 0
        self.capped_past = capped_past
        """Whether `schedule.boards` holds past `beyond` too: a prover that joined there to find
        wins beside runners whose shared search proves as soon as it does."""

    @property
    def states(self) -> int:
        return len(self.prover.seen) if self.prover is not None and not self.waiting else 0

    def turn(self, nodes: int, boards: int, alone: bool = False) -> bool:
        """The prover's share of a round in which the runners expanded `boards` boards, `nodes`
        in all so far: True when it has proved the deal lost. `alone` (the runners have run
        dry, so only this search can decide) lifts `ProofSchedule.boards`: the search's own
        budget ends it then; so does passing `beyond`."""
        if self.finished or (nodes < self.schedule.joins_after and not alone):
            return False
        # Past `beyond` only in a round that began there: a search within it never has one.
        past = self.beyond is not None and nodes - boards >= self.beyond
        if self.waiting:
            if not (past or alone):
                return False
            self.waiting = False
        if self.prover is None:
            if self.engine is None:
                self.engine = engine_for(self.rules, proving=True)
            self.prover = Prover(
                self.engine, self.start, self.orders[0] if self.orders else None, blind=self.blind_at == 0
            )
        share = self.blind.share if self.blind is not None and self.blind_at == 0 else self.schedule.share
        verdict = self.prover.advance(share * boards)
        self.nodes = self.spent + self.prover.nodes
        if verdict is None:
            cap = self.legs[0]
            if alone or (past and not self.capped_past) or self.prover.nodes < cap:
                return False
            if self.beyond is not None and not past:
                self.waiting = True
                return False
            if len(self.orders) > 1:  # the next leg starts in the next round
                self.orders.pop(0)
                del self.legs[:1]
                self.blind_at -= 1
                self.spent = self.nodes
                self.prover = None
                return False
        if verdict:
            self.won = self.prover.direct() if past else self.prover.won
            self.decisive = past
        self.finished = True
        self.release()
        return verdict is False

    def release(self) -> None:
        """Drop the prover's keys and the orders' caches, once no longer needed."""
        self.prover = None
        self.orders.clear()
