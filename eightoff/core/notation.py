"""Positions and moves as text, in the formats Freecell Solver (fc-solve) reads and writes.

Board: an optional `Foundations:` line, a `Freecells:` line (`-` for an empty cell) or, for
games with a reserve, a `Reserve:` line, then one line per column, bottom card first (`:` alone
for an empty column, `[5H]` for a face-down card). Moves: fc-solve's `-m`
wording with 0-based numbers. Foundation take-back, which fc-solve lacks, is written
`Move a card from foundation N to ...` with N the suit's index (0 clubs, 1 diamonds,
2 hearts, 3 spades).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from eightoff.core.cards import CARDS, KING, RANK_LETTERS, Card, Suit
from eightoff.core.errors import BoardFormatError, EmptySource, MoveFormatError
from eightoff.core.i18n import _, ngettext, shortened
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position, no_card_in
from eightoff.core.rules import Rules

_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
"""fc-solve's own order for the Foundations line."""


def format_board(position: Position) -> str:
    lines = []
    if any(position.foundations) or position.reserve:
        homes = " ".join(
            f"{suit.letter}-{RANK_LETTERS[rank - 1] if rank else 0}"
            for suit in _FOUNDATION_ORDER
            for rank in [position.foundations[suit]]
        )
        lines.append(f"Foundations: {homes}")
    if position.reserve:
        lines.append("Reserve: " + _slots(position.reserve))
    if position.cells:
        lines.append("Freecells: " + _slots(position.cells))
    for index, column in enumerate(position.columns):
        down = position.face_down(index)
        cards = [f"[{card}]" if depth < down else str(card) for depth, card in enumerate(column)]
        lines.append(" ".join(cards) if cards else ":")
    return "\n".join(lines) + "\n"


def _slots(cards: tuple[Card | None, ...]) -> str:
    return " ".join("-" if card is None else str(card) for card in cards)


