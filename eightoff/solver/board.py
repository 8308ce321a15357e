"""The solver's compact board: cards as small ints, columns as `bytes`, cells and reserve as
sorted `bytes`.

The longer reasons: docs/notes.md, `eightoff.solver.board`."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from eightoff.core.cards import CARDS, Card, Suit
from eightoff.core.position import Position
from eightoff.core.rules import Build, Rules

KING: Final = 13
RANK_MASK: Final = 15
WON: Final = (KING, KING, KING, KING)
"""The foundations of a won board."""

# Internal move kinds. A move is (kind, a, b, count):
COLUMN_TO_COLUMN: Final = 0  # a = source column, b = destination column
COLUMN_TO_CELL: Final = 1  # a = source column
CELL_TO_COLUMN: Final = 2  # a = the card, b = destination column
HOME: Final = 3  # a = the card (from a column top, a cell or the reserve)
TAKEBACK: Final = 4  # a = the card, b = destination column or -1 for a cell
RESERVE_TO_COLUMN: Final = 5  # a = the card, b = destination column
RESERVE_UNDER: Final = 6  # a = the reserve card, b = destination column, count = the card put on it next
CHAIN: Final = 7  # a = plain moves packed by `chain`, b = how many (see `Engine.supply_chains`)

InternalMove = tuple[int, int, int, int]
Offers = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""See `Engine.offers`."""
SAFE_CACHE: Final = 200_000
SEPARATOR: Final = b"\0"
"""Between the parts of a key: rank 0, which is no card. A game's boards all have as many
columns, so the parts need no other mark."""
CARD_CODES: Final = 64
"""Card codes (`suit * 16 + rank`) are below this."""
EVERY_CARD_SAFE: Final = 0
OTHER_SUITS_BELOW: Final = 1
ASK_IS_SAFE: Final = 2
"""`Engine.home_rule`: with same-suit building every card that may go home is safe; with
building in any suit, a card is safe once every other suit's card one lower is home (and
twos always are), as the core's `Rules.safe_to_autoplay` says; alternate colours ask
`Engine.is_safe`."""
RUN_SLOTS: Final = KING + 1
"""Run lengths (0 to a King's whole run) in `Engine`'s table of column-to-column moves."""


def plain(move: InternalMove) -> InternalMove:
    """A move as a line spells it: a `RESERVE_UNDER` move is recorded with its second half
    (the card put on) after it, so it stands for its first half, the reserve card's move; a
    `CHAIN` move, likewise, for its first link."""
    if move[0] == RESERVE_UNDER:
        return (RESERVE_TO_COLUMN, move[1], move[2], 1)
    if move[0] == CHAIN:
        return links(move)[0]
    return move


LINK_BITS: Final = 8
"""Each of a plain move's four numbers fits in a byte (cards are below 64, places below 16,
runs below 14; a cell is place -1, packed as 255)."""


def chain(moves: list[InternalMove]) -> InternalMove:
    """One `CHAIN` move standing for these plain moves, made one after the other: packed into
    one int, so that a chain is a move like any other (hashable, small, kept in the proof
    search's stack) and no table of chains grows with the boards searched."""
    packed = 0
    for kind, a, b, count in reversed(moves):
        packed = (
            (packed << 4 * LINK_BITS)
            | kind << 3 * LINK_BITS
            | a << 2 * LINK_BITS
            | (b & 255) << LINK_BITS
            | count
        )
    return (CHAIN, packed, len(moves), 0)


def links(move: InternalMove) -> list[InternalMove]:
    """The plain moves a `CHAIN` move stands for, in order."""
    packed, mask, found = move[1], (1 << LINK_BITS) - 1, []
    for _ in range(move[2]):
        place = packed >> LINK_BITS & mask
        found.append(
            (
                packed >> 3 * LINK_BITS & mask,
                packed >> 2 * LINK_BITS & mask,
                -1 if place == mask else place,
                packed & mask,
            )
        )
        packed >>= 4 * LINK_BITS
    return found


