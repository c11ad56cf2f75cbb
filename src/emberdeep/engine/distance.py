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

UNREACHABLE = int(np.iinfo(np.int32).max)


class Terrain:
    """A cost array made ready for searching, to reuse while the terrain stays the same
    (building it is a third of the work of one search)."""

    def __init__(self, cost: NDArray[np.int32], cardinal: int, diagonal: int) -> None:
        self.graph = tcod.path.SimpleGraph(cost=cost, cardinal=cardinal, diagonal=diagonal)

    def distances(self, goals: NDArray[np.bool_]) -> NDArray[np.int32]:
        """Cheapest walking cost from every tile to the nearest goal; tiles of cost 0 and
        tiles that cannot reach a goal hold ``UNREACHABLE``."""
        finder = tcod.path.Pathfinder(self.graph)
        finder.distance[goals] = 0
        finder.rebuild_frontier()
        finder.resolve()
        distance: NDArray[np.int32] = finder.distance  # a numpy array the caller may keep
        return distance


def distance_map(
    cost: NDArray[np.int32], goals: NDArray[np.bool_], cardinal: int, diagonal: int
) -> NDArray[np.int32]:
    """``Terrain(cost, cardinal, diagonal).distances(goals)``, for one-off searches."""
    return Terrain(cost, cardinal, diagonal).distances(goals)
