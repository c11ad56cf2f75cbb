"""Palettes in the UI: chosen in the options, applied at once to the map, the boxes and
the log; every palette's text readable on its boxes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from emberdeep import config
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.content.palettes import PALETTE_NAMES, contrast
from emberdeep.engine.core.events import MessageKind
from emberdeep.ui import messages, palette, render, theme
from emberdeep.ui.app import App
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import Push, Screen
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.screens.options import CHOICES, OptionsScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.stack import ScreenStack


@pytest.fixture(autouse=True)
def default_colours() -> Iterator[None]:
    """Every test leaves the UI's own colour tables as it found them."""
    yield
    theme.use(loader.load().palette)


def press(stack: ScreenStack, *keys: str) -> Screen | None:
    """The screen on top after ``keys`` are pressed, as the presenter loop hands them."""
    for key in keys:
        stack.handle(KeyPress(key))
    return stack.top


def player_cell(play: PlayScreen) -> tuple[int, int, int]:
    """The foreground the player's ``@`` is drawn in."""
    console = render.new_console()
    play.draw(console)
    xs, ys = np.nonzero(console.ch == ord("@"))
    assert len(xs) >= 1
    fg = console.fg[xs[0], ys[0]]
    return (int(fg[0]), int(fg[1]), int(fg[2]))


def test_the_app_starts_in_the_settings_palette_and_resets_the_ui_colours() -> None:
    bright = App(loader.load(), Settings(palette="high-contrast"), data=None)
    assert bright.content.palette is not None and bright.content.palette.name == "high-contrast"
    assert bright.content is loader.load().recoloured("high-contrast")
    assert palette.FRAME_FG == (255, 255, 255) and palette.BOX_BG == (0, 0, 0)
    assert messages.KIND_COLORS[MessageKind.REFUSED] == (190, 190, 190)
    plain = App(loader.load(), Settings(), data=None)
    assert plain.content is loader.load()
    assert palette.DEFAULTS["frame"] == palette.FRAME_FG
    assert messages.KIND_COLORS == messages.DEFAULT_KIND_COLORS


def test_colour_blind_messages_keep_to_its_colours() -> None:
    app = App(loader.load(), Settings(palette="colour-blind"), data=None)
    assert app.content.palette is not None
    allowed = set(app.content.palette.snap_to)
    assert set(messages.KIND_COLORS.values()) <= allowed
    assert messages.KIND_COLORS[MessageKind.PLAYER_DIED] == (213, 94, 0)


def test_choosing_a_palette_in_the_options_applies_at_once_and_is_written(tmp_path: Path) -> None:
    app = App(loader.load(), Settings(), data=tmp_path)
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    default_fg = player_cell(play)
    stack.follow(Push(OptionsScreen(app)))
    letter = "abcdefghijklmnopqrstuvwxyz"[list(CHOICES).index("palette")]
    press(stack, letter)
    assert app.settings.palette == "high-contrast"
    assert play.content is app.content and play.content.palette is not None
    lit = play.content.looks["player"].fg
    assert player_cell(play) == lit
    assert palette.FRAME_FG == (255, 255, 255)
    press(stack, letter)
    assert app.settings.palette == "colour-blind" and play.content.palette is not None
    press(stack, letter)
    assert app.settings.palette == "default" and play.content is loader.load()
    assert player_cell(play) == default_fg
    assert press(stack, "escape") is play
    written, problems = config.load_settings()
    assert problems == [] and written.palette == "default"


def test_the_play_screen_draws_the_apps_palette(tmp_path: Path) -> None:
    app = App(loader.load(), Settings(render_mode="solid", lighting=False), data=tmp_path)
    play = press(ScreenStack(MainMenu(app)), "a")
    assert isinstance(play, PlayScreen)
    before = render.new_console()
    play.draw(before)
    app.settings = replace(app.settings, palette="high-contrast")
    app.use_palette()
    after = render.new_console()
    play.draw(after)
    floor = loader.load().recoloured("high-contrast").tiles["solid"]["floor"].lit.bg
    assert (after.bg == floor).all(axis=-1).any(), "the high-contrast floor is drawn"
    assert not (before.bg == floor).all(axis=-1).any()


def test_an_unknown_palette_in_the_settings_file_is_reported_and_left_default() -> None:
    settings, problems = config.parse_settings("settings.toml", 'palette = "sepia"\n')
    assert settings.palette == "default"
    assert len(problems) == 1 and "settings.toml:1: palette" in problems[0]


@pytest.mark.parametrize("name", PALETTE_NAMES)
def test_every_palettes_text_reads_on_its_boxes_and_the_log(name: str) -> None:
    App(loader.load(), Settings(palette=name), data=None)
    for fg in (palette.TEXT_FG, palette.HEADING_FG, palette.INFO_FG):
        assert contrast(fg, palette.BOX_BG) >= 4.5, (name, fg)
    for kind, fg in messages.KIND_COLORS.items():
        assert contrast(fg, (0, 0, 0)) >= 4.5, (name, kind, fg)


def test_screenshots_in_a_palette_are_named_by_it_and_whole(tmp_path: Path) -> None:
    from emberdeep.tools import screenshots

    found = screenshots.render_all(
        tmp_path, modes=("solid",), png_files=False, palette="colour-blind"
    )
    assert found and all(name.startswith("colour-blind-") for name in found)
    assert {name: problems for name, problems in found.items() if problems} == {}
