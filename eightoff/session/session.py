"""`Session`: the one owner of the game being played, and of its whole life.

It holds the game (the core's `Game`, handed out only as a read-only `GameView`), the clock,
whether hints or the solver's solution were used, the outcome, the deal's grade and the
player's preferences. Every change goes through its methods: moves, undo and redo, and the
life of a game — dealing (`new_game`), `restart`, switching games (`choose_game`), a rule
option changed (`set_preferences`) — through its keeper (the store: saved after every step, resumed
per variant, outcomes recorded once) and its advisor (the solver: verdicts, hints, the way back
to a winnable position, winnable-only deals). Listeners (the window, the move log) hear what
happened after the keeper has made it safe.

Outcomes are facts at the moment of the move that decides them: `Change.WON` goes out
synchronously after that move, before any animation, so a window closed or killed right after
keeps the win. Once a game has its outcome it is over: the moves, Undo and Redo are off, and
the move count the record holds is the one every display shows. A started game left for
another of its variant (New, Restart, Deal…, a rule changed with a restart, a logged game
dealt again) is recorded as lost then; the front end asks the player first (see
`leaving_loses`). Switching games, or dealing a logged game of another variant again, keeps the
game as that variant's unfinished one, so nothing is lost by it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eightoff import solver  # its names load when first used: after the first frame
from eightoff.core.game import Game, GameView, Step
from eightoff.core.i18n import _
from eightoff.core.moves import Move
from eightoff.core.outcome import Outcome
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS, VARIANTS, Variant, variant_of
from eightoff.session.advisor import THINKING, Advice, Advisor, Notice, Wanted
from eightoff.session.changes import Change, Listener
from eightoff.session.clock import GameClock
from eightoff.session.daily_words import best_words, share_line
from eightoff.session.grading import shipped_winnable_deal
from eightoff.session.keeper import Keeper, Opening, fresh_game, not_kept
from eightoff.solver.daily import DailyDeal, daily_deal, shipped_par
from eightoff.solver.grade import grade_of_deal

if TYPE_CHECKING:
    from eightoff.session.records import RecentGame, Records  # for start-up cost: loaded when used
    from eightoff.solver import SolveResult
    from eightoff.store.daily_records import Best

AdviceListener = Callable[[Advice], None]


class Session:
    def __init__(
        self,
        game: Game,
        now: Callable[[], float],
        *,
        preferences: Preferences | None = None,
        keeper: Keeper | None = None,
        advisor: Advisor | None = None,
        elapsed: float = 0.0,
        hints_used: bool = False,
        daily: date | None = None,
        par: int | None = None,
        today: Callable[[], date] = date.today,
    ) -> None:
        self._game = game
        self._view = GameView(game)
        self.now = now
        self.preferences = preferences if preferences is not None else Preferences()
        self.keeper = keeper
        self.advisor = advisor
        self.clock = GameClock(elapsed)
        self.hints_used = hints_used
        self.solution_used = False
        """The solver's step-through solution made a move in this game."""
        self.outcome: Outcome | None = None
        self.grade: str | None = _shipped_grade(game)
        """The deal's grade ("easy" ... "expert") once known; shown when the game is over."""
        self.today = today
        """The player's local date (the daily deal's day); tests give their own."""
        self.daily = daily
        """The day whose daily deal this game is (None: not a daily deal). A daily left
        unfinished keeps its day when it resumes after midnight, and is recorded under it."""
        self.par: int | None = par if par is not None else _shipped_par(game)
        """The deal's par (the solver's line in player's moves) once known."""
        self._par_settled = self.par is not None
        """Whether a search of the deal's start has settled the par (found, or none within the
        par's budget): the advisor asks for it until then."""
        self.best: Best | None = self._best_of(game)
        """The player's best wins of this deal before this game (fewest moves, best time)."""
        self.listeners: list[Listener] = []
        self.advice_listeners: list[AdviceListener] = []
        """The front end: hints, offers and notices from the advisor and the keeper."""
        self._settle()  # before anyone listens: the first frame shows the deal settled

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
        session = cls(opening.game, now, preferences=opening.preferences, keeper=keeper, advisor=advisor,
                      elapsed=saved.elapsed if saved else 0.0,
                      hints_used=saved.hints_used if saved else False, daily=opening.daily, par=opening.par,
                      today=today)
        key = opening.game.rules.name
        if opening.preferences.last_rules != key:  # a game asked for on the command line (--rules):
            session.preferences = replace(session.preferences, last_rules=key)
            session._save_preferences()  # the next plain start opens it, as after Game…
        return session

    # ----- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> GameView:
        """The game as it stands, read-only: it changes only through the session's methods."""
        return self._view

    @property
    def variant(self) -> Variant:
        return variant_of(self._game.rules)

    @property
    def over(self) -> bool:
        """The game has its outcome: nothing more is played in it."""
        return self.outcome is not None

    @property
    def _advising(self) -> bool:
        """The advisor is at work (from the window's first frame on)."""
        return self.advisor is not None and self.advisor.session is self

    @property
    def solver_available(self) -> bool:
        return self.advisor is not None and self.advisor.available

    def moves(self) -> int:
        """The one move count: the game's, which stops at its outcome (nothing more is played
        in a game that is over), so the record and every display agree."""
        return self._game.move_count

    @property
    def outcome_moves(self) -> int | None:
        """The move count the outcome was decided at (what the record holds); None before."""
        return None if self.outcome is None else self._game.move_count

    def seconds(self) -> float:
        return self.clock.seconds(self.now())

    def tick(self, visible: bool) -> None:
        """Run the clock while the game is under way, undecided, and the window is shown."""
        self.clock.run(self.now(), visible and self._game.has_started and self.outcome is None)

    def save_problem(self) -> str:
        """Why this game cannot be saved now ("" when it can): the front end keeps it in view."""
        return self.keeper.write_problem() if self.keeper is not None else ""

    def leaving_loses(self, key: str | None = None) -> bool:
        """Whether leaving this game for another (New, Restart, Deal…, or a logged game of
        variant `key` dealt again) counts it as lost, so the player should be asked first
        (unless they turned the question off). A game of another variant keeps this one as
        its variant's unfinished game, as switching games does."""
        same = key is None or key == self._game.rules.name
        return same and self._game.has_started and self.outcome is None

    def indicator(self) -> str:
        """The winnable indicator's words (untranslated; "" for none)."""
        if self.advisor is None or not self.advisor.available or self._game.is_won:
            return ""
        return self.advisor.indicator() if self._advising else THINKING

    def options(self) -> dict[str, bool]:
        """The rule options this game was dealt with."""
        return self.variant.choices_of(self._game.rules)

    def state(self) -> dict[str, Any]:
        """The session's state in plain data, for `--print-layout` (tests and benchmarks read it
        there, not from pixels): game, deal, options, moves, seconds, outcome, verdict."""
        result = self.advisor.current() if self.advisor is not None and self._advising else None
        return {
            "game": self._game.rules.name,
            "deal": self._game.deal_number,
            "options": self.options(),
            "moves": self.moves(),
            "seconds": round(self.seconds(), 3),
            "outcome": self.outcome.value if self.outcome is not None else None,
            "winnable": self.indicator() if result is not None else None,
            "daily": self.daily.isoformat() if self.daily is not None else None,
            "par": self.par,
        }

    @property
    def has_daily(self) -> bool:
        """Whether this game has a daily deal to open today (its variant's list has today)."""
        return self.today_daily() is not None

    def today_daily(self) -> DailyDeal | None:
        """Today's daily deal of this game (None: the game has none)."""
        return daily_deal(self._game.rules.name, self.today())

    def playing_today_daily(self) -> bool:
        return self.daily is not None and self.daily == self.today()

    def best_words(self) -> str:
        """"Your best: 91 moves, 3:10" at the start of a deal the player has won before ("" for
        one never won)."""
        return "" if self.best is None else best_words(self.best.moves, self.best.seconds)

    def share_line(self) -> str | None:
        """The daily deal's result as Copy result puts it on the clipboard, once the game is
        over ("Eight Off daily 2026-11-26 · won in 87 moves (par 84) · 4:12"); None for a game
        that is not a daily deal, or not over."""
        if self.daily is None or self.outcome is None:
            return None
        return share_line(_(self.variant.title), self.daily, self.outcome is Outcome.WON, self.moves(),
                          self.par, self.seconds())

    # ----- moves --------------------------------------------------------------------------------

    def play(self, move: Move, by_solver: bool = False) -> Step:
        """Make a legal move (from `find_move`, `click_move` or the solver), with auto-play if
        the player wants it, as one undo step. With auto-play on, a move after which every
        remaining card can go home finishes the game in that same step (one move on the
        counter). The solver's lines carry their own auto-play moves, so its moves are made as
        they are."""
        if self.over:
            raise ValueError("the game is over")
        self.clock.run(self.now(), True)  # the first move starts the clock
        autoplay = self.preferences.autoplay and not by_solver
        step = self._game.play(move, autoplay=autoplay, finish=autoplay)
        if by_solver:
            self.solution_used = True
        self._changed(Change.MOVE, step)
        self._decide()
        return step

    def try_move(self, source: Pile, destination: Pile, count: int | None = None) -> Step:
        """The player's request: raises the core's `IllegalMove` (its message says why)."""
        return self.play(self._game.find_move(source, destination, count))

    def click(self, pile: Pile) -> Step | None:
        """A click on a pile's top card: home, else a free cell, else the best column."""
        move = self._game.click_move(pile)
        return None if move is None else self.play(move)

    def finish(self) -> Step | None:
        """Send every remaining card home (offered when nothing else stands in the way)."""
        return self._autoplay_step(safe_only=False)

    def autoplay_now(self) -> Step | None:
        """Auto-play switched on mid-game: send home what safely may go, as a step of its own
        (every card, when all of them can go)."""
        return self._autoplay_step(safe_only=not self._game.can_finish())

    def finish_to_offer(self) -> bool:
        """Whether the front end should offer to send every card home: they all can go, and
        the game is not over (with auto-play on, the move that made it possible finished it,
        unless an undo came back here)."""
        return not self.over and self._game.can_finish()

    def _autoplay_step(self, safe_only: bool) -> Step | None:
        if self.over:
            return None
        step = self._game.autoplay(safe_only)
        if step is not None:
            self._changed(Change.MOVE, step)
            self._decide()
        return step

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
            self._decide()
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
            if self.advisor is not None and self.advisor.deal_winnable(rules):
                self.advise(Notice(_dealing(key)))
                return
        self._start(fresh_game(self.preferences, key, number), Change.NEW)

    def restart(self) -> None:
        """This deal again from its start, under the rules it was dealt with (a daily deal stays
        its day's daily)."""
        self._start(self._game.restarted(), Change.RESTART, daily=self.daily, par=self.par)

    def open_daily(self) -> None:
        """Leave this game for today's daily deal of this game, dealt under the game's own rules
        (every player's daily is the same game). The game in play when it is already today's
        daily, or when the game has no daily deal, stays."""
        chosen = self.today_daily()
        if chosen is None or self.playing_today_daily():
            return
        game = Game.new(chosen.number, PRESETS[chosen.rules_name])
        self._start(game, Change.NEW, daily=chosen.day, par=chosen.par)

    def choose_game(self, key: str) -> None:
        """Switch to variant `key`: this game is kept as its variant's unfinished game, and
        `key`'s own unfinished game resumes (else a new one is dealt)."""
        if key == self._game.rules.name:
            return
        VARIANTS[key]  # noqa: B018 -- an unknown key raises KeyError before anything changes
        self._save()
        self.preferences = replace(self.preferences, last_rules=key)
        self._save_preferences()
        saved = self.keeper.resume(key) if self.keeper is not None else None
        if saved is None:
            self._start(fresh_game(self.preferences, key), Change.NEW, keep=True)
        else:
            self._start(saved.game, Change.NEW, saved.elapsed, saved.hints_used, keep=True,
                        daily=saved.daily, par=saved.par)
        self.tell_notices()

    def play_again(self, finished: RecentGame) -> None:
        """A logged game's deal again from its start, under the rules it was played with. A
        game this version cannot rebuild (a newer version's) is refused with the reason."""
        try:
            game = finished.again()
        except ValueError as error:
            self.advise(Notice(_("That game cannot be played again here: {reason}").format(reason=error)))
            return
        self._arrive(game)

    def watch(self, finished: RecentGame) -> tuple[Move, ...] | None:
        """Deal a logged game again from its start, under its own id (its first outcome stands,
        so watching never counts again), and hand back its moves to play on it; None, saying
        why, when its moves are not kept."""
        kept = self.keeper.finished_moves(finished.game_id) if self.keeper is not None else None
        if self.keeper is None or kept is None:
            self.advise(Notice(not_kept()))
            return None
        fresh = kept.restarted()
        if finished.game_id is not None:
            self.keeper.adopt(fresh, finished.game_id)
        self._arrive(fresh, settle=False)  # its moves include the deal's auto-play, if it had one
        return tuple(move for step in kept.done for move in step.moves)

    def _arrive(self, game: Game, settle: bool = True) -> None:
        """Start `game`, a logged game's deal. This game is left, lost, for one of its own
        variant; for another variant it is kept as its variant's unfinished game (as switching
        games keeps it), and the unfinished game of `game`'s variant waits in its file until
        `game`'s first move (see `Keeper.set_aside_unfinished`)."""
        key = game.rules.name
        other = key != self._game.rules.name
        if other:
            self._save()
            if self.keeper is not None:
                self.keeper.set_aside_unfinished(key)
        self._start(game, Change.NEW, keep=other, settle=settle)

    def set_preferences(self, preferences: Preferences) -> bool:
        """The player changed Preferences: keep them, and send home what may go if auto-play
        was just switched on. A rule option of this game's variant applies to the next deal,
        never under a game in progress; a game with no move yet is dealt again under it at
        once. Returns whether the front end should ask to restart this deal under the rules
        now chosen: only when this change touched this game's rule options, the game has moves
        made and no outcome, and the rules chosen are not those it is played with (an option
        set back to the game's own value asks nothing)."""
        key = self.variant.key
        touched = preferences.rule_options(key) != self.preferences.rule_options(key)
        autoplay_on = preferences.autoplay and not self.preferences.autoplay
        self.preferences = preferences
        self._save_preferences()
        if autoplay_on:
            self.autoplay_now()
        if not touched or not self.rules_differ():
            return False
        if not self._game.has_started:
            self.restart_under_chosen_rules()
            return False
        return self.leaving_loses()

    def rules_differ(self) -> bool:
        """Whether the rule options chosen for this game's variant are not those it is played
        with (they wait for the next deal)."""
        return self.preferences.rule_options(self.variant.key) != self.options()

    def restart_under_chosen_rules(self) -> None:
        """This deal again from its start under the rule options now chosen (the player said
        so, or the game had no move yet); a started game is left, lost."""
        variant = self.variant
        rules = variant.configure(self.preferences.rule_options(variant.key))
        number = self._game.deal_number
        again = Game.new(number, rules) if number is not None else Game(rules, self._game.start)
        self._start(again, Change.RESTART)

    @property
    def statistics(self) -> Records | None:
        """The statistics port the front end reads the figures and recent games through;
        None without a store."""
        if self.keeper is None:
            return None
        from eightoff.session.records import Records  # here, for start-up cost: when first asked

        return Records(self.keeper, self.tell_notices)

    @property
    def cache_folder(self) -> Path | None:
        """Where the front end may keep pictures it can draw again; None without a store."""
        return self.keeper.cache_folder if self.keeper is not None else None

    def remember_window(self, preferences: Preferences) -> None:
        """The preferences with where the window is now, saved when the session closes."""
        self.preferences = preferences

    def close(self) -> None:
        """The window is closing: keep the game for next time, and the preferences."""
        self._save()
        self._save_preferences()
        if self.advisor is not None:
            self.advisor.close()
        if self.keeper is not None:
            self.keeper.close()

    # ----- the advisor ----------------------------------------------------------------------

    def start_advice(self, wake: Callable[[], None]) -> None:
        """Let the advisor work (after the first frame: its process starts then); `wake` is
        called from its thread when an answer is ready, and the front end then calls `poll`."""
        if self.advisor is not None:
            self.advisor.attach(self, wake)
            self.advisor.ask_verdict()

    def poll(self) -> None:
        if self.advisor is not None:
            self.advisor.poll()

    def hint(self) -> None:
        if self.advisor is not None and self._advising and not self.over:
            self.advisor.ask(Wanted.HINT)

    def solve(self) -> None:
        if self.advisor is not None and self._advising and not self.over:
            self.advisor.ask(Wanted.SOLVE)

    def forget_wish(self) -> None:
        """A dialog covers the table: a hint or solution asked for and still to come is not
        wanted any more."""
        if self.advisor is not None:
            self.advisor.forget_wish()

    def note_hint(self) -> None:
        self.hints_used = True

    def rewind(self, undos: int) -> None:
        """Undo back to the last position the advisor found winnable."""
        for _undo in range(undos):
            self.undo()

    def learn_grade(self, position: Position, rules: Rules, result: SolveResult) -> None:
        """A solver answer about `position`: when that is this game's start under its rules and
        no grade is known yet, the answer's own search grades the deal (a derived or unsolved
        answer gives none)."""
        if self.grade is None and (position, rules) == (self._game.start, self._game.rules):
            self.grade = solver.grade_of(result)
        self.learn_par(position, rules, result)

    def learn_par(self, position: Position, rules: Rules, result: SolveResult) -> None:
        """A solver answer about `position`: a search of this game's start settles its par,
        unless it was cut short by time before the par's board budget."""
        if self._par_settled or (position, rules) != (self._game.start, self._game.rules):
            return
        if solver.decided(result):
            self.par = solver.par_from(position, rules, result)
            self._par_settled = True

    @property
    def wants_par(self) -> bool:
        """The advisor should search the deal's start for its par (no search settled it yet)."""
        return not self._par_settled

    def par_unsettled(self) -> None:
        """The advisor's own search for the par was answered without settling it (a memory
        cap, a cancel): it is not asked for again in this game."""
        self._par_settled = True

    def advise(self, advice: Advice) -> None:
        """From the advisor or the keeper: tell the front end."""
        for listener in list(self.advice_listeners):
            listener(advice)

    def deal_found(self, game: Game) -> None:
        """The advisor found the winnable deal `new_game` asked for."""
        self._start(game, Change.NEW)

    # ----- telling ----------------------------------------------------------------------------

    def _start(self, game: Game, change: Change, elapsed: float = 0.0, hints_used: bool = False,
               keep: bool = False, settle: bool = True, daily: date | None = None,
               par: int | None = None) -> None:
        """Replace the game. A started game with no outcome yet is lost (recorded, and listeners
        hear LOST while it is still `game`, then `change`), unless it is kept to come back to."""
        if self.leaving_loses() and not keep:
            self.clock.run(self.now(), False)
            self.outcome = Outcome.LOST
            self._record()
            self._emit(Change.LOST, None)
        same_deal = (game.start, game.rules) == (self._game.start, self._game.rules)
        self.grade = _shipped_grade(game) or (self.grade if same_deal else None)
        self.par = par if par is not None else _shipped_par(game) or (self.par if same_deal else None)
        self._par_settled = self.par is not None
        self.daily = daily
        self.best = self._best_of(game)
        self._game = game
        self._view = GameView(game)
        self.clock = GameClock(elapsed)
        self.hints_used = hints_used
        self.solution_used = False
        self.outcome = None
        self.preferences = replace(self.preferences, last_rules=game.rules.name)
        if settle:
            self._settle()  # part of the deal: the change below shows it settled
        self._changed(change, None)

    def _settle(self) -> Step | None:
        """With auto-play on, what a numbered deal itself lets go home goes at once (the core's
        `Game.settle`: no move counted), not with the player's first move. A board from
        elsewhere (no deal number) is shown as it was given."""
        wanted = self.preferences.autoplay and self.outcome is None and self._game.deal_number is not None
        return self._game.settle() if wanted else None

    def _decide(self) -> None:
        if self.outcome is None and self._game.is_won:
            self.outcome = Outcome.SOLVED_WITH_HELP if self.solution_used else Outcome.WON
            self.clock.run(self.now(), False)
            self._record()
            self._emit(Change.WON, None)
            if self.advisor is not None and self._advising:
                self.advisor.changed()

    def _record(self) -> None:
        if self.keeper is not None and self.outcome is not None:
            self.keeper.record(self._game, self.outcome, self.seconds(), self.hints_used, self.daily,
                               self.par)
            self.tell_notices()

    def _save(self) -> None:
        if self.keeper is not None and self.outcome is None:
            self.keeper.save(self._game, self.seconds(), self.hints_used, self.daily, self.par)
            self.tell_notices()

    def _save_preferences(self) -> None:
        if self.keeper is not None:
            self.keeper.save_preferences(self.preferences)
            self.tell_notices()

    def _best_of(self, game: Game) -> Best | None:
        if self.keeper is None or game.deal_number is None:
            return None
        return self.keeper.best(game.rules.name, game.deal_number)

    def tell_notices(self) -> None:
        """Hand the store's notices (a file set aside, a write that failed) to the front end."""
        if self.keeper is not None:
            notices = self.keeper.take_notices()
            if notices:
                self.advise(Notice("  ·  ".join(notices)))

    def _changed(self, change: Change, step: Step | None) -> None:
        """The game changed: saved first (a kill right after keeps it), then judged and told."""
        self._save()
        if self.advisor is not None and self._advising:
            self.advisor.changed()
        self._emit(change, step)

    def _emit(self, change: Change, step: Step | None) -> None:
        for listener in list(self.listeners):
            listener(change, self._view, step)


def _dealing(key: str) -> str:
    return " ".join((_("Dealing a winnable game…"),
                     _("{game} has no list of graded deals: any winnable deal is dealt.")
                     .format(game=_(VARIANTS[key].title))))


def _shipped_grade(game: Game) -> str | None:
    """The grade the shipped table lists for a numbered deal (None for others)."""
    return None if game.deal_number is None else grade_of_deal(game.rules.name, game.deal_number)


def _shipped_par(game: Game) -> int | None:
    """The par shipped with the daily lists for a numbered deal under its game's own rules
    (None for others: the advisor's search finds it)."""
    if game.deal_number is None or game.rules != PRESETS.get(game.rules.name):
        return None
    return shipped_par(game.rules.name, game.deal_number)
