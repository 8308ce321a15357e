"""Each game keeps its own unfinished game; a saved game of an unknown or changed variant is
set aside with a notice, never a crash."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from itertools import product
from pathlib import Path

import pytest

from eightoff.core.game import Game
from eightoff.core.variants import PRESETS, VARIANTS
from eightoff.store.store import Store
from eightoff.userfiles.dirs import HomeDirs


def started(number: int, rules) -> Game:  # type: ignore[no-untyped-def]
    game = Game.new(number, rules)
    game.play(game.legal_moves()[0])
    return game


def test_every_variant_keeps_its_own_unfinished_game(tmp_path: Path) -> None:
    store = Store(HomeDirs(tmp_path))
    games = {key: started(3 + index, PRESETS[key]) for index, key in enumerate(VARIANTS) if key != "easy"}
    for game in games.values():
        store.save_unfinished(game, 12.0)
    again = Store(HomeDirs(tmp_path))
    for key, game in games.items():
        saved = again.load_unfinished(key)
        assert saved is not None and saved.game.position == game.position and saved.game.rules == game.rules
    assert again.load_unfinished("easy") is None


def saved_with(tmp_path: Path, key: str, field: str, value: object) -> Store:
    """A started game of `key` saved, then one field of its start record changed in the
    database; a new store over the same folder."""
    store = Store(HomeDirs(tmp_path))
    store.save_unfinished(started(5, PRESETS[key]), 3.0)
    store.close()
    with contextlib.closing(sqlite3.connect(tmp_path / "data" / "games.db")) as connection, connection:
        [(start,)] = connection.execute("SELECT start FROM unfinished WHERE rules = ?", (key,)).fetchall()
        document = json.loads(start)
        document[field] = value
        connection.execute("UPDATE unfinished SET start = ? WHERE rules = ?",
                           (json.dumps(document).encode(), key))
    return Store(HomeDirs(tmp_path))


def kept_rows(tmp_path: Path, key: str) -> list[bytes]:
    """The unfinished games of kind `key` kept apart in the database."""
    with contextlib.closing(sqlite3.connect(tmp_path / "data" / "games.db")) as connection:
        hexadecimal = key.encode().hex().upper().encode()  # as the kept row holds each value's bytes
        return [row[0] for row in connection.execute(
            "SELECT data FROM kept WHERE what = 'unfinished' AND instr(data, ?)", (hexadecimal,))]


@pytest.mark.parametrize("rules_name", ["spider", "freecell", "", 7])
def test_an_unknown_or_changed_variant_is_set_aside(tmp_path: Path, rules_name: object) -> None:
    again = saved_with(tmp_path, "raglan", "rules", rules_name)
    assert again.load_unfinished("raglan") is None
    [notice] = again.take_notices()
    assert "unfinished game" in notice and "kept in the database" in notice
    assert len(kept_rows(tmp_path, "raglan")) == 1 and again.load_unfinished("raglan") is None


@pytest.mark.parametrize(
    ("key", "choices"),
    [(key, dict(zip(game.defaults(), values, strict=True)))
     for key, game in VARIANTS.items() for values in product((False, True), repeat=len(game.options))],
)
def test_every_variant_with_every_combination_of_its_options_resumes_exactly(
    tmp_path: Path, key: str, choices: dict[str, bool]
) -> None:
    rules = VARIANTS[key].configure(choices)
    game = started(7, rules)
    Store(HomeDirs(tmp_path)).save_unfinished(game, 3.0)
    saved = Store(HomeDirs(tmp_path)).load_unfinished(key)
    assert saved is not None and saved.game.rules == rules and VARIANTS[key].choices_of(rules) == choices
    assert (saved.game.position, saved.game.move_count) == (game.position, game.move_count)


@pytest.mark.parametrize("options", [{"face_up": True}, {"takeback": True, "sideways": False}])
def test_a_saved_game_with_options_its_game_lacks_is_set_aside(
    tmp_path: Path, options: dict[str, bool]
) -> None:
    again = saved_with(tmp_path, "bakers", "options", options)
    assert again.load_unfinished("bakers") is None
    [notice] = again.take_notices()
    assert "has no rule option" in notice and len(kept_rows(tmp_path, "bakers")) == 1
