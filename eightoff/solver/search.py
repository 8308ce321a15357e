"""Best-first search over compact boards, complete over the pruned state space.

Each search expands a board at most once (a visited set keyed by `Board.key`), so when its
open list runs dry every board reachable under the sound pruning of `Engine.moves` has been
tried: that is the proof that no solution exists.

A portfolio of searches, each ordered by its own weighting of the same board features, take
turns. Solving times of a single greedy search are heavy-tailed: a deal on which one
weighting wanders is usually easy for another (on the slowest FreeCell deals, one weighting
often needs a few hundred boards where another needs hundreds of thousands).
"""

from __future__ import annotations

import gc
import heapq
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from eightoff.core.rules import Rules
from eightoff.core.variants import DEFAULT_KEY, VARIANTS
from eightoff.solver.board import (
    END_OF_COLUMNS,
    RANK_MASK,
    SEPARATOR,
    WON,
    Board,
    Engine,
    InternalMove,
    plain,
    undo,
)
from eightoff.solver.prove import ProofSchedule, ProofTurns

CHECK_CLOCK_EVERY = 128
PROOF_ALONE_TURN = 128
"""Runner boards' worth of proof search (`ProofSchedule.share` boards each) between looks at
the clock, once the runners have run dry on an engine whose search proves nothing."""
DEFAULT_STATES = 1_500_000
"""Distinct boards kept (all searches together) before the answer is "unknown": about 650 MB
at the ~430 bytes a board costs, so a whole search stays under 1 GB."""


@dataclass(frozen=True)
class Budget:
    """How much the search may spend; None means no limit. Tests use `nodes` (deterministic)."""

    seconds: float | None = None
    nodes: int | None = None
    stop: Callable[[], bool] | None = None
    """Asked now and then; True ends the search as "unknown" (how the worker cancels)."""
    states: int | None = DEFAULT_STATES
    """Distinct boards kept: the memory cap. Past it the answer is "unknown"."""


@dataclass
class Outcome:
    status: str
    """"solved", "unsolved" or "unknown"."""
    line: list[InternalMove]
    nodes: int
    """Boards expanded."""
    states: int
    """Distinct boards seen."""


@dataclass(frozen=True)
class Weights:
    """How one open list weighs a board's features (see `Heuristic`). Found by tuning on deals
    1..300 of each game for speed first and solution length second."""

    misplaced: float
    buried: float
    next_card: float
    cell: float
    not_home: float
    path: float
    empty: float = 0.0


CARD_CODES = 64
"""Card codes (`suit * 16 + rank`) are below this."""


@dataclass(frozen=True)
class Runner:
    """One weighting of a game's portfolio and when it joins the search."""

    weights: Weights
    joins_after: int
    """Boards expanded (by all runners together) before this one starts taking turns."""


@dataclass(frozen=True)
class Portfolio:
    """A game's weightings, and the boards expanded (by all together) after which the first goes
    on alone: a deal none solves by then is usually lost, and its proof needs only one search
    to run dry."""

    runners: tuple[Runner, ...]
    alone_after: int = 60_000
    shares_boards: bool = True
    """Whether the weightings search one shared set of boards (see `search`) or each its own."""
    proof: ProofSchedule | None = None
    """When an exhaustive depth-first proof (`prove`) joins the weightings, if ever."""


