"""The observed terrain, kept floor-sized and sliced: a window is a view, never a rebuild.

Each cell's terrain code (tile * 4 + seen * 2 + known; 0, a wall never seen, off the
map) decides its glyph, colour, glyph id, visible and remembered flags. Those planes are kept
looked up, in floor-sized arrays with a margin of a window on every side, so the window
around the player is four slices wherever they stand: the observation's terrain is four
copies of a few KB, with no lookups at all. Only the planes an observation asks for
(``PLANES``, named as its keys) are kept: one more is added, and everything made again,
the first time it is asked for.

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
PLANES = ("glyphs", "colors", "visible", "remembered", "glyph_ids")
"""The terrain's planes, named as the observation keys they make."""


class KnownTerrain:
    """The looks of the floor being observed, padded by a window each side.

    ``glyph_table[code]``, ``color_table[code]`` (rows of RGB) and ``id_table[code]``
    give a cell's look; ``planes`` are those kept (``PLANES``)."""

    def __init__(
        self,
        glyph_table: NDArray[np.uint16],
        color_table: NDArray[np.uint8],
        id_table: NDArray[np.uint16],
        view: tuple[int, int],
        planes: tuple[str, ...] = PLANES,
    ) -> None:
        self.glyph_table, self.id_table = glyph_table, id_table
        self.planes = tuple(name for name in PLANES if name in planes)
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
        self.blank: dict[tuple[tuple[int, int], str], NDArray[Any]] = {}
        """Each plane of a floor of each shape never seen, to copy (filling the colours
        row by row cost a branch's observer a fifth of a millisecond); shared with the
        observers made by ``Observer.fresh``."""
        self.looks: dict[str, NDArray[Any]] = {}
        """The kept planes by name: [row, column] of the padded floor."""
        self.color_plane: NDArray[np.void] = np.zeros((0, 0), dtype=COLOR_CELL)
        """The colours of ``looks`` seen as one 3-byte cell each (a view: ``redraw``'s)."""

    def _slices(self, origin: tuple[int, int]) -> tuple[slice, slice]:
        (width, height), (ox, oy) = self.view, origin
        x0, y0 = ox + width, oy + height  # the padding is one window wide
        return slice(y0, y0 + height), slice(x0, x0 + width)

    def want(self, planes: tuple[str, ...]) -> None:
        """Keep ``planes`` too from now on (made on the next update)."""
        if not set(planes) <= set(self.planes):
            self.planes = tuple(name for name in PLANES if name in {*planes, *self.planes})
            self.floor, self.looks = None, {}

    def window(
        self, floor: Floor, origin: tuple[int, int], planes: tuple[str, ...]
    ) -> dict[str, NDArray[Any]]:
        """``planes`` of the window whose top-left cell is floor cell ``origin``, in new
        arrays, up to date with ``floor`` now."""
        self.want(planes)
        self.update(floor)
        rows, columns = self._slices(origin)
        looks = self.looks
        return {name: looks[name][rows, columns].copy() for name in planes}

    def window_into(
        self, floor: Floor, origin: tuple[int, int], out: dict[str, NDArray[Any]]
    ) -> None:
        """``window``, written into ``out`` (arrays by plane name)."""
        self.want(tuple(out))
        self.update(floor)
        rows, columns = self._slices(origin)
        looks = self.looks
        for name, into in out.items():
            np.copyto(into, looks[name][rows, columns])

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
        if not self.looks or self.codes.shape != floor.tiles.shape:
            self.looks = {name: self._blank(shape, name).copy() for name in self.planes}
            if "colors" in self.looks:
                self.color_plane = self.looks["colors"].view(COLOR_CELL)[..., 0]
            self.codes = np.zeros(floor.tiles.shape, dtype=np.uint8)
        self.redraw(floor, (0, floor.width), (0, floor.height))

    def _blank(self, shape: tuple[int, int], name: str) -> NDArray[Any]:
        """Plane ``name`` of a padded floor of ``shape`` never seen (made once, kept)."""
        blank = self.blank.get((shape, name))
        if blank is None:
            if name == "colors":
                blank = np.empty((*shape, 3), dtype=np.uint8)
                blank[...] = self.color_table[0]
            elif name in ("glyphs", "glyph_ids"):
                table = self.glyph_table if name == "glyphs" else self.id_table
                blank = np.full(shape, table[0], dtype=table.dtype)
            else:
                blank = np.zeros(shape, dtype=np.uint8)
            self.blank[(shape, name)] = blank
        return blank

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
        looks = self.looks
        for name, look in looks.items():
            if name == "glyphs":
                self.glyph_table.take(cells, out=look[inside], mode="clip")
            elif name == "colors":
                self.color_cells.take(cells, out=self.color_plane[inside], mode="clip")
            elif name == "glyph_ids":
                self.id_table.take(cells, out=look[inside], mode="clip")
            elif name == "visible":
                np.copyto(look[inside], visible_rows[rows, band])
            else:
                np.copyto(look[inside], explored_rows[rows, band])

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
