"""The distance maps that hunting monsters share.

Cost stays flat as the population grows: one distance map from the player (searched
again only when the player moves; near the player first, the whole floor only for a
chaser the near search may be wrong for) serves every chaser of a floor (``Hunt``),
and a second map that treats creatures as walls (``Hunt.crowd_map``) is searched only
for a blocked chaser, only as far as its way round may go, and kept for the next
blocked chaser whose way round it holds. Both are libtcod's Dijkstra
(``distance.Field``), read a tile at a time: each chaser looks at nine tiles of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.distance import UNREACHABLE, Field, Terrain
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.fov import span
from emberdeep.records import MutableRecord


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
"""Window searches kept (crowd maps, near maps), one per shape (one per floor size)."""


NEAR = 19
"""Tiles each way of the player that ``Hunt.near_field`` searches: a chaser this round
is most often within 17 steps (the floor's whole search would cost two and a half
times as much)."""


@dataclass(slots=True, eq=False, repr=False)
class Near(MutableRecord):
    """``Hunt.near_field``: the player's distances searched in a window at ``origin``
    (padded by a wall each side, as ``field`` holds it), right wherever they are below
    ``bound``, and everywhere if ``whole`` (the window is the floor)."""

    field: Field
    origin: tuple[int, int]
    size: tuple[int, int]
    bound: int
    whole: bool


def window_field(
    kept: dict[tuple[int, int], Field], walkable: NDArray[np.bool_],
    columns: slice, rows: slice, diagonal: int,
) -> Field:  # fmt: skip
    """A search (a step 2, a diagonal ``diagonal``) of ``walkable``'s window ``columns`` x
    ``rows`` inside a wall, filled in and ready to compute: one ``Field`` kept in
    ``kept`` per window shape (the newest ``WINDOW_SHAPES``)."""
    shape = (columns.stop - columns.start + 2, rows.stop - rows.start + 2)
    field = kept.get(shape)
    if field is None:
        if len(kept) >= WINDOW_SHAPES:
            del kept[next(iter(kept))]  # the oldest shape
        field = kept[shape] = Field(shape, 2, diagonal)
    field.walkable[1:-1, 1:-1] = walkable[columns, rows]
    return field


def way_round(a: int, b: int, limit: int) -> tuple[int, int]:
    """The columns (or rows) a way of at most ``limit`` steps from a tile next to ``a``
    to ``b`` can cross: each tile ``t`` of it has ``|t - a| + |t - b| <= limit`` (a step
    moves one column at most, and the way starts a step from ``a``)."""
    return -((limit - a - b) // 2), (a + b + limit) // 2


@dataclass(slots=True, eq=False, repr=False)
class Crowd(MutableRecord):
    """A crowd map (``Hunt.crowd_map``): steps to ``goal`` when every other creature is
    a wall (``free``: the free tiles it was searched on), searched in a window of the
    floor at ``origin`` of ``size`` tiles; ``at`` reads it in the padded floor's
    coordinates, like the other maps, and beyond the window as ``UNREACHABLE``."""

    field: Field
    origin: tuple[int, int]
    size: tuple[int, int]
    goal: tuple[int, int]
    free: NDArray[np.bool_]
    floor: Floor
    whole: bool = False
    """Searched in the square round the goal that holds every chaser's way round."""
    _steps: NDArray[np.int64] | None = None

    def floor_steps(self) -> NDArray[np.int64]:
        """``at`` for every tile of the padded floor at once (made when first asked for,
        and kept with the map), for a crowd that reads it all in one go."""
        steps = self._steps
        if steps is None:
            (x0, y0), (width, height) = self.origin, self.size
            floor = self.floor
            steps = np.full((floor.width + 2, floor.height + 2), UNREACHABLE, dtype=np.int64)
            steps[x0 + 1 : x0 + width + 1, y0 + 1 : y0 + height + 1] = self.field.steps()[
                1:-1, 1:-1
            ]
            self._steps = steps
        return steps

    def at(self, x: int, y: int) -> int:
        (x0, y0), (width, height) = self.origin, self.size
        if x0 < x <= x0 + width and y0 < y <= y0 + height:
            return self.field.at(x - x0, y - y0)
        return UNREACHABLE

    def holds(self, columns: tuple[int, int], rows: tuple[int, int]) -> bool:
        """Whether the window holds every tile of the floor in ``columns`` x ``rows``."""
        (x0, y0), (width, height) = self.origin, self.size
        (left, right), (top, bottom) = columns, rows
        floor = self.floor
        return (
            x0 <= max(left, 0) and min(right, floor.width - 1) < x0 + width
            and y0 <= max(top, 0) and min(bottom, floor.height - 1) < y0 + height
        )  # fmt: skip


