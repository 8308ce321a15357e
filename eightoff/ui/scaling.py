"""The desktop's scale factor: how many window pixels the player's desktop gives one "point".

On X11 SDL 2 reports no scaling at all: a 2560x1440 screen set to 2x hands us 2560x1440 plain
pixels, and text drawn at the usual sizes comes out half as tall as in every other program.
The desktop says how it scales in a few places; we read them, cheapest first, and fall back to
1 whenever one is missing or unreadable (never hang, never fail the start for it).
"""

from __future__ import annotations

import math
import shutil
import subprocess
from collections.abc import Callable, Mapping

MIN_SCALE, MAX_SCALE = 1.0, 4.0
"""Below 1 the smallest window would no longer fit its text; above 4 is a typing slip."""
XRDB_SECONDS = 2.0
"""How long `xrdb -query` may take before we give up on it (it answers in milliseconds)."""
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
    """Xft.dpi from the X server's resources (`xrdb -query`), or None when xrdb is missing,
    fails, takes too long or does not set it."""
    program = shutil.which("xrdb")
    if program is None:
        return None
    try:
        result = subprocess.run([program, "-query"], capture_output=True, text=True,
                                timeout=XRDB_SECONDS, check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return None
    if result.returncode != 0:
        return None
    for line in result.stdout.splitlines():
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
