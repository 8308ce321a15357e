"""Run under a real X server by test_x11_present: the game's Screen is given a noisy picture,
then random small rectangles of new noise, each frame presented as the game presents it;
afterwards the X server's copy of the window is read back and compared with the surface,
pixel for pixel. Prints one JSON line: whether frames went through Xlib, the pixels that
differ, and the frames sent.

    python -m tests.ui.x11_probe SEED [--without-xlib]

--without-xlib hides libX11 from the presenter, as on a system without it: frames must then
go through SDL, and show the same."""

from __future__ import annotations

import ctypes
import json
import os
import random
import sys

import pygame

from eightoff.ui import x11_present
from eightoff.ui.window import Screen

SIZE = (640, 400)
FRAMES = 25


def noise(rng: random.Random, size: tuple[int, int]) -> pygame.Surface:
    return pygame.image.frombytes(rng.randbytes(size[0] * size[1] * 3), size, "RGB")


def some_rects(rng: random.Random) -> list[pygame.Rect]:
    """A few rectangles, some reaching past the window's edges (they must be clipped)."""
    return [pygame.Rect(rng.randrange(-20, SIZE[0]), rng.randrange(-20, SIZE[1]),
                        rng.randrange(1, 120), rng.randrange(1, 60)) for _ in range(rng.randrange(1, 4))]


def on_server(screen: Screen) -> bytes:
    """The window's pixels as the X server has them, as the surface's bytes would be (read on
    SDL's own connection, after every request sent on it)."""
    x11 = ctypes.CDLL("libX11.so.6")
    x11.XGetImage.restype = ctypes.POINTER(x11_present.XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x11.XDestroyImage.argtypes = [ctypes.POINTER(x11_present.XImage)]
    display, window = x11_present.sdl_handles(screen.native)
    image = x11.XGetImage(display, window, 0, 0, SIZE[0], SIZE[1], ctypes.c_ulong(-1).value, 2)
    assert image, "XGetImage failed"
    try:
        facts = image.contents
        rows = ctypes.string_at(facts.data, facts.bytes_per_line * facts.height)
        return b"".join(rows[y * facts.bytes_per_line:y * facts.bytes_per_line + 4 * SIZE[0]]
                        for y in range(SIZE[1]))
    finally:
        x11.XDestroyImage(image)


def main() -> int:
    rng = random.Random(int(sys.argv[1]))
    if "--without-xlib" in sys.argv:
        x11_present.X11_LIBRARY = "libX11-not-here.so.6"
    pygame.display.init()
    screen = Screen("probe", SIZE, (100, 100))
    screen.native.show()
    surface = screen.surface()
    surface.blit(noise(rng, SIZE), (0, 0))
    screen.present()
    for _ in range(FRAMES):
        rects = some_rects(rng)
        for rect in rects:
            surface.blit(noise(rng, rect.size), rect)
        screen.present(rects)
    drawn = pygame.image.tobytes(surface, "BGRA")
    shown = on_server(screen)
    differing = sum(drawn[i:i + 3] != shown[i:i + 3] for i in range(0, len(drawn), 4))
    print(json.dumps({"xlib": screen.presenter is not None, "differing": differing, "frames": FRAMES,
                      "display": os.environ.get("DISPLAY", "")}))
    screen.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
