"""A position: what lies where. Immutable, hashable and cheap to copy, so history and search
can keep as many as they like.

Two ways in: `find_move` checks a player's request and says why it is refused; `apply` trusts
its input and is fast, for moves that came from `legal_moves` or `find_move`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

from eightoff.core.cards import CARDS, KING, Card, Suit
from eightoff.core.errors import (
    EmptySource,
    NotARun,
    RunTooLong,
    TakebackNotAllowed,
    WrongDestination,
)
from eightoff.core.i18n import N_, _, ngettext
from eightoff.core.move_table import MovesFrom, move_table, places
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants import tableau_words, variant_of

COLUMN, CELL, FOUNDATION, RESERVE = PileKind.COLUMN, PileKind.CELL, PileKind.FOUNDATION, PileKind.RESERVE
WON_FOUNDATIONS = (KING,) * 4
_SAME_SUIT, _ANY_SUIT, _ANY_CARD_FILLS, _NO_CARD_FILLS, _SINGLE_CARDS = (
    Build.SAME_SUIT, Build.ANY_SUIT, EmptyColumn.ANY, EmptyColumn.NONE, RunMoves.SINGLE_CARDS)
"""Reading an Enum member off its class runs Python code in 3.11; legal_moves and find_move
read these."""


_RANK_NAMES = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}
_SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
"""In `Suit` order; the plural nouns of 'the 7 of hearts' and 'the hearts foundation'."""
_CARD_NAMES = (
    N_("the Ace of {suit}"), N_("the 2 of {suit}"), N_("the 3 of {suit}"), N_("the 4 of {suit}"),
    N_("the 5 of {suit}"), N_("the 6 of {suit}"), N_("the 7 of {suit}"), N_("the 8 of {suit}"),
    N_("the 9 of {suit}"), N_("the 10 of {suit}"), N_("the Jack of {suit}"), N_("the Queen of {suit}"),
    N_("the King of {suit}"),
)
"""One whole phrase per rank, because the article depends on it in other languages
('l'Asso', 'il 7', 'la Donna')."""
_ANY_OF_RANK = (
    N_("an Ace"), N_("a 2"), N_("a 3"), N_("a 4"), N_("a 5"), N_("a 6"), N_("a 7"), N_("an 8"),
    N_("a 9"), N_("a 10"), N_("a Jack"), N_("a Queen"), N_("a King"),
)
"""A card of a rank, any suit: one whole phrase per rank, because the article depends on it,
in English too ('an Ace', 'an 8', 'a 7')."""


def rank_name(rank: int) -> str:
    return _(_RANK_NAMES[rank]) if rank in _RANK_NAMES else str(rank)


def suit_name(suit: Suit) -> str:
    return _(_SUIT_NAMES[suit])


def card_name(card: Card) -> str:
    """How messages name a card: 'the 7 of hearts', 'the King of spades' (in the player's language)."""
    return _(_CARD_NAMES[card.rank - 1]).format(suit=suit_name(card.suit))


def pile_name(pile: Pile, rules: Rules) -> str:
    """How messages name a pile: 'column 3' (or as the game calls its piles: 'fan 3', 'row 3'),
    'cell 2', 'the hearts foundation', 'reserve place 1'."""
    return _pile_phrase(pile, rules, 0)


def pile_to(pile: Pile, rules: Rules) -> str:
    """Where a move goes: 'to column 3', 'to the hearts foundation' ('nella colonna 3', 'sulla
    base di cuori': a whole phrase, for the languages whose preposition takes the article)."""
    return _pile_phrase(pile, rules, 1)


def pile_from(pile: Pile, rules: Rules) -> str:
    """Where a card was taken from: 'from column 3', 'from cell 2'."""
    return _pile_phrase(pile, rules, 2)


def pile_in(pile: Pile, rules: Rules) -> str:
    """Where a card lies: 'in column 3', 'in the hearts foundation'."""
    return _pile_phrase(pile, rules, 3)


def no_card_in(pile: Pile, rules: Rules) -> str:
    """The refusal of a move or a pick from an empty pile: 'There is no card in cell 5'."""
    return _("There is no card {place}").format(place=pile_in(pile, rules))


def _pile_phrase(pile: Pile, rules: Rules, form: int) -> str:
    """The pile's name (`form` 0), or the phrase to it (1), from it (2) or in it (3)."""
    if pile.kind is FOUNDATION:
        foundation = (N_("the {suit} foundation"), N_("to the {suit} foundation"),
                      N_("from the {suit} foundation"), N_("in the {suit} foundation"))
        return _(foundation[form]).format(suit=suit_name(Suit(pile.index)))
    words = tableau_words(rules)
    phrases = {COLUMN: (words.name, words.to, words.source, words.inside),
               CELL: (N_("cell {number}"), N_("to cell {number}"), N_("from cell {number}"),
                      N_("in cell {number}")),
               RESERVE: (N_("reserve place {number}"), N_("to reserve place {number}"),
                         N_("from reserve place {number}"), N_("in reserve place {number}"))}
    return _(phrases[pile.kind][form]).format(number=pile.index + 1)


def one_at_a_time(rules: Rules) -> str:
    """Why two cards are refused in a game whose cards move singly ("Raglan moves one card at
    a time"): said in the game's own words, with no runs, cells or keys it does not have."""
    return _("{game} moves one card at a time").format(game=_(variant_of(rules).title))


def _sentence(text: str) -> str:
    """`text` with its first letter made upper case (str.capitalize would lower 'King')."""
    return text[:1].upper() + text[1:]


def _lies_on(rules: Rules) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """[suit][rank] -> the cards a card may lie on under `rules` (`Rules.builds_on` as a table)."""
    return places(rules.build is _SAME_SUIT, rules.build is _ANY_SUIT)


def _replace(items: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return items[:index] + (value,) + items[index + 1 :]


def _add_run_moves(
    out: MovesFrom,
    column: tuple[Card, ...],
    lies_on: tuple[tuple[tuple[Card, ...], ...], ...],
    tops: dict[Card, int],
    longest: int,
    add: Callable[[Move], None],
) -> int:
    """Add the moves of the run on top of `column` onto other columns' top cards: each card of
    the run may take the cards above it onto a top it may lie on. Returns the run's length,
    measured no further than `longest` (the most cards that may move at once)."""
    run = 0
    while run < longest:
        run += 1
        suit, rank = column[-run]
        for onto in lies_on[suit][rank]:
            if onto in tops:
                add(out.to_column[tops[onto]][run])
        if run == len(column) or column[-run - 1] not in lies_on[suit][rank]:
            break
    return run


@dataclass(frozen=True)
class Lift:
    """What a press on a card lifts (`Position.lift`)."""

    count: int
    """The card and the cards on it that come up together; 0 for none."""
    refusal: str | None = None
    """Why none come up, in the player's language (None when some do, or when there is
    nothing to say: a card not in the pile, one under a foundation's top)."""


class Position(NamedTuple):
    columns: tuple[tuple[Card, ...], ...]
    """Each column bottom card first."""
    cells: tuple[Card | None, ...]
    foundations: tuple[int, ...]
    """The rank on top of each suit's foundation (index = Suit), 0 when empty."""
    reserve: tuple[Card | None, ...] = ()
    """Places that only give cards (Raglan); None where a card has left."""
    hidden: tuple[int, ...] = ()
    """How many cards at the bottom of each column lie face down; () when none do. The top
    card of a column is always face up: a face-down card turns up when it comes to the top."""

    # ----- reading -------------------------------------------------------------------------

    @property
    def is_won(self) -> bool:
        return self.foundations == WON_FOUNDATIONS

    @property
    def free_cells(self) -> int:
        return self.cells.count(None)

    @property
    def empty_columns(self) -> int:
        return len(self.columns) - sum(map(bool, self.columns))

    def cards(self, pile: Pile) -> tuple[Card, ...]:
        """The cards of a pile, bottom first."""
        if pile.kind is COLUMN:
            return self.columns[pile.index]
        if pile.kind is CELL or pile.kind is RESERVE:
            card = (self.cells if pile.kind is CELL else self.reserve)[pile.index]
            return () if card is None else (card,)
        suit_cards = CARDS[pile.index]
        return suit_cards[1 : self.foundations[pile.index] + 1]

    def top(self, pile: Pile) -> Card | None:
        cards = self.cards(pile)
        return cards[-1] if cards else None

    def all_cards(self) -> list[Card]:
        """Every card of the position, wherever it lies (52 in a sound position)."""
        found = [card for suit in Suit for card in self.cards(Pile.foundation(suit))]
        held = [card for card in self.cells + self.reserve if card is not None]
        return found + held + [card for column in self.columns for card in column]

    def face_down(self, column_index: int) -> int:
        """How many cards at the bottom of the column lie face down."""
        return self.hidden[column_index] if self.hidden else 0

    def run_length(self, column_index: int, rules: Rules) -> int:
        """How many cards at the top of a column form a run (each lies legally on the next)."""
        column = self.columns[column_index]
        length = 1 if column else 0
        face_up = len(column) - self.face_down(column_index)
        lies_on = _lies_on(rules)
        while length < face_up:
            suit, rank = column[-length]
            if column[-length - 1] not in lies_on[suit][rank]:
                break
            length += 1
        return length

    def _is_run(self, column_index: int, count: int, rules: Rules) -> bool:
        """Whether `count` <= `run_length`: only the top `count` cards are looked at (a move
        names its count, and the run under it may be longer)."""
        column = self.columns[column_index]
        if count == 1:
            return bool(column)
        if not 1 < count <= len(column) - self.face_down(column_index):
            return False
        lies_on = _lies_on(rules)
        for depth in range(1, count):
            suit, rank = column[-depth]
            if column[-depth - 1] not in lies_on[suit][rank]:
                return False
        return True

    def capacity(self, rules: Rules, to_empty_column: bool) -> int:
        return rules.run_capacity(self.free_cells, self.empty_columns, to_empty_column)

    # ----- changing ------------------------------------------------------------------------

    def apply(self, move: Move) -> Position:
        """The position after `move`, which must be legal (not checked: this is the fast path)."""
        source, destination, count = move
        columns, cells, foundations, reserve, hidden = self
        moving: tuple[Card | None, ...]
        if source.kind is COLUMN:
            column = columns[source.index]
            moving = column[-count:]
            if hidden and hidden[source.index] >= len(column) - count:
                hidden = _replace(hidden, source.index, max(len(column) - count - 1, 0))
            if destination.kind is COLUMN:  # the commonest move: both columns in one new tuple
                changed = list(columns)
                changed[source.index] = column[:-count]
                changed[destination.index] += moving
                return Position(tuple(changed), cells, foundations, reserve, hidden)
            columns = _replace(columns, source.index, column[:-count])
        elif source.kind is CELL:
            moving = (cells[source.index],)
            cells = _replace(cells, source.index, None)
        elif source.kind is RESERVE:
            moving = (reserve[source.index],)
            reserve = _replace(reserve, source.index, None)
        else:
            rank = foundations[source.index]
            moving = (CARDS[source.index][rank],)
            foundations = _replace(foundations, source.index, rank - 1)
        if destination.kind is COLUMN:
            columns = _replace(columns, destination.index, columns[destination.index] + moving)
        elif destination.kind is CELL:
            cells = _replace(cells, destination.index, moving[0])
        else:
            foundations = _replace(foundations, destination.index, foundations[destination.index] + 1)
        return Position(columns, cells, foundations, reserve, hidden)

    # ----- what may move -------------------------------------------------------------------

    def legal_moves(self, rules: Rules) -> list[Move]:
        """Every legal move, including the useless ones (cell to cell, a whole column to an
        empty column): the checked path `find_move` accepts exactly these.

        The hot path of the solver, so it appends shared `Move` objects from `move_table`,
        finds destination columns by looking up the card a run's card may lie on, and stops
        measuring a run once it is longer than any move could carry.
        """
        columns, cells, foundations, reserve, hidden = self
        table = move_table(len(columns), len(cells), len(reserve))
        lies_on = _lies_on(rules)
        any_card_fills = rules.empty_column is _ANY_CARD_FILLS
        free_mask = 0
        for index, occupant in enumerate(cells):
            if occupant is None:
                free_mask |= 1 << index
        tops: dict[Card, int] = {}
        empty: list[int] = []
        for index, column in enumerate(columns):
            if column:
                tops[column[-1]] = index
            else:
                empty.append(index)
        capacity = rules.most_lifted(cells.count(None), len(empty))
        capacity_to_empty = rules.run_capacity(cells.count(None), len(empty), True) if empty else 0
        if rules.empty_column is _NO_CARD_FILLS:
            empty = []  # nothing ever goes into an empty column

        moves: list[Move] = []
        add, extend = moves.append, moves.extend
        for index, (out, column) in enumerate(zip(table.column, columns, strict=False)):
            if not column:
                continue
            suit, rank = column[-1]
            if foundations[suit] == rank - 1:
                add(out.home[suit])
            extend(out.to_cells[free_mask])
            onto_cards = lies_on[suit][rank]
            face_up = len(column) - hidden[index] if hidden else len(column)
            if capacity == 1 or face_up == 1 or column[-2] not in onto_cards:
                # The common case, a single card, without the run walk's overhead.
                run = 1
                for onto in onto_cards:
                    if onto in tops:
                        add(out.to_column[tops[onto]][1])
            else:
                run = _add_run_moves(out, column, lies_on, tops, min(face_up, capacity), add)
            if empty:
                for count in range(1, min(run, capacity_to_empty) + 1):
                    if any_card_fills or column[-count].rank == KING:
                        for target in empty:
                            add(out.to_column[target][count])
        singles: Iterable[tuple[MovesFrom, Card | None]] = chain(
            zip(table.cell, cells, strict=False), zip(table.reserve, reserve, strict=False)
        )
        if rules.foundation_takeback:
            homes = [CARDS[suit][rank] if rank else None for suit, rank in enumerate(foundations)]
            singles = chain(singles, zip(table.foundation, homes, strict=False))
        for out, card in singles:
            if card is None:
                continue
            suit, rank = card
            if foundations[suit] == rank - 1:
                add(out.home[suit])
            extend(out.to_cells[free_mask])
            for onto in lies_on[suit][rank]:
                if onto in tops:
                    add(out.to_column[tops[onto]][1])
            if empty and (any_card_fills or rank == KING):
                for target in empty:
                    add(out.to_column[target][1])
        return moves

    def find_move(self, rules: Rules, source: Pile, destination: Pile, count: int | None = None) -> Move:
        """The legal move from `source` to `destination`, or an `IllegalMove` saying why not.

        Without `count`, the number of cards is the one that fits: for a column the run part
        that lies on its top card, for an empty column the longest run that may go there.
        """
        cards = self.columns[source.index] if source.kind is COLUMN else self.cards(source)
        if not cards:
            raise EmptySource(no_card_in(source, rules))
        if source == destination:
            raise WrongDestination(_("The cards are already there"))
        if source.kind is FOUNDATION and not rules.foundation_takeback:
            raise TakebackNotAllowed(_("Cards may not come back off the foundations in these rules"))
        if destination.kind is RESERVE:
            raise WrongDestination(_("Nothing may go into the reserve"))
        if source.kind is not COLUMN:
            available = 1
        elif count is not None and self._is_run(source.index, count, rules):
            available = count  # below, `available` is only compared with `count`
        else:
            available = self.run_length(source.index, rules)
        if count is not None:
            self._check_run(rules, source, cards, count, available)
        if destination.kind is not COLUMN:
            if source.kind is RESERVE and destination.kind is CELL:
                raise WrongDestination(_("Reserve cards may go only to a column or a foundation"))
            if count not in (None, 1):
                if destination.kind is CELL:
                    raise RunTooLong(_("Only one card at a time can go to a free cell"))
                raise RunTooLong(_("Only one card at a time can go to a foundation"))
            self._check_single_target(rules, cards[-1], destination)
            return Move(source, destination, 1)
        target = self.columns[destination.index]
        if target:
            count = self._count_onto(rules, cards, available, target[-1], count)
        else:
            count = self._count_to_empty(rules, cards, available, count)
        return Move(source, destination, count)

    def _check_run(
        self, rules: Rules, source: Pile, cards: tuple[Card, ...], count: int, available: int
    ) -> None:
        if count < 1 or count > len(cards):
            only = ngettext(
                "There is only {count} card {place}", "There are only {count} cards {place}", len(cards)
            )
            raise NotARun(only.format(count=len(cards), place=pile_in(source, rules)))
        if count > 1 and rules.run_moves is _SINGLE_CARDS:
            raise NotARun(one_at_a_time(rules))
        if count > available and count > len(cards) - self.face_down(source.index):
            raise NotARun(_("Face-down cards cannot be moved"))
        if count > available:
            if rules.build is Build.SAME_SUIT:
                not_a_run = _("Those {count} cards are not a descending run of one suit")
            elif rules.build is Build.ANY_SUIT:
                not_a_run = _("Those {count} cards are not a descending run")
            else:
                not_a_run = _("Those {count} cards are not a descending run in alternating colours")
            raise NotARun(not_a_run.format(count=count))

    def _check_single_target(self, rules: Rules, card: Card, destination: Pile) -> None:
        if destination.kind is CELL:
            occupant = self.cells[destination.index]
            if occupant is not None:
                raise WrongDestination(_("Cell {number} already holds {card}").format(
                    number=destination.index + 1, card=card_name(occupant)))
            return
        if destination.index != card.suit:
            belongs = _("{card} belongs on the {suit} foundation").format(
                card=card_name(card), suit=suit_name(card.suit)
            )
            raise WrongDestination(_sentence(belongs))
        home = self.foundations[card.suit]
        if home == KING:
            raise WrongDestination(_("The {suit} foundation is complete").format(suit=suit_name(card.suit)))
        if home != card.rank - 1:
            next_card = card_name(CARDS[card.suit][home + 1])
            needs = _("The {suit} foundation needs {card} next")
            raise WrongDestination(needs.format(suit=suit_name(card.suit), card=next_card))

    def _count_onto(
        self, rules: Rules, cards: tuple[Card, ...], available: int, top: Card, count: int | None
    ) -> int:
        wanted = top.rank - cards[-1].rank if count is None else count
        if not 1 <= wanted <= available or not rules.builds_on(cards[-wanted], top):
            if top.rank == 1:
                raise WrongDestination(_("Nothing can go on an Ace"))
            below = CARDS[top.suit][top.rank - 1]
            if rules.build is Build.SAME_SUIT:
                only = _("Only {card} can go on {top}")
            elif rules.build is Build.ANY_SUIT:
                only = _("Only {any} can go on {top}")
            elif top.is_red:
                only = _("Only a black {rank} can go on {top}")
            else:
                only = _("Only a red {rank} can go on {top}")
            only = only.format(card=card_name(below), rank=rank_name(below.rank), top=card_name(top),
                               any=_(_ANY_OF_RANK[below.rank - 1]))
            raise WrongDestination(only)
        self._check_capacity(rules, wanted, to_empty=False)
        return wanted

    def _count_to_empty(
        self, rules: Rules, cards: tuple[Card, ...], available: int, count: int | None
    ) -> int:
        words = tableau_words(rules)
        if rules.empty_column is EmptyColumn.NONE:
            raise WrongDestination(_(words.stays_empty).format(game=_(variant_of(rules).title)))
        if count is not None:
            if not rules.may_fill_empty_column(cards[-count]):
                raise WrongDestination(_(words.king_only))
            self._check_capacity(rules, count, to_empty=True)
            return count
        fits = [n for n in range(1, available + 1) if rules.may_fill_empty_column(cards[-n])]
        if not fits:
            raise WrongDestination(_(words.king_only))
        capacity = self.capacity(rules, to_empty_column=True)
        movable = [n for n in fits if n <= capacity]
        if not movable:
            self._check_capacity(rules, min(fits), to_empty=True)
        return max(movable)

    def _check_capacity(self, rules: Rules, count: int, to_empty: bool) -> None:
        refusal = self._capacity_refusal(rules, count, to_empty)
        if refusal is not None:
            raise RunTooLong(refusal)

    def _capacity_refusal(self, rules: Rules, count: int, to_empty: bool) -> str | None:
        """Why `count` cards cannot move together now (None: they can), with the numbers that
        decide it: said alike when the run is dropped and when it is picked up."""
        if count == 1:
            return None  # every capacity is at least one card
        capacity = self.capacity(rules, to_empty)
        if count <= capacity:
            return None
        free = self.free_cells
        if rules.run_moves is RunMoves.SINGLE_CARDS:
            return one_at_a_time(rules)
        if rules.run_moves is RunMoves.CELLS_ONLY:
            needed = count - 1  # two numbers, each with its own plural: two sentences joined
            needs = ngettext("Moving {count} cards needs {needed} free cell",
                             "Moving {count} cards needs {needed} free cells", needed)
            free_now = ngettext("{free} is free", "{free} are free", free)
            return _("{needs}; {free_now}").format(
                needs=needs.format(count=count, needed=needed), free_now=free_now.format(free=free))
        empties = self.empty_columns - (1 if to_empty else 0)
        columns = ngettext(*tableau_words(rules).empty, empties).format(count=empties)
        if not rules.cells:
            alone = _("Moving {count} cards needs more room: with {columns} at most {capacity} can move")
            return alone.format(count=count, columns=columns, capacity=capacity)
        room = _(
            "Moving {count} cards needs more room: with {cells} and {columns} at most {capacity} can move"
        )
        cells = ngettext("{count} free cell", "{count} free cells", free).format(count=free)
        return room.format(count=count, cells=cells, columns=columns, capacity=capacity)

    # ----- what may be lifted ---------------------------------------------------------------

    def lift(self, rules: Rules, pile: Pile, card: Card) -> Lift:
        """What a press on `card` lifts: it and the cards on it, when they may move together,
        else nothing and why. The one statement of that rule: the window lifts by it, says its
        refusal, and the move generators cut runs at the same `Rules.most_lifted`.

        A foundation gives its top card only, and only where cards may come back; a cell or a
        reserve place its one card. A column's card is refused when it is face down, when
        cards move singly and others lie on it, when the cards on it are not a run, or when
        the run is longer than the free cells and columns let move at once toward the most
        generous destination.
        """
        cards = self.cards(pile)
        if card not in cards:
            return Lift(0)
        if pile.kind is FOUNDATION:
            if not rules.foundation_takeback:
                return Lift(0, _("Cards may not come back off the foundations in these rules"))
            return Lift(1) if card == cards[-1] else Lift(0)
        if pile.kind is not COLUMN:
            return Lift(1)
        depth = cards.index(card)
        if depth < self.face_down(pile.index):
            return Lift(0, _("Face-down cards cannot be moved"))
        count = len(cards) - depth
        if count > 1 and rules.run_moves is RunMoves.SINGLE_CARDS:
            return Lift(0, one_at_a_time(rules))
        if count > self.run_length(pile.index, rules):
            return Lift(0, _("The cards on {card} are not in sequence, so they cannot move together").format(
                card=card_name(card)))
        # Toward the most generous destination, a column with a card (`Rules.most_lifted`).
        refusal = self._capacity_refusal(rules, count, to_empty=False)
        return Lift(count) if refusal is None else Lift(0, refusal)

    # ----- helpers for the front end and auto-play ------------------------------------------

    def click_move(self, rules: Rules, source: Pile) -> Move | None:
        """What a click on a pile's top card does: home if it can go; else a column card goes
        to the leftmost free cell; else the card goes onto the first column it may lie on,
        else into an empty column (never a lone card from one empty column to another).
        None when nothing is possible."""
        card = self.top(source)
        if card is None or source.kind is FOUNDATION:
            return None
        if self.foundations[card.suit] == card.rank - 1:
            return Move(source, Pile.foundation(card.suit), 1)
        if source.kind is COLUMN and None in self.cells:
            return Move(source, Pile.cell(self.cells.index(None)), 1)
        alone = source.kind is COLUMN and len(self.columns[source.index]) == 1
        targets = [index for index, column in enumerate(self.columns) if column and index != source.index]
        if not alone and rules.may_fill_empty_column(card):
            targets += [index for index, column in enumerate(self.columns) if not column]
        for index in targets:
            column = self.columns[index]
            if not column or rules.builds_on(card, column[-1]):
                return Move(source, Pile.column(index), 1)
        return None

    def home_moves(self, rules: Rules, safe_only: bool) -> list[Move]:
        """Moves that send a top card (column or cell) to its foundation right now."""
        moves = []
        for index, column in enumerate(self.columns):
            if column:
                moves.append((column[-1], Pile.column(index)))
        for index, card in enumerate(self.cells):
            if card is not None:
                moves.append((card, Pile.cell(index)))
        for index, card in enumerate(self.reserve):
            if card is not None:
                moves.append((card, Pile.reserve(index)))
        return [
            Move(source, Pile.foundation(card.suit), 1)
            for card, source in sorted(moves, key=lambda item: item[0].rank)
            if self.foundations[card.suit] == card.rank - 1
            and (not safe_only or rules.safe_to_autoplay(card, self.foundations))
        ]

    def autoplay(
        self, rules: Rules, safe_only: bool = True, held: frozenset[Card] = frozenset()
    ) -> tuple[list[Move], Position]:
        """Send home every card that can (and, with `safe_only`, safely may) go, lowest first.
        Cards in `held` stay where they are (a card the player has just taken back)."""
        played: list[Move] = []
        position = self
        while moves := [
            move for move in position.home_moves(rules, safe_only) if position.top(move.source) not in held
        ]:
            played.append(moves[0])
            position = position.apply(moves[0])
        return played, position

    def is_stuck(self, rules: Rules) -> bool:
        """Not won, and no legal move is left but shuttling a card between cells or taking a
        card back off a foundation: the game is lost.

        The solver's verdict is the deeper one (a position with moves left may still be lost,
        and with alternating colours a take-back may, rarely, still save it)."""
        return not self.is_won and all(
            move.source.kind is FOUNDATION or (move.source.kind is CELL and move.destination.kind is CELL)
            for move in self.legal_moves(rules)
        )
