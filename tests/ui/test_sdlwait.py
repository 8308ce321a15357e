"""The loop's sleep (eightoff/ui/sdlwait.py): SDL's own wait, found in pygame's wheel without
searching the system for a library (ldconfig or a compiler, ~20 ms of every start); and where
no SDL can be reached, pygame's own wait, whose events the loop still handles in order."""

from __future__ import annotations

import ctypes.util
import threading
from collections.abc import Iterator

import pygame
import pytest

from eightoff.ui import sdlwait
from tests.ui.helpers import make_app


def test_the_wait_is_sdls_own_found_without_searching_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: searched.append(name))
    pygame.display.init()
    wait = sdlwait.sdl_waiter()
    assert wait is not sdlwait.pygame_wait
    assert searched == []
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    assert wait(None) == []  # an event is queued: returns at once, and leaves it there
    assert [event.type for event in pygame.event.get(pygame.USEREVENT)] == [pygame.USEREVENT]


def no_sdl() -> Iterator[str]:
    yield "/nowhere/libSDL2-2.0.so.0"


@pytest.fixture
def without_sdl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sdlwait, "_sdl_candidates", no_sdl)
    pygame.display.init()
    pygame.event.clear()


@pytest.mark.usefixtures("without_sdl")
def test_without_sdl_pygames_own_wait_gives_the_event_it_took() -> None:
    wait = sdlwait.sdl_waiter()
    assert wait is sdlwait.pygame_wait
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, tag="first"))
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, tag="second"))
    taken = wait(None)
    assert [event.tag for event in taken] == ["first"]
    assert [event.tag for event in pygame.event.get(pygame.USEREVENT)] == ["second"]
    assert wait(0.01) == []  # nothing came: the time passed


@pytest.mark.usefixtures("without_sdl")
def test_without_sdl_a_wait_shorter_than_a_millisecond_only_looks() -> None:
    """pygame's wait reads a timeout of 0 as none at all: here a late event would end it."""
    late = threading.Timer(5.0, pygame.event.post, [pygame.event.Event(pygame.USEREVENT, tag="late")])
    late.start()
    try:
        assert sdlwait.pygame_wait(0.0) == []
    finally:
        late.cancel()
        pygame.event.clear()


@pytest.mark.usefixtures("without_sdl")
def test_without_sdl_the_loop_handles_the_event_the_wait_took_first() -> None:
    app = make_app()
    app.waiter = sdlwait.sdl_waiter()
    heard: list[str] = []
    kind = pygame.event.custom_type()
    app.event_handlers[kind] = lambda event: heard.append(event.tag)
    for tag in ("first", "second", "third"):
        pygame.event.post(pygame.event.Event(kind, tag=tag))
    app.wait(None)
    app.pump()
    assert heard == ["first", "second", "third"]
    app.close()
