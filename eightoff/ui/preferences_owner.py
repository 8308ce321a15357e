"""The one owner of the preferences in the window: it applies them when the window opens,
when a Preferences row changes, at F11, and keeps the window's size and place at the end.

The session keeps the preferences and decides what a rule changed for the game in progress
asks; everything the window shows or plays from them is applied here and nowhere else: the
language, the colours, the cards' pictures and size, sound, full screen, and where the window
opens (remembered per screen size: eightoff/ui/window_place.py).
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

import pygame

from eightoff.core.i18n import _
from eightoff.locale import SYSTEM, available_languages, choose_language, install_language
from eightoff.ui import dialogs, theme
from eightoff.ui.designs import table_cloth
from eightoff.ui.layout import clamp_position, fit_window, min_window
from eightoff.ui.scene import Host, Scene
from eightoff.ui.window_place import centred, remember, remembered_position, remembered_size

if TYPE_CHECKING:
    from eightoff.core.preferences import Preferences
    from eightoff.session.session import Session
    from eightoff.ui.effects import SoundEffect
    from eightoff.ui.window import Screen


class Table(Protocol):
    """What of the table the preferences change (the table scene is one; named by shape)."""

    sound: SoundEffect

    def invalidate(self) -> None: ...

    def refresh_faces(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...


class Window(Host, Protocol):
    """The window the preferences apply to (the `App`; named by shape, so this module need
    not import the window, which imports it)."""

    window: Screen
    scenes: list[Scene]
    table: Table
    full_redraw: bool

    def retitle(self) -> None: ...

    def refit(self) -> None: ...


def deck(preferences: Preferences) -> tuple[object, ...]:
    """The preferences the cards' pictures are drawn from."""
    return (preferences.four_colour, preferences.high_contrast, preferences.card_face, preferences.card_back)


def use_colours(preferences: Preferences) -> None:
    """The table's cloth and the interface's colours as the preferences have them (read at
    the next frame)."""
    theme.use(preferences.high_contrast, table_cloth(preferences.table_colour))


def scaled(size: tuple[int, int], factor: float) -> tuple[int, int]:
    """A size in points (as preferences keep the window's) in units `factor` to the point."""
    return (round(size[0] * factor), round(size[1] * factor))


def desktop() -> tuple[int, int] | None:
    """The size of the screen the window opens on (the first), which its place is kept for."""
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else None


