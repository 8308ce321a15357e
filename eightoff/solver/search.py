"""Best-first search over compact boards, complete over the pruned state space.

Each search expands a board at most once (a visited set keyed by `key_parts`), so when its
open lists run dry every board reachable under the sound pruning of `Engine.moves` has been
tried: that is the proof that no solution exists.

A portfolio of weightings of the same board features take turns, because one greedy search's
times are heavy-tailed: a deal on which one weighting wanders is usually easy for another.
Why the shared search stays complete, and how each portfolio was tuned: docs/solver.md
("The best-first search" and "Tuning").
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from heapq import heapify, heappop, heappush
from typing import Final

from eightoff.core.rules import Rules
from eightoff.core.variants import DEFAULT_KEY, VARIANTS
from eightoff.solver.board import (
    CARD_CODES,
    SEPARATOR,
    WON,
    Board,
    Engine,
    InternalMove,
    is_won,
    plain,
    reverse_of,
)
from eightoff.solver.grade import table_budget
from eightoff.solver.limits import Limits, Status
from eightoff.solver.prove import ProofSchedule, ProofTurns
from eightoff.solver.suited import SuitedProver, applies_to

EXPANDED_ROOM: Final = bytes(4096)
PROOF_ALONE_TURN: Final = 128
"""Runner boards' worth of proof search (`ProofSchedule.share` boards each) between looks at
the limits, once the runners have run dry on an engine whose search proves nothing."""
PROOF_FIRST_TURN: Final = 128
"""Boards the proof made first (`Portfolio.proof_first`) expands between looks at the limits."""


@dataclass
class Outcome:
    status: Status
    line: list[InternalMove]
    nodes: int
    """Boards expanded."""
    states: int
    """Distinct boards seen."""


@dataclass(frozen=True, kw_only=True)
class Weights:
    """How one open list weighs a board's features (see `Heuristic`), each per unit: a board's
    score is the estimate of the work left, lowest first."""

    misplaced: float
    """Per card above its column's settled base."""
    buried: float
    """Per pair of a card and a higher card of its suit above it in one column."""
    next_card: float
    """Per card lying on a card some foundation needs next."""
    cell: float
    """Per occupied cell."""
    not_home: float
    """Per card not yet on the foundations."""
    path: float
    """Per move from the deal: above 0, shorter lines are preferred to deeper ones."""
    empty: float = 0.0
    """Per empty column, taken off the score (room to move runs)."""

    def __post_init__(self) -> None:
        for weight in (self.misplaced, self.buried, self.next_card, self.cell, self.not_home, self.path,
                       self.empty):
            if weight * QUARTERS % 1:
                raise ValueError(f"a weight must be a whole number of quarters, not {weight}")


QUARTERS: Final = 4
"""Every weight is a whole number of quarters (`Weights` checks), so every score is one too:
`Heuristic` scores in quarters, as ints, and the open lists keep them so (`entry`)."""
INDEX_BITS: Final = 32
INDEX_MASK: Final = (1 << INDEX_BITS) - 1


def quarters(weight: float) -> int:
    return int(weight * QUARTERS)


def entry(priority: int, index: int) -> int:
    """An open-list entry: a board's priority (in quarters) and its index in one int, ordered
    as the pair (priority, index) is, ties to the board seen first. One int compares at a
    fraction of a tuple's cost, and the open lists compare on every push and pop."""
    return priority << INDEX_BITS | index


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
    beyond: int | None = None
    """The boards past which nothing the game ships was decided (its grade table's budget,
    `table_budget`): from there the proof search goes on with no cap, and a win it finds
    there is the answer (docs/solver.md, "Past the tables' budgets")."""
    past: tuple[Runner, ...] = ()
    """Weightings that join over the shared boards once `beyond` is passed (`joins_after`
    counted from there) and keep their turns to the end: a proof expands the same boards in
    any order, so they change only how soon a win is found (docs/solver.md, "Past the tables'
    budgets")."""
    past_proof: ProofSchedule | None = None
    """For a portfolio without a `proof`: a depth-first prover that starts in the first round
    begun past `beyond` (`joins_after` unused), takes its share of each round and gives up at
    its `boards` (the shared runners prove a lost deal as soon: it is there to find wins); a
    win it finds is the answer at once (docs/solver.md, "Past the tables' budgets")."""
    past_orders: tuple[Weights | None, ...] = ()
    """The `past_proof`'s legs: it tries each board's children lowest-scored first by each of
    these weightings in turn (their `path` unused; None: in the engine's order), restarting
    from the deal with the next when a leg reaches its length (`past_legs`). Empty: one leg, in
    the engine's order."""
    past_legs: tuple[int, ...] = ()
    """The boards of each of the first legs of `past_orders`; the legs past its end take the
    `past_proof`'s `boards`."""
    proof_first: bool = False
    """Whether a `SuitedProver` searches first, alone, within the node budget: a proof of loss
    is the answer; a win it finds, or its budget spent, leaves the deal to the runners as
    before, so every answer within a node budget is the one without it (docs/solver.md, "A
    proof first")."""
    past_blind: ProofSchedule | None = None
    """A blind proof (`Prover.blind`) run as one of the `past_proof`'s legs: its share of each
    round and its boards (`joins_after` unused)."""
    past_blind_at: int = 0
    """How many legs of `past_orders` come before the blind one."""


