"""The cards of an installed theme on the table, and the process that draws them.

The table asks `CardArt` for its cards' proportions and faces. For a built-in design that is
the code-drawn `CardFaces`. For a theme, it is the theme's cards once they are drawn for this
size; until then the built-in design, while a process of its own draws them
(eightoff/ui/themes/draw.py), started only once the first frame is on screen, so the first
frame never waits for a theme. The table polls while a drawing runs and lays itself out again
when it is there. A theme that cannot be drawn keeps the built-in design, said once in the
debug log; the theme's file is only ever read.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from eightoff.core.cards import DECK
from eightoff.core.i18n import _
from eightoff.core.preferences import Preferences
from eightoff.themes.found import Theme, find_theme, find_themes, is_theme_id, renderer_missing
from eightoff.themes.kept import Damaged, Kept, cell
from eightoff.ui.designs import DEFAULT_FACE
from eightoff.ui.face_cache import PictureFile
from eightoff.ui.faces import FACE, CardFaces, card_faces
from eightoff.ui.layout import CARD_ASPECT
from eightoff.ui.themes import limits
from eightoff.ui.window import in_screen_format

KEPT_SIZES = 3
"""Sizes of theme cards kept drawn: the table's, the preview's, and one resized from."""
POLL_SECONDS = 0.1
"""How often the table looks whether a drawing has finished, while one runs."""
INDEX_SHARE = 0.075
"""A theme's corner index, per unit of card height: the installed themes' run from 0.067
(Oxygen, Orell) to 0.095 (Tango); near the small end, so that the large-index design is
offered wherever a theme's index may read under 9 px (800x600 windows, for most)."""
SMALLEST_INDEX = 9
"""Pixels below which a corner index does not read: the large-index design is offered."""


def log(message: str, *args: object) -> None:
    """One line in the debug log."""
    logging.getLogger(__name__).debug(message, *args)


@dataclass(frozen=True)
class Wish:
    """A drawing asked for: the theme and how its card size is found (window or preview box)."""

    theme: Theme
    place: tuple[tuple[str, object], ...]

    @property
    def for_table(self) -> bool:
        """Whether the table asked for it (else a preview)."""
        return "window" in dict(self.place)

    def request(self, cache: Path, seconds: float) -> str:
        theme = self.theme
        return json.dumps({"id": theme.id, "kind": theme.kind, "name": theme.name,
                           "path": str(theme.path), "svg": str(theme.svg) if theme.svg else "",
                           "cache": str(cache), "seconds": seconds, **dict(self.place)})


@dataclass(frozen=True)
class Drawing:
    """A drawing process running, what it was asked, and when the window stops it."""

    wish: Wish
    process: subprocess.Popen[bytes]
    deadline: float
    """`time.monotonic()` past which it has taken too long (limits.DRAW_SECONDS)."""

    def stop(self) -> None:
        """Kill it (its files are written whole or not at all) and reap it: at once."""
        self.process.kill()
        self.process.wait()


