"""Small frames put on an X11 window without waiting for the X server (issue 20, idle).

SDL shows a window surface on X11 with `XShmPutImage` followed by `XSync`: it must know the
server has read the shared pixels before it may change them. That wait for the server's reply
is a second wake-up of the process for every frame, so the running clock's one frame a second
read as two. Here a frame's few changed rectangles are sent with plain `XPutImage`, which copies
the pixels into the request, followed by `XFlush`, which only writes the request out: nothing
waits for a reply. The pixels are the window surface's own, in the window visual's format, on
SDL's own display connection, so the requests stay in order with SDL's.

Everything here is optional: where libX11 or SDL's window handles cannot be had, or anything
about the window is not as expected (another video driver, a visual that is not 32-bit true
colour in the surface's masks, a server of the other byte order), `open` returns None, says
why in the debug log, and the window goes on with SDL's own update.

Xlib reports a request's errors later, to a process-wide handler that by default ends the
program; that is why the visual, depth and pixel size are checked before the first request,
and why only rectangles inside the surface are ever sent.
"""

from __future__ import annotations

import ctypes
import logging
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: the tests' and benchmarks' screen readers use XImage alone
    import pygame

log = logging.getLogger("eightoff.window")

X11_LIBRARY = "libX11.so.6"
"""The name SDL itself loads libX11 by, so the library already in the process is reused."""

SDL_SYSWM_X11 = 2
Z_PIXMAP = 2
LSB_FIRST = 0
BITS_PER_PIXEL = 32


class _Version(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint8), ("minor", ctypes.c_uint8), ("patch", ctypes.c_uint8)]


class _X11Handles(ctypes.Structure):
    _fields_ = [("display", ctypes.c_void_p), ("window", ctypes.c_ulong)]


class _SystemInfo(ctypes.Union):
    _fields_ = [("x11", _X11Handles), ("padding", ctypes.c_uint8 * 128)]


class _WindowManagerInfo(ctypes.Structure):
    """SDL2's SDL_SysWMinfo: the union is given more room than any of SDL's members needs."""

    _fields_ = [("version", _Version), ("subsystem", ctypes.c_int), ("info", _SystemInfo)]


class _Visual(ctypes.Structure):
    _fields_ = [
        ("ext_data", ctypes.c_void_p), ("visualid", ctypes.c_ulong), ("visual_class", ctypes.c_int),
        ("red_mask", ctypes.c_ulong), ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong),
        ("bits_per_rgb", ctypes.c_int), ("map_entries", ctypes.c_int),
    ]


class _WindowAttributes(ctypes.Structure):
    _fields_ = [
        ("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
        ("border_width", ctypes.c_int), ("depth", ctypes.c_int), ("visual", ctypes.POINTER(_Visual)),
        ("root", ctypes.c_ulong), ("window_class", ctypes.c_int), ("bit_gravity", ctypes.c_int),
        ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int),
        ("backing_planes", ctypes.c_ulong), ("backing_pixel", ctypes.c_ulong),
        ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
        ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
        ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
        ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p),
    ]


class XImage(ctypes.Structure):
    """The leading fields of Xlib's XImage: the ones read or cleared here and by the tests,
    which read the screen back."""

    _fields_ = [
        ("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int),
        ("red_mask", ctypes.c_ulong), ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong),
    ]


class Unusable(Exception):
    """Why the window cannot be shown through Xlib here (said once, in the debug log)."""


def _x11_library() -> ctypes.CDLL:
    x11 = ctypes.CDLL(X11_LIBRARY)
    x11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(_WindowAttributes)]
    x11.XImageByteOrder.argtypes = [ctypes.c_void_p]
    x11.XCreateGC.restype = ctypes.c_void_p
    x11.XCreateGC.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_void_p]
    x11.XFreeGC.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    x11.XCreateImage.restype = ctypes.POINTER(XImage)
    x11.XCreateImage.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Visual), ctypes.c_uint, ctypes.c_int,
                                 ctypes.c_int, ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint,
                                 ctypes.c_int, ctypes.c_int]
    x11.XPutImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p, ctypes.POINTER(XImage),
                              ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint]
    x11.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    return x11


