"""The tiles render mode: sprite tiles in the tileset, the map drawn with them, no black
boxes around entities, the ascii fallback and the contact sheet."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
import tcod.tileset
from numpy.typing import NDArray

from emberdeep import cli
from emberdeep.config import Settings
from emberdeep.content import loader, looks
from emberdeep.engine.core.floor import TILE_NAMES, Tile
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.ui import font, png, render, sdl, sprites
from emberdeep.ui.contact_sheet import sheet_console
from emberdeep.ui.layout import FULL
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, world_from_text

ROOM = """
#######
#.....#
#.@...#
#....>#
#######
"""
CELL_W, CELL_H = 16, 32
"""A cell of the default 8x16 font at the default window scale of 2."""
SIDE = 16
"""The art's own size, which is also a figure's size at scale 2."""


def tileset_with_sprites(scale: int = 2, font_size: str = "8x16") -> tcod.tileset.Tileset:
    tileset = font.builtin_tileset(scale, font_size)
    assert sprites.add_to_tileset(tileset, loader.load()) is None
    return tileset


NARROW = "my-tiles.png"
"""A player's own tilesheet: the play screen then draws a tile per cell, fitted."""


def draw(world: World, mode: str, font_file: str = "") -> tcod.console.Console:
    console = render.new_console()
    settings = Settings(render_mode=mode, lighting=False, font=font_file)
    PlayScreen.of(world, loader.load(), settings).draw_world(console)
    return console


def screen_cell(
    world: World, pos: tuple[int, int], mode: str = "ascii", font_file: str = ""
) -> tuple[int, int]:
    play = PlayScreen.of(world, loader.load(), Settings(render_mode=mode, font=font_file))
    play.layout = play.layout_of(render.new_console())
    cell = render.to_screen(pos, play.layout.map, play.origin())
    assert cell is not None
    return cell


def block(pixels: NDArray[np.uint8], cell: tuple[int, int]) -> NDArray[np.uint8]:
    x, y = cell
    return pixels[y * CELL_H : (y + 1) * CELL_H, x * CELL_W : (x + 1) * CELL_W]


def luminance(rgba: NDArray[np.uint8]) -> float:
    alpha = rgba[..., 3:] / 255
    return float((rgba[..., :3] * alpha).mean())


def test_tiles_is_a_render_mode_that_tab_reaches() -> None:
    assert "tiles" in looks.RENDER_MODES


def test_the_tileset_has_a_tile_for_every_sprite_and_state() -> None:
    content = loader.load()
    atlas = sprites.atlas(content)
    entities = len(content.sprites) - len(TILE_NAMES) - 1
    assert len(atlas) == 2 * len(TILE_NAMES) + 1 + entities * (1 + len(TILE_NAMES))
    assert sorted(atlas.codes.values()) == list(
        range(sprites.SPRITE_BASE, sprites.SPRITE_BASE + len(atlas))
    )
    tileset = tileset_with_sprites()
    assert all(code in tileset for code in atlas.codes.values())
    assert ord("@") in tileset  # the font is still there
    assert sprites.has_sprites(tileset, content)
    for name in [*TILE_NAMES, "player", "orc", "chain_mail"]:
        assert (name, "lit" if name in TILE_NAMES else sprites.ALONE) in atlas.codes


def test_remembered_terrain_is_darker_and_bluer_than_lit() -> None:
    atlas = sprites.atlas(loader.load())
    tileset = tileset_with_sprites()
    for name in TILE_NAMES:
        lit, dark = tileset[atlas.code(name, "lit")], tileset[atlas.code(name, "dark")]
        assert luminance(dark) < 0.6 * luminance(lit), name
        opaque = dark[..., 3] > 0
        blue_share = dark[opaque][:, 2].astype(int) - dark[opaque][:, 0]
        assert blue_share.mean() > 0, name
        assert np.array_equal(lit[..., 3], dark[..., 3])


@pytest.mark.parametrize("font_size", font.FONT_SIZES)
@pytest.mark.parametrize("scale", [1, 2, 3, 4])
def test_sprite_tiles_fit_every_window_scale(scale: int, font_size: str) -> None:
    tileset = tileset_with_sprites(scale, font_size)
    width, height = font.cell_size(font_size)
    atlas = sprites.atlas(loader.load())
    player = tileset[atlas.code("player", sprites.ALONE)]
    assert player.shape == (height * scale, width * scale, 4)
    # The figure keeps its square proportions, centred: a band of width x width.
    side = width * scale
    rows = np.flatnonzero(player[..., 3].any(axis=1))
    band = (height * scale - side) // 2
    assert rows[0] >= band and rows[-1] < band + side
    cols = np.flatnonzero(player[..., 3].any(axis=0))
    assert cols[-1] - cols[0] + 1 > side // 2  # not squeezed into half the width
    # Terrain fills its whole cell, so neighbouring walls join with no gaps.
    wall = tileset[atlas.code("wall", "lit")]
    assert (wall[..., 3] == 255).all()