class ThemeFaces(CardFaces):
    """A theme's 52 faces and back at one size, from the drawn grid; the empty piles' outlines
    and the highlight are the built-in design's."""

    def __init__(self, size: tuple[int, int], theme: Theme, kept: Kept) -> None:
        super().__init__(*size)
        self.theme = theme
        self.kept = kept

    def _draw_back(self) -> pygame.Surface:
        """The back cut from the drawing's PNG when first shown (Raglan's face-down cards, the
        deal animation), so that, as with the built-in design, a launch keeps it only then;
        the built-in design's where that PNG cannot be read."""
        width, height = self.size
        column, row = cell(None)
        try:
            grid = drawn_grid(self.kept, self.size)
            if grid is None:
                raise FileNotFoundError(self.kept.picture_path(self.size))
            return grid.subsurface((column * width, row * height, width, height)).copy()
        except (Damaged, pygame.error, OSError) as error:
            log("the back of %s is the built-in design's: %s", self.theme.id, error)
            return super()._draw_back()

    def scaled_from(self, other: ThemeFaces) -> None:
        """Take `other`'s faces and back brought to this size: a stand-in, slightly soft, while
        the theme is drawn for it (a resized window keeps its theme)."""
        def scaled(picture: pygame.Surface) -> pygame.Surface:
            return in_screen_format(pygame.transform.smoothscale(picture, self.size), alpha=True)

        self._faces = {card: scaled(other.face(card)) for card in DECK}
        self._others["back"] = scaled(other.back())

    def load(self, grid: pygame.Surface) -> None:
        """Take the faces out of the drawn grid (kept.py's order); the back is cut when shown."""
        width, height = self.size
        for card in DECK:
            column, row = cell(card)
            picture = grid.subsurface((column * width, row * height, width, height)).copy()
            self._faces[card] = self._finish(picture)

    def _finish(self, canvas: pygame.Surface) -> pygame.Surface:
        if canvas.get_size() == self.size:  # a theme's picture, already at the card's size
            return in_screen_format(canvas, alpha=True)
        return super()._finish(canvas)

    def restore(self, folder: Path) -> bool:  # type: ignore[override]
        """The pictures a launch kept for this theme and size, as the built-in designs keep
        theirs (raw pixels: the first frame reads them as fast); True when all were there."""
        file = PictureFile(folder, f"theme-{self.kept.stem}-{self.size[0]}x{self.size[1]}",
                           f"{self.kept.stem} {self._art_key()}", self.size)
        pictures = file.read()
        names = {FACE + str(card) for card in DECK}  # and the back, if a launch showed it
        if pictures is None or not names <= set(pictures):
            self._unkept = file
            return False
        by_name = {FACE + str(card): card for card in DECK}
        for name, picture in pictures.items():
            if name in by_name:
                self._faces[by_name[name]] = picture
            else:
                self._others[name] = picture
        return True


