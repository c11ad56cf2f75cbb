"""The environment's renders: ``ansi`` text from the observation, ``rgb_array`` frames
drawn by the game's own renderer (``ui/render.py``) and turned into pixels by
``Tileset.render``, with no window. Read-only use of ``ui``: nothing here draws its own.

Two looks for frames: ``tiles`` (default: the game's pixel-art sprites, 16 pixels a cell,
1280x720 for the map) and ``ascii`` (the built-in 8x8 font, 640x360).
"""

from __future__ import annotations

import functools

import numpy as np
import tcod.tileset
from numpy.typing import NDArray

from emberdeep.content.loader import Content
from emberdeep.engine.play.world import World
from emberdeep.env.observation import STATS, Observation, decode_message
from emberdeep.ui import font, render, sprites

STYLES = ("tiles", "ascii")
SPRITE_SCALE = 2
"""Font pixels per sprite pixel... the built-in font is 8x8, the sprites 16x16."""


@functools.cache
def _tileset(content: Content, style: str) -> tcod.tileset.Tileset:
    if style == "ascii":
        return font.builtin_tileset(1, "8x8")
    tileset = font.builtin_tileset(SPRITE_SCALE, "8x8")
    problem = sprites.add_to_tileset(tileset, content)
    if problem is not None:  # cannot happen with the built-in font: its tiles are 16px
        raise RuntimeError(problem)
    return tileset


def frame(world: World, content: Content, style: str) -> NDArray[np.uint8]:
    """The map as the player knows it, as the game shows it, in RGB (height, width, 3)."""
    view = render.FLOOR_VIEW
    console = render.new_console(view.width, view.height)
    origin = render.camera_origin(world.player.position, world.floor.size, view)
    table = render.look_table(content, render.TILES if style == "tiles" else "ascii")
    render.draw_map(console, world.floor, table, view, origin)
    render.draw_surroundings(console, world.floor, content, view, origin)
    render.draw_actors(console, world.floor, content, view, origin, identity=world.identity)
    rgba: NDArray[np.uint8] = _tileset(content, style).render(console)
    return np.ascontiguousarray(rgba[..., :3])


def text(observation: Observation) -> str:
    """The observed window as text, then the stats and the newest message."""
    rows = ["".join(map(chr, row)) for row in observation["glyphs"].tolist()]
    stats = "  ".join(
        f"{name} {value}" for name, value in zip(STATS, observation["stats"], strict=True)
    )
    return "\n".join([*rows, stats, decode_message(observation["messages"][0])]) + "\n"
