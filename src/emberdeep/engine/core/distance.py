"""Distance maps (Dijkstra) for monsters, auto-explore and the generators' checks.

One place for them because of a fault found by the 1000-game soak: in tcod 21.2.2,
``tcod.path.dijkstra2d`` does not free its internal heap, about 4 KB a call, so a long
game (or a soak process) grows by tens of megabytes per game until it runs out of
memory. ``tcod.path.Pathfinder`` gives the same distances without the leak (checked in
tests/engine/test_distance.py), at a small cost in speed.
"""

from __future__ import annotations

import numpy as np
import tcod.path
from numpy.typing import NDArray

from emberdeep.engine.core.tcod_map import TcodMap

UNREACHABLE = int(np.iinfo(np.int32).max)


class Terrain:
    """A cost array made ready for searching, to reuse while the terrain stays the same
    (building it is a third of the work of one search), with one pathfinder kept for
    all its searches: making a ``Pathfinder`` (its arrays, its frontier) cost a third
    of a search again. Each search starts from cleared distances, so it gives what a
    new pathfinder would (Dijkstra's distances do not depend on what came before)."""

    def __init__(self, cost: NDArray[np.int32], cardinal: int, diagonal: int) -> None:
        self.graph = tcod.path.SimpleGraph(cost=cost, cardinal=cardinal, diagonal=diagonal)
        self._finder: tcod.path.Pathfinder | None = None

    def distances(self, goals: NDArray[np.bool_]) -> NDArray[np.int32]:
        """Cheapest walking cost from every tile to the nearest goal; tiles of cost 0 and
        tiles that cannot reach a goal hold ``UNREACHABLE``. A new array, the caller's to
        keep."""
        finder = self._finder
        if finder is None:
            finder = self._finder = tcod.path.Pathfinder(self.graph)
        distance: NDArray[np.int32] = finder.distance
        distance[...] = UNREACHABLE
        distance[goals] = 0
        finder.rebuild_frontier()
        finder.resolve()
        kept: NDArray[np.int32] = distance.copy()
        return kept


def distance_map(
    cost: NDArray[np.int32], goals: NDArray[np.bool_], cardinal: int, diagonal: int
) -> NDArray[np.int32]:
    """``Terrain(cost, cardinal, diagonal).distances(goals)``, for one-off searches."""
    return Terrain(cost, cardinal, diagonal).distances(goals)


class Field:
    """Distances from one goal over walkable tiles, read a tile at a time: libtcod's
    classic Dijkstra on a map of its own, about twelve times quicker on a floor than
    ``Terrain``'s ``Pathfinder`` (44 against 280 us; given a cost callback instead of
    the map, twice as slow again) and giving the same distances
    (tests/engine/test_distance.py). For the monsters' maps, searched again whenever
    the player moves and read at a few tiles each.

    ``walkable`` (``[x, y]``) is the caller's to fill before ``compute``: a view of the
    map libtcod reads, kept in place so that the search made once serves every goal.
    A step costs ``cardinal``, a diagonal one ``diagonal``."""

    def __init__(self, shape: tuple[int, int], cardinal: int, diagonal: int) -> None:
        width, height = shape
        self._map = TcodMap((height, width))  # libtcod's [y, x]
        self.walkable: NDArray[np.bool_] = self._map.cells["walkable"].T
        self._cardinal = cardinal
        self._c = tcod.ffi.gc(
            tcod.lib.TCOD_dijkstra_new(self._map.c, diagonal / cardinal),
            tcod.lib.TCOD_dijkstra_delete,
        )
        self._get = tcod.lib.TCOD_dijkstra_get_distance

    def compute(self, x: int, y: int) -> None:
        """Distances from tile (x, y) to every tile, for ``at``."""
        tcod.lib.TCOD_dijkstra_compute(self._c, x, y)

    def steps(self) -> NDArray[np.int64]:
        """``at`` for every tile at once, ``[x, y]``: read straight from libtcod's own
        array of distances (hundredths of a step, all ones where nothing reached), for
        a crowd that reads many tiles of one search."""
        c = self._c
        raw = np.frombuffer(tcod.ffi.buffer(c.distances, 4 * c.width * c.height), np.uint32)
        hundredths = raw.reshape(c.height, c.width).T.astype(np.int64)
        reached = hundredths != 0xFFFFFFFF
        steps = np.full(hundredths.shape, UNREACHABLE, dtype=np.int64)
        steps[reached] = (hundredths[reached] * self._cardinal + 50) // 100
        return steps

    def at(self, x: int, y: int) -> int:
        """Cheapest walking cost from (x, y) to the goal; ``UNREACHABLE`` for a blocked
        tile or one with no way there. libtcod counts a step as 1 and keeps hundredths:
        scaled and rounded back."""
        found: float = self._get(self._c, x, y)
        return UNREACHABLE if found < 0 else round(found * self._cardinal)
