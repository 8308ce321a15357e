"""`solve(position, rules, budget)`: the one entry point the game, the hints and the CLI use.

It runs the searches in turn under one `Limits`: where foundation take-back matters, first a
search without take-backs (quick to win most deals), then the merged game's proof (quick to
prove the lost ones), then the search of the game itself with its prover. The phases and why
each verdict holds: docs/solver.md.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace

from eightoff.core.cards import Card
from eightoff.core.move_table import MovesFrom, MoveTable, move_table
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
    RESERVE_TO_COLUMN,
    Board,
    InternalMove,
    code_card,
    engine_for,
    from_position,
)
from eightoff.solver.grade import difficulty
from eightoff.solver.limits import Budget, Limits, Status
from eightoff.solver.merged import MERGE_ABOVE, applies_to, prove_lost
from eightoff.solver.result import SolveResult
from eightoff.solver.search import TAKEBACK_PROOF, Outcome, portfolio_for, search
from eightoff.solver.shorten import shorten


class SolverBug(AssertionError):
    """The search produced a line the rules core refuses: never expected, never hidden."""


def solve(position: Position, rules: Rules, budget: Budget | None = None) -> SolveResult:
    """Search for a win from `position`: a checked winning line, a proof that none exists
    (UNSOLVED), or UNKNOWN when the budget ends first."""
    began, cpu_began = time.perf_counter(), time.thread_time()
    limits = Limits(budget or Budget())
    board = from_position(position)
    engine = engine_for(rules)
    nodes = states = 0
    if engine.takeback_matters:
        # A win without take-backs is a win under these rules too, and most deals have one
        # that this smaller search finds sooner; past it, the merged game may prove the deal
        # lost; if it does not, the search of the game itself decides.
        engine = engine_for(rules.with_takeback(False))
        outcome = search(engine, board, limits.after(0, WITHOUT_TAKEBACKS))
        if outcome.status != Status.SOLVED:
            engine.forget()  # its caches would stay beside the next searches' boards
            nodes, states = outcome.nodes, outcome.states
            engine = engine_for(rules)
            outcome = _merged_proof(rules, board, limits.after(nodes))
            if outcome.status != Status.UNSOLVED:
                nodes, states = nodes + outcome.nodes, states + outcome.states
                proving = replace(portfolio_for(rules), proof=TAKEBACK_PROOF)
                outcome = search(engine, board, limits.after(nodes), proving)
    else:
        outcome = search(engine, board, limits)
    moves: tuple[Move, ...] = ()
    nodes += outcome.nodes
    score = 0.0
    if outcome.status == Status.SOLVED:
        steps = to_core(position, rules, shorten(engine, board, outcome.line))
        moves = tuple(move for move, _ in steps)
        score = difficulty(position, steps, nodes)
    seconds, cpu_seconds = time.perf_counter() - began, time.thread_time() - cpu_began
    return SolveResult(
        outcome.status, moves, seconds, nodes, states + outcome.states, score, rules.name, cpu_seconds
    )


WITHOUT_TAKEBACKS = 700_000
"""Boards the search without take-backs may expand before the next phase: it wins most
winnable Raglan deals well within this, and past it had only deals none of our searches decided
in a minute (docs/solver.md, "Tuning")."""
MERGED_BOARDS = 1_000_000
"""Boards the merged game's proof may see before the take-back search takes over: above the
largest proof among Raglan's deals 1..3000 (382's; its figures are in docs/solver.md)."""
REAL_BOARDS = 200_000
"""Boards the same proof may see in the real game (no rank merged), where the merged game is
won: on small positions it proves in a hundred boards what the take-back search's plain moves
do not reach in 1.5 million, and on Raglan's deals 1..3000 only 846 needs it."""


def _merged_proof(rules: Rules, board: Board, limits: Limits) -> Outcome:
    """The block search's proof, where it applies (see `merged`): UNSOLVED when it proves the
    deal lost, else UNKNOWN with the boards it spent. It searches the merged game first, which
    is smallest, then the real game, whose win the merged game's win does not rule out."""
    spent = 0
    if not applies_to(rules):
        return Outcome(Status.UNKNOWN, [], spent, spent)
    for merge_above, most in ((MERGE_ABOVE, MERGED_BOARDS), (None, REAL_BOARDS)):
        lost, boards = prove_lost(rules, board, limits.after(spent, most), merge_above)
        spent += boards
        if lost:
            return Outcome(Status.UNSOLVED, [], spent, spent)
    return Outcome(Status.UNKNOWN, [], spent, spent)


def to_core(position: Position, rules: Rules, line: list[InternalMove]) -> list[tuple[Move, Position]]:
    """Translate a line into core moves, each checked by the core's replay loop (`find_move`),
    and the end checked for a win: a line the core refuses is a `SolverBug`, never hidden.
    Each move comes with the position after it, as the replay made it."""
    now = [position]
    columns, cells, _, reserve, _ = position
    table = move_table(len(columns), len(cells), len(reserve))  # the line keeps the deal's piles

    def translated() -> Iterator[Move]:
        """Each internal move as a core move from the position `replay` has reached."""
        for internal in line:
            yield core_move(now[0], internal, table)

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


def core_move(position: Position, internal: InternalMove, table: MoveTable) -> Move:
    """A plain internal move as the core spells it, from `position` (whose piles `table`
    was made for)."""
    kind, a, b, count = internal
    _, cells, _, reserve, _ = position
    if kind == COLUMN_TO_COLUMN:
        moves = table.column[a].to_column[b]
        return moves[count] if 0 < count < len(moves) else Move(Pile.column(a), Pile.column(b), count)
    if kind == COLUMN_TO_CELL:
        return table.column[a].to_cells[1 << cells.index(None)][0]
    if kind == CELL_TO_COLUMN:
        return table.cell[cells.index(code_card(a))].to_column[b][1]
    if kind == RESERVE_TO_COLUMN:
        return table.reserve[reserve.index(code_card(a))].to_column[b][1]
    if kind == HOME:
        card = code_card(a)
        return _holding(table, position, card).home[card.suit]
    moves_from = table.foundation[a >> 4]
    return moves_from.to_cells[1 << cells.index(None)][0] if b < 0 else moves_from.to_column[b][1]


def _holding(table: MoveTable, position: Position, card: Card) -> MovesFrom:
    """The moves out of the pile `card` is on top of."""
    columns, cells, _, reserve, _ = position
    if card in cells:
        return table.cell[cells.index(card)]
    if card in reserve:
        return table.reserve[reserve.index(card)]
    for index, column in enumerate(columns):
        if column and column[-1] == card:
            return table.column[index]
    raise SolverBug(f"{card} is not on top of a pile")
