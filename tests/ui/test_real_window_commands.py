"""Full screen and peeking in the real program on Xvfb, driven by xdotool as a player would:
F11 lays the table out for the whole screen and is kept in the preferences; a right-button
press shows a covered card on the X server's own screen while held."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from eightoff.core.variants import STANDARD
from eightoff.ui.layout import compute_layout
from tests.ui.xwindow import GameProcess, grab_screen, missing_tools, virtual_screen, xdotool

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    pytest.mark.skipif(bool(missing_tools()), reason=f"needs {', '.join(missing_tools())}"),
]

SCREEN = (1600, 1000)


@pytest.fixture
def game(tmp_path: Path) -> Iterator[GameProcess]:
    with virtual_screen(*SCREEN) as display:
        process = GameProcess(display, tmp_path, "--deal", "617", "--print-layout")
        try:
            yield process
        finally:
            process.stop()


def test_f11_fills_the_screen_goes_back_and_is_remembered(game: GameProcess, tmp_path: Path) -> None:
    windowed, _ = game.next_layout()
    game.find_window()
    xdotool(game.display, "mousemove", "--sync", "400", "400")  # the pointer over it: it has the keys
    xdotool(game.display, "key", "F11")
    full, _ = game.next_layout()
    expected = compute_layout(*SCREEN, STANDARD)
    assert {name: pile["rect"] for name, pile in full.items()} == {
        pile.name: list(box) for pile, box in expected.piles.items()}
    xdotool(game.display, "key", "F11")
    back, _ = game.next_layout()
    assert {name: pile["rect"] for name, pile in back.items()} == {
        name: pile["rect"] for name, pile in windowed.items()}
    xdotool(game.display, "key", "F11")
    game.next_layout()
    xdotool(game.display, "key", "ctrl+q")
    assert game.process.wait(timeout=20) == 0
    [settings] = list(tmp_path.rglob("preferences.json"))
    assert json.loads(settings.read_text())["fullscreen"] is True


def test_a_right_press_shows_a_covered_card_on_screen_while_held(game: GameProcess) -> None:
    layout, _ = game.next_layout()
    game.find_window()
    left, top = game.origin()
    cards = layout["column0"]["cards"]
    (x, y, w, h), (_, covering_y, _, _) = cards[-2][1], cards[-1][1]
    # The lower part of the covered card: under the top card until it is shown.
    area = (left + x, top + covering_y + h // 2, w, y + h - covering_y - h // 2)

    def shown() -> bytes:
        return grab_screen(game.display, *area).data

    before = shown()
    xdotool(game.display, "mousemove", "--sync", str(left + x + w // 2), str(top + y + 6), "mousedown", "3")
    assert shown_once(shown, lambda during: during != before), "the covered card was not shown"
    xdotool(game.display, "mouseup", "3")
    assert shown_once(shown, lambda after: after == before), "the covered card stayed shown"
    assert game.process.poll() is None


def shown_once(shown: Callable[[], bytes], wanted: Callable[[bytes], bool], timeout: float = 30) -> bool:
    """Whether the screen comes to show what is `wanted`: looked at until it does, as the game
    draws in its own time (a fixed pause missed the frame on a busy machine); the timeout is a
    ceiling for a game that never draws it, not a speed requirement."""
    deadline = time.monotonic() + timeout
    while not wanted(shown()):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