def reverse_of(parent: Board, board: Board, edge: tuple[InternalMove, ...]) -> InternalMove | None:
    """The move that would take `board` straight back to `parent`, spelled as `Engine.moves`
    spells it, when `edge` (the step between them) is one plain move between a column and a
    column or a cell; None otherwise. It changes nothing: the searches skip it, since it can
    only lead to a board already seen (the parent is settled, so auto-play adds nothing to it).
    A move that emptied its column is left alone: its way back goes to the first empty column,
    which need not be the one it left."""
    if len(edge) != 1:
        return None
    kind, a, b, count = edge[0]
    if kind == CELL_TO_COLUMN:
        return (COLUMN_TO_CELL, b, 0, 1)
    if kind > COLUMN_TO_CELL or not board[COLUMNS][a]:
        return None
    if kind == COLUMN_TO_COLUMN:
        return (COLUMN_TO_COLUMN, b, a, count)
    return (CELL_TO_COLUMN, parent[COLUMNS][a][-1], a, 1)


def card_code(card: Card) -> int:
    return int(card.suit) * 16 + card.rank


def code_card(code: int) -> Card:
    return CARDS[code >> 4][code & RANK_MASK]


Board = tuple[tuple[bytes, ...], bytes, tuple[int, ...], bytes]
"""The columns, the cells, the foundations and the reserve. The cells and the reserve are their
cards in ascending order: which cell holds a card never matters to the search, and reserve
cards only give, so their places never matter. A plain tuple, where a named one would cost a
Python-level call for each of the millions of boards a search makes."""
COLUMNS: Final = 0
CELLS: Final = 1
FOUNDATIONS: Final = 2
RESERVE: Final = 3
"""The places of a `Board`'s parts."""


def key_of(board: Board) -> bytes:
    """The visited-set key: the columns sorted, then the cells and the reserve, joined by
    `SEPARATOR`. Column order and cell order do not matter, and the foundations follow from the
    cards still out. The best-first search makes the same parts without sorting
    (`search.key_parts`)."""
    columns, cells, _, reserve = board
    return SEPARATOR.join([*sorted(columns), cells, reserve])


def is_won(board: Board) -> bool:
    return board[FOUNDATIONS] == WON


def from_position(position: Position) -> Board:
    columns = tuple(bytes(card_code(card) for card in column) for column in position.columns)
    cells = bytes(sorted(card_code(card) for card in position.cells if card is not None))
    reserve = bytes(sorted(card_code(card) for card in position.reserve if card is not None))
    return columns, cells, tuple(position.foundations), reserve


def safe_two_below(card: Card, foundations: tuple[int, ...]) -> bool:
    """A wider auto-play safety rule than the core's (for alternate colours): `card` (rank r,
    next on its foundation) may go home when both opposite-colour foundations hold r - 1, as in
    the core, or when they hold r - 2 and the other foundation of its colour holds r - 3. It
    never turns a won game into a lost one: docs/solver.md, "Auto-play two below"."""
    rank = card.rank
    if rank <= 2:
        return True
    opposite = min(home for suit, home in enumerate(foundations) if Suit(suit).is_red != card.suit.is_red)
    partner = foundations[3 - card.suit]
    """The other suit of the same colour (clubs and spades, diamonds and hearts)."""
    return opposite >= rank - 1 or (opposite >= rank - 2 and partner >= rank - 3)


SINGLE: Final = tuple(bytes((code,)) for code in range(CARD_CODES))
"""Each card code as a one-byte `bytes`, made once rather than for every move."""


def _add_card(cards: bytes, card: int) -> bytes:
    """`cards` (ascending) with `card` put in its place: a look at a few cards, where sorting
    would make a list of them and a new `bytes` from it."""
    for place in range(len(cards)):
        if cards[place] > card:
            if not place:
                return SINGLE[card] + cards
            return cards[:place] + SINGLE[card] + cards[place:]
    return cards + SINGLE[card]


def _without(cards: bytes, card: int) -> bytes:
    return cards.replace(SINGLE[card], b"", 1)


def _moved(foundations: tuple[int, ...], suit: int, step: int) -> tuple[int, ...]:
    """`foundations` with `suit`'s moved by `step`: made at once, not through a list."""
    clubs, diamonds, hearts, spades = foundations
    if suit == 0:
        return (clubs + step, diamonds, hearts, spades)
    if suit == 1:
        return (clubs, diamonds + step, hearts, spades)
    if suit == 2:
        return (clubs, diamonds, hearts + step, spades)
    return (clubs, diamonds, hearts, spades + step)


