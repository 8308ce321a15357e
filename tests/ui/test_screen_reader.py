"""Screen-reader support: the AccessKit tree the window sends as it is played through its loop.

The adapter is the only stand-in: it records the real `accesskit.TreeUpdate`s the bridge hands
it, as the platform adapter would receive them while a screen reader listens."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pygame
import pytest

from eightoff.core.cards import Suit
from eightoff.core.piles import Pile
from eightoff.ui import accesskit_bridge
from eightoff.ui.access import Support
from eightoff.ui.accesskit_bridge import (
    BUTTON_BASE,
    CHOICE_BASE,
    ROOT,
    TABLE,
    TOOLBAR,
    ActionRequest,
    Bridge,
    connect_access,
    pile_id,
)
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog
from tests.ui.helpers import clock, close_display, key, make_app

accesskit = pytest.importorskip("accesskit")

# Every card home but the King of spades, alone in column 1.
LAST_CARD = """Foundations: C-K D-K H-K S-Q
Freecells: - - - - - - - -
KS
:
:
:
:
:
:
:
"""


class FakeAdapter:
    """Records what the bridge sends, as an adapter with a screen reader listening would."""

    def __init__(self, toolkit: ModuleType, activate: Callable[[], Any],
                 act: Callable[[ActionRequest], None], deactivate: Callable[[], None]) -> None:
        self.act = act
        self.updates: list[Any] = [activate()]  # the screen reader looks at once
        self.focused: list[bool] = []
        self.bounds: list[tuple[int, int, int, int]] = []

    def update_if_active(self, factory: Callable[[], Any]) -> None:
        self.updates.append(factory())

    def update_window_focus_state(self, focused: bool) -> None:
        self.focused.append(focused)

    def set_root_window_bounds(self, bounds: tuple[int, int, int, int]) -> None:
        self.bounds.append(bounds)


@dataclass
class Request:
    """An `accesskit.ActionRequest` as the adapter hands it over (AccessKit makes them only
    from a screen reader's call)."""

    action: Any
    target: int


def connect(app: App) -> tuple[Bridge, FakeAdapter]:
    bridge = connect_access(app, FakeAdapter)
    assert bridge is not None and isinstance(bridge.adapter, FakeAdapter)
    return bridge, bridge.adapter


def labels(update: Any) -> dict[int, str]:
    return {node: value.label or "" for node, value in update.nodes}


def said(adapter: FakeAdapter) -> list[str]:
    """Every text the live regions were given, in order."""
    return [value.value for update in adapter.updates for _node, value in update.nodes
            if value.live == accesskit.Live.POLITE and value.value]


def tree(adapter: FakeAdapter) -> dict[int, Any]:
    """The tree as the screen reader holds it after every update so far."""
    nodes: dict[int, Any] = {}
    for update in adapter.updates:
        nodes.update(dict(update.nodes))
    return nodes


def help_text(app: App) -> str:
    """Help, opened with F1, as one string."""
    key(app, pygame.K_F1)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    return " ".join(dialog.lines)


def test_the_first_tree_is_the_whole_window() -> None:
    app = make_app()
    _bridge, adapter = connect(app)
    first = adapter.updates[0]
    assert first.tree is not None and first.tree.root == ROOT and first.focus == TABLE
    nodes = dict(first.nodes)
    assert nodes[ROOT].role == accesskit.Role.WINDOW
    buttons = [nodes[child].label for child in nodes[TOOLBAR].children]
    assert buttons[:2] == ["New", "Game…"] and "Help" in buttons
    piles = nodes[TABLE].children
    assert len(piles) == 8 + 8 + 4
    assert nodes[pile_id(Pile.column(5))].label == "The Ace of diamonds, column 6"
    assert nodes[pile_id(Pile.cell(0))].label == "Cell 1, empty"
    assert nodes[pile_id(Pile.column(2))].description.startswith("4 cards, bottom first: the King")
    assert app.screen_reader is Support.ON


def test_a_pick_a_move_and_the_focus_are_sent() -> None:
    app = make_app()
    _bridge, adapter = connect(app)
    key(app, pygame.K_6)  # column 6 holds the Ace of diamonds on top
    picked = adapter.updates[-1]
    assert said(adapter)[-1] == "Picked the Ace of diamonds from column 6: now choose where it goes"
    assert picked.focus == pile_id(Pile.column(5))
    key(app, pygame.K_f)
    assert said(adapter)[-1] == "The Ace of diamonds to the diamonds foundation"
    nodes = tree(adapter)
    assert adapter.updates[-1].focus == TABLE
    assert nodes[pile_id(Pile.foundation(Suit.DIAMONDS))].label == (
        "The Ace of diamonds, the diamonds foundation")
    assert nodes[pile_id(Pile.column(5))].label == "The 2 of diamonds, column 6"


def test_the_same_words_twice_are_read_twice() -> None:
    app = make_app()
    _bridge, adapter = connect(app)
    for _time in range(3):
        key(app, pygame.K_q)  # cell 1 is empty: the same notice each time
    notices = said(adapter)
    assert len(notices) == 3 and len(set(notices)) == 1


def test_a_win_is_announced_and_its_dialog_takes_the_focus() -> None:
    app = make_app(LAST_CARD)
    _bridge, adapter = connect(app)
    key(app, pygame.K_1)
    key(app, pygame.K_SPACE)  # the King of spades goes home
    app.pump(3)
    assert "You won: every card is home" in said(adapter)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    nodes = tree(adapter)
    focus = adapter.updates[-1].focus
    assert focus == CHOICE_BASE + dialog.focus
    assert nodes[focus].label == dialog.choices[dialog.focus].label
    window = nodes[ROOT]
    assert nodes[window.children[-1]].role == accesskit.Role.DIALOG
    assert nodes[window.children[-1]].label == dialog.title


def test_the_toolbar_focus_and_a_screen_readers_click() -> None:
    app = make_app()
    _bridge, adapter = connect(app)
    key(app, pygame.K_F10)
    assert adapter.updates[-1].focus == BUTTON_BASE  # New, the first button
    key(app, pygame.K_ESCAPE)
    assert adapter.updates[-1].focus == TABLE
    help_button = next(BUTTON_BASE + index for index, button in enumerate(app.table.toolbar.buttons)
                       if button.action == "help")
    adapter.act(Request(accesskit.Action.CLICK, help_button))  # posted, as from the adapter's thread
    app.pump()
    assert isinstance(app.top, Dialog) and app.top.title == "Eight Off"
    assert adapter.updates[-1].focus == CHOICE_BASE  # Close
    adapter.act(Request(accesskit.Action.CLICK, CHOICE_BASE))
    app.pump()
    assert not isinstance(app.top, Dialog)
    adapter.act(Request(accesskit.Action.CLICK, pile_id(Pile.column(5))))
    app.pump()
    assert app.table.controller.selected is not None
    assert said(adapter)[-1].startswith("Picked the Ace of diamonds")


def test_help_says_whether_a_screen_reader_hears_the_game() -> None:
    app = make_app()
    connect(app)
    assert "Screen reader: on." in help_text(app)
    close_display()
    app = make_app()  # nothing connected: Help says how to turn it on
    assert "pip install 'eightoff[access]'" in help_text(app)


def test_without_accesskit_nothing_changes(monkeypatch: pytest.MonkeyPatch,
                                            caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(accesskit_bridge, "TOOLKIT", None)  # as where accesskit is not installed
    app = make_app()
    with caplog.at_level(logging.DEBUG, "eightoff.access"):
        assert connect_access(app, FakeAdapter) is None
    assert app.screen_reader is Support.OFF
    assert app.watchers == [] and app.table.announcer.outputs == []
    assert "not installed" in caplog.text
    key(app, pygame.K_6)
    assert "pip install 'eightoff[access]'" in help_text(app)


def failing_adapter(*args: object) -> FakeAdapter:
    raise RuntimeError("no accessibility bus")


def test_an_adapter_that_does_not_start(caplog: pytest.LogCaptureFixture) -> None:
    app = make_app()
    with caplog.at_level(logging.DEBUG, "eightoff.access"):
        assert connect_access(app, failing_adapter) is None
    assert app.screen_reader is Support.FAILED
    assert [record.getMessage() for record in caplog.records] == [
        "screen-reader support is off: the accessibility adapter did not start: no accessibility bus"]
    key(app, pygame.K_6)
    key(app, pygame.K_f)
    assert app.table.status.notice == ""  # no nagging notice
    told = help_text(app)
    assert "could not start here (the accessibility adapter did not start: no accessibility bus)" in told
    assert "standard error" not in told


class PanickingAdapter(FakeAdapter):
    """Fails as a poisoned AccessKit adapter does: a Rust panic, which is a BaseException."""

    def update_if_active(self, factory: Callable[[], Any]) -> None:
        raise Panic("called `Result::unwrap()` on an `Err` value: PoisonError")


class Panic(BaseException):
    pass


def test_an_adapter_that_fails_later_is_dropped_once(caplog: pytest.LogCaptureFixture) -> None:
    app = make_app()
    bridge = connect_access(app, PanickingAdapter)
    assert bridge is not None
    with caplog.at_level(logging.DEBUG, "eightoff.access"):
        key(app, pygame.K_6)
        key(app, pygame.K_f)
        key(app, pygame.K_5)
    assert app.screen_reader is Support.FAILED and bridge.adapter is None
    assert len(caplog.records) == 1 and "PoisonError" in caplog.records[0].getMessage()
    assert app.table.game.position.top(Pile.foundation(Suit.DIAMONDS)) is not None  # played on
    assert app.watchers == [] and app.table.announcer.outputs == []


def test_a_missing_session_bus_is_said_once(monkeypatch: pytest.MonkeyPatch,
                                            caplog: pytest.LogCaptureFixture) -> None:
    for name in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "XDG_RUNTIME_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")  # where AT-SPI needs the session bus
    app = make_app()
    with caplog.at_level(logging.DEBUG, "eightoff.access"):
        assert connect_access(app) is None
    assert app.screen_reader is Support.FAILED
    assert [record.getMessage() for record in caplog.records] == [
        "screen-reader support is off: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)"]


def test_flying_cards_cost_no_description_per_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(animation_speed="normal")
    _bridge, adapter = connect(app)
    described: list[int] = []
    real = accesskit_bridge.describe

    def counted(app: App, live: tuple[str, str]) -> accesskit_bridge.Picture:
        described.append(1)
        return real(app, live)

    monkeypatch.setattr(accesskit_bridge, "describe", counted)
    key(app, pygame.K_6)
    key(app, pygame.K_f)  # said at once; then the card flies
    assert said(adapter)[-1] == "The Ace of diamonds to the diamonds foundation"
    assert app.table.busy()
    before = len(described)
    app.pump(5)  # frames in flight: the loop's clock stands still
    assert len(described) == before
    clock(app).time += 10
    app.settle()
    assert not app.table.busy() and len(described) > before
    assert tree(adapter)[pile_id(Pile.column(5))].label == "The 2 of diamonds, column 6"


def test_screen_reader_notes_stay_off_standard_error(caplog: pytest.LogCaptureFixture) -> None:
    """Whatever becomes of AccessKit, it is said at debug level only: a warning would reach
    stderr through Python's last-resort handler at every start. Help says it instead."""
    app = make_app()
    with caplog.at_level(logging.DEBUG, "eightoff.access"):
        assert connect_access(app, failing_adapter) is None
    assert caplog.records and {record.levelno for record in caplog.records} == {logging.DEBUG}
    assert "could not start" in help_text(app)