class PreferencesOwner:
    def __init__(self, window: Window, session: Session) -> None:
        """The language and colours apply at once, before anything is laid out in them."""
        self.window = window
        self.session = session
        self.fullscreen = False
        self.windowed: tuple[tuple[int, int], tuple[int, int] | None] = ((0, 0), None)
        """The window's size (points) and place before it filled the screen: what is kept at
        the end of a game played full screen."""
        language = session.preferences.language
        if language != SYSTEM and language not in available_languages():  # a newer version's
            logging.getLogger(__name__).debug("no catalogue for the language %r here: the "
                                              "system's is shown", language)
        install_language(choose_language(language))
        use_colours(session.preferences)

    @property
    def preferences(self) -> Preferences:
        return self.session.preferences

    # ----- the window's size and place ----------------------------------------------------------

    def window_size(self, size: tuple[int, int] | None, units: float,
                    desktops: list[tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
        """The window's size and smallest size in window units, at `units` to the point: `size`
        if given, else the remembered size fitted to the screen the window opens on."""
        smallest = min_window(units)
        remembered = remembered_size(self.preferences, desktops[0] if desktops else None)
        wanted = size or scaled(remembered, units)
        if size is None and desktops:
            wanted = fit_window(wanted, desktops[0], smallest)
        return (max(wanted[0], smallest[0]), max(wanted[1], smallest[1])), smallest

    def open(self) -> None:
        """Once the window has its table: its remembered place, and full screen if kept so."""
        self.place_window(remembered_position(self.preferences, desktop()))
        self.windowed = (self.points(), None)
        if self.preferences.fullscreen:
            self.set_fullscreen(True)

    def place_window(self, position: tuple[int, int] | None) -> None:
        """Put the window where it was on this size of screen, unless that is off every screen
        now (a monitor gone); centred on a screen not met before, or when its remembered size
        had to be fitted smaller. Positions, like the desktops' sizes, are in window units
        (points on a Retina Mac)."""
        sizes = pygame.display.get_desktop_sizes()
        first = desktop()
        if first is None:
            return
        native = self.window.window.native
        width = sum(size[0] for size in sizes)
        height = max(size[1] for size in sizes)
        half = native.size[0] // 2
        wanted = remembered_size(self.preferences, first)
        refitted = any(abs(got - want) > 2 for got, want in zip(self.points(), wanted, strict=True))
        fits = position is not None and -half < position[0] < width - 100 and 0 <= position[1] < height - 100
        with contextlib.suppress(pygame.error):
            if position is None or refitted or not fits:
                native.position = centred(native.size, first)
            else:
                native.position = clamp_position(position, native.size, (width, height))

    def window_position(self) -> tuple[int, int] | None:
        with contextlib.suppress(pygame.error):
            x, y = self.window.window.native.position
            return (x, y)
        return None

    def points(self) -> tuple[int, int]:
        """The window's size in points, as preferences keep it: the same window on a desktop
        scaled otherwise (or on another monitor) opens looking the same."""
        size, scale = self.window.size, self.window.ui_scale
        return (round(size[0] / scale), round(size[1] / scale))

    def kept_window(self) -> Preferences:
        """At the end: the preferences with the window's size and place kept for this size of
        screen (the windowed ones, when it fills the screen)."""
        size, position = self.windowed if self.fullscreen else (self.points(), self.window_position())
        return remember(self.preferences, desktop(), size, position)

    # ----- full screen --------------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """F11: the window fills the screen, or goes back; the choice is kept for the next
        start. A display that refuses leaves the window as it was, and says so."""
        wanted = not self.fullscreen
        if not self.set_fullscreen(wanted):
            self.window.notify(_("This display does not allow full screen."))
            return
        self.session.set_preferences(replace(self.preferences, fullscreen=wanted))

    def set_fullscreen(self, on: bool) -> bool:
        """Fill the screen (the desktop's mode, so nothing changes resolution) or go back to the
        window; False, with the window as it was, when the display refuses."""
        if on and not self.fullscreen:
            self.windowed = (self.points(), self.window_position())
        screen = self.window.window
        try:
            screen.fill_screen(on)
        except pygame.error as error:
            logging.getLogger(__name__).debug("full screen refused: %s", error)
            with contextlib.suppress(pygame.error):
                screen.fill_screen(False)
            return False
        self.fullscreen = on
        self.window.refit()
        return True

    # ----- a Preferences row changed -----------------------------------------------------------

    def changed(self, old: Preferences, new: Preferences) -> None:
        """A Preferences row changed: the session keeps it, and says whether to ask about
        restarting this deal under a rule changed for it; display preferences apply here at
        once."""
        table = self.window.table
        if (new.high_contrast, new.table_colour) != (old.high_contrast, old.table_colour):
            use_colours(new)
            table.invalidate()
        ask = self.session.set_preferences(new)
        if deck(new) != deck(old):
            table.refresh_faces()
        if new.large_cards != old.large_cards:
            table.resize(self.window.size)
        if new.language != old.language:
            self.change_language()
        if (new.sound, new.volume) != (old.sound, old.volume):
            table.sound.start()
        if ask:
            self.ask_rule_change()

    def change_language(self) -> None:
        """Show the language the preferences now ask for: every scene lays its text out again
        (button widths, wrapped lines) and the whole window is redrawn."""
        install_language(choose_language(self.preferences.language))
        for scene in self.window.scenes:
            scene.resize(self.window.size)
        self.window.retitle()
        self.window.full_redraw = True

    def ask_rule_change(self) -> None:
        """Restart this deal under the rules now chosen, or keep them for the next deal (the
        default: Enter never throws a game away)."""
        self.window.push(dialogs.MessageDialog(
            self.window, _("Change the rules of this game?"),
            [_("The new rule applies from the next deal. Restarting this deal with it now counts "
               "this game as lost.")],
            [(_("Next deal"), None), (_("Restart now"), self.session.restart_under_chosen_rules)]))
