"""Short sounds synthesised here in code, off unless the player turns them on.

The mixer is started only when sound is on, and stopped when it is turned off: its thread wakes
about 90 times a second, which a window that sleeps until input must not pay for while it is
silent. No audio device (or a mixer that will not start) means silence, said once in the
debug log.

The longer reasons: docs/notes.md, `eightoff.ui.sound`."""

from __future__ import annotations

import logging
import math
import random
from array import array
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

import pygame

RATE = 44100
"""Samples a second asked of the mixer (it may choose another; sounds are made at its rate)."""
NAMES = ("pick", "drop", "refuse", "home", "deal", "win")


def _tone(rate: int, seconds: float, frequency: Callable[[float], float], loudness: float,
          decay: float, noise: float = 0.0, seed: int = 0) -> list[float]:
    """Samples in -1..1: a sine whose pitch follows `frequency(t)`, with `noise` of white noise
    mixed in, fading by `decay` per second after a 3 ms attack."""
    rng = random.Random(seed)
    samples, phase = [], 0.0
    for index in range(round(rate * seconds)):
        t = index / rate
        phase += 2 * math.pi * frequency(t) / rate
        envelope = min(1.0, t / 0.003) * math.exp(-decay * t)
        samples.append(loudness * envelope * ((1 - noise) * math.sin(phase) + noise * rng.uniform(-1, 1)))
    return samples


def _joined(parts: Iterable[tuple[float, list[float]]], rate: int) -> list[float]:
    """Parts laid over one another, each from its start in seconds."""
    placed = [(round(start * rate), part) for start, part in parts]
    total = [0.0] * max(offset + len(part) for offset, part in placed)
    for offset, part in placed:
        for index, value in enumerate(part):
            total[offset + index] += value
    return total


def _steady(frequency: float) -> Callable[[float], float]:
    """A pitch that holds: `frequency` at every moment."""
    return lambda t: frequency


def synthesise(name: str, rate: int) -> list[float]:
    """The samples of sound `name` at `rate` samples a second."""
    if name == "pick":
        return _tone(rate, 0.05, lambda t: 2400.0, 0.35, 90, noise=0.6, seed=1)
    if name == "drop":
        return _tone(rate, 0.09, lambda t: 150.0 - 400 * t, 0.6, 45, noise=0.35, seed=2)
    if name == "refuse":
        return _joined([(0.0, _tone(rate, 0.09, lambda t: 196.0, 0.4, 18)),
                        (0.11, _tone(rate, 0.12, lambda t: 147.0, 0.4, 18))], rate)
    if name == "home":
        return _joined([(0.0, _tone(rate, 0.18, lambda t: 1047.0, 0.3, 22)),
                        (0.05, _tone(rate, 0.22, lambda t: 1568.0, 0.25, 20))], rate)
    if name == "deal":
        return _joined([(i * 0.028, _tone(rate, 0.03, lambda t: 3000.0, 0.22, 120, noise=0.8, seed=10 + i))
                        for i in range(14)], rate)
    if name == "win":
        notes = (523.25, 659.25, 783.99, 1046.5)
        return _joined([(i * 0.12, _tone(rate, 0.45, _steady(f), 0.25, 6))
                        for i, f in enumerate(notes)], rate)
    raise KeyError(name)


def pcm(samples: list[float], channels: int) -> bytes:
    """Signed 16-bit native-order frames, the sample repeated on every channel."""
    frames = array("h")
    for value in samples:
        frames.extend([max(-32767, min(32767, round(value * 32767)))] * channels)
    return frames.tobytes()


class Sounds:
    """The window's sounds: nothing loaded until `enable`, which starts the mixer; `play` is
    silent while they are off or where a sound could not be made."""

    def __init__(self) -> None:
        self.mixer: Any = None
        """pygame's mixer module, once sound has been turned on."""
        self.sounds: dict[str, Any] = {}
        self.on = False
        self.format = (RATE, 2)
        """The mixer's samples a second and channels, once it has started."""
        self.volume = 0.6
        self.played: deque[str] = deque(maxlen=16)
        """The last sounds played, oldest first: what the window let the player hear."""
        self._told = False

    def enable(self, volume: int) -> None:
        """Start the mixer and make the sounds at its rate; silence where it will not start."""
        self.volume = max(0, min(100, volume)) / 100
        if not self.on:
            try:
                self.mixer = pygame.mixer
                self.mixer.init(frequency=RATE, size=-16, channels=2)
                rate, size, channels = self.mixer.get_init()
            except (ImportError, pygame.error, TypeError) as error:  # no device: get_init() is None
                self._say(f"sound is off: the mixer did not start ({error})")
                return
            if size != -16:
                self.mixer.quit()
                self._say(f"sound is off: the mixer gave {size}-bit samples, not 16-bit signed")
                return
            self.on = True
            self.format = (rate, channels)
        for sound in self.sounds.values():
            sound.set_volume(self.volume)

    def disable(self) -> None:
        """Stop the mixer (and its thread) and let the sounds go."""
        if self.on:
            self.sounds = {}
            self.on = False
            self.mixer.quit()

    def play(self, name: str) -> None:
        """Play sound `name`, made the first time it is wanted (a few milliseconds for most,
        so turning sound on does not stall the window while all six are made)."""
        if not self.on:
            return
        sound = self.sounds.get(name)
        if sound is None:
            rate, channels = self.format
            try:
                sound = self.sounds[name] = self.mixer.Sound(buffer=pcm(synthesise(name, rate), channels))
            except pygame.error as error:  # one sound the mixer refuses: the others still play
                self._say(f"the {name} sound could not be made ({error})")
                return
            sound.set_volume(self.volume)
        sound.play()
        self.played.append(name)

    def _say(self, line: str) -> None:
        """One line in the debug log, the first time only: a missing device is no news twice."""
        if not self._told:
            self._told = True
            logging.getLogger(__name__).debug(line)
