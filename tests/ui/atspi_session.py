"""Run inside a private D-Bus session (`dbus-run-session -- python -m tests.ui.atspi_session`):
start an AT-SPI bus as a desktop does, turn accessibility on as a screen reader does, play two
keys in the window with the real Linux adapter attached, press a pile through the bus as a
screen reader does, and print as JSON what the bus saw: the Announcement signals a screen
reader would speak, and names read back from the tree.

A separate process because the session bus must exist before the adapter looks for it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402  (after SDL's driver is chosen)

from eightoff.core.piles import Pile  # noqa: E402
from eightoff.ui.accesskit_bridge import ROOT, connect_access, pile_id  # noqa: E402
from tests.ui.helpers import key, make_app  # noqa: E402

LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")
DEADLINE = 120.0
"""Seconds to wait for something the bus must do before giving up (a failure, not a measure)."""
BUS = "org.a11y.Bus"


def launcher() -> str | None:
    return next((path for path in LAUNCHERS if Path(path).exists()), None)


def run(*command: str) -> str:
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    return result.stdout.strip() if result.returncode == 0 else ""


def wait_for(what: str, ready: Callable[[], str | bool]) -> str | bool:
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        value = ready()
        if value:
            return value
        time.sleep(0.1)
    raise SystemExit(f"gave up waiting for {what}")


def a11y_bus() -> str:
    """Start the AT-SPI bus and say that assistive technology is on; its address. (The bus goes
    when the private session ends.)"""
    subprocess.Popen([str(launcher()), "--launch-immediately"], stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
    address = wait_for("the AT-SPI bus", lambda: run(
        "dbus-send", "--session", "--print-reply=literal", f"--dest={BUS}", "/org/a11y/bus",
        "org.a11y.Bus.GetAddress").strip())
    run("dbus-send", "--session", "--print-reply", f"--dest={BUS}", "/org/a11y/bus",
        "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
        "variant:boolean:true")
    return str(address)


def name(address: str, app: str, node: int) -> str:
    """A node's accessible name as a screen reader reads it (AT-SPI's Name property)."""
    path = "/org/a11y/atspi/accessible/root" if node == 0 else f"/org/a11y/atspi/accessible/0/{node}"
    reply = run("gdbus", "call", "--address", address, "--dest", app, "--object-path", path,
                "--method", "org.freedesktop.DBus.Properties.Get", "org.a11y.atspi.Accessible", "Name")
    found = re.search(r"<'(.*)'>", reply)
    return found.group(1) if found else ""


def registered(address: str) -> str:
    """The bus name of the first application the AT-SPI registry lists ('' while none is)."""
    reply = run("gdbus", "call", "--address", address, "--dest", "org.a11y.atspi.Registry",
                "--object-path", "/org/a11y/atspi/accessible/root", "--method",
                "org.a11y.atspi.Accessible.GetChildren")
    found = re.findall(r"'(:1\.\d+)'", reply)
    return found[0] if found else ""


def main() -> None:
    address = a11y_bus()
    folder = Path(os.environ["EIGHTOFF_HOME"])
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "monitor.txt"
    with log.open("w") as out:
        monitor = subprocess.Popen(["dbus-monitor", "--address", address, "type='signal'"], stdout=out,
                                   stderr=subprocess.DEVNULL)
    wait_for("dbus-monitor", lambda: "NameAcquired" in log.read_text())
    app = make_app()
    connect_access(app)
    peer = str(wait_for("the game in the AT-SPI registry", lambda: registered(address)))
    window = str(wait_for("the window's node", lambda: name(address, peer, ROOT)))
    key(app, pygame.K_6)  # column 6 holds the Ace of diamonds on top
    key(app, pygame.K_f)
    pattern = re.compile(r'member=Announcement\n(?:.*\n){3}\s*variant\s+string "(.*)"')
    wait_for("two announcements", lambda: len(pattern.findall(log.read_text())) >= 2)
    # The screen reader's own press on column 6 (AT-SPI's "click"): the adapter's thread posts
    # it, the loop picks the pile, and the pick is announced.
    clicked = run("gdbus", "call", "--address", address, "--dest", peer, "--object-path",
                  f"/org/a11y/atspi/accessible/0/{pile_id(Pile.column(5))}", "--method",
                  "org.a11y.atspi.Action.DoAction", "0")

    def announced_again() -> bool:
        app.pump()  # the press arrives as an event in the loop
        return len(pattern.findall(log.read_text())) >= 3

    wait_for("the press's announcement", announced_again)
    result = {
        "window": window,
        "announcements": pattern.findall(log.read_text()),
        "column 6": name(address, peer, pile_id(Pile.column(5))),
        "clicked": clicked,
        "screen_reader": app.screen_reader.value,
    }
    monitor.terminate()
    app.close()
    print(json.dumps(result))


if __name__ == "__main__":
    if launcher() is None or not all(shutil.which(tool) for tool in ("dbus-monitor", "dbus-send", "gdbus")):
        sys.exit("needs at-spi-bus-launcher, dbus-monitor, dbus-send and gdbus")
    main()
