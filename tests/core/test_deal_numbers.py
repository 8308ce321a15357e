"""`parse_deal_number`: the one rule for typed deal numbers (command line and Deal dialog)."""

from __future__ import annotations

import pytest

from eightoff.core.deal_numbers import FIRST_DEAL, LAST_DEAL, parse_deal_number


@pytest.mark.parametrize(
    ("text", "number"),
    [("1", 1), ("617", 617), (" 617\n", 617), ("007", 7), (str(10**20), 10**20)],
)
def test_accepts_ascii_digits_in_range(text: str, number: int) -> None:
    assert parse_deal_number(text) == number


@pytest.mark.parametrize("text", ["0", "000", "-3", "-0", str(10**20 + 1), "9" * 5000])
def test_out_of_range_names_the_range(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_deal_number(text)
    message = str(caught.value)
    assert f"from {FIRST_DEAL} to {LAST_DEAL:,}" in message and "\n" not in message  # digits grouped
    assert len(message) < 120


@pytest.mark.parametrize("text", ["", " ", "abc", "1.5", "+5", "1_000", "1e3", "²", "٣", "１２", "0x10"])
def test_refuses_what_is_not_ascii_digits(text: str) -> None:
    """int() would take some of these ("²" no, but "٣", "１２" and "1_000" yes): we take none."""
    with pytest.raises(ValueError, match="whole number"):
        parse_deal_number(text)
