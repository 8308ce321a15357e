from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path

import pytest

from eightoff.core.preferences import Preferences
from eightoff.core.variants import VARIANTS
from eightoff.solver.grade import GRADES
from eightoff.store import HomeDirs, Store
from eightoff.store.schema import Geometry, Grade, Settings

CHANGED = Preferences(
    autoplay=False,
    four_colour=True,
    animation_speed="slow",
    winnable_only=True,
    lowest_grade="medium",
    highest_grade="hard",
    window_size=(1024, 700),
    window_position=(40, 60),
    last_rules="freecell",
    options={"raglan": {"takeback": False, "face_up": True}, "freecell": {"takeback": True}},
    language="it",
    high_contrast=True,
    large_cards=True,
    card_face="classic",
    card_back="red",
    table_colour="blue",
    sound=True,
    volume=35,
    fullscreen=True,
    double_click_home=True,
)


def asides(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def test_missing_files_mean_defaults_and_no_notice(store: Store) -> None:
    assert store.load_preferences() == Preferences()
    assert store.take_notices() == []


def test_round_trip_of_every_field(dirs: HomeDirs) -> None:
    Store(dirs).save_preferences(CHANGED)
    reloaded = Store(dirs)
    assert reloaded.load_preferences() == CHANGED
    assert reloaded.take_notices() == []


def test_settings_in_config_and_geometry_in_state(dirs: HomeDirs) -> None:
    Store(dirs).save_preferences(CHANGED)
    settings = json.loads((dirs.user_config_path / "preferences.json").read_text())
    geometry = json.loads((dirs.user_state_path / "window.json").read_text())
    assert settings["version"] == 1 and geometry["version"] == 1
    assert settings["animation_speed"] == "slow" and "window_size" not in settings
    assert geometry["window_position"] == [40, 60] and "autoplay" not in geometry


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b'{"version": 1, "autoplay": fal', "not valid JSON"),
        (b"\xff\xfe\x00garbage", "not valid JSON"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"autoplay": false}', "no version"),
        (b'{"version": "1", "autoplay": false}', "no version"),
        (b'{"version": 2, "autoplay": false}', "newer version"),
    ],
)
def test_bad_settings_file_gives_defaults_is_kept_aside_and_noticed(
    dirs: HomeDirs, content: bytes, reason: str
) -> None:
    path = dirs.user_config_path / "preferences.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    store = Store(dirs)
    assert store.load_preferences() == Preferences()
    [kept] = asides(path)
    assert kept.read_bytes() == content
    assert not path.exists()
    [notice] = store.take_notices()
    assert reason in notice and str(kept) in notice
    assert store.take_notices() == []


def test_wrong_types_default_only_those_fields(dirs: HomeDirs) -> None:
    path = dirs.user_config_path / "preferences.json"
    path.parent.mkdir(parents=True)
    document = {"version": 1, "autoplay": "yes", "four_colour": True, "animation_speed": "warp", "x": 1}
    path.write_text(json.dumps(document))
    store = Store(dirs)
    assert store.load_preferences() == Preferences(four_colour=True)
    [notice] = store.take_notices()
    assert "autoplay" in notice and "animation_speed" in notice and "four_colour" not in notice
    assert len(asides(path)) == 1


@pytest.mark.parametrize(
    "geometry",
    [
        {"window_size": [800]},
        {"window_size": "800x600"},
        {"window_size": [800, 600.5]},
        {"window_size": [True, 600]},
        {"window_position": [True, 3]},
        {"window_position": {"x": 1}},
    ],
)
def test_bad_geometry_keeps_the_settings(dirs: HomeDirs, geometry: dict[str, object]) -> None:
    Store(dirs).save_preferences(CHANGED)
    path = dirs.user_state_path / "window.json"
    good = {"version": 1, "window_size": [1024, 700], "window_position": [40, 60]}
    path.write_text(json.dumps({**good, **geometry}))
    store = Store(dirs)
    loaded = store.load_preferences()
    bad_field = next(iter(geometry))
    assert getattr(loaded, bad_field) == getattr(Preferences(), bad_field)
    assert loaded.animation_speed == "slow" and loaded.last_rules == "freecell"
    assert len(store.take_notices()) == 1 and len(asides(path)) == 1


def test_window_position_may_be_unset(dirs: HomeDirs) -> None:
    Store(dirs).save_preferences(Preferences(window_position=None))
    assert Store(dirs).load_preferences().window_position is None


def test_saving_after_a_bad_file_writes_a_good_one(dirs: HomeDirs) -> None:
    path = dirs.user_config_path / "preferences.json"
    path.parent.mkdir(parents=True)
    path.write_text("{")
    store = Store(dirs)
    store.load_preferences()
    store.save_preferences(CHANGED)
    assert Store(dirs).load_preferences() == CHANGED
    assert len(asides(path)) == 1


@pytest.mark.parametrize("content", [b"", b"{{", b'{"version": 3}'])
def test_a_bad_geometry_file_alone_is_set_aside(dirs: HomeDirs, content: bytes) -> None:
    Store(dirs).save_preferences(CHANGED)
    path = dirs.user_state_path / "window.json"
    path.write_bytes(content)
    store = Store(dirs)
    loaded = store.load_preferences()
    assert (loaded.window_size, loaded.window_position) == ((1280, 800), None)
    assert loaded.last_rules == "freecell"
    [kept] = asides(path)
    assert kept.read_bytes() == content and len(store.take_notices()) == 1


def test_the_schema_has_every_field_of_preferences() -> None:
    stored = {name for schema in (Settings, Geometry) for name in schema.__struct_fields__}
    assert stored - {"version"} == {field.name for field in dataclasses.fields(Preferences)}


