"""The one place every layer gets its translated text from: `_`, `ngettext`, `N_` and `NN_`.

The core holds only the active translations object; loading catalogues from disk is the job of
`eightoff.locale` (the core touches no disk), which calls `install` at start-up. Until then, and
in tests that do not ask for a language, every string is the English original.

Strings that are built at import time (labels in tables) are marked with `N_` and translated
where they are shown, so that switching language at run time takes effect everywhere.
"""

from __future__ import annotations

import errno
import gettext
import os

_active: gettext.NullTranslations = gettext.NullTranslations()


def install(translations: gettext.NullTranslations) -> None:
    """Make `translations` the catalogue every later `_` call reads."""
    global _active
    _active = translations


def _written(value: float, digits: int) -> str:
    """`value` with `digits` decimals and its digits grouped, in the separators the player's
    language uses: its catalogue names them, as gettext programs do (Italian "1.234,5")."""
    # TRANSLATORS: the sign between a number's whole part and its fraction (Italian ",").
    point = pgettext("number", ".")
    # TRANSLATORS: the sign between groups of three digits, as in 1,234 (Italian ".").
    group = pgettext("number", ",")
    return f"{value:,.{digits}f}".translate({ord(","): group, ord("."): point})


def decimal(value: float, digits: int = 0) -> str:
    """`value` written as the player's language writes it, with `digits` after the separator."""
    return _written(value, digits)


def percent(value: float, digits: int = 0) -> str:
    """`value` per cent (64.3 for 64.3 %) written as the player's language writes it."""
    # TRANSLATORS: a share in per cent, as in "64.3%"; keep {number}.
    return pgettext("number", "{number}%").format(number=_written(value, digits))


def file_size(size: int) -> str:
    """A size in bytes as a player reads one: "16 MB", "256 KB" (1,024 to the next unit, one
    decimal where it is not whole), "512 bytes"; written as the player's language writes it."""
    units = (
        # TRANSLATORS: a size in megabytes, as in "16 MB"; keep {number}.
        (20, pgettext("number", "{number} MB")),
        # TRANSLATORS: a size in kilobytes, as in "256 KB"; keep {number}.
        (10, pgettext("number", "{number} KB")),
    )
    for shift, unit in units:
        if size >= 1 << shift:
            value = size / (1 << shift)
            return unit.format(number=_written(value, 0 if value == round(value) else 1))
    return ngettext("{count} byte", "{count} bytes", size).format(count=size)


def shortened(text: str) -> str:
    """`text` cut to a length that fits one line of a message: a pasted page, or a file's
    whole first line quoted back, stays one readable line."""
    return text if len(text) <= 30 else text[:27] + "..."


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


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair as `N_` does one string (pass it to `ngettext` where it
    is shown, with the number)."""
    return singular, plural


SYSTEM_WORDS: dict[int, str] = {
    number: words for name, words in (
        ("ENOENT", N_("No such file or directory")),
        ("ENOTDIR", N_("Not a directory")),
        ("EISDIR", N_("Is a directory")),
        ("EACCES", N_("Permission denied")),
        ("EPERM", N_("Operation not permitted")),
        ("EROFS", N_("Read-only file system")),
        ("ENOSPC", N_("No space left on device")),
        ("EDQUOT", N_("Disk quota exceeded")),
        ("EFBIG", N_("File too large")),
        ("EIO", N_("Input/output error")),
        ("ENAMETOOLONG", N_("File name too long")),
        ("ELOOP", N_("Too many levels of symbolic links")),
        ("EEXIST", N_("File exists")),
        ("EBUSY", N_("Device or resource busy")),
        ("EMFILE", N_("Too many open files")),
        ("EBADF", N_("Bad file descriptor")),
        ("ENXIO", N_("No such device or address")),
        ("EAGAIN", N_("Resource temporarily unavailable")),
        ("EINVAL", N_("Invalid argument")),
        ("EXDEV", N_("Invalid cross-device link")),
    )
    if (number := getattr(errno, name, None)) is not None
}
"""The system's words for the errors a file can meet, in the C library's English, so that they
can be translated: Python never sets LC_MESSAGES, so `strerror` is English whatever the
player's language, and an Italian line would end in English."""


def system_words(number: int) -> str:
    """The system's words for the error `number`, in the player's language where `SYSTEM_WORDS`
    has them, else as the system gives them."""
    words = SYSTEM_WORDS.get(number)
    return _(words) if words is not None else os.strerror(number)


def system_reason(error: BaseException) -> str:
    """Why a file could not be read or written, in the player's language: the system's words
    for an OSError (`system_words`), or the text of any other error (a reason this program
    already put in words)."""
    if isinstance(error, OSError):
        if error.errno is not None and error.errno in SYSTEM_WORDS:
            return system_words(error.errno)
        return error.strerror or str(error)
    return str(error)