SAME_SUIT = Portfolio((
    Runner(Weights(misplaced=3, buried=1, next_card=1.5, cell=1, not_home=1, path=0.5), 0),
    Runner(Weights(misplaced=3, buried=1, next_card=0, cell=1, not_home=1, path=0.5), 1000),
))
"""Same-suit building (Eight Off, Baker's Game, Seahaven Towers): the first weighs cards lying on
the next card each foundation needs, the second does not (docs/solver.md, "Tuning")."""
FREE_CELL = Portfolio((
    Runner(Weights(misplaced=3, buried=1, next_card=1, cell=1, not_home=1.5, path=0, empty=3), 0),
    Runner(Weights(misplaced=2, buried=0, next_card=1, cell=2, not_home=1, path=0, empty=2), 400),
    Runner(Weights(misplaced=1, buried=0, next_card=1, cell=1, not_home=1, path=0), 600),
    Runner(Weights(misplaced=3, buried=1, next_card=0, cell=1, not_home=1, path=0.5), 2000),
    Runner(Weights(misplaced=2, buried=1, next_card=1, cell=1, not_home=1, path=0.5), 5000),
), alone_after=150_000, shares_boards=False, proof=ProofSchedule(5_000, 12, 100_000))
"""Alternate colours with free cells (FreeCell). Each weighting keeps its own boards: shared,
they block each other's way on some hard deals, and FreeCell's deals are almost all winnable,
so the quicker proof that sharing gives is worth less here; the proof of a lost deal is left
to the depth-first prover, which joins after 5,000 boards (docs/solver.md, "Tuning")."""
NO_CELL = Portfolio((
    Runner(Weights(misplaced=1, buried=0, next_card=0.5, cell=0, not_home=1, path=0.5), 0),
    Runner(Weights(misplaced=1, buried=0, next_card=0, cell=0, not_home=0.5, path=0.25), 3000),
    Runner(Weights(misplaced=1, buried=0, next_card=0, cell=0, not_home=1.5, path=0.75), 6000),
))
"""Alternate colours with no cells (Raglan). Unlike FreeCell it weighs the path length: a
single-card game with no cells wanders far down a greedy line (docs/solver.md, "Tuning")."""
CASTLE = replace(
    NO_CELL,
    past=(Runner(Weights(misplaced=1, buried=1, next_card=0.5, cell=0, not_home=1, path=0.5), 0),),
    past_proof=ProofSchedule(0, 1, 55_000),
    past_orders=(Weights(misplaced=1, buried=1, next_card=2, cell=0, not_home=1, path=0),),
    past_blind=ProofSchedule(0, 4, 80_000),
    past_blind_at=1,
)
"""Beleaguered Castle: past its table's budget a weighting that counts buried cards joins the
others, and a depth-first prover takes turns with them for 55,000 boards, trying each board's
children best first by buried cards and the next cards weighed: an order that wins a deal on
which every weighting wanders; then a blind proof for 80,000 boards, four for each of theirs,
which proves lost deals whose every board is a handful of cards going round the columns
(docs/solver.md, "Past the tables' budgets", "Blind proofs")."""
KINGS_ONLY = replace(SAME_SUIT, proof_first=True)
"""Kings-Only Baker's Game: the same-suit weightings, after a proof made first, since most of
its deals are lost (docs/solver.md, "A proof first")."""
STREETS = replace(
    NO_CELL, past_proof=ProofSchedule(0, 1, 55_000), past_legs=(10_000, 5_000, 20_000), past_orders=(
    Weights(misplaced=1, buried=0, next_card=2, cell=0, not_home=1, path=0),
    Weights(misplaced=2, buried=3, next_card=0.5, cell=0, not_home=1, path=0),
    Weights(misplaced=1, buried=0.5, next_card=0, cell=0, not_home=1, path=0),
    Weights(misplaced=1, buried=1, next_card=2, cell=0, not_home=1, path=0),
    Weights(misplaced=1, buried=1, next_card=0.5, cell=0, not_home=1, path=0),
    None,
), past_blind=ProofSchedule(0, 16, 250_000), past_blind_at=6)
"""Streets and Alleys: past its table's budget a depth-first prover takes turns with the
runners, a board for each of theirs, trying each board's children best first by one weighting
for 10,000 boards, then from the deal again by the next for 5,000, 20,000, 55,000 and 55,000,
and in the engine's order for 55,000. Each order wins in a few thousand boards some deals
on which the runners wander, and wanders on others. Last, a blind proof for 250,000 boards,
sixteen for each of theirs, proves lost what all six leave undecided (docs/solver.md, "Past the
tables' budgets", "Blind proofs")."""


