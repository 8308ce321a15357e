"""The daily deal, the par and the personal bests in the player's words.

Kept beside the session, as `words` is, so that the status line, the win dialog, the screen
reader and `eightoff daily --share` say the same sentences. Month names are the catalogue's
own (each with the context "month"), not the C library's locale, which a player's system may
not have installed for their language.
"""

from __future__ import annotations

from datetime import date

from eightoff.core.i18n import _, ngettext, pgettext
from eightoff.session.clock import clock_text


def month_name(month: int) -> str:
    """The month's name as it stands after a day's number ("26 November", "26 novembre")."""
    names = (
        pgettext("month", "January"), pgettext("month", "February"), pgettext("month", "March"),
        pgettext("month", "April"), pgettext("month", "May"), pgettext("month", "June"),
        pgettext("month", "July"), pgettext("month", "August"), pgettext("month", "September"),
        pgettext("month", "October"), pgettext("month", "November"), pgettext("month", "December"),
    )
    return names[month - 1]


def month_title(month: int, year: int) -> str:
    """A calendar's heading: "November 2026" ("Novembre 2026": a heading's first letter is a
    capital where the month's name has none)."""
    title = _("{month} {year}").format(month=month_name(month), year=year)
    return title[:1].upper() + title[1:]


def day_words(day: date) -> str:
    """"26 November": the date of a daily deal, as the status line says it."""
    return _("{day} {month}").format(day=day.day, month=month_name(day.month))


def daily_words(day: date) -> str:
    """"Daily · 26 November": the status line's name of a daily deal."""
    return _("Daily · {date}").format(date=day_words(day))


def par_words(par: int) -> str:
    return _("par {par}").format(par=par)


def par_result(moves: int, par: int, helped: bool = False) -> str:
    """The win dialog's par line, which says how the moves compare with par without repeating
    the move count the line above gives: "Par is 84: 3 moves over". A game the solver
    finished is not compared."""
    if helped:
        return _("Par is {par}.").format(par=par)
    if moves == par:
        return _("Par is {par}: you matched it.").format(par=par)
    if moves < par:
        under = par - moves
        return ngettext("Par is {par}: you beat it by {count} move.",
                        "Par is {par}: you beat it by {count} moves.", under).format(par=par, count=under)
    return ngettext("Par is {par}: {count} move over.", "Par is {par}: {count} moves over.",
                    moves - par).format(par=par, count=moves - par)


def best_words(moves: int, seconds: float) -> str:
    """"Your best: 91 moves, 3:10": the fewest moves and the best time of the player's wins of
    a deal (each may come from another of them)."""
    return ngettext("Your best: {moves} move, {time}", "Your best: {moves} moves, {time}",
                    moves).format(moves=moves, time=clock_text(seconds))


def share_line(game_title: str, day: date, won: bool, moves: int, par: int | None, seconds: float) -> str:
    """The line Copy result puts on the clipboard (and `eightoff daily --share` prints):
    "Eight Off daily 2026-11-26 · won in 87 moves (par 84) · 4:12". The date stays in ISO
    form, which reads the same in every language and sorts."""
    head = _("{game} daily {date}").format(game=game_title, date=day.isoformat())
    if won and par is not None:
        result = ngettext("won in {moves} move (par {par})", "won in {moves} moves (par {par})",
                          moves).format(moves=moves, par=par)
    elif won:
        result = ngettext("won in {moves} move", "won in {moves} moves", moves).format(moves=moves)
    elif par is not None:
        result = ngettext("not won after {moves} move (par {par})", "not won after {moves} moves (par {par})",
                          moves).format(moves=moves, par=par)
    else:
        result = ngettext("not won after {moves} move", "not won after {moves} moves",
                          moves).format(moves=moves)
    return " · ".join((head, result, clock_text(seconds)))


def not_played_line(game_title: str, day: date) -> str:
    return _("{game} daily {date} · not played").format(game=game_title, date=day.isoformat())
