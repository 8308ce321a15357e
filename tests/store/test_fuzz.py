"""Hypothesis makes bad files of every class (random bytes, damaged good documents, absurd
JSON values and nesting, special files) in every file the store reads: the store raises nothing,
keeps the bad file aside or untouched, and loses no good data. The database gets its bytes
cut, flipped, zeroed a page at a time, or replaced by garbage."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.store import WON, HomeDirs, Store

from .bad_files import KINDS, TARGETS, Target, kept, outside_untouched, snapshot, started_game
from .conftest import figures

numbers = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00", "2024-01-01T00:00:00"]),
)
values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=20)),
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children,
                                                                              max_size=4)),
    max_leaves=12,
)


def mutated(target: Target, data: st.DataObject) -> bytes:
    """A good document with one field set to a random value (or dropped, or nested deep)."""
    good = json.loads(target.good.splitlines()[0])
    field = data.draw(st.sampled_from(sorted(good)))
    change = data.draw(st.sampled_from(["value", "drop", "deep"]))
    if change == "drop":
        del good[field]
    elif change == "deep":
        depth = data.draw(st.integers(min_value=1000, max_value=50_000))
        return json.dumps({**good, field: 0}).replace("0}", "[" * depth + "]" * depth + "}").encode()
    else:
        good[field] = data.draw(values)
    return json.dumps(good, allow_nan=True).encode()


def contents(target: Target, data: st.DataObject) -> bytes:
    binary = target.name == "games database"  # no JSON fields to change: pages cut, flipped, zeroed
    kind = data.draw(st.sampled_from(["bytes", "cut", "flip", "zeroed" if binary else "field"]))
    if kind == "bytes":
        return data.draw(st.binary(max_size=300))
    if kind == "cut":
        return target.good[: data.draw(st.integers(min_value=0, max_value=len(target.good)))]
    if kind == "flip":
        position = data.draw(st.integers(min_value=0, max_value=len(target.good) - 1))
        return target.good[:position] + bytes([data.draw(st.integers(0, 255))]) + target.good[position + 1:]
    if kind == "zeroed":
        page = data.draw(st.integers(min_value=0, max_value=len(target.good) // 4096 - 1))
        return target.good[:page * 4096] + bytes(4096) + target.good[(page + 1) * 4096:]
    return mutated(target, data)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_bad_files_never_stop_the_store_nor_lose_data(data: st.DataObject) -> None:
    target = data.draw(st.sampled_from(TARGETS), label="target")
    kinds = [name for name in KINDS if name != "device" or os.geteuid() == 0]  # mknod needs root
    special = data.draw(st.sampled_from([None, *kinds]))
    folder = Path(tempfile.mkdtemp(prefix="eightoff-fuzz-"))
    try:
        home = folder / "home"
        path = target.path(home)
        for name in ("config", "data", "state"):
            (home / name).mkdir(parents=True)
        if target.name != "games database":  # a game already recorded, which must stay counted
            earlier = Store(HomeDirs(home))
            earlier.record_outcome(started_game(1), WON, 2.0)
            earlier.close()
        if special is None:
            path.write_bytes(contents(target, data))
        else:
            KINDS[special](path)
        before = snapshot(path)
        store = Store(HomeDirs(home))
        store.acquire_instance()
        store.load_preferences()
        store.load_unfinished()
        store.overview()
        notices = " ".join(store.take_notices())
        complained = target.file in notices
        game = started_game(2)
        store.save_unfinished(game, 1.0)
        # A byte of the schema's version raised by a little reads as a newer version's database:
        # left as it is, and this window records nothing into it (nothing is lost).
        newer = store.newer
        assert store.record_outcome(game, WON, 2.0) or (newer and "newer version" in notices)
        store.close()
        assert kept(home, target, before) or not complained  # a file read as good may be saved over
        assert outside_untouched(home)
        expected = 1 if target.name == "games database" else 2
        assert newer or figures(Store(HomeDirs(home)), "standard").won >= expected
    finally:
        shutil.rmtree(folder, ignore_errors=True)
