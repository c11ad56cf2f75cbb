from __future__ import annotations

import numpy as np
import pytest
import tcod.console

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain import gas
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.ui import render, sprites
from emberdeep.ui.layout import FULL
from emberdeep.ui.render import Region, camera_origin
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, world_from_text

CORRIDOR = """
#########
#@.....>#
###.#####
###.#####
#########
"""


def rows(console_ch: np.ndarray, region: Region) -> list[str]:
    part = console_ch[region.x : region.x + region.width, region.y : region.y + region.height]
    return ["".join(map(chr, column)) for column in part.T]


def draw(world: World, mode: str = "ascii") -> tcod.console.Console:
    """The play screen's frame with the light off: these tests read the tiles' own
    colours (``test_lighting.py`` reads the light)."""
    console = render.new_console()
    PlayScreen.of(world, loader.load(), Settings(render_mode=mode, lighting=False)).draw(console)
    return console


def test_ascii_frame_draws_the_known_floor_centred_with_the_player() -> None:
    world = world_from_text(CORRIDOR)
    world.floor.explored[...] = True
    console = draw(world)
    ox, oy = camera_origin(world.player.position, (9, 5), FULL.map)
    ox -= FULL.map.x  # floor x is console x + ox
    assert rows(console.ch, Region(-ox, -oy, 9, 5)) == CORRIDOR.split()
    assert chr(console.ch[FULL.map.x, 0]) == " "  # outside the floor: nothing


def test_unexplored_is_black_remembered_is_dark_visible_is_lit() -> None:
    world = world_from_text(CORRIDOR)
    content = loader.load()
    floor = world.floor
    floor.visible[...] = False
    floor.explored[...] = False
    floor.visible[1:3, 1] = True
    floor.explored[1:5, 1] = True
    console = draw(world)
    ox, oy = camera_origin(world.player.position, (9, 5), FULL.map)
    ox -= FULL.map.x  # floor x is console x + ox
    fg = console.rgb["fg"]
    looks = content.tiles["ascii"]["floor"]
    assert tuple(fg[2 - ox, 1 - oy]) == looks.lit.fg
    assert tuple(fg[4 - ox, 1 - oy]) == looks.dark.fg
    assert chr(console.ch[6 - ox, 1 - oy]) == " "  # never seen


def test_solid_mode_uses_backgrounds() -> None:
    world = world_from_text(CORRIDOR)
    console = draw(world, "solid")
    content = loader.load()
    ox, oy = camera_origin(world.player.position, (9, 5), FULL.map)
    ox -= FULL.map.x  # floor x is console x + ox
    assert tuple(console.rgb["bg"][0 - ox, 0 - oy]) == content.tiles["solid"]["wall"].lit.bg
    assert chr(console.ch[0 - ox, 0 - oy]) == " "
    assert chr(console.ch[1 - ox, 1 - oy]) == "@"


def test_camera_follows_and_stops_at_edges() -> None:
    view = Region(0, 0, 80, 45)
    assert camera_origin((5, 5), (200, 200), view) == (0, 0)
    assert camera_origin((100, 100), (200, 200), view) == (60, 78)
    assert camera_origin((199, 199), (200, 200), view) == (120, 155)
    assert camera_origin((3, 3), (40, 20), view) == (-20, -12)


def test_big_floor_keeps_the_player_on_screen() -> None:
    world = World(2, mapgen.floor_builder("bsp", width=200, height=200))
    console = draw(world)
    origin = PlayScreen.of(world, loader.load(), Settings()).origin()
    cell = render.to_screen(world.player.position, FULL.map, origin)
    assert cell is not None and chr(console.ch[cell]) == "@"
    assert render.to_floor(cell, FULL.map, origin) == world.player.position


@pytest.mark.parametrize("order", ["F", "C"])
def test_clear_is_what_tcod_clears_to(order: str) -> None:
    """``render.clear`` (one copy of a blank console) leaves what ``Console.clear`` does,
    whatever was drawn, in either memory order and at any size."""
    for width, height in ((100, 52), (7, 3)):
        console = tcod.console.Console(width, height, order=order)  # type: ignore[arg-type]
        expected = tcod.console.Console(width, height, order=order)  # type: ignore[arg-type]
        console.print(0, 0, "drawn", fg=(1, 2, 3), bg=(4, 5, 6))
        console.rgb["bg"][-1, -1] = (9, 9, 9)
        expected.clear()
        render.clear(console)
        assert np.array_equal(console.rgba, expected.rgba)
        assert console.ch[0, 0] == ord(" ") and tuple(console.rgb["fg"][0, 0]) == (255, 255, 255)