class Engine:
    """Move generation and application for one `Rules` value; build with `engine_for(rules)`."""

    def __init__(self, rules: Rules, proving: bool = False) -> None:
        self.rules = rules
        self.cells = rules.cells
        codes = [card_code(card) for suit in CARDS for card in suit[1:]]
        self.parents = [b""] * CARD_CODES
        """The cards each card may lie on, by card code: a list index is cheaper than a dict's
        hash, and `moves` reads it for every cell card."""
        for card in codes:
            self.parents[card] = bytes(
                onto for onto in codes if rules.builds_on(code_card(card), code_card(onto))
            )
        self.builds = {(card, onto) for card in codes for onto in self.parents[card]}
        self.fills = frozenset(card for card in codes if rules.may_fill_empty_column(code_card(card)))
        """The cards that may go into an empty column."""
        self.capacity = {
            (free, empty, to_empty): rules.run_capacity(free, empty, to_empty)
            for free in range(rules.cells + 1)
            for empty in range(rules.columns + 1)
            for to_empty in (False, True)
        }
        self.onto_capacity = [
            [rules.most_lifted(free, empty) for empty in range(rules.columns + 1)]
            for free in range(rules.cells + 1)
        ]
        """The most cards a run may give at once (the core's `most_lifted`, which is also what
        a player may lift), as lists by free cells then empty columns: `moves` reads it for
        every board, and a list index is much cheaper than a tuple key's hash."""
        self.empty_capacity = self._by_free_and_empty(to_empty=True)
        self.takeback_matters = rules.foundation_takeback and rules.build is not Build.SAME_SUIT
        """With same-suit building a card taken back could only ever hold lower cards of its own
        suit, which are home already, so a line with take-backs can always drop them
        (docs/solver.md, "Take-backs"); the search skips them, which keeps proofs sound and fast."""
        self.chains = self.takeback_matters and not proving
        """Where take-backs matter, the best-first search folds every card that could come
        straight back (`sent_back`) and brings cards back only in `supply_chains`: it finds
        wins fast, but it is not complete, so it proves nothing (`complete`). The proof search's
        engine (`proving`) instead makes every take-back and every reserve card's move as a
        plain move and folds nothing, so that it runs dry only where no line wins."""
        self.is_safe = (
            safe_two_below
            if rules.build is Build.ALTERNATE_COLOUR and (proving or not rules.cells)
            else rules.safe_to_autoplay
        )
        """Where there are no cells (Raglan), or for an exhaustive proof (`prove`), the wider
        `safe_two_below`: fewer boards to search and to prove lost. It holds with cells too, but
        FreeCell's best-first search keeps the core's rule because its grade table was calibrated
        on the boards that exact search expands."""
        self.home_rule = (
            ASK_IS_SAFE
            if rules.build is Build.ALTERNATE_COLOUR
            else EVERY_CARD_SAFE
            if rules.build is Build.SAME_SUIT
            else OTHER_SUITS_BELOW
        )
        """How `safe_home` answers: the core's rule for each build, written out where it reads
        only ranks."""
        self.children = [
            bytes(child for child in codes if card in self.parents[child]) for card in range(CARD_CODES)
        ]
        """The cards that may lie on each card, by card code."""
        self._safe: dict[int, bool] = {}
        self._runs: dict[bytes, bytes] = {}
        self._offers: dict[bytes, Offers] = {}
        self._tops = [-1] * CARD_CODES
        """`moves`' table of the column each top card is on: all -1 between its calls."""
        width = rules.columns
        self._column_moves: list[Any] = [
            (COLUMN_TO_COLUMN, source, target, count)
            for source in range(width)
            for target in range(width)
            for count in range(RUN_SLOTS)
        ]
        """Every column-to-column move, at `(source * columns + target) * RUN_SLOTS + count`,
        and below every move `moves` makes of a card or to a cell: made once, so that `moves`
        makes no tuple (nor its four ints) for the few a board has, nor frees them after. Typed
        `Any` so that, compiled, they are handed on as they are, not taken apart and made again."""
        self._home_moves: list[Any] = [(HOME, card, 0, 1) for card in range(CARD_CODES)]
        self._cell_moves: list[Any] = [(COLUMN_TO_CELL, source, 0, 1) for source in range(width)]
        self._from_cell: list[Any] = [
            (CELL_TO_COLUMN, card, target, 1) for card in range(CARD_CODES) for target in range(width)
        ]

    @property
    def complete(self) -> bool:
        """Whether a search of this engine that runs dry has proved its board lost."""
        return not self.chains

    def _by_free_and_empty(self, to_empty: bool) -> list[list[int]]:
        return [
            [self.capacity[free, empty, to_empty] for empty in range(self.rules.columns + 1)]
            for free in range(self.cells + 1)
        ]

    def forget(self) -> None:
        """Drop the caches that grow with the boards seen (called before each search, so a
        long batch or a long-lived worker does not grow). Auto-play safety, asked of the core
        for a card and the foundations, is kept across searches up to `SAFE_CACHE` answers:
        early foundations repeat from deal to deal."""
        self._runs.clear()
        self._offers.clear()
        if len(self._safe) > SAFE_CACHE:
            self._safe.clear()

    # ----- reading --------------------------------------------------------------------------

    def run_cards(self, column: bytes) -> bytes:
        """The cards of the run at the top of `column` that may move together, top card first."""
        cards = self._runs.get(column)
        if cards is None:
            parents = self.parents
            length = 1 if column else 0
            while length < len(column) and column[-length - 1] in parents[column[-length]]:
                length += 1
            cards = self._runs[column] = column[::-1][:length]
        return cards

    def offers(self, column: bytes) -> Offers:
        """What the top of `column` offers other columns, worked out once per column (a column
        survives most moves unchanged): the (card it may lie on, cards moved) pairs of its
        movable run, shortest first and in `parents` order within a length, and the run
        lengths that may go into an empty column (never the whole column: that move makes the
        same board). `moves` cuts both at the capacity of the board at hand."""
        run = self.run_cards(column)
        onto: list[tuple[int, int]] = []
        to_empty: list[int] = []
        parents, fills = self.parents, self.fills
        for count in range(1, len(run) + 1):  # (loops, not generators: cheaper compiled)
            card = run[count - 1]
            for parent in parents[card]:
                onto.append((parent, count))
            if count < len(column) and card in fills:
                to_empty.append(count)
        offers = self._offers[column] = (tuple(onto), tuple(to_empty))
        return offers

    def run_length(self, column: bytes) -> int:
        return len(self.run_cards(column))

    def safe_home(self, card: int, foundations: tuple[int, ...]) -> bool:
        """Whether `card` may safely go home (`is_safe`). Where that rule reads only ranks
        (building in one suit or in any suit) it is worked out here at once, cheaper than the
        look-up in the kept answers; alternate colours ask `is_safe` once per card and
        foundations."""
        rule = self.home_rule
        if rule == EVERY_CARD_SAFE:
            return True
        clubs, diamonds, hearts, spades = foundations
        if rule == OTHER_SUITS_BELOW:
            lowest = (card & RANK_MASK) - 1
            suit = card >> 4
            return lowest <= 1 or (
                (suit == 0 or clubs >= lowest)
                and (suit == 1 or diamonds >= lowest)
                and (suit == 2 or hearts >= lowest)
                and (suit == 3 or spades >= lowest)
            )
        # The card and the foundations packed in one int (ranks fit in 4 bits): asked after
        # most moves, and an int hashes at once where a tuple hashes each of its items.
        key = card | clubs << 6 | diamonds << 10 | hearts << 14 | spades << 18
        safe = self._safe.get(key)
        if safe is None:
            safe = self._safe[key] = self.is_safe(code_card(card), foundations)
        return safe

    def is_legal(self, board: Board, move: InternalMove) -> bool:
        """Whether `move` may be made on `board` (for edits to a found line; the search itself
        only makes moves that `moves` produced)."""
        kind, a, b, count = move
        if kind == CHAIN:
            for link in links(move):
                if not self.is_legal(board, link):
                    return False
                board = self.apply(board, link)
            return True
        if kind == RESERVE_UNDER:
            first, second = self.halves(board, move)
            return (
                self.is_legal(board, first)
                and second[0] != RESERVE_UNDER
                and self.is_legal(self.apply(board, first), second)
            )
        columns, cells, foundations, reserve = board
        free = self.cells - len(cells)
        if kind == COLUMN_TO_CELL:
            return bool(columns[a]) and free > 0
        if kind == HOME:
            at_top = a in cells or a in reserve or any(column and column[-1] == a for column in columns)
            return at_top and foundations[a >> 4] == (a & RANK_MASK) - 1
        if kind == COLUMN_TO_COLUMN:
            source = columns[a]
            if a == b or not 1 <= count <= self.run_length(source):
                return False
            card = source[-count]
        elif kind in (CELL_TO_COLUMN, RESERVE_TO_COLUMN):
            if a not in (cells if kind == CELL_TO_COLUMN else reserve):
                return False
            card = a
        else:
            if not self.rules.foundation_takeback or foundations[a >> 4] != (a & RANK_MASK):
                return False
            if b < 0:
                return free > 0
            card = a
        target = columns[b]
        empty = sum(1 for column in columns if not column)
        if not target:
            return card in self.fills and count <= self.capacity[free, empty, True]
        return (card, target[-1]) in self.builds and count <= self.capacity[free, empty, False]

    # ----- changing -------------------------------------------------------------------------

    def halves(self, board: Board, move: InternalMove) -> tuple[InternalMove, InternalMove]:
        """The two plain moves a `RESERVE_UNDER` move makes: its reserve card to the column,
        then the card named by its count onto it, from wherever that card lies (a column's
        top, the reserve or a cell: where take-backs matter, `supply_chains` make these moves).
        A card found nowhere gives the move itself back as its second half, which no check
        accepts."""
        _, card, target, onto = move
        first = (RESERVE_TO_COLUMN, card, target, 1)
        columns, cells, _, reserve = board
        if onto in reserve and onto != card:
            return first, (RESERVE_TO_COLUMN, onto, target, 1)
        if onto in cells:
            return first, (CELL_TO_COLUMN, onto, target, 1)
        for index, column in enumerate(columns):
            if column and column[-1] == onto:
                return first, (COLUMN_TO_COLUMN, index, target, 1)
        return first, move

    def apply(self, board: Board, move: InternalMove) -> Board:
        kind, a, b, count = move
        if kind == CHAIN:
            for link in links(move):
                board = self.apply(board, link)
            return board
        if kind == RESERVE_UNDER:
            first, second = self.halves(board, move)
            return self.apply(self.apply(board, first), second)
        columns, cells, foundations, reserve = board
        if kind == COLUMN_TO_COLUMN:
            source = columns[a]
            new = list(columns)
            new[a] = source[:-count]
            new[b] = columns[b] + source[-count:]
            return (tuple(new), cells, foundations, reserve)
        if kind == COLUMN_TO_CELL:
            source = columns[a]
            new = list(columns)
            new[a] = source[:-1]
            return (tuple(new), _add_card(cells, source[-1]), foundations, reserve)
        if kind in (CELL_TO_COLUMN, RESERVE_TO_COLUMN):
            new = list(columns)
            new[b] = columns[b] + SINGLE[a]
            if kind == CELL_TO_COLUMN:
                return (tuple(new), _without(cells, a), foundations, reserve)
            return (tuple(new), cells, foundations, _without(reserve, a))
        if kind == HOME:
            return self._sent_home(board, a)
        # TAKEBACK
        homes = _moved(foundations, a >> 4, -1)
        if b < 0:
            return (columns, _add_card(cells, a), homes, reserve)
        new = list(columns)
        new[b] = columns[b] + SINGLE[a]
        return (tuple(new), cells, homes, reserve)

    def _sent_home(self, board: Board, card: int) -> Board:
        """`board` once `card` went home from a cell, the reserve or a column's top: a `HOME`
        move's `apply`, and each of auto-play's steps."""
        columns, cells, foundations, reserve = board
        homes = _moved(foundations, card >> 4, 1)
        if len(cells) and card in cells:
            return (columns, _without(cells, card), homes, reserve)
        if len(reserve) and card in reserve:
            return (columns, cells, homes, _without(reserve, card))
        for index in range(len(columns)):
            column = columns[index]
            if len(column) and column[-1] == card:
                new = list(columns)
                new[index] = column[:-1]
                return (tuple(new), cells, homes, reserve)
        return (columns, cells, homes, reserve)

    def autoplay(self, board: Board) -> tuple[Board, tuple[InternalMove, ...]]:
        """Send home every card that safely may, lowest first (as the core's auto-play does);
        where take-backs matter, every card that could come straight back (`sent_back`)."""
        if self.takeback_matters:
            return self.sent_back(board) if self.chains else (board, ())
        return self._home_from(board, self._lowest_safe(board), [])

    def _home_from(
        self, board: Board, card: int, played: list[Any]
    ) -> tuple[Board, tuple[InternalMove, ...]]:
        """Auto-play on `board` from `card`, the lowest card that may safely go home (-1 for
        none), after the home moves `played` (`Any`: see `_home_moves`): `step` sends the card
        a move uncovered home itself, in the board it makes."""
        while card >= 0:
            played.append(self._home_moves[card])
            board = self._sent_home(board, card)
            card = self._lowest_safe(board)
        return board, tuple(played)

    def _lowest_safe(self, board: Board) -> int:
        """The lowest card that may safely go home, or -1: the first of that rank among the
        column tops, then the cells, then the reserve (written out as loops, without a list of
        candidates or a key function: auto-play runs after most moves)."""
        columns, cells, foundations, reserve = board
        best, lowest = -1, KING + 1
        for column in columns:
            if column:
                card = column[-1]
                rank = card & RANK_MASK
                if rank < lowest and foundations[card >> 4] == rank - 1 and self.safe_home(card, foundations):
                    best, lowest = card, rank
        for card in cells + reserve:
            rank = card & RANK_MASK
            if rank < lowest and foundations[card >> 4] == rank - 1 and self.safe_home(card, foundations):
                best, lowest = card, rank
        return best

    def step(self, board: Board, move: InternalMove) -> tuple[Board, tuple[InternalMove, ...]]:
        """`apply` then `autoplay`, for a board on which auto-play had nothing left to do: then
        only a card the move uncovered can newly go home, so the common case skips the scan.
        Moves off a column, the most common, are made here directly (the search's hot path).
        Where take-backs matter any move may let a card go home (`sent_back`), so the whole
        board is looked at after each."""
        kind, source = move[0], move[1]
        if self.chains:
            child, home = self.sent_back(self.apply(board, move))
            return child, (*links(move)[1:], *home) if kind == CHAIN else home
        if self.takeback_matters:
            return self.apply(board, move), ()
        if kind <= COLUMN_TO_CELL:  # COLUMN_TO_COLUMN or COLUMN_TO_CELL
            columns, cells, foundations, reserve = board
            cards = columns[source]
            count = move[3]
            new = list(columns)
            if kind == COLUMN_TO_COLUMN:
                target = move[2]
                # (one card, the most common, without slicing a new `bytes` for it)
                new[target] = columns[target] + (SINGLE[cards[-1]] if count == 1 else cards[-count:])
            else:
                cells = _add_card(cells, cards[-1])
            if len(cards) > count:  # (`len`: see `moves`)
                card = cards[-count - 1]  # the only card that may newly go home: in the same new board
                if foundations[card >> 4] == (card & RANK_MASK) - 1 and self.safe_home(card, foundations):
                    new[source] = cards[: -count - 1]
                    child = (tuple(new), cells, _moved(foundations, card >> 4, 1), reserve)
                    return self._home_from(child, self._lowest_safe(child), [self._home_moves[card]])
            new[source] = cards[:-count]
            return (tuple(new), cells, foundations, reserve), ()
        if kind == CELL_TO_COLUMN:  # nothing is uncovered, so nothing new may go home
            columns, cells, foundations, reserve = board
            moved = SINGLE[source]
            new = list(columns)
            target = move[2]
            new[target] = columns[target] + moved
            return (tuple(new), cells.replace(moved, b"", 1), foundations, reserve), ()
        if kind == RESERVE_UNDER:
            first, second = self.halves(board, move)
            child, home = self.autoplay(self.apply(self.apply(board, first), second))
            return child, (second, *home)
        if kind == HOME:
            return self.autoplay(self._sent_home(board, source))
        return self.apply(board, move), ()

    def moves(self, board: Board) -> list[InternalMove]:
        """Every move worth trying. Left out, soundly: cell to cell (changes nothing), a whole
        column to an empty column (the same board) and a move to any but the first empty column
        (empty columns are interchangeable). Safe home moves were folded in already. A reserve
        card goes to a column only as a `RESERVE_UNDER` move, together with the card put on it
        next: until a card goes on it, it could as well have waited in the reserve. Where
        take-backs matter, the best-first search brings reserve and foundation cards into play
        by `supply_chains` instead; the proof search's engine (`proving`) makes them plain
        moves. Why a search of these moves that runs dry has proved the board lost (except
        with supply chains): docs/solver.md, "Sound pruning"; how it is written, docs/notes.md."""
        columns, cells, foundations, reserve = board
        parents, fills = self.parents, self.fills
        free = self.cells - len(cells)
        # The column each top card is on, by card code (-1: no column's top): a list index is
        # cheaper than a dict's hash, both to fill and to read. One list, kept all -1 between
        # calls (the tops set here are put back at the end), rather than a new one each time.
        tops = self._tops
        # The codes of the cards the foundations need next, as four locals: `card in (...)`
        # compiles to four comparisons of small ints.
        clubs, diamonds, hearts, spades = foundations
        clubs, diamonds, hearts, spades = clubs + 1, diamonds + 17, hearts + 33, spades + 49
        first_empty = -1
        empties = 0
        for index, column in enumerate(columns):
            if len(column):  # (compiled, `len` reads a field where truth is a call)
                tops[column[-1]] = index
            else:
                empties += 1
                if first_empty < 0:
                    first_empty = index
        capacity = self.onto_capacity[free][empties]
        to_empty = self.empty_capacity[free][empties] if empties else 0
        known_offers = self._offers
        home_moves, column_moves = self._home_moves, self._column_moves
        width = len(columns)
        stride = width * RUN_SLOTS  # a source column's row of moves in `_column_moves`
        found: list[Any] = []
        for index, column in enumerate(columns):
            if not len(column):
                continue
            card = column[-1]
            if card in (clubs, diamonds, hearts, spades):
                found.append(home_moves[card])  # only unsafe ones are left when auto-play folds
            row = index * stride
            if capacity == 1:
                # One card at a time (no free cell and no empty column, as on most boards of the
                # games without cells): what `offers` would list, read off the top card itself
                # (by index: compiled, iterating over a `bytes` makes an int object of each).
                ontos = parents[card]
                for position in range(len(ontos)):
                    target = tops[ontos[position]]
                    if target >= 0:
                        found.append(column_moves[row + target * RUN_SLOTS + 1])
                if to_empty and len(column) > 1 and card in fills:
                    found.append(column_moves[row + first_empty * RUN_SLOTS + 1])
            else:
                offers = known_offers.get(column)
                if offers is None:  # (not `or`: compiled, that would make a tuple to test)
                    offers = self.offers(column)
                for onto, count in offers[0]:
                    if count > capacity:
                        break
                    target = tops[onto]
                    if target >= 0:
                        found.append(column_moves[row + target * RUN_SLOTS + count])
                if to_empty:
                    for count in offers[1]:
                        if count > to_empty:
                            break
                        found.append(column_moves[row + first_empty * RUN_SLOTS + count])
            if free:
                found.append(self._cell_moves[index])

        for card in cells:  # (written out: a nested helper costs a call per cell card)
            if card in (clubs, diamonds, hearts, spades):
                found.append(home_moves[card])
            for onto in parents[card]:
                target = tops[onto]
                if target >= 0:
                    found.append(self._from_cell[card * width + target])
            if first_empty >= 0 and card in fills:
                found.append(self._from_cell[card * width + first_empty])
        if reserve:
            self._reserve_moves(board, tops, first_empty, found)
        for column in columns:
            if len(column):
                tops[column[-1]] = -1
        if self.chains:
            found.extend(self.supply_chains(board))
        elif self.takeback_matters:
            found.extend(self._takebacks(board))
        return found

    def _reserve_moves(
        self, board: Board, tops: list[int], first_empty: int, found: list[InternalMove]
    ) -> None:
        """The reserve cards' moves, into `found` (see `moves`; `tops` holds each column's top
        card's column, -1 for the other cards)."""
        cells, foundations, reserve = board[1], board[2], board[3]
        for card in reserve:
            if foundations[card >> 4] == (card & RANK_MASK) - 1:
                found.append((HOME, card, 0, 1))
            if self.chains:
                continue  # its trips out are supply chains
            targets = [tops[onto] for onto in self.parents[card] if tops[onto] >= 0]
            if first_empty >= 0 and card in self.fills:
                targets.append(first_empty)
            if self.takeback_matters:
                found.extend((RESERVE_TO_COLUMN, card, target, 1) for target in targets)
                continue
            takers = [
                child
                for child in self.children[card]
                if tops[child] >= 0 or child in reserve or child in cells
            ]
            # the places the card may go, each with every card that may go on it
            found.extend((RESERVE_UNDER, card, target, child) for target in targets for child in takers)

    # ----- where take-backs matter ----------------------------------------------------------

    def sent_back(self, board: Board) -> tuple[Board, tuple[InternalMove, ...]]:
        """Send home every card that could come straight back: a card next on its foundation
        that lies on a card it builds on at the top of a column, alone in a column it could
        fill again, or in a cell. A take-back puts it back exactly there, so each board reaches
        the other and the search keeps the one with more cards home; what the card could do
        where it lay it does from its foundation by a take-back (docs/solver.md, "Take-backs")."""
        played: list[InternalMove] = []
        while True:
            card = self._coming_back(board)
            if card < 0:
                return board, tuple(played)
            move = (HOME, card, 0, 1)
            played.append(move)
            board = self.apply(board, move)

    def _coming_back(self, board: Board) -> int:
        """A card `sent_back` sends home, or -1."""
        columns, cells, foundations, _ = board
        for column in columns:
            if column:
                card = column[-1]
                if foundations[card >> 4] == (card & RANK_MASK) - 1 and (
                    (card, column[-2]) in self.builds if len(column) > 1 else card in self.fills
                ):
                    return card
        for card in cells:
            if foundations[card >> 4] == (card & RANK_MASK) - 1:
                return card
        return -1

    def supply_chains(self, board: Board) -> list[InternalMove]:
        """The moves that bring a card back into play from a foundation or the reserve (a
        "supply"), each as one `CHAIN` move: the supply, then what it is for (a card put on it,
        or the card below it on its foundation taken back too). That finds most wins soon, but
        not every line: a winning line may need two supplies under way at once, each waiting
        for the same card (docs/solver.md, "Take-backs", gives a board; `test_takeback.py`
        holds it). So a search of this engine that runs dry proves nothing (`complete` is
        False); the proof search runs on the `proving` engine, whose take-backs are plain
        moves."""
        found: list[list[InternalMove]] = []
        for supply in self._takebacks(board):
            self._extend(board, supply, [], found)
        for card in board[RESERVE]:
            for place in self._places(board, card, to_cell=False):
                self._extend(board, (RESERVE_TO_COLUMN, card, place, 1), [], found)
        return [chain(made) for made in found]

    def _takebacks(self, board: Board) -> list[InternalMove]:
        """Every take-back as a plain move, but an Ace's (which could hold nothing)."""
        return [
            (TAKEBACK, suit * 16 + rank, place, 1)
            for suit, rank in enumerate(board[FOUNDATIONS])
            if rank > 1
            for place in self._places(board, suit * 16 + rank, to_cell=True)
        ]

    def _places(self, board: Board, card: int, to_cell: bool) -> list[int]:
        """The columns `card` may go to (only the first empty one), and -1 for a free cell."""
        columns, cells, _, _ = board
        places = [
            index for index, column in enumerate(columns) if column and (card, column[-1]) in self.builds
        ]
        if card in self.fills and b"" in columns:
            places.append(columns.index(b""))
        if to_cell and len(cells) < self.cells:
            places.append(-1)
        return places

    def _extend(
        self, board: Board, supply: InternalMove, before: list[InternalMove], found: list[list[InternalMove]]
    ) -> None:
        """Every chain that goes on from the moves `before` with `supply`, into `found`."""
        board = self.apply(board, supply)
        made = [*before, supply]
        kind, card, place, _ = supply
        columns, cells, foundations, reserve = board
        if place >= 0:  # cards may be put on it: a run from a column ends the chain
            capacity = self.onto_capacity[self.cells - len(cells)][columns.count(b"")]
            for index, column in enumerate(columns):
                if index != place and column:
                    for onto, count in (self._offers.get(column) or self.offers(column))[0]:
                        if count > capacity:
                            break
                        if onto == card:
                            found.append([*made, (COLUMN_TO_COLUMN, index, place, count)])
            for child in self.children[card]:
                if child in cells:
                    found.append([*made, (CELL_TO_COLUMN, child, place, 1)])
                elif child in reserve:
                    self._extend(board, (RESERVE_TO_COLUMN, child, place, 1), made, found)
                elif foundations[child >> 4] == child & RANK_MASK > 1:
                    self._extend(board, (TAKEBACK, child, place, 1), made, found)
        if kind == TAKEBACK and card & RANK_MASK > 2:  # the card below it (never an Ace)
            for below in self._places(board, card - 1, to_cell=True):
                self._extend(board, (TAKEBACK, card - 1, below, 1), made, found)


@cache
def engine_for(rules: Rules, proving: bool = False) -> Engine:
    return Engine(rules, proving)