def test_figures_at_scale_2_are_the_art_pixel_for_pixel() -> None:
    content = loader.load()
    atlas = sprites.atlas(content)
    for font_size, top in (("8x16", 8), ("8x8", 0)):
        tile = tileset_with_sprites(2, font_size)[atlas.code("orc", sprites.ALONE)]
        art = content.sprites["orc"].rgba
        assert np.array_equal(tile[top : top + SIDE], art), font_size
        assert not tile[:top, :, 3].any() and not tile[top + SIDE :, :, 3].any()


def test_ground_is_stretched_to_a_tall_cell_and_the_figure_drawn_over_it() -> None:
    content = loader.load()
    atlas = sprites.atlas(content)
    tileset = tileset_with_sprites(2)
    floor_art = content.sprites["floor"].rgba
    floor = tileset[atlas.code("floor", "lit")]
    assert np.array_equal(floor, np.repeat(floor_art, 2, axis=0))  # each row twice
    orc_on_floor = tileset[atlas.code("orc", sprites.on("floor"))]
    assert np.array_equal(orc_on_floor[:8], floor[:8])  # floor above the orc
    assert np.array_equal(orc_on_floor[24:], floor[24:])  # and below it
    orc = content.sprites["orc"].rgba
    solid = orc[..., 3] > 0
    assert np.array_equal(orc_on_floor[8:24][solid], orc[solid])
    assert np.array_equal(orc_on_floor[8:24][~solid], floor[8:24][~solid])


def test_resize_averages_premultiplied_so_transparent_colour_never_bleeds() -> None:
    pixels = np.zeros((1, 2, 2, 4), dtype=np.uint8)
    pixels[0, :, 0] = (200, 100, 50, 255)  # an opaque left column
    pixels[0, :, 1] = (0, 255, 0, 0)  # transparent green: must not tint the result
    shrunk = sprites.resize(pixels, 1, 2)
    assert shrunk.shape == (1, 2, 1, 4)
    assert np.array_equal(shrunk[0, :, 0], [[200, 100, 50, 128], [200, 100, 50, 128]])
    grown = sprites.resize(pixels, 4, 2)
    assert np.array_equal(grown[0, :, :2], np.repeat(pixels[0, :, :1], 2, axis=1))


def test_a_tileset_of_another_shape_is_refused_with_a_reason() -> None:
    for width, height in ((8, 12), (12, 24), (16, 8), (8, 24)):
        odd = tcod.tileset.Tileset(width, height)
        problem = sprites.add_to_tileset(odd, loader.load())
        assert problem is not None and f"{width}x{height}" in problem and "ascii" in problem
        assert not sprites.has_sprites(odd, loader.load())


def test_look_table_in_tiles_mode_holds_sprite_codes_on_white() -> None:
    content = loader.load()
    atlas = sprites.atlas(content)
    table = render.look_table(content, "tiles")
    n = len(TILE_NAMES)
    assert [int(c) for c in table["ch"][:n]] == [atlas.code(t, "lit") for t in TILE_NAMES]
    assert [int(c) for c in table["ch"][n : 2 * n]] == [atlas.code(t, "dark") for t in TILE_NAMES]
    assert int(table["ch"][2 * n]) == atlas.code("shroud", "unexplored")
    assert (table["fg"] == 255).all()
    # the glyph modes are untouched
    assert chr(render.look_table(content, "ascii")["ch"][0]) == "#"


