"""Screen-reader support through AccessKit, the route pygame-ce documents for accessibility:
AT-SPI on Linux, UI Automation on Windows, NSAccessibility on macOS.

The longer reasons: docs/notes.md, `eightoff.ui.accesskit_bridge`."""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

import msgspec
import pygame

try:
    import accesskit
    TOOLKIT: ModuleType | None = accesskit
except ImportError:  # an optional dependency: the game runs without it
    TOOLKIT = None

from eightoff.core.i18n import _
from eightoff.core.piles import Pile, PileKind
from eightoff.session.words import column_words, pile_words
from eightoff.ui.access import Support
from eightoff.ui.dialogs import Dialog
from eightoff.ui.status import game_summary

if TYPE_CHECKING:
    from eightoff.ui.scene import Scene
    from eightoff.ui.table import TableScene
    from eightoff.ui.window import Screen


class App(Protocol):
    """The window as the bridge mirrors it (named by shape: the window imports this module)."""

    table: TableScene
    size: tuple[int, int]
    screen_reader: Support
    screen_reader_reason: str
    window: Screen
    watchers: list[Callable[[], None]]
    closers: list[Callable[[], None]]
    event_handlers: dict[int, Callable[[Any], None]]

    @property
    def top(self) -> Scene: ...

log = logging.getLogger("eightoff.access")

# Node ids: fixed for the window's parts, counted from a base for buttons, piles and choices.
ROOT, LIVE_A, LIVE_B, SUMMARY, TOOLBAR, TABLE, DIALOG = range(1, 8)
BUTTON_BASE = 100
PILE_BASE = 200
PILE_KIND_STRIDE = 20
"""Room for each kind of pile's ids: more than the nine columns or eight cells of any game."""
CHOICE_BASE = 400
PILE_KINDS = tuple(PileKind)


class Item(msgspec.Struct, frozen=True):
    """One node of the tree in plain values: what a screen reader is told about it."""

    role: str
    """The name of an `accesskit.Role` member, e.g. "BUTTON"."""
    label: str = ""
    description: str = ""
    children: tuple[int, ...] = ()
    bounds: tuple[int, int, int, int] | None = None
    """x, y, width, height in the window's pixels (for magnifiers and mouse review)."""
    pressable: bool = False
    """Offers the click and focus actions."""
    disabled: bool = False
    live: bool = False
    """A polite live region: a change of its label is read out when the reader is idle (off
    while it is empty, so that emptying it is not announced as an empty message)."""
    modal: bool = False


class Picture(msgspec.Struct, frozen=True):
    """The whole tree at one moment and where the focus is."""

    items: dict[int, Item]
    focus: int


class ActionRequest(Protocol):
    """What the adapter hands the action handler (`accesskit.ActionRequest`)."""

    @property
    def action(self) -> Any: ...

    @property
    def target(self) -> int: ...


class Adapter(Protocol):
    """A platform adapter, as the bridge uses it."""

    def update_if_active(self, factory: Callable[[], Any]) -> None: ...

    def update_window_focus_state(self, focused: bool) -> None: ...

    def set_root_window_bounds(self, bounds: tuple[int, int, int, int]) -> None: ...


AdapterFactory = Callable[
    [ModuleType, Callable[[], Any], Callable[[ActionRequest], None], Callable[[], None]], Adapter
]
"""Makes the adapter from AccessKit and the activation, action and deactivation handlers."""


def pile_id(pile: Pile) -> int:
    return PILE_BASE + PILE_KIND_STRIDE * PILE_KINDS.index(pile.kind) + pile.index


