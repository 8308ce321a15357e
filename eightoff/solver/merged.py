"""A proof that a deal is lost, searched in a smaller game where twins are one card.

In alternate-colour building, a column move cares about a card's colour and rank only. So the
two cards of one colour and rank ("twins", such as 9C and 9S) do the same everywhere but on
the foundations. `MergedGame` plays a coarser game: the twins of every rank above `kept` are
one token (so 9C and 9S are both "a black 9"), which may go home on either foundation of its
colour that holds its rank's card below. Every move of the real game is a move of this game
(a card's token does what the card does; a card taken back is its token), so a line that wins
the real game wins this one: when this game has no win from a board, the real game has none.
Twins that change places give one board here instead of two, so a deal whose search walks
through many such boards (Raglan 382: hundreds of thousands of boards for each one here) has
a far smaller space to exhaust. Low ranks are kept apart because that is where the suits
matter: merging them too gives a game that is won where the real one is lost.

The search is for rules that move one card at a time with no cells and let foundation cards
come back (Raglan), and folds as the real engine does (`Engine.sent_back` and
`Engine.supply_chains`), with one change that the twins need: a token is sent home at once,
and brought back only as the start of a chain, only while its twin is home ("single", or a
card kept apart). Why the chains stay complete: the real argument moves each supply later,
to just before it is used, and it holds because only the supply itself notices that its
foundation stands one higher meanwhile. Here its twin could notice too, and only while its
twin is out; so a token whose twin is out is taken back by a plain move and never sent home
by folding. One case is left: the twin comes out, off the other foundation, while the supply
waits, and goes home on the supply's foundation. Then the two foundations have swapped which
of them holds a token of this rank, so the delayed supply is made from the other foundation
instead (chains are made from every foundation), and the line goes on the same.

`tests/solver/test_merged.py` checks, on small positions, that this search never calls lost
a board on which a brute-force search of the real game finds a win.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from eightoff.core.cards import CARDS, Card
from eightoff.core.rules import Build, Rules, RunMoves
from eightoff.solver.board import KING, RANK_MASK, WON, Board

MERGED = 64
"""Bit set in a merged token: `MERGED | colour << 4 | rank` (a kept card is its own code)."""
RED_SUITS = (1, 2)
BLACK_SUITS = (0, 3)
MergedBoard = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]
"""Columns of tokens, the reserve's tokens in ascending order, and the four foundations."""


def applies_to(rules: Rules) -> bool:
    """Whether `prove_lost` can search these rules (Raglan's shape, with take-backs)."""
    return (
        rules.build is Build.ALTERNATE_COLOUR
        and rules.run_moves is RunMoves.SINGLE_CARDS
        and rules.cells == 0
        and rules.foundation_takeback
    )