TAKEBACK_PROOF = ProofSchedule(0, 16, 3_000_000)
"""The prover beside the runners in the search with foundation take-back (see `solve`): that
search comes only after one without take-backs found no win, so it is nearly always a proof,
and the prover costs about half what a runner does per board."""


PORTFOLIOS = {
    "same-suit": SAME_SUIT, "kings-only": KINGS_ONLY, "free-cell": FREE_CELL, "no-cell": NO_CELL,
    "castle": CASTLE, "streets": STREETS,
}
"""The portfolios by the names the game registry's entries give as their `solver_tuning`."""


def portfolio_for(rules: Rules) -> Portfolio:
    """The portfolio the game's registry entry names: the game decides, not the board's shape.
    Rules no entry names (the small test shapes) take the default game's: weights change how
    fast a verdict comes, never what it is."""
    return _portfolio_named(rules.name)


@cache
def _portfolio_named(name: str) -> Portfolio:
    """Made once a game, by its name, which alone decides it: `replace` and the grade table's
    first line cost each solve about 50,000 instructions (Citadel, compiled)."""
    game = VARIANTS.get(name) or VARIANTS[DEFAULT_KEY]
    return replace(PORTFOLIOS[game.solver_tuning], beyond=table_budget(name))


SUIT_MASK: Final = CARD_CODES - 16
"""A card code's suit part (`suit * 16`)."""
COUNTED: Final = CARD_CODES
COUNTS_ABOVE: Final = tuple(bytes(COUNTED + length - 1 - depth for depth in range(length))
                            for length in range(CARD_CODES))
"""For a column of each length, each card's count of cards above it, plus `COUNTED`."""
UNCOUNTED: Final = bytes(0 if code < COUNTED else code - COUNTED for code in range(256))
"""A table taking `COUNTED + n` to n and any card code to 0."""


