"""Small card themes of the tests' own, written into temp folders: an Aisleriot sheet whose
every cell has its own colour, and a KDE deck whose elements lie where a real deck's may (in
groups with transforms, in defs, below the sheet's view)."""

from __future__ import annotations

import gzip
from pathlib import Path

from eightoff.core.cards import Card, Suit
from eightoff.themes.sheet import element_id

CELL = (30, 45)
"""An Aisleriot test sheet's card, in its units: 1.5 high per unit of width."""


def colour(column: int, row: int) -> tuple[int, int, int]:
    """The colour of the sheet's cell, told apart from every other cell's."""
    return (20 + column * 17, 30 + row * 45, 200 - column * 9)


def card_colour(card: Card | None) -> tuple[int, int, int]:
    """The colour a card's face (None: the back) is filled with, in both kinds of test theme."""
    if card is None:
        return colour(2, 4)
    return colour(card.rank - 1, list(Suit).index(card.suit))


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def sheet_svg(extra: str = "", cell: tuple[int, int] = CELL) -> str:
    width, height = cell
    cells = "".join(
        f'<rect x="{column * width}" y="{row * height}" width="{width}" height="{height}" '
        f'fill="{_hex(colour(column, row))}"/>'
        for row in range(5) for column in range(13))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{13 * width}" height="{5 * height}">{cells}{extra}</svg>')


def write_sheet(folder: Path, name: str, svg: str | bytes | None = None, zipped: bool = False) -> Path:
    """An Aisleriot theme `name` in `folder` (aisleriot/cards under a data folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = (svg if svg is not None else sheet_svg())
    raw = data.encode() if isinstance(data, str) else data
    path = folder / (name + (".svgz" if zipped else ".svg"))
    path.write_bytes(gzip.compress(raw) if zipped else raw)
    return path


def deck_svg(leave_out: str = "") -> str:
    """A deck of 40 x 56 cards (1.4 high per unit of width): clubs in a layer moved by a
    transform, diamonds scaled, hearts in defs drawn through `use`, the back below the view."""
    parts = []
    for suit, (open_tag, close_tag) in {
        Suit.CLUBS: ('<g transform="translate(10,5)">', "</g>"),
        Suit.DIAMONDS: ('<g transform="scale(0.5)">', "</g>"),
        Suit.HEARTS: ("<defs>", "</defs>"),
        Suit.SPADES: ("<g>", "</g>"),
    }.items():
        row = list(Suit).index(suit)
        cards = []
        for rank in range(1, 14):
            name = element_id(suit, rank)
            if name == leave_out:
                continue
            size = (80, 112) if suit is Suit.DIAMONDS else (40, 56)
            x, y = (rank - 1) * size[0] * 1.1, row * 60 * (2 if suit is Suit.DIAMONDS else 1)
            cards.append(f'<g id="{name}"><rect x="{x}" y="{y}" width="{size[0]}" height="{size[1]}" '
                         f'fill="{_hex(card_colour(Card(suit, rank)))}"/></g>')
        parts.append(open_tag + "".join(cards) + close_tag)
    parts.append("".join(f'<use xlink:href="#{element_id(Suit.HEARTS, rank)}"/>' for rank in range(1, 14)))
    if leave_out != "back":
        parts.append(f'<g id="back" transform="translate(0,400)"><rect width="40" height="56" '
                     f'fill="{_hex(card_colour(None))}"/></g>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'width="640" height="260" viewBox="0 0 640 260">' + "".join(parts) + "</svg>")


def write_deck(folder: Path, name: str, desktop: str | None = None, svg: str | None = None) -> Path:
    """A KDE deck `name` in `folder` (carddecks under a data folder)."""
    deck = folder / name
    deck.mkdir(parents=True, exist_ok=True)
    if desktop is None:
        desktop = f"[KDE Backdeck]\nName=Test {name}\nName[it]=Prova\nSVG={name}.svgz\n"
    (deck / "index.desktop").write_text(desktop)
    (deck / f"{name}.svgz").write_bytes(gzip.compress((svg if svg is not None else deck_svg()).encode()))
    return deck