class MergedGame:
    """The coarser game for `rules`, with the cards of ranks up to `kept` kept apart."""

    def __init__(self, rules: Rules, kept: int) -> None:
        if not applies_to(rules):
            raise ValueError("the merged game needs one-card alternate-colour moves, no cells, take-backs")
        self.kept = kept
        self.token_of = [[self._token(suit, rank) for rank in range(KING + 1)] for suit in range(4)]
        """The token each card becomes, by suit and rank."""
        tokens = sorted({token for row in self.token_of for token in row[1:]})
        self.home_suits = {token: self._home_suits(token) for token in tokens}
        self.parents = {
            token: bytes(onto for onto in tokens if rules.builds_on(self._card(token), self._card(onto)))
            for token in tokens
        }
        """The tokens each token may lie on (colour and rank are all that building reads)."""
        self.builds = {(token, onto) for token, ontos in self.parents.items() for onto in ontos}
        self.children = {
            token: bytes(child for child in tokens if token in self.parents[child]) for token in tokens
        }
        self.fills = frozenset(token for token in tokens if rules.may_fill_empty_column(self._card(token)))

    def _token(self, suit: int, rank: int) -> int:
        if rank <= self.kept:
            return suit << 4 | rank
        return MERGED | (1 if suit in RED_SUITS else 0) << 4 | rank

    @staticmethod
    def _home_suits(token: int) -> tuple[int, ...]:
        if not token & MERGED:
            return (token >> 4,)
        return RED_SUITS if token >> 4 & 1 else BLACK_SUITS

    @staticmethod
    def _card(token: int) -> Card:
        """A card with the token's colour and rank."""
        suit = (RED_SUITS[0] if token >> 4 & 1 else BLACK_SUITS[0]) if token & MERGED else token >> 4
        return CARDS[suit][token & RANK_MASK]

    def start(self, columns: tuple[bytes, ...], reserve: bytes, foundations: tuple[int, ...]) -> MergedBoard:
        """The merged board of a solver `Board`'s columns, reserve and foundations, folded."""
        token = self.token_of
        merged_columns = [bytes(token[card >> 4][card & RANK_MASK] for card in column) for column in columns]
        merged_reserve = bytes(sorted(token[card >> 4][card & RANK_MASK] for card in reserve))
        return self._folded(merged_columns, merged_reserve, list(foundations))

    def single(self, token: int, foundations: list[int] | tuple[int, ...]) -> bool:
        """Whether `token` (out of its foundation) is the only one of its kind out."""
        if not token & MERGED:
            return True
        rank = token & RANK_MASK
        return sum(1 for suit in self.home_suits[token] if foundations[suit] >= rank) == 1

    def _folded(self, columns: list[bytes], reserve: bytes, foundations: list[int]) -> MergedBoard:
        """Send home every single token that could come straight back (`Engine.sent_back`)."""
        changed = True
        while changed:
            changed = False
            for index, column in enumerate(columns):
                if not column:
                    continue
                token = column[-1]
                rank = token & RANK_MASK
                if len(column) > 1:
                    if (token, column[-2]) not in self.builds:
                        continue
                elif token not in self.fills:
                    continue
                for suit in self.home_suits[token]:
                    if foundations[suit] == rank - 1 and self.single(token, foundations):
                        columns[index] = column[:-1]
                        foundations[suit] = rank
                        changed = True
                        break
        return tuple(columns), reserve, tuple(foundations)

    @staticmethod
    def key(board: MergedBoard) -> bytes:
        columns, reserve, foundations = board
        return b"\0".join(sorted(columns)) + b"\x0e" + reserve + b"\x0e" + bytes(foundations)

    def children_of(self, board: MergedBoard) -> list[MergedBoard]:
        """Every board one move away, folded: plain moves, home moves left by folding, take-backs
        of tokens whose twin is out, and the supply chains of single tokens and reserve tokens."""
        columns, reserve, foundations = board
        found: list[MergedBoard] = []
        tops = [column[-1] if column else 0 for column in columns]
        for index, token in enumerate(tops):
            if not token:
                continue
            for target in self._places(columns, tops, token, source=index):
                found.append(self._moved(columns, reserve, foundations, index, target))
            for suit in self._homes(token, foundations):
                new = list(columns)
                new[index] = columns[index][:-1]
                found.append(self._folded(new, reserve, list(_raised(foundations, suit, 1))))
        for token in set(reserve):
            rest = reserve.replace(bytes((token,)), b"", 1)
            for suit in self._homes(token, foundations):
                found.append(self._folded(list(columns), rest, list(_raised(foundations, suit, 1))))
            for target in self._places(columns, tops, token, source=-1):
                self._extend(columns, tops, rest, foundations, token, target, -1, found)
        for suit, rank in enumerate(foundations):
            if rank < 2:
                continue  # an Ace taken back could hold nothing
            token = self.token_of[suit][rank]
            lowered = _raised(foundations, suit, -1)
            for target in self._places(columns, tops, token, source=-1):
                if self.single(token, lowered):
                    self._extend(columns, tops, reserve, lowered, token, target, suit, found)
                else:
                    new = list(columns)
                    new[target] = columns[target] + bytes((token,))
                    found.append(self._folded(new, reserve, list(lowered)))
        return found

    def _homes(self, token: int, foundations: tuple[int, ...]) -> list[int]:
        rank = token & RANK_MASK
        return [suit for suit in self.home_suits[token] if foundations[suit] == rank - 1]

    def _places(self, columns: tuple[bytes, ...], tops: list[int], token: int, source: int) -> list[int]:
        """The columns `token` may go to (only the first empty one, and never its whole column);
        `tops` holds each column's top token, 0 for an empty column."""
        ontos = self.parents[token]
        places = [index for index, top in enumerate(tops) if top in ontos and index != source]
        if token in self.fills and 0 in tops and (source < 0 or len(columns[source]) > 1):
            places.append(tops.index(0))
        return places

    def _moved(
        self,
        columns: tuple[bytes, ...],
        reserve: bytes,
        foundations: tuple[int, ...],
        source: int,
        target: int,
    ) -> MergedBoard:
        new = list(columns)
        new[target] = columns[target] + columns[source][-1:]
        new[source] = columns[source][:-1]
        return self._folded(new, reserve, list(foundations))

    def _extend(
        self,
        columns: tuple[bytes, ...],
        tops: list[int],
        reserve: bytes,
        foundations: tuple[int, ...],
        token: int,
        target: int,
        from_suit: int,
        found: list[MergedBoard],
    ) -> None:
        """Every chain that puts the supply `token` on column `target` (from the reserve, or
        taken back off `from_suit`'s foundation) and goes on with what it is for: a card put on
        it, from a column (which ends the chain), the reserve or a foundation; or, for a
        take-back, the take-back of the card below it. `columns` and `tops` are the board's
        before the supply."""
        new = list(columns)
        new[target] = columns[target] + bytes((token,))
        placed = tuple(new)
        placed_tops = tops.copy()
        placed_tops[target] = token
        children = self.children[token]
        for source, top in enumerate(tops):
            if top in children and source != target:
                found.append(self._moved(placed, reserve, foundations, source, target))
        for child in set(reserve):
            if child in children:
                rest = reserve.replace(bytes((child,)), b"", 1)
                self._extend(placed, placed_tops, rest, foundations, child, target, -1, found)
        for suit, rank in enumerate(foundations):
            if rank > 1 and self.token_of[suit][rank] in children:
                child = self.token_of[suit][rank]
                self._extend(
                    placed, placed_tops, reserve, _raised(foundations, suit, -1), child, target, suit, found
                )
        rank = token & RANK_MASK
        if from_suit >= 0 and rank > 2:
            below = self.token_of[from_suit][rank - 1]
            lowered = _raised(foundations, from_suit, -1)
            for place in self._places(placed, placed_tops, below, source=-1):
                self._extend(placed, placed_tops, reserve, lowered, below, place, from_suit, found)


