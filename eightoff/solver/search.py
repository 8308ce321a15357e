"""Best-first search over compact boards, complete over the pruned state space.

Every board is expanded at most once (one visited set keyed by `Board.key`), so when the open
lists run dry every board reachable under the sound pruning of `Engine.moves` has been tried:
that is the proof that no solution exists.

Two open lists, each ordered by its own weighting of the same board features, take turns.
Solving times of a single greedy search are heavy-tailed: a deal on which one weighting
wanders is usually easy for the other, so taking turns costs at most twice the better one and
cuts the tail by far more. Sharing the visited set keeps it one complete search, not two.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass

from eightoff.core.rules import Build
from eightoff.solver.board import RANK_MASK, Board, Engine, InternalMove

CHECK_CLOCK_EVERY = 128
DEFAULT_STATES = 1_500_000
"""Distinct boards kept before the search answers "unknown": about 600 MB at the ~400 bytes a
board costs, so a search stays under 1 GB."""


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


SAME_SUIT_WEIGHTS = (Weights(3, 1, 0, 1, 1, 0.5), Weights(3, 1, 1, 1, 1, 0.5))
ALTERNATE_WEIGHTS = (Weights(3, 1, 1, 1, 1.5, 0),)


class Heuristic:
    """An estimate of the work left on a board, in the features a player sees:

    - misplaced: cards above a column's settled base (a card that may fill an empty column with
      a built run on it), which must all move before they can go home;
    - buried: pairs of a card and a higher card of its suit above it in the same column;
    - next card: cards lying on the next card each foundation needs;
    - cell: occupied cells; not home: cards not yet on the foundations.

    Column features are cached, since most columns survive a move unchanged."""

    def __init__(self, engine: Engine, weights: Weights) -> None:
        self.engine = engine
        self.weights = weights
        self._columns: dict[bytes, tuple[float, dict[int, int]]] = {}

    def column(self, column: bytes) -> tuple[float, dict[int, int]]:
        """The column's own score and, for each card, how many cards lie on it."""
        known = self._columns.get(column)
        if known is None:
            known = self._columns[column] = self._score(column)
        return known

    def _score(self, column: bytes) -> tuple[float, dict[int, int]]:
        builds = self.engine.builds
        settled = 0
        if column and column[0] in self.engine.fills:
            settled = 1
            while settled < len(column) and (column[settled], column[settled - 1]) in builds:
                settled += 1
        buried = 0
        for depth, card in enumerate(column):
            rank = card & RANK_MASK
            suit = card >> 4
            for above in column[depth + 1 :]:
                if above >> 4 == suit and above & RANK_MASK > rank:
                    buried += 1
        covering = {card: len(column) - 1 - depth for depth, card in enumerate(column)}
        return self.weights.misplaced * (len(column) - settled) + self.weights.buried * buried, covering

    def __call__(self, board: Board) -> float:
        """Written out flat: it runs for every new board, the search's hottest line."""
        weights = self.weights
        known, score_column = self._columns, self._score
        score = 0.0
        coverings = []
        for cards in board.columns:
            entry = known.get(cards)
            if entry is None:
                entry = known[cards] = score_column(cards)
            score += entry[0]
            coverings.append(entry[1])
        foundations = board.foundations
        if weights.next_card:
            for suit, rank in enumerate(foundations):
                wanted = suit * 16 + rank + 1
                for covering in coverings:
                    if wanted in covering:
                        score += weights.next_card * covering[wanted]
                        break
        return score + weights.cell * len(board.cells) + weights.not_home * (52 - sum(foundations))


def search(engine: Engine, start: Board, budget: Budget) -> Outcome:
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    max_nodes, max_states, stop = budget.nodes, budget.states, budget.stop
    engine.forget()
    profiles = SAME_SUIT_WEIGHTS if engine.rules.build is Build.SAME_SUIT else ALTERNATE_WEIGHTS
    heuristics = [Heuristic(engine, weights) for weights in profiles]
    step, moves = engine.step, engine.moves

    start, opening = engine.autoplay(start)
    boards = [start]
    parents = [-1]
    edges: list[tuple[InternalMove, ...]] = [tuple(opening)]
    depths = [len(opening)]
    seen = {start.key()}
    heaps: list[list[tuple[float, int]]] = [[(heuristic(start), 0)] for heuristic in heuristics]
    nodes = 0

    def line_to(index: int) -> list[InternalMove]:
        parts = []
        while index >= 0:
            parts.append(edges[index])
            index = parents[index]
        return [move for part in reversed(parts) for move in part]

    if start.is_won:
        return Outcome("solved", line_to(0), 0, 1)
    turn = 0
    while True:
        heap = heaps[turn]
        if not heap:
            heap = heaps[turn] = next((other for other in heaps if other), [])
            if not heap:
                return Outcome("unsolved", [], nodes, len(seen))
        if (max_nodes is not None and nodes >= max_nodes) or (
            max_states is not None and len(seen) >= max_states
        ):
            return Outcome("unknown", [], nodes, len(seen))
        if nodes % CHECK_CLOCK_EVERY == 0 and (
            (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop())
        ):
            return Outcome("unknown", [], nodes, len(seen))
        heuristic = heuristics[turn]
        path = heuristic.weights.path
        turn = (turn + 1) % len(heaps)
        _, index = heapq.heappop(heap)
        nodes += 1
        board = boards[index]
        depth = depths[index]
        for move in moves(board):
            child, home = step(board, move)
            key = child.key()
            if key in seen:
                continue
            seen.add(key)
            child_index = len(boards)
            boards.append(child)
            parents.append(index)
            edges.append((move, *home))
            child_depth = depth + 1 + len(home)
            depths.append(child_depth)
            if child.is_won:
                return Outcome("solved", line_to(child_index), nodes, len(seen))
            heapq.heappush(heap, (heuristic(child) + path * child_depth, child_index))