class _BoardReader:
    """One board text read against one variant's piles: every problem names its line."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cells: list[Card | None] = []
        self.reserve: list[Card | None] = []
        self.foundations = [0, 0, 0, 0]
        self.columns: list[tuple[Card, ...]] = []
        self.hidden: list[int] = []
        self.seen: dict[Card, int] = {}
        self.sections: dict[str, int] = {}

    def note(self, card: Card, line_number: int) -> None:
        if card in self.seen:
            raise BoardFormatError(_("line {line}: {card} appears twice (also on line {other})").format(
                line=line_number, card=card, other=self.seen[card]))
        self.seen[card] = line_number

    def card(self, token: str, line_number: int) -> Card:
        try:
            card = Card.parse(token)
        except ValueError as error:
            raise BoardFormatError(_("line {line}: {error}").format(line=line_number, error=error)) from None
        self.note(card, line_number)
        return card

    def section(self, name: str, line_number: int) -> None:
        if name in self.sections:
            raise BoardFormatError(_("line {line}: a second {name} line (the first is line {first})").format(
                line=line_number, name=name, first=self.sections[name]))
        self.sections[name] = line_number

    def slots(self, rest: str, line_number: int, places: int, cells: bool) -> list[Card | None]:
        """The free cells' line (`cells`) or the reserve's, padded to the rules' places."""
        slots = [None if token == "-" else self.card(token, line_number) for token in rest.split()]
        names = {"line": line_number, "rules": self.rules.name, "count": len(slots), "places": places}
        if places == 0:
            none = _("line {line}: {rules} rules have no free cells") if cells else \
                _("line {line}: {rules} rules have no reserve")
            raise BoardFormatError(none.format(**names))
        if len(slots) > places:
            many = _("line {line}: {count} free cells listed, but {rules} rules have {places}") if cells \
                else _("line {line}: {count} reserve places listed, but {rules} rules have {places}")
            raise BoardFormatError(many.format(**names))
        return (slots + [None] * places)[:places]

    def line(self, line: str, line_number: int) -> None:
        label, _colon, rest = line.partition(":")
        label = label.strip().lower()
        if label in ("freecells", "fc"):
            self.section("Freecells:", line_number)
            self.cells = self.slots(rest, line_number, self.rules.cells, cells=True)
        elif label == "reserve":
            self.section("Reserve:", line_number)
            self.reserve = self.slots(rest, line_number, self.rules.reserve, cells=False)
        elif label in ("foundations", "founds"):
            self.section("Foundations:", line_number)
            _read_foundations(rest, line_number, self.foundations, self.note)
        else:
            self.column(line[1:].split() if line.startswith(":") else line.split(), line_number)

    def column(self, tokens: list[str], line_number: int) -> None:
        index = len(self.columns)
        if index >= self.rules.columns:
            raise BoardFormatError(_("line {line}: more than the {count} columns of {rules} rules").format(
                line=line_number, count=self.rules.columns, rules=self.rules.name))
        down = 0
        while down < len(tokens) and tokens[down].startswith("["):
            down += 1
        cards = [self.card(token.removeprefix("[").removesuffix("]"), line_number) for token in tokens]
        if any(token.startswith("[") for token in tokens[down:]):
            raise BoardFormatError(_("line {line}: a face-down card lies on a face-up one").format(
                line=line_number))
        if down and down == len(tokens):
            raise BoardFormatError(_("line {line}: the top card of a column must be face up").format(
                line=line_number))
        if down and not self.rules.face_down:
            raise BoardFormatError(_("line {line}: all cards are face up in these rules").format(
                line=line_number))
        if down >= self.rules.column_lengths[index]:
            dealt = self.rules.column_lengths[index]
            raise BoardFormatError(ngettext(
                "line {line}: {down} face-down cards, but column {column} was dealt only {dealt} card",
                "line {line}: {down} face-down cards, but column {column} was dealt only {dealt} cards",
                dealt).format(line=line_number, down=down, column=index + 1, dealt=dealt))
        if self.rules.kings_to_bottom:
            above = next((card for lower, card in zip(cards, cards[1:], strict=False)
                          if card.rank == KING and lower.rank != KING), None)
            if above is not None:
                raise BoardFormatError(_("line {line}: {card} lies on another card, but {rules} rules deal "
                                         "every King beneath the column's other cards").format(
                    line=line_number, card=above, rules=self.rules.name))
        self.columns.append(tuple(cards))
        self.hidden.append(down)

    def position(self) -> Position:
        if len(self.columns) != self.rules.columns:
            raise BoardFormatError(_("expected {count} columns, found {found}").format(
                count=self.rules.columns, found=len(self.columns)))
        if self.rules.reserve and "Reserve:" not in self.sections:
            raise BoardFormatError(_("{rules} rules need a Reserve: line").format(rules=self.rules.name))
        missing = [card for suit in Suit for card in CARDS[suit][1:] if card not in self.seen]
        if missing:
            raise BoardFormatError(_("missing cards: {cards}").format(cards=", ".join(map(str, missing))))
        cells = tuple((self.cells + [None] * self.rules.cells)[: self.rules.cells])
        reserve = tuple((self.reserve + [None] * self.rules.reserve)[: self.rules.reserve])
        hidden = tuple(self.hidden) if self.rules.face_down else ()
        return Position(tuple(self.columns), cells, tuple(self.foundations), reserve, hidden)


def parse_board(text: str, rules: Rules) -> Position:
    """Read a board of `rules`' variant, accepting what fc-solve accepts (`FC:`/`Founds:`
    abbreviations, `10` for ten, a leading `:` on column lines), plus a `Reserve:` line and
    face-down cards in brackets (`[5H]`) for games that have them. The board must be a
    position of the variant: its piles exactly, each section once, 52 distinct cards, and
    face-down cards only under face-up ones and no more than the column was dealt. Every
    problem names its line."""
    reader = _BoardReader(rules)
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            reader.line(line, line_number)
    return reader.position()


