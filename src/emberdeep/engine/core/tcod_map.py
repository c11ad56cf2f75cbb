"""A libtcod map (``TCOD_Map``) over a numpy buffer kept between searches.

``tcod.map.compute_fov`` builds its map anew on every call, and ``tcod.map.Map`` (which
kept one) is deprecated; the field of view and the monsters' distance maps run every turn,
so they keep their own buffers and hand libtcod a map that points into them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tcod
from numpy.typing import NDArray

MAP_CELL = np.dtype([("transparent", np.bool_), ("walkable", np.bool_), ("fov", np.bool_)])
"""libtcod's ``TCOD_MapCell``."""


class TcodMap:
    """``cells`` (``[row, column]``, as libtcod lays them out: ``shape`` is rows and
    columns) and the ``TCOD_Map`` that reads them; the map keeps pointing into ``cells``
    for as long as this object lives."""

    def __init__(self, shape: tuple[int, int]) -> None:
        rows, columns = shape
        self.cells: NDArray[Any] = np.zeros(shape, dtype=MAP_CELL)
        self.c: Any = tcod.ffi.new(
            "struct TCOD_Map*",
            (
                columns,
                rows,
                rows * columns,
                tcod.ffi.from_buffer("struct TCOD_MapCell*", self.cells),
            ),
        )
