"""An installed theme on the table, as a player meets it: the first frame does not wait for
it, its cards follow once drawn, the table takes its proportions, the next start shows it at
once; a theme that cannot be drawn, or a damaged drawing, leaves the built-in design with one
line in the debug log, the window up and nothing written outside the cache folder."""

from __future__ import annotations

import hashlib
import io
import logging
import subprocess
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from eightoff.core.cards import DECK, Card
from eightoff.core.piles import Pile
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.store.store import Store
from eightoff.themes.found import AISLERIOT, KDE, find_themes
from eightoff.themes.kept import GRID, cell
from eightoff.ui import faces as faces_module
from eightoff.ui.app import App
from eightoff.ui.dialogs import PreferencesDialog
from eightoff.ui.faces import CardFaces
from eightoff.ui.layout import LARGEST_CARD
from eightoff.ui.themes import deck, limits
from eightoff.ui.themes.choice import face_notes
from eightoff.ui.themes.deck import INDEX_SHARE, ThemeFaces
from eightoff.userfiles.dirs import HomeDirs
from tests.themes.makers import card_colour, write_deck, write_sheet
from tests.themes.test_bad_themes import BAD, greedy_pattern, slow_filter, themes_json

from .helpers import FakeClock, click, drag, grip, key, pile_center

