"""The command line as a subprocess speaks the environment's language; formats stay fc-solve's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def eightoff(*args: str, **locale: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in LOCALE_VARIABLES}
    env.update(locale)
    return subprocess.run(
        [sys.executable, "-m", "eightoff", *args], capture_output=True, text=True, timeout=60, env=env
    )


def test_help_in_italian() -> None:
    out = eightoff("--help", LANG="it_IT.UTF-8").stdout
    assert out.startswith("uso: eightoff")
    assert "argomenti posizionali:" in out and "opzioni:" in out
    assert "mostra questo messaggio di aiuto ed esce" in out
    assert "apre la finestra sulla smazzata N" in out


def test_help_in_english_with_the_c_locale() -> None:
    out = eightoff("--help", LANG="C").stdout
    assert out.startswith("usage: eightoff")
    assert "positional arguments:" in out and "show this help message and exit" in out


def test_argparse_errors_in_italian() -> None:
    result = eightoff("deal", "--rules", "nessuna", "5", LANG="it_IT.UTF-8")
    assert result.returncode == 2
    assert result.stderr.startswith("eightoff: argomento --rules: scelta non valida: 'nessuna'")
    assert result.stderr.rstrip().endswith("(vedi 'eightoff deal --help')")


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ({"LANG": "it_IT.UTF-8"}, "la smazzata 0 non esiste"),
        ({"LANG": "C"}, "there is no deal 0"),
        ({"LANGUAGE": "it", "LANG": "C"}, "la smazzata 0 non esiste"),
        ({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, "there is no deal 0"),
        ({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "C"}, "la smazzata 0 non esiste"),
    ],
)
def test_messages_follow_the_environment(locale: dict[str, str], expected: str) -> None:
    result = eightoff("deal", "0", **locale)
    assert result.returncode == 2 and expected in result.stderr, result.stderr


def test_board_and_moves_stay_in_fc_solve_english() -> None:
    italian = eightoff("deal", "617", LANG="it_IT.UTF-8")
    assert italian.stdout == eightoff("deal", "617", LANG="C").stdout
    assert italian.stdout.startswith("Freecells:")


@pytest.mark.parametrize(("saved", "expected"), [("it", "uso: eightoff"), ("en", "usage: eightoff")])
def test_the_language_preference_overrides_the_environment(tmp_path: Path, saved: str, expected: str) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "preferences.json").write_text(f'{{"version": 1, "language": "{saved}"}}')
    other = "C" if saved == "it" else "it_IT.UTF-8"
    assert eightoff("--help", LANG=other, EIGHTOFF_HOME=str(tmp_path)).stdout.startswith(expected)


def test_a_damaged_preferences_file_leaves_the_environment_in_charge(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    damaged = tmp_path / "config" / "preferences.json"
    damaged.write_text('{"version": 1, "language": "klingon"')
    assert eightoff("--help", LANG="it_IT.UTF-8", EIGHTOFF_HOME=str(tmp_path)).stdout.startswith("uso:")
    assert damaged.exists()  # set aside only by the window, which can tell the player


def helps(language: str) -> dict[tuple[str, str], str]:
    """Every option's and subcommand's description, as `eightoff ... --help` prints it."""
    import argparse

    from eightoff.cli import build_parser
    from eightoff.locale import install_language

    install_language(language)
    try:
        parser = build_parser()
        found: dict[tuple[str, str], str] = {}
        commands = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
        parsers = {"": parser, **{name: sub for group in commands for name, sub in group.choices.items()}}
        for name, each in parsers.items():
            found[(name, "description")] = each.description or ""
            for action in each._actions:
                if action.help and action.help != argparse.SUPPRESS:
                    found[(name, action.dest)] = action.help
            for group in commands:
                for choice in group._choices_actions:
                    found[("", f"command {choice.dest}")] = choice.help or ""
        return found
    finally:
        install_language("en")


def test_every_help_text_is_in_italian() -> None:
    """Each description of every subcommand's --help differs from the English one (a string
    left unmarked would print the same in both)."""
    english, italian = helps("en"), helps("it")
    assert english.keys() == italian.keys() and len(english) > 25
    same = [key for key, text in english.items() if text and italian[key] == text]
    assert same == []


def test_solve_says_its_verdict_in_italian_and_keeps_json_in_english() -> None:
    plain = eightoff("solve", "--deal", "465", LANGUAGE="it")
    assert (plain.returncode, plain.stdout) == (0, "irrisolvibile\n"), plain
    assert "'irrisolvibile'" in eightoff("--help", LANGUAGE="it").stdout
    data = eightoff("solve", "--deal", "465", "--json", "--max-states", "1000", LANGUAGE="it")
    assert '"status": "unknown"' in data.stdout


def test_the_placeholders_are_in_italian_too() -> None:
    """Italian help names its placeholders in Italian, as its error lines do."""
    top = eightoff("--help", LANG="it_IT.UTF-8").stdout
    assert "COMANDO" in top and "COMMAND" not in top
    replay = eightoff("replay", "--help", LANG="it_IT.UTF-8").stdout
    assert "[POSIZIONE] MOSSE" in replay and "BOARD" not in replay and "MOVES" not in replay
    solve = eightoff("solve", "--help", LANG="it_IT.UTF-8").stdout
    assert "--deals PRIMA-ULTIMA" in solve and "FIRST-LAST" not in solve and "BOARD" not in solve
    refused = eightoff("replay", "--deal", "1", LANG="it_IT.UTF-8")
    assert refused.returncode == 2 and "MOSSE" in refused.stderr and "MOVES" not in refused.stderr


@pytest.mark.parametrize(
    ("arguments", "italian"),
    [
        (("solve", "--rules", "fan", "{tmp}/nessuno"), "File o cartella inesistente"),
        (("solve", "--rules", "citadel", "{tmp}"), "È una cartella"),
        (("replay", "--deal", "1", "{tmp}/nessuno"), "File o cartella inesistente"),
        (("stats", "--export", "{tmp}"), "È una cartella"),
        (("stats", "--import", "{tmp}/nessuno/giochi.jsonl"), "File o cartella inesistente"),
        (("stats", "--chart", "{tmp}/nessuno/grafico.png"), "File o cartella inesistente"),
        (("solve", "--deal", "1", "--time-limit", "1e9"), "al massimo 10.000.000"),
    ],
)
def test_the_systems_words_for_a_file_are_in_italian_too(tmp_path: Path, arguments: tuple[str, ...],
                                                          italian: str) -> None:
    """The C library's own words (strerror) stay English whatever the language, since Python
    never sets LC_MESSAGES: the line a player reads must not end in English."""
    given = [argument.format(tmp=tmp_path) for argument in arguments]
    result = eightoff(*given, LANG="it_IT.UTF-8", EIGHTOFF_HOME=str(tmp_path / "home"))
    assert result.returncode == 2 and "Traceback" not in result.stderr, result
    [line] = result.stderr.splitlines()
    assert italian in line, line
    assert not [english for english in ("No such file", "Is a directory", "1e+07") if english in line], line


def test_the_systems_words_are_the_c_librarys_in_english() -> None:
    """In English a file's error reads as every other program's on this system."""
    import errno

    from eightoff.core.i18n import SYSTEM_WORDS, system_reason

    if sys.platform.startswith("linux"):
        assert {number: os.strerror(number) for number in SYSTEM_WORDS} == SYSTEM_WORDS
    assert system_reason(FileNotFoundError(errno.ENOENT, "x")) == "No such file or directory"
    assert system_reason(OSError(9999, "something new")) == "something new"
    assert system_reason(ValueError("a reason in words")) == "a reason in words"
