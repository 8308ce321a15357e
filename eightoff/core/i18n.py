"""The one place every layer gets its translated text from: `_`, `ngettext` and `N_`.

The core holds only the active translations object; loading catalogues from disk is the job of
`eightoff.locale` (the core touches no disk), which calls `install` at start-up. Until then, and
in tests that do not ask for a language, every string is the English original.

Strings that are built at import time (labels in tables) are marked with `N_` and translated
where they are shown, so that switching language at run time takes effect everywhere.
"""

from __future__ import annotations

import gettext

_active: gettext.NullTranslations = gettext.NullTranslations()


def install(translations: gettext.NullTranslations) -> None:
    """Make `translations` the catalogue every later `_` call reads."""
    global _active
    _active = translations


def active_translations() -> gettext.NullTranslations:
    return _active


def _(message: str) -> str:
    """The player's language version of `message` (the English original when untranslated)."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    """The singular or plural form that fits `number` in the player's language."""
    return _active.ngettext(singular, plural, number)


def pgettext(context: str, message: str) -> str:
    """`message` translated in `context`, for short words that mean different things in places."""
    return _active.pgettext(context, message)


def N_(message: str) -> str:
    """Mark `message` for extraction without translating it now (translate where it is shown)."""
    return message
