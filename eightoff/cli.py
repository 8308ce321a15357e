"""`python -m eightoff ...`: the command line. No subcommand opens the window.

Every failure a user can cause ends with one readable line on stderr and exit status 2
(1 for a move file that replays up to an illegal move); never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import sys
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING, NoReturn

from eightoff import __version__
from eightoff.core.deal_numbers import parse_deal_number
from eightoff.core.deals import deal, random_deal_number
from eightoff.core.errors import IllegalMove
from eightoff.core.i18n import N_, _, system_reason, system_words
from eightoff.core.notation import format_board, move_lines, parse_board
from eightoff.core.position import Position
from eightoff.core.replay import replay
from eightoff.core.rules import Rules
from eightoff.core.variants import DEFAULT_KEY, OPTIONS, VARIANTS, Option, preset, variant
from eightoff.session.grading import grade_name
from eightoff.solver.arguments import add_arguments as add_solver_arguments
from eightoff.solver.compiled import choose
from eightoff.solver.daily import has_daily
from eightoff.solver.grade import GRADES, grade_of_deal, grades_between, random_graded_deal
from eightoff.userfiles.reading import BadFile, read_input

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

PROG = "eightoff"
Loaded = Callable[[argparse.Namespace], int]
"""The commands that need more than the rules: `stats`, `daily` and `themes` read the player's
own files (the store, the installed card themes), `solve` searches and `install-desktop` copies
files. The entry point hands them in, so that a command that needs none of it does not load it."""


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """Errors as UsageError."""

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """As argparse's, but a failed write is raised (argparse drops it): `--help > /dev/full`
        then fails with a message."""
        (file or sys.stdout).write(self.format_help())

    def error(self, message: str) -> NoReturn:
        raise UsageError(_("{message} (see '{prog} --help')").format(message=message, prog=self.prog))


def deal_number(text: str) -> int:
    """argparse's face of `parse_deal_number`, the rule the Deal dialog applies too."""
    try:
        return parse_deal_number(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class _OptionFlag(argparse.Action):
    """`--takeback` / `--no-takeback`: one registry option, gathered with the others into
    `args.options` (only those given, so the rest keep the game's own defaults)."""

    def __init__(
        self, option_strings: Sequence[str], dest: str, key: str = "", help: str | None = None
    ) -> None:
        self.key = key
        super().__init__(option_strings, "options", nargs=0, default={}, help=help)

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
        option_string: str | None = None,
    ) -> None:
        on = option_string is not None and not option_string.startswith("--no-")
        namespace.options = {**namespace.options, self.key: on}


SOLVER_BUILDS = {
    "": N_("the solver: compiled with mypyc ({folder})"),
    "turned off": N_("the solver: pure Python (EIGHTOFF_PURE_PYTHON is set)"),
    "none built": N_("the solver: pure Python (no compiled modules: there was no C compiler or no mypyc when "
                     "it was installed)"),
    "other sources": N_("the solver: pure Python (its compiled modules were built from other sources)"),
    "no sources": N_("the solver: pure Python (no sources to check its compiled modules against)"),
}
"""What `--version` says of the solver, by `compiled.choose`'s reason."""


