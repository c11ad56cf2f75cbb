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


SCRATCH_SHAPES = 4
"""Shapes a ``Scratch`` keeps parts for: the crowd map's window is one shape away from
the floor's edges and many near them, and each kept shape holds a few arrays."""


class Scratch:
    """Searches on cost arrays whose contents change every time but whose shapes recur
    (the crowd map's window around the player): one graph and pathfinder kept per
    shape, over a cost buffer the graph reads in place (``SimpleGraph`` keeps a
    reference), so a search does not make them again."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, ...], tuple[NDArray[np.int32], Terrain]] = {}

    def distances(
        self, cost: NDArray[np.int32], goals: NDArray[np.bool_], cardinal: int, diagonal: int
    ) -> NDArray[np.int32]:
        """``distance_map(cost, goals, cardinal, diagonal)``, from kept parts."""
        key = (*cost.shape, cardinal, diagonal)
        kept = self._kept.get(key)
        if kept is None:
            if len(self._kept) >= SCRATCH_SHAPES:
                del self._kept[next(iter(self._kept))]  # the oldest shape
            buffer = np.array(cost, dtype=np.int32)
            kept = self._kept[key] = (buffer, Terrain(buffer, cardinal, diagonal))
        else:
            np.copyto(kept[0], cost)
        return kept[1].distances(goals)


def distance_map(
    cost: NDArray[np.int32], goals: NDArray[np.bool_], cardinal: int, diagonal: int
) -> NDArray[np.int32]:
    """``Terrain(cost, cardinal, diagonal).distances(goals)``, for one-off searches."""
    return Terrain(cost, cardinal, diagonal).distances(goals)
