"""`solve(position, rules, budget)`: the one entry point the game, the hints and the CLI use."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

from eightoff.core.cards import Card
from eightoff.core.moves import Move
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.replay import replay
from eightoff.core.rules import Rules
from eightoff.solver.board import (
    CELL_TO_COLUMN,
    COLUMN_TO_CELL,
    COLUMN_TO_COLUMN,
    HOME,
    KING,
    RESERVE_TO_COLUMN,
    Board,
    InternalMove,
    code_card,
    engine_for,
    from_position,
)
from eightoff.solver.grade import difficulty, grade_for
from eightoff.solver.merged import KEPT, applies_to, prove_lost
from eightoff.solver.search import TAKEBACK_PROOF, Budget, Outcome, portfolio_for, search
from eightoff.solver.shorten import shorten

SOLVED, UNSOLVED, UNKNOWN = "solved", "unsolved", "unknown"


class SolverBug(AssertionError):
    """The search produced a line the rules core refuses: never expected, never hidden."""


@dataclass(frozen=True)
class SolveResult:
    status: str
    """SOLVED (with `moves`), UNSOLVED (proved: no line wins) or UNKNOWN (budget ran out)."""
    moves: tuple[Move, ...]
    """Core moves that win when applied one by one (auto-play moves included); empty otherwise."""
    seconds: float
    """The solver's own time (wall clock)."""
    nodes: int
    """Boards expanded."""
    states: int
    """Distinct boards seen."""
    difficulty: float = 0.0
    """The score `grade.difficulty` gives a solved position (0 otherwise)."""
    rules_name: str = ""
    """The game it was solved under, which the grade's thresholds depend on. Empty in a result
    the worker derived from a longer line (no search of its own, so no grade)."""
    cpu_seconds: float = 0.0
    """The processor time the solve took: what a benchmark on a shared machine can compare."""


def grade_of(result: SolveResult) -> str | None:
    """ "easy", "medium", "hard" or "expert" for a solved deal; None when it is not solved, or
    when the result is the rest of a line found from an earlier position (no search scored it)."""
    if result.status != SOLVED or not result.moves or not result.rules_name:
        return None
    return grade_for(result.rules_name, result.difficulty)


def solve(position: Position, rules: Rules, budget: Budget | None = None) -> SolveResult:
    """Search for a win from `position`.

    "unsolved" is a proof. Sound pruning keeps it one: see `Engine.moves`. Foundation take-back
    is searched only where it can matter. With same-suit building it cannot: a card taken back
    can only ever hold lower cards of its own suit, all home at that moment, so from any winning
    line the moves of cards after their first trip home can be deleted (those cards form the top
    of their columns, and without them every other move stays legal with at least as many free
    cells and empty columns); what is left is a winning line without take-backs.
    """
    began, cpu_began = time.perf_counter(), time.thread_time()
    budget = budget or Budget()
    board = from_position(position)
    engine = engine_for(rules)
    nodes = states = 0
    if engine.takeback_matters:
        # Where take-backs can matter, look for a win without them first, for a while: such a
        # win is a win under these rules too, and most deals have one that this smaller search
        # finds sooner. Past that, or when it has none, the block search (`_merged_proof`) may
        # prove the deal lost; if it does not, the search of the game itself decides.
        engine = engine_for(rules.with_takeback(False))
        outcome = search(engine, board, _first_pass(budget))
        if outcome.status != SOLVED:
            engine.forget()  # its caches would stay beside the next searches' boards
            nodes, states = outcome.nodes, outcome.states
            engine = engine_for(rules)
            outcome = _merged_proof(rules, board, _remaining(budget, began, nodes))
            if outcome.status != UNSOLVED:
                nodes, states = nodes + outcome.nodes, states + outcome.states
                proving = replace(portfolio_for(rules), proof=TAKEBACK_PROOF)
                outcome = search(engine, board, _remaining(budget, began, nodes), proving)
    else:
        outcome = search(engine, board, budget)
    moves: tuple[Move, ...] = ()
    nodes += outcome.nodes
    score = 0.0
    if outcome.status == SOLVED:
        steps = to_core(position, rules, shorten(engine, board, outcome.line))
        moves = tuple(move for move, _ in steps)
        score = difficulty(position, steps, nodes)
    seconds, cpu_seconds = time.perf_counter() - began, time.thread_time() - cpu_began
    return SolveResult(
        outcome.status, moves, seconds, nodes, states + outcome.states, score, rules.name, cpu_seconds
    )


WITHOUT_TAKEBACKS = 700_000
"""Boards the search without take-backs may expand before the game's own search takes over.
On Raglan's deals 1..1000 it wins 813 deals within 120,177 boards, runs dry on 184 within
64,994, and wins 779 in about 600,000, as it did before this limit; past the limit it had
only 433 and 382 left, which its 5.5 million and more boards made undecided in a minute."""


