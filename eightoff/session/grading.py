"""A deal's difficulty grade in the player's words, and the grade ranges of "winnable deals only"
(and the deals they give: New and the opening deal both ask here).

The grade is said only when the game ends (the status line once it is won or solved with
help, the dialogs of a win or a dead end): while it is played it would tell the player how hard
the rest is. The Preferences row that asks for winnable deals cycles through off, any grade,
each grade alone, then the ranges of two and of three grades, so every range is one row and a
few presses away (the dialog has no room for more rows at 800x600).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from eightoff.core.i18n import _, pgettext
from eightoff.solver.grade import GRADES, deal_grades, grades_between, random_graded_deal

if TYPE_CHECKING:  # the command line names grades (`deal --grade`) without a deal's facts
    from eightoff.core.outcome import Outcome
    from eightoff.session.facts import DealFacts

WINNABLE_CHOICES: tuple[tuple[str, str] | None, ...] = (
    None,
    *((GRADES[first], GRADES[first + width - 1])
      for width in (len(GRADES), *range(1, len(GRADES))) for first in range(len(GRADES) - width + 1)),
)
"""The Preferences row's values in order: None is "off", else (lowest, highest) grade."""


class WinnablePreference(Protocol):
    """The store's `Preferences` as far as winnable deals go (named by shape, so that the
    session's type check does not take in the store's files)."""

    winnable_only: bool
    lowest_grade: str
    highest_grade: str


def grade_name(grade: str) -> str:
    """"Hard", in the player's language (a grade key from the solver)."""
    names = {
        "easy": pgettext("grade", "Easy"),
        "medium": pgettext("grade", "Medium"),
        "hard": pgettext("grade", "Hard"),
        "expert": pgettext("grade", "Expert"),
    }
    return names[grade]


class Graded(Protocol):
    """A session as far as its grade goes (named by shape: the session imports this module)."""

    outcome: Outcome | None
    facts: DealFacts


def deal_grade(rules_name: str, number: int) -> str | None:
    """The shipped grade of a deal, for the statistics by grade of thousands of deals played:
    one dictionary look-up a deal once the game's table is read (`grade_of_deal` reads one
    deal's grade off the table's text, quicker for one deal, slower for many)."""
    return deal_grades(rules_name).get(number)


def graded_words(session: Graded) -> str | None:
    """'graded Hard' once the game has its outcome and its grade is known, else None (an
    unknown grade says nothing rather than something wrong)."""
    grade = session.facts.grade
    if session.outcome is None or grade is None:
        return None
    return _("graded {grade}").format(grade=grade_name(grade))


def grade_lines(session: Graded) -> list[str]:
    """'This deal is graded Hard.' for a dialog at the end of a game (a win, or no move
    left), or no line while the grade is unknown."""
    grade = session.facts.grade
    if grade is None:
        return []
    return [_("This deal is graded {grade}.").format(grade=grade_name(grade))]


def range_words(lowest: str, highest: str) -> str:
    """How the Preferences row names a grade range: 'any grade', 'Hard', 'Easy to Hard'."""
    grades = grades_between(lowest, highest)
    if grades == GRADES:
        return _("any grade")
    if len(grades) == 1:
        return grade_name(grades[0])
    return _("{lowest} to {highest}").format(lowest=grade_name(grades[0]), highest=grade_name(grades[-1]))


def next_winnable_choice(winnable_only: bool, lowest: str, highest: str) -> tuple[str, str] | None:
    """The Preferences row's value after (winnable_only, lowest, highest), cycling round."""
    grades = grades_between(lowest, highest)
    current = WINNABLE_CHOICES.index((grades[0], grades[-1])) if winnable_only else 0
    return WINNABLE_CHOICES[(current + 1) % len(WINNABLE_CHOICES)]


def shipped_winnable_deal(preferences: WinnablePreference, rules_name: str) -> int | None:
    """With "winnable deals only", a random deal of the wanted grades from the game's shipped
    list, at once; None when the preference is off or the game has no list."""
    if not preferences.winnable_only:
        return None
    return random_graded_deal(rules_name, grades_between(preferences.lowest_grade, preferences.highest_grade))