class Heuristic:
    """An estimate of the work left on a board, in the features a player sees:

    - misplaced: cards above a column's settled base (a card that may fill an empty column with
      a built run on it), which must all move before they can go home;
    - buried: pairs of a card and a higher card of its suit above it in the same column;
    - next card: cards lying on the next card each foundation needs;
    - cell: occupied cells; not home: cards not yet on the foundations;
    - empty: empty columns, which count against the score (room to move runs).

    The longer reasons: docs/notes.md, `eightoff.solver.search.Heuristic`."""

    def __init__(self, engine: Engine, weights: Weights) -> None:
        self.engine = engine
        self.weights = weights
        # The weights in whole quarters (`Weights` checks they are): every score is an int of
        # quarters, exact, with no float made or converted for each board.
        self.misplaced = quarters(weights.misplaced)
        self.buried = quarters(weights.buried)
        self.next_card = quarters(weights.next_card)
        self.cell = quarters(weights.cell)
        self.not_home = quarters(weights.not_home)
        self.path = quarters(weights.path)
        self.empty = quarters(weights.empty)
        self._columns: dict[bytes, tuple[int, bytes]] = {}

    def _column(self, column: bytes) -> tuple[int, bytes]:
        """The column's part of the score, and for each card code how many cards lie on that
        card here (0 for a card not in the column): what the next-card feature reads."""
        parents = self.engine.parents
        length = len(column)
        settled = 0
        if length and column[0] in self.engine.fills:
            settled = 1
            # (the card's parents, a `bytes`, looked in: a pair in `builds` makes a tuple to hash)
            while settled < length and column[settled - 1] in parents[column[settled]]:
                settled += 1
        buried = 0
        for depth in range(1, length):
            card = column[depth]
            suit = card & SUIT_MASK  # a card of its suit and a lower rank lies between the two
            for below in range(depth):
                if suit < column[below] < card:
                    buried += 1
        # Each card's count, made by C's table functions rather than set one by one: the
        # column's cards map to their counts above COUNTED, every other code to itself (below
        # COUNTED), and the second table takes those to 0.
        above = bytes.maketrans(column, COUNTS_ABOVE[length])[:CARD_CODES].translate(UNCOUNTED)
        return self.misplaced * (length - settled) + self.buried * buried, above

    def score(self, board: Board) -> int:
        """In quarters. Written out flat: it runs for every board a weighting adopts and every
        child whose cards went home (`child_score` scores the others). The next card each
        foundation needs is looked up in each column's cached table (a full foundation's "next
        card" is rank 14, which no column holds)."""
        known = self._columns
        columns, cells, foundations, _ = board
        clubs, diamonds, hearts, spades = foundations
        home = clubs + diamonds + hearts + spades
        # The codes (suit * 16 + rank) of the cards the foundations need next.
        clubs, diamonds, hearts, spades = clubs + 1, diamonds + 17, hearts + 33, spades + 49
        next_card = self.next_card
        score = 0
        covered = 0
        for cards in columns:
            column = known.get(cards)
            if column is None:
                column = known[cards] = self._column(cards)
            column_score, above = column
            score += column_score
            if next_card:
                covered += above[clubs] + above[diamonds] + above[hearts] + above[spades]
        score += next_card * covered + self.cell * len(cells) + self.not_home * (52 - home)
        if self.empty:
            score -= self.empty * columns.count(b"")
        return score

    def child_score(self, board: Board, parent: Board, parent_score: int) -> int:
        """`score(board)` for a child of `parent` (scored `parent_score`): the parent's score
        changed by the parts of the columns the move changed (most moves change one or two)
        and its cells, where no card went home; else `score`."""
        foundations = board[2]
        if foundations is not parent[2]:  # the next cards changed
            return self.score(board)
        known = self._columns
        columns, before = board[0], parent[0]
        clubs, diamonds, hearts, spades = foundations
        clubs, diamonds, hearts, spades = clubs + 1, diamonds + 17, hearts + 33, spades + 49
        score = parent_score + self.cell * (len(board[1]) - len(parent[1]))
        covered = 0
        emptied = 0
        for place in range(len(columns)):
            cards, was = columns[place], before[place]
            if cards is was:
                continue
            column = known.get(cards)
            if column is None:
                column = known[cards] = self._column(cards)
            old = known.get(was)
            if old is None:
                old = known[was] = self._column(was)
            score += column[0] - old[0]
            above, above_before = column[1], old[1]
            covered += (above[clubs] + above[diamonds] + above[hearts] + above[spades]
                        - above_before[clubs] - above_before[diamonds] - above_before[hearts]
                        - above_before[spades])
            if not len(cards):
                emptied += 1
            if not len(was):
                emptied -= 1
        return score + self.next_card * covered - self.empty * emptied