def describe(app: App, live: tuple[str, str]) -> Picture:
    """The window as a tree of `Item`s, with `live` as the two live regions' texts."""
    table = app.table
    position = table.game.position
    items: dict[int, Item] = {
        LIVE_A: Item("LABEL", live[0], live=bool(live[0])),
        LIVE_B: Item("LABEL", live[1], live=bool(live[1])),
        SUMMARY: Item("STATUS", game_summary(table.session)),
    }
    buttons = []
    for index, button in enumerate(table.toolbar.buttons):
        buttons.append(BUTTON_BASE + index)
        items[BUTTON_BASE + index] = Item("BUTTON", button.label, bounds=_box(button.rect),
                                          pressable=True, disabled=not button.enabled)
    items[TOOLBAR] = Item("TOOLBAR", _("Toolbar"), children=tuple(buttons))
    piles = []
    for pile in table.layout.piles:
        cards = position.cards(pile)
        boxes = table.layout.card_boxes(pile, max(len(cards), 1))
        whole = pygame.Rect(boxes[0]).union(pygame.Rect(boxes[-1]))
        about = column_words(position, pile) if pile.kind is PileKind.COLUMN and cards else ""
        piles.append(pile_id(pile))
        items[pile_id(pile)] = Item("BUTTON", pile_words(position, table.game.rules, pile), about,
                                    bounds=_box(whole), pressable=True)
    items[TABLE] = Item("GROUP", _(table.session.variant.title), children=tuple(piles))
    children = [LIVE_A, LIVE_B, SUMMARY, TOOLBAR, TABLE]
    focus = TABLE
    if table.toolbar.focused is not None:
        focus = next((BUTTON_BASE + index for index, button in enumerate(table.toolbar.buttons)
                      if button.action == table.toolbar.focused), TABLE)
    elif table.controller.selected is not None:
        focus = pile_id(table.controller.selected)
    dialog = app.top
    if isinstance(dialog, Dialog):
        choices = []
        for index, choice in enumerate(dialog.choices):
            choices.append(CHOICE_BASE + index)
            items[CHOICE_BASE + index] = Item("BUTTON", choice.label, bounds=_box(choice.rect),
                                              pressable=True)
        text = "\n".join(line for line in dialog.body_lines() if line)
        items[DIALOG] = Item("DIALOG", dialog.title, text, tuple(choices), _box(dialog.panel), modal=True)
        children.append(DIALOG)
        focus = CHOICE_BASE + dialog.focus if dialog.choices else DIALOG
    items[ROOT] = Item("WINDOW", "Eight Off", children=tuple(children), bounds=(0, 0, *app.size))
    return Picture(items, focus)


def _box(rect: Any) -> tuple[int, int, int, int]:
    return (int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3]))


def make_node(toolkit: ModuleType, item: Item) -> Any:
    """`item` as an `accesskit.Node`."""
    node = toolkit.Node(getattr(toolkit.Role, item.role))
    if item.label and item.role == "LABEL":  # a label's text is its value: AccessKit names it by that
        node.set_value(item.label)
    elif item.label:
        node.set_label(item.label)
    if item.description:
        node.set_description(item.description)
    if item.children:
        node.set_children(list(item.children))
    if item.bounds is not None:
        x, y, w, h = item.bounds
        node.set_bounds(toolkit.Rect(x, y, x + w, y + h))
    if item.pressable:
        node.add_action(toolkit.Action.CLICK)
        node.add_action(toolkit.Action.FOCUS)
    if item.disabled:
        node.set_disabled()
    if item.live:
        node.set_live(toolkit.Live.POLITE)
    if item.modal:
        node.set_modal()
    return node


