"""The distance maps that hunting monsters share.

Cost stays flat as the population grows: one distance map from the player (tcod.path,
cached until the player moves) serves every chaser of a floor (``Hunt``), and a second
map that treats creatures as walls (``crowd_map``) is built at most once per batch of
monsters, only if one of them is blocked, and only as far as a detour may go.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.actors import Actor
from emberdeep.engine.distance import UNREACHABLE, Scratch, Terrain, distance_map
from emberdeep.engine.floor import Floor


def padded(array: NDArray[np.int32]) -> NDArray[np.int32]:
    """``array`` inside a border of zeros (walls), so that neighbour lookups of the
    distances computed on it never leave the array."""
    out = np.zeros((array.shape[0] + 2, array.shape[1] + 2), dtype=np.int32)
    out[1:-1, 1:-1] = array
    return out


def goal_at(shape: tuple[int, ...], x: int, y: int) -> NDArray[np.bool_]:
    goals = np.zeros(shape, dtype=np.bool_)
    goals[x, y] = True
    return goals


class Hunt:
    """The shared distance map for one floor, rebuilt only when its inputs change."""

    def __init__(self) -> None:
        self._terrain_key: tuple[object, ...] = ()
        self._terrain: Terrain | None = None
        self._key: tuple[object, ...] = ()
        self.to_player: NDArray[np.int32] = np.zeros((0, 0), dtype=np.int32)
        self.scratch = Scratch()
        """Kept search parts for the crowd maps (``crowd_map``)."""

    def terrain(self, floor: Floor) -> Terrain:
        """The floor's walls made ready for searching: built when a monster first hunts
        on the floor (or after its terrain changed), not on entering it: a new game
        (an agent's reset) and a quiet floor never pay for it."""
        terrain_key = (id(floor), floor.terrain_version)
        if self._terrain is None or terrain_key != self._terrain_key:
            self._terrain = Terrain(padded(floor.walkable.astype(np.int32)), 2, 3)
            self._terrain_key = terrain_key
        return self._terrain

    def player_map(self, floor: Floor, player: Actor) -> NDArray[np.int32]:
        """Walking distance to the player (cardinal 2, diagonal 3), padded by one
        unreachable tile on every side."""
        terrain = self.terrain(floor)
        key = (self._terrain_key, player.position)
        if key != self._key:
            goals = goal_at((floor.width + 2, floor.height + 2), player.x + 1, player.y + 1)
            self.to_player = terrain.distances(goals)
            self._key = key
        return self.to_player


def crowd_map(
    floor: Floor, player: Actor, path_limit: int, scratch: Scratch | None = None
) -> NDArray[np.int32]:
    """Steps to the player when every creature but the player is a wall (padded like
    ``padded_distance``). Only the square within ``path_limit`` steps of the player is
    searched: a longer way round is never taken, so the rest can stay unreachable.
    ``scratch`` (the floor's ``Hunt.scratch``) spares making the search's parts anew."""
    reach = path_limit + 1
    px, py = player.position
    x0, y0 = max(px - reach, 0), max(py - reach, 0)
    x1, y1 = min(px + reach + 1, floor.width), min(py + reach + 1, floor.height)
    window = (slice(x0, x1), slice(y0, y1))
    cost = padded((floor.walkable[window] & (floor.occupant[window] == 0)).astype(np.int32))
    cost[px - x0 + 1, py - y0 + 1] = 1
    goals = goal_at(cost.shape, px - x0 + 1, py - y0 + 1)
    near = (scratch.distances if scratch else distance_map)(cost, goals, 2, 2)
    steps = np.full((floor.width + 2, floor.height + 2), UNREACHABLE, dtype=np.int32)
    steps[x0 + 1 : x1 + 1, y0 + 1 : y1 + 1] = near[1:-1, 1:-1]
    return steps