def test_a_language_this_version_lacks_is_kept_and_a_malformed_one_set_aside(dirs: HomeDirs) -> None:
    store = Store(dirs)
    write_settings(store, {"language": "pt_BR", "autoplay": False})
    loaded = store.load_preferences()
    assert (loaded.language, loaded.autoplay) == ("pt_BR", False)
    assert not asides(store.preferences_path) and store.take_notices() == []
    for bad in ["../../etc", "x" * 40, 3, None]:
        write_settings(store, {"language": bad, "autoplay": False})
        loaded = store.load_preferences()
        assert (loaded.language, loaded.autoplay) == ("system", False)
    assert len(asides(store.preferences_path)) == 4


@pytest.mark.parametrize("bad", ["impossible", "Hard", 3, None, ["hard"]])
def test_a_bad_grade_takes_its_default_and_the_rest_is_kept(dirs: HomeDirs, bad: object) -> None:
    store = Store(dirs)
    store.preferences_path.parent.mkdir(parents=True, exist_ok=True)
    document = {"version": 1, "winnable_only": True, "lowest_grade": "hard", "highest_grade": bad}
    store.preferences_path.write_text(json.dumps(document))
    loaded = store.load_preferences()
    assert (loaded.winnable_only, loaded.lowest_grade, loaded.highest_grade) == (True, "hard", "expert")
    [notice] = store.take_notices()
    assert "highest_grade" in notice and "lowest_grade" not in notice
    assert len(asides(store.preferences_path)) == 1


def test_the_saved_grades_are_the_solvers() -> None:
    assert typing.get_args(Grade) == GRADES


def write_settings(store: Store, document: dict[str, object]) -> None:
    store.preferences_path.parent.mkdir(parents=True, exist_ok=True)
    store.preferences_path.write_text(json.dumps({"version": 1, **document}))


def test_each_game_starts_with_its_registry_defaults() -> None:
    for key, game in VARIANTS.items():
        assert Preferences().rule_options(key) == game.defaults()
    assert Preferences().rule_options("raglan") == {"takeback": True, "face_up": False}


def test_an_option_set_for_one_game_leaves_the_others() -> None:
    chosen = Preferences().with_option("bakers", "takeback", True)
    assert chosen.rule_options("bakers")["takeback"]
    assert not chosen.rule_options("freecell")["takeback"]
    assert chosen.with_option("raglan", "takeback", False).rule_options("raglan")["takeback"] is False


@pytest.mark.parametrize(
    ("old", "expected"),
    [
        ({"takeback": True}, {key: {"takeback": True} for key in VARIANTS}),
        ({"takeback": False, "face_up": True}, {"raglan": {"face_up": True}}),
        ({"takeback": False, "face_up": False}, {}),
    ],
)
def test_the_old_global_options_carry_over_to_each_game(
    dirs: HomeDirs, old: dict[str, object], expected: dict[str, dict[str, bool]]
) -> None:
    store = Store(dirs)
    write_settings(store, {"autoplay": False, **old})
    loaded = store.load_preferences()
    assert loaded.options == expected and not loaded.autoplay
    assert loaded.rule_options("raglan")["takeback"]  # an old "off" was only the old default
    assert store.take_notices() == []


def test_options_win_over_the_old_fields_and_unknown_keys_are_kept_unused(dirs: HomeDirs) -> None:
    store = Store(dirs)
    options = {"raglan": {"takeback": False, "sideways": True}, "spider": {"takeback": True}}
    write_settings(store, {"takeback": True, "options": options})
    loaded = store.load_preferences()
    assert loaded.options == options
    assert loaded.rule_options("raglan") == {"takeback": False, "face_up": False}
    assert store.take_notices() == []
    store.save_preferences(loaded)
    assert Store(dirs).load_preferences().options == options


@pytest.mark.parametrize(
    "bad",
    [[], {"raglan": True}, {"raglan": {"takeback": "yes"}}, {"Raglan!": {}}, {"raglan": {"x" * 40: True}}],
)
def test_bad_options_take_the_defaults_and_are_set_aside(dirs: HomeDirs, bad: object) -> None:
    store = Store(dirs)
    write_settings(store, {"four_colour": True, "options": bad})
    loaded = store.load_preferences()
    assert loaded.options == {} and loaded.four_colour
    [notice] = store.take_notices()
    assert "options" in notice and len(asides(store.preferences_path)) == 1


def test_every_game_and_option_of_the_registry_fits_the_schema(dirs: HomeDirs) -> None:
    every = Preferences(options={key: {name: not on for name, on in game.defaults().items()}
                                 for key, game in VARIANTS.items()})
    Store(dirs).save_preferences(every)
    store = Store(dirs)
    assert store.load_preferences() == every and store.take_notices() == []


@pytest.mark.parametrize("face", ["aisleriot:anglo_modern", "aisleriot:Атласные", "kde:svg-oxygen",
                                  "aisleriot:My own deck (2)"])
def test_an_installed_themes_id_is_kept_as_the_card_face(dirs: HomeDirs, face: str) -> None:
    Store(dirs).save_preferences(dataclasses.replace(CHANGED, card_face=face))
    reloaded = Store(dirs)
    assert reloaded.load_preferences().card_face == face
    assert reloaded.take_notices() == []


@pytest.mark.parametrize("face", ["gnome:anglo", "aisleriot:", "kde:a/b", "Standard", "kde:" + "x" * 256])
def test_a_card_face_that_names_neither_design_nor_theme_is_not_kept(dirs: HomeDirs, face: str) -> None:
    path = dirs.user_config_path / "preferences.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "card_face": face}))
    store = Store(dirs)
    assert store.load_preferences().card_face == "standard"
