#!/usr/bin/env python3
"""Take the screenshots the dialogs are judged by: each game's Help, a Raglan refusal, the
statistics charts, a long notice, the Preferences pages, the table in each card design and the
daily deal (its status line, and its win with Copy result), in English and Italian, at 800x600
and 1920x1080.

The real window draws them (App, the dialogs, the status line) with SDL's dummy video driver,
on a throwaway EIGHTOFF_HOME with a made-up record of games, so they come out the same on any
machine; pngquant, where installed, makes them a third of the size.

Usage: .venv/bin/python scripts/dialog_screenshots.py [--out docs/screenshots/dialogs] [--only NAME...]
(--only: the screenshots whose names start with one of these, e.g. "design" "preferences")
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 - after the driver is chosen

from eightoff.core.errors import IllegalMove  # noqa: E402
from eightoff.core.game import Game  # noqa: E402
from eightoff.core.piles import Pile  # noqa: E402
from eightoff.core.preferences import Preferences  # noqa: E402
from eightoff.core.variants import STANDARD, VARIANTS, preset  # noqa: E402
from eightoff.locale import install_language  # noqa: E402
from eightoff.session.keeper import Keeper  # noqa: E402
from eightoff.session.records import Records  # noqa: E402
from eightoff.session.session import Session  # noqa: E402
from eightoff.solver.daily import daily_deal  # noqa: E402
from eightoff.solver.limits import Budget  # noqa: E402
from eightoff.solver.par import PAR_NODES, opening_line  # noqa: E402
from eightoff.solver.solve import solve  # noqa: E402
from eightoff.store import LOST, WON, HomeDirs, Store  # noqa: E402
from eightoff.ui.app import App  # noqa: E402
from eightoff.ui.dialogs import PreferencesDialog, help_dialog  # noqa: E402
from eightoff.ui.stats_dialog import StatisticsDialog  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((800, 600), (1920, 1080))
LANGUAGES = ("en", "it")


def window(key: str, size: tuple[int, int], language: str, deal: int = 101, **chosen: object) -> App:
    settings = Preferences(language=language, animation_speed="off", **chosen)  # type: ignore[arg-type]
    return App.for_game(Game.new(deal, preset(key)), settings, size=size, out=io.StringIO())


def save(app: App, path: Path, pointer_on_status: bool = False) -> None:
    app.full_redraw = True
    app.draw()
    if pointer_on_status:  # as if the pointer rested on the status line: a cut notice shows whole
        app.table.status.hover(True)
        app.full_redraw = True
        app.draw()
    pygame.image.save(app.screen, str(path))
    if shutil.which("pngquant"):  # a palette of the few colours drawn: a third of the bytes
        subprocess.run(["pngquant", "--quality", "70-95", "--force", "--output", str(path), "--", str(path)],
                       check=True)
    for closer in app.closers:
        closer()
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def daily_window(size: tuple[int, int], language: str) -> App:
    """Thursday 26 November 2026's daily deal of Eight Off, opened with Daily (Ctrl+T)."""
    settings = Preferences(language=language, animation_speed="off")
    session = Session(Game.new(101, STANDARD), lambda: 0.0, preferences=settings,
                      today=lambda: date(2026, 11, 26))
    app = App(session, size=size, out=io.StringIO())
    app.table.perform("daily")
    app.pump()
    return app


def win_daily(app: App) -> None:
    """Play the par's line as a player does, and send every card home at the end."""
    game = app.table.game
    line = opening_line(game.start, game.rules, solve(game.start, game.rules, Budget(nodes=PAR_NODES)).moves)
    assert line is not None
    for move in line:
        app.table.play(move)
    app.table.router.finish()
    app.pump()


def record_games(store: Store) -> None:
    """A made-up season: more wins as the player learns, times spread over a quarter hour."""
    rng = random.Random(19)
    for number in range(160):
        key = "standard" if number % 4 else "freecell"
        game = Game.new(1 + rng.randrange(5000), preset(key))
        game.play(game.legal_moves()[0])
        outcome = WON if rng.random() < 0.35 + number / 300 else LOST
        store.record_outcome(game, outcome, 120 + rng.random() * 800)
    for day in range(1, 27):  # November 2026's daily deals, a few missed, a few lost
        chosen = daily_deal("standard", date(2026, 11, day))
        if chosen is None or day % 9 == 4:
            continue
        game = Game.new(chosen.number, STANDARD)
        game.play(game.legal_moves()[0])
        outcome = LOST if day % 6 == 5 else WON
        store.record_outcome(game, outcome, 200 + rng.random() * 400, daily=chosen.day, par=chosen.par)


