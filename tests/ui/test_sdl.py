from __future__ import annotations

from pathlib import Path

import numpy as np
import tcod.event

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.ui import font, png, render, sdl, sprites
from emberdeep.ui.input import Click, CloseRequested, KeyPress, MouseMove, Wheel
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import world_from_text

KeySym, Scancode, Modifier = tcod.event.KeySym, tcod.event.Scancode, tcod.event.Modifier


def key(sym: tcod.event.KeySym) -> tcod.event.KeyDown:
    return tcod.event.KeyDown(scancode=Scancode.A, sym=sym, mod=Modifier.NONE)


def test_sdl_events_become_neutral_input() -> None:
    assert list(sdl.translate(key(KeySym.UP))) == [KeyPress("up")]
    assert list(sdl.translate(key(KeySym.KP_7))) == [KeyPress("kp_7")]
    assert list(sdl.translate(key(KeySym.ESCAPE))) == [KeyPress("escape")]
    # letters arrive as text, so shifted and non-QWERTY characters are right
    assert list(sdl.translate(key(KeySym.A))) == []
    assert list(sdl.translate(tcod.event.TextInput(text=">g"))) == [KeyPress(">"), KeyPress("g")]
    assert list(sdl.translate(tcod.event.Quit())) == [CloseRequested()]
    motion = tcod.event.MouseMotion(position=tcod.event.Point(3.7, 9.2))
    assert list(sdl.translate(motion)) == [MouseMove(3, 9)]
    click = tcod.event.MouseButtonDown(
        position=tcod.event.Point(1.0, 2.0), button=tcod.event.MouseButton.RIGHT
    )
    assert list(sdl.translate(click)) == [Click(1, 2, 3)]
    assert list(sdl.translate(tcod.event.MouseWheel(x=0, y=-2, flipped=False))) == [Wheel(-2)]


def test_window_opens_headless_and_presents_a_frame() -> None:
    tileset, problem = sdl.load_tileset(Settings())
    assert problem is None and tileset.tile_shape == (16, 8)  # 8x16 font, scale 1
    with sdl.open_window(tileset) as context:
        console = render.new_console()
        PlayScreen.of(world_from_text("###\n#@#\n###"), loader.load(), Settings()).draw(console)
        context.present(console, keep_aspect=True, integer_scaling=True)
        pixels = tileset.render(console)
        assert pixels.shape == (render.SCREEN_HEIGHT * 16, render.SCREEN_WIDTH * 8, 4)


def test_a_broken_font_setting_falls_back_to_the_builtin_font(tmp_path: object) -> None:
    tileset, problem = sdl.load_tileset(Settings(font="/no/such/font.png"))
    assert problem is not None and "/no/such/font.png" in problem
    width, height = font.cell_size()
    assert tileset.tile_shape == (height, width)


def test_the_window_takes_the_sprites_when_a_frame_first_shows_one() -> None:
    """Start-up leaves the sprite tiles out (ascii is the default); the first tiles-mode
    frame brings them in, before it is presented, and only once."""
    content = loader.load()
    tileset, fits, problem = sdl.load_window_tileset(Settings())
    assert problem is None and fits
    assert not sprites.has_sprites(tileset, content)
    world = world_from_text("###\n#@#\n###")
    asked: list[str] = []

    def sprites_of() -> loader.Content:
        asked.append("content")
        return content

    with sdl.open_window(tileset) as context:
        presenter = sdl.WindowPresenter(context, tileset, sprites_of)
        console = render.new_console()
        PlayScreen.of(world, content, Settings(render_mode="ascii")).draw(console)
        presenter.present(console)
        assert not sprites.has_sprites(tileset, content) and not asked  # not even asked for
        PlayScreen.of(world, content, Settings(render_mode="tiles")).draw(console)
        presenter.present(console)
        assert sprites.has_sprites(tileset, content) and presenter.sprites_of is None
        assert asked == ["content"]


def test_a_tilesheet_that_cannot_take_sprites_shows_tiles_mode_as_ascii(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "tall.png"  # a 16x16 grid of 8x12 tiles
    png.write_png(sheet, np.full((16 * 12, 16 * 8, 4), 255, dtype=np.uint8))
    tileset, fits, problem = sdl.load_window_tileset(Settings(font=str(sheet)))
    assert tileset.tile_shape == (12, 8)
    assert not fits and problem is not None and str(sheet) in problem
