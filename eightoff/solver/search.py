"""Best-first search over compact boards, complete over the pruned state space.

Every board is expanded at most once (a visited set keyed by `Board.key`), so when the open list
runs dry every board reachable under the sound pruning of `Engine.moves` has been tried: that is
the proof that no solution exists. While it lasts, a heuristic leads the way to a win quickly.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass

from eightoff.solver.board import RANK_MASK, Board, Engine, InternalMove

CHECK_CLOCK_EVERY = 128


@dataclass(frozen=True)
class Budget:
    """How much the search may spend; None means no limit. Tests use `nodes` (deterministic)."""

    seconds: float | None = None
    nodes: int | None = None
    stop: Callable[[], bool] | None = None
    """Asked now and then; True ends the search as "unknown" (how the worker cancels)."""


@dataclass
class Outcome:
    status: str
    """"solved", "unsolved" or "unknown"."""
    line: list[InternalMove]
    nodes: int
    """Boards expanded."""
    states: int
    """Distinct boards seen."""


# Heuristic weights: found by tuning on deals 1..200 for speed and solution length.
MISPLACED = 3
CELL = 1
NOT_HOME = 1
PATH = 0.5


class Heuristic:
    """An estimate of the work left on a board; column scores are cached since most columns
    survive a move unchanged."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._columns: dict[bytes, int] = {}

    def column(self, column: bytes) -> int:
        score = self._columns.get(column)
        if score is None:
            score = self._columns[column] = self._score(column)
        return score

    def _score(self, column: bytes) -> int:
        """Cards above the column's settled base (a card that may fill an empty column with a
        built run on it) must all move before they can go home."""
        builds = self.engine.builds
        settled = 0
        if column and column[0] in self.engine.fills:
            settled = 1
            while settled < len(column) and (column[settled], column[settled - 1]) in builds:
                settled += 1
        misplaced = len(column) - settled
        buried = 0
        for depth, card in enumerate(column):
            rank = card & RANK_MASK
            suit = card >> 4
            for above in column[depth + 1 :]:
                if above >> 4 == suit and above & RANK_MASK > rank:
                    buried += 1
        return MISPLACED * misplaced + buried

    def __call__(self, board: Board) -> float:
        column = self.column
        score = sum(column(cards) for cards in board.columns)
        return score + CELL * len(board.cells) + NOT_HOME * (52 - sum(board.foundations))


def search(engine: Engine, start: Board, budget: Budget) -> Outcome:
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    max_nodes, stop = budget.nodes, budget.stop
    heuristic = Heuristic(engine)
    apply, autoplay, moves = engine.apply, engine.autoplay, engine.moves

    start, opening = autoplay(start)
    boards = [start]
    parents = [-1]
    edges: list[list[InternalMove]] = [opening]
    depths = [len(opening)]
    seen = {start.key()}
    heap: list[tuple[float, int]] = [(heuristic(start), 0)]
    nodes = 0

    def line_to(index: int) -> list[InternalMove]:
        parts = []
        while index >= 0:
            parts.append(edges[index])
            index = parents[index]
        return [move for part in reversed(parts) for move in part]

    if start.is_won:
        return Outcome("solved", line_to(0), 0, 1)
    while heap:
        if max_nodes is not None and nodes >= max_nodes:
            return Outcome("unknown", [], nodes, len(seen))
        if nodes % CHECK_CLOCK_EVERY == 0 and (
            (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop())
        ):
            return Outcome("unknown", [], nodes, len(seen))
        _, index = heapq.heappop(heap)
        nodes += 1
        board = boards[index]
        depth = depths[index]
        for move in moves(board):
            child, home = autoplay(apply(board, move))
            key = child.key()
            if key in seen:
                continue
            seen.add(key)
            child_index = len(boards)
            boards.append(child)
            parents.append(index)
            edges.append([move, *home])
            child_depth = depth + 1 + len(home)
            depths.append(child_depth)
            if child.is_won:
                return Outcome("solved", line_to(child_index), nodes, len(seen))
            heapq.heappush(heap, (heuristic(child) + PATH * child_depth, child_index))
    return Outcome("unsolved", [], nodes, len(seen))
