"""`eightoff install-desktop` writes a valid menu entry and icons, and `--uninstall` removes them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from eightoff.core.variants import VARIANTS
from eightoff.desktop import desktop_entry, exec_argument, png_icons
from tests.packaging.conftest import assert_valid_desktop_file, clean_env

ASSETS = Path(__file__).resolve().parents[2] / "eightoff" / "assets"


def install_desktop(data_home: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "eightoff", "install-desktop", *args],
        capture_output=True, text=True, check=False,
        env=clean_env(XDG_DATA_HOME=str(data_home), **env),
    )


def files_under(folder: Path) -> set[Path]:
    return {path.relative_to(folder) for path in folder.rglob("*") if path.is_file()}


def assert_valid_metainfo(path: Path) -> None:
    """`appstreamcli validate` passes it (infos such as a tag this appstream is too old for are fine)."""
    found = shutil.which("appstreamcli")
    if found is None:
        pytest.skip("appstreamcli is not installed (apt install appstream; .ci/run does)")
    result = subprocess.run(
        [found, "validate", "--no-net", "--no-color", str(path)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.system  # desktop-file-validate, appstreamcli
def test_packaged_entry_validates() -> None:
    assert_valid_desktop_file(ASSETS / "eightoff.desktop")


NUMBER_WORDS = re.compile(
    r"\d|\b(one|two|three|four|five|six|seven|eight(?! off)|nine|ten|eleven|twelve|fifteen|twenty|"
    r"uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|quindici|venti)\b", re.IGNORECASE)
"""A count of games, in words or figures, in English or Italian ("Eight Off" is a name)."""


def test_the_entry_speaks_of_the_games_without_a_count_in_english_and_italian() -> None:
    """The menu shows the comment: it speaks of the registry's games, not of Eight Off alone,
    and gives no count of them, which the next game added would make false."""
    fields = dict(
        line.split("=", 1) for line in (ASSETS / "eightoff.desktop").read_text().splitlines() if "=" in line
    )
    assert fields["Name[it]"] and fields["GenericName[it]"] == "Solitario"
    metainfo = ElementTree.parse(ASSETS / "io.github.eightoff.metainfo.xml").getroot()
    summaries = [element.text or "" for element in metainfo.iter("summary")]
    titles = {game.title.partition(" (")[0] for game in VARIANTS.values()}
    for comment in (fields["Comment"], fields["Comment[it]"]):
        assert {"Eight Off", "FreeCell"} <= titles and "Eight Off, FreeCell" in comment, comment
    for words in (fields["Comment"], fields["Comment[it]"], *summaries):
        assert NUMBER_WORDS.search(words) is None, words
    assert fields["Comment[it]"] != fields["Comment"]


def test_the_software_centre_names_every_game_in_english_and_italian() -> None:
    """A software centre shows the metainfo's description: its list of games names each game of
    the registry in both languages, so a game added is not left out of the shop window."""
    metainfo = ElementTree.parse(ASSETS / "io.github.eightoff.metainfo.xml").getroot()
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    items = list(metainfo.iter("li"))
    for language in (None, "it"):
        written = " ".join(item.text or "" for item in items if item.get(lang) == language)
        for game in VARIANTS.values():
            assert game.title.partition(" (")[0] in written, (language, game.title)


@pytest.mark.system  # desktop-file-validate, appstreamcli
def test_packaged_metainfo_validates_and_matches_the_entry() -> None:
    metainfo = ASSETS / "io.github.eightoff.metainfo.xml"
    assert_valid_metainfo(metainfo)
    root = ElementTree.parse(metainfo).getroot()
    assert root.findtext("launchable") == "eightoff.desktop" and (ASSETS / "eightoff.desktop").is_file()
    assert root.findtext("provides/binary") == "eightoff"
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    assert {element.get(lang) for element in root.iter("summary")} == {None, "it"}
    assert root.find("releases/release/description") is not None
    assert root.find("content_rating") is not None
    assert root.findtext("screenshots/screenshot/image", "").endswith("/docs/screenshot.png")
    images = [image.text or "" for image in root.iter("image")]
    assert len(images) >= 4  # the default one, 800x600 in English and Italian, a 2x screen
    for image in images:  # made by scripts/screenshot (--set) and committed beside this file
        in_repository = ASSETS.parent.parent / image.partition("/raw/main/")[2]
        assert "/raw/main/" in image and in_repository.is_file(), image


@pytest.mark.parametrize(
    ("argument", "written"),
    [
        ("/home/ann/.venv/bin/eightoff", "/home/ann/.venv/bin/eightoff"),
        ("/home/ann/my games/eightoff", '"/home/ann/my games/eightoff"'),
        ("/opt/100%/eightoff", "/opt/100%%/eightoff"),
        ('/tmp/a"b$c', '"/tmp/a\\\\"b\\\\$c"'),
        ("/tmp/back\\slash", '"/tmp/back\\\\\\\\slash"'),
    ],
)
def test_exec_arguments_are_quoted_as_the_spec_says(argument: str, written: str) -> None:
    assert exec_argument(argument) == written


@pytest.mark.system  # desktop-file-validate, appstreamcli
def test_entry_for_an_awkward_path_still_validates(tmp_path: Path) -> None:
    entry = tmp_path / "eightoff.desktop"
    entry.write_text(desktop_entry(["/home/ann/my games/100% $fun/eightoff", "-m", "eightoff"]))
    assert_valid_desktop_file(entry)


@pytest.mark.system  # desktop-file-validate, appstreamcli
def test_install_then_uninstall(tmp_path: Path) -> None:
    installed = install_desktop(tmp_path)
    assert installed.returncode == 0, installed.stderr
    expected = {Path("applications/eightoff.desktop"), Path("icons/hicolor/scalable/apps/eightoff.svg")}
    expected.add(Path("metainfo/io.github.eightoff.metainfo.xml"))
    expected |= {Path(f"icons/hicolor/{n}x{n}/apps/eightoff.png") for n in png_icons()}
    assert {16, 32, 48, 256} <= set(png_icons())
    ours = files_under(tmp_path) - {Path("applications/mimeinfo.cache")}  # update-desktop-database's
    assert ours == expected
    assert len(installed.stdout.splitlines()) == len(expected)
    assert (tmp_path / "icons/hicolor/48x48/apps/eightoff.png").read_bytes() == png_icons()[48].read_bytes()

    entry = tmp_path / "applications" / "eightoff.desktop"
    assert_valid_desktop_file(entry)
    assert_valid_metainfo(tmp_path / "metainfo" / "io.github.eightoff.metainfo.xml")
    lines = entry.read_text().splitlines()
    command = Path(next(line for line in lines if line.startswith("Exec=")).removeprefix("Exec="))
    assert command.is_absolute() and command.name == "eightoff" and command.is_file()
    assert f"TryExec={command}" in lines
    for key in ("Icon=eightoff", "StartupWMClass=eightoff", "Categories=Game;CardGame;", "Terminal=false"):
        assert key in lines

    again = install_desktop(tmp_path)
    assert again.returncode == 0 and files_under(tmp_path) - {Path("applications/mimeinfo.cache")} == expected

    removed = install_desktop(tmp_path, "--uninstall")
    assert removed.returncode == 0, removed.stderr
    assert files_under(tmp_path) <= {Path("applications/mimeinfo.cache")}
    assert len(removed.stdout.splitlines()) == len(expected)
    assert install_desktop(tmp_path, "--uninstall").stdout.startswith("nothing to remove")


def test_relative_xdg_data_home_is_ignored(tmp_path: Path) -> None:
    """The spec says a relative XDG_DATA_HOME is invalid: use ~/.local/share instead."""
    result = install_desktop(Path("relative/share"), HOME=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / ".local/share/applications/eightoff.desktop").is_file()
    assert not Path("relative").exists()


def test_unwritable_place_is_one_line_and_exit_1(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    result = install_desktop(blocker)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("eightoff: cannot install")
    assert blocker.read_text() == "a file where the data folder should be"
