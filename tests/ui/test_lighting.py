"""Light: fixtures placed by mapgen from the floor's stream, kept in saves; a torch lights
its room and not the far side of its wall; the frame draws cells in view at their light
and leaves remembered cells their own looks; every figure still reads on lit ground."""

from __future__ import annotations

import msgspec
import numpy as np
import pytest
from numpy.typing import NDArray

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.content.lights import Light, parse_lights
from emberdeep.content.looks import GLYPH_MODES
from emberdeep.content.palettes import PALETTE_NAMES, contrast
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.fov import update_fov
from emberdeep.engine.saves import snapshot
from emberdeep.mapgen.fixtures import FIXTURES
from emberdeep.session.setup import new_world
from emberdeep.ui import lighting, render
from emberdeep.ui.screens.play import PlayScreen
from tests.content.test_palettes import STANDING, figures, palette_content
from tests.helpers import builder_for, world_from_text

ROOM = """
#########
#.......#
#...@...#
#.......#
####.####
#.......#
#########
"""


def test_mapgen_places_fixtures_from_the_floors_stream() -> None:
    content = loader.load()
    first = new_world(7, Settings(), content).floor
    again = new_world(7, Settings(), content).floor
    assert first.fixtures and first.fixtures == again.fixtures
    assert set(first.fixtures.values()) <= set(FIXTURES)
    for (x, y), name in first.fixtures.items():
        if name == "torch":  # on a wall, with open floor below it
            assert first.tiles[x, y] == Tile.WALL and first.tiles[x, y + 1] == Tile.FLOOR
    other = new_world(8, Settings(), content).floor
    assert other.fixtures != first.fixtures


def test_fixtures_are_kept_in_saves_and_bad_ones_refused() -> None:
    world = new_world(7, Settings(), loader.load())
    data = snapshot.dump(world)
    kinds = {kind.key: kind for kind in loader.load().population.items.kinds}
    back = snapshot.load(data, builder_for("auto"), kinds, loader.load().hero.kinds)
    assert back.floor.fixtures == world.floor.fixtures
    data["floor"]["fixtures"] = [[9999, 0, "torch"]]
    with pytest.raises(snapshot.SnapshotError, match=r"fixtures\[0\]: outside the map"):
        snapshot.load(data, builder_for("auto"), kinds, loader.load().hero.kinds)


def test_a_torch_lights_its_room_and_not_the_far_side_of_its_wall() -> None:
    world = world_from_text(ROOM)
    floor = world.floor
    torch = Light((255, 128, 0), 4, 1.0, 1.0)
    out = np.zeros((*floor.size, 3), dtype=np.float32)
    lighting.stamp(out, floor.transparent, (2, 4), torch)  # in the wall between the rooms
    assert out[2, 4, 0] > 0.9  # the torch's own cell, at full strength
    assert out[2, 5, 0] > out[2, 6, 0] > 0  # below it, fading with distance
    assert out[2, 5, 0] > out[2, 5, 2]  # in its colour: more red than blue
    assert out[1, 4].sum() > 0  # the wall beside it catches the light
    # It hangs on the lower room's wall: the room above, behind the wall, stays dark.
    assert out[2, 3].sum() == 0 and out[1, 2].sum() == 0


def test_cells_in_view_are_drawn_at_their_light_and_remembered_cells_keep_their_looks() -> None:
    world = world_from_text(ROOM)
    floor = world.floor
    floor.explored[...] = True
    floor.fixtures[(1, 1)] = "torch"  # a corner: no open cell beside it but the room
    content = loader.load()
    screen = PlayScreen.of(world, content, Settings(render_mode="ascii"))
    console = render.new_console()
    screen.draw(console)
    origin = screen.origin()
    view = screen.layout.map

    def fg(pos: tuple[int, int]) -> NDArray[np.int64]:
        cell = render.to_screen(pos, view, origin)
        assert cell is not None
        drawn: NDArray[np.int64] = console.fg[cell].astype(np.int64)
        return drawn

    lit = np.array(content.tiles["ascii"]["floor"].lit.fg)
    dark = np.array(content.tiles["ascii"]["floor"].dark.fg)
    near_torch, far = fg((2, 2)), fg((7, 3))
    assert floor.visible[2, 2] and floor.visible[7, 3]
    assert near_torch.sum() > far.sum()  # the torch's corner is brighter
    assert near_torch[0] > near_torch[2] + (lit[0] - lit[2])  # and warmer
    assert (fg((2, 5)) == dark).all()  # the room below is remembered: as tiles.toml says
    assert (fg((1, 1)) == content.lights.fixtures["torch"].glyph_color).all()
    assert chr(console.ch[render.to_screen((1, 1), view, origin)]) == "¤"


@pytest.mark.parametrize("name", PALETTE_NAMES)
@pytest.mark.parametrize("mode", GLYPH_MODES)
def test_every_figure_still_stands_out_on_ground_at_every_light(name: str, mode: str) -> None:
    """Figures are drawn in their own colours; only the ground takes the light: at the
    ambient level, and at the brightest any light in the content can make it (a ground
    at most its own lit colour)."""
    content = palette_content(name)
    lights = content.lights
    tints = [np.full(3, lights.ambient)]
    sources = [lights.player, *lights.terrain.values(), *lights.glow.values()]
    sources += [fixture.light for fixture in lights.fixtures.values()]
    for light in sources:
        assert light is not None
        strongest = lights.ambient + lighting.kernel(light).max(axis=(0, 1))
        tints.append(np.minimum(strongest, render.GROUND_MOST))
    least = {"high-contrast": 4.5}.get(name, 3.0)
    poor = []
    for key, (fg, states) in figures(content).items():
        if "lit" not in states:
            continue
        for tile in STANDING:
            ground = np.array(content.tiles[mode][tile].lit.bg)
            for tint in tints:
                r, g, b = (int(v) for v in np.minimum(ground * tint, 255))
                bg = (r, g, b)
                if contrast(fg, bg) < least:
                    poor.append(f"{key} on {tile} at {tint.round(2)}: {contrast(fg, bg):.2f}")
    assert poor == [], poor


def test_lights_toml_mistakes_name_the_file_line_and_key() -> None:
    text = loader.read_table("lights.toml").text
    glowing = ["orc"]
    broken = text.replace("[fixtures.fungus]", "[fixtures.fungi]")
    with pytest.raises(DataError, match=r"lights\.toml:\d+: fixtures\.fungi: not a fixture"):
        parse_lights(Table.parse("lights.toml", broken), FIXTURES, glowing)
    with pytest.raises(DataError, match=r"lights\.toml:\d+: glow\.ember_slime: not a monster"):
        parse_lights(Table.parse("lights.toml", text), FIXTURES, glowing)
    no_tint = text.replace("slowness = [150, 125, 90]\n", "")  # every gas kind has a tint
    with pytest.raises(DataError, match=r"lights\.toml:\d+: gas\.slowness: expected a colour"):
        parse_lights(Table.parse("lights.toml", no_tint), FIXTURES, list(loader.load().looks))
    loud = text.replace("intensity = 0.55", "intensity = 9")
    with pytest.raises(DataError, match=r"lights\.toml:\d+: player\.intensity: expected"):
        parse_lights(Table.parse("lights.toml", loud), FIXTURES, list(loader.load().looks))


def test_no_lights_draws_the_tiles_as_they_are() -> None:
    content = msgspec.structs.replace(loader.load(), lights=loader.load().lights.__class__())
    world = world_from_text(ROOM)
    update_fov(world.floor, world.player.position, world.fov)
    assert lighting.Lighting().light(world, content) is None
