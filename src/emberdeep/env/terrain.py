"""The observed terrain, kept floor-sized and sliced: a window is a view, never a rebuild.

Each cell's terrain code (tile * 4 + seen * 2 + known; 0, a wall never seen, off the
map) lives in one array the size of the floor plus a margin of a window on every side,
so the window around the player is one slice wherever they stand, and its glyphs,
colours, visible and remembered flags are four table lookups of that slice, written
where the caller wants them (new arrays, or a vector environment's batch row).

The codes are brought up to date on every observation with three whole-floor array
operations into the same array (no comparison of what changed, no new arrays): cheaper
than working out which cells changed, and never stale whatever changed ``visible`` or
``explored`` (a step, a magic map). The tiles' share (tile * 4) is kept per floor and
made again only when the terrain changes (``terrain_version``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.floor import Floor

RGB = np.dtype((np.void, 3))
"""A colour as one 3-byte item, so a lookup moves each colour at once."""


class KnownTerrain:
    """The terrain codes of the floor being observed, padded by a window each side.

    ``glyph_table[code]`` and ``color_table[code]`` (rows of RGB) give a cell's look."""

    def __init__(
        self, glyph_table: NDArray[np.uint16], color_table: NDArray[np.uint8], view: tuple[int, int]
    ) -> None:
        self.glyph_table = glyph_table
        self.color_items = np.ascontiguousarray(color_table, dtype=np.uint8).view(RGB).reshape(-1)
        codes = np.arange(len(glyph_table))
        self.seen_table = ((codes >> 1) & 1).astype(np.uint8)
        self.known_table = (codes & 1).astype(np.uint8)
        self.view = view
        self.floor: Floor | None = None
        self.version = -1
        self.codes: NDArray[np.uint8] = np.zeros((0, 0), dtype=np.uint8)
        self.inside: NDArray[np.uint8] = self.codes
        self.tiles4: NDArray[np.uint8] = self.codes

    def codes_at(self, floor: Floor, origin: tuple[int, int]) -> NDArray[np.uint8]:
        """The codes of the window whose top-left cell is floor cell ``origin`` (a view),
        up to date with ``floor`` now."""
        self.update(floor)
        (width, height), (ox, oy) = self.view, origin
        x0, y0 = ox + width, oy + height  # the padding is one window wide
        return self.codes[y0 : y0 + height, x0 : x0 + width]

    def window(self, floor: Floor, origin: tuple[int, int]) -> tuple[NDArray[Any], ...]:
        """Glyphs, colours, visible and remembered of the window, in new arrays."""
        codes = self.codes_at(floor, origin)
        height, width = codes.shape
        colors = self.color_items[codes].view(np.uint8).reshape(height, width, 3)
        return (
            self.glyph_table[codes], colors, self.seen_table[codes], self.known_table[codes],
        )  # fmt: skip

    def window_into(
        self,
        floor: Floor,
        origin: tuple[int, int],
        out: tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]],
    ) -> None:
        """``window``, written into ``out`` (glyphs, colours, visible, remembered)."""
        codes = self.codes_at(floor, origin)
        glyphs, colors, seen, known = out
        np.take(self.glyph_table, codes, out=glyphs)
        np.take(self.color_items, codes, out=colors.view(RGB).reshape(codes.shape))
        np.take(self.seen_table, codes, out=seen)
        np.take(self.known_table, codes, out=known)

    def update(self, floor: Floor) -> None:
        if floor is not self.floor or floor.terrain_version != self.version:
            self.rebuild(floor)
        inside = self.inside
        np.left_shift(floor.visible.T.view(np.uint8), 1, out=inside)
        np.add(inside, self.tiles4, out=inside)
        np.add(inside, floor.explored.T.view(np.uint8), out=inside)

    def rebuild(self, floor: Floor) -> None:
        width, height = self.view
        if floor is not self.floor or self.codes.shape != (
            floor.height + 2 * height,
            floor.width + 2 * width,
        ):
            self.codes = np.zeros((floor.height + 2 * height, floor.width + 2 * width), np.uint8)
            self.inside = self.codes[height : height + floor.height, width : width + floor.width]
        self.floor, self.version = floor, floor.terrain_version
        self.tiles4 = floor.tiles.T * np.uint8(4)