SAME_SUIT = Portfolio((Runner(Weights(3, 1, 0, 1, 1, 0.5), 0), Runner(Weights(3, 1, 1, 1, 1, 0.5), 1000)))
"""Eight Off's portfolio."""
FREE_CELL = Portfolio((
    Runner(Weights(3, 1, 1, 1, 1.5, 0, empty=3), 0),
    Runner(Weights(2, 0, 1, 2, 1, 0, empty=2), 400),
    Runner(Weights(1, 0, 1, 1, 1, 0), 600),
    Runner(Weights(3, 1, 0, 1, 1, 0.5), 2000),
    Runner(Weights(2, 1, 1, 1, 1, 0.5), 5000),
), alone_after=150_000, shares_boards=False, proof=ProofSchedule(5_000, 12, 100_000))
"""Alternate colours with free cells (FreeCell). Its weightings keep separate sets of boards:
shared, they block each other's way on some hard deals (10404 needs 2,315 boards apart and was
not solved in 1.3 million shared), and FreeCell's deals are almost all winnable, so the quicker
proof sharing gives (11982: 61,643 boards against 180,927) is worth less here. The first is the
quickest alone at the median; the next three were picked by counting, on FreeCell deals 1..400
and on 84 of the slowest deals of 1..32000, the boards each candidate weighting needs alone,
simulating the turn-taking schedules, and timing the best few: on 50 of those slow deals they
need a fifth of the old three-weighting schedule's time (median 143 ms against 766 ms). The
fifth came from the two deals of 1..32000 the four left undecided or slow (7967 in 30 s, 21491
in 15 s): alone it needs 14,183 and 17,482 boards on them where the others need 35,000 to
590,000 or more. FreeCell's deals are almost all winnable (one of 32,000 is not), so its
weightings keep taking turns longer: with the fifth weighting, on the 20 slowest deals of
1..32000 this cut their own time from 157 s to 89 s and decided 7967, for about 2 s more on the
proof of 11982.

That proof is left to the depth-first proof search (`prove`), which joins once the weightings
have expanded 5,000 boards (96 % of deals are won sooner) and then expands 12 boards to their
one: 11982 is proved when they have expanded about 10,000 (0.87 s instead of 3.7 s). It gives up
at 100,000 boards (11982 needs 61,643), or stops at a win it finds, so a winnable deal the
weightings find slow costs at most about a second more, and keeps its line. On the 22 deals of
every 100th of 1..32000 that need more than 2,500 boards, their own time went from 4.4 s to
8.0 s (joining after 3,000 boards: 9.6 s, for 0.80 s on 11982; after 8,000: 6.7 s, for 0.92 s,
too near ten times fc-solve's 0.1 s); the median deal never meets it."""
NO_CELL = Portfolio((
    Runner(Weights(1, 0, 0.5, 0, 1, 0.5), 0),
    Runner(Weights(1, 0, 0, 0, 0.5, 0.25), 3000),
    Runner(Weights(1, 0, 0, 0, 1.5, 0.75), 6000),
))
"""Alternate colours with no cells (Raglan). Picked by counting, on the winnable deals of
1..300 and the 71 slowest of 1..1000, the boards each of some thirty candidate weightings
needs alone (counted up to 20,000) and simulating the turn-taking schedules. Unlike
FreeCell, Raglan wants the path length in the score: a single-card game with no cells
wanders far down a greedy line, and the deals that took the old portfolio a million boards
(89, 209, 316) take one of these a few thousand. Buried cards do not help here (cells
weigh nothing: there are none)."""


TAKEBACK_PROOF = ProofSchedule(0, 16, 3_000_000)
"""The proof search beside the runners in the pass with foundation take-back (see `solve`): that
pass comes only after one without take-backs found no win, and on Raglan's deals 1..1000 it
wins 3 and proves 183 lost, so it is nearly always a proof. The depth-first search costs about
half what a runner does per board: from the start, at 16 boards to the runners' one, Raglan
421's pass took 4.9 s instead of 7.7 s, 921's 3.6 s instead of 6.1 s (before supply chains)."""


PORTFOLIOS = {"same-suit": SAME_SUIT, "free-cell": FREE_CELL, "no-cell": NO_CELL}
"""The portfolios by the names the game registry's entries give as their `solver_tuning`."""


def portfolio_for(rules: Rules) -> Portfolio:
    """The portfolio the game's registry entry names: the game decides, not the board's shape.
    Rules no entry names (the small test shapes) take the default game's: weights change how
    fast a verdict comes, never what it is."""
    game = VARIANTS.get(rules.name) or VARIANTS[DEFAULT_KEY]
    return PORTFOLIOS[game.solver_tuning]


class Heuristic:
    """An estimate of the work left on a board, in the features a player sees:

    - misplaced: cards above a column's settled base (a card that may fill an empty column with
      a built run on it), which must all move before they can go home;
    - buried: pairs of a card and a higher card of its suit above it in the same column;
    - next card: cards lying on the next card each foundation needs;
    - cell: occupied cells; not home: cards not yet on the foundations;
    - empty: empty columns, which count against the score (room to move runs).

    Column features are cached, since most columns survive a move unchanged (a search meets
    a few hundred distinct columns over hundreds of thousands of boards)."""

    def __init__(self, engine: Engine, weights: Weights) -> None:
        self.engine = engine
        self.weights = weights
        self._columns: dict[bytes, tuple[float, bytes]] = {}

    def _column(self, column: bytes) -> tuple[float, bytes]:
        """The column's part of the score, and for each card code how many cards lie on that
        card here (0 for a card not in the column): what the next-card feature reads."""
        builds = self.engine.builds
        settled = 0
        if column and column[0] in self.engine.fills:
            settled = 1
            while settled < len(column) and (column[settled], column[settled - 1]) in builds:
                settled += 1
        buried = 0
        above = bytearray(CARD_CODES)
        for depth, card in enumerate(column):
            rank = card & RANK_MASK
            suit = card >> 4
            above[card] = len(column) - depth - 1
            for higher in column[depth + 1 :]:
                if higher >> 4 == suit and higher & RANK_MASK > rank:
                    buried += 1
        score = self.weights.misplaced * (len(column) - settled) + self.weights.buried * buried
        return score, bytes(above)

    def score(self, board: Board) -> float:
        """Written out flat: it runs for every new board, the search's hottest line. The next
        card each foundation needs is looked up in each column's cached table (a full
        foundation's "next card" is rank 14, which no column holds)."""
        weights = self.weights
        known = self._columns
        columns, cells, foundations, _ = board
        clubs, diamonds, hearts, spades = foundations
        # The codes (suit * 16 + rank) of the cards the foundations need next.
        needed = (clubs + 1, diamonds + 17, hearts + 33, spades + 49)
        next_card = weights.next_card
        score = 0.0
        covered = 0
        for cards in columns:
            column = known.get(cards)
            if column is None:
                column = known[cards] = self._column(cards)
            column_score, above = column
            score += column_score
            if next_card:
                covered += above[needed[0]] + above[needed[1]] + above[needed[2]] + above[needed[3]]
        if next_card:
            score += next_card * covered
        score += weights.cell * len(cells) + weights.not_home * (52 - sum(foundations))
        if weights.empty:
            score -= weights.empty * columns.count(b"")
        return score