def test_fixtures_follow_the_camera_and_the_view_they_are_drawn_in() -> None:
    """Where a view's fixtures fall is kept per view and camera origin: a camera that
    moves, a smaller view or another floor's fixtures each draw them where they are."""
    content = loader.load()
    world = World(1, mapgen.floor_builder("rooms"))
    floor = world.floor
    floor.explored[:] = True
    glyph = ord(content.lights.fixtures["torch"].glyph)
    torches = [pos for pos, name in floor.fixtures.items() if name == "torch"]
    assert torches

    def torch_cells(view: Region, origin: tuple[int, int]) -> set[tuple[int, int]]:
        console = render.new_console(100, 52)
        render.draw_fixtures(console, floor, content, view, origin)
        return {(int(x), int(y)) for x, y in zip(*np.nonzero(console.ch == glyph), strict=True)}

    whole = Region(0, 0, 80, 45)
    assert torch_cells(whole, (0, 0)) == set(torches)
    assert torch_cells(whole, (0, 0)) == set(torches)  # kept: the same again
    part = Region(20, 2, 40, 20)
    moved = {(x - 5 + 20, y - 3 + 2) for x, y in torches if 5 <= x < 45 and 3 <= y < 23}
    assert torch_cells(part, (5, 3)) == moved
    assert torch_cells(part, (6, 3)) == {(x - 1, y) for x, y in moved if x - 1 >= 20} | {
        (x - 6 + 20, y - 3 + 2) for x, y in torches if x == 45 and 3 <= y < 23
    }
    other = World(2, mapgen.floor_builder("rooms")).floor
    other.explored[:] = True
    console = render.new_console(100, 52)
    render.draw_fixtures(console, other, content, part, (6, 3))
    drawn = {(int(x), int(y)) for x, y in zip(*np.nonzero(console.ch == glyph), strict=True)}
    assert drawn == {
        (x - 6 + 20, y - 3 + 2)
        for (x, y), name in other.fixtures.items()
        if name == "torch" and 6 <= x < 46 and 3 <= y < 23
    }


def test_fire_has_its_own_mark_and_fire_and_gas_their_own_tiles() -> None:
    """Hand play took fire for traps (both "^") and barely saw fire or gas in the tiles
    mode, where a tint alone darkens a dark floor sprite."""
    world = world_from_text(CORRIDOR)
    world.floor.explored[...] = True
    px, py = world.player.position
    burning, gassy = (px + 2, py), (px + 4, py)
    world.floor.fire[burning] = 3
    world.floor.fire_active = True
    gas.release(world, *gassy, 0.05)  # a thin wisp
    floor = world.floor
    origin = camera_origin(world.player.position, (floor.width, floor.height), FULL.map)
    ascii = draw(world)
    cell = render.to_screen(burning, FULL.map, origin)
    assert cell is not None and chr(ascii.ch[cell]) == "§"  # a trap's is "^"
    content = loader.load()
    tiles = PlayScreen.of(world, content, Settings(render_mode="tiles", lighting=False))
    console = render.new_console()
    tiles.draw(console)
    atlas = sprites.atlas(content)
    for pos, name in ((burning, sprites.FLAMES), (gassy, sprites.GAS_CLOUD)):
        at = render.to_screen(pos, tiles.layout.map, tiles.origin())
        assert at is not None
        code = atlas.code(name, sprites.on("floor"))
        wide = tiles.layout.map.columns == 2
        assert int(console.ch[at]) == (sprites.wide_code(code) if wide else code)


def test_a_found_trap_stays_drawn_under_remains_and_items() -> None:
    """A corpse on a found pressure plate hid the plate from a tester."""
    content = loader.load()
    traps = {kind.key: kind for kind in content.population.traps.kinds}  # type: ignore[union-attr]
    world = world_from_text(CORRIDOR)
    world.floor.traps[(3, 1)] = Trap(traps["pressure_plate"], 3, 1, hidden=False)
    world.floor.traps[(4, 1)] = Trap(traps["pressure_plate"], 4, 1, hidden=False)
    add_monster(world, ORC, 3, 1).hp = 0  # its remains
    world.floor.items.append(Item(content.population.items.kinds[0], 4, 1))
    world.refresh_fov()
    console = draw(world)
    ox, oy = camera_origin(world.player.position, (9, 5), FULL.map)
    ox -= FULL.map.x
    assert chr(console.ch[3 - ox, 1 - oy]) == "^"
    assert chr(console.ch[4 - ox, 1 - oy]) == "^"