def search(engine: Engine, start: Board, limits: Limits, portfolio: Portfolio | None = None) -> Outcome:
    """Run the weightings of this game as best-first searches, the others joining in as their
    `Runner.joins_after` says and all taking turns from then on: most deals are solved by the
    first alone at its own speed, and a deal on which it wanders costs a few times what the
    luckiest weighting needs.

    The longer reasons: docs/notes.md, `eightoff.solver.search.search`."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _search(engine, start, limits, portfolio)
    finally:
        if collecting:
            gc.enable()


def _search(engine: Engine, start: Board, limits: Limits, portfolio: Portfolio | None) -> Outcome:
    """`search` itself. It runs with Python's cycle collector off: the search makes no cycles,
    but its records, boards and open lists are millions of container objects, which the
    collector would otherwise walk again and again as they grow."""
    engine.forget()
    portfolio = portfolio or portfolio_for(engine.rules)
    if portfolio.proof_first and applies_to(engine):
        proved = _proof_first(engine, start, limits)
        if proved is not None:
            return proved
    schedule = portfolio.runners
    shares = portfolio.shares_boards
    shared = _Shared(engine, start)
    if is_won(shared.records[0][0]):
        return Outcome(Status.SOLVED, shared.line_to(0), 0, 1)
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
            return Outcome(Status.SOLVED, proof.won, nodes + proof.nodes, states())
        return Outcome(Status.UNKNOWN, [], nodes, states())

    def ran_dry() -> Outcome:
        """Every board the runners can reach is expanded: a proof where the engine's search is
        complete (`Engine.complete`); otherwise the proof search, if there is one, goes on alone
        until it decides or the limits end it."""
        if engine.complete:
            return Outcome(Status.UNSOLVED, [], nodes, states())
        for boards in searches:  # no win among them: their memory is the proof's now
            boards.seen.clear()
            boards.records.clear()
        while proof is not None and not proof.finished:
            if proof.turn(nodes, PROOF_ALONE_TURN, alone=True):
                return Outcome(Status.UNSOLVED, [], nodes + proof.nodes, states())
            if limits.exceeded(nodes + proof.nodes, states):
                break
        return given_up()

    runners = [shared.runner(schedule[0].weights)]
    waiting = list(schedule[1:])
    beyond = portfolio.beyond
    past = [] if beyond is None or not shares else [
        replace(runner, joins_after=beyond + runner.joins_after) for runner in portfolio.past]
    late: list[_Runner] = []
    """The `past` weightings that joined: never dropped when the first goes on alone."""
    proof = None if portfolio.proof is None else ProofTurns(engine, start, portfolio.proof, portfolio.beyond)
    past_proof = portfolio.past_proof
    nodes = 0
    quiet = 0
    try:
        while True:
            if waiting and nodes >= waiting[0].joins_after:
                runners.append(joining(waiting.pop(0).weights))
            elif len(runners) > 1 and nodes >= portfolio.alone_after:
                if shares:
                    runners[0].take_over(runners[1:])
                del runners[1:]  # the first goes on alone
                waiting.clear()
            if past and nodes >= past[0].joins_after:
                late.append(shared.runner(past.pop(0).weights))
            if proof is None and past_proof is not None and beyond is not None and nodes >= beyond:
                orders = [None if weights is None else Heuristic(engine, weights)
                          for weights in portfolio.past_orders]
                proof = ProofTurns(engine, start, past_proof, beyond, capped_past=True, orders=orders,
                                   legs=portfolio.past_legs, blind=portfolio.past_blind,
                                   blind_at=portfolio.past_blind_at)
            busy = False
            before = nodes
            for runner in runners + late if late else runners:
                won = runner.expand()
                if won is None:
                    if not shares:
                        return ran_dry()  # one search ran dry
                    continue  # this one's open list is empty for now
                busy = True
                if won >= 0:
                    return Outcome(Status.SOLVED, runner.shared.line_to(won), nodes, states())
                nodes += 1
            if not busy:
                return ran_dry()
            if proof is not None:
                if proof.turn(nodes, nodes - before):
                    return Outcome(Status.UNSOLVED, [], nodes + proof.nodes, states())
                if proof.decisive and proof.won is not None:
                    return Outcome(Status.SOLVED, proof.won, nodes + proof.nodes, states())
            if nodes >= quiet:
                if limits.exceeded(nodes, states):
                    return given_up()
                quiet = limits.quiet_until()
    finally:
        # Compiled, the nested functions above and this frame's variables form a reference
        # cycle, which only the cycle collector would free, walking every board kept (a tenth
        # of a long search's time, and most of a short one's after it): let them go now.
        for boards in searches:
            boards.release()
        for runner in runners + late:
            runner.heap.clear()
        if proof is not None:
            proof.release()


def _proof_first(engine: Engine, start: Board, limits: Limits) -> Outcome | None:
    """The `SuitedProver`'s answer when it proves the board lost, within the node budget and
    its own look at the other limits (the runners' `limits` stay as they were); None when it
    finds a win or stops: the runners then search as if it had not run. Its boards, on a lost
    deal, are the runners' to the board, so the proof's count is theirs."""
    prover = SuitedProver(engine, start)
    own = limits.after(0)
    while True:
        boards = PROOF_FIRST_TURN if own.nodes is None else min(PROOF_FIRST_TURN, own.nodes - prover.nodes)
        verdict = prover.advance(boards)
        if verdict is False:
            return Outcome(Status.UNSOLVED, [], prover.nodes, len(prover.seen))
        if verdict or own.exceeded(prover.nodes, lambda: len(prover.seen)):
            return None


Record = tuple[Board, int, tuple[InternalMove, ...], int, tuple[int, ...]]
"""A board the search has seen: the board, its parent's index, the moves that led to it (one
step with its auto-play), its depth in moves, and each column's place in its key (`ranks`)."""


