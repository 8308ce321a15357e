"""`eightoff stats --chart FILE.png` and `--csv FILE`: run as a player runs them, as a subprocess
with no display, on a real temporary home."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.variants import FREECELL, STANDARD
from eightoff.locale import install_language
from eightoff.session.figure_words import outcome_word
from eightoff.session.records import row_words
from eightoff.solver.grade import deals_of_grade, grade_of_deal
from eightoff.stats_cli import line
from eightoff.store import LOST, SOLVED, WON, HomeDirs, Store
from eightoff.ui import theme


def stats(home: Path, *options: str, language: str = "en",
          code: str | None = None) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": language}
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        environment.pop(name, None)
    command = ["-c", code] if code else ["-m", "eightoff"]
    return subprocess.run([sys.executable, *command, "stats", *options], env=environment,
                          capture_output=True, text=True, timeout=60)


DEALS = [*deals_of_grade("standard", "easy")[:3], 5, 6, 7]
PLAYED = [(deal, index % 3 != 2) for index, deal in enumerate(DEALS)]
"""(deal, won) of each Eight Off game recorded: three easy deals, then three of any grade."""


def record(home: Path) -> None:
    store = Store(HomeDirs(home))
    for index, (deal, won) in enumerate(PLAYED):
        game = Game.new(deal, STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, WON if won else LOST, 60.0 + 50 * index)
    game = Game.new(9, FREECELL)
    game.play(game.legal_moves()[0])
    store.record_outcome(game, SOLVED, 30.0)


def test_chart_writes_a_png_of_both_charts_without_a_display(tmp_path: Path) -> None:
    record(tmp_path)
    target = tmp_path / "chart.png"
    result = stats(tmp_path, "--chart", str(target), "--rules", "standard")
    assert (result.returncode, result.stderr) == (0, ""), result
    pygame.init()
    picture = pygame.image.load(str(target))
    assert picture.get_size() == (1000, 440)
    colours = {tuple(picture.get_at((x, y))) for x in range(0, 1000, 7) for y in range(0, 440, 7)}
    assert len(colours) > 5  # text, felt, bars and the line: not an empty picture


def test_chart_into_a_missing_folder_is_one_line_and_exit_2(tmp_path: Path) -> None:
    record(tmp_path)
    result = stats(tmp_path, "--chart", str(tmp_path / "no" / "such" / "chart.png"))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result
    assert "chart.png" in result.stderr and "Traceback" not in result.stderr


def test_chart_without_pygame_is_one_line_and_exit_2(tmp_path: Path) -> None:
    record(tmp_path)
    code = ("import sys; sys.modules['pygame'] = None; sys.argv[0] = 'eightoff'; "
            "from eightoff.__main__ import main; main()")
    result = stats(tmp_path, "--chart", str(tmp_path / "chart.png"), code=code)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result
    assert "pygame" in result.stderr and not (tmp_path / "chart.png").exists()


def test_csv_writes_every_game_as_a_row_with_its_grade(tmp_path: Path) -> None:
    record(tmp_path)
    target = tmp_path / "games.csv"
    result = stats(tmp_path, "--csv", str(target))
    assert (result.returncode, result.stderr) == (0, ""), result
    with target.open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 7
    outcomes = [row["outcome"] for row in rows]
    assert outcomes == ["won", "won", "lost", "won", "won", "lost", "solved with help"]
    assert [row["grade"] for row in rows[:3]] == ["easy"] * 3
    assert rows[-1]["game"] == "freecell" and rows[-1]["deal"] == "9"
    assert stats(tmp_path, "--csv", "-", "--rules", "freecell").stdout.count("\n") == 2


def test_csv_gives_the_daily_date_and_par_the_win_dialog_showed(tmp_path: Path) -> None:
    """The win dialog of a daily deal names its date and par: the row a player reads back in a
    spreadsheet carries both, and leaves them empty for a game that had none."""
    store = Store(HomeDirs(tmp_path))
    daily = Game.new(160, STANDARD)
    daily.play(daily.legal_moves()[0])
    store.record_outcome(daily, WON, 94.9, daily=date(2026, 11, 28), par=89, grade="hard")
    plain = Game.new(5, STANDARD)
    plain.play(plain.legal_moves()[0])
    store.record_outcome(plain, LOST, 20.0)
    store.close()
    result = stats(tmp_path, "--csv", "-")
    assert (result.returncode, result.stderr) == (0, ""), result
    rows = list(csv.DictReader(result.stdout.splitlines()))
    assert [(row["deal"], row["daily"], row["par"], row["grade"]) for row in rows] == [
        ("160", "2026-11-28", "89", "hard"), ("5", "", "", grade_of_deal("standard", 5) or "")]


def test_the_text_report_has_streaks_best_times_and_grades(tmp_path: Path) -> None:
    record(tmp_path)
    text = stats(tmp_path).stdout
    assert f"best times: 1:00 (deal {DEALS[0]}, 1 move), 1:50 (deal {DEALS[1]}, 1 move)" in text
    easy = [deal for deal, won in PLAYED if grade_of_deal("standard", deal) == "easy"]
    easy_won = [deal for deal, won in PLAYED if won and grade_of_deal("standard", deal) == "easy"]
    assert len(easy) >= 3
    assert f"by grade: Easy {len(easy_won)} of {len(easy)} (" in text
    assert "All games\n  Eight Off: played 6, won 4, lost 2 (66.7% won)\n  FreeCell: played 1" in text
    italian = stats(tmp_path, language="it").stdout
    assert f"per livello: Facile {len(easy_won)} su {len(easy)} (" in italian
    assert "1 partita risolta con aiuto" in italian


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_dialog_and_the_command_line_say_each_outcome_alike(tmp_path: Path, language: str) -> None:
    record(tmp_path)
    install_language(language)
    try:
        games = Store(HomeDirs(tmp_path)).overview().recent
        kinds = {game.outcome for game in games}
        assert kinds == {"won", "lost", "solved with help"}
        for game in games:
            word = outcome_word(game.outcome)
            assert f"   {word}   " in row_words(game) and f": {word}, " in line(game)
        assert outcome_word("solved with help") == _("solved with help") != "solver"
    finally:
        install_language("en")


def write_log(home: Path, results: list[tuple[str, bool]]) -> None:
    """A record of finished games, (game, won) in the order they ended, as an older version's log
    has them, imported."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "games.jsonl").write_text("".join(json.dumps({
        "version": 1, "rules": rules, "deal": number + 1, "won": won, "moves": 80, "seconds": 200.0,
        "finished": f"2026-01-01T10:{number // 60:02}:{number % 60:02}Z", "id": f"g{number}",
        "outcome": "won" if won else "lost"}) + "\n" for number, (rules, won) in enumerate(results)))


