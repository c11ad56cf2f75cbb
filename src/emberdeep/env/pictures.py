"""``rgb_array`` frames: the game's own console drawn with its own font, headless."""

from __future__ import annotations

import functools

import numpy as np
import tcod.tileset
from numpy.typing import NDArray

from emberdeep.content.loader import Content
from emberdeep.engine.world import World
from emberdeep.ui import font, render


@functools.cache
def _tileset() -> tcod.tileset.Tileset:
    return font.builtin_tileset(1)


def picture(world: World, content: Content) -> NDArray[np.uint8]:
    """The map as the player knows it, RGB, one font cell per tile."""
    console = render.new_console()
    view = render.MAP_VIEW
    origin = render.camera_origin(world.player.position, world.floor.size, view)
    render.draw_map(console, world.floor, render.look_table(content, "ascii"), view, origin)
    render.draw_actors(console, world.floor, content, view, origin)
    rgba: NDArray[np.uint8] = _tileset().render(console)
    return np.ascontiguousarray(rgba[..., :3])