class Hunt:
    """The shared distance maps for one floor, searched again only when their inputs
    change: the player's (``player_field``) and the crowd's (``crowd_map``)."""

    def __init__(self) -> None:
        self._terrain_key: tuple[object, ...] = ()
        self._terrain: Terrain | None = None
        self._field: Field | None = None
        self._key: tuple[object, ...] = ()
        self._map_key: tuple[object, ...] = ()
        self._map: NDArray[np.int64] = np.zeros((0, 0), dtype=np.int64)
        self._windows: dict[tuple[int, int], Field] = {}
        """A crowd map's search kept per window shape (the newest ``WINDOW_SHAPES``)."""
        self._crowd: Crowd | None = None
        self._near_fields: dict[tuple[int, int], Field] = {}
        self._near_key: tuple[object, ...] = ()
        self._near: Near | None = None

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

    def near_field(self, floor: Floor, position: tuple[int, int]) -> Near:
        """``player_field`` searched only within ``NEAR`` tiles of the player (moved
        inside the floor along its edges): a way that leaves the window passes a tile at
        least ``e`` tiles from the player, the nearest outside it, so costs at least 2e
        (a step costs 2 or 3), and every distance below that is the whole floor's."""
        key = (id(floor), floor.walk_version, position)
        near = self._near
        if key == self._near_key and near is not None:
            return near
        px, py = position
        across, down = span(px, NEAR, floor.width), span(py, NEAR, floor.height)
        x0, y0 = across.start, down.start
        field = window_field(self._near_fields, floor.walkable, across, down, 3)
        field.compute(px - x0 + 1, py - y0 + 1)
        outside = [
            gap for gap, beyond in (
                (px - x0 + 1, x0 > 0), (across.stop - px, across.stop < floor.width),
                (py - y0 + 1, y0 > 0), (down.stop - py, down.stop < floor.height),
            ) if beyond
        ]  # fmt: skip
        bound = 2 * min(outside) if outside else UNREACHABLE
        size = (across.stop - x0, down.stop - y0)
        near = self._near = Near(field, (x0, y0), size, bound, not outside)
        self._near_key = key
        return near

    def player_map(self, floor: Floor, position: tuple[int, int]) -> NDArray[np.int64]:
        """``player_field``'s distances as a whole array, read off its search at once
        (``Field.steps``), for a crowd that reads them all at once: libtcod's classic
        search and the read take a sixth of the time of a search by ``Terrain``."""
        key = (id(floor), floor.walk_version, position)
        if key != self._map_key:
            self._map = self.player_field(floor, position).steps()
            self._map_key = key
        return self._map

    def forget(self) -> None:
        """Drop the maps searched so far, keeping what was made to search them: the
        next ask searches afresh (for measuring a turn as play meets it)."""
        self._key, self._map_key, self._near_key, self._crowd = (), (), (), None

    def crowd_map(
        self, floor: Floor, goal: tuple[int, int], free: NDArray[np.bool_],
        near: tuple[int, int], path_limit: int, *, whole: bool = False,
    ) -> Crowd:  # fmt: skip
        """Steps to ``goal`` (the player) over the ``free`` tiles (every creature but
        the player a wall), right for every tile next to ``near`` (a chaser) with a way
        there of at most ``path_limit`` steps, and more than that for the others: all a
        way round needs (``pursuit.detour`` takes no longer one). Such a way stays in a
        square of ``path_limit`` + 1 tiles between the chaser and the player
        (``way_round``), so only that square is searched (a fifth of a floor, a third
        of a square round the player); it is moved inside the floor along its edges, to
        keep one shape a floor. Kept for the next chaser whose square it holds while
        the player stays and no creature moves: a chaser queued behind another in a
        corridor asks batch after batch. A second chaser of the same crowd whose square
        it misses gets the square round the player that holds them all, as does a
        chaser of a crowd (``whole``): a thousand hunters search once a phase, not once
        per blocked chaser."""
        crowd = self._crowd
        if crowd is not None and crowd.free is free and crowd.whole and crowd.goal == goal:
            return crowd  # searched this batch round the player: it holds every chaser's
        columns = way_round(near[0], goal[0], path_limit)
        rows = way_round(near[1], goal[1], path_limit)
        same = (
            crowd is not None and crowd.floor is floor and crowd.goal == goal
            and (crowd.free is free or np.array_equal(crowd.free, free))
        )  # fmt: skip
        if same and crowd is not None and crowd.holds(columns, rows):
            return crowd
        whole = whole or same
        if whole:
            # A second chaser of the same crowd wants another square: search, once, the
            # square round the player that holds every chaser's (a way round of at most
            # ``path_limit`` steps never leaves it), not one square per chaser.
            centre, half = goal, path_limit
        else:
            centre = ((columns[0] + columns[1]) // 2, (rows[0] + rows[1]) // 2)
            half = (path_limit + 2) // 2
        across = span(centre[0], half, floor.width)
        down = span(centre[1], half, floor.height)
        x0, y0 = across.start, down.start
        field = window_field(self._windows, free, across, down, 2)
        gx, gy = goal
        field.walkable[gx - x0 + 1, gy - y0 + 1] = True
        field.compute(gx - x0 + 1, gy - y0 + 1)
        size = (across.stop - x0, down.stop - y0)
        crowd = self._crowd = Crowd(field, (x0, y0), size, goal, free, floor, whole)
        if not crowd.holds(columns, rows):  # (``span`` makes sure it does)
            raise AssertionError(f"a crowd window at {crowd.origin} misses {columns}, {rows}")
        return crowd
