"""Sizes and counts in the player's words: a file's limit in MB or KB (not its count of bytes),
and counts that can grow past a thousand grouped as the language writes numbers, through the
catalogue's own separators (Italian "3.000.000", "1,5 MB")."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from eightoff.core.i18n import file_size
from eightoff.locale import install_language
from eightoff.session.figure_words import count_line, streak_lines
from eightoff.solver.cli import Progress
from eightoff.store.statistics import Statistics
from eightoff.themes.found import AISLERIOT, Theme
from eightoff.themes.sheet import problem
from tests.themes.makers import sheet_svg, write_sheet

SIZES = {
    16 << 20: ("16 MB", "16 MB"),
    (3 << 19): ("1.5 MB", "1,5 MB"),
    256 << 10: ("256 KB", "256 KB"),
    4096: ("4 KB", "4 KB"),
    500: ("500 bytes", "500 byte"),
    1: ("1 byte", "1 byte"),
}


@pytest.fixture(params=("en", "it"))
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    install_language(request.param)
    yield request.param
    install_language("en")  # the other tests read the English originals


@pytest.mark.parametrize("size", SIZES)
def test_a_size_is_said_in_the_unit_a_player_reads(language: str, size: int) -> None:
    assert file_size(size) == SIZES[size][language == "it"]


def test_a_large_count_is_grouped(language: str) -> None:
    figures = Statistics("standard", played=3_000_000, won=1_234_567, lost=1_765_433,
                         longest_winning_streak=1500, longest_losing_streak=2)
    words = {"en": ("played 3,000,000, won 1,234,567, lost 1,765,433",
                    "longest streaks: 1,500 won, 2 lost"),
             "it": ("giocate 3.000.000, vinte 1.234.567, perse 1.765.433",
                    "serie più lunghe: 1.500 vinte, 2 perse")}
    assert count_line(figures).startswith(words[language][0])
    assert streak_lines(figures)[-1] == words[language][1]


def test_a_theme_refused_for_its_size_names_the_limit_grouped(language: str, tmp_path: Path) -> None:
    """Nested <use> copying one square ten million times: the refusal's limit reads as a
    number in the player's language, not a run of digits."""
    nested = "".join(f'<g id="level{level}">' + f'<use xlink:href="#level{level - 1}"/>' * 10 + "</g>"
                     for level in range(1, 8))
    path = write_sheet(tmp_path, "uses", sheet_svg(f'<defs><rect id="level0" width="1" height="1"/>'
                                                   f'{nested}</defs><use xlink:href="#level7"/>'))
    said = problem(Theme(f"{AISLERIOT}:uses", AISLERIOT, "Uses", path, path))
    assert ("200.000" if language == "it" else "200,000") in said and "200000" not in said


def test_the_solver_progress_line_groups_its_counts(language: str) -> None:
    out = io.StringIO()
    progress = Progress(12_345, out)
    for _deal in range(1_234):
        progress.step()
    grouped = "1.234/12.345" if language == "it" else "1,234/12,345"
    assert out.getvalue().rsplit("\r", 1)[-1].startswith(grouped)
