"""`eightoff daily` as a subprocess: the day's deal, grade and par, in both languages; a bad
date is one line naming it and exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from eightoff.session.daily import result_line
from eightoff.session.start import open_session
from eightoff.solver.daily import daily_deal
from eightoff.store import HomeDirs, Store
from tests.session.test_daily import win_as_a_player

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def eightoff(*args: str, lang: str = "C", home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in LOCALE_VARIABLES}
    env["LANG"] = lang
    if home is not None:
        env["EIGHTOFF_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "eightoff", *args], capture_output=True, text=True,
                          timeout=60, env=env)


def test_json_gives_the_days_deal_grade_and_par() -> None:
    result = eightoff("daily", "--date", "2026-11-26", "--rules", "freecell", "--json")
    assert result.returncode == 0, result.stderr
    chosen = daily_deal("freecell", date(2026, 11, 26))
    assert chosen is not None
    assert json.loads(result.stdout) == {"date": "2026-11-26", "game": "freecell", "deal": chosen.number,
                                         "grade": "medium", "par": chosen.par}


def test_without_a_date_it_is_todays_by_the_local_clock(tmp_path: Path) -> None:
    """In a home of its own: the game last played there is the default one."""
    before = date.today()
    result = eightoff("daily", "--json", home=tmp_path)
    after = date.today()
    shown = json.loads(result.stdout)
    assert shown["date"] in (before.isoformat(), after.isoformat()) and shown["game"] == "standard"
    chosen = daily_deal("standard", date.fromisoformat(shown["date"]))
    assert chosen is not None and shown["deal"] == chosen.number


def test_the_deal_of_a_fixed_date_is_the_one_players_were_dealt() -> None:
    """A golden date through the command: a rule that shifts the dates by one fails here."""
    for day, number in (("2026-11-26", 22532), ("2026-11-27", 21209), ("2026-11-25", 24906)):
        shown = json.loads(eightoff("daily", "--date", day, "--rules", "freecell", "--json").stdout)
        assert (shown["date"], shown["deal"]) == (day, number)


def test_a_date_past_the_list_says_which_dates_it_has() -> None:
    far = date.today() + timedelta(days=365 * 300)
    for lang, words in (("C", "has no daily deal on"), ("it_IT.UTF-8", "non ha una smazzata giornaliera il")):
        result = eightoff("daily", "--date", far.isoformat(), "--json", lang=lang)
        assert result.returncode == 2 and result.stdout == "" and len(result.stderr.splitlines()) == 1
        assert words in result.stderr and far.isoformat() in result.stderr and "2024-01-01" in result.stderr


def test_the_line_in_english_and_in_italian(tmp_path: Path) -> None:
    chosen = daily_deal("standard", date(2026, 11, 29))
    assert chosen is not None and chosen.grade == "expert"
    english = eightoff("daily", "--date", "2026-11-29", home=tmp_path)
    assert english.stdout == (f"Eight Off daily deal of 2026-11-29: deal {chosen.number}, graded Expert, "
                              f"par {chosen.par}\n")
    italian = eightoff("daily", "--date", "2026-11-29", lang="it_IT.UTF-8", home=tmp_path)
    assert italian.stdout == (f"Smazzata giornaliera di Eight Off del 2026-11-29: smazzata {chosen.number}, "
                              f"livello Esperto, par {chosen.par}\n")


@pytest.mark.parametrize("text", ["2026-02-30", "tomorrow", "12026-01-01", "2026-1-5", "0000-01-01", ""])
def test_a_bad_date_is_one_line_naming_it(text: str) -> None:
    result = eightoff("daily", "--date", text)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and repr(text) in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_date_in_italian() -> None:
    result = eightoff("daily", "--date", "2026-02-30", lang="it_IT.UTF-8")
    assert result.returncode == 2
    assert "'2026-02-30' non è un giorno del calendario" in result.stderr


def test_a_game_without_a_daily_deal_says_so() -> None:
    result = eightoff("daily", "--rules", "easy")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "has no daily deal" in result.stderr


def test_the_window_flag_refuses_what_the_daily_cannot_take() -> None:
    for args in (["--daily", "--deal", "5"], ["--daily", "--takeback"], ["--daily", "--rules", "easy"]):
        result = eightoff(*args)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, args


def test_share_prints_the_days_line_from_the_records(tmp_path: Path) -> None:
    thursday = date(2026, 11, 26)
    session = open_session(lambda: 0.0, store=Store(HomeDirs(tmp_path)), key="standard", daily=True,
                           today=lambda: thursday)
    win_as_a_player(session)
    expected = result_line(session)
    session.close()
    assert expected is not None and expected.startswith("Eight Off daily 2026-11-26 · won in")
    shared = eightoff("daily", "--date", "2026-11-26", "--share", home=tmp_path)
    assert shared.returncode == 0 and shared.stdout == expected + "\n", shared.stderr
    italian = eightoff("daily", "--date", "2026-11-26", "--share", lang="it_IT.UTF-8", home=tmp_path)
    assert italian.stdout.startswith("Eight Off giornaliera 2026-11-26 · vinta in ")
    other = eightoff("daily", "--date", "2026-11-25", "--share", home=tmp_path)
    assert other.stdout == "Eight Off daily 2026-11-25 · not played\n"
    bests = json.loads(eightoff("stats", "--json", home=tmp_path).stdout)["personal_bests"]
    chosen = daily_deal("standard", thursday)
    assert chosen is not None
    assert [(best["game"], best["deal"], best["wins"]) for best in bests] == [("standard", chosen.number, 1)]
    assert bests[0]["moves"] == chosen.par
