"""A deal's par: how many moves the solver's best line takes, counted as the player's are.

The solver's line lists every card's move, the ones auto-play would make too. A player's move
counter counts actions: a move with the cards auto-play then sends home is one, "Send every
card home" is one, and what the deal itself sends home before the first move is none (see
`eightoff.core.game`). So the line is played again on a `Game` with auto-play on, card by
card, skipping the moves auto-play has already made, and ending with one "send every card
home" once nothing else stands in the way. Each action takes at least one of the line's
moves, so par is never longer than the line (`eightoff solve`'s).

Par is the same on every machine: the search is deterministic and has a budget of boards, not
seconds (`PAR_NODES`). A search limited by time that found its line within that many boards
found the same line, so the window's verdict on a deal's start may give the par at once
(`par_from`); a deal whose line needs more boards has no par.
"""

from __future__ import annotations

from collections.abc import Sequence

from eightoff.core.cards import Card
from eightoff.core.errors import IllegalMove
from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.limits import SOLVED, UNKNOWN, Budget
from eightoff.solver.solve import SolveResult, solve

PAR_NODES = 300_000
"""Boards the par's search may expand. The deals of the shipped grade tables that the daily
deal chooses from need at most a few tens of thousands (scripts/daily_pars.py measures them)."""


def par_from(start: Position, rules: Rules, result: SolveResult) -> int | None:
    """The par a search of `start` gives: its line's length in player's moves when it won
    within `PAR_NODES` boards, else None (no par: lost, or too long a search)."""
    if result.status != SOLVED or not result.rules_name or result.nodes > PAR_NODES:
        return None
    return actions(start, rules, result.moves)


def decided(result: SolveResult) -> bool:
    """Whether `result` settles the par of the position it searched: an "unknown" cut short by
    time (or a cancel) before `PAR_NODES` boards does not, so the par is asked for again with
    the board budget alone."""
    return result.status != UNKNOWN or result.nodes >= PAR_NODES


def find_par(start: Position, rules: Rules) -> int | None:
    """Search `start` within the par's board budget (the command line's and the data
    script's way; the window's worker runs the same search)."""
    return par_from(start, rules, solve(start, rules, Budget(nodes=PAR_NODES)))


def actions(start: Position, rules: Rules, moves: Sequence[Move]) -> int:
    """The player's moves that play the winning line `moves` from `start` with auto-play on
    (`player_line`'s moves, and one more for "send every card home" where it ends so);
    `len(moves)` when the line cannot be followed so."""
    line = player_line(start, rules, moves)
    if line is None:
        return len(moves)
    played, finish = line
    return len(played) + (1 if finish else 0)


def player_line(start: Position, rules: Rules, moves: Sequence[Move]) -> tuple[list[Move], bool] | None:
    """The moves a player with auto-play on makes to follow the winning line `moves`, and
    whether a last "send every card home" ends it; None when the line cannot be followed so
    (auto-play took a card the line moves elsewhere later, which safe auto-play avoids)."""
    game = Game(rules, start)
    game.settle()  # what the deal itself sends home goes before the first move, uncounted
    line = start
    played: list[Move] = []
    for move in moves:
        if game.is_won:
            break
        if game.can_finish():
            return played, True
        card = line.cards(move.source)[-move.count]
        line = line.apply(move)
        if _home(game.position, card) and move.destination.kind is PileKind.FOUNDATION:
            continue  # auto-play sent it home already
        as_played = _as_played(game.position, rules, card, move)
        if as_played is None:
            return None
        game.play(as_played, autoplay=True, finish=True)  # as the window plays with auto-play on
        played.append(as_played)
    return (played, False) if game.is_won else None


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
