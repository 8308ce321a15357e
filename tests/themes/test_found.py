"""Finding the installed themes: Aisleriot's sheets and KPatience's decks under the XDG data
folders, the player's own folder first, each named as Preferences keeps it."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from eightoff.themes.found import data_folders, find_theme, find_themes, is_theme_id

from .makers import write_deck, write_sheet


def environ(home: Path, *dirs: Path) -> dict[str, str]:
    folders = ":".join(str(each) for each in dirs)
    return {"XDG_DATA_HOME": str(home), "XDG_DATA_DIRS": folders or "/nonexistent"}


def test_the_xdg_folders_in_their_order_with_their_defaults(tmp_path: Path) -> None:
    assert data_folders(environ(tmp_path / "home", tmp_path / "a", tmp_path / "b")) == [
        str(tmp_path / "home"), str(tmp_path / "a"), str(tmp_path / "b")]
    defaults = data_folders({})
    assert defaults[1:] == ["/usr/local/share", "/usr/share"]
    assert defaults[0] == os.path.join(os.path.expanduser("~"), ".local", "share")
    assert data_folders({"XDG_DATA_HOME": "relative", "XDG_DATA_DIRS": "also:/abs"}) == ["/abs"]


def test_sheets_and_decks_are_found_with_their_ids_and_names(tmp_path: Path) -> None:
    home, system = tmp_path / "home", tmp_path / "system"
    write_sheet(home / "aisleriot" / "cards", "anglo_modern", zipped=True)
    write_sheet(system / "aisleriot" / "cards", "bonded")
    write_deck(system / "carddecks", "svg-nice")
    (system / "aisleriot" / "cards" / "notes.txt").write_text("not a theme")
    themes = find_themes(environ(home, system), tmp_path / "own")
    assert [(theme.id, theme.name, theme.kind) for theme in themes] == [
        ("aisleriot:anglo_modern", "Anglo modern", "aisleriot"),
        ("aisleriot:bonded", "Bonded", "aisleriot"),
        ("kde:svg-nice", "Test svg-nice", "kde"),
    ]
    deck = themes[2]
    assert deck.path == system / "carddecks" / "svg-nice" / "index.desktop"
    assert deck.svg == system / "carddecks" / "svg-nice" / "svg-nice.svgz"
    assert is_theme_id("kde:svg-nice") and is_theme_id("aisleriot:x")
    assert not any(is_theme_id(name) for name in ("standard", "kde:", "gnome:x", "large"))


def test_the_players_own_folder_takes_either_kind_and_comes_first(tmp_path: Path) -> None:
    own, system = tmp_path / "own", tmp_path / "system"
    write_sheet(system / "aisleriot" / "cards", "bonded")
    write_sheet(own, "bonded")
    write_deck(own, "mydeck")
    themes = find_themes(environ(tmp_path / "home", system), own)
    assert [(theme.id, theme.path.parent) for theme in themes] == [
        ("aisleriot:bonded", own), ("kde:mydeck", own / "mydeck")]
    theme = find_theme("aisleriot:bonded", environ(tmp_path / "home", system), own)
    assert theme is not None and theme.path == own / "bonded.svg"
    assert find_theme("aisleriot:nothing", environ(tmp_path / "home", system), own) is None


def test_the_own_folder_is_cards_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EIGHTOFF_HOME", str(tmp_path))
    write_sheet(tmp_path / "data" / "cards", "mine")
    assert [theme.id for theme in find_themes(environ(tmp_path / "none"))] == ["aisleriot:mine"]


@pytest.mark.parametrize(("desktop", "problem"), [
    ("[KDE Backdeck]\nName=No picture\n", "its index.desktop names no SVG"),
    ("[KDE Backdeck]\nName=Far\nSVG=../../elsewhere.svgz\n", "its SVG is outside its folder"),
    ("[Other]\nSVG=x.svgz\n[KDE Backdeck]\nName=Late\n", "its index.desktop names no SVG"),
])
def test_a_deck_whose_index_names_no_svg_of_its_own_is_listed_with_why(tmp_path: Path, desktop: str,
                                                                     problem: str) -> None:
    write_deck(tmp_path / "carddecks", "odd", desktop=desktop)
    (theme,) = find_themes(environ(tmp_path), tmp_path / "own")
    assert (theme.id, theme.svg, theme.problem) == ("kde:odd", None, problem)


def test_a_deck_without_index_and_a_linked_deck_are_listed_with_why(tmp_path: Path) -> None:
    decks = tmp_path / "carddecks"
    (decks / "bare").mkdir(parents=True)
    write_deck(tmp_path / "elsewhere", "real")
    (decks / "linked").symlink_to(tmp_path / "elsewhere" / "real")
    problems = {theme.id: theme.problem for theme in find_themes(environ(tmp_path), tmp_path / "own")}
    assert problems == {"kde:bare": "it has no index.desktop", "kde:linked": "it is a symbolic link"}


def test_a_linked_sheet_in_the_own_folder_is_listed_once_as_a_sheet(tmp_path: Path) -> None:
    """The player's own folder holds both kinds: a link to a sheet there is the sheet's entry
    (refused as a link), not a second entry as a KDE deck."""
    own = tmp_path / "own"
    own.mkdir()
    (own / "linked.svgz").symlink_to(write_sheet(tmp_path / "elsewhere", "real"))
    (own / "deck").symlink_to(tmp_path / "elsewhere")
    ids = sorted(theme.id for theme in find_themes(environ(tmp_path), own))
    assert ids == ["aisleriot:linked", "kde:deck"]


def test_an_unreadable_folder_is_one_line_in_the_debug_log_and_the_rest_is_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    home, system = tmp_path / "home", tmp_path / "system"
    write_sheet(home / "aisleriot" / "cards", "locked")
    write_sheet(system / "aisleriot" / "cards", "open")
    real_scandir = os.scandir
    locked = home / "aisleriot" / "cards"

    def scandir(path: object) -> object:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "scandir", scandir)
    with caplog.at_level(logging.DEBUG, logger="eightoff.themes.found"):
        themes = find_themes(environ(home, system), tmp_path / "own")
    assert [theme.id for theme in themes] == ["aisleriot:open"]
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 1 and str(locked) in lines[0] and "Permission denied" in lines[0]


def test_one_theme_looked_up_is_the_one_the_list_holds(tmp_path: Path) -> None:
    """The window looks a chosen theme up by its own paths; it must find what the list shows."""
    own, home, system = tmp_path / "own", tmp_path / "home", tmp_path / "system"
    write_sheet(own, "twice")
    write_sheet(system / "aisleriot" / "cards", "twice", zipped=True)
    write_sheet(home / "aisleriot" / "cards", "both")
    write_sheet(home / "aisleriot" / "cards", "both", zipped=True)
    write_sheet(system / "aisleriot" / "cards", "Атласные", zipped=True)
    write_sheet(system / "aisleriot" / "cards", "upper")
    (system / "aisleriot" / "cards" / "upper.svg").rename(system / "aisleriot" / "cards" / "upper.SVG")
    write_deck(own, "mine")
    write_deck(system / "carddecks", "mine")
    write_deck(system / "carddecks", "other", desktop="[KDE Backdeck]\nName=Other\n")
    (system / "carddecks" / "bare").mkdir()
    (system / "carddecks" / "linked").symlink_to(system / "carddecks" / "other")
    env = environ(home, system)
    listed = find_themes(env, own)
    assert len(listed) == 7
    for theme in listed:
        assert find_theme(theme.id, env, own) == theme
    for missing in ("aisleriot:nothing", "aisleriot:upper", "kde:nothing", "kde:../system", "aisleriot:a/b",
                    "standard"):
        assert find_theme(missing, env, own) is None