class CardArt:
    """The table's cards: which design or theme, at what proportions, drawn by whom."""

    def __init__(self, cache: Path | None) -> None:
        self.cache = cache
        self.themes: dict[str, Theme | None] = {}
        self.problems: dict[str, str] = {}
        """Why a theme cannot be drawn, by id, once known (said once in the debug log)."""
        self.drawn: dict[tuple[str, tuple[int, int]], ThemeFaces] = {}
        self.wishes: list[Wish] = []
        self.running: Drawing | None = None
        self.damaged: set[Path] = set()
        """Drawings found damaged (said once; set aside and drawn again)."""
        self.started = False
        """Drawings start once the first frame is on screen (`after_frame`)."""
        self.generation = 0
        """How many drawings have finished: a preview that shows one redraws when it grows."""
        self.table_card: tuple[int, int] | None = None
        """The card size the table last asked for."""
        self.kept: dict[Theme, Kept | None] = {}
        """Each theme's cache files as its file was when looked at (`_kept`)."""
        self.renderer: str | None = None
        """Why no theme can be drawn here ("" if one can), once asked (`renderer_problem`)."""
        self.notes: dict[Kept, dict[str, object]] = {}
        """The drawing process's notes read so far, by the files they are of: written once, and
        read at each layout (twice before the first frame)."""
        self.found: list[Theme] | None = None
        """The installed themes, listed when Preferences first asks (`installed`)."""
        self.unkept: ThemeFaces | None = None
        """Faces read from a drawing's PNG, whose raw pictures the next frame keeps for the
        next launch (read as fast as the built-in designs')."""

    # ----- what the table asks

    def theme(self, face: str) -> Theme | None:
        """The installed theme `face` names, if it names one that can be drawn."""
        if not is_theme_id(face) or self.cache is None or face in self.problems:
            return None
        if face not in self.themes:
            self.themes[face] = found = find_theme(face)
            if found is None:
                self.fail(face, _("it is not installed"))
            elif found.problem:  # seen by looking alone: no index.desktop, no SVG, a link
                self.fail(face, found.problem)
        return self.themes[face] if face not in self.problems else None

    def aspect(self, preferences: Preferences) -> float:
        """The cards' height per unit of width: the chosen theme's, once known, else a poker
        card's (the built-in designs')."""
        aspect = self._note(preferences.card_face).get("aspect")
        return aspect if isinstance(aspect, float) else CARD_ASPECT

    def _note(self, face: str) -> dict[str, object]:
        """What the drawing process noted of the theme `face` names ({} if nothing yet); a
        noted problem is taken as the theme's."""
        theme = self.theme(face)
        kept = self._kept(theme) if theme is not None else None
        if theme is None or kept is None:
            return {}
        if kept not in self.notes:
            note = kept.note()
            if note is None:  # none yet: its drawing has not finished
                return {}
            self.notes[kept] = note
        note = self.notes[kept]
        if "problem" in note:
            self.fail(theme.id, str(note["problem"]))
        return note

    def installed(self) -> list[Theme]:
        """The installed themes, looked for once (when Preferences first lists them)."""
        if self.found is None:
            self.found = find_themes()
            self.themes.update((theme.id, theme) for theme in self.found)
        return self.found

    def faces(self, size: tuple[int, int], preferences: Preferences,
              place: dict[str, object], rows: tuple[int, int] | None = None) -> CardFaces:
        """The cards at `size`: the chosen theme's when drawn for it (a drawing is asked for,
        as `place` says, when not), else the built-in design's, its corner index fitted to
        `rows` (what a row shows of a covered card, in a game laid out in rows). A theme's
        corner is its own, as drawn (in nearly every installed deck a rank over a suit that
        lie inside that strip: docs/notes.md)."""
        if "window" in place:
            self.table_card = size
        theme = self.theme(preferences.card_face)
        if theme is not None:
            faces = self.theme_faces(theme, size)
            if faces is not None:
                return faces
            self.wish(Wish(theme, tuple(sorted(place.items()))))
            drawn = [faces for (face, _size), faces in self.drawn.items() if face == theme.id]
            if drawn and "window" in place:  # the table resized: the theme, scaled, until drawn
                stand_in = ThemeFaces(size, theme, drawn[-1].kept)
                stand_in.scaled_from(drawn[-1])
                return stand_in
        face = DEFAULT_FACE if is_theme_id(preferences.card_face) else preferences.card_face
        return card_faces(*size, preferences.four_colour, preferences.high_contrast, self.cache, face,
                          preferences.card_back, rows)

    def theme_faces(self, theme: Theme, size: tuple[int, int]) -> ThemeFaces | None:
        """The theme's cards at `size` if drawn: kept from this run, a launch's raw pictures,
        or the drawing's PNG (a damaged one is drawn again)."""
        if (theme.id, size) in self.drawn:
            return self.drawn[(theme.id, size)]
        kept = self._kept(theme)
        if kept is None or self.cache is None:
            return None
        faces = ThemeFaces(size, theme, kept)
        if not faces.restore(self.cache):
            try:
                grid = drawn_grid(kept, size)
            except (Damaged, pygame.error) as error:
                path = kept.picture_path(size)
                if path not in self.damaged:
                    self.damaged.add(path)
                    aside = kept.set_aside(size)
                    log("the drawn cards in %s are damaged (%s) and drawn again; %s", path, error,
                        f"the damaged file is kept as {aside}" if aside else "it could not be moved aside")
                return None
            if grid is None:
                return None
            faces.load(grid)
            self.unkept = faces
        self.drawn = {**dict(list(self.drawn.items())[-KEPT_SIZES + 1:]), (theme.id, size): faces}
        return faces

    def _kept(self, theme: Theme) -> Kept | None:
        """The cache files of `theme` as its file is: looked at once (the one status the first
        frame takes of the theme's file) and again once a drawing of it has ended."""
        if theme not in self.kept:
            assert self.cache is not None
            self.kept[theme] = Kept.of(theme, self.cache)
        return self.kept[theme]

    def problem(self, face: str) -> str:
        """Why the theme `face` names cannot be drawn ("" when it can, as far as is known):
        what Preferences says of it, resvg-py missing included."""
        if self.theme(face) is not None and self.renderer_problem():
            self.fail(face, self.renderer_problem())
        self._note(face)
        return self.problems.get(face, "")

    def renderer_problem(self) -> str:
        """Why no theme can be drawn here ("" when resvg-py is there), looked for once: only a
        drawing needs the renderer, so cards already drawn are shown without asking."""
        if self.renderer is None:
            self.renderer = renderer_missing()
        return self.renderer

    def fail(self, face: str, why: str) -> None:
        if face not in self.problems:
            self.problems[face] = why
            log("card theme %s cannot be drawn, the built-in design is used: %s", face, why)

    # ----- the drawing process

    def wish(self, wish: Wish) -> None:
        """Ask for a drawing; the latest wish of the table (or of the preview) replaces an
        earlier one, and stops its drawing when it is of a theme the player has left (going
        through the themes in Preferences waits for none of those passed)."""
        running = self.running
        if (running is not None and running.wish.theme != wish.theme
                and running.wish.for_table == wish.for_table):
            running.stop()
            self.running = None
        if wish not in self.wishes and (self.running is None or self.running.wish != wish):
            self.wishes = [each for each in self.wishes if each.place != wish.place] + [wish]
        self._next()

    def after_frame(self) -> None:
        """A frame is on screen: drawings may start, and faces read from a PNG are kept for
        the next launch."""
        self.started = True
        if self.unkept is not None:
            unkept, self.unkept = self.unkept, None
            unkept.keep()
        self._next()

    @property
    def pending(self) -> bool:
        return self.running is not None or (self.started and bool(self.wishes))

    def poll(self) -> Wish | None:
        """The drawing that has just finished, if one has (the table takes its cards then); one
        past its time is stopped here and its theme noted as one that cannot be drawn."""
        if self.running is None:
            return None
        drawing = self.running
        code = drawing.process.poll()
        too_slow = code is None and time.monotonic() > drawing.deadline
        if too_slow:
            drawing.stop()
        elif code is None:
            return None
        self.running = None
        self.generation += 1
        wish = drawing.wish
        self.kept.pop(wish.theme, None)  # the drawing looked at the theme's file afresh
        code = drawing.process.returncode
        if too_slow or code != 0:
            self._ended(wish.theme, limits.too_slow(limits.DRAW_SECONDS) if too_slow
                        else limits.ended(code, limits.DRAW_SECONDS), lasting=too_slow or code < 0)
        self._next()
        return wish

    def _ended(self, theme: Theme, why: str, lasting: bool) -> None:
        """A drawing of `theme` failed: its own note says why, else `why`, noted for the next
        start too when `lasting` (stopped for its time, or by a signal: its memory, a crash),
        as the file would do the same again."""
        kept = self._kept(theme)
        note = kept.note() if kept is not None else None
        if note and "problem" in note:
            why = str(note["problem"])
        elif kept is not None and lasting:
            with contextlib.suppress(OSError):  # not kept: said again at the next start
                kept.write_note({"problem": why})
        self.fail(theme.id, why)

    def _next(self) -> None:
        if not self.started or self.running is not None or not self.wishes or self.cache is None:
            return
        wish = self.wishes.pop(0)
        if self.renderer_problem():
            self.fail(wish.theme.id, self.renderer_problem())
        if wish.theme.id in self.problems:
            self._next()
            return
        seconds = limits.DRAW_SECONDS
        try:
            command = [sys.executable, "-m", "eightoff.ui.themes.draw", wish.request(self.cache, seconds)]
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        except OSError as error:
            self.fail(wish.theme.id, str(error))
            return
        self.running = Drawing(wish, process, time.monotonic() + seconds)

    def close(self) -> None:
        """The window closes: a drawing still running is stopped (its cache file is written
        whole or not at all)."""
        if self.running is not None:
            self.running.stop()
            self.running = None


def drawn_grid(kept: Kept, size: tuple[int, int]) -> pygame.Surface | None:
    """The drawing's grid of cards `size` each, from its PNG checked whole; None when there is none."""
    data = kept.picture(size)
    return None if data is None else pygame.image.load(io.BytesIO(data), "grid.png")


def index_too_small(height: int) -> bool:
    """Whether a theme's corner index at cards `height` pixels tall is under SMALLEST_INDEX."""
    return height * INDEX_SHARE < SMALLEST_INDEX