def search(engine: Engine, start: Board, budget: Budget, portfolio: Portfolio | None = None) -> Outcome:
    """Run the weightings of this game as best-first searches over one shared set of boards,
    the others joining in as their `Runner.joins_after` says and all taking turns from then
    on: most deals are solved by the first alone at its own speed, and a deal on which it
    wanders costs a few times what the luckiest weighting needs.

    Each board is expanded once by whichever weighting reaches it first, and its children go
    onto that weighting's open list; a weighting that joins starts from every board seen and
    not yet expanded, scored its own way. Why that stays complete: every board seen is either
    expanded or on some open list, and the expansion of a board puts all its children in the
    shared set, so when every open list is empty every board reachable from the start (under
    `Engine.moves`' sound pruning) has been expanded: "unsolved" is then a proof, and it costs
    one pass over those boards whichever weightings took part (separate searches each had to
    run dry alone). After `Portfolio.alone_after` the first goes on alone with the others'
    open boards taken over, as before a deal none solves by then is usually lost.

    A portfolio that does not share boards runs each weighting as its own complete search
    instead: the first to run dry is the proof, and after `alone_after` the others are dropped.

    `portfolio` is the game's own (`portfolio_for`) unless given, as tests give tiny ones."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _search(engine, start, budget, portfolio)
    finally:
        if collecting:
            gc.enable()


def _search(engine: Engine, start: Board, budget: Budget, portfolio: Portfolio | None) -> Outcome:
    """`search` itself. It runs with Python's cycle collector off: the search makes no cycles,
    but its records, boards and open lists are millions of container objects, which the
    collector would otherwise walk again and again as they grow (4 % of a search's
    instructions on a sample of FreeCell and Eight Off deals, more on long searches)."""
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    max_nodes, max_states, stop = budget.nodes, budget.states, budget.stop
    engine.forget()
    portfolio = portfolio or portfolio_for(engine.rules)
    schedule = portfolio.runners
    shares = portfolio.shares_boards
    shared = _Shared(engine, start)
    if shared.records[0][0].foundations == WON:
        return Outcome("solved", shared.line_to(0), 0, 1)
    searches = [shared]
    """Every set of boards: the one shared, or one per weighting (a dropped one's boards count
    as work done)."""

    def joining(weights: Weights) -> _Runner:
        if shares:
            return shared.runner(weights)
        searches.append(_Shared(engine, start))
        return searches[-1].runner(weights)

    def states() -> int:
        return sum(len(boards.seen) for boards in searches) + (proof.states if proof else 0)

    def given_up() -> Outcome:
        """Out of budget: "unknown", unless the proof search found a win on its way."""
        if proof is not None and proof.won is not None:
            return Outcome("solved", proof.won, nodes + proof.nodes, states())
        return Outcome("unknown", [], nodes, states())

    def ran_dry() -> Outcome:
        """Every board the runners can reach is expanded: a proof where the engine's search is
        complete (`Engine.complete`); otherwise the proof search, if there is one, goes on alone
        until it decides or the budget ends."""
        if engine.complete:
            return Outcome("unsolved", [], nodes, states())
        for boards in searches:  # no win among them: their memory is the proof's now
            boards.seen.clear()
            boards.records.clear()
        while proof is not None and not proof.finished:
            if proof.turn(nodes, PROOF_ALONE_TURN, alone=True):
                return Outcome("unsolved", [], nodes + proof.nodes, states())
            if (max_nodes is not None and nodes + proof.nodes >= max_nodes) or (
                max_states is not None and states() >= max_states
            ):
                break
            if (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop()):
                break
        return given_up()

    runners = [shared.runner(schedule[0].weights)]
    waiting = list(schedule[1:])
    proof = None if portfolio.proof is None else ProofTurns(engine, start, portfolio.proof)
    nodes = 0
    while True:
        if waiting and nodes >= waiting[0].joins_after:
            runners.append(joining(waiting.pop(0).weights))
        elif len(runners) > 1 and nodes >= portfolio.alone_after:
            if shares:
                runners[0].take_over(runners[1:])
            del runners[1:]  # the first goes on alone
            waiting.clear()
        busy = False
        before = nodes
        for runner in runners:
            won = runner.expand()
            if won is None:
                if not shares:
                    return ran_dry()  # one search ran dry
                continue  # this one's open list is empty for now
            busy = True
            if won >= 0:
                return Outcome("solved", runner.shared.line_to(won), nodes, states())
            nodes += 1
        if not busy:
            return ran_dry()
        if proof is not None and proof.turn(nodes, nodes - before):
            return Outcome("unsolved", [], nodes + proof.nodes, states())
        if (max_nodes is not None and nodes >= max_nodes) or (
            max_states is not None and states() >= max_states
        ):
            return given_up()
        if nodes % CHECK_CLOCK_EVERY < len(runners) and (
            (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop())
        ):
            return given_up()


Record = tuple[Board, int, tuple[InternalMove, ...], int]
"""A board the search has seen: the board, its parent's index, the moves that led to it (one
step with its auto-play) and its depth in moves."""


class _Shared:
    """What the weightings of one search share: every board seen (`records`, indexed), their
    keys, and which have been expanded."""

    def __init__(self, engine: Engine, start: Board) -> None:
        self.engine = engine
        start, opening = engine.autoplay(start)
        self.records: list[Record] = [(start, -1, tuple(opening), len(opening))]
        self.seen = {start.key()}
        self.expanded = bytearray(1)
        """1 at the index of each record that has been expanded."""

    def line_to(self, index: int) -> list[InternalMove]:
        parts = []
        while index >= 0:
            _, parent, edge, _ = self.records[index]
            parts.append(edge)
            index = parent
        return [plain(move) for part in reversed(parts) for move in part]

    def runner(self, weights: Weights) -> _Runner:
        """A weighting joining: its open list holds every board seen and not yet expanded."""
        runner = _Runner(self, Heuristic(self.engine, weights))
        expanded = self.expanded  # (enumerate over a bytearray is beyond mypyc 2.4)
        runner.adopt(index for index in range(len(expanded)) if not expanded[index])
        return runner


class _Runner:
    """One weighting's open list over the shared boards."""

    def __init__(self, shared: _Shared, heuristic: Heuristic) -> None:
        self.shared = shared
        self.heuristic = heuristic
        self.heap: list[tuple[float, int]] = []

    def adopt(self, indices: Iterable[int]) -> None:
        """Put these boards on the open list, scored this weighting's way."""
        records, score, path = self.shared.records, self.heuristic.score, self.heuristic.weights.path
        self.heap.extend(
            (score(records[index][0]) + path * records[index][3], index)
            for index in indices
        )
        heapq.heapify(self.heap)

    def take_over(self, others: list[_Runner]) -> None:
        expanded = self.shared.expanded
        self.adopt(index for other in others for _, index in other.heap if not expanded[index])

    def expand(self) -> int | None:
        """Expand the best open board no weighting has expanded yet: None when there is none,
        else the index of a won board found among its children, or -1.

        The search's hottest code, so it keeps one record per board (board, parent, moves that
        led to it, depth). It calls methods directly rather than through local aliases: compiled
        (`scripts/build-fast`), `engine.step(...)` is a direct C call where an alias goes
        through Python's calling convention (pure Python it costs an attribute lookup)."""
        shared, heap = self.shared, self.heap
        expanded, records, seen = shared.expanded, shared.records, shared.seen
        while heap:
            index = heapq.heappop(heap)[1]
            if not expanded[index]:
                break
        else:
            return None
        expanded[index] = 1
        engine, heuristic = shared.engine, self.heuristic
        path = heuristic.weights.path
        board, parent, edge, depth = records[index]
        back = undo(records[parent][0], board, edge) if parent >= 0 else None
        for move in engine.moves(board):
            if move == back:
                continue
            child, home = engine.step(board, move)
            key = SEPARATOR.join(sorted(child[0])) + END_OF_COLUMNS + child[1] + END_OF_COLUMNS + child[3]
            if key in seen:  # (the line above is Board.key, inlined)
                continue
            seen.add(key)
            child_depth = depth + 1 + len(home)
            records.append((child, index, (move, *home), child_depth))
            expanded.append(0)
            if child[2] == WON:  # its foundations
                return len(records) - 1
            heapq.heappush(heap, (heuristic.score(child) + path * child_depth, len(records) - 1))
        return -1
