from __future__ import annotations

from pathlib import Path

import pytest

from emberdeep.content.tomldata import DataError
from emberdeep.engine.acts.actions import Move
from emberdeep.ui import keys, sdl, terminal
from emberdeep.ui.commands import COMMANDS, UiCommand
from emberdeep.ui.keys import DEFAULT_KEYS, command_for

VI_KEYS = ("h", "j", "k", "l", "y", "u", "b", "n")
NUMPAD = tuple(f"kp_{n}" for n in range(1, 10))


def load(tmp_path: Path, text: str) -> tuple[dict[str, str], list[str]]:
    path = tmp_path / "keys.toml"
    path.write_text(text, encoding="utf-8")
    return keys.load_keymap(path)


def test_default_keys_come_from_the_default_preset() -> None:
    assert keys.preset("default") == DEFAULT_KEYS
    assert DEFAULT_KEYS["k"] == "move_n" and DEFAULT_KEYS["kp_8"] == "move_n"
    assert DEFAULT_KEYS["?"] == "help"
    assert command_for("?") is UiCommand.HELP


def test_no_file_means_the_defaults_without_problems(tmp_path: Path) -> None:
    assert keys.load_keymap(tmp_path / "missing.toml") == (DEFAULT_KEYS, [])


def test_the_file_is_read_from_the_config_folder(tmp_path: Path) -> None:
    keys.keys_path().parent.mkdir(parents=True)
    keys.keys_path().write_text('[keys]\nw = "move_n"\n', encoding="utf-8")
    keymap, problems = keys.load_keymap()
    assert problems == [] and keymap["w"] == "move_n"


def test_every_preset_binds_known_keys_to_known_commands() -> None:
    assert set(keys.preset_names()) >= {"default", "vi", "no-vi"}
    for name in keys.preset_names():
        keymap = keys.preset(name)
        assert keymap, name
        assert all(keys.is_key_name(key) for key in keymap), name
        assert set(keymap.values()) <= set(COMMANDS), name


def test_key_names_cover_what_every_presenter_sends() -> None:
    sent = {*sdl._NAMED_KEYS.values(), *terminal._KEY_NAMES.values()}
    assert {name for name in sent if not keys.is_key_name(name)} == set()


def test_vi_preset_frees_the_numpad_and_keeps_arrows_and_letters() -> None:
    vi = keys.preset("vi")
    assert all(key not in vi for key in NUMPAD)
    assert vi["k"] == "move_n" and vi["up"] == "move_n" and vi["g"] == "pick_up"


def test_no_vi_preset_frees_hjklyubn_and_keeps_the_rest() -> None:
    no_vi = keys.preset("no-vi")
    assert all(key not in no_vi for key in VI_KEYS)
    assert no_vi["kp_8"] == "move_n" and no_vi["up"] == "move_n"
    assert no_vi["."] == "wait" and no_vi["g"] == "pick_up" and no_vi["i"] == "use_item"
    assert {k: v for k, v in DEFAULT_KEYS.items() if k not in VI_KEYS} == no_vi


def test_a_user_file_picks_a_preset_then_overrides_and_adds(tmp_path: Path) -> None:
    keymap, problems = load(
        tmp_path,
        'preset = "no-vi"\n[keys]\nw = "move_n"\nx = "wait"\n">" = "character"\n',
    )
    assert problems == []
    assert "k" not in keymap and keymap["w"] == "move_n" and keymap["kp_8"] == "move_n"
    assert keymap["x"] == "wait" and keymap[">"] == "character"
    assert command_for("w", keymap) == Move(0, -1)
    assert command_for("k", keymap) is None


def test_an_empty_command_unbinds_the_key(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, '[keys]\nescape = ""\nq = "quit"\n')
    assert problems == []
    assert "escape" not in keymap and command_for("escape", keymap) is None
    assert command_for("q", keymap) is UiCommand.QUIT


def test_an_empty_keymap_is_not_the_default(tmp_path: Path) -> None:
    assert command_for("k", {}) is None


