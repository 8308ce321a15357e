"""The game as a player meets it: a real process with a real window on a private X server
(Xvfb), driven by xdotool, its screen read back from the X server.

The screen is read with libX11's XGetImage through ctypes (what `xwd` does), so the tests
need no image tool beyond the X libraries that xdotool already brings.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WINDOW_CLASS = "eightoff"
TOOLS = ("Xvfb", "xdotool")


def missing_tools() -> list[str]:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if ctypes.util.find_library("X11") is None:
        missing.append("libX11")
    return missing


@contextlib.contextmanager
def virtual_screen(width: int = 1600, height: int = 1000) -> Iterator[str]:
    """An Xvfb server on a display number it picks itself (-displayfd), so parallel runs and
    other people's servers never collide; yields the DISPLAY value."""
    with x_server(width, height) as (display, _server):
        yield display


@contextlib.contextmanager
def x_server(width: int = 1600, height: int = 1000) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`virtual_screen`, with the server's process too (a test may stop it, as a frozen
    display would be; it is let go on again before it is ended)."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    with os.fdopen(read_end) as announced:
        number = announced.readline().strip()
    try:
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}", server
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGCONT)  # a stopped server would hold SIGTERM for ever
        server.terminate()
        server.wait(timeout=10)


def xdotool(display: str, *arguments: str) -> str:
    result = subprocess.run(
        ["xdotool", *arguments], capture_output=True, text=True, check=False, timeout=30,
        env={**os.environ, "DISPLAY": display},
    )
    if result.returncode != 0:
        raise RuntimeError(f"xdotool {' '.join(arguments)}: {result.stderr.strip() or result.returncode}")
    return result.stdout


def xdrag(display: str, grip: tuple[int, int], drop: tuple[int, int]) -> None:
    """Press the left button at `grip` (screen pixels), move to `drop` in eight steps, as a hand
    does, and release it there."""
    path = [str(value) for i in range(1, 9) for value in
            ("mousemove", grip[0] + (drop[0] - grip[0]) * i // 8, grip[1] + (drop[1] - grip[1]) * i // 8)]
    xdotool(display, "mousemove", "--sync", str(grip[0]), str(grip[1]), "mousedown", "1", *path,
            "mouseup", "1")


def resize_window(display: str, window: str, size: tuple[int, int]) -> None:
    """The window made `size` by xdotool, as no window manager limits it, and checked so."""
    xdotool(display, "windowsize", "--sync", window, *map(str, size))
    assert f"Geometry: {size[0]}x{size[1]}" in xdotool(display, "getwindowgeometry", window)


class GameProcess:
    """`python -m eightoff ...` on `display`, its stdout read line by line in the background
    so a test can wait for the next layout or move line with a timeout."""

    def __init__(self, display: str, home: Path, *arguments: str) -> None:
        env = {**os.environ, "DISPLAY": display, "EIGHTOFF_HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
        env.pop("SDL_VIDEODRIVER", None)  # the headless tests' dummy driver must not leak in
        self.display = display
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "eightoff", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=home,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.window = ""

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def next_line(self, timeout: float = 30) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no output within {timeout} s; so far: {self.seen[-5:]}") from None
        if line is None:
            raise AssertionError(f"the game ended (status {self.process.wait()}): {self.stderr()}")
        self.seen.append(line)
        return line

    def next_layout(self, timeout: float = 30) -> tuple[dict[str, Any], list[str]]:
        """The next --print-layout record, and the other lines printed before it."""
        before: list[str] = []
        while True:
            line = self.next_line(timeout)
            if line.startswith("{"):
                return json.loads(line)["layout"], before
            before.append(line)

    def find_window(self, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(RuntimeError):
                found = xdotool(self.display, "search", "--onlyvisible", "--class", WINDOW_CLASS).split()
                if found:
                    self.window = found[0]
                    return self.window
            time.sleep(0.1)
        raise AssertionError(f"no visible window of class {WINDOW_CLASS!r}")

    def origin(self) -> tuple[int, int]:
        """Where the window's (0, 0) is on the screen."""
        shell = xdotool(self.display, "getwindowgeometry", "--shell", self.window)
        facts = dict(line.split("=", 1) for line in shell.split() if "=" in line)
        return int(facts["X"]), int(facts["Y"])

    def click(self, x: int, y: int) -> None:
        """A left click at (x, y) in window pixels."""
        left, top = self.origin()
        xdotool(self.display, "mousemove", "--sync", str(left + x), str(top + y), "click", "1")

    def stderr(self) -> str:
        assert self.process.stderr is not None
        if self.process.poll() is None:
            return ""
        return self.process.stderr.read()

    def stop(self, timeout: float = 10) -> int:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


# ----- the screen, from the X server ------------------------------------------------------------


Z_PIXMAP = 2
ALL_PLANES = ctypes.c_ulong(-1).value


class XImage(ctypes.Structure):
    """The leading fields of Xlib's XImage, the ones a screen reader needs: its size, where
    its pixels are, their layout and the colour masks."""

    _fields_ = [
        ("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int),
        ("red_mask", ctypes.c_ulong), ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong),
    ]


class Screenshot:
    """Pixels of a rectangle of the root window, as RGB tuples."""

    def __init__(
        self, data: bytes, width: int, height: int, stride: int, masks: tuple[int, int, int]
    ) -> None:
        self.data, self.width, self.height, self.stride = data, width, height, stride
        self.shifts = [(mask, (mask & -mask).bit_length() - 1) for mask in masks]

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        offset = y * self.stride + 4 * x
        value = int.from_bytes(self.data[offset:offset + 4], "little")
        red, green, blue = ((value & mask) >> shift for mask, shift in self.shifts)
        return red, green, blue


def grab_screen(display: str, x: int, y: int, width: int, height: int) -> Screenshot:
    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XGetImage.restype = ctypes.POINTER(XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x11.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    connection = x11.XOpenDisplay(display.encode())
    if not connection:
        raise RuntimeError(f"cannot open display {display}")
    try:
        image = x11.XGetImage(connection, x11.XDefaultRootWindow(connection), x, y, width, height,
                              ALL_PLANES, Z_PIXMAP)
        if not image:
            raise RuntimeError("XGetImage failed")
        try:
            facts = image.contents
            if facts.bits_per_pixel != 32 or facts.byte_order != 0:
                raise RuntimeError(f"{facts.bits_per_pixel} bpp, order {facts.byte_order}: not 32-bit LSB")
            data = ctypes.string_at(facts.data, facts.bytes_per_line * facts.height)
            return Screenshot(data, facts.width, facts.height, facts.bytes_per_line,
                              (facts.red_mask, facts.green_mask, facts.blue_mask))
        finally:
            x11.XDestroyImage(image)
    finally:
        x11.XCloseDisplay(connection)
