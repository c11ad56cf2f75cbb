from __future__ import annotations

from pathlib import Path

from emberdeep import config
from emberdeep.config import Settings, load_settings, parse_settings


def test_missing_file_means_defaults_and_no_complaint(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nope.toml") == (Settings(), [])


def test_settings_file_is_found_in_the_config_dir(tmp_path: Path) -> None:
    folder = config.config_dir()
    folder.mkdir(parents=True)
    (folder / "settings.toml").write_text('render_mode = "solid"\ntorch_radius = 6\n')
    settings, problems = load_settings()
    assert problems == []
    assert settings.render_mode == "solid" and settings.fov.radius == 6


def test_each_bad_value_names_file_key_line_and_expectation_and_keeps_the_rest() -> None:
    text = 'fov_algorithm = "shadow"\nrender_mode = "fancy"\ntorch_radius = -3\nlight_walls = 1\n'
    settings, problems = parse_settings("settings.toml", text)
    assert settings.fov_algorithm == "shadow"
    assert settings.render_mode == Settings.render_mode
    assert settings.torch_radius == 10 and settings.light_walls is True
    assert problems == [
        "settings.toml:2: render_mode: expected one of ascii, solid, tiles; got 'fancy' "
        "(using 'ascii')",
        "settings.toml:3: torch_radius: expected an integer from 0 to 200, got -3 (using 10)",
        "settings.toml:4: light_walls: expected true or false, got 1 (using True)",
    ]


def test_unknown_keys_are_reported_not_fatal() -> None:
    settings, problems = parse_settings("s.toml", 'window_scale = 3\ncolour = "blue"\n')
    assert settings.window_scale == 3
    assert problems == ["s.toml:2: colour: unknown setting, ignored"]


def test_malformed_toml_gives_defaults_and_the_parser_position() -> None:
    settings, problems = parse_settings("s.toml", "render_mode = \n[[[")
    assert settings == Settings()
    assert (
        len(problems) == 1 and "s.toml: not valid TOML" in problems[0] and "line 1" in problems[0]
    )


def test_unreadable_file_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "settings.toml"
    folder.mkdir()
    settings, problems = load_settings(folder)
    assert settings == Settings()
    assert "cannot be read" in problems[0]


def test_every_fov_algorithm_name_is_accepted() -> None:
    for name in (
        "basic",
        "diamond",
        "shadow",
        "permissive0",
        "permissive8",
        "restrictive",
        "symmetric",
    ):
        settings, problems = parse_settings("s.toml", f'fov_algorithm = "{name}"')
        assert problems == [] and settings.fov.algorithm == name