class Bridge:
    """Keeps the platform's accessibility tree in step with the window.

    Pushes a tree update on every announcement (at once, so two in one frame are both read)
    and after every step of the loop in which the focus or a node changed."""

    def __init__(self, app: App, toolkit: ModuleType, make_adapter: AdapterFactory) -> None:
        self.app = app
        self.toolkit = toolkit
        self.live = ("", "")
        """The two live regions' texts: each announcement goes to the other one and clears the
        first, so the same words said twice are still a change, and read twice."""
        self.picture = describe(app, self.live)
        self.action_event = pygame.event.custom_type()
        self.window_bounds: tuple[int, int, int, int] | None = None
        self.adapter: Adapter | None = None
        self.adapter = make_adapter(toolkit, self.full_tree, self.request_action, self.deactivated)
        app.table.announcer.outputs.append(self.say)
        app.watchers.append(self.watch)
        app.event_handlers[self.action_event] = self.act
        app.event_handlers[pygame.WINDOWFOCUSGAINED] = lambda event: self.window_focus(True)
        app.event_handlers[pygame.WINDOWFOCUSLOST] = lambda event: self.window_focus(False)
        app.event_handlers[pygame.WINDOWMOVED] = lambda event: self.place_window((event.x, event.y))
        self.window_focus(pygame.key.get_focused())
        self.place_window(_window_position(app.window.native))

    # ----- what the adapter calls, maybe from its own thread ---------------------------------

    def full_tree(self) -> Any:
        """The whole tree, when a screen reader first looks at the window."""
        picture = self.picture
        try:
            update = self._update(picture, list(picture.items))
            tree = self.toolkit.Tree(ROOT)
            tree.toolkit_name = "pygame-ce"
            tree.toolkit_version = pygame.version.ver
            update.tree = tree
            return update
        except Exception:  # an exception here would poison the adapter: say so, send a bare tree
            log.exception("screen-reader tree could not be built")
            update = self.toolkit.TreeUpdate(ROOT)
            update.tree = self.toolkit.Tree(ROOT)
            update.nodes.append((ROOT, self.toolkit.Node(self.toolkit.Role.WINDOW)))
            return update

    def request_action(self, request: ActionRequest) -> None:
        """A screen reader asks to press or focus a node: handled in the loop, like a key."""
        try:
            actions = self.toolkit.Action
            if request.action in (actions.CLICK, actions.FOCUS):
                click = request.action == actions.CLICK
                pygame.event.post(pygame.event.Event(self.action_event, click=click, target=request.target))
        except Exception:
            log.exception("screen-reader action request dropped")

    def deactivated(self) -> None:
        """No screen reader looks any more; the adapter stops asking for updates by itself."""

    # ----- in the loop ---------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.live = ("", text) if self.live[1] == "" else (text, "")
        self.refresh()

    def watch(self) -> None:
        """After each step of the loop: refresh, except while cards fly (nothing a screen reader
        reads changes in flight, and frames then come 120 a second); the step that lands them
        refreshes."""
        if not self.app.table.busy():  # not every busy scene: a dialog opening must be read
            self.refresh()

    def refresh(self) -> None:
        """Describe the window again and send the nodes that changed, if any or the focus did."""
        old, new = self.picture, describe(self.app, self.live)
        changed = [node for node, item in new.items.items() if old.items.get(node) != item]
        self.picture = new
        if changed or new.focus != old.focus:
            self._send(lambda: self._update(new, changed))
        if self.window_bounds is not None and self.window_bounds[2:] != self.app.size:
            self.place_window(self.window_bounds[:2])

    def act(self, event: pygame.event.Event) -> None:
        """Do what a screen reader asked: a button's or a pile's click (its key), or a focus move."""
        app, table = self.app, self.app.table
        target, click = event.target, event.click
        top = app.top
        if isinstance(top, Dialog) and CHOICE_BASE <= target < CHOICE_BASE + len(top.choices):
            if click:
                top.choose(target - CHOICE_BASE)
            else:
                top.focus, top.focus_moved = target - CHOICE_BASE, True
        elif top is table and BUTTON_BASE <= target < BUTTON_BASE + len(table.toolbar.buttons):
            action = table.toolbar.buttons[target - BUTTON_BASE].action
            if click:
                table.toolbar.focused = None
                table.perform(action)
            else:
                table.toolbar.focused = action
        elif top is table and click:
            pile = next((pile for pile in table.layout.piles if pile_id(pile) == target), None)
            if pile is not None:
                table.toolbar.focused = None
                table.controller.pick(pile)

    def window_focus(self, focused: bool) -> None:
        self._guard(lambda adapter: adapter.update_window_focus_state(focused))

    def place_window(self, position: tuple[int, int]) -> None:
        self.window_bounds = (*position, *self.app.size)
        bounds = self.window_bounds
        self._guard(lambda adapter: adapter.set_root_window_bounds(bounds))

    # ----- sending ---------------------------------------------------------------------------

    def _update(self, picture: Picture, nodes: list[int]) -> Any:
        update = self.toolkit.TreeUpdate(picture.focus)
        for node in nodes:
            update.nodes.append((node, make_node(self.toolkit, picture.items[node])))
        return update

    def _send(self, build: Callable[[], Any]) -> None:
        """Hand the adapter an update, built only if a screen reader is listening."""

        def safe_build() -> Any:
            try:
                return build()
            except Exception:  # an exception in here would poison the adapter: send the focus only
                log.exception("screen-reader update could not be built")
                return self.toolkit.TreeUpdate(self.picture.focus)

        self._guard(lambda adapter: adapter.update_if_active(safe_build))

    def _guard(self, call: Callable[[Adapter], None]) -> None:
        """Call the adapter; if it fails (a Rust panic is a BaseException), stop the bridge
        for good, say why once in the log, and let the game go on without it."""
        if self.adapter is None:
            return
        try:
            call(self.adapter)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:
            self.stop(f"the accessibility adapter failed: {error}",
                      _("the accessibility adapter failed: {error}").format(error=error))

    def stop(self, reason: str, told: str) -> None:
        """`reason` in English for the debug log, `told` in the player's words for Help."""
        failed(self.app, reason, told)
        self.close()

    def close(self) -> None:
        """Let the adapter go (it leaves the accessibility bus) before the window closes."""
        self.adapter = None
        with contextlib.suppress(ValueError):
            self.app.table.announcer.outputs.remove(self.say)
        with contextlib.suppress(ValueError):
            self.app.watchers.remove(self.watch)


# ----- the platform adapters ------------------------------------------------------------------


