"""The distance maps that hunting monsters share.

Cost stays flat as the population grows: one distance map from the player (tcod.path,
searched again only when the player moves) serves every chaser of a floor (``Hunt``),
and a second map that treats creatures as walls (``Hunt.crowd_map``) is searched at
most once per batch of monsters, only if one of them is blocked, and only as far as a
detour may go. Both are libtcod's Dijkstra (``distance.Field``), read a tile at a time:
each chaser looks at nine tiles of them.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.actors import Actor
from emberdeep.engine.distance import UNREACHABLE, Field, Terrain
from emberdeep.engine.floor import Floor
from emberdeep.engine.fov import span


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


WINDOW_SHAPES = 4
"""Crowd map searches kept, one per window shape (one per floor size)."""


class Crowd:
    """A crowd map (``Hunt.crowd_map``): steps to the player, every other creature a
    wall, searched in a window round the player; ``at`` reads it in the padded floor's
    coordinates, like the other maps, and beyond the window as ``UNREACHABLE``."""

    def __init__(self, field: Field, origin: tuple[int, int], size: tuple[int, int]) -> None:
        self.field, self.origin, self.size = field, origin, size

    def at(self, x: int, y: int) -> int:
        (x0, y0), (width, height) = self.origin, self.size
        if x0 < x <= x0 + width and y0 < y <= y0 + height:
            return self.field.at(x - x0, y - y0)
        return UNREACHABLE


class Hunt:
    """The shared distance maps for one floor, searched again only when their inputs
    change: the player's (``player_field``) and the crowd's (``crowd_map``)."""

    def __init__(self) -> None:
        self._terrain_key: tuple[object, ...] = ()
        self._terrain: Terrain | None = None
        self._field: Field | None = None
        self._key: tuple[object, ...] = ()
        self._map_key: tuple[object, ...] = ()
        self._map: NDArray[np.int32] = np.zeros((0, 0), dtype=np.int32)
        self._windows: dict[tuple[int, int], Field] = {}
        """A crowd map's search kept per window shape (the newest ``WINDOW_SHAPES``)."""
        self._crowd_key: tuple[object, ...] = ()
        self._crowd_free: NDArray[np.bool_] = np.zeros((0, 0), dtype=np.bool_)
        self._crowd: Crowd | None = None

    def terrain(self, floor: Floor) -> Terrain:
        """The floor's walls made ready for searching (by ``Terrain``: whole maps), built
        when first asked for on the floor or after its walkable tiles changed."""
        terrain_key = (id(floor), floor.walk_version)
        if self._terrain is None or terrain_key != self._terrain_key:
            self._terrain = Terrain(padded(floor.walkable.astype(np.int32)), 2, 3)
            self._terrain_key = terrain_key
        return self._terrain

    def player_field(self, floor: Floor, position: tuple[int, int]) -> Field:
        """Walking distance to the player at ``position`` (cardinal 2, diagonal 3) in
        the padded floor's coordinates: made when a monster first hunts on the floor,
        not on entering it (a new game, an agent's reset and a quiet floor never pay for
        it), searched again when the player moves or the walkable tiles change."""
        key = (id(floor), floor.walk_version, position)
        field = self._field
        if key != self._key or field is None:
            shape = (floor.width + 2, floor.height + 2)
            if field is None or field.walkable.shape != shape:
                field = self._field = Field(shape, 2, 3)
                self._key = ()
            if key[:2] != self._key[:2]:
                field.walkable[1:-1, 1:-1] = floor.walkable
            field.compute(position[0] + 1, position[1] + 1)
            self._key = key
        return field

    def player_map(self, floor: Floor, position: tuple[int, int]) -> NDArray[np.int32]:
        """``player_field``'s distances as a whole array (a search by ``Terrain``), for a
        crowd that reads them all at once."""
        key = (id(floor), floor.walk_version, position)
        if key != self._map_key:
            goals = goal_at((floor.width + 2, floor.height + 2), position[0] + 1, position[1] + 1)
            self._map = self.terrain(floor).distances(goals)
            self._map_key = key
        return self._map

    def forget(self) -> None:
        """Drop the maps searched so far, keeping what was made to search them: the
        next ask searches afresh (for measuring a turn as play meets it)."""
        self._key, self._map_key, self._crowd_key, self._crowd = (), (), (), None

    def crowd_map(self, floor: Floor, player: Actor, path_limit: int) -> Crowd:
        """Steps to the player when every creature but the player is a wall. Only the
        square within ``path_limit`` steps of the player is searched: a longer way round
        is never taken, so the rest can stay unreachable. Kept while the player stays
        and no creature moves: a chaser queued behind another in a corridor asks for it
        batch after batch (a fifth of the searches of a random walk were the one before
        again)."""
        free = floor.walkable & (floor.occupant == 0)
        key = (id(floor), player.position, path_limit)
        same = key == self._crowd_key and np.array_equal(free, self._crowd_free)
        if same and self._crowd is not None:
            return self._crowd
        reach = path_limit + 1
        px, py = player.position
        # Moved inside the floor along its edges, the window keeps one shape on a floor
        # (the cells it gains are farther than ``path_limit``: they change no way round).
        columns, rows = span(px, reach, floor.width), span(py, reach, floor.height)
        x0, y0, x1, y1 = columns.start, rows.start, columns.stop, rows.stop
        shape = (x1 - x0 + 2, y1 - y0 + 2)
        field = self._windows.get(shape)
        if field is None:
            if len(self._windows) >= WINDOW_SHAPES:
                del self._windows[next(iter(self._windows))]  # the oldest shape
            field = self._windows[shape] = Field(shape, 2, 2)
        field.walkable[1:-1, 1:-1] = free[x0:x1, y0:y1]
        field.walkable[px - x0 + 1, py - y0 + 1] = True
        field.compute(px - x0 + 1, py - y0 + 1)
        self._crowd = Crowd(field, (x0, y0), (x1 - x0, y1 - y0))
        self._crowd_key, self._crowd_free = key, free
        return self._crowd
