"""The player's line: the solver's winning line as a player makes it, and a deal's par, its length.

The solver's line lists every card's move, auto-play's too; a player's counter counts actions
(a move with the cards auto-play then sends home is one; what the deal itself sends home, none).
So the line is played again on a twin `Game` with auto-play on, skipping the moves auto-play has
already made (`line_from`): the one unit of move, which Solve plays, Hint shows the first move
of, par counts, and `eightoff solve --json` gives beside the solver's own wording. Par is the
same on every machine: the search has a budget of boards, not seconds (`PAR_NODES`), so a
search limited by time that won within it found the same line (`par_from`).
"""

from __future__ import annotations

from collections.abc import Sequence

from eightoff.core.cards import Card
from eightoff.core.errors import IllegalMove
from eightoff.core.game import Game, GameView
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.limits import SOLVED, UNKNOWN
from eightoff.solver.result import SolveResult

PAR_NODES = 300_000
"""Boards the par's search may expand. The deals of the shipped grade tables that the daily
deal chooses from need at most a few tens of thousands (scripts/daily_pars.py measures them)."""


def par_from(start: Position, rules: Rules, result: SolveResult) -> int | None:
    """The par a search of `start` gives: its player's line's length when it won within
    `PAR_NODES` boards, else None (no par: lost, too long a search, or a line not to follow)."""
    if not result.rules_name or result.nodes > PAR_NODES:
        return None
    return player_moves(start, rules, result)


def decided(result: SolveResult) -> bool:
    """Whether `result` settles the par of the position it searched: an "unknown" cut short by
    time (or a cancel) before `PAR_NODES` boards does not, so the par is asked for again with
    the board budget alone."""
    return result.status != UNKNOWN or result.nodes >= PAR_NODES


def player_moves(start: Position, rules: Rules, result: SolveResult) -> int | None:
    """How many moves a player makes to follow a search's winning line from `start` (what
    `eightoff solve --json` gives beside the line's every card); None without a line to follow."""
    if result.status != SOLVED:
        return None
    line = opening_line(start, rules, result.moves)
    return None if line is None else len(line)


def opening_line(start: Position, rules: Rules, moves: Sequence[Move]) -> list[Move] | None:
    """`line_from` a deal's start (or a board's, as given)."""
    return line_from(Game(rules, start), moves)


def line_from(game: Game | GameView, moves: Sequence[Move], settle: bool = True) -> list[Move] | None:
    """The player's line: the moves a player makes from where `game` stands to follow the
    solver's winning line `moves` (searched from that position), each played with auto-play on
    as Solve plays it: what the deal itself sends home goes first, uncounted, and the move that
    lets every card go home finishes the game in the same step. None when the line cannot be
    followed so (auto-play took a card the line moves elsewhere later, which safe auto-play
    avoids). `game` stays as it is: the line is played on its twin. Without `settle`, the first
    move is the one to make in `game` as it stands (a hint where auto-play is off)."""
    line = game.position
    twin = game.twin()
    if settle:
        twin.settle()
    played: list[Move] = []
    for move in moves:
        if twin.is_won:
            break
        card = line.cards(move.source)[-move.count]
        line = line.apply(move)
        if _home(twin.position, card) and move.destination.kind is PileKind.FOUNDATION:
            continue  # auto-play sent it home already
        as_played = _as_played(twin.position, twin.rules, card, move)
        if as_played is None:
            return None
        twin.play(as_played, autoplay=True, finish=True)
        played.append(as_played)
    return played if twin.is_won else None


def _as_played(position: Position, rules: Rules, card: Card, move: Move) -> Move | None:
    """The line's `move` of `card` (with the cards on it) in the game's position, which may
    keep cards in other free cells than the line's: the same column, any free cell, home."""
    source = _holding(position, card)
    if source is None:
        return None
    target = move.destination
    if target.kind is PileKind.CELL:
        if None not in position.cells:
            return None
        target = Pile.cell(position.cells.index(None))
    try:
        return position.find_move(rules, source, target, move.count)
    except IllegalMove:
        return None


def _home(position: Position, card: Card) -> bool:
    return position.foundations[card.suit] >= card.rank


def _holding(position: Position, card: Card) -> Pile | None:
    """The pile `card` lies in (a column at any depth, a cell, the reserve, a foundation's top)."""
    for index, column in enumerate(position.columns):
        if card in column:
            return Pile.column(index)
    if card in position.cells:
        return Pile.cell(position.cells.index(card))
    if card in position.reserve:
        return Pile.reserve(position.reserve.index(card))
    if position.foundations[card.suit] == card.rank:
        return Pile.foundation(card.suit)
    return None
