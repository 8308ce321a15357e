"""`Session`: the one owner of the game being played, and of its whole life.

It holds the game (handed out only as a read-only `GameView`), the clock, the help used, the
outcome and the deal's facts, and makes every change: moves, undo and redo, dealing, restarting,
switching games, a rule changed, a finished game watched. It composes small owners for the rest
(books, counsel, daily desk, replay; see docs/architecture.md). An outcome is a fact at the move
that decides it: recorded before `Change.WON` goes out, so a window killed right after keeps it,
and the game is over then. A started game left for another of its variant is recorded as lost
(the front end asks first: `leaving_loses`); switching games keeps it as its variant's unfinished one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from eightoff.core.game import Game, GameView, Step
from eightoff.core.i18n import _
from eightoff.core.moves import Move
from eightoff.core.outcome import Outcome
from eightoff.core.preferences import Preferences
from eightoff.core.variants import PRESETS, VARIANTS, Variant, variant_of
from eightoff.session.advisor import Advisor, Notice
from eightoff.session.books import Books
from eightoff.session.changes import Change, Listener
from eightoff.session.clock import GameClock
from eightoff.session.counsel import Counsel
from eightoff.session.daily import DailyDesk
from eightoff.session.facts import DealFacts, deal_facts
from eightoff.session.grading import shipped_winnable_deal
from eightoff.session.keeper import Keeper, Opening, fresh_game
from eightoff.session.replay import Replay

if TYPE_CHECKING:
    from eightoff.session.records import RecentGame


class Session:
    def __init__(self, game: Game, now: Callable[[], float], *, preferences: Preferences | None = None,
                 keeper: Keeper | None = None, advisor: Advisor | None = None, elapsed: float = 0.0,
                 hints_used: bool = False, facts: DealFacts | None = None,
                 today: Callable[[], date] = date.today) -> None:
        self._game = game
        self._view = GameView(game)
        self.now = now
        self.preferences = preferences if preferences is not None else Preferences()
        self.listeners: list[Listener] = []
        self.books = Books(keeper, lambda notice: self.advice.advise(notice),
                           lambda: bool(self.advice.listeners))
        self.daily = DailyDesk(today)
        self.facts = facts if facts is not None else deal_facts(game, self.books.best)
        self.clock = GameClock(elapsed)
        self.hints_used = hints_used
        self.solution_used = False
        """The solver's solution made a move in this game."""
        self.outcome: Outcome | None = None
        self.replay: Replay | None = None
        """A finished game being watched: the table shows it instead of this game meanwhile."""
        self.advice = Counsel(self, advisor)
        if self.preferences.autoplay and game.deal_number is not None:
            game.settle()  # before anyone listens: the first frame shows the deal settled

    @classmethod
    def open(cls, keeper: Keeper, now: Callable[[], float], *, advisor: Advisor | None = None,
             key: str | None = None, deal: int | None = None,
             choices: dict[str, bool] | None = None, daily: bool = False,
             today: Callable[[], date] = date.today) -> Session:
        """The session a window opens on: the last game played and its unfinished game, or the
        game and deal asked for (`key`, `deal`, rule `choices`), or today's daily deal of the
        game `key` (else of the last game played) with `daily`."""
        opening: Opening = keeper.open(key, deal, choices, today() if daily else None)
        saved = opening.resumed
        facts = deal_facts(opening.game, keeper.best, daily=opening.daily, par=opening.par,
                           grade=saved.grade if saved else None)
        session = cls(opening.game, now, preferences=opening.preferences, keeper=keeper, advisor=advisor,
                      elapsed=saved.elapsed if saved else 0.0,
                      hints_used=saved.hints_used if saved else False, facts=facts, today=today)
        session.solution_used = saved.helped if saved else False
        key = opening.game.rules.name
        if opening.preferences.last_rules != key:  # a game asked for on the command line (--rules):
            session.preferences = replace(session.preferences, last_rules=key)
            session.books.save_preferences(session.preferences)  # the next plain start opens it
        return session

    # ----- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> GameView:
        """The game on the table, read-only: it changes only through the session's methods.
        While a finished game is watched, that game's replay."""
        return self.replay.view if self.replay is not None else self._view

    @property
    def variant(self) -> Variant:
        return variant_of(self.game.rules)

    @property
    def over(self) -> bool:
        """The game has its outcome: nothing more is played in it."""
        return self.outcome is not None

    def moves(self) -> int:
        """The one move count: the game's, which stops at its outcome (nothing more is played
        in a game that is over), so the record and every display agree; a replay's moves shown."""
        return self.replay.played if self.replay is not None else self._game.move_count

    def seconds(self) -> float:
        return self.clock.seconds(self.now())

    def tick(self, visible: bool) -> None:
        """Run the clock while the game is under way, undecided, on the table and shown."""
        playing = self._game.has_started and self.outcome is None and self.replay is None
        self.clock.run(self.now(), visible and playing)

    def leaving_loses(self, key: str | None = None) -> bool:
        """Whether leaving this game for another (New, Restart, Deal…, or a logged game of
        variant `key` dealt again) counts it as lost, so the player should be asked first
        (unless they turned the question off). A game of another variant keeps this one as
        its variant's unfinished game, as switching games does."""
        same = key is None or key == self._game.rules.name
        return same and self._game.has_started and self.outcome is None

    def options(self) -> dict[str, bool]:
        """The rule options this game was dealt with."""
        return variant_of(self._game.rules).choices_of(self._game.rules)

    # ----- moves --------------------------------------------------------------------------------

    def play(self, move: Move, by_solver: bool = False) -> Step:
        """Make a legal move (from `find_move`, `click_move` or the solver's player's line),
        with auto-play if the player wants it, as one undo step. With auto-play on, a move
        after which every remaining card can go home finishes the game in that same step (one
        move on the counter). The solver's line is played so whatever the preference: that is
        the line its par counts, from the deal as auto-play settles it."""
        if self.over or self.replay is not None:
            raise ValueError("the game is over" if self.over else "a finished game is being watched")
        self.clock.run(self.now(), True)  # the first move starts the clock
        autoplay = self.preferences.autoplay or by_solver
        if by_solver:
            self.solution_used = True
            self._game.settle()  # nothing before the first move: the deal's own auto-play
        step = self._game.play(move, autoplay=autoplay, finish=autoplay)
        self._changed(Change.MOVE, step)
        return step

    def finish(self, safe_only: bool = False) -> Step | None:
        """Send every remaining card home (offered when nothing else stands in the way); with
        `safe_only`, what auto-play safely may (auto-play switched on mid-game), as a step of
        its own."""
        step = None if self.over else self._game.autoplay(safe_only)
        if step is not None:
            self._changed(Change.MOVE, step)
        return step

    def finish_to_offer(self) -> bool:
        """Whether the front end should offer to send every card home: they all can go, and
        the game is not over (with auto-play on, the move that made it possible finished it,
        unless an undo came back here)."""
        return not self.over and self.replay is None and self._game.can_finish()

    def undo(self) -> Step | None:
        """Undo one step (not once the game is over: its record is final)."""
        step = None if self.over else self._game.undo()
        if step is not None:
            self._changed(Change.UNDO, step)
        return step

    def redo(self) -> Step | None:
        step = None if self.over else self._game.redo()
        if step is not None:
            self._changed(Change.REDO, step)
        return step

    # ----- the life of a game -------------------------------------------------------------------

    def new_game(self, number: int | None = None, key: str | None = None) -> None:
        """Leave this game for a new deal of this variant (or `key`): deal `number`, else a
        random one. With "winnable deals only", a random deal comes from the game's shipped
        list of graded deals; where it has none, the advisor proves random deals first and the
        game is dealt when one passes (`deal_found`)."""
        key = key or self._game.rules.name
        unlisted = shipped_winnable_deal(self.preferences, key) is None
        if number is None and self.preferences.winnable_only and unlisted:
            rules = VARIANTS[key].configure(self.preferences.rule_options(key))
            advisor = self.advice.advisor
            if advisor is not None and advisor.deal_winnable(rules):
                self.advice.advise(Notice(_dealing(key)))
                return
        self._start(fresh_game(self.preferences, key, number), Change.NEW)

    def deal_found(self, game: Game) -> None:
        """The advisor found the winnable deal `new_game` asked for."""
        self._start(game, Change.NEW)

    def restart(self) -> None:
        """This deal again from its start, under the rules it was dealt with: the same deal,
        so what is known of it stays (a daily deal stays its day's daily), and the player's
        best is read again (the game just left may have set it)."""
        game, known = self._game.restarted(), self.facts
        self._start(game, Change.RESTART, facts=deal_facts(game, self.books.best, daily=known.daily,
                                                            par=known.par, grade=known.grade))

    def open_daily(self) -> None:
        """Leave this game for today's daily deal of this game, dealt under the game's own rules
        (every player's daily is the same game). The game in play when it is already today's
        daily, or when the game has no daily deal, stays."""
        chosen = self.daily.deal_of_today(self._game.rules.name)
        if chosen is None or self.daily.is_today(self.facts):
            return
        game = Game.new(chosen.number, PRESETS[chosen.rules_name])
        facts = deal_facts(game, self.books.best, daily=chosen.day, par=chosen.par)
        self._start(game, Change.NEW, facts=facts)

    def choose_game(self, key: str) -> None:
        """Switch to variant `key`: this game is kept as its variant's unfinished game, and
        `key`'s own unfinished game resumes (else a new one is dealt)."""
        if key == self._game.rules.name:
            return
        VARIANTS[key]  # noqa: B018 -- an unknown key raises KeyError before anything changes
        self._save()
        self.preferences = replace(self.preferences, last_rules=key)
        self.books.save_preferences(self.preferences)
        saved = self.books.resume(key)
        if saved is None:
            self._start(fresh_game(self.preferences, key), Change.NEW, keep=True)
        else:
            facts = deal_facts(saved.game, self.books.best, daily=saved.daily, par=saved.par,
                               grade=saved.grade)
            self._start(saved.game, Change.NEW, saved.elapsed, saved.hints_used, keep=True, facts=facts)
            self.solution_used = saved.helped
        self.books.tell_notices()

    def play_again(self, finished: RecentGame) -> None:
        """A logged game's deal again from its start, under the rules it was played with. A
        game this version cannot rebuild (a newer version's) is refused with the reason. This
        game is left, lost, for one of its own variant; for another variant it is kept as its
        variant's unfinished game (as switching games keeps it), and the unfinished game of
        the new game's variant waits in its file until that game's first move."""
        try:
            game = finished.again()
        except ValueError as error:
            refused = _("That game cannot be played again here: {reason}").format(reason=error)
            self.advice.advise(Notice(refused))
            return
        other = game.rules.name != self._game.rules.name
        if other:
            self._save()
            self.books.set_aside_unfinished(game.rules.name)
        self._start(game, Change.NEW, keep=other)

    def watch(self, finished: RecentGame) -> Replay | None:
        """A logged game's kept moves to play on a copy of its deal, while this game waits as
        it is (its clock stopped); None, saying why, when its moves are not kept. The replay
        records nothing; when it stops, this game is on the table again."""
        kept = self.books.finished_moves(finished.game_id)
        if kept is None or self.replay is not None:
            return None
        self.clock.run(self.now(), False)

        def shown(step: Step | None) -> None:
            if step is None:
                self.replay = None
                self.advice.changed()
            self._emit(Change.REPLAY, step)

        self.replay = Replay(kept, shown)
        self._emit(Change.REPLAY, None)
        return self.replay

    def set_preferences(self, preferences: Preferences) -> bool:
        """The player changed Preferences: keep them, and send home what may go if auto-play
        was just switched on. A rule option of this game's variant applies to the next deal,
        never under a game in progress; a game with no move yet is dealt again under it at
        once. Returns whether the front end should ask to restart this deal under the rules
        now chosen: only when this change touched this game's rule options, the game has moves
        made and no outcome, and the rules chosen are not those it is played with (an option
        set back to the game's own value asks nothing)."""
        key = self._game.rules.name
        touched = preferences.rule_options(key) != self.preferences.rule_options(key)
        autoplay_on = preferences.autoplay and not self.preferences.autoplay
        self.preferences = preferences
        self.books.save_preferences(preferences)
        if autoplay_on:
            self.finish(safe_only=not self._game.can_finish())
        if not touched or preferences.rule_options(key) == self.options():
            return False
        if not self._game.has_started:
            self.restart_under_chosen_rules()
            return False
        return self.leaving_loses()

    def restart_under_chosen_rules(self) -> None:
        """This deal again from its start under the rule options now chosen (the player said
        so, or the game had no move yet); a started game is left, lost."""
        variant = variant_of(self._game.rules)
        rules = variant.configure(self.preferences.rule_options(variant.key))
        number = self._game.deal_number
        again = Game.new(number, rules) if number is not None else Game(rules, self._game.start)
        self._start(again, Change.RESTART)

    def close(self, window: Preferences | None = None) -> None:
        """The window is closing (`window`: the preferences with where it is now): keep the
        game for next time, and the preferences."""
        if self.replay is not None:
            self.replay.stop()
        self.preferences = window or self.preferences
        self._save()
        self.books.save_preferences(self.preferences)
        self.advice.close()
        self.books.close()

    # ----- telling ----------------------------------------------------------------------------

    def _start(self, game: Game, change: Change, elapsed: float = 0.0, hints_used: bool = False,
               keep: bool = False, facts: DealFacts | None = None) -> None:
        """Replace the game, with its deal's `facts` (else those `deal_facts` finds: nothing of
        the deal before). A started game with no outcome yet is lost (recorded, and listeners
        hear LOST while it is still the game, then `change`), unless it is kept to come back to."""
        if self.replay is not None:
            self.replay.stop()
        if self.leaving_loses() and not keep:
            self.clock.run(self.now(), False)
            self.outcome = Outcome.LOST
            self.books.record(self._game, self.outcome, self.seconds(), self.hints_used, self.facts)
            self._emit(Change.LOST, None)
        self.facts = facts if facts is not None else deal_facts(game, self.books.best)
        self._game = game
        self._view = GameView(game)
        self.clock = GameClock(elapsed)
        self.hints_used = hints_used
        self.solution_used = False
        self.outcome = None
        self.advice.new_deal()
        self.preferences = replace(self.preferences, last_rules=game.rules.name)
        if self.preferences.autoplay and game.deal_number is not None:
            game.settle()  # part of the deal: the change below shows it settled
        self._changed(change, None)

    def _changed(self, change: Change, step: Step | None) -> None:
        """The game changed: saved first (a kill right after keeps it), then judged and told;
        a move that wins decides the outcome, recorded before anyone hears of the win."""
        self._save()
        won = self.outcome is None and self._game.is_won
        if won:
            self.outcome = Outcome.SOLVED_WITH_HELP if self.solution_used else Outcome.WON
            self.clock.run(self.now(), False)
            self.books.record(self._game, self.outcome, self.seconds(), self.hints_used, self.facts)
        self.advice.changed()
        self._emit(change, step)
        if won:
            self._emit(Change.WON, None)

    def _save(self) -> None:
        if self.outcome is None:
            self.books.save(self._game, self.seconds(), self.hints_used, self.facts, self.solution_used)

    def _emit(self, change: Change, step: Step | None) -> None:
        for listener in list(self.listeners):
            listener(change, self.game, step)


def _dealing(key: str) -> str:
    return " ".join((_("Dealing a winnable game…"),
                     _("{game} has no list of graded deals: any winnable deal is dealt.")
                     .format(game=_(VARIANTS[key].title))))


def state_of(session: Session) -> dict[str, Any]:
    """The session's state in plain data, for `--print-layout` (tests and benchmarks read it
    there, not from pixels): game, deal, options, moves, seconds, outcome, verdict, daily, par."""
    advice = session.advice
    result = advice.advisor.current() if advice.advisor is not None and advice.attached else None
    game, facts = session.game, session.facts
    return {
        "game": game.rules.name,
        "deal": game.deal_number,
        "options": session.options(),
        "moves": session.moves(),
        "seconds": round(session.seconds(), 3),
        "outcome": session.outcome.value if session.outcome is not None else None,
        "winnable": advice.indicator() if result is not None else None,
        "daily": facts.daily.isoformat() if facts.daily is not None else None,
        "par": facts.par,
    }
