"""Where the window opens, remembered per screen size: a window sized on a small screen does
not open small and in a corner of a large one, and a size that does not fit the screen it
opens on is fitted and centred.

Pure functions of the preferences and the desktop's size, so the rule is tested without a
display; the app asks for the size, the store link for the position and records both.
"""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.preferences import MAX_SCREENS, Preferences


def screen_key(desktop: tuple[int, int]) -> str:
    return f"{desktop[0]}x{desktop[1]}"


def remembered_size(preferences: Preferences, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size (points) the window had on a screen of this size; on a screen not met before,
    the default size, not another screen's (a file from before screens were told apart: the
    one size it kept)."""
    screens = preferences.window_screens
    place = screens.get(screen_key(desktop)) if desktop is not None else None
    if place is not None:
        return place[0], place[1]
    return preferences.window_size if not screens else Preferences().window_size


def remembered_position(preferences: Preferences, desktop: tuple[int, int] | None) -> tuple[int, int] | None:
    """Where the window was on a screen of this size; None (centre it) on a screen not met."""
    screens = preferences.window_screens
    place = screens.get(screen_key(desktop)) if desktop is not None else None
    if place is not None:
        return place[2], place[3]
    return preferences.window_position if not screens else None


def remember(preferences: Preferences, desktop: tuple[int, int] | None, size: tuple[int, int],
             position: tuple[int, int] | None) -> Preferences:
    """The preferences with the window's size (points) and position kept for this screen size
    (the oldest screen forgotten past MAX_SCREENS)."""
    changed = replace(preferences, window_size=size, window_position=position)
    if desktop is None or position is None:
        return changed
    screens = {key: place for key, place in preferences.window_screens.items() if key != screen_key(desktop)}
    screens[screen_key(desktop)] = (*size, *position)
    changed.window_screens = dict(list(screens.items())[-MAX_SCREENS:])
    return changed


def centred(size: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    return max(0, (desktop[0] - size[0]) // 2), max(0, (desktop[1] - size[1]) // 2)
