"""A proof that a deal is lost, searched in a smaller game where twins are one card.

The longer reasons: docs/notes.md, `eightoff.solver.merged`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from eightoff.core.cards import CARDS, Card
from eightoff.core.rules import Build, Rules, RunMoves
from eightoff.solver.board import KING, RANK_MASK, WON, Board
from eightoff.solver.limits import Limits

MERGED: Final = 64
"""Bit set in a merged token: `MERGED | colour << 4 | rank` (a kept card is its own code)."""
RED_SUITS: Final = (1, 2)
BLACK_SUITS: Final = (0, 3)
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
    """The coarser game for `rules`: the twins of each rank above `merge_above` are one token,
    the cards of lower ranks keep their suits; None merges nothing (the real game)."""

    def __init__(self, rules: Rules, merge_above: int | None) -> None:
        if not applies_to(rules):
            raise ValueError("the merged game needs one-card alternate-colour moves, no cells, take-backs")
        self.merge_above = merge_above
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
        self.fills = frozenset(token for token in tokens if rules.may_fill_empty_column(self._card(token)))

    def _token(self, suit: int, rank: int) -> int:
        if self.merge_above is None or rank <= self.merge_above:
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

    def _folded(self, columns: list[bytes], reserve: bytes, foundations: list[int]) -> MergedBoard:
        """Send home every token that could come straight back (`Engine.sent_back`): one that
        lies on a token it builds on, or alone in a column it could fill again, and is next on
        a foundation of its colour. Sound here as in the real game: a take-back off that
        foundation gives the same token back to the same place, so each board reaches the
        other, and the search keeps the one with more cards home."""
        changed = True
        while changed:
            changed = False
            next_up = self._next_up(foundations)
            for index, column in enumerate(columns):
                if not column or column[-1] not in next_up:
                    continue
                token = column[-1]
                if len(column) > 1:
                    if (token, column[-2]) not in self.builds:
                        continue
                elif token not in self.fills:
                    continue
                for suit in self.home_suits[token]:
                    if foundations[suit] == (token & RANK_MASK) - 1:
                        columns[index] = column[:-1]
                        foundations[suit] += 1
                        changed = True
                        break
        return tuple(columns), reserve, tuple(foundations)

    def _next_up(self, foundations: list[int]) -> set[int]:
        """The tokens that may go home next: most column tops are not, and are passed over."""
        token_of = self.token_of
        return {token_of[suit][rank + 1] for suit, rank in enumerate(foundations) if rank < KING}

    @staticmethod
    def key(board: MergedBoard) -> bytes:
        """The visited-set key: column order does not matter; it ends with the foundations."""
        columns, reserve, foundations = board
        return b"\0".join(sorted(columns)) + b"\x0e" + reserve + b"\x0e" + bytes(foundations)

    def children_of(self, board: MergedBoard) -> dict[bytes, MergedBoard]:
        """Every board one step away, folded, by its key: the moves that bring no card into play
        (a column's top to a column or home, a reserve token home), and the blocks (`_blocks`)
        that do."""
        columns, reserve, foundations = board
        found: dict[bytes, MergedBoard] = {}
        tops = [column[-1] if column else 0 for column in columns]
        for index, token in enumerate(tops):
            if not token:
                continue
            for target in self._places(columns, tops, token, source=index):
                self._keep(found, self._moved(columns, reserve, foundations, index, target))
            for suit in self._homes(token, foundations):
                new = list(columns)
                new[index] = columns[index][:-1]
                self._keep(found, self._folded(new, reserve, list(_raised(foundations, suit, 1))))
        for token in set(reserve):
            rest = reserve.replace(bytes((token,)), b"", 1)
            for suit in self._homes(token, foundations):
                self._keep(found, self._folded(list(columns), rest, list(_raised(foundations, suit, 1))))
        self._blocks(board, tops, found)
        return found

    def _keep(self, found: dict[bytes, MergedBoard], board: MergedBoard) -> None:
        found.setdefault(self.key(board), board)

    def _homes(self, token: int, foundations: tuple[int, ...]) -> list[int]:
        rank = token & RANK_MASK
        return [suit for suit in self.home_suits[token] if foundations[suit] == rank - 1]

    def _places(self, columns: tuple[bytes, ...], tops: list[int], token: int, source: int) -> list[int]:
        """The columns `token` may go to from column `source` (only the first empty one, and
        never from a column it is alone in); `tops` holds each column's top token, 0 for none."""
        ontos = self.parents[token]
        places = [index for index, top in enumerate(tops) if top in ontos and index != source]
        if token in self.fills and 0 in tops and len(columns[source]) > 1:
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

    # ----- blocks ---------------------------------------------------------------------------

    def _blocks(self, board: MergedBoard, tops: list[int], found: dict[bytes, MergedBoard]) -> None:
        """Every block from `board`, made and folded, into `found`. A block brings tokens into
        play off the foundations and out of the reserve ("supplies") and ends with the one move
        they are for (docs/solver.md, "The merged game", says why every win is made of blocks
        and plain moves). Its root is either a supply M on which a column's top token X is then put, or a
        token Z taken back off one foundation of its colour to go home on the other ("a
        swap"). Every other supply of the block is there for a supply already in it: to lie
        under it, or to be taken back before it, being above it on its foundation."""
        columns, reserve, foundations = board
        for source, token in enumerate(tops):
            if not token:
                continue
            for onto in self.parents[token]:
                for origin in self._origins(onto, foundations, reserve):
                    block = _Block(columns, reserve, foundations, tops, source)
                    block.root = block.add(self, onto, origin)
                    block.hosting[block.root] = True  # X goes on it
                    self._fill(block, found, partial(_Block.put_on_root, token=token))
        for suit, rank in enumerate(foundations):
            if rank == KING:
                continue
            token = self.token_of[suit][rank + 1]
            if not token & MERGED:
                continue  # a kept card goes home on its own suit only
            for origin in self.home_suits[token]:
                if origin != suit and foundations[origin] > rank:
                    block = _Block(columns, reserve, foundations, tops, -1)
                    block.root = block.add(self, token, origin)
                    block.hosting[block.root] = True  # it goes home: nothing may lie on it
                    self._fill(block, found, partial(_Block.send_root_home, suit=suit))

    def _origins(self, token: int, lowered: list[int] | tuple[int, ...], reserve: bytes) -> list[int]:
        """Where a supply of `token` may come from: -1 for the reserve, else a foundation
        that holds its rank (any card above it there joins the block as a supply too)."""
        rank = token & RANK_MASK
        origins = [-1] if token in reserve else []
        origins.extend(suit for suit in self.home_suits[token] if lowered[suit] >= rank)
        return origins

    def _fill(
        self, block: _Block, found: dict[bytes, MergedBoard], finish: Callable[[_Block], MergedBoard]
    ) -> None:
        """Give each supply still waiting for a place every place it could have: a column's
        own top token, an empty column no other supply took, a supply of the block with nothing
        on it yet, or a new supply (which then waits for a place of its own). A supply lies on
        a supply one rank above it, so no supply waits on itself, and any order of the block's
        supplies by falling rank makes them one after the other."""
        if not block.pending:
            columns, reserve, foundations = finish(block)
            self._keep(found, self._folded(list(columns), reserve, list(foundations)))
            return
        supply = block.pending.pop()
        token = block.tokens[supply]
        for index, free in enumerate(block.free_tops):
            if free and (token, block.tops[index]) in self.builds:
                block.free_tops[index] = False
                block.base[supply] = index
                self._fill(block, found, finish)
                block.free_tops[index] = True
        if block.empties and token in self.fills:
            block.base[supply] = block.empties.pop()
            self._fill(block, found, finish)
            block.empties.append(block.base[supply])
        block.base[supply] = -1
        for host, host_token in enumerate(block.tokens):
            if host != supply and not block.hosting[host] and (token, host_token) in self.builds:
                block.hosting[host] = True
                block.under[supply] = host
                self._fill(block, found, finish)
                block.hosting[host] = False
        for onto in self.parents[token]:
            for origin in self._origins(onto, block.lowered, block.reserve):
                saved = block.save()
                host = block.add(self, onto, origin)
                block.hosting[host] = True
                block.under[supply] = host
                self._fill(block, found, finish)
                block.restore(saved)
        block.under[supply] = -1
        block.pending.append(supply)


class _Block:
    """A block under construction (`MergedGame._blocks`): its supplies, each with where it came
    from and where it lies, and what of the board they have used."""

    def __init__(
        self,
        columns: tuple[bytes, ...],
        reserve: bytes,
        foundations: tuple[int, ...],
        tops: list[int],
        source: int,
    ) -> None:
        self.columns = columns
        self.source = source
        """The column whose top token X ends the block (-1 for a swap)."""
        self.tops = tops
        self.free_tops = [bool(top) and index != source for index, top in enumerate(tops)]
        """The columns whose own top may still take a supply (never X's: it must stay free)."""
        self.empties = [index for index, top in enumerate(tops) if not top]
        """The empty columns no supply has taken yet (any one will do for the next)."""
        self.lowered = list(foundations)
        self.reserve = reserve
        self.tokens: list[int] = []
        self.base: list[int] = []
        """The column each supply lies in directly on its own top (or empty), else -1."""
        self.under: list[int] = []
        """The supply each supply lies on, else -1."""
        self.hosting: list[bool] = []
        """Whether a token lies (or will lie) on each supply: one at most."""
        self.pending: list[int] = []
        """The supplies still without a place."""
        self.root = -1
        """The supply the block is for (see `MergedGame._blocks`)."""

    def add(self, game: MergedGame, token: int, origin: int) -> int:
        """A new supply of `token` from `origin` (see `MergedGame._origins`), waiting for a
        place, after every card above it on its foundation (each a new supply too)."""
        if origin < 0:
            self.reserve = self.reserve.replace(bytes((token,)), b"", 1)
        else:
            rank = token & RANK_MASK
            for above in range(self.lowered[origin], rank, -1):
                self._new(game.token_of[origin][above])
            self.lowered[origin] = rank - 1
        return self._new(token)

    def _new(self, token: int) -> int:
        self.tokens.append(token)
        self.base.append(-1)
        self.under.append(-1)
        self.hosting.append(False)
        self.pending.append(len(self.tokens) - 1)
        return len(self.tokens) - 1

    def save(self) -> tuple[int, list[int], bytes, list[int]]:
        return len(self.tokens), self.lowered.copy(), self.reserve, self.pending.copy()

    def restore(self, saved: tuple[int, list[int], bytes, list[int]]) -> None:
        count, self.lowered, self.reserve, self.pending = saved
        del self.tokens[count:], self.base[count:], self.under[count:], self.hosting[count:]

    def _laid(self, leave_out: int) -> list[bytes]:
        """The columns with every supply laid in place but `leave_out`, which lies on top of
        whatever it lies on (nothing lies on a root)."""
        above = [-1] * len(self.tokens)
        for supply, host in enumerate(self.under):
            if host >= 0:
                above[host] = supply
        columns = list(self.columns)
        for supply, column in enumerate(self.base):
            if column < 0:
                continue
            laid = bytearray()
            while supply >= 0:
                if supply != leave_out:
                    laid.append(self.tokens[supply])
                supply = above[supply]
            columns[column] += bytes(laid)
        return columns

    def put_on_root(self, token: int) -> MergedBoard:
        """The board when column `source`'s top `token` is put on the root at the end."""
        columns = self._laid(-1)
        columns[self.source] = columns[self.source][:-1]
        root = self.root
        while self.base[root] < 0:
            root = self.under[root]
        columns[self.base[root]] += bytes((token,))
        return tuple(columns), self.reserve, tuple(self.lowered)

    def send_root_home(self, suit: int) -> MergedBoard:
        """The board when the root goes home on `suit` at the end (a swap)."""
        return tuple(self._laid(self.root)), self.reserve, _raised(tuple(self.lowered), suit, 1)


def home_count(key: bytes) -> int:
    """The cards home on the board of `key` (`MergedGame.key`), read from its last bytes."""
    return sum(key[-4:])


def _raised(foundations: tuple[int, ...], suit: int, by: int) -> tuple[int, ...]:
    new = list(foundations)
    new[suit] += by
    return tuple(new)


MERGE_ABOVE: Final = 6
"""The ranks above this are merged: merging more makes a game that is won where the real one is
lost (Raglan 382 with 5), keeping more apart makes the game to search larger (docs/solver.md,
"The merged game")."""


def prove_lost(
    rules: Rules, board: Board, limits: Limits, merge_above: int | None = MERGE_ABOVE
) -> tuple[bool, int]:
    """Search the merged game exhaustively from `board`: (True, boards seen) when it has no win,
    so the real game has none either; (False, boards seen) when it has one (which says nothing
    of the real game), or when the `limits` end the search first (the boards seen count as its
    nodes and its states). Boards whose foundations are nearer a win are tried first, so that
    on a winnable deal the merged game's win, which ends the search, comes soon."""
    game = MergedGame(rules, merge_above)
    columns, _, foundations, reserve = board
    start = game.start(columns, reserve, foundations)
    seen = {game.key(start)}
    stack = [start]
    children_of = game.children_of
    kept = seen.__len__
    while stack:
        merged = stack.pop()
        if merged[2] == WON:
            return False, len(seen)
        found = children_of(merged)
        for child_key in sorted(found, key=home_count):
            if child_key not in seen:
                seen.add(child_key)
                stack.append(found[child_key])
        if limits.exceeded(len(seen), kept):
            return False, len(seen)
    return True, len(seen)