class _Version(argparse.Action):
    """`--version`: the program's version, and whether the solver runs compiled and if not, why."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
        option_string: str | None = None,
    ) -> None:
        folder, why = choose()
        print(f"{PROG} {__version__}")
        print(_(SOLVER_BUILDS[why]).format(folder=folder))
        parser.exit()


def option_flag(option: Option) -> str:
    return "--" + option.key.replace("_", "-")


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """One on/off flag pair for each rule option any game in the registry has."""
    for option in OPTIONS.values():
        flag = option_flag(option)
        games = ", ".join(_(game.title) for game in VARIANTS.values() if option.key in game.defaults())
        parser.add_argument(
            flag, "--no-" + flag[2:], action=_OptionFlag, key=option.key,
            help=_("{option} ({games})").format(option=_(option.label), games=games),
        )


def add_rules_options(parser: argparse.ArgumentParser, default: str | None = DEFAULT_KEY) -> None:
    parser.add_argument("--rules", choices=list(VARIANTS), default=default, help=_("the game"))
    add_option_flags(parser)


def check_options(args: argparse.Namespace) -> None:
    """A rule option the chosen game does not have is a UsageError naming the ones it has."""
    key = getattr(args, "rules", None)
    if key is None:
        return
    game = variant(key)
    foreign = [OPTIONS[name] for name in getattr(args, "options", {}) if name not in game.defaults()]
    if foreign:
        flags = ", ".join(option_flag(option) for option in game.options) or _("none")
        raise UsageError(_("{game} has no rule option {flag}; its options are: {flags}").format(
            game=_(game.title), flag=option_flag(foreign[0]), flags=flags))


def not_understood(words: list[str]) -> str:
    """The line for words no parser took; a stray flag may be a mistyped rule option, so the
    rule options are listed beside it."""
    told = _("not understood: {words}").format(words=" ".join(words))
    if any(word.startswith("-") for word in words):
        flags = ", ".join(option_flag(option) for option in OPTIONS.values())
        told += _(" (the rule options are {flags})").format(flags=flags)
    return told + _(" (see '{prog} --help')").format(prog=PROG)


def rules_from(args: argparse.Namespace) -> Rules:
    return preset(args.rules, args.options)


def read_text(path: str, what: str) -> str:
    """A file's text, or standard input for '-'; unreadable input is a UsageError naming `what`
    (a translated noun phrase such as "the board file")."""
    try:
        return read_input(path)
    except (OSError, BadFile) as error:
        message = _("cannot read {what} {path}: {reason}")
        raise UsageError(message.format(what=what, path=repr(path), reason=system_reason(error))) from None


def load_position(board: str | None, number: int | None, rules: Rules) -> Position:
    """The starting position from a board file or a deal number (exactly one is given)."""
    if number is not None:
        return deal(number, rules)
    assert board is not None
    try:
        return parse_board(read_text(board, _("the board file")), rules)
    except ValueError as error:
        raise UsageError(_("board {path}: {reason}").format(path=repr(board), reason=error)) from None


def grade_range(text: str) -> tuple[str, ...]:
    """`--grade`: one grade ("hard") or a range ("easy-hard"), in the solver's grade names."""
    parts = text.strip().lower().split("-")
    if len(parts) > 2 or any(part not in GRADES for part in parts):
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a grade: give one of {grades}, or a range such as easy-hard")
            .format(text=text, grades=", ".join(GRADES)))
    return grades_between(parts[0], parts[-1])


def cmd_deal(args: argparse.Namespace) -> int:
    """Deal N, or a random deal (of the grades asked for) whose number goes to stderr, since
    stdout is the board other programs read."""
    rules = rules_from(args)
    number = args.number
    if number is not None and (args.random or args.grade):
        raise UsageError(_("deal takes N, or --random and --grade, not both"))
    if number is None and args.grade:
        number = random_graded_deal(rules.name, args.grade)
        if number is None:
            raise UsageError(_("{game} has no list of graded deals, so --grade cannot choose one")
                             .format(game=_(variant(rules.name).title)))
    elif number is None and args.random:
        number = random_deal_number()
    elif number is None:
        raise UsageError(_("deal takes N, --random or --grade"))
    if number != args.number:
        grade = grade_of_deal(rules.name, number)
        told = _("deal {number}").format(number=number)
        if grade is not None:
            told = _("deal {number}, graded {grade}").format(number=number, grade=grade_name(grade))
        print(told, file=sys.stderr)
    print(format_board(deal(number, rules)), end="")
    return 0


ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def day_of(text: str) -> date:
    """`--date`: a day written YYYY-MM-DD (a four-digit year) that the calendar has."""
    match = ISO_DATE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a date: write it as YYYY-MM-DD, e.g. 2026-11-26").format(text=text))
    try:
        return date(*(int(part) for part in match.groups()))
    except ValueError:
        told = _("{text!r} is not a day of the calendar").format(text=text)
        raise argparse.ArgumentTypeError(told) from None


def cmd_replay(args: argparse.Namespace) -> int:
    expected = 1 if args.deal is not None else 2
    if len(args.files) != expected:
        if args.deal is not None:
            raise UsageError(_("replay takes MOVES with --deal"))
        raise UsageError(_("replay takes BOARD MOVES (or --deal N MOVES)"))
    rules = rules_from(args)
    board = None if args.deal is not None else args.files[0]
    moves_path = args.files[-1]
    if board == "-" and moves_path == "-":
        raise UsageError(_("only one of BOARD and MOVES can be read from standard input"))
    start = load_position(board, args.deal, rules)
    lines = list(move_lines(read_text(moves_path, _("the moves file")).splitlines()))
    made, position = 0, start
    try:
        for _move, position in replay(start, rules, [line for _number, line in lines]):  # noqa: B007
            made += 1
    except IllegalMove as error:
        number, line = lines[made]
        print(_("line {number}: {move}: {reason}").format(number=number, move=line, reason=error))
        return 1
    except ValueError as error:
        raise UsageError(
            _("{path} line {number}: {reason}").format(path=repr(moves_path), number=lines[made][0],
                                                       reason=error)
        ) from None
    if position.is_won:
        print(_("won"))
    else:
        print(_("not won"))
        print(format_board(position), end="")
    return 0


