"""Gas and fire in view, drawn over the terrain: each gas tints the ground in its own
colour as thick as it is, and each burning cell flickers between the flame colours.
Fire has its own mark, "§" (a trap's is "^": hand play took fire for traps), and in the
tiles mode a sprite of flames; gas there is a sprite of puffs its colour tints (a tint
alone darkens a dark floor sprite to nothing). Even a thin gas shows (``LEAST_MIX``).

The colours are content (``lights.toml``: ``[gas]``, ``[fire] flames``); the light fire
gives is ``ui/lighting.py``'s. Drawn as whole-array blends over the part of the floor in
view, handed in by ``render.draw_surroundings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import tcod.console

from emberdeep.content.lights import Lights
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.terrain.gas import GAS_NAMES
from emberdeep.ui import sprites

if TYPE_CHECKING:
    from emberdeep.content.loader import Content

GAS_MOST = 0.6
"""Gas this thick (or thicker) tints a cell fully."""
MOST_MIX = 0.8
"""The most of a cell's ground a cloud covers (the terrain shows through)."""
LEAST_MIX = 0.3
"""The least a cell with any gas in it is tinted: a thin cloud is still seen."""
FLAME_MIX = 0.85
FLAME_LOOK = sprites.OVERLAY_LOOKS[sprites.FLAMES]
FLAME_GLYPH = ord(FLAME_LOOK.glyph)
FLAME_FG = FLAME_LOOK.fg


def draw(
    console: tcod.console.Console,
    floor: Floor,
    content: Content,
    part: tuple[slice, slice],
    area: tuple[slice, slice],
    *,
    columns: int,
) -> None:
    """The gas and fire of ``part`` of the floor, in view, onto the console's ``area``
    (``columns`` console cells a tile)."""
    lights: Lights = content.lights
    seen = floor.visible[part]
    if floor.gas_active and lights.gas:
        colours = np.array([lights.gas.get(name, (0, 0, 0)) for name in GAS_NAMES], np.float32)
        amount = np.where(seen, floor.gas[part], 0)
        mix = np.where(amount > 0, np.maximum(amount / GAS_MOST * MOST_MIX, LEAST_MIX), 0)
        _sprite_over(console, content, area, amount > 0, sprites.GAS_CLOUD, columns=columns)
        _blend(console, area, colours[floor.gas_kind[part]], mix, columns)
    if floor.fire_active and lights.flames:
        flames = np.array(lights.flames, dtype=np.float32)
        burning = floor.fire[part]
        xs, ys = np.indices(burning.shape)
        pick = (xs * 7 + ys * 13 + burning) % len(flames)  # a flicker, turn by turn
        lit = seen & (burning > 0)
        drawn = _sprite_over(console, content, area, lit, sprites.FLAMES, columns=columns)
        _blend(console, area, flames[pick], np.where(lit, FLAME_MIX, 0), columns)
        if not drawn and columns == 1 and lit.any():  # the glyph modes: tongues of fire
            console.ch[area][lit] = FLAME_GLYPH
            console.rgb["fg"][area][lit] = FLAME_FG


def _sprite_over(
    console: tcod.console.Console,
    content: Content,
    area: tuple[slice, slice],
    where: np.ndarray[tuple[int, ...], np.dtype[np.bool_]],
    name: str,
    *,
    columns: int,
) -> bool:
    """Sprite ``name`` over the terrain sprite of each tile of ``where`` (the tiles
    mode); False, drawing nothing, where the cells hold glyphs (a glyph mode)."""
    if not where.any():
        return False
    atlas = sprites.atlas(content)
    x0, y0 = area[0].start, area[1].start
    for tx, ty in zip(*np.nonzero(where), strict=True):
        cell = (x0 + int(tx) * columns, y0 + int(ty))
        code = atlas.over(name, int(console.ch[cell]))
        if code is None:
            return False
        if columns == 2:
            left = sprites.wide_code(code)
            console.ch[cell[0] : cell[0] + 2, cell[1]] = (left, left + 1)
        else:
            console.ch[cell] = code
    return True


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