def home_count(board: MergedBoard) -> int:
    return sum(board[2])


def _raised(foundations: tuple[int, ...], suit: int, by: int) -> tuple[int, ...]:
    new = list(foundations)
    new[suit] += by
    return tuple(new)


KEPT = 6
"""Ranks up to this keep their suits. On Raglan's deals 1..3000, 6 proves 533 of the 534 lost
deals (each within 63,000 boards, and 382 within 672,000) and calls none of the 2,465 won ones
lost; with 5, 382's merged game is won. Each rank kept apart makes the game to search larger."""
CHECK_EVERY = 1024
"""Boards expanded between looks at the clock and at `stop`."""


def prove_lost(
    rules: Rules,
    board: Board,
    boards: int,
    deadline: float | None = None,
    stop: Callable[[], bool] | None = None,
    kept: int = KEPT,
) -> tuple[bool, int]:
    """Search the merged game exhaustively from `board`: (True, boards seen) when it has no win,
    so the real game has none either; (False, boards seen) when it has one (which says nothing
    of the real game), or when `boards`, the `deadline` (of `time.perf_counter`) or `stop` ends
    the search first. Ranks up to `kept` keep their suits. Boards whose foundations are nearer
    a win are tried first, so that on a winnable deal the merged game's win, which ends the
    search, comes soon."""
    game = MergedGame(rules, kept)
    start = game.start(board.columns, board.reserve, board.foundations)
    seen = {game.key(start)}
    stack = [start]
    key, children_of = game.key, game.children_of
    expanded = 0
    while stack:
        merged = stack.pop()
        if merged[2] == WON:
            return False, len(seen)
        for child in sorted(children_of(merged), key=home_count):
            child_key = key(child)
            if child_key not in seen:
                seen.add(child_key)
                stack.append(child)
        expanded += 1
        if len(seen) > boards:
            return False, len(seen)
        if expanded % CHECK_EVERY == 0 and (
            (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop())
        ):
            return False, len(seen)
    return True, len(seen)
