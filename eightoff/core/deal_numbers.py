"""What counts as a deal number a player typed: one rule for the command line and the Deal dialog.

Python's `int` accepts far more than a player means by a number ("²", Arabic-Indic digits,
"1_000", " +5 "), and a typed "0" or a 30-digit number must be refused with a reason, not
crash the window later. Both front ends call `parse_deal_number`, so they accept exactly the
same texts and say the same thing about the rest.
"""

from __future__ import annotations

from eightoff.core.i18n import _, decimal, shortened
from eightoff.core.limits import FIRST_DEAL, LAST_DEAL

__all__ = ["FIRST_DEAL", "LAST_DEAL", "deal_range", "parse_deal_number"]

_ASCII_DIGITS = frozenset("0123456789")


def parse_deal_number(text: str) -> int:
    """The deal number in `text` (ASCII digits, surrounding blanks ignored).

    Raises ValueError with a translated sentence the player can read as it is.
    """
    digits = text.strip()
    sign = "-" if digits.startswith("-") else ""
    unsigned = digits[len(sign) :]
    if not unsigned or not _ASCII_DIGITS.issuperset(unsigned):
        raise ValueError(
            _("deal number must be a whole number from {first} to {last}, not {text}").format(
                **deal_range(), text=repr(shortened(text))
            )
        )
    significant = unsigned.lstrip("0") or "0"
    # Compare lengths first: int() refuses texts longer than 4300 digits with its own message.
    too_long = len(significant) > len(str(LAST_DEAL))
    if sign or too_long or not FIRST_DEAL <= int(significant) <= LAST_DEAL:
        raise ValueError(
            _("there is no deal {number}: deal numbers go from {first} to {last}").format(
                number=sign + shortened(significant), **deal_range()
            )
        )
    return int(significant)


def deal_range() -> dict[str, str]:
    """The first and last deal numbers (`first`, `last`) as the player's language groups
    digits: "100,000,000,000,000,000,000" reads where twenty-one digits in a row do not."""
    return {"first": decimal(FIRST_DEAL), "last": decimal(LAST_DEAL)}
