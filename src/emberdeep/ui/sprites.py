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

Sprites are 16x16 squares; the built-in font's cells are 8x16 (or 8x8) times
``window_scale``, and text and sprites share one tileset, so each sprite tile is fitted to
the cell as two layers:

- the ground (terrain, the shroud) fills the whole cell, stretched: a map cell *is* its
  terrain, so walls and floors must run edge to edge or the map breaks into stripes, and
  a tall cell's terrain is honestly a tall patch of floor. Only the width is resampled at
  scale 1 (16 -> 8 columns, alpha-weighted box average); at scale 2 the art keeps its 16
  columns and each row is drawn twice.
- the figure (a creature, an item, the remains) keeps its square proportions, scaled to
  the cell's width and centred on the cell's height over its ground: squeezing a
  figure to half its width makes an orc and a troll, a potion and a scroll hard to tell
  apart, which is what sprites are for. At scale 2 figures are the art pixel for pixel.

Square cells (the 8x8 font) get the same rule, which is then the old plain scaling. A
player tilesheet whose tiles are not 8, 16, 24... pixels wide and as tall or twice as
tall cannot take sprites: tiles mode then shows ascii (see ``render.untile``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import tcod.console
import tcod.tileset
from numpy.typing import NDArray

from emberdeep.content.looks import Look
from emberdeep.content.pixelart import SPRITE_SIZE
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.records import Shown

if TYPE_CHECKING:
    from emberdeep.content.loader import Content

Color = tuple[int, int, int]

SPRITE_BASE = 0x100000
"""First codepoint of the sprite tiles (Unicode plane 16, private use)."""
WIDE_BASE = 0x108000
"""First codepoint of the square sprite halves: tile ``i`` (``SPRITE_BASE + i``) drawn
over two tall cells is ``WIDE_BASE + 2i`` (left) and ``WIDE_BASE + 2i + 1`` (right)."""
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
FLAMES, GAS_CLOUD = "flames", "gas_cloud"
"""The sprites drawn over burning cells and gas in view (``ui/clouds.py``)."""
OVERLAY_LOOKS = {
    FLAMES: Look("§", (255, 230, 120), (0, 0, 0)),
    GAS_CLOUD: Look(".", (200, 200, 200), (0, 0, 0)),
}
"""Their glyphs where sprites are shown as text: fire is "§", never a trap's "^"."""
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


@dataclass(frozen=True, eq=False, repr=False)
class Atlas(Shown):
    """Every sprite tile: the tile of codepoint ``SPRITE_BASE + i`` is ``pixels[i]``.

    What a tile shows and where is worked out at once (every frame in any mode asks
    ``over``); the pixels only when first asked for, by the window's first tiles-mode
    frame, a render or a sheet: a start-up in ascii (the default) never makes them."""

    codes: dict[tuple[str, str], int]
    """(sprite name, state) -> codepoint; states are ``TERRAIN_STATES`` for terrain,
    ``SHROUD_STATE`` for the shroud, ``ALONE`` and ``on(terrain)`` for the rest."""
    terrain_of: NDArray[np.intp]
    """Per tile: the terrain (``Tile`` id) an entity drawn in that cell stands on, or -1."""
    ascii: NDArray[np.void]
    """Per tile: the ascii cell (``rgb_graphic``) that shows the same thing without sprites."""
    base: NDArray[np.uint8]
    """Per tile: the bg colour it is drawn on, so ``render.untile`` can keep highlights."""
    content: Content = field(repr=False)
    grounds: NDArray[np.intp] = field(repr=False)
    """Per tile: its ground in ``_ground_stack`` (nothing, the shroud, lit, dark terrain)."""
    figures: NDArray[np.intp] = field(repr=False)
    """Per tile: its figure in ``_figure_stack`` (nothing, then each entity alone)."""

    def __len__(self) -> int:
        return len(self.terrain_of)

    @functools.cached_property
    def ground(self) -> NDArray[np.uint8]:
        """``(n, 16, 16, 4)``: each tile's terrain layer (transparent for an entity alone)."""
        sprites = self.content.sprites
        nothing = np.zeros((1, SPRITE_SIZE, SPRITE_SIZE, 4), dtype=np.uint8)
        stack = [nothing]
        if len(self):
            lit = np.stack([sprites[n].rgba for n in TILE_NAMES])
            stack += [sprites[SHROUD].rgba[None], lit, darken(lit)]
        return _read_only(np.concatenate(stack)[self.grounds])

    @functools.cached_property
    def figure(self) -> NDArray[np.uint8]:
        """``(n, 16, 16, 4)``: each tile's creature or item layer (transparent for terrain)."""
        nothing = np.zeros((1, SPRITE_SIZE, SPRITE_SIZE, 4), dtype=np.uint8)
        stack = [nothing] + [self.content.sprites[n].rgba[None] for n in _entities(self.content)]
        return _read_only(np.concatenate(stack)[self.figures])

    @functools.cached_property
    def pixels(self) -> NDArray[np.uint8]:
        """``(n, 16, 16, 4)`` RGBA, read-only: each tile as a square (``figure`` over
        ``ground``)."""
        return _read_only(over(self.figure, self.ground))

    def code(self, name: str, state: str) -> int:
        return self.codes[(name, state)]

    def over(self, name: str, under: int) -> int | None:
        """The tile for sprite ``name`` drawn in a cell currently showing tile ``under``
        (or its left half); None when ``under`` is not a terrain sprite (a glyph mode) or
        ``name`` has none."""
        index = (under - WIDE_BASE) // 2 if under >= WIDE_BASE else under - SPRITE_BASE
        if not 0 <= index < len(self.terrain_of) or self.terrain_of[index] < 0:
            return None
        return self.codes.get((name, on(TILE_NAMES[self.terrain_of[index]])))


def sprite_over(content: Content, name: str, under: int) -> int | None:
    """``atlas(content).over(name, under)``, without making the atlas for a cell that
    holds a glyph (every cell, in the glyph modes): no sprite goes over a glyph, and the
    atlas was most of drawing the first frame of a game in ascii."""
    return None if under < SPRITE_BASE else atlas(content).over(name, under)


def _read_only(array: NDArray[np.uint8]) -> NDArray[np.uint8]:
    array.flags.writeable = False
    return array


def _entities(content: Content) -> list[str]:
    if not drawable(content):
        return []
    return [n for n in content.sprites if n not in TILE_NAMES and n != SHROUD]


def _ascii_cell(look: Look, bg: Color | None = None) -> tuple[int, Color, Color]:
    return (ord(look.glyph), look.fg, look.bg if bg is None else bg)


def drawable(content: Content) -> bool:
    """Whether ``content`` has sprites for every terrain and the shroud: without them (a
    test's content) there are no sprite tiles and no tiles mode."""
    return SHROUD in content.sprites and all(name in content.sprites for name in TILE_NAMES)


@functools.cache
def atlas(content: Content) -> Atlas:
    """All sprite tiles of ``content``, numbered in content order. Cached per content."""
    terrain = list(TILE_NAMES) if drawable(content) else []
    entities = _entities(content)
    ascii_tiles = content.tiles["ascii"]
    fixtures = {
        name: Look(fixture.glyph, fixture.glyph_color, SHROUD_BASE)
        for name, fixture in content.lights.fixtures.items()
    }  # a torch shown as text is its own glyph: it was "?", a scroll's
    looks = {**content.looks, "remains": content.remains, **fixtures, **OVERLAY_LOOKS}
    # Grounds index [nothing, shroud, lit terrain..., dark terrain...]; figures index
    # [nothing, each entity...].
    shroud, lit, dark = 1, 2, 2 + len(terrain)
    labels: list[tuple[str, str]] = []
    grounds: list[int] = []
    figures: list[int] = []
    standing: list[int] = []
    cells: list[tuple[int, Color, Color]] = []
    bases: list[Color] = []
    if terrain:
        for t, name in enumerate(terrain):
            labels += [(name, "lit"), (name, "dark")]
            grounds += [lit + t, dark + t]
            figures += [0, 0]
            standing += [t, t]
            cells += [_ascii_cell(ascii_tiles[name].lit), _ascii_cell(ascii_tiles[name].dark)]
            bases += [LIT_BASE, DARK_BASE]
        labels.append((SHROUD, SHROUD_STATE))
        grounds.append(shroud)
        figures.append(0)
        standing.append(-1)
        cells.append(_ascii_cell(content.shroud))
        bases.append(SHROUD_BASE)
    for e, name in enumerate(entities, start=1):
        look = looks.get(name, Look("?", WHITE, SHROUD_BASE))
        labels.append((name, ALONE))
        grounds.append(0)
        figures.append(e)
        standing.append(-1)
        cells.append(_ascii_cell(look, SHROUD_BASE))
        bases.append(SHROUD_BASE)
        for t, ground in enumerate(terrain):
            labels.append((name, on(ground)))
            grounds.append(lit + t)
            figures.append(e)
            standing.append(t)
            cells.append(_ascii_cell(look, ascii_tiles[ground].lit.bg))
            bases.append(LIT_BASE)
    return Atlas(
        codes={label: SPRITE_BASE + i for i, label in enumerate(labels)},
        terrain_of=np.array(standing, dtype=np.intp),
        ascii=np.array(cells, dtype=tcod.console.rgb_graphic),
        base=np.array(bases, dtype=np.uint8).reshape(-1, 3),
        content=content,
        grounds=np.array(grounds, dtype=np.intp),
        figures=np.array(figures, dtype=np.intp),
    )


def resize(pixels: NDArray[np.uint8], width: int, height: int) -> NDArray[np.uint8]:
    """Stack ``(n, h, w, 4)`` resized to ``(n, height, width, 4)``, each axis on its own:
    whole-pixel repeats when it grows by a whole factor, a box average when it shrinks by
    one, nearest neighbour otherwise. Averages are taken premultiplied by alpha, so a
    transparent pixel's colour never bleeds into its opaque neighbour."""
    alpha = pixels[..., 3:].astype(np.float32) / 255
    work = np.concatenate([pixels[..., :3] * alpha, pixels[..., 3:]], axis=-1)
    work = _resize_axis(_resize_axis(work.astype(np.float32), height, 1), width, 2)
    shown = work[..., 3:]
    rgb = np.where(shown > 0, work[..., :3] * 255 / np.maximum(shown, 1e-6), 0)
    out = np.concatenate([rgb, shown], axis=-1)
    resized: NDArray[np.uint8] = np.clip(np.rint(out), 0, 255).astype(np.uint8)
    return resized


def _resize_axis(work: NDArray[np.float32], size: int, axis: int) -> NDArray[np.float32]:
    src = work.shape[axis]
    if size == src:
        return work
    if size % src == 0:
        return np.repeat(work, size // src, axis=axis)
    if src % size == 0:
        k = src // size
        shape = (*work.shape[:axis], size, k, *work.shape[axis + 1 :])
        mean: NDArray[np.float32] = work.reshape(shape).mean(axis=axis + 1)
        return mean
    index = np.arange(size) * src // size
    nearest: NDArray[np.float32] = np.take(work, index, axis=axis)
    return nearest


def fit_to_cell(sheet: Atlas, width: int, height: int) -> NDArray[np.uint8]:
    """Every tile of ``sheet`` as ``(n, height, width, 4)`` RGBA for cells of that size:
    the ground stretched over the whole cell, the figure square (``width`` on a side)
    and centred on the cell's height, drawn over it (see the module's docstring)."""
    ground = resize(sheet.ground, width, height)
    side = min(width, height)
    top, left = (height - side) // 2, (width - side) // 2
    figure = np.zeros_like(ground)
    figure[:, top : top + side, left : left + side] = resize(sheet.figure, side, side)
    return over(figure, ground)


def wide_code(code: int) -> int:
    """The left half of sprite tile ``code`` drawn square over two tall cells."""
    return WIDE_BASE + 2 * (code - SPRITE_BASE)


def square_halves(sheet: Atlas, width: int, height: int) -> NDArray[np.uint8]:
    """Every tile of ``sheet`` as a square of ``height`` pixels cut into two halves of
    ``(height, width)``: ``(2n, height, width, 4)``, left then right of each tile. The
    readable tiles: a 16x16 sprite is shown whole, pixel for pixel at 8x16 cells."""
    square = over(resize(sheet.figure, height, height), resize(sheet.ground, height, height))
    halves = square.reshape(len(sheet), height, 2, width, 4).transpose(0, 2, 1, 3, 4)
    result: NDArray[np.uint8] = halves.reshape(2 * len(sheet), height, width, 4)
    return result


def takes_square(width: int, height: int) -> bool:
    """Whether cells of this size make square tiles two to a tile (8x16, 16x32...)."""
    return height == 2 * width


def map_columns(render_mode: str, font_size: str, font: str) -> int:
    """Console cells across per map tile: 2 in the tiles mode with the built-in tall font
    (each tile a square sprite, twice the 8 px of a fitted one), else 1."""
    tall = font_size.split("x") == ["8", "16"]
    return 2 if render_mode == "tiles" and tall and not font else 1


def tile_size_problem(tileset: tcod.tileset.Tileset) -> str | None:
    """Why sprites cannot go into ``tileset``, or None when they can."""
    width, height = tileset.tile_width, tileset.tile_height
    if width % 8 or height not in (width, 2 * width):
        return (
            f"sprites need tiles 8, 16, 24... pixels wide and as tall or twice as tall, "
            f"not {width}x{height}: the tiles render mode shows ascii"
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
    width, height = tileset.tile_width, tileset.tile_height
    tiles = fit_to_cell(sheet, width, height)
    for index, tile in enumerate(np.ascontiguousarray(tiles)):
        tileset[SPRITE_BASE + index] = tile
    if takes_square(width, height):
        for index, tile in enumerate(np.ascontiguousarray(square_halves(sheet, width, height))):
            tileset[WIDE_BASE + index] = tile
    return None


def has_sprites(tileset: tcod.tileset.Tileset, content: Content) -> bool:
    """True when ``tileset`` holds the sprite tiles of ``content``."""
    sheet = atlas(content)
    return len(sheet) > 0 and SPRITE_BASE + len(sheet) - 1 in tileset
