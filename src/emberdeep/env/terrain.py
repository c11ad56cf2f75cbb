"""The observed terrain, kept floor-sized and sliced: a window is a view, never a rebuild.

Each cell's terrain code (tile * 4 + seen * 2 + known; 0, a wall never seen, off the
map) decides its glyph, colour, visible and remembered flags. Those four are kept
looked up, in floor-sized arrays with a margin of a window on every side, so the window
around the player is four slices wherever they stand: the observation's terrain is four
copies of a few KB, with no lookups at all.

The codes are brought up to date on an observation only if the floor's sight changed
since the last (``Floor.sight_version``: the engine counts every change of ``visible``
and ``explored``), and then only in the squares of the last two fields of view (a step:
nothing else changed) or the whole floor (a magic map, two changes), with three array
operations in the floor's own (x, y) layout, compared with the codes kept, and only
the cells that differ (what came into view or went out of it: a few dozen on a step)
are looked up again. Everything is made again when the floor or its terrain changes
(``terrain_version``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.floor import Floor


class KnownTerrain:
    """The looks of the floor being observed, padded by a window each side.

    ``glyph_table[code]`` and ``color_table[code]`` (rows of RGB) give a cell's look."""

    def __init__(
        self, glyph_table: NDArray[np.uint16], color_table: NDArray[np.uint8], view: tuple[int, int]
    ) -> None:
        self.glyph_table = glyph_table
        self.color_table = np.ascontiguousarray(color_table, dtype=np.uint8)
        codes = np.arange(len(glyph_table))
        self.seen_table = ((codes >> 1) & 1).astype(np.uint8)
        self.known_table = (codes & 1).astype(np.uint8)
        self.view = view
        self.floor: Floor | None = None
        self.version = -1
        empty = np.zeros((0, 0), dtype=np.uint8)
        self.codes = empty
        """The codes of the last observation, in the floor's (x, y) layout."""
        self.fresh = empty
        self.tiles4 = empty
        self.sight_version = -1
        self.box: tuple[slice, slice] | None = None
        """The floor's ``sight_version`` and ``sight_box`` at the last update."""
        self.looks: tuple[NDArray[Any], ...] = ()
        """Glyphs, colours, visible, remembered: [row, column] of the padded floor."""

    def _slices(self, origin: tuple[int, int]) -> tuple[slice, slice]:
        (width, height), (ox, oy) = self.view, origin
        x0, y0 = ox + width, oy + height  # the padding is one window wide
        return slice(y0, y0 + height), slice(x0, x0 + width)

    def window(self, floor: Floor, origin: tuple[int, int]) -> tuple[NDArray[Any], ...]:
        """Glyphs, colours, visible and remembered of the window whose top-left cell is
        floor cell ``origin``, in new arrays, up to date with ``floor`` now."""
        self.update(floor)
        rows, columns = self._slices(origin)
        return tuple(look[rows, columns].copy() for look in self.looks)

    def window_into(
        self,
        floor: Floor,
        origin: tuple[int, int],
        out: tuple[NDArray[Any], NDArray[Any], NDArray[Any], NDArray[Any]],
    ) -> None:
        """``window``, written into ``out`` (glyphs, colours, visible, remembered)."""
        self.update(floor)
        rows, columns = self._slices(origin)
        for look, into in zip(self.looks, out, strict=True):
            np.copyto(into, look[rows, columns])

    def update(self, floor: Floor) -> None:
        """The looks brought up to date with ``floor``: only the cells whose code changed
        since the last call are looked up again, and only where one can have changed:
        nowhere if the floor's sight did not change (``Floor.sight_version``), within
        the last two fields of view's squares if one field of view made the change."""
        if floor is not self.floor or floor.terrain_version != self.version:
            self.rebuild(floor)
            return
        if floor.sight_version == self.sight_version:
            return
        box, last = floor.sight_box, self.box
        if floor.sight_version == self.sight_version + 1 and box and last:
            x0, y0 = min(box[0].start, last[0].start), min(box[1].start, last[1].start)
            region = (slice(x0, max(box[0].stop, last[0].stop)),
                      slice(y0, max(box[1].stop, last[1].stop)))  # fmt: skip
        else:
            x0, y0, region = 0, 0, (slice(None), slice(None))
        self.sight_version, self.box = floor.sight_version, box
        fresh, codes = self.fresh[region], self.codes[region]
        np.left_shift(floor.visible[region].view(np.uint8), 1, out=fresh)
        np.add(fresh, self.tiles4[region], out=fresh)
        np.add(fresh, floor.explored[region].view(np.uint8), out=fresh)
        xs, ys = np.nonzero(fresh != codes)
        if len(xs):
            changed = fresh[xs, ys]
            codes[xs, ys] = changed
            width, height = self.view
            where = (ys + (y0 + height)) * self.looks[0].shape[1] + (xs + (x0 + width))
            glyphs, colors, seen, known = self.looks
            glyphs.reshape(-1)[where] = self.glyph_table[changed]
            colors.reshape(-1, 3)[where] = self.color_table[changed]
            seen.reshape(-1)[where] = self.seen_table[changed]
            known.reshape(-1)[where] = self.known_table[changed]

    def rebuild(self, floor: Floor) -> None:
        """Everything made again for ``floor`` as it is now (the padded arrays are kept
        when the next floor has the same size: a new game's first floor usually has)."""
        width, height = self.view
        self.floor, self.version = floor, floor.terrain_version
        self.sight_version, self.box = floor.sight_version, floor.sight_box
        self.tiles4 = floor.tiles * np.uint8(4)
        shape = (floor.height + 2 * height, floor.width + 2 * width)
        if not self.looks or self.looks[0].shape != shape:
            self.looks = (
                np.full(shape, self.glyph_table[0], dtype=self.glyph_table.dtype),
                np.empty((*shape, 3), dtype=np.uint8),
                np.full(shape, self.seen_table[0], dtype=np.uint8),
                np.full(shape, self.known_table[0], dtype=np.uint8),
            )
            self.looks[1][...] = self.color_table[0]
            self.codes = np.zeros(floor.tiles.shape, dtype=np.uint8)
            self.fresh = np.zeros(floor.tiles.shape, dtype=np.uint8)
        codes = self.codes
        np.left_shift(floor.visible.view(np.uint8), 1, out=codes)
        np.add(codes, self.tiles4, out=codes)
        np.add(codes, floor.explored.view(np.uint8), out=codes)
        inside = (slice(height, height + floor.height), slice(width, width + floor.width))
        rows = codes.T
        glyphs, colors, seen, known = self.looks
        np.take(self.glyph_table, rows, out=glyphs[inside])
        colors[inside] = self.color_table[rows]
        np.take(self.seen_table, rows, out=seen[inside])
        np.take(self.known_table, rows, out=known[inside])