PLACE_BITS: Final = 6
PLACE_MASK: Final = (1 << PLACE_BITS) - 1
"""A column's place in a `ranks` sort key: games have far fewer than 64 columns."""


def ranks(columns: tuple[bytes, ...]) -> tuple[int, ...]:
    """Where each of `columns` stands in the sorted order its key puts them in. A move changes
    no column's bottom card unless it empties or fills one, and distinct bottom cards decide
    every comparison, so a child mostly shares its parent's ranks and its key is made without
    sorting (`_Runner.expand`). So each column is sorted by one int, its bottom card (0 for an
    empty column) above its place, which keeps empty columns in place order as a stable sort of
    the columns does: ints compare several times quicker than `bytes` through a key function."""
    ranked = [0] * len(columns)
    order = sorted([
        (column[0] + 1 if len(column) else 0) << PLACE_BITS | place
        for place, column in enumerate(columns)
    ])
    for rank in range(len(order)):
        ranked[order[rank] & PLACE_MASK] = rank
    return tuple(ranked)


def reranked(columns: tuple[bytes, ...], ranked: tuple[int, ...], place: int) -> tuple[int, ...]:
    """`ranks(columns)` where only the column at `place` has another bottom card (or none) than
    in the columns `ranked` was made for, as after most moves that empty or fill a column: the
    others keep their order, so only that column's new rank is counted, and the ranks between
    its old one and its new one move by one. Compiled, this makes no int object, where sorting
    makes one for each column."""
    column = columns[place]
    key = (column[0] + 1 if len(column) else 0) << PLACE_BITS | place
    rank = 0
    for other in range(len(columns)):
        cards = columns[other]
        if other != place and ((cards[0] + 1 if len(cards) else 0) << PLACE_BITS | other) < key:
            rank += 1
    old = ranked[place]
    moved = list(ranked)
    if rank < old:
        for other in range(len(ranked)):
            if rank <= ranked[other] < old:
                moved[other] += 1
    elif rank > old:
        for other in range(len(ranked)):
            if old < ranked[other] <= rank:
                moved[other] -= 1
    moved[place] = rank
    return tuple(moved)


def key_parts(board: Board, ranked: tuple[int, ...]) -> list[bytes]:
    """The parts `key_of` joins into the board's visited-set key, its columns put in sorted
    order by `ranked` (as `ranks` gives it) rather than by sorting them."""
    columns = board[0]
    parts = [b""] * (len(columns) + 2)
    for place in range(len(columns)):
        parts[ranked[place]] = columns[place]
    parts[len(columns)] = board[1]
    parts[len(columns) + 1] = board[3]
    return parts


