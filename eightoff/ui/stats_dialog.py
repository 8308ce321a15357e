"""The Statistics dialog, in three pages so that each is legible at 800x600: the figures of the
game being played, all games' (a line for each game with games) and the two charts; the
recent games as rows, to pick one to play again; and the daily deals, with the streaks of
daily wins and a month's calendar of days won, lost and not played. It asks the session's statistics port for
everything it shows (`session.records`: the words of `eightoff stats`) and holds nothing of
the store's.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import pygame

from eightoff.core.i18n import _, decimal, ngettext
from eightoff.session.daily_words import month_title
from eightoff.session.records import DailyRecord, RecentGame, StatisticsPort
from eightoff.ui import theme
from eightoff.ui.charts import draw_charts
from eightoff.ui.daily_calendar import draw_calendar
from eightoff.ui.dialogs import ROW_STEP, Choice, Dialog, MessageDialog

if TYPE_CHECKING:
    from eightoff.ui.scene import Host

CHART_HEIGHT = 190
"""The charts' strip at a dialog unit of 1 (legible at 800x600, where the unit is smaller)."""
CALENDAR_HEIGHT = 300
"""The month's calendar at a dialog unit of 1."""


class StatisticsDialog(Dialog):
    max_width = 1000
    text_size = 22

    def __init__(
        self,
        host: Host,
        statistics: StatisticsPort,
        rules: str,
        play: Callable[[RecentGame], None],
        watch: Callable[[RecentGame], None],
        today: date | None = None,
        month: tuple[int, int] | None = None,
    ) -> None:
        self.statistics = statistics
        self.today = today or date.today()
        """The player's date: the daily's streak counts back from it."""
        self.month = month or (self.today.year, self.today.month)
        """The daily page's month (year, month)."""
        self.daily_page = month is not None
        """Whether the daily deals are shown (a month asked for opens on them)."""
        self._daily: DailyRecord | None = None
        self.play = play
        """Deals a logged game again (the table asks first if that leaves a game)."""
        self.watch = watch
        """Plays a logged game's moves on the table."""
        self.rules = rules
        self.selected: int | None = None
        """The picked game, an index into `recent`."""
        self.first = 0
        """The first recent game shown: the rows scroll through every game kept."""
        self.games_page = False
        """Whether the recent games are shown (else the figures and charts)."""
        self.page = statistics.page(rules)
        self.figure_lines = self.page.lines
        self.recent = self.page.recent
        super().__init__(host, _("Statistics: {game}").format(game=self.page.name), [], self.buttons())

    def buttons(self) -> list[tuple[str, Callable[[], None] | None]]:
        """The figures: Recent games (the default), Daily, Reset, Close. The games: Play again
        (the default), Watch, Figures, Close; with no game finished yet, only Figures and Close.
        The daily deals: the month before and after, Figures, Close (the default). Enter never
        presses Reset."""
        if self.daily_page:  # no later month past today's: its days have no result yet
            later = [(_("Later month"), lambda: self.turn_month(1))] if self.month < self.this_month() else []
            turns = [(_("Earlier month"), lambda: self.turn_month(-1)), *later]
            self.default_button = len(turns) + 1
            return [*turns, (_("Figures"), self.show_figures), (_("Close"), None)]
        if self.games_page:
            self.default_button = 0
            chosen = [(_("Play again"), self.play_selected), (_("Watch"), self.watch_selected)]
            return [*(chosen if self.recent else []), (_("Figures"), self.turn_page), (_("Close"), None)]
        self.default_button = 0 if self.recent else 3
        return [(_("Recent games"), self.turn_page), (_("Daily"), self.show_daily),
                (_("Reset…"), self.ask_reset), (_("Close"), None)]

    def turn_page(self) -> None:
        """Figures to games and back; the games open with the newest picked, so Play again,
        Watch and Enter act on the game just finished without a pick first."""
        self.games_page = not self.games_page
        if self.games_page and self.selected is None and self.recent:
            self.selected = 0
        self.show_again()

    def show_daily(self) -> None:
        self.daily_page = True
        self.show_again()

    def show_figures(self) -> None:
        self.daily_page = self.games_page = False
        self.show_again()

    def this_month(self) -> tuple[int, int]:
        return self.today.year, self.today.month

    def turn_month(self, step: int) -> None:
        year, month = divmod(self.month[0] * 12 + self.month[1] - 1 + step, 12)
        self.month = min((year, month + 1), self.this_month())
        self.show_again()

    def show_again(self) -> None:
        """Back on screen with the page's own buttons (a button's press has closed it)."""
        self.button_specs = self.buttons()
        self.focus_moved = False
        self.scroll = self.first = 0
        self.host.push(self)
        self.resize(self.size)

    # ----- content -----------------------------------------------------------------------------

    def body_lines(self) -> list[str]:
        if self.daily_page:
            return self.daily_lines()
        if not self.games_page:
            return self.figure_lines
        if not self.recent:
            return [_("No finished games yet.")]
        shown = self.rows()
        where = _("Games {first}–{last} of {total}").format(
            first=self.first + 1, last=self.first + shown, total=len(self.recent))
        if shown < len(self.recent):
            where += "   ·   " + _("Up/Down, Page Up/Page Down or the wheel show the others")
        return [_("Recent games (pick one, then Enter or Play again):"), where]

    def daily(self) -> DailyRecord:
        """The daily deals' record, asked for once the page is first shown."""
        if self._daily is None:
            self._daily = self.statistics.daily(self.rules, self.today)
        return self._daily

    def daily_lines(self) -> list[str]:
        """The streaks of daily wins, and the shown month's days won and lost (the legend's words)."""
        record = self.daily()
        year, month = self.month
        won = sum(1 for day in record.won if (day.year, day.month) == (year, month))
        lost = sum(1 for day in record.lost if (day.year, day.month) == (year, month))
        current = ngettext("Current streak of daily wins: {count} day",
                           "Current streak of daily wins: {count} days", record.current)
        longest = ngettext("Longest streak: {count} day", "Longest streak: {count} days", record.longest)
        shown = _("{month}: {won}, {lost}").format(
            month=month_title(month, year), won=ngettext("{count} won", "{count} won", won).format(count=won),
            lost=ngettext("{count} lost", "{count} lost", lost).format(count=lost))
        return [_("Daily deals of {game}").format(game=record.name), current.format(count=record.current),
                longest.format(count=record.longest), shown]

    def figure_height(self) -> int:
        if self.daily_page:
            return self.px(CALENDAR_HEIGHT)
        return 0 if self.games_page else self.px(CHART_HEIGHT)

    def rows(self) -> int:
        """How many recent games fit the window under the figures and charts (the geometry of
        `Dialog.resize`)."""
        text = self.text_font.get_linesize() * (2 if self.games_page and self.recent else 1)
        px = self.px
        fixed = (px(24) + self.title_font.get_linesize() + px(12) + text + px(16) + px(24 + 40 + 24)
                 + self.figure_height())
        return max(0, min(len(self.recent), (self.size[1] - px(20) - fixed) // px(ROW_STEP)))

    def option_labels(self) -> list[str]:
        if not self.games_page:
            return []
        return [("» " if index == self.selected else "   ") + game.row
                + ("  " + _("(cannot be played again)") if game.problem else "")
                for index, game in enumerate(self.recent[self.first:self.first + self.rows()],
                                             start=self.first)]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        super().resize(size)

    def draw_label(self, screen: pygame.Surface, index: int, choice: Choice, is_button: bool,
                   colour: theme.Paint) -> None:
        """The picked game's row stands out from its neighbours, not by a "»" alone: filled in
        the accent colour, its words white, as the focused button is."""
        if not is_button and self.games_page and self.first + index == self.selected:
            pygame.draw.rect(screen, theme.ACCENT, choice.rect, border_radius=self.px(7))
            colour = (255, 255, 255)
        super().draw_label(screen, index, choice, is_button, colour)

    def toggle(self, index: int) -> None:
        self.selected = self.first + index

    def draw_panel(self, screen: pygame.Surface) -> None:
        super().draw_panel(screen)
        if self.daily_page:
            record = self.daily()
            draw_calendar(screen, self.figure_area(), *self.month, record.won, record.lost, self.today,
                          self.unit)
        elif not self.games_page:
            draw_charts(screen, self.figure_area(), self.page.chart, self.unit, self.page.together)

    def scroll_by(self, lines: int) -> None:
        """The wheel: on the games page it scrolls the rows through every game kept."""
        if not self.games_page:
            super().scroll_by(lines)
            return
        first = max(0, min(self.first + lines, len(self.recent) - self.rows()))
        if first != self.first:
            self.first = first
            self.resize(self.size)

    def key(self, event: pygame.event.Event) -> None:
        """Enter on a picked or focused row plays that game again. Up and Down past the rows
        shown scroll them, as Page Up, Page Down, Home and End do by more."""
        if self.games_page and self.scroll_key(event.key):
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.games_page:
            if self.focus_moved and self.focus < self.option_count:
                self.selected = self.first + self.focus
            if self.selected is not None and (not self.focus_moved or self.focus < self.option_count):
                self.host.pop(self)
                self.play_selected()
                return
        super().key(event)

    def scroll_key(self, key: int) -> bool:
        """Scroll the rows for `key` if it asks to, keeping the focus on a row; True if it did."""
        shown = self.option_count
        on_row = self.focus_moved and self.focus < shown
        moves = {pygame.K_PAGEUP: -max(1, shown - 1), pygame.K_PAGEDOWN: max(1, shown - 1),
                 pygame.K_HOME: -len(self.recent), pygame.K_END: len(self.recent)}
        if key == pygame.K_DOWN and on_row and self.focus == shown - 1:
            moves[key] = 1
        elif key == pygame.K_UP and on_row and self.focus == 0:
            moves[key] = -1
        if key not in moves or (key in (pygame.K_UP, pygame.K_DOWN) and self.first == (
                0 if key == pygame.K_UP else len(self.recent) - shown)):
            return False
        self.scroll_by(moves[key])
        if key in (pygame.K_HOME, pygame.K_END) or not on_row:
            self.focus = 0 if key in (pygame.K_HOME, pygame.K_PAGEUP) else max(0, self.option_count - 1)
            self.focus_moved = True
        return True

    # ----- buttons -----------------------------------------------------------------------------

    def reopen(self) -> None:
        self.host.push(StatisticsDialog(self.host, self.statistics, self.rules, self.play, self.watch,
                                        self.today))

    def playable(self) -> RecentGame | None:
        """The picked game, if this version can deal it again; else None, saying why."""
        chosen = None if self.selected is None else self.recent[self.selected]
        problem = None if chosen is None else chosen.problem
        if problem is not None:  # Play again and Watch are off for this game: say why
            self.host.notify(_("This game cannot be played again: {reason}").format(reason=problem))
            self.reopen()
            return None
        return chosen

    def play_selected(self) -> None:
        chosen = self.playable()
        if chosen is not None:
            self.play(chosen)

    def watch_selected(self) -> None:
        """The picked game's moves played on the table one at a time (Space pauses, the arrows
        step, Esc stops and leaves the game there to play on)."""
        chosen = self.playable()
        problem = None if chosen is None else self.statistics.watch_problem(chosen)
        if problem is not None:
            self.host.notify(problem)
            self.host.push(self)
        elif chosen is not None:
            self.watch(chosen)

    def ask_reset(self) -> None:
        count = self.page.played
        self.host.push(MessageDialog(
            self.host, _("Reset statistics?"),
            [ngettext("Forget {count} finished game of {game}?", "Forget {count} finished games of {game}?",
                      count).format(count=decimal(count), game=self.page.name), _("This cannot be undone.")],
            [(_("Cancel"), self.reopen), (_("Reset"), self.reset)],
        ))

    def reset(self) -> None:
        self.statistics.reset(self.rules)
        self.reopen()

