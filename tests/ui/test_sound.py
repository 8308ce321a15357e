"""Sound through the real event loop: off by default with no mixer loaded; turned on in
Preferences, each event plays its own synthesised sound at the chosen volume; no audio device
means silence and one line in the debug log."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator

import pygame
import pytest

from eightoff.core.piles import Pile
from eightoff.ui.dialogs import PreferencesDialog
from eightoff.ui.sound import NAMES, Sounds, synthesise
from tests.ui.helpers import click, drag, grip, key, make_app, pile_center

ALMOST_WON = """Foundations: H-K C-K D-K S-J
Freecells: QS - - - - - - -
KS
:
:
:
:
:
:
:
"""


@pytest.fixture(autouse=True)
def no_mixer_left() -> Iterator[None]:
    pygame.mixer.quit()  # another test's pygame.init() may have started it
    yield
    pygame.mixer.quit()


def test_sound_is_off_by_default_and_the_mixer_is_not_loaded() -> None:
    app = make_app()
    app.pump(3)
    assert not app.preferences.sound
    assert pygame.mixer.get_init() is None
    click(app, grip(app, "AS"))
    assert list(app.table.sound.sounds.played) == []


def turn_sound_on(app) -> PreferencesDialog:  # type: ignore[no-untyped-def]
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    dialog.turn_page()
    app.pump()
    rows = {choice.label.split(":")[0]: choice for choice in dialog.choices}
    click(app, rows["Sound"].rect.center)
    return dialog


def test_each_event_plays_its_sound_once_sound_is_on() -> None:
    app = make_app()
    dialog = turn_sound_on(app)
    assert app.preferences.sound and pygame.mixer.get_init() is not None
    rows = {choice.label.split(":")[0]: choice for choice in dialog.choices}
    click(app, rows["Volume"].rect.center)
    assert app.preferences.volume == 80
    key(app, pygame.K_ESCAPE)
    played = app.table.sound.sounds.played
    click(app, grip(app, "AS"))
    assert played[-1] == "home"
    assert app.table.sound.sounds.sounds["home"].get_volume() == pytest.approx(0.8, abs=0.01)
    drag(app, grip(app, "9H"), pile_center(app, Pile.column(2)))
    assert list(played)[-2:] == ["pick", "drop"]
    drag(app, grip(app, "KS"), pile_center(app, Pile.column(1)))  # a King on a King: refused
    assert played[-1] == "refuse"
    played.clear()
    key(app, pygame.K_r, pygame.KMOD_CTRL)  # Restart deals the cards again, so it sounds as a deal
    assert list(played) == ["deal"]
    key(app, pygame.K_F2)
    assert played[-1] == "deal"
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    turned = app.top
    assert isinstance(turned, PreferencesDialog)
    turned.turn_page()
    rows = {choice.label.split(":")[0]: choice for choice in turned.choices}
    click(app, rows["Sound"].rect.center)
    assert not app.preferences.sound and pygame.mixer.get_init() is None  # its thread stopped too


def test_a_win_plays_its_sound() -> None:
    app = make_app(ALMOST_WON, sound=True)
    app.table.sound.start()
    assert app.top.title == "All cards can go home"  # type: ignore[attr-defined]
    key(app, pygame.K_RETURN)  # Finish: the Queen, then the King
    app.pump()
    assert app.table.game.is_won
    assert app.table.sound.sounds.played[-1] == "win"


def test_no_audio_device_means_silence_and_one_line_in_the_debug_log(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    sounds = Sounds()
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.sound"):
        sounds.enable(60)
        sounds.enable(60)
        sounds.play("home")
    assert not sounds.on and list(sounds.played) == []
    [line] = [record.getMessage() for record in caplog.records]
    assert line.startswith("sound is off: the mixer did not start")


def test_the_sounds_are_short_distinct_and_within_range() -> None:
    made = {name: synthesise(name, 22050) for name in NAMES}
    for name, samples in made.items():
        assert 0.03 < len(samples) / 22050 < 1.0, name
        assert max(abs(value) for value in samples) > 0.1, name
    assert len({tuple(round(v, 3) for v in samples[:400]) for samples in made.values()}) == len(NAMES)


PROBE = """
import io
import sys

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.core.preferences import Preferences
from eightoff.ui.app import App

app = App.for_game(Game.new(617, STANDARD), Preferences(sound=sys.argv[1] == "on"), size=(1024, 700),
                   out=io.StringIO())
app.pump(3)
import pygame
print(pygame.mixer.get_init() is not None, app.table.sound.sounds.on)
"""


@pytest.mark.parametrize(("sound", "loaded"), [("off", "False False"), ("on", "True True")])
def test_the_program_starts_the_mixer_only_with_sound_on(sound: str, loaded: str) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", PROBE, sound], capture_output=True, text=True, timeout=60,
                            check=True, env=env)
    assert result.stdout.splitlines()[-1] == loaded