def test_unknown_command_is_reported_and_the_key_keeps_its_binding(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, '[keys]\nw = "move_n"\n\nk = "mvoe_n"\n')
    path = tmp_path / "keys.toml"
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}:4: keys.k: unknown command 'mvoe_n'")
    assert "did you mean 'move_n'" in problems[0] and "'k' keeps 'move_n'" in problems[0]
    assert keymap["k"] == "move_n" and keymap["w"] == "move_n"


def test_non_string_value_is_reported_and_the_key_keeps_its_binding(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, '[keys]\n">" = 5\nj = ["move_s"]\nz = "wait"\n')
    assert len(problems) == 2
    assert ':2: keys.">": expected a command name in quotes, got 5' in problems[0]
    assert ":3: keys.j: expected a command name" in problems[1]
    assert keymap[">"] == "descend" and keymap["j"] == "move_s" and keymap["z"] == "wait"


def test_a_problem_on_an_unbound_key_says_it_stays_unbound(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, 'preset = "no-vi"\n[keys]\nk = "bogus"\n')
    assert "'k' stays unbound" in problems[0] and "k" not in keymap


def test_malformed_toml_gives_the_line_and_the_default_keys(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, '[keys]\nw = "move_n"\nk = "move_s\n')
    assert keymap == DEFAULT_KEYS
    assert len(problems) == 1
    assert str(tmp_path / "keys.toml") in problems[0] and "line 3" in problems[0]
    assert "using the default keys" in problems[0]


def test_unknown_preset_is_reported_and_the_default_used(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, '# mine\npreset = "dvorak"\n[keys]\nw = "move_n"\n')
    assert len(problems) == 1
    assert ":2: preset: unknown preset 'dvorak' (known: default, no-vi, vi)" in problems[0]
    assert keymap["k"] == "move_n" and keymap["w"] == "move_n"


def test_non_string_preset_is_reported(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, "preset = 3\n")
    assert keymap == DEFAULT_KEYS and ":1: preset: expected a preset name" in problems[0]


def test_unknown_key_names_and_stray_settings_are_reported(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, 'k = "move_s"\n[keys]\n"ctrl+x" = "quit"\nUp = "wait"\n')
    assert len(problems) == 3
    assert ":1: k: unknown setting, ignored (bindings go in the [keys] table" in problems[0]
    assert ":3: keys.\"ctrl+x\": unknown key name 'ctrl+x'" in problems[1]
    assert ":4: keys.Up: unknown key name 'Up' (did you mean 'up'?)" in problems[2]
    assert keymap == DEFAULT_KEYS


def test_keys_not_a_table_is_reported(tmp_path: Path) -> None:
    keymap, problems = load(tmp_path, 'keys = "vi"\n')
    assert keymap == DEFAULT_KEYS and ":1: keys: expected a [keys] table" in problems[0]


def test_an_unreadable_file_gives_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "keys.toml"
    path.write_bytes(b"\xff\xfe[keys]")
    keymap, problems = keys.load_keymap(path)
    assert keymap == DEFAULT_KEYS and "cannot be read" in problems[0]


@pytest.mark.parametrize("name", ["nope", "../player", "../keys/default", "DEFAULT", "", "a b"])
def test_an_unknown_shipped_preset_is_loud(name: str) -> None:
    """Only a preset's own file is read: no other name reaches outside their folder."""
    with pytest.raises(DataError, match=r"unknown key preset .* \(known: default, no-vi, vi\)"):
        keys.preset(name)


def test_commands_are_read_when_the_file_is(tmp_path: Path) -> None:
    """A command added after import can be bound: COMMANDS is not copied."""
    keymap, problems = keys.parse_keys("k.toml", '[keys]\nf5 = "dance"\n', ["dance"])
    assert problems == [] and keymap["f5"] == "dance"
    _, problems = keys.parse_keys("k.toml", '[keys]\nf5 = "dance"\n')
    assert "unknown command 'dance'" in problems[0]
