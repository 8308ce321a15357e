"""The games of many piles in the real program on an 800x600 X screen (Xvfb): Fan's eighteen
fans, Baker's Dozen's thirteen columns, and the castle games' rows fanned left and right of the
foundations (two with LANGUAGE=it). A card dragged by the mouse with
xdotool onto another pile, a move typed with the piles' keys, and a top card clicked each make
the move the core makes, and the piles printed afterwards are the core's."""

from __future__ import annotations

from pathlib import Path

import pytest

from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.notation import format_move
from eightoff.core.piles import PileKind
from eightoff.core.variants import preset
from eightoff.session.pile_keys import pile_keys
from tests.ui.test_real_window import AUTOPLAY, click_a_top_card, dealt, expected_piles, piles_of
from tests.ui.xwindow import GameProcess, missing_tools, virtual_screen, xdotool, xdrag

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    pytest.mark.skipif(bool(missing_tools()),
                       reason=f"needs {', '.join(missing_tools())} (apt install xvfb xdotool)"),
]


def onto_a_card(game: Game) -> list[Move]:
    """The moves of one card from a pile of several onto another pile's top card."""
    position = game.position
    return [move for move in position.legal_moves(game.rules)
            if move.source.kind is move.destination.kind is PileKind.COLUMN and move.count == 1
            and len(position.cards(move.source)) > 1 and position.cards(move.destination)]


def check_step(game: GameProcess, core: Game, move: Move) -> dict[str, object]:
    """The window printed what the core's move does, and shows the core's piles."""
    step = core.play(move, autoplay=AUTOPLAY)
    layout, printed = game.next_layout()
    assert printed == [format_move(made) for made in step.moves]
    assert piles_of(layout) == expected_piles(core.position, core.rules)
    return layout


@pytest.mark.parametrize(("key", "language"), [("fan", "it"), ("bakers-dozen", "en"),
                                              ("beleaguered-castle", "it"), ("streets-and-alleys", "en")])
def test_drag_keys_and_click_in_a_game_of_many_columns(
    key: str, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = preset(key)
    number = next(n for n in range(1, 300) if len(onto_a_card(dealt(n, rules))) >= 2)
    core = dealt(number, rules)
    monkeypatch.setenv("LANGUAGE", language)
    with virtual_screen(800, 600) as display:
        game = GameProcess(display, tmp_path, "--deal", str(number), "--rules", key, "--log-moves",
                           "--print-layout")
        try:
            layout, _ = game.next_layout()
            assert piles_of(layout) == expected_piles(core.position, rules)
            game.find_window()
            left, top = game.origin()

            move = onto_a_card(core)[0]  # dragged by its face, dropped over the target's top card
            x, y, w, h = layout[move.source.name]["cards"][-1][1]
            tx, ty, tw, th = layout[move.destination.name]["cards"][-1][1]
            grip, drop = (left + x + w // 2, top + y + h // 2), (left + tx + tw // 2, top + ty + th // 2)
            xdrag(display, grip, drop)
            layout = check_step(game, core, move)

            typed = onto_a_card(core)[-1]  # the source's key, then the target's
            names = {pile: name for name, pile in pile_keys(rules).items()}
            assert core.position.find_move(rules, typed.source, typed.destination) == typed
            xdotool(display, "key", names[typed.source], names[typed.destination])
            layout = check_step(game, core, typed)

            click_a_top_card(game, core, layout)
            xdotool(display, "key", "ctrl+q")
            assert game.process.wait(timeout=20) == 0
            assert "Traceback" not in game.stderr()
        finally:
            game.stop()