class _Shared:
    """What the weightings of one search share: every board seen (`records`, indexed), their
    keys, and which have been expanded."""

    def __init__(self, engine: Engine, start: Board) -> None:
        self.engine = engine
        start, opening = engine.autoplay(start)
        ranked = ranks(start[0])
        self.records: list[Record] = [(start, -1, tuple(opening), len(opening), ranked)]
        self.seen = {SEPARATOR.join(key_parts(start, ranked))}
        self.expanded = bytearray(EXPANDED_ROOM)
        """1 at the index of each record that has been expanded, 0 past the last record: it
        grows by `EXPANDED_ROOM` at a time, not by a call or two for each expansion."""

    def make_room(self) -> None:
        """Grow the expanded flags past the last record (a round adds far fewer than
        `EXPANDED_ROOM`)."""
        while len(self.expanded) < len(self.records):
            self.expanded.extend(EXPANDED_ROOM)

    def release(self) -> None:
        """Drop every board, once the search has its answer."""
        self.records.clear()
        self.seen.clear()
        self.expanded = bytearray()

    def line_to(self, index: int) -> list[InternalMove]:
        parts = []
        while index >= 0:
            _, parent, edge, _, _ = self.records[index]
            parts.append(edge)
            index = parent
        return [plain(move) for part in reversed(parts) for move in part]

    def runner(self, weights: Weights) -> _Runner:
        """A weighting joining: its open list holds every board seen and not yet expanded."""
        runner = _Runner(self, Heuristic(self.engine, weights))
        expanded = self.expanded  # (enumerate over a bytearray is beyond mypyc 2.4)
        runner.adopt(index for index in range(len(self.records)) if not expanded[index])
        return runner


class _Runner:
    """One weighting's open list over the shared boards."""

    def __init__(self, shared: _Shared, heuristic: Heuristic) -> None:
        self.shared = shared
        self.heuristic = heuristic
        self.heap: list[int] = []
        """The open boards' `entry` values."""

    def adopt(self, indices: Iterable[int]) -> None:
        """Put these boards on the open list, scored this weighting's way."""
        records, score, path = self.shared.records, self.heuristic.score, self.heuristic.path
        self.heap.extend(
            entry(score(records[index][0]) + path * records[index][3], index)
            for index in indices
        )
        heapify(self.heap)

    def take_over(self, others: list[_Runner]) -> None:
        expanded = self.shared.expanded
        self.adopt(
            open_entry & INDEX_MASK
            for other in others
            for open_entry in other.heap
            if not expanded[open_entry & INDEX_MASK]
        )

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
            popped = heappop(heap)
            index = popped & INDEX_MASK
            if not expanded[index]:
                break
        else:
            return None
        expanded[index] = 1
        engine, heuristic = shared.engine, self.heuristic
        path = heuristic.path
        board, parent, edge, depth, ranked = records[index]
        score = (popped >> INDEX_BITS) - path * depth  # its own, as `entry` kept it
        back = reverse_of(records[parent][0], board, edge) if parent >= 0 else None
        columns, foundations = board[0], board[2]
        parts = key_parts(board, ranked)
        cells_part = len(columns)
        push = heappush  # (a local: compiled, the module's name is looked up at each use)
        for move in engine.moves(board):
            if back is not None and move == back:
                continue
            child, home = engine.step(board, move)
            # Its key from its parent's parts: the columns that changed put in their parent's
            # places, unless a bottom card changed: then the order is made again, by moving
            # that column's rank where one did (`reranked`), else by sorting (`ranks`).
            child_columns, child_ranked, child_parts = child[0], ranked, parts.copy()
            moved = -1
            for place in range(len(columns)):
                now, was = child_columns[place], columns[place]
                if now is not was:
                    if len(now) and len(was) and now[0] == was[0]:  # (`len`: see `Engine.moves`)
                        child_parts[ranked[place]] = now
                    elif moved < 0:
                        moved = place
                    else:
                        moved = len(columns)  # two or more: sorted again
                        break
            if moved >= 0:
                child_ranked = (ranks(child_columns) if moved == len(columns)
                                else reranked(child_columns, ranked, moved))
                child_parts = key_parts(child, child_ranked)
            child_parts[cells_part] = child[1]
            child_parts[cells_part + 1] = child[3]
            key = SEPARATOR.join(child_parts)
            if key in seen:
                continue
            seen.add(key)
            child_depth = depth + 1 + len(home)
            records.append((child, index, (move, *home) if home else (move,), child_depth, child_ranked))
            if child[2] is not foundations and child[2] == WON:
                shared.make_room()
                return len(records) - 1
            child_score = heuristic.child_score(child, board, score)
            # (`entry`, written out: pure Python, a call for each child costs more than the rest)
            push(heap, (child_score + path * child_depth) << INDEX_BITS | (len(records) - 1))
        if len(expanded) < len(records):
            shared.make_room()
        return -1
