"""The game's states in words: a hint, a move just made, a click that moved nothing.

Kept apart from the window so the status line, the screen-reader announcer and the tests all
say the same sentences. Cards are named ("the 7 of hearts"), not drawn with suit symbols: the
bundled font has no glyphs for them. Every sentence is whole, for translators.
"""

from __future__ import annotations

from eightoff.core.cards import Card
from eightoff.core.i18n import _, ngettext
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position, card_name, pile_name, pile_to
from eightoff.core.rules import Rules, RunMoves
from eightoff.core.variants import tableau_words
from eightoff.session.pile_keys import key_words


def _sentence(text: str) -> str:
    """`text` with its first letter upper case (capitalize() would lower 'King')."""
    return text[:1].upper() + text[1:]


def _moving(position: Position, move: Move) -> tuple[Card, Card | None]:
    """The lead card of `move` and the card it lands on (None: an empty pile or a foundation)."""
    cards = position.cards(move.source)
    lead = cards[len(cards) - move.count]
    target = position.top(move.destination)
    on_card = target if move.destination.kind is PileKind.COLUMN else None
    return lead, on_card


def hint_words(position: Position, rules: Rules, move: Move) -> str:
    """'Hint: move the 7 of hearts onto the 8 of hearts', said before the move is made."""
    lead, on_card = _moving(position, move)
    names = {"card": card_name(lead), "count": move.count - 1}
    if on_card is not None:
        names["target"] = card_name(on_card)
        if move.count == 1:
            return _("Hint: move {card} onto {target}").format(**names)
        return ngettext("Hint: move {card} and the card on it onto {target}",
                        "Hint: move {card} and the {count} cards on it onto {target}",
                        move.count - 1).format(**names)
    names["destination"] = pile_to(move.destination, rules)
    if move.count == 1:
        return _("Hint: move {card} {destination}").format(**names)
    return ngettext("Hint: move {card} and the card on it {destination}",
                    "Hint: move {card} and the {count} cards on it {destination}",
                    move.count - 1).format(**names)


def move_words(before: Position, rules: Rules, move: Move) -> str:
    """'The 7 of hearts onto the 8 of hearts': a move just made, for a screen reader."""
    lead, on_card = _moving(before, move)
    if on_card is not None:
        text = ngettext("{card} onto {target}", "{card} and {count} more onto {target}",
                        move.count).format(card=card_name(lead), count=move.count - 1,
                                           target=card_name(on_card))
    else:
        text = ngettext("{card} {destination}", "{card} and {count} more {destination}",
                        move.count).format(card=card_name(lead), count=move.count - 1,
                                           destination=pile_to(move.destination, rules))
    return _sentence(text)


def click_refusal(position: Position, rules: Rules, pile: Pile) -> str:
    """Why a click on the top card of `pile` moved nothing: it cannot go home (a column's card
    in a game with cells says which card must go first), and a column's card finds no free cell
    nor a column (in a game without cells, no other pile of the game's), while a cell's or the
    reserve's stays where it is."""
    card = position.top(pile)
    assert card is not None, "a click on a card"
    if pile.kind is PileKind.COLUMN and not rules.cells:
        text = _(tableau_words(rules).nowhere).format(card=card_name(card))
    elif pile.kind is PileKind.COLUMN:  # not home: the card below it in its suit is not there yet
        below = card_name(Card(card.suit, card.rank - 1))
        # TRANSLATORS: {card} and {below} are card names ("the 6 of clubs"); {below} goes home first.
        text = _("{card} stays where it is: {below} is not home yet, every free cell holds a card, "
                 "and no column takes it").format(card=card_name(card), below=below)
    elif pile.kind is PileKind.RESERVE:
        text = _("{card} cannot go home yet, and it stays in the reserve").format(card=card_name(card))
    else:
        text = _("{card} cannot go home yet, and it stays in its cell").format(card=card_name(card))
    return _sentence(text)


def control_words(rules: Rules, double_click: bool = False) -> list[str]:
    """Help's paragraphs on the mouse and keys, in the words of the game being played: runs
    only where runs move, free cells or a reserve only where the game has them, only the keys
    its piles have (as its pile counts give them: eightoff/session/pile_keys.py), and the
    double-click that sends a card where the preferences ask for one instead of a click."""
    keys_of_piles, places = key_words(rules)
    words = tableau_words(rules)
    columns = _(words.keys).format(keys=keys_of_piles)
    cells = reserve = places
    click = _("a double-click") if double_click else _("a click")
    if rules.run_moves is RunMoves.SINGLE_CARDS:
        mouse = _("Mouse: drag a card (cards move one at a time); {click} sends a card home, else "
                  "{first}.")
    elif rules.cells:
        mouse = _("Mouse: drag a card or a run; {click} sends a card home, else to a free cell, else "
                  "{first}.")
    else:
        mouse = _("Mouse: drag a card or a run; {click} sends a card home, else {first}.")
    if rules.cells:
        keys = _("Keys: {columns}, {cells} the free cells, F or Enter the foundation: first the "
                 "source, then the target; Space or the same key again does what {click} does; Esc "
                 "cancels.").format(columns=columns, cells=cells, click=click)
    elif rules.reserve:
        keys = _("Keys: {columns}, {reserve} the reserve, F or Enter the foundation: first the "
                 "source, then the target; Space or the same key again does what {click} does; Esc "
                 "cancels.").format(columns=columns, reserve=reserve, click=click)
    else:
        keys = _("Keys: {columns}, F or Enter the foundation: first the source, then the target; "
                 "Space or the same key again does what {click} does; Esc cancels.").format(
            columns=columns, click=click)
    mouse = mouse.format(click=click, first=_(words.first_fit))
    return [mouse, keys]


def pile_words(position: Position, rules: Rules, pile: Pile) -> str:
    """'The 7 of hearts, column 3' (its top card first, what a player acts on) or 'Column 3,
    empty' (Fan's 'Fan 3, empty'): how a screen reader names a pile the player can pick."""
    top = position.top(pile)
    if top is None:
        return _sentence(_("{pile}, empty").format(pile=pile_name(pile, rules)))
    return _sentence(_("{card}, {pile}").format(card=card_name(top), pile=pile_name(pile, rules)))


def column_words(position: Position, pile: Pile) -> str:
    """Every card of a column, bottom first, face-down ones unnamed: what a screen reader says
    when asked about the column, since a player who cannot see it must still plan."""
    cards = position.cards(pile)
    hidden = position.face_down(pile.index)
    names = [_("a face-down card") if depth < hidden else card_name(card) for depth, card in enumerate(cards)]
    return ngettext("{count} card: {cards}", "{count} cards, bottom first: {cards}",
                    len(cards)).format(count=len(cards), cards=", ".join(names))