def cmd_loaded(args: argparse.Namespace) -> int:
    """`stats`, `daily` (whose game is the last one played, which the player's preferences keep),
    `themes` (the card themes the player has installed), `solve` and `install-desktop`: run by
    what the entry point loads for them."""
    if args.loaded is None:
        raise UsageError(_("{command} is not available in this build").format(command=args.command))
    result: int = args.loaded(args)
    return result


def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    """`solve`'s arguments."""
    add_solver_arguments(parser)
    parser.add_argument("--deal", type=deal_number, metavar="N", help=_("solve deal N"))
    add_rules_options(parser)
    parser.set_defaults(handler=cmd_loaded)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description=_("Eight Off patience. Without a subcommand, opens the game window."),
    )
    parser.add_argument("--version", action=_Version,
                        help=_("print the version, and whether the solver runs compiled"))
    parser.add_argument("--deal", type=deal_number, metavar="N", help=_("open the window on deal N"))
    parser.add_argument("--rules", choices=list(VARIANTS), help=_("the game the window opens"))
    parser.add_argument("--daily", action="store_true",
                        help=_("open the window on today's daily deal (of --rules, else the last "
                               "game played)"))
    add_option_flags(parser)
    parser.add_argument(
        "--log-moves", action="store_true", help=_("print every move on stdout as it is made")
    )
    parser.add_argument(
        "--print-layout", action="store_true", help=_("print the pile layout as JSON after every change")
    )
    # TRANSLATORS: the command line's placeholder for a subcommand; capitals, one word.
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=_Parser)

    deal_parser = commands.add_parser("deal", help=_("print deal N in fc-solve's board format"))
    deal_parser.add_argument("number", type=deal_number, metavar="N", nargs="?",
                             help=_("the deal's number, a whole number from 1 to 10^20 (without it: "
                                    "--random or --grade)"))
    deal_parser.add_argument("--random", action="store_true",
                             help=_("a random deal instead (its number goes to stderr)"))
    # TRANSLATORS: the command line's placeholder for a grade (easy, hard...); capitals.
    deal_parser.add_argument("--grade", type=grade_range, metavar=_("GRADE"),
                             help=_("a random winnable deal of this grade ({grades}) or range (e.g. "
                                    "easy-hard), from the shipped list").format(grades=", ".join(GRADES)))
    add_rules_options(deal_parser)
    deal_parser.set_defaults(handler=cmd_deal)

    daily_parser = commands.add_parser(
        "daily", help=_("print the daily deal of a day: its deal number, grade and par"))
    daily_parser.add_argument("--date", type=day_of, metavar="YYYY-MM-DD",
                              help=_("the day (default: today, by this computer's clock)"))
    daily_parser.add_argument("--rules", choices=list(VARIANTS),
                              help=_("the game (default: the last game played)"))
    daily_parser.add_argument("--json", action="store_true",
                              help=_("print one JSON object: date, game, deal, grade, par"))
    daily_parser.add_argument("--share", action="store_true",
                              help=_("print the day's result as Copy result words it, from your records"))
    daily_parser.set_defaults(handler=cmd_loaded)

    replay_parser = commands.add_parser(
        "replay", help=_("replay a file of moves in fc-solve's -m wording ('-' reads stdin)")
    )
    # TRANSLATORS: the command line's placeholders for a board file and a file of moves;
    # capitals, one word each, the same words as in "replay takes BOARD MOVES".
    replay_parser.add_argument(
        "files", nargs="+", metavar=_("[BOARD] MOVES"),
        help=_("a board file in fc-solve's format (not with --deal), then a file of moves, one a line, "
               "in fc-solve's -m wording; '-' reads standard input"))
    replay_parser.add_argument("--deal", type=deal_number, metavar="N", help=_("start from deal N"))
    add_rules_options(replay_parser)
    replay_parser.set_defaults(handler=cmd_replay)

    add_solve_arguments(commands.add_parser(
        "solve", help=_("solve a board or deal: moves in fc-solve's -m wording, 'unsolvable' or 'unknown'"),
    ))

    desktop_parser = commands.add_parser(
        "install-desktop", help=_("add Eight Off to this user's desktop menu (Linux): entry and icon")
    )
    desktop_parser.add_argument("--uninstall", action="store_true",
                                help=_("remove the menu entry and icon this command added"))
    desktop_parser.set_defaults(handler=cmd_loaded)

    themes_parser = commands.add_parser(
        "themes", help=_("list the card themes installed (Aisleriot's and KPatience's) and whether each "
                         "can be drawn"))
    themes_parser.add_argument("--json", action="store_true",
                               help=_("print a JSON list: id, name, path, drawable and the reason where not"))
    themes_parser.set_defaults(handler=cmd_loaded)

    stats_parser = commands.add_parser("stats", help=_("print your statistics and recent games"))
    stats_parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    stats_parser.add_argument("--rules", choices=list(VARIANTS), help=_("only this game"))
    stats_parser.add_argument("--csv", metavar="FILE",
                              help=_("write every finished game as a row of CSV to FILE ('-' for stdout)"))
    stats_parser.add_argument("--chart", metavar="FILE.png",
                              help=_("draw the win rate over recent games and the winning times into a PNG "
                                     "(the game of --rules, else the game played last)"))
    stats_parser.add_argument("--export", metavar="FILE.jsonl",
                              help=_("write every finished game as a line of JSON to FILE ('-' for stdout)"))
    stats_parser.add_argument("--import", dest="import_file", metavar="FILE.jsonl",
                              help=_("add the games of a file --export wrote, or of an older version's "
                                     "games.jsonl (each game once)"))
    stats_parser.add_argument("--bests", choices=["all"],
                              help=_("with --json: every personal best (else the first 1000)"))
    stats_parser.set_defaults(handler=cmd_loaded)
    return parser