def _read_foundations(
    rest: str, line_number: int, foundations: list[int], note: Callable[[Card, int], None]
) -> None:
    named: dict[str, str] = {}
    for token in rest.split():
        match = re.fullmatch(r"([CDHS])-(0|10|[A2-9TJQK])", token.upper())
        if not match:
            unreadable = _("line {line}: cannot read foundation {token} (expected e.g. H-5)")
            raise BoardFormatError(unreadable.format(line=line_number, token=repr(shortened(token))))
        if match[1] in named:  # else its cards would be 'seen twice', on this very line
            twice = _("line {line}: foundation {suit} is given twice ({first}, {second})")
            raise BoardFormatError(twice.format(line=line_number, suit=match[1], first=named[match[1]],
                                                second=token))
        named[match[1]] = token
        suit = Suit.parse(match[1])
        rank_text = "T" if match[2] == "10" else match[2]
        rank = 0 if rank_text == "0" else RANK_LETTERS.index(rank_text) + 1
        foundations[suit] = rank
        for card in CARDS[suit][1 : rank + 1]:
            note(card, line_number)


# ----- moves -------------------------------------------------------------------------------

_PILE_WORDS = {
    PileKind.COLUMN: "stack",
    PileKind.CELL: "freecell",
    PileKind.FOUNDATION: "foundation",
    PileKind.RESERVE: "reserve",
}
_WORD_KINDS = {word: kind for kind, word in _PILE_WORDS.items()}
_MOVE_PATTERN = re.compile(
    r"Move (?:a card|(?P<count>\d+) cards) from (?P<source>stack|freecell|foundation|reserve) (?P<from>\d+)"
    r" to (?:the foundations|(?P<destination>stack|freecell) (?P<to>\d+))"
)
_NOISE = re.compile(
    r"^(?:|=+|(?:-=)+-?|This game is solveable\.|Total number of states checked is \d+\."
    r"|This scan generated \d+ states\.)$"
)


def format_move(move: Move) -> str:
    source = f"{_PILE_WORDS[move.source.kind]} {move.source.index}"
    cards = "a card" if move.count == 1 else f"{move.count} cards"
    if move.destination.kind is PileKind.FOUNDATION:
        destination = "the foundations"
    else:
        destination = f"{_PILE_WORDS[move.destination.kind]} {move.destination.index}"
    return f"Move {cards} from {source} to {destination}"


def parse_move(text: str, position: Position, rules: Rules) -> Move:
    """Read one move line. `position` is needed because "to the foundations" leaves the suit to
    the card that moves. The move is not checked against the rules here: `rules` only name the
    pile of a refusal as the game calls it."""
    match = _MOVE_PATTERN.fullmatch(text.strip())
    if not match:
        raise MoveFormatError(_("not a move in fc-solve's wording: {text}").format(
            text=repr(shortened(text.strip()))))
    count = int(match["count"]) if match["count"] else 1
    source = Pile(_WORD_KINDS[match["source"]], int(match["from"]))
    limit = {
        PileKind.COLUMN: len(position.columns),
        PileKind.CELL: len(position.cells),
        PileKind.FOUNDATION: 4,
        PileKind.RESERVE: len(position.reserve),
    }
    if source.index >= limit[source.kind]:
        raise _no_pile(match["source"], source.index, limit[source.kind], rules)
    if match["destination"]:
        destination = Pile(_WORD_KINDS[match["destination"]], int(match["to"]))
        if destination.index >= limit[destination.kind]:
            raise _no_pile(match["destination"], destination.index, limit[destination.kind], rules)
    else:
        card = position.top(source)
        if card is None:
            raise EmptySource(no_card_in(source, rules))
        destination = Pile.foundation(card.suit)
    return Move(source, destination, count)


def _no_pile(word: str, index: int, count: int, rules: Rules) -> MoveFormatError:
    """A move naming a pile past the game's last, with the numbers it has: a solution of
    another game (FreeCell's for Fan) says at once which game it is not."""
    if count == 0:
        return MoveFormatError(_("there is no {pile} {index}: {rules} rules have none").format(
            pile=word, index=index, rules=rules.name))
    return MoveFormatError(_("there is no {pile} {index}: {rules} rules number them 0 to {last}").format(
        pile=word, index=index, rules=rules.name, last=count - 1))


def move_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The move lines of a solution file with their 1-based line numbers, skipping the
    separators and summary lines that fc-solve prints around them."""
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not _NOISE.match(text) and not text.startswith("#"):
            yield number, text
