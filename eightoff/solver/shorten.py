"""Shortening a found line: the search finds a win fast, not the shortest one.

Best-first search often parks a card and fetches it later when a direct move (or none) would
have done. For each move, look at the next move of the same card and try, in this order,
dropping both (a round trip) or merging them into one direct move; keep an edit when the rest
of the line still replays legally to a win. Every edit is checked, so the result is as sound
as the line it came from.
"""

from __future__ import annotations

from eightoff.solver.board import (
    COLUMN_TO_CELL,
    COLUMN_TO_COLUMN,
    COLUMNS,
    HOME,
    TAKEBACK,
    Board,
    Engine,
    InternalMove,
    is_won,
)


def shorten(engine: Engine, start: Board, line: list[InternalMove]) -> list[InternalMove]:
    """The cards each move carries are worked out once per move (and again only after an edit,
    from the edit on): each move looks ahead for its card's next move, so they are read over
    and over."""
    boards = _boards(engine, start, line)
    carried = _carried(boards, line)
    index = 0
    while index < len(line):
        edited = _edit_at(engine, boards, carried, line, index)
        if edited is None:
            index += 1
        else:
            line = edited
            boards = boards[: index + 1] + _boards(engine, boards[index], line[index:])[1:]
            carried = carried[:index] + _carried(boards[index:], line[index:])
    return line


def _boards(engine: Engine, start: Board, line: list[InternalMove]) -> list[Board]:
    boards = [start]
    for move in line:
        boards.append(engine.apply(boards[-1], move))
    return boards


def _carried(boards: list[Board], line: list[InternalMove]) -> list[bytes]:
    """The cards each move of `line` carries, from the boards before each (`boards` ends with
    the board after the line)."""
    return [_moved(boards[index], move) for index, move in enumerate(line)]


def _moved(board: Board, move: InternalMove) -> bytes:
    """The cards a move carries, bottom first."""
    kind, a, _, count = move
    if kind in (COLUMN_TO_COLUMN, COLUMN_TO_CELL):
        return board[COLUMNS][a][-count:]
    return bytes((a,))


def _edit_at(
    engine: Engine, boards: list[Board], carried: list[bytes], line: list[InternalMove], first: int
) -> list[InternalMove] | None:
    """A shorter winning line that changes the move at `first` and the next move of its card
    (`carried`: the cards each move of `line` carries)."""
    move = line[first]
    if move[0] in (HOME, TAKEBACK):
        return None
    moved = carried[first]
    card = moved[0]
    for second in range(first + 1, len(line)):
        cards = carried[second]
        if card not in cards:
            continue
        if cards[0] != card or len(cards) != len(moved):
            return None
        rest = line[second + 1 :]
        between = line[first + 1 : second]
        for replacement in ([], _direct(move, line[second], card)):
            if replacement is None:
                continue
            reached = _reach(engine, boards[first], replacement + between)
            if reached is not None and (reached == boards[second + 1] or _wins(engine, reached, rest)):
                return line[:first] + replacement + between + rest
        return None
    return None


def _direct(first: InternalMove, second: InternalMove, card: int) -> list[InternalMove] | None:
    """One move from where `first` took the card to where `second` put it, if such a move
    exists; None when the pair is a plain round trip."""
    from_column = first[0] in (COLUMN_TO_COLUMN, COLUMN_TO_CELL)
    kind, _, target, count = second
    if kind == HOME:
        return [(HOME, card, 0, 1)]
    if kind == COLUMN_TO_CELL:
        return [(COLUMN_TO_CELL, first[1], 0, 1)] if from_column and count == 1 else None
    if from_column:
        return None if first[1] == target else [(COLUMN_TO_COLUMN, first[1], target, count)]
    return [(first[0], card, target, 1)]  # from the cell or the reserve place it came from


def _wins(engine: Engine, board: Board, line: list[InternalMove]) -> bool:
    end = _reach(engine, board, line)
    return end is not None and is_won(end)


def _reach(engine: Engine, board: Board, line: list[InternalMove]) -> Board | None:
    """The board `line` leads to, if every move of it is legal; None otherwise. An edited line
    that is back on the original line's board wins as the original does, so the rest is
    replayed only when the edit left a different board."""
    for move in line:
        if not engine.is_legal(board, move):
            return None
        board = engine.apply(board, move)
    return board
