"""The loop's sleep (eightoff/ui/sdlwait.py): SDL's own wait, found in pygame's wheel without
searching the system for a library (ldconfig or a compiler, ~20 ms of every start)."""

from __future__ import annotations

import ctypes.util

import pygame
import pytest

from eightoff.ui import sdlwait


def test_the_wait_is_sdls_own_found_without_searching_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: searched.append(name))
    pygame.display.init()
    wait = sdlwait.sdl_waiter()
    assert wait is not sdlwait._sleepy_wait
    assert searched == []
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    wait(None)  # an event is queued: returns at once, and leaves it there
    assert [event.type for event in pygame.event.get(pygame.USEREVENT)] == [pygame.USEREVENT]