MERGED_BOARDS = 1_000_000
"""Boards the merged game's proof (`merged.prove_lost`) may see before the take-back search
takes over: Raglan 382, the largest proof among deals 1..1000, needs 671,643 (125 MB at most
for the proof alone, 10.4 s compiled)."""
REAL_BOARDS = 200_000
"""Boards the same proof may see in the real game (every rank kept apart), where the merged
game is won. On Raglan's deals 1..3000 it is needed only for 846 (1,104 boards); on small
positions it proves in a hundred boards what the take-back search's plain moves do not reach
in 1.5 million. A won deal that gets this far pays for it until a win is met or this cap."""


def _merged_proof(rules: Rules, board: Board, budget: Budget) -> Outcome:
    """The block search's proof, where it applies (see `merged`): "unsolved" when it proves
    the deal lost, else "unknown" with the boards it spent. It comes after the search without
    take-backs, which wins most deals sooner, and before the take-back search, which on a lost
    deal would visit hundreds of boards for each one the block search has. It searches the
    merged game first, which is smallest, then the real game, whose win the merged game's
    win does not rule out."""
    spent = 0
    if not applies_to(rules):
        return Outcome(UNKNOWN, [], spent, spent)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    for kept, most in ((KEPT, MERGED_BOARDS), (KING, REAL_BOARDS)):
        limits = [most]
        if budget.states is not None:
            limits.append(budget.states)  # a memory cap: each search's boards are dropped after it
        if budget.nodes is not None:
            limits.append(budget.nodes - spent)
        lost, boards = prove_lost(rules, board, max(0, min(limits)), deadline, budget.stop, kept)
        spent += boards
        if lost:
            return Outcome(UNSOLVED, [], spent, spent)
    return Outcome(UNKNOWN, [], spent, spent)


def _first_pass(budget: Budget) -> Budget:
    nodes = WITHOUT_TAKEBACKS if budget.nodes is None else min(budget.nodes, WITHOUT_TAKEBACKS)
    return replace(budget, nodes=nodes)


def _remaining(budget: Budget, began: float, nodes: int) -> Budget:
    seconds = None if budget.seconds is None else budget.seconds - (time.perf_counter() - began)
    return Budget(seconds, None if budget.nodes is None else budget.nodes - nodes, budget.stop, budget.states)


def to_core(position: Position, rules: Rules, line: list[InternalMove]) -> list[tuple[Move, Position]]:
    """Translate a line into core moves, each checked by the core's replay loop (`find_move`),
    and the end checked for a win: a line the core refuses is a `SolverBug`, never hidden.
    Each move comes with the position after it, as the replay made it."""
    now = [position]

    def translated() -> Iterator[Move]:
        """Each internal move as a core move from the position `replay` has reached."""
        for internal in line:
            yield core_move(now[0], internal)

    steps: list[tuple[Move, Position]] = []
    try:
        for step in replay(position, rules, translated()):
            steps.append(step)
            now[0] = step[1]
    except ValueError as error:
        raise SolverBug(f"solver line refused at move {len(steps) + 1}: {error}") from error
    if not now[0].is_won:
        raise SolverBug("solver line does not end in a win")
    return steps


def core_move(position: Position, internal: InternalMove) -> Move:
    """A plain internal move as the core spells it, from `position`."""
    kind, a, b, count = internal
    if kind == COLUMN_TO_COLUMN:
        return Move(Pile.column(a), Pile.column(b), count)
    if kind == COLUMN_TO_CELL:
        return Move(Pile.column(a), _free_cell(position), 1)
    if kind == CELL_TO_COLUMN:
        return Move(Pile.cell(position.cells.index(code_card(a))), Pile.column(b), 1)
    if kind == RESERVE_TO_COLUMN:
        return Move(Pile.reserve(position.reserve.index(code_card(a))), Pile.column(b), 1)
    if kind == HOME:
        card = code_card(a)
        return Move(_holding(position, card), Pile.foundation(card.suit), 1)
    destination = _free_cell(position) if b < 0 else Pile.column(b)
    return Move(Pile.foundation(a >> 4), destination, 1)


def _free_cell(position: Position) -> Pile:
    return Pile.cell(position.cells.index(None))


def _holding(position: Position, card: Card) -> Pile:
    if card in position.cells:
        return Pile.cell(position.cells.index(card))
    if card in position.reserve:
        return Pile.reserve(position.reserve.index(card))
    for index, column in enumerate(position.columns):
        if column and column[-1] == card:
            return Pile.column(index)
    raise SolverBug(f"{card} is not on top of a pile")