SHEETS = Path("aisleriot") / "cards"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The XDG data folder the themes are found in (and nothing of the machine's)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "nothing"))
    monkeypatch.setenv("EIGHTOFF_HOME", str(tmp_path / "home"))
    return tmp_path / "data"


def open_window(home: Path, face: str, size: tuple[int, int] = (1280, 800), rules: str = "standard") -> App:
    faces_module._cached.cache_clear()  # as a new process: nothing drawn yet
    session = Session.open(Keeper(Store(HomeDirs(home))), FakeClock(), key=rules, deal=617)
    session.preferences.card_face = face
    app = App(session, out=io.StringIO(), size=size)
    app.pump()
    return app


def until_drawn(app: App) -> None:
    """Run the loop until no theme is being drawn (a drawing takes a few seconds at most)."""
    give_up = time.monotonic() + 120
    while app.table.art.pending and time.monotonic() < give_up:
        time.sleep(0.05)
        app.pump()
    assert not app.table.art.pending
    app.pump()


def drawn_cells(faces: ThemeFaces) -> list[bytes]:
    """Each card's and the back's pixels in the grid the drawing process left for `faces`."""
    width, height = faces.size
    grid = pygame.image.load(faces.kept.picture_path(faces.size))
    assert grid.get_size() == (width * GRID[0], height * GRID[1])
    boxes = [(cell(card)[0] * width, cell(card)[1] * height, width, height) for card in [*DECK, None]]
    return [pygame.image.tobytes(grid.subsurface(box), "RGBA") for box in boxes]


def shown(app: App, card: str) -> tuple[int, int, int]:
    sprite = app.table.sprites.by_card[Card.parse(card)]
    colour = sprite.image.get_at((sprite.rect.w // 2, sprite.rect.h // 2))
    return (colour.r, colour.g, colour.b)


def near(one: tuple[int, ...], other: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 4 for a, b in zip(one, other, strict=True))


def outside_home(root: Path) -> dict[str, str]:
    """Every file outside the program's own folders (its store and cache), with its content:
    the theme's folder among them."""
    return {str(path): hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
            for path in root.rglob("*") if path.relative_to(root).parts[0] != "home"}


def test_the_first_frame_does_not_wait_and_the_theme_follows_in_its_proportions(
        tmp_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("resvg_py")
    write_sheet(data / SHEETS, "mine")
    app = open_window(tmp_path / "home", "aisleriot:mine")
    try:
        assert not isinstance(app.table.faces, ThemeFaces)  # the built-in design at first
        assert app.table.art.pending  # while the theme is drawn in its own process
        until_drawn(app)
        assert isinstance(app.table.faces, ThemeFaces)
        width, height = app.table.layout.card
        assert height == round(width * 1.5)  # the test sheet's cards are 1.5 high per unit of width
        for card in ("AS", "KH", "7D", "TC"):
            assert near(shown(app, card), card_colour(Card.parse(card)))
        app.full_redraw = True
        app.draw()
        box = app.table.sprites.by_card[Card.parse("KH")].rect
        assert near(tuple(app.screen.get_at((box.centerx, box.y + 5)))[:3], card_colour(Card.parse("KH")))
    finally:
        app.close()

    def not_at_a_warm_start() -> None:
        raise AssertionError("the next start lists the themes or looks for resvg-py")

    # The next start reads the theme's own files only: no theme folder is listed, and the
    # renderer, which only a drawing needs, is not looked for.
    monkeypatch.setattr(deck, "find_themes", not_at_a_warm_start)
    monkeypatch.setattr(deck, "renderer_missing", not_at_a_warm_start)
    second = open_window(tmp_path / "home", "aisleriot:mine")
    try:  # the next start: the theme at its first frame, nothing to draw
        assert isinstance(second.table.faces, ThemeFaces) and not second.table.art.pending
        assert near(shown(second, "KH"), card_colour(Card.parse("KH")))
        # Its first frame showed no back, so none was kept for it: the theme's own comes when asked.
        back = second.table.faces.back()
        middle = back.get_at((back.get_width() // 2, back.get_height() // 2))
        assert near((middle.r, middle.g, middle.b), card_colour(None))
    finally:
        second.close()


def test_a_kde_deck_plays_on_the_table(tmp_path: Path, data: Path) -> None:
    pytest.importorskip("resvg_py")
    write_deck(data / "carddecks", "testdeck")
    app = open_window(tmp_path / "home", "kde:testdeck")
    try:
        until_drawn(app)
        assert isinstance(app.table.faces, ThemeFaces)
        width, height = app.table.layout.card
        assert abs(height / width - 1.4) < 0.03
        for card in ("AH", "QD", "2C", "KS"):
            assert near(shown(app, card), card_colour(Card.parse(card)))
    finally:
        app.close()


@pytest.mark.parametrize("kind", ["garbage", "empty", "truncated", "bad gzip", "100 MB", "zip bomb",
                                  "10^6 px wide", "external 1", "entities", "link", "fifo", "deep nesting",
                                  "use chain"])
def test_a_theme_that_cannot_be_drawn_leaves_the_built_in_design_and_one_line(
        tmp_path: Path, data: Path, kind: str, caplog: pytest.LogCaptureFixture) -> None:
    pytest.importorskip("resvg_py")
    BAD[kind][0](data / SHEETS)
    (theme,) = find_themes()
    before = outside_home(tmp_path)
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.themes.deck"):
        app = open_window(tmp_path / "home", theme.id)
        try:
            until_drawn(app)
            app.pump(3)  # the window stays up and plays on
            assert app.running and type(app.table.faces) is CardFaces
            assert app.table.faces.design == "standard"
            assert app.table.layout.card[1] == round(app.table.layout.card[0] * 1.4)
        finally:
            app.close()
    lines = [record.getMessage() for record in caplog.records if record.name == "eightoff.ui.themes.deck"]
    assert len(lines) == 1 and "cannot be drawn" in lines[0] and BAD[kind][1] in lines[0], lines
    assert outside_home(tmp_path) == before


@pytest.mark.parametrize(("make", "why", "seconds"), [
    (slow_filter, "drawing it takes longer than 3 seconds", 3.0),
    (greedy_pattern, "drawing it needs more memory than a card theme may have", limits.DRAW_SECONDS),
])
def test_a_drawing_past_its_time_or_memory_is_stopped_and_the_window_plays_on(
        tmp_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        make: Callable[[], str], why: str, seconds: float) -> None:
    """A theme that reads well but whose drawing would run for hours (a slow filter) or take
    gigabytes (a huge pattern tile): the drawing is stopped at its limit (the time limit
    shortened here, the memory one as it is), the window's loop never waits for it, the
    built-in design stays with one line, and the next start and the theme list know it
    without drawing it again."""
    pytest.importorskip("resvg_py")
    monkeypatch.setattr(limits, "DRAW_SECONDS", seconds)
    write_sheet(data / SHEETS, "hostile", make())
    before = outside_home(tmp_path)
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.themes.deck"):
        app = open_window(tmp_path / "home", "aisleriot:hostile")
        try:
            assert app.table.art.running is not None
            process = app.table.art.running.process
            if make is slow_filter:
                app.pump(3)
                assert process.poll() is None  # frames go on while it draws
                if Path(f"/proc/{process.pid}/limits").exists():  # Linux: what it holds itself to
                    held = held_limits(process)
                    assert held["Max cpu time"] == "3"
                    assert held["Max address space"] != "unlimited"
                    assert int(held["Max address space"]) <= limits.memory_for(LARGEST_CARD ** 2 * 2 * 65)
            until_drawn(app)
            assert process.returncode is not None  # stopped and reaped, never left running
            assert app.running and type(app.table.faces) is CardFaces
            assert app.table.layout.card[1] == round(app.table.layout.card[0] * 1.4)
            assert app.table.art.problem("aisleriot:hostile") == why
        finally:
            app.close()
    lines = [record.getMessage() for record in caplog.records if record.name == "eightoff.ui.themes.deck"]
    assert lines == [f"card theme aisleriot:hostile cannot be drawn, the built-in design is used: {why}"]
    assert outside_home(tmp_path) == before
    second = open_window(tmp_path / "home", "aisleriot:hostile")
    try:  # known at the next start: no drawing is started again
        second.pump(3)
        assert not second.table.art.pending and type(second.table.faces) is CardFaces
    finally:
        second.close()
    assert [(row["drawable"], row.get("reason")) for row in themes_json(tmp_path / "home", data)] == [
        (False, why)]


def held_limits(process: subprocess.Popen[bytes]) -> dict[str, str]:
    """The soft limits of the drawing process, once it has set its own (the window's loop, which
    would stop it at its time, is not run meanwhile)."""
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        rows = Path(f"/proc/{process.pid}/limits").read_text().splitlines()[1:]
        held = {row[:26].strip(): row[26:].split()[0] for row in rows}
        if held["Max cpu time"] != "unlimited":
            return held
        time.sleep(0.02)
    raise AssertionError("the drawing process set no limits")


def cut_short(data: bytes) -> bytes:
    return data[:500]


def one_byte_changed(data: bytes) -> bytes:
    """A byte in the middle of the pixels flipped: the file's length and its end unchanged."""
    middle = len(data) // 2
    return data[:middle] + bytes([data[middle] ^ 0x40]) + data[middle + 1:]


@pytest.mark.parametrize("damage", [cut_short, one_byte_changed])
def test_a_damaged_drawing_is_set_aside_and_drawn_again(
        tmp_path: Path, data: Path, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str],
        damage: Callable[[bytes], bytes]) -> None:
    """A kept drawing damaged on disk is told by its structure and checksums before pygame sees
    it (so libpng prints nothing on the terminal), kept under another name, never deleted, and
    the theme drawn again; one line in the debug log."""
    pytest.importorskip("resvg_py")
    write_sheet(data / SHEETS, "mine")
    app = open_window(tmp_path / "home", "aisleriot:mine")
    until_drawn(app)
    size = app.table.layout.card
    app.close()
    (picture,) = (tmp_path / "home" / "cache" / "themes").glob(f"*-{size[0]}x{size[1]}.png")
    damaged = damage(picture.read_bytes())
    picture.write_bytes(damaged)
    for kept in (tmp_path / "home" / "cache").glob("faces-theme-*"):
        kept.unlink()  # the launch's own copy too, so the PNG is what is read
    capfd.readouterr()
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.themes.deck"):
        second = open_window(tmp_path / "home", "aisleriot:mine")
        try:
            assert type(second.table.faces) is CardFaces
            until_drawn(second)
            assert isinstance(second.table.faces, ThemeFaces)
            assert near(shown(second, "QS"), card_colour(Card.parse("QS")))
        finally:
            second.close()
    assert capfd.readouterr().err == ""
    (aside,) = picture.parent.glob(picture.name + ".corrupt-*")
    assert aside.read_bytes() == damaged and picture.read_bytes() != damaged
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 1 and "damaged" in lines[0] and "drawn again" in lines[0] and str(aside) in lines[0]


def test_without_resvg_the_game_starts_as_today(tmp_path: Path, data: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    write_sheet(data / SHEETS, "mine")
    monkeypatch.setattr(deck, "renderer_missing", lambda: "resvg-py, which draws themes, is not installed")
    app = open_window(tmp_path / "home", "aisleriot:mine")
    try:
        assert type(app.table.faces) is CardFaces and not app.table.art.pending
        assert app.table.art.problem("aisleriot:mine") == "resvg-py, which draws themes, is not installed"
        assert app.table.layout.card[1] == round(app.table.layout.card[0] * 1.4)
        assert pygame.display.get_init()
    finally:
        app.close()


def labels(dialog: object) -> list[str]:
    return [choice.label for choice in dialog.choices]  # type: ignore[attr-defined]


def cards_page(app: App) -> PreferencesDialog:
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    [page] = [choice for choice in dialog.choices if choice.label == "Cards and sound…"]
    click(app, page.rect.center)
    return dialog


def click_row(app: App, dialog: PreferencesDialog, start: str) -> None:
    [row] = [choice for choice in dialog.choices if choice.label.startswith(start)]
    click(app, row.rect.center)


@pytest.mark.slow
def test_preferences_lists_the_designs_then_the_themes_and_previews_the_chosen_one(
        tmp_path: Path, data: Path) -> None:
    pytest.importorskip("resvg_py")
    write_sheet(data / SHEETS, "mine")
    write_sheet(data / SHEETS, "broken", b"")
    write_deck(data / "carddecks", "testdeck")
    app = open_window(tmp_path / "home", "standard")
    try:
        dialog = cards_page(app)
        seen = []
        for _ in range(6):
            click_row(app, dialog, "Card faces")
            seen.append(labels(dialog)[0])
        assert seen == ["Card faces: " + name for name in (
            "Classic", "Large index", "Broken (Aisleriot)", "Mine (Aisleriot)", "Test testdeck (KDE)",
            "Standard")]
        for _ in range(4):
            click_row(app, dialog, "Card faces")
        assert app.preferences.card_face == "aisleriot:mine"
        until_drawn(app)  # the table's cards and the preview's
        assert isinstance(app.table.faces, ThemeFaces)
        assert face_notes(app.preferences, app.table.art) == [
            "Four colours and high contrast do not apply to a theme"]
        area = dialog.figure_area()
        row = [tuple(app.screen.get_at((x, area.centery)))[:3] for x in range(area.x, area.right)]
        for card in ("AS", "KH", "QC"):  # the preview's cards, the theme's own
            assert any(near(colour, card_colour(Card.parse(card))) for colour in row), card
        click_row(app, dialog, "General")
        assert "Four-colour deck: off (not for a theme)" in labels(dialog)
        assert "High-contrast colours: off (not for a theme)" in labels(dialog)
        click_row(app, dialog, "Cards and sound")
        for _ in range(5):
            click_row(app, dialog, "Card faces")
        assert app.preferences.card_face == "aisleriot:broken"
        until_drawn(app)
        assert labels(dialog)[0] == "Card faces: Broken (Aisleriot): cannot be drawn"
        assert face_notes(app.preferences, app.table.art) == [
            "Cannot be drawn: it is empty"]
        assert type(app.table.faces) is CardFaces
    finally:
        app.close()


def test_where_the_themes_index_would_be_too_small_the_large_index_is_offered(
        tmp_path: Path, data: Path) -> None:
    pytest.importorskip("resvg_py")
    write_sheet(data / SHEETS, "mine")
    app = open_window(tmp_path / "home", "aisleriot:mine", size=(800, 600), rules="freecell")
    try:
        until_drawn(app)
        assert app.table.layout.card[1] * INDEX_SHARE < 9  # FreeCell's cards at 800x600, 1.5 high
        dialog = cards_page(app)
        note = face_notes(app.preferences, app.table.art)[-1]
        assert note.startswith("Its corner index is under 9 px here")
        click_row(app, dialog, "Use the Large index design")
        assert app.preferences.card_face == "large" and app.table.faces.design == "large"
        assert "Use the Large index design" not in labels(dialog)
    finally:
        app.close()


def test_a_deck_without_its_svg_is_told_without_a_drawing(tmp_path: Path, data: Path,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    write_deck(data / "carddecks", "nosvg", desktop="[KDE Backdeck]\nName=No SVG\n")
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.themes.deck"):
        app = open_window(tmp_path / "home", "kde:nosvg")
        try:
            assert not app.table.art.pending and type(app.table.faces) is CardFaces
            assert app.table.art.problem("kde:nosvg") == "its index.desktop names no SVG"
        finally:
            app.close()
    assert [record.getMessage() for record in caplog.records] == [
        "card theme kde:nosvg cannot be drawn, the built-in design is used: its index.desktop names no SVG"]


def test_a_resized_window_keeps_its_theme_scaled_until_drawn_for_the_new_size(tmp_path: Path,
                                                                            data: Path) -> None:
    pytest.importorskip("resvg_py")
    write_sheet(data / SHEETS, "mine")
    app = open_window(tmp_path / "home", "aisleriot:mine")
    try:
        until_drawn(app)
        before = app.table.layout.card
        app.window.native.size = (1000, 700)  # the window system's size event goes through the loop
        app.pump()
        size = app.table.layout.card
        assert size != before and size[1] == round(size[0] * 1.5)
        assert isinstance(app.table.faces, ThemeFaces) and app.table.art.pending  # scaled, not the built-in
        scaled = zip(shown(app, "KH"), card_colour(Card.parse("KH")), strict=True)
        assert all(abs(a - b) <= 8 for a, b in scaled)
        until_drawn(app)
        assert app.table.faces is app.table.art.drawn[("aisleriot:mine", size)]  # drawn for this size
    finally:
        app.close()


def test_going_through_the_themes_stops_the_drawing_of_one_left(tmp_path: Path, data: Path) -> None:
    pytest.importorskip("resvg_py")
    write_sheet(data / SHEETS, "first")
    write_sheet(data / SHEETS, "second")
    app = open_window(tmp_path / "home", "standard")
    try:
        dialog = cards_page(app)
        for _ in range(3):
            click_row(app, dialog, "Card faces")
        assert app.preferences.card_face == "aisleriot:first" and app.table.art.running is not None
        first = app.table.art.running.process
        click_row(app, dialog, "Card faces")
        assert app.preferences.card_face == "aisleriot:second"
        assert first.returncode is not None  # stopped, not waited for
        until_drawn(app)
        assert isinstance(app.table.faces, ThemeFaces) and app.table.faces.theme.id == "aisleriot:second"
        assert app.table.art.problem("aisleriot:first") == ""  # stopped is not "cannot be drawn"
    finally:
        app.close()


def test_at_1920x1080_no_large_index_is_offered(tmp_path: Path, data: Path) -> None:
    pytest.importorskip("resvg_py")
    write_sheet(data / SHEETS, "mine")
    app = open_window(tmp_path / "home", "aisleriot:mine", size=(1920, 1080))
    try:
        until_drawn(app)
        dialog = cards_page(app)
        assert "Use the Large index design" not in labels(dialog)
        assert face_notes(app.preferences, app.table.art) == [
            "Four colours and high contrast do not apply to a theme"]
    finally:
        app.close()


@pytest.mark.system
@pytest.mark.slow  # every theme the machine has drawn in turn: a minute or more
@pytest.mark.parametrize("kind", [AISLERIOT, KDE])
def test_every_installed_theme_can_be_chosen_and_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       kind: str) -> None:
    """The machine's own themes (Debian's gnome-cards-data and kdegames-card-data-kf5 in CI),
    each chosen as Preferences chooses it, on a table at the smallest window: every Aisleriot
    theme is drawn with 53 different cards and its cards move; a KDE deck is drawn so and
    plays, or its fault is named. Each theme is drawn once, here, for all of that."""
    pytest.importorskip("resvg_py")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "nothing"))
    monkeypatch.setenv("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
    monkeypatch.setenv("EIGHTOFF_HOME", str(tmp_path / "home"))
    installed = [theme for theme in find_themes() if theme.kind == kind]
    if not installed:
        pytest.skip(f"no {kind} themes installed")
    app = open_window(tmp_path / "home", "standard", size=(800, 600))
    played = 0
    try:
        for theme in installed:
            before = app.preferences
            app.settings.changed(before, replace(before, card_face=theme.id))
            until_drawn(app)
            why = app.table.art.problem(theme.id)
            if kind == KDE and why:
                assert type(app.table.faces) is CardFaces  # the built-in design, and the fault named
                continue
            faces = app.table.faces
            assert not why and isinstance(faces, ThemeFaces), (theme.id, why)
            assert len(set(drawn_cells(faces))) == 53, theme.id  # every face and the back its own
            width, height = app.table.layout.card
            assert abs(height - width * app.table.art.aspect(app.preferences)) <= 1, theme.id
            position = app.table.game.position
            top = position.cards(Pile.column(0))[-1]
            free = next(index for index in range(8) if not position.cards(Pile.cell(index)))
            drag(app, grip(app, str(top)), pile_center(app, Pile.cell(free)))
            assert app.table.game.position.cards(Pile.cell(free)) == (top,), theme.id
            key(app, pygame.K_z, pygame.KMOD_CTRL)
            assert app.table.game.position == position, theme.id
            played += 1
    finally:
        app.close()
    assert played