def raglan_refusal() -> str:
    """What a drag of two cards says in Raglan: the core's own refusal."""
    game = Game.new(101, preset("raglan"))
    try:
        game.position.find_move(game.rules, Pile.column(8), Pile.column(0), 2)
    except IllegalMove as refusal:
        return str(refusal)
    raise AssertionError("Raglan let two cards move")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "dialogs")
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    out = args.out
    out.mkdir(parents=True, exist_ok=True)

    def wanted(name: str) -> bool:
        return args.only is None or any(name.startswith(prefix) for prefix in args.only)

    with tempfile.TemporaryDirectory(prefix="eightoff-shots-") as folder:
        os.environ["EIGHTOFF_HOME"] = folder
        store = Store(HomeDirs(Path(folder)))
        record_games(store)
        long_path = Path(folder) / "config" / "a folder with a long name" / "preferences.json"
        for language in LANGUAGES:
            for width, height in SIZES:
                tag = f"{language}-{width}x{height}"
                if wanted("design"):
                    designs(out, tag, (width, height), language)
                if wanted("preferences"):
                    preferences_pages(out, tag, (width, height), language)
                if wanted("chooser"):
                    app = window("seahaven", (width, height), language)
                    app.table.perform("game")
                    save(app, out / f"chooser-{tag}.png")
                if wanted("pause"):
                    app = window("freecell", (width, height), language)
                    app.table.perform("pause")
                    save(app, out / f"pause-{tag}.png")
                for key in VARIANTS if wanted("help") else ():
                    app = window(key, (width, height), language)
                    app.push(help_dialog(app, app.session))
                    save(app, out / f"help-{key}-{tag}.png")
                if wanted("raglan-refusal"):
                    app = window("raglan", (width, height), language)
                    app.notify(raglan_refusal())
                    save(app, out / f"raglan-refusal-{tag}.png")
                if wanted("statistics"):
                    app = window("standard", (width, height), language, deal=5)
                    dialog = StatisticsDialog(app, Records(Keeper(store), lambda: None), "standard",
                                              lambda game: None, lambda game: None)
                    app.push(dialog)
                    save(app, out / f"statistics-{tag}.png")
                if wanted("long-notice"):
                    app = window("standard", (width, height), language, deal=5)
                    install_language(language)
                    app.notify(long_notice(long_path))
                    save(app, out / f"long-notice-{tag}.png", pointer_on_status=True)
                if wanted("daily"):
                    app = window("standard", (width, height), language, deal=5)
                    dialog = StatisticsDialog(app, Records(Keeper(store), lambda: None), "standard",
                                              lambda game: None, lambda game: None, date(2026, 11, 26),
                                              (2026, 11))
                    app.push(dialog)
                    save(app, out / f"daily-statistics-{tag}.png")
                    app = daily_window((width, height), language)
                    save(app, out / f"daily-table-{tag}.png")
                    win_daily(app)
                    save(app, out / f"daily-win-{tag}.png")
    return 0


DESIGNS = (("standard", "blue", "green"), ("classic", "red", "red"), ("large", "blue", "blue"))
"""Each face design with a back and a table colour, so every one is seen."""


def designs(out: Path, tag: str, size: tuple[int, int], language: str) -> None:
    """Raglan's table (its face-down cards show the back) in each face design, and the classic
    one in high contrast with four colours."""
    for face, back, table in DESIGNS:
        app = window("raglan", size, language, card_face=face, card_back=back, table_colour=table)
        save(app, out / f"design-{face}-{tag}.png")
    app = window("standard", size, language, card_face="classic", four_colour=True, high_contrast=True)
    save(app, out / f"design-classic-contrast-{tag}.png")


def preferences_pages(out: Path, tag: str, size: tuple[int, int], language: str) -> None:
    """Both pages of Preferences; the cards' page with its preview of the classic design."""
    app = window("raglan", size, language, card_face="classic", card_back="red")
    app.table.perform("preferences")
    save(app, out / f"preferences-game-{tag}.png")
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    dialog.turn_page()
    save(app, out / f"preferences-cards-{tag}.png")


def long_notice(path: Path) -> str:
    """The store's own notice for a damaged preferences file, with a real path in it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json")
    store = Store(HomeDirs(path.parent.parent.parent))
    store.preferences_path = path
    store.load_preferences()
    return "  ·  ".join(store.take_notices())


if __name__ == "__main__":
    sys.exit(main())