def sdl_handles(window: pygame.Window) -> tuple[int, int]:
    """SDL's X display connection and the window's X id. pygame-ce's `get_wm_info` knows only
    the display module's window, so SDL is asked directly: its functions are found through
    pygame's window module, which links it (the bundled copy or the system's)."""
    import pygame.window

    sdl = ctypes.CDLL(pygame.window.__file__)
    sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
    sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
    sdl.SDL_GetWindowWMInfo.argtypes = [ctypes.c_void_p, ctypes.POINTER(_WindowManagerInfo)]
    native = sdl.SDL_GetWindowFromID(window.id)
    if not native:
        raise Unusable("SDL does not know the window")
    info = _WindowManagerInfo()
    info.version.major, info.version.minor, info.version.patch = pygame.get_sdl_version(linked=True)
    if not sdl.SDL_GetWindowWMInfo(native, ctypes.byref(info)) or info.subsystem != SDL_SYSWM_X11:
        raise Unusable(f"not an X11 window (SDL subsystem {info.subsystem})")
    if not info.info.x11.display or info.info.x11.window != window.handle:
        raise Unusable("SDL gave no display, or another window")
    return info.info.x11.display, info.info.x11.window


def _masks(visual: _Visual) -> tuple[int, int, int]:
    return visual.red_mask, visual.green_mask, visual.blue_mask


def _fits(surface: pygame.Surface, visual: _Visual) -> bool:
    """Whether the surface's pixels are the visual's as they are: 32 bits, the same masks."""
    return surface.get_bitsize() == BITS_PER_PIXEL and surface.get_masks()[:3] == _masks(visual)


class XPresenter:
    """Puts rectangles of the window surface on the X window, then flushes, never syncs."""

    def __init__(self, x11: ctypes.CDLL, display: int, window: int, attributes: _WindowAttributes) -> None:
        self.x11, self.display, self.window = x11, display, window
        self.visual, self.depth = attributes.visual, attributes.depth
        self.gc: int | None = x11.XCreateGC(display, window, 0, None)
        if not self.gc:
            raise Unusable("XCreateGC failed")

    @classmethod
    def open(cls, window: pygame.Window, surface: pygame.Surface) -> XPresenter | None:
        """A presenter for `window` when its surface can go to the X server as it is, else None."""
        import pygame

        try:
            if pygame.display.get_driver() != "x11":
                raise Unusable(f"video driver {pygame.display.get_driver()}")
            if sys.byteorder != "little":
                raise Unusable("a big-endian machine")
            x11 = _x11_library()
            display, handle = sdl_handles(window)
            if x11.XImageByteOrder(display) != LSB_FIRST:
                raise Unusable("the X server's images are most significant byte first")
            attributes = _WindowAttributes()
            if not x11.XGetWindowAttributes(display, handle, ctypes.byref(attributes)):
                raise Unusable("XGetWindowAttributes failed")
            if not hasattr(surface, "_pixels_address"):
                raise Unusable("this pygame gives no surface's pixel address")
            if not _fits(surface, attributes.visual.contents):
                raise Unusable(f"the surface's {surface.get_bitsize()}-bit {surface.get_masks()[:3]} is not "
                               f"the visual's depth {attributes.depth} {_masks(attributes.visual.contents)}")
            probe = x11.XCreateImage(display, attributes.visual, attributes.depth, Z_PIXMAP, 0, None,
                                     1, 1, BITS_PER_PIXEL, 0)
            if not probe:
                raise Unusable("XCreateImage failed")
            bits = probe.contents.bits_per_pixel
            x11.XDestroyImage(probe)
            if bits != BITS_PER_PIXEL:
                raise Unusable(f"the server keeps depth {attributes.depth} in {bits} bits a pixel")
            return cls(x11, display, handle, attributes)
        except (OSError, AttributeError, ValueError, pygame.error, Unusable) as why:
            log.debug("frames go through SDL's update: %s", why)
            return None

    def put(self, surface: pygame.Surface, rects: Sequence[pygame.Rect]) -> bool:
        """Send `rects` of `surface` (the window's surface, as it is after any resize) and flush.
        False, having sent nothing, if the surface no longer matches what was checked."""
        image = None
        if _fits(surface, self.visual.contents):
            width, height = surface.get_size()
            image = self.x11.XCreateImage(self.display, self.visual, self.depth, Z_PIXMAP, 0,
                                          surface._pixels_address, width, height,
                                          BITS_PER_PIXEL, surface.get_pitch())
        if not image:
            log.debug("frames go through SDL's update: the window surface no longer fits the X visual")
            return False
        try:
            bounds = surface.get_rect()
            for rect in rects:
                inside = bounds.clip(rect)
                if inside.w and inside.h:
                    self.x11.XPutImage(self.display, self.window, self.gc, image, inside.x, inside.y,
                                       inside.x, inside.y, inside.w, inside.h)
            self.x11.XFlush(self.display)
            return True
        finally:
            image.contents.data = None  # the pixels are the surface's: XDestroyImage must not free them
            self.x11.XDestroyImage(image)

    def close(self) -> None:
        """Free the graphics context, before the window goes."""
        if self.gc is not None:
            self.x11.XFreeGC(self.display, self.gc)
            self.gc = None
