"""The card pictures kept between runs (eightoff/ui/face_cache.py): read back pixel for pixel as
drawn, and any file that is not exactly right is drawn again and replaced, never a crash."""

from __future__ import annotations

import contextlib
import io
import os
import threading
import zlib
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.cards import DECK, Suit
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.store import HomeDirs, Store
from eightoff.ui import faces as faces_module
from eightoff.ui.app import App
from eightoff.ui.face_cache import KEPT_FILES, PATTERN, PIXEL_FORMAT
from eightoff.ui.faces import CardFaces
from tests.ui.helpers import FakeClock

SIZE = (40, 56)
"""Small cards: every picture drawn, kept and compared quickly."""
FILE_NAME = PATTERN.replace("*", f"{SIZE[0]}x{SIZE[1]}-two-colour-standard-blue")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


LABELS = ("", *(suit.symbol for suit in Suit), "K")
"""The empty piles' outlines a table may show."""


def every_picture(faces: CardFaces) -> list[bytes]:
    return ([pixels(faces.face(card)) for card in DECK] + [pixels(faces.back())]
            + [pixels(faces.slot(label)) for label in LABELS])


@pytest.fixture(scope="module")
def drawn() -> list[bytes]:
    """The pictures as drawn afresh, nothing read from a file."""
    return every_picture(CardFaces(*SIZE))


def refuse_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, any face or back drawn rather than read fails the test."""
    def refuse(*_args: object) -> pygame.Surface:
        raise AssertionError("a picture was drawn, not read from the cache")

    monkeypatch.setattr(CardFaces, "_draw_face", refuse)
    monkeypatch.setattr(CardFaces, "_draw_back", refuse)
    monkeypatch.setattr(CardFaces, "_draw_slot", refuse)


def kept(folder: Path) -> Path:
    """A folder with every picture of SIZE, drawn and written by a first run; the file's path."""
    faces = CardFaces(*SIZE)
    faces.restore(folder)
    every_picture(faces)
    faces.keep()
    [path] = folder.glob(PATTERN)
    return path


