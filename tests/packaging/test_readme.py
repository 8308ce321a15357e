"""The README stays true to the tree: its set-up commands come first, and what it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from eightoff.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_the_two_setup_commands() -> None:
    first_block = README.split("```")[1]
    commands = [line.split("#")[0].strip() for line in first_block.splitlines()[1:] if line.strip()]
    assert commands == ["scripts/play", "scripts/test"]


def test_every_script_and_file_it_names_exists() -> None:
    scripts = set(re.findall(r"\bscripts/[\w.-]+", README))
    named = scripts | set(re.findall(r"\]\(((?!https?:)[^)]+)\)", README))  # and local links
    named.discard("scripts/bench_")  # the bench_<name>.py pattern
    assert {"scripts/play", "scripts/test", "scripts/build-app", "docs/screenshot.png"} <= named
    missing = sorted(name for name in named if not (ROOT / name).exists())
    assert not missing


def test_every_command_line_subcommand_is_described() -> None:
    parser = build_parser()
    (commands,) = [action for action in parser._actions if action.dest == "command"]
    for name in commands.choices:
        assert f"eightoff {name}" in README, name
    for option in ("--deal", "--rules", "--log-moves", "--print-layout"):
        assert f"eightoff {option}" in README, option
