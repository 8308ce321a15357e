"""Positions and moves as text, in the formats Freecell Solver (fc-solve) reads and writes.

Board: an optional `Foundations:` line, a `Freecells:` line (`-` for an empty cell), then one
line per column, bottom card first (`:` alone for an empty column). Moves: fc-solve's `-m`
wording with 0-based numbers. Foundation take-back, which fc-solve lacks, is written
`Move a card from foundation N to ...` with N the suit's index (0 clubs, 1 diamonds,
2 hearts, 3 spades).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from eightoff.core.cards import CARDS, RANK_LETTERS, Card, Suit
from eightoff.core.errors import BoardFormatError, EmptySource, MoveFormatError
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules

_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
"""fc-solve's own order for the Foundations line."""


def format_board(position: Position) -> str:
    lines = []
    if any(position.foundations):
        homes = " ".join(
            f"{suit.letter}-{RANK_LETTERS[rank - 1] if rank else 0}"
            for suit in _FOUNDATION_ORDER
            for rank in [position.foundations[suit]]
        )
        lines.append(f"Foundations: {homes}")
    lines.append("Freecells: " + " ".join("-" if card is None else str(card) for card in position.cells))
    lines.extend(" ".join(map(str, column)) if column else ":" for column in position.columns)
    return "\n".join(lines) + "\n"


def parse_board(text: str, rules: Rules) -> Position:
    """Read a board, accepting what fc-solve accepts (`FC:`/`Founds:` abbreviations, `10` for
    ten, a leading `:` on column lines). Every problem names its line."""
    cells: list[Card | None] = []
    foundations = [0, 0, 0, 0]
    columns: list[tuple[Card, ...]] = []
    seen: dict[Card, int] = {}

    def note(card: Card, line_number: int) -> None:
        if card in seen:
            raise BoardFormatError(f"line {line_number}: {card} appears twice (also on line {seen[card]})")
        seen[card] = line_number

    def read_card(token: str, line_number: int) -> Card:
        try:
            card = Card.parse(token)
        except ValueError as error:
            raise BoardFormatError(f"line {line_number}: {error}") from None
        note(card, line_number)
        return card

    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        label, _, rest = line.partition(":")
        label = label.strip().lower()
        if label in ("freecells", "fc"):
            cells = [None if token == "-" else read_card(token, line_number) for token in rest.split()]
            if len(cells) > rules.cells and any(cells[rules.cells :]):
                listed = f"{len(cells)} free cells listed"
                raise BoardFormatError(f"line {line_number}: {listed}; {rules.name} rules have {rules.cells}")
        elif label in ("foundations", "founds"):
            _read_foundations(rest, line_number, foundations, note)
        else:
            tokens = line[1:].split() if line.startswith(":") else line.split()
            columns.append(tuple(read_card(token, line_number) for token in tokens))
    if len(columns) != rules.columns:
        raise BoardFormatError(f"expected {rules.columns} columns, found {len(columns)}")
    missing = [card for suit in Suit for card in CARDS[suit][1:] if card not in seen]
    if missing:
        raise BoardFormatError("missing cards: " + ", ".join(map(str, missing)))
    cells = (cells + [None] * rules.cells)[: rules.cells]
    return Position(tuple(columns), tuple(cells), tuple(foundations))


def _read_foundations(
    rest: str, line_number: int, foundations: list[int], note: Callable[[Card, int], None]
) -> None:
    for token in rest.split():
        match = re.fullmatch(r"([CDHS])-(0|10|[A2-9TJQK])", token.upper())
        if not match:
            raise BoardFormatError(
                f"line {line_number}: cannot read foundation {token!r} (expected e.g. H-5)"
            )
        suit = Suit.parse(match[1])
        rank_text = "T" if match[2] == "10" else match[2]
        rank = 0 if rank_text == "0" else RANK_LETTERS.index(rank_text) + 1
        foundations[suit] = rank
        for card in CARDS[suit][1 : rank + 1]:
            note(card, line_number)


# ----- moves -------------------------------------------------------------------------------

_PILE_WORDS = {PileKind.COLUMN: "stack", PileKind.CELL: "freecell", PileKind.FOUNDATION: "foundation"}
_WORD_KINDS = {word: kind for kind, word in _PILE_WORDS.items()}
_MOVE_PATTERN = re.compile(
    r"Move (?:a card|(?P<count>\d+) cards) from (?P<source>stack|freecell|foundation) (?P<from>\d+)"
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


def parse_move(text: str, position: Position) -> Move:
    """Read one move line. `position` is needed because "to the foundations" leaves the suit to
    the card that moves. The move is not checked against the rules here."""
    match = _MOVE_PATTERN.fullmatch(text.strip())
    if not match:
        raise MoveFormatError(f"not a move in fc-solve's wording: {text.strip()!r}")
    count = int(match["count"]) if match["count"] else 1
    source = Pile(_WORD_KINDS[match["source"]], int(match["from"]))
    limit = {
        PileKind.COLUMN: len(position.columns),
        PileKind.CELL: len(position.cells),
        PileKind.FOUNDATION: 4,
    }
    if source.index >= limit[source.kind]:
        raise MoveFormatError(f"there is no {match['source']} {source.index}")
    if match["destination"]:
        destination = Pile(_WORD_KINDS[match["destination"]], int(match["to"]))
        if destination.index >= limit[destination.kind]:
            raise MoveFormatError(f"there is no {match['destination']} {destination.index}")
    else:
        card = position.top(source)
        if card is None:
            raise EmptySource(f"There is no card in {source}")
        destination = Pile.foundation(card.suit)
    return Move(source, destination, count)


def move_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The move lines of a solution file with their 1-based line numbers, skipping the
    separators and summary lines that fc-solve prints around them."""
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not _NOISE.match(text) and not text.startswith("#"):
            yield number, text
