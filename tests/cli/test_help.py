"""Every argument of every command says what it is, in words a player reads as written."""

from __future__ import annotations

import subprocess
import sys

import pytest


def help_of(*command: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "eightoff", *command, "--help"],
        capture_output=True, text=True, timeout=60, check=True, env={"LANG": "C", "PATH": ""},
    )
    return result.stdout


def described(help_text: str, argument: str) -> str:
    """The words after `argument` in the help's list of arguments ("" when there are none)."""
    lines = help_text.splitlines()
    for index, line in enumerate(lines):
        if line.strip().startswith(argument):
            rest = line.strip()[len(argument):].strip()
            if not rest and index + 1 < len(lines):
                rest = lines[index + 1].strip() if lines[index + 1].startswith(" " * 10) else ""
            return rest
    raise AssertionError(f"{argument} is not listed")


@pytest.mark.parametrize(("command", "argument"), [("deal", "N"), ("replay", "[BOARD] MOVES")])
def test_positional_arguments_have_help(command: str, argument: str) -> None:
    positional = help_of(command).split("positional arguments:")[1].split("options:")[0]
    assert len(described(positional, argument).split()) >= 4


def test_uninstall_says_what_it_removes() -> None:
    words = described(help_of("install-desktop"), "--uninstall")
    assert "again" not in words and "menu entry" in words


def test_deal_help_gives_both_ends_of_the_deal_numbers() -> None:
    words = " ".join(help_of("deal").split())
    assert "a whole number from 1 to 10^20" in words
