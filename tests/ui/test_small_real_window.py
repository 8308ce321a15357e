"""A real window under Xvfb, made smaller than the minimum by xdotool (no window manager keeps
to the minimum there, as a tiling one may not): every card is drawn inside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.xwindow import GameProcess, missing_tools, resize_window, virtual_screen, xdotool

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    pytest.mark.skipif(bool(missing_tools()),
                       reason=f"needs {', '.join(missing_tools())} (apt install xvfb xdotool)"),
]

FORCED = (640, 480)


def test_a_window_forced_below_the_minimum_draws_every_card_inside_it(tmp_path: Path) -> None:
    with virtual_screen(1600, 1000) as display:
        game = GameProcess(display, tmp_path, "--deal", "5", "--print-layout")
        try:
            layout, _ = game.next_layout()
            window = game.find_window()
            resize_window(display, window, FORCED)
            left, top = game.origin()  # the pointer on the window gives it the keys (no WM)
            xdotool(display, "mousemove", "--sync", str(left + FORCED[0] // 2), str(top + FORCED[1] // 2))
            xdotool(display, "key", "F2")  # a new deal: the layout is printed again
            layout, _ = game.next_layout()
            boxes = [card[1] for pile in layout.values() for card in pile["cards"]]
            assert max(left + width for left, _, width, _ in boxes) <= FORCED[0]
            assert max(top + height for _, top, _, height in boxes) <= FORCED[1]
        finally:
            game.stop()
