"""The statistics in words, the same in the Statistics dialog and in `eightoff stats`: one
percentage format, one word per outcome, the same lines in the same order.
"""

from __future__ import annotations

from collections.abc import Callable

from eightoff.core.i18n import N_, _, decimal, ngettext, percent
from eightoff.core.variants import VARIANTS
from eightoff.session.figures import BestTime, Figures, share
from eightoff.store.schema import LOST, WON
from eightoff.store.statistics import Statistics

TITLES = {key: variant.title for key, variant in VARIANTS.items()}
"""Untranslated titles by variant key (for callers that translate themselves)."""
OUTCOME_WORDS = {"won": N_("won"), "lost": N_("lost"), "solved with help": N_("solved with help"),
                 "solver": N_("solved with help")}
"""The outcomes as the player reads them ("solver" is the older name of "solved with help")."""
GradeName = Callable[[str], str]


def title(key: str | None) -> str:
    """The variant's title in the player's language; "All games" for None; the key itself for a
    variant this program does not have (a log written by a newer one)."""
    if key is None:
        return _("All games")
    return _(TITLES[key]) if key in TITLES else key


def outcome_word(kind: str) -> str:
    return _(OUTCOME_WORDS.get(kind, kind))


def win_share(won: int, played: int) -> str:
    """The one way a share of wins is written: "66.7%"."""
    return percent(100.0 * share(won, played), 1)


def duration(seconds: float) -> str:
    """m:ss, or h:mm:ss past an hour."""
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02}:{second:02}" if hours else f"{minute}:{second:02}"


def which_deal(deal: int | None) -> str:
    """"deal 617", or "own board" for a game of the player's own board."""
    return _("deal {number}").format(number=deal) if deal is not None else _("own board")


def best_words(best: BestTime, naming_the_game: bool) -> str:
    """"1:05 (deal 617, 90 moves)"; among all games' best times the game is named first."""
    where = [title(best.key)] if naming_the_game else []
    return f"{duration(best.seconds)} ({', '.join([*where, which_deal(best.deal), moves_words(best.moves)])})"


def moves_words(count: int) -> str:
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def count_line(figures: Statistics) -> str:
    """"played 3, won 2, lost 1 (66.7% won)": each count with its own plural form (Italian
    "vinta 1", "vinte 2")."""
    return _("{played}, {won}, {lost} ({percent} won)").format(
        played=ngettext("played {count}", "played {count}",
                        figures.played).format(count=decimal(figures.played)),
        won=ngettext("won {count}", "won {count}", figures.won).format(count=decimal(figures.won)),
        lost=ngettext("lost {count}", "lost {count}", figures.lost).format(count=decimal(figures.lost)),
        percent=win_share(figures.won, figures.played))


def describe(figures: Figures, grade_name: GradeName) -> list[str]:
    """The lines under a game's title (no indent): counts, streaks, times, grades."""
    numbers = figures.statistics
    lines = [count_line(numbers)]
    if numbers.solved:
        lines.append(ngettext("{count} game solved with help", "{count} games solved with help",
                              numbers.solved).format(count=decimal(numbers.solved)))
    lines += streak_lines(numbers)
    if numbers.best_time is not None and numbers.average_time is not None:
        lines.append(_("best time {time}, fewest moves {moves}").format(
            time=duration(numbers.best_time), moves=numbers.fewest_moves))
        moves = round(numbers.average_moves or 0)
        lines.append(ngettext("won games average {time}, {moves} move",
                              "won games average {time}, {moves} moves",
                              moves).format(time=duration(numbers.average_time), moves=moves))
    if figures.best:
        times = ", ".join(best_words(best, figures.key is None) for best in figures.best)
        lines.append(_("best times: {times}").format(times=times))
    graded = [grade for grade in figures.by_grade if grade.played]
    if graded:
        lines.append(_("by grade: {grades}").format(grades=", ".join(
            _("{grade} {won} of {played} ({percent})").format(
                grade=grade_name(grade.grade), won=decimal(grade.won), played=decimal(grade.played),
                percent=win_share(grade.won, grade.played)) for grade in graded)))
    if figures.implausible:
        lines.append(implausible_line(figures.implausible))
    return lines


def streak_lines(numbers: Statistics) -> list[str]:
    """The current streak (once a game has ended) and the longest winning and losing ones, each
    count with its own plural form (Italian "1 vinta", "3 vinte")."""
    streak = numbers.current_streak
    current = [] if streak.kind is None else [current_streak(streak.kind, streak.length)]
    won, lost = numbers.longest_winning_streak, numbers.longest_losing_streak
    return [*current, _("longest streaks: {won}, {lost}").format(
        won=ngettext("{count} won", "{count} won", won).format(count=decimal(won)),
        lost=ngettext("{count} lost", "{count} lost", lost).format(count=decimal(lost)))]


def current_streak(kind: str, length: int) -> str:
    """"current streak: 3 won": one message per outcome, so that each agrees with its count."""
    if kind == WON:
        words = ngettext("current streak: {count} won", "current streak: {count} won", length)
    elif kind == LOST:
        words = ngettext("current streak: {count} lost", "current streak: {count} lost", length)
    else:
        words = ngettext("current streak: {count} solved with help",
                         "current streak: {count} solved with help", length)
    return words.format(count=decimal(length))


def implausible_line(count: int) -> str:
    return ngettext("{count} win of impossible time or moves is counted but not charted",
                    "{count} wins of impossible time or moves are counted but not charted",
                    count).format(count=decimal(count))


def game_rows(everything: Figures) -> list[str]:
    """For all games: one line per game with games."""
    return [_("{game}: {counts}").format(game=title(figures.key), counts=count_line(figures.statistics))
            for figures in everything.games]
