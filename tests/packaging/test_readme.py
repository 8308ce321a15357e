"""The README stays true to the tree: its set-up commands come first, and what it names exists."""

from __future__ import annotations

import os
import re
from pathlib import Path

from eightoff.cli import build_parser
from eightoff.session.commands import COMMANDS as ALL_COMMANDS
from eightoff.solver.compiled import COMPILED

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


def test_the_compiled_modules_named_are_the_ones_compiled() -> None:
    paragraph = README.split("**The compiled solver.**")[1].split("\n\n")[0]
    named = re.findall(r"`(?:eightoff/solver/)?(\w+)\.py`", paragraph)
    assert sorted(named) == sorted(COMPILED)


def test_every_command_line_subcommand_is_described() -> None:
    parser = build_parser()
    (commands,) = [action for action in parser._actions if action.dest == "command"]
    for name in commands.choices:
        assert f"eightoff {name}" in README, name
    for option in ("--deal", "--rules", "--log-moves", "--print-layout"):
        assert f"eightoff {option}" in README, option


def test_the_toolbar_paragraph_names_every_toolbar_command_in_order() -> None:
    paragraph = README.split("The toolbar across the top:")[1].split("\n\n")[0]
    named = re.findall(r"\*\*([^*]+)\*\*", paragraph.split(". The toolbar")[0])
    assert named == [each.label for each in ALL_COMMANDS if each.toolbar]


def test_the_key_table_and_help_name_the_same_keys() -> None:
    """README's key table and Help both claim the one list of keys: every command's shortcut is
    in the table, and every key the table names is in Help."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # Help is drawn in an unseen window
    from eightoff.core.deals import deal
    from eightoff.core.notation import format_board
    from eightoff.core.variants import STANDARD
    from eightoff.session.commands import COMMANDS
    from eightoff.ui.dialogs import help_dialog
    from tests.ui.helpers import make_app

    table = README.split("| Keys | |")[1].split("\n\n")[0]
    for each in COMMANDS:
        for shortcut in each.keys:
            assert f"`{shortcut}`" in table, shortcut
    app = make_app(format_board(deal(1, STANDARD)), STANDARD)
    shown = " ".join(help_dialog(app, app.session).body_lines())
    for named in ("F10", "Shift+1", "Ctrl+M", "Ctrl+F", "Esc"):
        assert named in table and named in shown, named


def test_every_runtime_dependency_says_why_it_is_there() -> None:
    """Each of pyproject.toml's dependencies has its line in the README's list, and the list
    names nothing the game no longer depends on."""
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = project.split("\ndependencies = [")[1].split("\n]")[0]
    wanted = {re.split(r"[<>=!~\[; ]", line.strip().strip('",'))[0].lower()
              for line in listed.splitlines() if line.strip().startswith('"')}
    section = README.split("**What the game depends on, and why**")[1].split("\n\n")[1]
    explained = {name.lower() for name in re.findall(r"^- \*\*([\w.-]+)\*\*: \S", section, re.MULTILINE)}
    assert "pygame-ce" in wanted and explained == wanted