def text_pixels_in_the_win_rate_plot(target: Path) -> int:
    """Pixels of the text's colour well inside the left chart's plot, clear of its labels: only
    all games' line is drawn in that colour there."""
    picture = pygame.image.load(str(target))
    return sum(tuple(picture.get_at((x, y)))[:3] == theme.CLASSIC.TEXT
               for x in range(130, 480) for y in range(150, 370))


def test_the_chart_draws_all_games_win_rate_beside_the_game_s(tmp_path: Path) -> None:
    pygame.init()
    alone, mixed = tmp_path / "alone", tmp_path / "mixed"
    write_log(alone, [("standard", number % 3 != 0) for number in range(30)])
    write_log(mixed, [(("standard", "freecell", "raglan")[number % 3], number % 3 == 0 or number % 7 < 2)
                      for number in range(90)])  # every Eight Off won, all games' share varies
    for home in (alone, mixed):
        assert stats(home, "--import", str(home / "games.jsonl")).returncode == 0
        result = stats(home, "--chart", str(home / "chart.png"), "--rules", "standard")
        assert (result.returncode, result.stderr) == (0, ""), result
    assert text_pixels_in_the_win_rate_plot(alone / "chart.png") == 0
    assert text_pixels_in_the_win_rate_plot(mixed / "chart.png") > 100


@pytest.mark.parametrize("options", [("--csv", "-"), ("--export", "-"), (), ("--json",)])
def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path, options: tuple[str, ...]) -> None:
    """`stats --csv - | head`: the reader closes its end before the rows come, and the command
    ends with status 0 and not a word on stderr, as Unix tools do."""
    record(tmp_path)
    environment = {**os.environ, "EIGHTOFF_HOME": str(tmp_path)}
    command = subprocess.Popen([sys.executable, "-m", "eightoff", "stats", *options], env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert command.stdout is not None and command.stderr is not None
    command.stdout.close()
    errors = command.stderr.read()
    assert (command.wait(timeout=60), errors) == (0, "")
