"""The one place every layer gets its translated text from: `_`, `ngettext` and `N_`.

The core holds only the active translations object; loading catalogues from disk is the job of
`eightoff.locale` (the core touches no disk), which calls `install` at start-up. Until then, and
in tests that do not ask for a language, every string is the English original.

Strings that are built at import time (labels in tables) are marked with `N_` and translated
where they are shown, so that switching language at run time takes effect everywhere.
"""

from __future__ import annotations

import gettext


class Numbers:
    """How the player's language writes numbers with a fraction: English ("64.3%") until
    `eightoff.locale` installs the language's own (Italian "64,3%"), which reads Babel's
    locale data from disk, as the core may not."""

    def decimal(self, value: float, digits: int) -> str:
        return f"{value:,.{digits}f}"

    def percent(self, value: float, digits: int) -> str:
        """`value` per cent (64.3 for 64.3 %), with `digits` after the decimal separator."""
        return f"{value:.{digits}f}%"


_active: gettext.NullTranslations = gettext.NullTranslations()
_numbers = Numbers()


def install(translations: gettext.NullTranslations, numbers: Numbers | None = None) -> None:
    """Make `translations` the catalogue every later `_` call reads, and `numbers` (English
    when None) how numbers are written."""
    global _active, _numbers
    _active = translations
    _numbers = numbers or Numbers()


def decimal(value: float, digits: int = 0) -> str:
    """`value` written as the player's language writes it, with `digits` after the separator."""
    return _numbers.decimal(value, digits)


def percent(value: float, digits: int = 0) -> str:
    """`value` per cent (64.3 for 64.3 %) written as the player's language writes it."""
    return _numbers.percent(value, digits)


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