def test_a_second_run_reads_every_picture_as_drawn(tmp_path: Path, drawn: list[bytes],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    kept(tmp_path)
    refuse_drawing(monkeypatch)
    again = CardFaces(*SIZE)
    again.restore(tmp_path)
    assert every_picture(again) == drawn


def test_only_what_the_first_run_drew_is_kept_and_the_rest_is_drawn_when_wanted(
        tmp_path: Path, drawn: list[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    first = CardFaces(*SIZE)
    first.restore(tmp_path)
    shown = [first.face(card) for card in DECK[:10]] + [first.slot("")]
    first.keep()
    assert len(first._faces) == 10 and set(first._others) == {"slot:"}  # keep drew nothing more

    with monkeypatch.context() as refusing:
        refuse_drawing(refusing)
        again = CardFaces(*SIZE)
        again.restore(tmp_path)
        assert [pixels(again.face(card)) for card in DECK[:10]] + [pixels(again.slot(""))] == [
            pixels(picture) for picture in shown]
    assert every_picture(again) == drawn


def test_pictures_of_another_deck_or_size_are_not_read(tmp_path: Path) -> None:
    kept(tmp_path)
    for other in (CardFaces(*SIZE, four_colour=True), CardFaces(SIZE[0] + 1, SIZE[1])):
        other.restore(tmp_path)
        assert pixels(other.face(DECK[0])) == pixels(CardFaces(*other.size, other.four_colour).face(DECK[0]))
    assert len(list(tmp_path.glob(PATTERN))) == 1  # nothing written until `keep`


def test_pictures_kept_in_another_byte_order_are_not_read(tmp_path: Path, drawn: list[bytes]) -> None:
    """A file an earlier version kept with its bytes in red, green, blue, alpha order, whole
    and with a right checksum, is drawn again: read as this version's order its reds would
    show blue."""
    path = kept(tmp_path)
    _magic, key, names, rest = path.read_bytes().split(b"\n", 3)
    length = SIZE[0] * SIZE[1] * 4
    swapped = [pygame.image.tobytes(pygame.image.frombytes(rest[at:at + length], SIZE, PIXEL_FORMAT), "RGBA")
               for at in range(0, len(rest) - 4, length)]
    checksum = zlib.crc32(names + b"\n")
    for picture in swapped:
        checksum = zlib.crc32(picture, checksum)
    older = b"\n".join([b"eightoff card pictures", key, names, b"".join(swapped)])  # as it was
    path.write_bytes(older + checksum.to_bytes(4, "big"))
    faces = CardFaces(*SIZE)
    faces.restore(tmp_path)
    assert faces._unkept is not None  # nothing taken from it
    assert every_picture(faces) == drawn


def damaged_files() -> st.SearchStrategy[tuple[str, int, bytes]]:
    """How a file may be wrong: cut short, grown, one byte changed anywhere (header, pixels or
    checksum), or replaced by other bytes altogether."""
    return st.one_of(
        st.tuples(st.just("cut"), st.integers(0, 10**6), st.just(b"")),
        st.tuples(st.just("grown"), st.just(0), st.binary(min_size=1, max_size=64)),
        st.tuples(st.just("flipped"), st.integers(0, 10**6), st.just(b"")),
        st.tuples(st.just("replaced"), st.just(0), st.binary(max_size=4096)),
    )


def damage(path: Path, how: str, where: int, extra: bytes) -> None:
    good = path.read_bytes()
    if how == "cut":
        path.write_bytes(good[: where % len(good)])
    elif how == "grown":
        path.write_bytes(good + extra)
    elif how == "flipped":
        at = where % len(good)
        path.write_bytes(good[:at] + bytes([good[at] ^ 0x5A]) + good[at + 1:])
    else:
        path.write_bytes(extra)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(wrong=damaged_files())
def test_a_damaged_file_is_drawn_again_and_replaced(
        tmp_path_factory: pytest.TempPathFactory, drawn: list[bytes], wrong: tuple[str, int, bytes]) -> None:
    folder = tmp_path_factory.mktemp("cache")
    path = kept(folder)
    damage(path, *wrong)
    faces = CardFaces(*SIZE)
    faces.restore(folder)
    assert faces._unkept is not None  # nothing taken from it
    assert every_picture(faces) == drawn
    faces.keep()
    again = CardFaces(*SIZE)
    again.restore(folder)
    assert again._unkept is None  # read: the damaged file was replaced by a whole one
    assert every_picture(again) == drawn


def test_pictures_drawn_for_other_art_are_not_shown(tmp_path: Path, drawn: list[bytes],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole file of the right length whose header names other drawing code (an older
    version): the same length, so only the header tells."""
    real = CardFaces(*SIZE)._art_key()
    other = real.replace("art=", "art:")
    assert other != real and len(other) == len(real)
    monkeypatch.setattr(CardFaces, "_art_key", lambda self: other)
    kept(tmp_path)
    monkeypatch.undo()
    faces = CardFaces(*SIZE)
    faces.restore(tmp_path)
    assert faces._unkept is not None
    assert every_picture(faces) == drawn


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
def test_a_pipe_where_the_file_goes_is_not_waited_on_nor_read(tmp_path: Path, drawn: list[bytes]) -> None:
    """Opening a pipe for reading waits for a writer: the launch would hang. If it did here, the
    writer started below would end the wait after half a minute, and the test fails."""
    good = kept(tmp_path).read_bytes()
    path = tmp_path / FILE_NAME
    path.unlink()
    os.mkfifo(path)

    begun = threading.Event()

    def write_a_good_file() -> None:
        begun.set()
        with contextlib.suppress(OSError), open(path, "wb") as pipe:
            pipe.write(good)

    writer = threading.Timer(30.0, write_a_good_file)
    writer.start()
    try:
        faces = CardFaces(*SIZE)
        faces.restore(tmp_path)
        assert not begun.is_set(), "the pipe was waited on"
        assert faces._unkept is not None  # nothing taken from it
        assert every_picture(faces) == drawn
    finally:
        writer.cancel()
        if begun.is_set():  # the writer waits for a reader: one comes and goes, its write fails
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        writer.join()


def test_a_file_that_names_more_pictures_than_a_deck_has_is_not_read(tmp_path: Path) -> None:
    """Its length agrees with its names, so only the count tells: 200 pictures are not read."""
    faces = CardFaces(*SIZE)
    faces.restore(tmp_path)
    picture = faces.face(DECK[0])
    assert faces._unkept is not None
    faces._unkept.write({f"face:{index}": picture for index in range(200)})
    again = CardFaces(*SIZE)
    again.restore(tmp_path)
    assert again._unkept is not None and not again._faces and not again._others


@pytest.mark.parametrize("blocked", ["a file where the folder goes", "a folder where the file goes"])
def test_a_cache_that_cannot_be_written_only_costs_the_drawing(tmp_path: Path, drawn: list[bytes],
                                                               blocked: str) -> None:
    folder = tmp_path / "cache"
    if blocked == "a file where the folder goes":
        folder.write_text("not a folder")
    else:
        kept(folder).unlink()
        (folder / FILE_NAME).mkdir()
    faces = CardFaces(*SIZE)
    faces.restore(folder)
    faces.keep()
    assert every_picture(faces) == drawn
    if folder.is_dir():
        assert [path.name for path in folder.iterdir()] == [FILE_NAME]  # no part-written file left


def test_only_the_newest_files_are_kept(tmp_path: Path) -> None:
    for width in range(30, 30 + KEPT_FILES + 3):
        faces = CardFaces(width, 56)
        faces.restore(tmp_path)
        faces.keep()
    widths = sorted(int(path.name.split("-")[1].split("x")[0]) for path in tmp_path.glob(PATTERN))
    assert widths == list(range(30 + 2, 30 + KEPT_FILES + 3))


def open_window(home: Path) -> App:
    """The window as a player opens it, on a store in `home`, its first frame drawn."""
    faces_module._cached.cache_clear()  # as a new process: nothing drawn yet
    session = Session.open(Keeper(Store(HomeDirs(home))), FakeClock(), key="standard", deal=617)
    app = App(session, out=io.StringIO())
    app.pump()
    return app


def test_the_window_keeps_its_pictures_and_the_next_one_reads_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = open_window(tmp_path)
    shown = {card: pixels(sprite.image) for card, sprite in first.table.sprites.by_card.items()}
    first.close()
    assert len(list((tmp_path / "cache").glob(PATTERN))) == 1

    refuse_drawing(monkeypatch)
    second = open_window(tmp_path)
    try:
        assert {card: pixels(sprite.image) for card, sprite in second.table.sprites.by_card.items()} == shown
        assert len(shown) == len(DECK)
    finally:
        second.close()


def test_a_damaged_file_is_one_line_in_the_debug_log_and_a_missing_one_none(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    import logging

    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.face_cache"):
        CardFaces(*SIZE).restore(tmp_path / "nothing yet")
        assert caplog.records == []  # a first start: nothing to tell
        path = kept(tmp_path)
        data = bytearray(path.read_bytes())
        data[-100] ^= 0xFF  # one pixel's byte
        path.write_bytes(bytes(data))
        faces = CardFaces(*SIZE)
        faces.restore(tmp_path)
    assert faces._unkept is not None
    [line] = [record.getMessage() for record in caplog.records]
    assert "drawn again" in line and "checksum" in line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
@pytest.mark.parametrize("kind", ["pipe", "link to a device"])
def test_a_pipe_or_device_in_the_files_place_is_one_line_in_the_debug_log_and_replaced(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, drawn: list[bytes], kind: str) -> None:
    import logging

    path = tmp_path / FILE_NAME
    if kind == "pipe":
        os.mkfifo(path)
    else:
        path.symlink_to(os.devnull)  # a link to a device: neither followed nor read
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.face_cache"):
        faces = CardFaces(*SIZE)
        faces.restore(tmp_path)
    assert faces._unkept is not None
    [line] = [record.getMessage() for record in caplog.records]
    assert "drawn again" in line
    assert ("not a regular file" if kind == "pipe" else "symbolic link") in line
    assert every_picture(faces) == drawn
    faces.keep()
    assert path.is_file() and not path.is_symlink()  # a file of pictures took its place


@pytest.mark.skipif(not hasattr(os, "O_NOFOLLOW"), reason="links are followed where O_NOFOLLOW is missing")
def test_a_link_in_the_files_place_is_not_followed_even_to_good_pictures(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, drawn: list[bytes]) -> None:
    """Only a regular file is read, as the store reads the player's files: a link, even to a
    file of the right pictures elsewhere, is drawn again, said, and replaced by a file."""
    import logging

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    good = kept(elsewhere)
    path = tmp_path / FILE_NAME
    path.symlink_to(good)
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.face_cache"):
        faces = CardFaces(*SIZE)
        faces.restore(tmp_path)
    assert faces._unkept is not None  # nothing taken through the link
    [line] = [record.getMessage() for record in caplog.records]
    assert "drawn again" in line and "symbolic link" in line
    assert every_picture(faces) == drawn
    faces.keep()
    assert path.is_file() and not path.is_symlink() and good.is_file()
