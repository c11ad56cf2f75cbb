"""The observed terrain, kept floor-sized and sliced: a window is a view, never a rebuild.

Each cell's terrain code (tile * 4 + seen * 2 + known; 0, a wall never seen, off the
map) decides its glyph, colour, visible and remembered flags. Those four are kept
looked up, in floor-sized arrays with a margin of a window on every side, so the window
around the player is four slices wherever they stand: the observation's terrain is four
copies of a few KB, with no lookups at all.

The codes are brought up to date on an observation only if the floor's sight changed
since the last (``Floor.sight_version``: the engine counts every change of ``visible``
and ``explored``), and then only in the squares of the last two fields of view (a step:
nothing else changed) or the whole floor (a magic map, two changes): three additions
over those columns of the floor (contiguous in its (x, y) layout), then the square's
looks taken by code and its flags copied, seven numpy calls in all (on a few hundred
cells each call's overhead is the cost, so there are no casts, no Python scalars and
no fancy-indexed assignments). Everything is made again when the floor or its terrain
changes (``terrain_version``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Floor

COLOR_CELL = np.dtype("V3")
"""An RGB colour as one value, so a colour plane can be indexed like a glyph plane."""


class KnownTerrain:
    """The looks of the floor being observed, padded by a window each side.

    ``glyph_table[code]`` and ``color_table[code]`` (rows of RGB) give a cell's look."""

    def __init__(
        self, glyph_table: NDArray[np.uint16], color_table: NDArray[np.uint8], view: tuple[int, int]
    ) -> None:
        self.glyph_table = glyph_table
        self.color_table = np.ascontiguousarray(color_table, dtype=np.uint8)
        self.color_cells = self.color_table.view(COLOR_CELL)[:, 0]
        """The colour rows as single 3-byte cells: one ``take`` of those redraws the
        colours (a fancy-indexed assignment of RGB rows cost ten times as long)."""
        self.view = view
        self.floor: Floor | None = None
        self.version = -1
        empty = np.zeros((0, 0), dtype=np.uint8)
        self.codes = empty
        """Room for the codes of the cells redrawn, in the floor's (x, y) layout."""
        self.tiles4 = empty
        self.sight: tuple[NDArray[Any], ...] = ()
        """The floor's ``visible`` and ``explored`` at the last redraw, and the same as
        bytes ((x, y) and transposed): views made once, not on every redraw."""
        self.sight_version = -1
        self.box: tuple[slice, slice] | None = None
        """The floor's ``sight_version`` and ``sight_box`` at the last update."""
        self.blank: dict[tuple[int, int], tuple[NDArray[Any], ...]] = {}
        """The looks of a floor of each shape never seen, to copy (filling the colours
        row by row cost a branch's observer a fifth of a millisecond); shared with the
        observers made by ``Observer.fresh``."""
        self.looks: tuple[NDArray[Any], ...] = ()
        """Glyphs, colours, visible, remembered: [row, column] of the padded floor."""
        self.color_plane: NDArray[np.void] = np.zeros((0, 0), dtype=COLOR_CELL)
        """The colours of ``looks`` seen as one 3-byte cell each (a view: ``redraw``'s)."""

    def _slices(self, origin: tuple[int, int]) -> tuple[slice, slice]:
        (width, height), (ox, oy) = self.view, origin
        x0, y0 = ox + width, oy + height  # the padding is one window wide
        return slice(y0, y0 + height), slice(x0, x0 + width)

    def window(self, floor: Floor, origin: tuple[int, int]) -> tuple[NDArray[Any], ...]:
        """Glyphs, colours, visible and remembered of the window whose top-left cell is
        floor cell ``origin``, in new arrays, up to date with ``floor`` now."""
        self.update(floor)
        rows, columns = self._slices(origin)
        glyphs, colors, visible, remembered = self.looks
        return (
            glyphs[rows, columns].copy(),
            colors[rows, columns].copy(),
            visible[rows, columns].copy(),
            remembered[rows, columns].copy(),
        )

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
        """The looks brought up to date with ``floor``, redrawn only where they can have
        changed: nowhere if the floor's sight did not change (``Floor.sight_version``),
        within the last two fields of view's squares if one field of view made the
        change, else everywhere."""
        if floor is not self.floor or floor.terrain_version != self.version:
            self.rebuild(floor)
            return
        if floor.sight_version == self.sight_version:
            return
        box, last, one_change = (
            floor.sight_box,
            self.box,
            floor.sight_version == self.sight_version + 1,
        )
        self.sight_version, self.box = floor.sight_version, box
        if one_change and box and last:
            self.redraw(
                floor,
                (min(box[0].start, last[0].start), max(box[0].stop, last[0].stop)),
                (min(box[1].start, last[1].start), max(box[1].stop, last[1].stop)),
            )
        else:
            self.redraw(floor, (0, floor.width), (0, floor.height))

    def rebuild(self, floor: Floor) -> None:
        """Everything made again for ``floor`` as it is now (the padded arrays are kept
        when the next floor has the same size: a new game's first floor usually has)."""
        width, height = self.view
        self.floor, self.version = floor, floor.terrain_version
        self.sight_version, self.box = floor.sight_version, floor.sight_box
        self.tiles4 = floor.tiles * np.uint8(4)
        self.sight = ()  # made again by the next redraw, for this floor and these codes
        shape = (floor.height + 2 * height, floor.width + 2 * width)
        if not self.looks or self.looks[0].shape != shape:
            blank = self.blank.get(shape)
            if blank is None:
                colors = np.empty((*shape, 3), dtype=np.uint8)
                colors[...] = self.color_table[0]
                blank = self.blank[shape] = (
                    np.full(shape, self.glyph_table[0], dtype=self.glyph_table.dtype),
                    colors,
                    np.zeros(shape, dtype=np.uint8),
                    np.zeros(shape, dtype=np.uint8),
                )
            self.looks = tuple(look.copy() for look in blank)
            self.color_plane = self.looks[1].view(COLOR_CELL)[..., 0]
            self.codes = np.zeros(floor.tiles.shape, dtype=np.uint8)
        self.redraw(floor, (0, floor.width), (0, floor.height))

    def redraw(self, floor: Floor, xs: tuple[int, int], ys: tuple[int, int]) -> None:
        """The looks of the floor's cells in columns ``xs`` and rows ``ys`` (spans, cut
        to the floor) looked up again from their codes. A few numpy calls on a few
        hundred cells, so each call's overhead is the cost: the codes are summed over
        whole columns of the floor (contiguous memory: a strided sum costs three times
        as long), from byte views made once, with no casts and no Python scalars;
        ``take`` with ``mode="clip"`` (the codes are always in range; ``"raise"`` makes
        it check and buffer)."""
        (x0, x1), (y0, y1) = (xs[0], min(xs[1], floor.width)), (ys[0], min(ys[1], floor.height))
        sight = self.sight
        if not sight or sight[0] is not floor.visible or sight[1] is not floor.explored:
            sight = self.sight = self._sight(floor)
        _, _, visible, explored, visible_rows, explored_rows, codes_rows = sight
        band, rows = slice(x0, x1), slice(y0, y1)
        codes, seen_now = self.codes[band], visible[band]
        np.add(seen_now, seen_now, out=codes)
        np.add(codes, self.tiles4[band], out=codes)
        np.add(codes, explored[band], out=codes)
        width, height = self.view
        inside = (slice(y0 + height, y1 + height), slice(x0 + width, x1 + width))
        cells = codes_rows[rows, band]
        glyphs, _, seen, known = self.looks
        self.glyph_table.take(cells, out=glyphs[inside], mode="clip")
        self.color_cells.take(cells, out=self.color_plane[inside], mode="clip")
        np.copyto(seen[inside], visible_rows[rows, band])
        np.copyto(known[inside], explored_rows[rows, band])

    def _sight(self, floor: Floor) -> tuple[NDArray[Any], ...]:
        """``sight``'s arrays for ``floor`` (and the codes seen row by row)."""
        visible, explored = floor.visible.view(np.uint8), floor.explored.view(np.uint8)
        return (
            floor.visible,
            floor.explored,
            visible,
            explored,
            visible.T,
            explored.T,
            self.codes.T,
        )