def test_entities_show_the_floor_around_them_not_a_black_box() -> None:
    world = world_from_text(ROOM)
    content = loader.load()
    floor = world.floor
    add_monster(world, ORC, 4, 2)
    potion = next(k for k in content.population.items.kinds if k.key == "health_potion")
    floor.items.append(Item(potion, 3, 3))
    floor.tiles[world.player.position] = Tile.FLOOR  # every figure on plain floor
    world.floor.visible[...] = True
    world.floor.explored[...] = True
    console = draw(world, "tiles", NARROW)
    pixels = tileset_with_sprites().render(console)
    atlas = sprites.atlas(content)
    plain = block(pixels, screen_cell(world, (4, 1), "tiles", NARROW))  # an empty lit floor
    assert console.ch[screen_cell(world, (4, 1), "tiles", NARROW)] == atlas.code("floor", "lit")
    # An unknown potion is drawn as every unknown potion is: its look gives nothing away.
    for pos, name in [((4, 2), "orc"), ((3, 3), "unknown_potion"), ((2, 2), "player")]:
        cell = screen_cell(world, pos, "tiles", NARROW)
        assert console.ch[cell] == atlas.code(name, sprites.on("floor"))
        shown = block(pixels, cell)[8:24]  # the figure's square, centred on the cell
        assert np.array_equal(block(pixels, cell)[:8], plain[:8]), name
        sprite = content.sprites[name].rgba
        see_through = sprite[..., 3] == 0
        assert see_through.any() and (~see_through).any()
        assert np.array_equal(shown[see_through], plain[8:24][see_through]), name
        assert np.array_equal(shown[~see_through][:, :3], sprite[~see_through][:, :3]), name
    stairs = screen_cell(world, (5, 3), "tiles", NARROW)
    assert console.ch[stairs] == atlas.code("stairs_down", "lit")


