"""The real program in a subprocess, on SDL's dummy display, opens on the player's unfinished
game, with no garbage-collection pass before that first frame and collection on again after.
(What the start costs is a figure, not a test: scripts/bench_gui.py and bench_startup.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import HomeDirs, Store

PROBE = """
import gc, json, sys
import pygame
from eightoff.ui import app, table
shown = table.TableScene.after_frame
closing = app.App.close

def close(window):
    print("CLOSE " + json.dumps({"collecting": gc.isenabled()}), file=sys.stderr)
    closing(window)

def first_frame(scene):
    if not hasattr(first_frame, "seen"):
        first_frame.seen = True
        game = scene.session.game
        print("FIRST " + json.dumps({"deal": game.deal_number, "moves": game.move_count,
                                     "collecting": gc.isenabled()}),
              file=sys.stderr)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    shown(scene)

table.TableScene.after_frame = first_frame
app.App.close = close
from eightoff.__main__ import main
sys.argv = ["eightoff"]
main()
"""

def save_two_moves_of_617(home: Path) -> None:
    """A player's home whose unfinished game is deal 617 after two moves, half a minute in."""
    game = Game.new(617, STANDARD)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    store = Store(HomeDirs(home))
    store.acquire_instance()
    store.save_unfinished(game, 30.0)
    store.close()


def test_the_first_frame_shows_the_unfinished_game(tmp_path: Path) -> None:
    save_two_moves_of_617(tmp_path)
    env = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120,
                            env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [line] = [line for line in result.stderr.splitlines() if line.startswith("FIRST ")]
    first = json.loads(line.removeprefix("FIRST "))
    assert (first["deal"], first["moves"]) == (617, 2)
    [line] = [line for line in result.stderr.splitlines() if line.startswith("CLOSE ")]
    # No garbage collection pass before the deal shows, and collection on again once it has.
    assert not first["collecting"] and json.loads(line.removeprefix("CLOSE "))["collecting"]
