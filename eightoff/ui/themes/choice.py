"""Choosing an installed theme in Preferences like a design: its name in the Card faces row,
what the preview says of it, and the large-index design offered where its index is too small.

Preferences lists the built-in designs, then the installed themes (`CardArt.installed`); the
choice is kept in `card_face` as the theme's id. The words are here so that the dialog only
asks for them.
"""

from __future__ import annotations

from eightoff.core.i18n import _
from eightoff.core.preferences import Preferences
from eightoff.themes.found import AISLERIOT, is_theme_id
from eightoff.ui.designs import FACES, face_design
from eightoff.ui.themes.deck import CardArt, index_too_small

LARGE_INDEX = "large"


def face_names(art: CardArt) -> list[str]:
    """What the Card faces row cycles through: the built-in designs, then each installed theme."""
    return [*FACES, *(theme.id for theme in art.installed())]


def face_label(face: str, art: CardArt) -> str:
    """The Card faces row's value: a design's name, or a theme's with where it comes from and,
    when it cannot be drawn, that it cannot."""
    if not is_theme_id(face):
        return _(FACES[face_design(face)])
    theme = next((each for each in art.installed() if each.id == face), None)
    if theme is None:
        return _("{name} (not installed)").format(name=face.partition(":")[2])
    kind = "Aisleriot" if theme.kind == AISLERIOT else "KDE"
    if art.problem(face):
        return _("{name} ({kind}): cannot be drawn").format(name=theme.name, kind=kind)
    return f"{theme.name} ({kind})"


def face_notes(preferences: Preferences, art: CardArt) -> list[str]:
    """What the preview says of a chosen theme, the weightiest last (the one shown): that four
    colours and high contrast are the built-in designs', when its index would read too small
    at the table's card size, or why it cannot be drawn."""
    face = preferences.card_face
    if not is_theme_id(face):
        return []
    why = art.problem(face)
    if why:
        return [_("Cannot be drawn: {reason}").format(reason=why)]
    notes = [_("Four colours and high contrast do not apply to a theme")]
    if offers_large_index(preferences, art):
        notes.append(_("Its corner index is under 9 px here: Large index reads better"))
    return notes


def offers_large_index(preferences: Preferences, art: CardArt) -> bool:
    """Whether the chosen theme's corner index would be under 9 px on the table."""
    return (is_theme_id(preferences.card_face) and art.table_card is not None
            and index_too_small(art.table_card[1]) and not art.problem(preferences.card_face))


def colour_row(label: str, preferences: Preferences) -> str:
    """The four-colour or high-contrast row's `label`, saying while a theme is chosen that it
    does not change the theme."""
    if not is_theme_id(preferences.card_face):
        return label
    return _("{setting} (not for a theme)").format(setting=label)
