"""The Statistics dialog: the figures of the rules being played (and a line for each other
variant with games), the recent games as rows to pick one to play again, and a Reset that asks
first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from eightoff.core.i18n import _, ngettext, percent
from eightoff.core.variants import VARIANTS
from eightoff.session.records import OUTCOME_WORDS, FinishedGame, describe, duration, plural, title
from eightoff.ui.dialogs import ROW_STEP, Dialog, MessageDialog

if TYPE_CHECKING:
    from eightoff.session.keeper import Keeper
    from eightoff.ui.scene import Host

MAX_ROWS = 8


class StatisticsDialog(Dialog):
    max_width = 900
    text_size = 24

    def __init__(
        self,
        host: Host,
        store: Keeper,
        rules: str,
        play: Callable[[FinishedGame], None],
        told: Callable[[], None],
    ) -> None:
        self.store = store
        self.play = play
        self.told = told
        """Shows the store's notices (a log it could not read or rewrite)."""
        self.rules = rules
        self.selected: int | None = None
        self.read()
        # Play again only when there is a game to play again; otherwise Close is the default.
        replay = [(_("Play again"), self.play_selected)] if self.recent else []
        self.default_button = 0 if self.recent else 1  # Close, never Reset
        super().__init__(host, _("Statistics: {game}").format(game=title(self.rules)), [],
                         [*replay, (_("Reset…"), self.ask_reset), (_("Close"), None)])

    def read(self) -> None:
        """The figures from the store's summary, so the dialog opens at once at any size of log."""
        overview = self.store.overview()
        self.told()
        figures = describe(self.store.statistics(self.rules)).splitlines()[1:]
        for name in VARIANTS:
            other = overview.statistics.get(name)
            if name == self.rules or other is None or not other.played:
                continue
            line = _("{game}: played {played}, won {won} ({percent}), solved with help {solved}")
            figures.append(line.format(
                game=title(name), played=other.played, won=other.won, percent=percent(other.win_percent),
                solved=other.solved))
        self.figures = [line.strip() for line in figures]
        self.recent: list[FinishedGame] = overview.recent[:MAX_ROWS]

    # ----- content -----------------------------------------------------------------------------

    def body_lines(self) -> list[str]:
        if not self.recent:
            return [*self.figures, "", _("No finished games yet.")]
        return [*self.figures, "", _("Recent games (pick one, then Play again):")]

    def rows(self) -> int:
        """How many recent games fit the window under the figures (the geometry of
        `Dialog.resize`)."""
        text = self.text_font.get_linesize() * len(self.body_lines())
        px = self.px
        fixed = px(24) + self.title_font.get_linesize() + px(12) + text + px(16) + px(24 + 40 + 24)
        return max(0, min(len(self.recent), (self.size[1] - px(20) - fixed) // px(ROW_STEP)))

    def option_labels(self) -> list[str]:
        return [("» " if index == self.selected else "   ") + row(game)
                + ("  " + _("(cannot be played again)") if game.replay_problem() else "")
                for index, game in enumerate(self.recent[:self.rows()])]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        super().resize(size)

    def toggle(self, index: int) -> None:
        self.selected = index

    # ----- buttons -----------------------------------------------------------------------------

    def reopen(self) -> None:
        self.host.push(StatisticsDialog(self.host, self.store, self.rules, self.play, self.told))

    def play_selected(self) -> None:
        if self.selected is None:
            self.host.notify(_("Pick a recent game first, then Play again"))
            self.reopen()
            return
        problem = self.recent[self.selected].replay_problem()
        if problem is not None:  # Play again is off for this game: say why
            self.host.notify(_("This game cannot be played again: {reason}").format(reason=problem))
            self.reopen()
            return
        self.play(self.recent[self.selected])

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
    which = _("deal {number}").format(number=game.deal) if game.deal is not None else _("own board")
    result = _(OUTCOME_WORDS[game.kind])
    marks = "  " + _("(hints)") if game.hints_used else ""
    return (f"{when}   {title(game.rules)}, {which}   {result}   "
            f"{plural(game.moves, 'move')}   {duration(game.seconds)}{marks}")