OUTPUT_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EBADF, getattr(errno, "EDQUOT", errno.ENOSPC)}
"""What writing the output can fail with (a full device, `> /dev/full`), as opposed to a file
the command was asked to read."""


def output_failed(reason: str) -> int:
    """One line on stderr for output that could not be written, and status 1. What is left in
    stdout's buffer goes nowhere, so the interpreter's exit does not fail on it again."""
    print(_("{program}: cannot write the output: {reason}").format(program=PROG, reason=reason),
          file=sys.stderr)
    with contextlib.suppress(OSError, ValueError):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # left to the interpreter's exit
    return 1


def run(
    argv: Sequence[str] | None = None, open_window: Callable[[argparse.Namespace], int] | None = None,
    loaded: Loaded | None = None,
) -> int:
    """Parse and dispatch; `open_window` handles the no-subcommand case, `loaded` the commands
    that need more modules than the rules (see `Loaded`). Started with stdout closed (`>&-`), a
    command says it cannot write and ends with status 1; the window opens all the same."""
    closed = sys.stdout is None
    if closed:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # left to the interpreter's exit
    try:
        args, extra = build_parser().parse_known_args(argv)
        if extra:
            raise UsageError(not_understood(extra))
        check_options(args)
        args.loaded = loaded
        if args.command is None:
            if args.daily and args.deal is not None:
                raise UsageError(_("--daily opens today's daily deal: give no --deal with it"))
            if args.daily and args.options:
                raise UsageError(_("the daily deal is played under its game's own rules: give no rule "
                                   "option with --daily"))
            if args.daily and args.rules is not None and not has_daily(args.rules):
                raise UsageError(_("{game} has no daily deal").format(game=_(variant(args.rules).title)))
            if open_window is None:
                raise UsageError(_("the game window is not available in this build"))
            return open_window(args)
        if closed:
            return output_failed(system_words(errno.EBADF))
        result: int = args.handler(args)
        sys.stdout.flush()
        return result
    except UsageError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except SystemExit as done:  # --help and --version: what they printed must reach its reader
        try:
            sys.stdout.flush()
        except OSError as error:
            return output_failed(system_reason(error))
        raise done from None
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader stopped early (`| head`): quiet, as Unix tools are
        with contextlib.suppress(OSError, ValueError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # what is left in the buffer goes nowhere
        return 0
    except UnicodeEncodeError as error:
        return output_failed(_("this terminal's character set ({encoding}) cannot show the words; set "
                               "PYTHONIOENCODING=utf-8").format(encoding=error.encoding))
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS:
            raise
        return output_failed(system_reason(error))
