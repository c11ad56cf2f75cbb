"""The ``tiles`` render mode: content sprites turned into tileset tiles at start-up.

tcod draws one tile per console cell, so everything a cell can show in tiles mode gets
its own codepoint in the Unicode private-use area (from U+100000), made once here:

- terrain (wall, floor, stairs) lit as drawn and remembered (tinted: desaturated, darker,
  bluer), and the shroud of unexplored cells;
- every creature, item and the remains alone, and composited over each lit terrain.
  A cell has only one tile, so an orc on a floor is an "orc on floor" tile whose
  transparent pixels are the floor's: no black box around sprites. Creatures and items
  are only drawn in view, so only lit terrain needs them.

tcod multiplies a tile's RGBA by the cell's fg and blends it over the cell's bg, so
sprite cells have a white fg (the pixels show as drawn) and a dark base bg that shows
where the terrain itself is transparent (mortar between flagstones, which also lets the
mouse-look highlight show). All pixel work is numpy on whole stacks of sprites.

Sprites are 16x16; the built-in font is 8x8 times ``window_scale``, so sprite tiles are
scaled (nearest neighbour up, box average down to 8) to the tileset's tile size and
text and sprites share one tileset at any scale. A player tilesheet whose tiles are not
square multiples of 8 pixels cannot take them: tiles mode then shows ascii (see
``render.untile``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import tcod.console
import tcod.tileset
from numpy.typing import NDArray

from emberdeep.content.loader import Content, Look
from emberdeep.content.pixelart import SPRITE_SIZE
from emberdeep.engine.floor import TILE_NAMES

Color = tuple[int, int, int]

SPRITE_BASE = 0x100000
"""First codepoint of the sprite tiles (Unicode plane 16, private use)."""
WHITE: Color = (255, 255, 255)
LIT_BASE: Color = (22, 19, 16)
"""Cell background under lit terrain sprites: shows through their transparent pixels."""
DARK_BASE: Color = (5, 6, 12)
"""Cell background under remembered terrain sprites."""
SHROUD_BASE: Color = (0, 0, 0)
SHROUD = "shroud"
SHROUD_STATE = "unexplored"
TERRAIN_STATES = ("lit", "dark")
ALONE = "alone"
"""An entity sprite over nothing (transparent around it), e.g. for menus and the sheet."""

_GREY = np.array([0.299, 0.587, 0.114], dtype=np.float32)
_DARK_SCALE = np.array([0.34, 0.38, 0.60], dtype=np.float32)
_DARK_LIFT = np.array([2.0, 3.0, 10.0], dtype=np.float32)


def on(terrain: str) -> str:
    """The state name of an entity composited over lit ``terrain``."""
    return f"on {terrain}"


def darken(rgba: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Remembered look of lit pixels (any leading shape): mostly grey, dim and blue, so
    what is out of view reads at a glance as memory. Alpha is kept."""
    rgb = rgba[..., :3].astype(np.float32)
    grey = (rgb @ _GREY)[..., None]
    muted = 0.7 * grey + 0.3 * rgb
    out: NDArray[np.uint8] = rgba.copy()
    out[..., :3] = np.clip(muted * _DARK_SCALE + _DARK_LIFT, 0, 255).astype(np.uint8)
    return out


