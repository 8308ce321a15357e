"""The command line's game and rule-option flags come from the registry: every game is a
`--rules` choice, every option a `--X` / `--no-X` pair, and a wrong one is one line, exit 2."""

from __future__ import annotations

import pytest

from eightoff.cli import build_parser, rules_from
from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.variants import OPTIONS, PRESETS, VARIANTS
from tests.cli.test_deal_replay import assert_usage_error, eightoff


def test_help_lists_every_game_and_every_option_flag() -> None:
    result = eightoff("deal", "--help")
    text = " ".join(result.stdout.split())
    assert result.returncode == 0
    assert all(key in text for key in VARIANTS)
    for key in OPTIONS:
        flag = "--" + key.replace("_", "-")
        assert f"{flag}, --no-{flag[2:]}" in text


def test_an_unknown_game_lists_the_games() -> None:
    assert_usage_error(eightoff("deal", "1", "--rules", "spider"), "spider", *VARIANTS)


def test_an_option_the_game_lacks_lists_its_options() -> None:
    assert_usage_error(eightoff("deal", "1", "--rules", "seahaven", "--face-up"),
                       "Seahaven Towers", "--face-up", "--takeback")


def test_an_unknown_flag_lists_the_rule_options() -> None:
    result = eightoff("solve", "--deal", "1", "--take-back")
    assert_usage_error(result, "--take-back", "--takeback", "--face-up")


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_game_deals_from_the_command_line(key: str) -> None:
    result = eightoff("deal", "7", "--rules", key)
    assert (result.returncode, result.stdout) == (0, format_board(deal(7, PRESETS[key])))


@pytest.mark.parametrize(
    ("flags", "takeback", "face_down"),
    [
        ((), True, True),
        (("--no-takeback",), False, True),
        (("--face-up", "--no-takeback", "--takeback"), True, False),
    ],
)
def test_flags_set_the_options_and_the_rest_keep_the_games_defaults(
    flags: tuple[str, ...], takeback: bool, face_down: bool
) -> None:
    rules = rules_from(build_parser().parse_args(["deal", "1", "--rules", "raglan", *flags]))
    assert (rules.foundation_takeback, rules.face_down) == (takeback, face_down)
    assert not rules_from(build_parser().parse_args(["deal", "1", "--rules", "bakers"])).foundation_takeback


def test_raglan_flags_reach_the_commands() -> None:
    face_up = eightoff("deal", "5", "--rules", "raglan", "--face-up")
    assert "[" not in face_up.stdout and "[" in eightoff("deal", "5", "--rules", "raglan").stdout
    # Deal 5 with the foundation cards coming back (Raglan's default) or not: both solve.
    for flags in ((), ("--no-takeback",), ("--takeback", "--no-face-up")):
        result = eightoff("solve", "--deal", "5", "--rules", "raglan", *flags)
        assert result.returncode == 0 and "Move" in result.stdout, flags
