"""One rule for the game being played, as a player meets it in a home whose last game is Baker's
Game although its last finished game is Eight Off: `eightoff daily` and its `--share`, `stats
--chart` and the window's `--daily`, each run as its own process, all take Baker's Game unless
`--rules` names another game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from eightoff.core.preferences import Preferences
from eightoff.session.start import open_session
from eightoff.solver.daily import daily_deal
from eightoff.store import HomeDirs, Store
from tests.cli.test_daily_cli import eightoff
from tests.ui.test_stop_signals import HANG_GUARD

THURSDAY = "2026-11-26"
BAKERS_THURSDAY = 720
"""Baker's Game's daily deal of that Thursday, as players were dealt it."""


@pytest.fixture(scope="module")
def bakers_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight Off deal 5 played and lost (a new deal after a move), then Baker's Game chosen: the
    last finished game is Eight Off's, the game being played Baker's Game's."""
    home = tmp_path_factory.mktemp("bakers")
    Store(HomeDirs(home)).save_preferences(Preferences(animation_speed="off"))
    session = open_session(lambda: 0.0, store=Store(HomeDirs(home)), key="standard", deal=5)
    session.play(session.game.legal_moves()[0])
    session.new_game()
    session.choose_game("bakers")
    session.close()
    return home


def test_daily_is_the_daily_of_the_last_game_played(bakers_home: Path) -> None:
    shown = json.loads(eightoff("daily", "--date", THURSDAY, "--json", home=bakers_home).stdout)
    assert (shown["game"], shown["deal"]) == ("bakers", BAKERS_THURSDAY)
    named = json.loads(eightoff("daily", "--date", THURSDAY, "--json", "--rules", "raglan",
                                home=bakers_home).stdout)
    assert named["game"] == "raglan"
    words = eightoff("daily", "--date", THURSDAY, home=bakers_home).stdout
    assert words.startswith(f"Baker's Game daily deal of {THURSDAY}: deal {BAKERS_THURSDAY},")


def test_share_names_the_last_game_played(bakers_home: Path) -> None:
    for lang, words in (("C", "Baker's Game daily 2026-11-26 · not played"),
                        ("it_IT.UTF-8", "Baker's Game giornaliera 2026-11-26 · non giocata")):
        shared = eightoff("daily", "--date", THURSDAY, "--share", home=bakers_home, lang=lang)
        assert shared.returncode == 0 and shared.stdout == words + "\n", shared.stderr


def test_a_game_without_a_daily_deal_leaves_daily_on_the_default_game(tmp_path: Path) -> None:
    Store(HomeDirs(tmp_path)).save_preferences(Preferences(last_rules="easy"))
    shown = json.loads(eightoff("daily", "--date", THURSDAY, "--json", home=tmp_path).stdout)
    chosen = daily_deal("standard", date.fromisoformat(THURSDAY))
    assert chosen is not None and (shown["game"], shown["deal"]) == ("standard", chosen.number)


def test_the_chart_is_the_last_game_played(bakers_home: Path, tmp_path: Path) -> None:
    charts = {}
    asked = (("plain", ()), ("bakers", ("--rules", "bakers")), ("standard", ("--rules", "standard")))
    for name, extra in asked:
        path = tmp_path / f"{name}.png"
        result = eightoff("stats", "--chart", str(path), *extra, home=bakers_home)
        assert result.returncode == 0, result.stderr
        charts[name] = path.read_bytes()
    assert charts["plain"] == charts["bakers"] != charts["standard"]


def test_the_window_opens_the_daily_of_the_last_game_played(bakers_home: Path, tmp_path: Path) -> None:
    home = tmp_path / "copy"
    subprocess.run(["cp", "-a", str(bakers_home), str(home)], check=True)
    env = {**os.environ, "EIGHTOFF_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    before = date.today()
    window = subprocess.Popen([sys.executable, "-m", "eightoff", "--daily", "--print-layout"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=home)
    try:
        assert window.stdout is not None
        state = next(json.loads(line)["state"] for line in window.stdout if line.startswith("{"))
        window.send_signal(signal.SIGTERM)
        window.wait(timeout=HANG_GUARD)
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
    chosen = daily_deal("bakers", date.fromisoformat(state["daily"]))
    assert state["game"] == "bakers" and state["daily"] in (before.isoformat(), date.today().isoformat())
    assert chosen is not None and state["deal"] == chosen.number