def over(top: NDArray[np.uint8], under: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """``top`` drawn over ``under`` (broadcast). Palette pixels are fully opaque or fully
    transparent, so this is a choice per pixel rather than a blend."""
    result: NDArray[np.uint8] = np.where(top[..., 3:] > 0, top, under)
    return result


def scale_pixels(pixels: NDArray[np.uint8], size: int) -> NDArray[np.uint8]:
    """Stack ``(n, 16, 16, 4)`` resized to ``(n, size, size, 4)``: whole-pixel blocks
    when ``size`` is a multiple of 16, a box average (weighted by alpha) when it divides
    16, nearest neighbour otherwise."""
    src = pixels.shape[1]
    if size == src:
        return pixels
    if size % src == 0:
        k = size // src
        blown: NDArray[np.uint8] = np.repeat(np.repeat(pixels, k, axis=1), k, axis=2)
        return blown
    if src % size == 0:
        k = src // size
        blocks = pixels.reshape(len(pixels), size, k, size, k, 4).astype(np.float32)
        alpha = blocks[..., 3:].sum(axis=(2, 4))
        rgb = (blocks[..., :3] * blocks[..., 3:]).sum(axis=(2, 4)) / np.maximum(alpha, 1)
        mean = np.concatenate([rgb, alpha / (k * k)], axis=-1)
        shrunk: NDArray[np.uint8] = np.clip(np.rint(mean), 0, 255).astype(np.uint8)
        return shrunk
    index = np.arange(size) * src // size
    nearest: NDArray[np.uint8] = pixels[:, index][:, :, index]
    return nearest


@dataclass(frozen=True, eq=False)
class Atlas:
    """Every sprite tile: the tile of codepoint ``SPRITE_BASE + i`` is ``pixels[i]``."""

    codes: dict[tuple[str, str], int]
    """(sprite name, state) -> codepoint; states are ``TERRAIN_STATES`` for terrain,
    ``SHROUD_STATE`` for the shroud, ``ALONE`` and ``on(terrain)`` for the rest."""
    pixels: NDArray[np.uint8]
    """``(n, 16, 16, 4)`` RGBA, read-only."""
    terrain_of: NDArray[np.intp]
    """Per tile: the terrain (``Tile`` id) an entity drawn in that cell stands on, or -1."""
    ascii: NDArray[np.void]
    """Per tile: the ascii cell (``rgb_graphic``) that shows the same thing without sprites."""
    base: NDArray[np.uint8]
    """Per tile: the bg colour it is drawn on, so ``render.untile`` can keep highlights."""

    def __len__(self) -> int:
        return len(self.pixels)

    def code(self, name: str, state: str) -> int:
        return self.codes[(name, state)]

    def over(self, name: str, under: int) -> int | None:
        """The tile for sprite ``name`` drawn in a cell currently showing tile ``under``;
        None when ``under`` is not a terrain sprite (a glyph mode) or ``name`` has none."""
        index = under - SPRITE_BASE
        if not 0 <= index < len(self.terrain_of) or self.terrain_of[index] < 0:
            return None
        return self.codes.get((name, on(TILE_NAMES[self.terrain_of[index]])))


def _ascii_cell(look: Look, bg: Color | None = None) -> tuple[int, Color, Color]:
    return (ord(look.glyph), look.fg, look.bg if bg is None else bg)


@functools.cache
def atlas(content: Content) -> Atlas:
    """All sprite tiles of ``content``, numbered in content order. Cached per content."""
    sprites = content.sprites
    terrain = [name for name in TILE_NAMES if name in sprites]
    if len(terrain) != len(TILE_NAMES) or SHROUD not in sprites:
        terrain = []  # content without sprites (a test's): no tiles mode
    entities = [n for n in sprites if n not in TILE_NAMES and n != SHROUD] if terrain else []
    ascii_tiles = content.tiles["ascii"]
    looks = {**content.looks, "remains": content.remains}
    lit = np.stack([sprites[n].rgba for n in terrain]) if terrain else None

    labels: list[tuple[str, str]] = []
    stacks: list[NDArray[np.uint8]] = []
    standing: list[int] = []
    cells: list[tuple[int, Color, Color]] = []
    bases: list[Color] = []
    if lit is not None:
        dark = darken(lit)
        for t, name in enumerate(terrain):
            labels += [(name, "lit"), (name, "dark")]
            stacks += [lit[t : t + 1], dark[t : t + 1]]
            standing += [t, t]
            cells += [_ascii_cell(ascii_tiles[name].lit), _ascii_cell(ascii_tiles[name].dark)]
            bases += [LIT_BASE, DARK_BASE]
        labels.append((SHROUD, SHROUD_STATE))
        stacks.append(sprites[SHROUD].rgba[None])
        standing.append(-1)
        cells.append(_ascii_cell(content.shroud))
        bases.append(SHROUD_BASE)
    if entities and lit is not None:
        alone = np.stack([sprites[n].rgba for n in entities])
        composites = over(alone[:, None], lit[None])  # (entities, terrain, 16, 16, 4)
        for e, name in enumerate(entities):
            look = looks.get(name, Look("?", WHITE, SHROUD_BASE))
            labels.append((name, ALONE))
            stacks.append(alone[e : e + 1])
            standing.append(-1)
            cells.append(_ascii_cell(look, SHROUD_BASE))
            bases.append(SHROUD_BASE)
            for t, ground in enumerate(terrain):
                labels.append((name, on(ground)))
                stacks.append(composites[e, t : t + 1])
                standing.append(t)
                cells.append(_ascii_cell(look, ascii_tiles[ground].lit.bg))
                bases.append(LIT_BASE)
    empty = np.zeros((0, SPRITE_SIZE, SPRITE_SIZE, 4), dtype=np.uint8)
    pixels = np.concatenate(stacks) if stacks else empty
    pixels.flags.writeable = False
    return Atlas(
        codes={label: SPRITE_BASE + i for i, label in enumerate(labels)},
        pixels=pixels,
        terrain_of=np.array(standing, dtype=np.intp),
        ascii=np.array(cells, dtype=tcod.console.rgb_graphic),
        base=np.array(bases, dtype=np.uint8).reshape(-1, 3),
    )


def tile_size_problem(tileset: tcod.tileset.Tileset) -> str | None:
    """Why sprites cannot go into ``tileset``, or None when they can."""
    width, height = tileset.tile_width, tileset.tile_height
    if width != height or width % 8:
        return (
            f"sprites need square tiles of 8, 16, 24... pixels, not {width}x{height}: "
            "the tiles render mode shows ascii"
        )
    return None


def add_to_tileset(tileset: tcod.tileset.Tileset, content: Content) -> str | None:
    """Put every sprite tile of ``content`` into ``tileset`` at its tile size.

    Returns a message for the player when the tileset cannot take them (tiles mode then
    falls back to ascii), else None."""
    problem = tile_size_problem(tileset)
    if problem is not None:
        return problem
    sheet = atlas(content)
    tiles = np.ascontiguousarray(scale_pixels(sheet.pixels, tileset.tile_width))
    for index, tile in enumerate(tiles):
        tileset[SPRITE_BASE + index] = tile
    return None


def has_sprites(tileset: tcod.tileset.Tileset, content: Content) -> bool:
    """True when ``tileset`` holds the sprite tiles of ``content``."""
    sheet = atlas(content)
    return len(sheet) > 0 and SPRITE_BASE + len(sheet) - 1 in tileset
