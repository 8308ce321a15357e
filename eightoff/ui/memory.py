"""What the window's process leaves out or gives back, to keep its memory small (a window at a fresh
deal stays under 60 MB).

Sound: off unless the player turns it on, but `import pygame` loads SDL_mixer and its codecs
(FluidSynth, Vorbis, FLAC...): 2.7 MB and some milliseconds before the first frame.
`without_sound` makes that import fail, which pygame expects (it then keeps a stand-in that
says the module is missing), so nothing of it is mapped; `with_sound` imports it after all,
once the player wants sound.

Big blocks: the C allocator is asked to hand them back to the system, and the rest of its free
pages whenever the window goes to sleep for good (a finished game, a dialog, a fresh deal).

The window allocates and frees whole-window surfaces as it repaints (the table's static
picture, a dialog's shade: 8 MB each at 1920x1080). glibc serves a block of more than its
mmap threshold as a mapping of its own, returned when freed; but each such free raises that
threshold to the block's size, so the next ones come from the heap, which keeps what it once
held: the window's RSS grew by some 25 MB over a game (scripts/bench_gui.py). A fixed
threshold keeps them mappings, returned as soon as they are freed.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import sys
from collections.abc import Callable
from types import ModuleType

M_MMAP_THRESHOLD = -3
"""mallopt's parameter number (malloc.h); setting it also turns the dynamic raising off."""
MMAP_THRESHOLD = 2 << 20
"""Blocks above 2 MB are mappings of their own: whole-window surfaces (4 MB at 1280x800), not
the canvases cards are drawn on before they are scaled down (under 1 MB at 1280x800), which
the heap hands on from one card to the next: mapping each of those anew cost 14 ms of CPU
before the first frame."""


SOUND_MODULES = ("pygame.mixer", "pygame.mixer_music")


def without_sound() -> None:
    """Before pygame is first imported: its sound modules are not loaded (see above)."""
    for name in SOUND_MODULES:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "cannot import"


def with_sound() -> ModuleType:
    """pygame's mixer, imported now even if `without_sound` kept it out at the start."""
    for name in SOUND_MODULES:
        if name in sys.modules and sys.modules[name] is None:
            del sys.modules[name]
    return importlib.import_module("pygame.mixer")


def heap_trimmer() -> Callable[[], None]:
    """A call that hands the heap's free pages back to the system (glibc's `malloc_trim`),
    for the loop to make when it goes to sleep with nothing to wake it: the heap keeps what a
    game's frames and dialogs once held (0.5 MB of the window's 60.7 MB after a won game at
    1920x1080, scripts/bench_gui.py). It takes 0.1 ms; a full `gc.collect()` took 4-11 ms
    there and gave nothing back, so it is not made. A no-op where there is no glibc."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            trim = ctypes.CDLL(None).malloc_trim  # the C library's, already loaded (no search)
            trim.argtypes = [ctypes.c_size_t]

            def trim_heap() -> None:
                trim(0)

            return trim_heap
    return _keep_heap


def _keep_heap() -> None:
    """Where the C library cannot be asked (see `heap_trimmer`)."""


def return_big_blocks() -> bool:
    """Fix glibc's mmap threshold; False where there is no glibc (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the C library's, already loaded (no search)
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
