"""Shortening a found line: the search finds a win fast, not the shortest one.

Shortcuts: whenever a single move (with the safe home moves it lets auto-play make) reaches a
board the line passes through later, the moves in between are dropped. This removes the
detours best-first search takes, such as a card parked in a cell and brought back unused.
"""

from __future__ import annotations

from eightoff.solver.board import Board, Engine, InternalMove


def shorten(engine: Engine, start: Board, line: list[InternalMove]) -> list[InternalMove]:
    while True:
        shorter = _shortcut(engine, start, line)
        if len(shorter) >= len(line):
            return line
        line = shorter


def _shortcut(engine: Engine, start: Board, line: list[InternalMove]) -> list[InternalMove]:
    boards = [start]
    for move in line:
        boards.append(engine.apply(boards[-1], move))
    latest = {board: index for index, board in enumerate(boards)}
    result: list[InternalMove] = []
    index = 0
    while index < len(line):
        board = boards[index]
        best_end, best_moves = index + 1, [line[index]]
        for move in engine.moves(board):
            child = engine.apply(board, move)
            for moves in ([move], None):
                if moves is None:
                    child, home = engine.autoplay(child)
                    moves = [move, *home]
                end = latest.get(child, -1)
                if end > index and len(moves) - end < len(best_moves) - best_end:
                    best_end, best_moves = end, moves
        result.extend(best_moves)
        index = best_end
    return result