class PlatformAdapter:
    """The three platforms' adapters behind one face: Windows and macOS hand back queued events
    that must be raised, and each names the focus and bounds calls its own way (or lacks them)."""

    def __init__(self, toolkit: ModuleType, inner: Any, focus_method: str) -> None:
        self.toolkit = toolkit
        self.inner = inner
        self.focus_method = focus_method

    def update_if_active(self, factory: Callable[[], Any]) -> None:
        self._raise(self.inner.update_if_active(factory))

    def update_window_focus_state(self, focused: bool) -> None:
        method = getattr(self.inner, self.focus_method, None)
        if method is not None:
            self._raise(method(focused))

    def set_root_window_bounds(self, bounds: tuple[int, int, int, int]) -> None:
        if hasattr(self.inner, "set_root_window_bounds"):  # only Unix asks: it has no window handle
            x, y, w, h = bounds
            rect = self.toolkit.Rect(x, y, x + w, y + h)
            self.inner.set_root_window_bounds(rect, rect)

    @staticmethod
    def _raise(events: Any) -> None:
        if events is not None:
            events.raise_events()


def platform_adapter(
    window: pygame.Window,
    toolkit: ModuleType,
    activate: Callable[[], Any],
    act: Callable[[ActionRequest], None],
    deactivate: Callable[[], None],
) -> Adapter:
    """The adapter for this system's accessibility API. Windows and macOS subclass the native
    window, which must happen while it is hidden, so the window is hidden for that moment.
    `window.handle` is the HWND on Windows and the NSWindow on macOS (the display module's
    get_wm_info knows only a window that set_mode made)."""
    if sys.platform == "win32":
        with hidden_window(window):
            inner = toolkit.windows.SubclassingAdapter(window.handle, activate, act)
        return PlatformAdapter(toolkit, inner, "update_window_focus_state")
    if sys.platform == "darwin":
        toolkit.macos.add_focus_forwarder_to_window_class("SDLWindow")
        with hidden_window(window):
            inner = toolkit.macos.SubclassingAdapter.for_window(window.handle, activate, act)
        return PlatformAdapter(toolkit, inner, "update_view_focus_state")
    inner = toolkit.unix.Adapter(activate, act, deactivate)
    return PlatformAdapter(toolkit, inner, "update_window_focus_state")


@contextlib.contextmanager
def hidden_window(window: pygame.Window) -> Any:
    window.hide()
    try:
        yield
    finally:
        window.show()


def _window_position(window: pygame.Window) -> tuple[int, int]:
    try:
        x, y = window.position
    except pygame.error:  # no window system that places windows (the dummy driver)
        return (0, 0)
    return (int(x), int(y))


def session_bus_missing() -> bool:
    """Whether no D-Bus session bus can be found, where AT-SPI needs one (not Windows or macOS):
    the adapter would wait for it in silence, so the log should say so instead."""
    if sys.platform in ("win32", "darwin"):
        return False
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return not (os.environ.get("DBUS_SESSION_BUS_ADDRESS") or os.environ.get("AT_SPI_BUS_ADDRESS")
                or (runtime and Path(runtime, "bus").exists()))


def failed(app: App, reason: str, told: str) -> None:
    """Screen-reader support is off for `reason`: the debug log has it in English, and Help
    tells the player (`told`, in their language), since stderr stays quiet."""
    log.debug("screen-reader support is off: %s", reason)
    app.screen_reader = Support.FAILED
    app.screen_reader_reason = told


def connect_access(app: App, make_adapter: AdapterFactory | None = None) -> Bridge | None:
    """Give screen readers the window, if AccessKit is installed and its adapter starts; set
    `app.screen_reader` to what happened (Help says it). Never raises: the game goes on.
    `make_adapter` stands in for this system's adapter (`platform_adapter` on the app's window)."""
    toolkit = TOOLKIT
    if toolkit is None:
        log.debug("screen-reader support is off: AccessKit is not installed (pip install 'eightoff[access]')")
        app.screen_reader = Support.OFF
        return None
    if make_adapter is None and session_bus_missing():
        failed(app, "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)",
               _("no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set"))
        return None
    try:
        factory = make_adapter or functools.partial(platform_adapter, app.window.native)
        bridge = Bridge(app, toolkit, factory)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a Rust panic in the adapter is a BaseException
        failed(app, f"the accessibility adapter did not start: {error}",
               _("the accessibility adapter did not start: {error}").format(error=error))
        return None
    if bridge.adapter is None:  # it started, then failed at its first call
        return None
    app.screen_reader = Support.ON
    app.closers.append(bridge.close)
    log.debug("screen-reader support is on (AccessKit)")
    return bridge
