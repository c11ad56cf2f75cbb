"""Gas and fire in view, drawn over the terrain: each gas tints the ground in its own
colour as thick as it is, and each burning cell flickers between the flame colours.

The colours are content (``lights.toml``: ``[gas]``, ``[fire] flames``); the light fire
gives is ``ui/lighting.py``'s. Drawn as whole-array blends over the part of the floor in
view, handed in by ``render.draw_surroundings``.
"""

from __future__ import annotations

import numpy as np
import tcod.console

from emberdeep.content.lights import Lights
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.terrain.gas import GAS_NAMES

GAS_MOST = 0.6
"""Gas this thick (or thicker) tints a cell fully."""
MOST_MIX = 0.8
"""The most of a cell's ground a cloud covers (the terrain shows through)."""
FLAME_MIX = 0.85
FLAME_GLYPH = ord("^")
FLAME_FG = (255, 230, 120)


def draw(
    console: tcod.console.Console,
    floor: Floor,
    lights: Lights,
    part: tuple[slice, slice],
    area: tuple[slice, slice],
    *,
    columns: int,
) -> None:
    """The gas and fire of ``part`` of the floor, in view, onto the console's ``area``
    (``columns`` console cells a tile)."""
    seen = floor.visible[part]
    if floor.gas_active and lights.gas:
        colours = np.array([lights.gas.get(name, (0, 0, 0)) for name in GAS_NAMES], np.float32)
        amount = np.where(seen, floor.gas[part], 0)
        _blend(console, area, colours[floor.gas_kind[part]], amount / GAS_MOST * MOST_MIX, columns)
    if floor.fire_active and lights.flames:
        flames = np.array(lights.flames, dtype=np.float32)
        burning = floor.fire[part]
        xs, ys = np.indices(burning.shape)
        pick = (xs * 7 + ys * 13 + burning) % len(flames)  # a flicker, turn by turn
        lit = seen & (burning > 0)
        _blend(console, area, flames[pick], np.where(lit, FLAME_MIX, 0), columns)
        if columns == 1 and lit.any():  # the glyph modes: flames, each a tongue of fire
            console.ch[area][lit] = FLAME_GLYPH
            console.rgb["fg"][area][lit] = FLAME_FG


def _blend(
    console: tcod.console.Console,
    area: tuple[slice, slice],
    colour: np.ndarray[tuple[int, ...], np.dtype[np.float32]],
    mix: np.ndarray[tuple[int, ...], np.dtype[np.floating]],
    columns: int,
) -> None:
    """Each cell's background moved ``mix`` of the way to ``colour``, and its foreground
    too (in the tiles mode the foreground tints the sprite, which hides the ground)."""
    share = np.clip(mix, 0, MOST_MIX if mix.max(initial=0) <= MOST_MIX else FLAME_MIX)[..., None]
    if columns > 1:
        share = np.repeat(share, columns, axis=0)
        colour = np.repeat(colour, columns, axis=0)
    for layer in ("bg", "fg"):
        now = console.rgb[layer][area].astype(np.float32)
        console.rgb[layer][area] = (now * (1 - share) + colour * share).astype(np.uint8)
