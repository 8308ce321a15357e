"""The desktop's scale factor: read from the desktop, and the whole window drawn at it.

At GDK_SCALE=2 a window of twice the pixels must look like the 1x one: the toolbar, the
status line, the dialogs' text and the cards twice as large, and the mouse still landing on
the card under it. The real App runs with SDL's dummy driver and real events.
"""

from __future__ import annotations

import stat
import time
from pathlib import Path

import pytest

from eightoff.core.cards import Card
from eightoff.core.piles import Pile
from eightoff.core.variants import STANDARD
from eightoff.session.start import open_session
from eightoff.store import HomeDirs, Store
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog
from eightoff.ui.layout import chrome_scale, compute_layout, fit_scale
from eightoff.ui.scaling import desktop_scale, no_dpi, xrdb_dpi
from tests.ui.helpers import click, make_app


def test_the_desktop_scale_comes_from_gtk_then_qt_then_xft() -> None:
    assert desktop_scale({"GDK_SCALE": "2"}, lambda: 288.0) == 2.0
    assert desktop_scale({"QT_SCALE_FACTOR": "1.5"}, no_dpi) == 1.5
    assert desktop_scale({"GDK_SCALE": "two", "QT_SCALE_FACTOR": "1.25"}, no_dpi) == 1.25
    assert desktop_scale({}, lambda: 192.0) == 2.0
    assert desktop_scale({}, no_dpi) == 1.0


def test_absurd_scales_are_clamped() -> None:
    assert desktop_scale({"GDK_SCALE": "0.5"}, no_dpi) == 1.0
    assert desktop_scale({"GDK_SCALE": "40"}, no_dpi) == 4.0
    assert desktop_scale({"GDK_SCALE": "nan"}, lambda: 96.0) == 1.0
    assert desktop_scale({"QT_SCALE_FACTOR": "-2"}, lambda: -5.0) == 1.0


def fake_xrdb(folder: Path, script: str) -> None:
    program = folder / "xrdb"
    program.write_text(f"#!/bin/sh\n{script}\n")
    program.chmod(program.stat().st_mode | stat.S_IEXEC)


def test_xft_dpi_is_read_from_xrdb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    fake_xrdb(tmp_path, 'printf "Xft.antialias:\\t1\\nXft.dpi:\\t144\\n"')
    assert xrdb_dpi() == 144.0


@pytest.mark.parametrize("script", ['echo "Xft.antialias: 1"', "exit 1", 'echo "Xft.dpi: lots"', ""])
def test_xrdb_without_a_dpi_means_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    if script:
        fake_xrdb(tmp_path, script)  # else: no xrdb on the PATH at all
    assert xrdb_dpi() is None


def test_a_2x_window_is_the_1x_one_twice_over(monkeypatch: pytest.MonkeyPatch) -> None:
    single = make_app(size=(1000, 700))
    monkeypatch.setenv("GDK_SCALE", "2")
    double = make_app(size=(2000, 1400))
    assert (single.ui_scale, double.ui_scale) == (1.0, 2.0)
    one, two = single.table.layout, double.table.layout
    assert two.toolbar.h == 2 * one.toolbar.h and two.status.h == 2 * one.status.h
    assert abs(two.card[0] - 2 * one.card[0]) <= 1
    assert double.table.toolbar.font_size == pytest.approx(2 * single.table.toolbar.font_size, abs=1)
    assert theme.font(double.table.toolbar.font_size).get_height() >= 1.9 * theme.font(
        single.table.toolbar.font_size).get_height()
    bars = [app.table.status.segments(app.table.layout.status, app.table.view.summary())[0]
            for app in (single, double)]
    assert bars[1].font.get_height() >= 1.9 * bars[0].font.get_height()
    for app in (single, double):
        app.table.perform("help")
    dialogs = [app.top for app in (single, double)]
    assert all(isinstance(dialog, Dialog) for dialog in dialogs)
    small, large = (dialog for dialog in dialogs if isinstance(dialog, Dialog))
    assert large.text_font.get_linesize() >= 1.9 * small.text_font.get_linesize()
    assert large.panel.w == pytest.approx(2 * small.panel.w, abs=2)


def test_a_click_at_2x_lands_on_the_card_under_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GDK_SCALE", "2")
    app = make_app(size=(1800, 1300))
    ace = app.table.sprites.by_card[Card.parse("AD")].rect
    click(app, (ace.centerx, ace.bottom - 10))  # through the event queue, in window pixels
    assert Card.parse("AD") in app.table.game.position.cards(Pile.foundation(Card.parse("AD").suit))


def test_the_smallest_window_grows_with_the_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GDK_SCALE", "2")
    app = make_app(size=(800, 600))
    assert app.size == (1600, 1200)


def test_the_window_size_is_kept_in_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved at 2x as half its pixels, so the same window opens alike at any scale."""
    monkeypatch.setenv("GDK_SCALE", "2")
    store = Store(HomeDirs(tmp_path))
    app = App(open_session(time.monotonic, store=store), size=(2400, 1500))
    app.close()
    assert Store(HomeDirs(tmp_path)).load_preferences().window_size == (1200, 750)


def test_a_scale_too_large_for_the_screen_is_lowered() -> None:
    assert fit_scale(2.0, (2560, 1440)) == 2.0
    assert fit_scale(2.0, (1920, 1080)) == pytest.approx((1080 - 100) / 600)
    assert fit_scale(1.0, (640, 480)) == 1.0


def test_bars_keep_growing_with_a_large_window_at_any_scale() -> None:
    assert chrome_scale(2560, 1440, 2.0) == 2.0  # 1280x720 points: the base size, doubled
    assert chrome_scale(2560, 1600) == 2.0
    assert chrome_scale(800, 600) == chrome_scale(1280, 800) == 1.0
    layout = compute_layout(1600, 1200, STANDARD, ui_scale=2.0)
    assert layout.toolbar.h == 2 * compute_layout(800, 600, STANDARD).toolbar.h
