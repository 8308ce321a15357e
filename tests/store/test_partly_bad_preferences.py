"""A preferences file with one unusable value costs only that value, at load, at the save that
follows and at the next start: the file is set aside and written again at once with every good
value the player had saved, whether or not the window lives to save its preferences."""

from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff.core.preferences import Preferences
from eightoff.store import HomeDirs, Store

GOOD: dict[str, Any] = {
    "autoplay": False, "four_colour": True, "animation_speed": "slow", "high_contrast": True,
    "large_cards": True, "confirm_leave": False, "card_face": "classic", "card_back": "red",
    "table_colour": "blue", "sound": True, "volume": 35, "fullscreen": True, "double_click_home": True,
}
"""Values other than the defaults, one per field a player sets in Preferences."""
BAD = st.one_of(st.none(), st.text(max_size=5), st.floats(allow_nan=False, allow_infinity=False),
                st.integers(10**20, 10**30), st.integers(-(10**6), -1), st.lists(st.booleans(), max_size=2))
"""Values most fields above refuse; a value the field takes after all (a short text that is a
well-formed design name) raises no notice and is no case."""


@pytest.mark.parametrize("saved", [True, False], ids=["the window saves", "the window is killed first"])
@given(good=st.sets(st.sampled_from(sorted(GOOD)), min_size=1), bad_field=st.sampled_from(sorted(GOOD)),
       bad=BAD)
def test_one_bad_value_costs_only_itself_at_the_next_start(saved: bool, good: set[str], bad_field: str,
                                                           bad: object) -> None:
    """Whether or not the window saves before it ends (a kill, a crash, its power cut), the next
    start has every good value, the bad one's default and no second notice."""
    folder = Path(tempfile.mkdtemp(prefix="eightoff-prefs-"))
    try:
        dirs = HomeDirs(folder / "home")
        path = dirs.user_config_path / "preferences.json"
        path.parent.mkdir(parents=True)
        kept = {name: GOOD[name] for name in good if name != bad_field}
        path.write_text(json.dumps({"version": 1, **kept, bad_field: bad}))
        store = Store(dirs)
        loaded = store.load_preferences()
        if not store.take_notices():  # a value the field takes after all
            return
        assert getattr(loaded, bad_field) == getattr(Preferences(), bad_field)
        assert loaded == dataclasses.replace(Preferences(), **kept)
        if saved:
            store.save_preferences(loaded)  # unchanged, as a window that closes at once
        again = Store(dirs)
        assert again.load_preferences() == loaded
        assert not again.take_notices()
        assert [aside.name.startswith("preferences.json.corrupt-") for aside in path.parent.iterdir()
                if aside.name.startswith("preferences.json.")] == [True]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
