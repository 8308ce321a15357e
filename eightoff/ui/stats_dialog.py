"""The Statistics dialog, in two pages so that each is legible at 800x600: the figures of the
game being played, all games' (a line for each game with games) and the two charts; then the
recent games as rows, to pick one to play again. The figures and their words are those of
`eightoff stats` (`store.figures`, `store.figure_words`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from eightoff.core.i18n import N_, _, ngettext
from eightoff.core.variants import VARIANTS
from eightoff.session.grading import GRADES, deal_grade, grade_name
from eightoff.session.keeper import not_kept
from eightoff.session.records import (
    Figures,
    FinishedGame,
    Statistics,
    describe,
    duration,
    everything,
    game_rows,
    moves_words,
    outcome_word,
    streak_lines,
    title,
    which_deal,
)
from eightoff.ui.charts import draw_charts
from eightoff.ui.dialogs import ROW_STEP, Dialog, MessageDialog

if TYPE_CHECKING:
    from eightoff.session.keeper import Keeper
    from eightoff.ui.scene import Host

PICK_FIRST = N_("Pick a recent game first, then Play again or Watch")
CHART_HEIGHT = 190
"""The charts' strip at a dialog unit of 1 (legible at 800x600, where the unit is smaller)."""


class StatisticsDialog(Dialog):
    max_width = 1000
    text_size = 22

    def __init__(
        self,
        host: Host,
        store: Keeper,
        rules: str,
        play: Callable[[FinishedGame], None],
        watch: Callable[[FinishedGame], None],
        told: Callable[[], None],
    ) -> None:
        self.store = store
        self.play = play
        """Deals a logged game again (the table asks first if that leaves a game)."""
        self.watch = watch
        """Plays a logged game's moves on the table."""
        self.told = told
        """Shows the store's notices (a log it could not read or rewrite)."""
        self.rules = rules
        self.selected: int | None = None
        """The picked game, an index into `recent`."""
        self.first = 0
        """The first recent game shown: the rows scroll through every game kept."""
        self.games_page = False
        """Whether the recent games are shown (else the figures and charts)."""
        self.read()
        super().__init__(host, _("Statistics: {game}").format(game=title(self.rules)), [], self.buttons())

    def read(self) -> None:
        """The figures from the store's summary, so the dialog opens at once at any size of log."""
        overview = self.store.overview()
        self.told()
        figures = everything(overview.totals, VARIANTS, deal_grade, GRADES, overview.together)
        self.figures: Figures = figures.get(self.rules) or Figures(self.rules, Statistics(self.rules))
        lines = (describe(self.figures, grade_name) if self.figures.statistics.played
                 else [_("No finished games yet.")])
        together = figures[None]
        self.together: Figures | None = None
        """All games' figures, when another game has been played: their lines and win rate."""
        if len(together.games) > 1 or (together.games and together.games[0].key != self.rules):
            lines += ["", title(None), *game_rows(together), *streak_lines(together.statistics)]
            self.together = together
        self.figure_lines = lines
        self.recent: list[FinishedGame] = overview.recent

    def buttons(self) -> list[tuple[str, Callable[[], None] | None]]:
        """The figures: Recent games (the default), Reset, Close. The games: Play again (the
        default), Figures, Close. Enter never presses Reset."""
        if self.games_page:
            self.default_button = 0
            return [(_("Play again"), self.play_selected), (_("Watch"), self.watch_selected),
                    (_("Figures"), self.turn_page), (_("Close"), None)]
        self.default_button = 0 if self.recent else 2
        return [(_("Recent games"), self.turn_page), (_("Reset…"), self.ask_reset), (_("Close"), None)]

    def turn_page(self) -> None:
        self.games_page = not self.games_page
        self.button_specs = self.buttons()
        self.focus_moved = False
        self.scroll = self.first = 0
        self.host.push(self)
        self.resize(self.size)

    # ----- content -----------------------------------------------------------------------------

    def body_lines(self) -> list[str]:
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

    def figure_height(self) -> int:
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
        return [("» " if index == self.selected else "   ") + row(game)
                + ("  " + _("(cannot be played again)") if game.replay_problem() else "")
                for index, game in enumerate(self.recent[self.first:self.first + self.rows()],
                                             start=self.first)]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        super().resize(size)

    def toggle(self, index: int) -> None:
        self.selected = self.first + index
        self.host.unsay(_(PICK_FIRST))  # it was about having no pick

    def draw_panel(self, screen: pygame.Surface) -> None:
        super().draw_panel(screen)
        if not self.games_page:
            draw_charts(screen, self.figure_area(), self.figures, self.unit, self.together)

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
        self.host.push(StatisticsDialog(self.host, self.store, self.rules, self.play, self.watch, self.told))

    def picked(self) -> FinishedGame | None:
        """The picked row's game; None, saying so and staying open, when none is picked."""
        if self.selected is None:
            self.host.notify(_(PICK_FIRST))
            self.host.push(self)
            return None
        return self.recent[self.selected]

    def playable(self) -> FinishedGame | None:
        """The picked game, if this version can deal it again; else None, saying why."""
        chosen = self.picked()
        problem = None if chosen is None else chosen.replay_problem()
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
        if chosen is not None and self.store.finished_moves(chosen.game_id) is None:
            self.told()
            self.host.notify(not_kept())
            self.host.push(self)
        elif chosen is not None:
            self.watch(chosen)

    def ask_reset(self) -> None:
        count = self.store.statistics(self.rules).played
        self.host.push(MessageDialog(
            self.host, _("Reset statistics?"),
            [ngettext("Forget {count} finished game of {game}?", "Forget {count} finished games of {game}?",
                      count).format(count=count, game=title(self.rules)), _("This cannot be undone.")],
            [(_("Cancel"), self.reopen), (_("Reset"), self.reset)],
        ))

    def reset(self) -> None:
        self.store.reset_statistics(self.rules)
        self.told()
        self.reopen()


def row(game: FinishedGame) -> str:
    when = game.finished.astimezone().strftime("%Y-%m-%d %H:%M")  # no month names: any language reads it
    which = which_deal(game.deal)
    marks = "  " + _("(hints)") if game.hints_used else ""
    return (f"{when}   {title(game.rules)}, {which}   {outcome_word(game.kind)}   "
            f"{moves_words(game.moves)}   {duration(game.seconds)}{marks}")
