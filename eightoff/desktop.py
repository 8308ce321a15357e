"""`eightoff install-desktop`: a menu entry and icon for the current user on freedesktop systems.

Players start a solitaire from the menu, so the entry must run the very `eightoff` that
installed it (a venv's, pipx's or a standalone build's), whichever is first on PATH later.
It lives in the package rather than in a script so it works the same from a source
checkout, an installed wheel and a PyInstaller build, each finding its own assets.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
from pathlib import Path

from eightoff.core.i18n import _, system_reason

APP_ID = "eightoff"
ASSETS = Path(__file__).resolve().parent / "assets"
DESKTOP_TEMPLATE = ASSETS / f"{APP_ID}.desktop"
ICON_SVG = ASSETS / "icon.svg"
METAINFO = ASSETS / "io.github.eightoff.metainfo.xml"
"""AppStream metainfo (what software centres show), installed beside the entry."""
PNG_NAME = re.compile(rf"{APP_ID}-(\d+)\.png")

EXEC_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
"""Characters that force an Exec argument into quotes (Desktop Entry spec, "The Exec key")."""


def data_home() -> Path:
    """$XDG_DATA_HOME if it is set to an absolute path (as the spec demands), else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path.home() / ".local" / "share"


def launch_command() -> list[str]:
    """The absolute command that starts this same copy of the game.

    A frozen build is its own executable. An installed one has its `eightoff` script beside
    the interpreter (venvs and pipx alike); `sys.executable` is not resolved, since a venv's
    python is a symlink to a base interpreter that cannot see the venv's packages.
    """
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).absolute())]
    beside = Path(sys.executable).absolute().parent / APP_ID
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which(APP_ID)
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", APP_ID]


def exec_argument(argument: str) -> str:
    """One Exec argument, quoted and escaped as the Desktop Entry spec requires.

    Quoting comes first (inside quotes ", `, $ and \\ take a backslash), then the general
    string escaping doubles every backslash again, and % is doubled so it is not a field code.
    """
    argument = argument.replace("%", "%%")
    if not argument or EXEC_RESERVED & set(argument):
        argument = '"' + re.sub(r'(["`$\\])', r"\\\1", argument) + '"'
    return argument.replace("\\", "\\\\")


def desktop_entry(command: list[str]) -> str:
    """The packaged entry with Exec (and TryExec, so menus hide a vanished install) filled in."""
    lines = []
    for line in DESKTOP_TEMPLATE.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            lines.append("TryExec=" + command[0].replace("\\", "\\\\"))
            lines.append("Exec=" + " ".join(exec_argument(part) for part in command))
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def png_icons() -> dict[int, Path]:
    """The pre-rendered PNG icons by pixel size, as found in the assets."""
    icons = {}
    for path in (ASSETS / "icons").iterdir():
        match = PNG_NAME.fullmatch(path.name)
        if match:
            icons[int(match.group(1))] = path
    return icons


def desktop_path(home: Path) -> Path:
    return home / "applications" / f"{APP_ID}.desktop"


def metainfo_path(home: Path) -> Path:
    return home / "metainfo" / METAINFO.name


def hicolor(home: Path) -> Path:
    return home / "icons" / "hicolor"


def install(home: Path, command: list[str]) -> list[Path]:
    """Write the entry and icons under `home` (an XDG data dir); returns the files written."""
    targets: list[tuple[Path, Path | str]] = [
        (desktop_path(home), desktop_entry(command)),
        (metainfo_path(home), METAINFO),
        (hicolor(home) / "scalable" / "apps" / f"{APP_ID}.svg", ICON_SVG),
    ]
    for size, png in sorted(png_icons().items()):
        targets.append((hicolor(home) / f"{size}x{size}" / "apps" / f"{APP_ID}.png", png))
    for target, source in targets:
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, Path):
            shutil.copyfile(source, target)
        else:
            target.write_text(source, encoding="utf-8")
    return [target for target, _ in targets]


def installed_files(home: Path) -> list[Path]:
    """Every file `install` may have written, whatever icon sizes that version shipped."""
    icons = sorted(hicolor(home).glob(f"*/apps/{APP_ID}.png")) + sorted(
        hicolor(home).glob(f"*/apps/{APP_ID}.svg")
    )
    return [path for path in [desktop_path(home), metainfo_path(home), *icons] if path.is_file()]


def uninstall(home: Path) -> list[Path]:
    """Remove what `install` wrote (shared folders stay); returns the files removed."""
    removed = installed_files(home)
    for path in removed:
        path.unlink()
    return removed


def refresh_caches(home: Path) -> None:
    """Tell menus and icon themes about the change, with whichever tools this system has.

    The icon cache is only rebuilt where a theme index exists: a cache written into a bare
    per-user hicolor folder would go stale and hide icons that other programs add later.
    """
    applications = home / "applications"
    if applications.is_dir():
        run_quietly("update-desktop-database", "-q", str(applications))
    theme = hicolor(home)
    if theme.is_dir():
        os.utime(theme)
        if (theme / "index.theme").is_file():
            run_quietly("gtk-update-icon-cache", "-q", str(theme))


def run_quietly(program: str, *arguments: str) -> None:
    """Run `program` where this system has it and wait for it; what it says or returns does not
    matter (a menu refreshes by itself later). os's spawn, as subprocess's import would cost
    every command line run its start-up budget (scripts/bench_startup.py)."""
    found = shutil.which(program)
    if found is not None:
        with contextlib.suppress(OSError):
            os.spawnv(os.P_WAIT, found, [program, *arguments])


def cmd_install_desktop(args: argparse.Namespace) -> int:
    """Handler of the `install-desktop` subcommand: one line per file, one line on failure."""
    if sys.platform in ("win32", "darwin"):
        refused = _("eightoff: install-desktop is for Linux and BSD desktops (freedesktop menus)")
        print(refused, file=sys.stderr)
        return 2
    home = data_home()
    try:
        if args.uninstall:
            files = uninstall(home)
            done = _("removed {path}")
        else:
            files = install(home, launch_command())
            done = _("installed {path}")
    except OSError as error:
        failed = _("eightoff: cannot uninstall in {path}: {reason}") if args.uninstall else _(
            "eightoff: cannot install in {path}: {reason}"
        )
        print(failed.format(path=error.filename or home, reason=system_reason(error)), file=sys.stderr)
        return 1
    refresh_caches(home)
    for path in files:
        print(done.format(path=path))
    if not files:
        print(_("nothing to remove in {path}").format(path=home))
    return 0
