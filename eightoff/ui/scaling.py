"""The desktop's scale factor: how many window pixels the player's desktop gives one "point".

On X11 SDL 2 reports no scaling at all: a 2560x1440 screen set to 2x hands us 2560x1440 plain
pixels, and text drawn at the usual sizes comes out half as tall as in every other program.
The desktop says how it scales in a few places; we read them, cheapest first, and fall back to
1 whenever one is missing or unreadable (never hang, never fail the start for it).
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Callable, Mapping

MIN_SCALE, MAX_SCALE = 1.0, 4.0
"""Below 1 the smallest window would no longer fit its text; above 4 is a typing slip."""
LIBX11 = ("libX11.so.6", "libX11.so")
"""The X client library's names (SDL's X11 driver has loaded it already: no search)."""
BASE_DPI = 96.0
"""Xft.dpi at a scale of 1."""


def desktop_scale(environ: Mapping[str, str], xft_dpi: Callable[[], float | None]) -> float:
    """The scale the desktop asks for: GDK_SCALE (GNOME and GTK programs), else
    QT_SCALE_FACTOR (KDE and Qt programs), else Xft.dpi / 96 as `xft_dpi` reads it (X11
    desktops that scale only their fonts); 1 when none says. Clamped to MIN_SCALE..MAX_SCALE."""
    for name in ("GDK_SCALE", "QT_SCALE_FACTOR"):
        value = _number(environ.get(name, ""))
        if value is not None:
            return _clamp(value)
    dpi = xft_dpi()
    return _clamp(dpi / BASE_DPI) if dpi is not None else MIN_SCALE


def pixels_per_point(density: float, desktop: float) -> float:
    """How many drawable pixels the game gives one point, from the window's `density` (drawable
    pixels per window unit) and the `desktop_scale`. A denser drawable (macOS, native Wayland)
    means the window system already scales by itself, and the desktop's factor only describes
    that same scaling again: applying both would draw everything twice too large. Where the
    drawable is not denser (X11, where SDL 2 gives none), the desktop's factor is the scale."""
    return density if density > 1 else desktop


def xrdb_dpi() -> float | None:
    """Xft.dpi from the X server's resources (what `xrdb -query` shows), or None when the
    server cannot be reached or does not set it.

    The resources are the root window's RESOURCE_MANAGER property, which Xlib fetches as it
    connects: one short connection of our own through libX11, rather than starting xrdb, a
    process (and Python's subprocess module) before the window's first frame."""
    for name in LIBX11:
        try:
            x11 = ctypes.CDLL(name)
            break
        except OSError:
            continue
    else:
        return None
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XResourceManagerString.restype = ctypes.c_char_p
    x11.XResourceManagerString.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)  # the DISPLAY SDL has just connected to
    if not display:
        return None
    try:
        resources = x11.XResourceManagerString(display)
    finally:
        x11.XCloseDisplay(display)
    return xft_dpi_in(resources.decode("utf-8", "replace")) if resources else None


def xft_dpi_in(resources: str) -> float | None:
    """The Xft.dpi line's value in an X resource database's text, None when unset or unusable."""
    for line in resources.splitlines():
        name, _, value = line.partition(":")
        if name.strip() == "Xft.dpi":
            return _number(value)
    return None


def no_dpi() -> None:
    """Where the display is not X11 (or is SDL's dummy), no Xft.dpi is asked for."""


def _number(text: str) -> float | None:
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None


def _clamp(value: float) -> float:
    return max(MIN_SCALE, min(MAX_SCALE, value))