@pytest.mark.parametrize("scale", [1, 2])
def test_with_tall_cells_each_map_tile_is_its_whole_sprite_over_two_cells(scale: int) -> None:
    """The readable tiles: at 8x16 cells a tile is two cells, a 16x16 square showing the
    sprite pixel for pixel (whole pixels at larger scales), the floor around a figure."""
    world = world_from_text(ROOM)
    content = loader.load()
    add_monster(world, ORC, 4, 2)
    world.floor.tiles[world.player.position] = Tile.FLOOR
    world.floor.visible[...] = True
    world.floor.explored[...] = True
    console = draw(world, "tiles")
    pixels = tileset_with_sprites(scale).render(console)
    atlas = sprites.atlas(content)
    side = 16 * scale
    floor = content.sprites["floor"].rgba
    for pos, name in [((4, 2), "orc"), ((2, 2), "player"), ((4, 1), "floor"), ((0, 0), "wall")]:
        x, y = screen_cell(world, pos, "tiles")
        terrain = name in TILE_NAMES
        left = sprites.wide_code(atlas.code(name, "lit" if terrain else sprites.on("floor")))
        assert (console.ch[x, y], console.ch[x + 1, y]) == (left, left + 1), name
        shown = pixels[y * side : (y + 1) * side, x * side // 2 : (x + 2) * side // 2]
        art = content.sprites[name].rgba
        if not terrain:
            art = sprites.over(art, floor)
        expected = np.repeat(np.repeat(art, scale, axis=0), scale, axis=1)
        opaque = expected[..., 3] > 0
        assert np.array_equal(shown[opaque][:, :3], expected[opaque][:, :3]), name
    # The map shows half as many tiles across.
    play = PlayScreen.of(world, content, Settings(render_mode="tiles"))
    assert play.layout_of(console).map.across == FULL.map.width // 2


def test_ascii_and_solid_still_draw_glyphs() -> None:
    world = world_from_text(ROOM)
    world.floor.explored[...] = True
    cell = screen_cell(world, world.player.position)
    for mode in ("ascii", "solid"):
        assert chr(draw(world, mode).ch[cell]) == "@"


def test_a_glyph_mode_frame_makes_no_sprite_atlas() -> None:
    """The atlas is for the tiles mode; making it was most of a first frame in ascii."""
    world = world_from_text(ROOM)
    add_monster(world, ORC, 2, 1)
    world.floor.explored[...] = True
    sprites.atlas.cache_clear()
    for mode in ("ascii", "solid"):
        assert chr(draw(world, mode).ch[screen_cell(world, world.player.position)]) == "@"
    assert sprites.atlas.cache_info().currsize == 0
    draw(world, "tiles")
    assert sprites.atlas.cache_info().currsize == 1


def test_untile_shows_a_tiles_frame_as_the_ascii_frame() -> None:
    world = world_from_text(ROOM)
    add_monster(world, ORC, 4, 2)
    world.floor.explored[...] = True
    world.floor.visible[:, :2] = False  # the top row is remembered, the rest in view
    tiles, ascii_frame = draw(world, "tiles", NARROW), draw(world, "ascii")
    render.untile(tiles, loader.load())
    view = FULL.map  # the panel below says which mode is chosen
    part = (slice(view.x, view.x + view.width), slice(view.y, view.y + view.height))
    assert np.array_equal(tiles.ch[part], ascii_frame.ch[part])
    assert np.array_equal(tiles.rgb["fg"][part], ascii_frame.rgb["fg"][part])
    assert np.array_equal(tiles.rgb["bg"][part], ascii_frame.rgb["bg"][part])


def test_untile_shows_square_tiles_as_a_glyph_and_a_blank() -> None:
    """A terminal in the tiles mode: each two-cell tile is its ascii glyph and a blank."""
    world = world_from_text(ROOM)
    add_monster(world, ORC, 4, 2)
    world.floor.explored[...] = True
    world.floor.visible[:, :2] = False
    tiles, ascii_frame = draw(world, "tiles"), draw(world, "ascii")
    render.untile(tiles, loader.load())
    for pos in [(0, 0), (2, 2), (4, 2), (5, 3), (3, 1)]:
        x, y = screen_cell(world, pos, "tiles")
        plain = screen_cell(world, pos)
        assert tiles.ch[x, y] == ascii_frame.ch[plain], pos
        assert tuple(tiles.rgb["fg"][x, y]) == tuple(ascii_frame.rgb["fg"][plain]), pos
        assert chr(tiles.ch[x + 1, y]) == " "
        assert tuple(tiles.rgb["bg"][x + 1, y]) == tuple(ascii_frame.rgb["bg"][plain]), pos


def test_png_writer_round_trips(tmp_path: Path) -> None:
    rgba = np.random.default_rng(1).integers(0, 256, (5, 7, 4), dtype=np.uint8)
    path = tmp_path / "t.png"
    png.write_png(path, rgba)
    data = path.read_bytes()
    assert data.startswith(png.SIGNATURE)
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert (width, height, depth, colour) == (7, 5, 8, 6)
    idat = data.index(b"IDAT")
    (length,) = struct.unpack(">I", data[idat - 4 : idat])
    raw = np.frombuffer(zlib.decompress(data[idat + 4 : idat + 4 + length]), dtype=np.uint8)
    rows = raw.reshape(5, 1 + 7 * 4)
    assert (rows[:, 0] == 0).all()
    assert np.array_equal(rows[:, 1:].reshape(5, 7, 4), rgba)


def test_sprites_command_writes_the_contact_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.png"
    assert cli.main(["sprites", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR"
    console = sheet_console(loader.load())
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (console.width * CELL_W, console.height * CELL_H)
    assert f"{width}x{height}" in capsys.readouterr().out
    # every sprite tile is on the sheet
    shown = set(np.unique(console.ch).tolist())
    assert set(sprites.atlas(loader.load()).codes.values()) <= shown


def test_window_tileset_takes_the_sprites_or_says_why_not(tmp_path: Path) -> None:
    content = loader.load()
    tileset, problem = sdl.load_tileset(Settings(), content)
    assert problem is None and sprites.has_sprites(tileset, content)
    sheet = tmp_path / "tall.png"  # a 16x16 grid of 8x12 tiles
    png.write_png(sheet, np.full((16 * 12, 16 * 8, 4), 255, dtype=np.uint8))
    tileset, problem = sdl.load_tileset(Settings(font=str(sheet)), content)
    assert tileset.tile_shape == (12, 8)
    assert problem is not None and str(sheet) in problem and "ascii" in problem
    assert not sprites.has_sprites(tileset, content)


def test_a_torch_is_its_sprite_on_its_wall_in_the_tiles_mode_and_a_glyph_in_ascii() -> None:
    world = world_from_text(ROOM)
    world.floor.fixtures[(3, 0)] = "torch"
    world.floor.visible[...] = True
    world.floor.explored[...] = True
    atlas = sprites.atlas(loader.load())
    x, y = screen_cell(world, (3, 0), "tiles")
    left = sprites.wide_code(atlas.code("torch", sprites.on("wall")))
    tiles = draw(world, "tiles")
    assert (tiles.ch[x, y], tiles.ch[x + 1, y]) == (left, left + 1)
    glyph = loader.load().lights.fixtures["torch"].glyph
    assert chr(draw(world, "ascii").ch[screen_cell(world, (3, 0))]) == glyph
    world.floor.visible[...] = False  # remembered: the same sprite, dimmer
    dim = draw(world, "tiles")
    assert dim.ch[x, y] == left and dim.rgb["fg"][x, y].max() < 255
