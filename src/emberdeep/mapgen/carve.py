"""Digging primitives shared by generators, and the checks every floor must pass."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.floor import Floor, Rect, Tile

TEXT_GLYPHS = np.array(
    ["#", ".", ">", "+", "'", "<", "~", "%", ":", "L", '"', ",", "=", "/", "\\", "S"]
)
"""``to_text``'s glyph per ``Tile``: wall, floor, stairs, doors, up stairs, water, lava,
chasm, locked door, grass, ash, bridge, lever, pulled lever, sealed door (as
``tests/helpers.py`` reads them)."""


def solid_rock(width: int, height: int) -> NDArray[np.uint8]:
    return np.full((width, height), Tile.WALL, dtype=np.uint8)


def dig_room(tiles: NDArray[np.uint8], room: Rect) -> None:
    tiles[room.inner] = Tile.FLOOR


def dug_boxes(
    size: tuple[int, int],
    x0: NDArray[np.int64],
    y0: NDArray[np.int64],
    x1: NDArray[np.int64],
    y1: NDArray[np.int64],
) -> NDArray[np.bool_]:
    """Where any of many boxes lies on a floor of ``size``, each ``x0..x1`` across and
    ``y0..y1`` down, ends included (none empty): a floor's rooms and corridors in a few
    numpy calls instead of a slice each. Each box adds one at its top-left corner and
    below-right of its far corner and takes one away at the other two; summed along both
    axes, a tile any box covers is above zero."""
    width, height = size
    stride = height + 1
    cells = (width + 1) * stride
    near, far, below = x0 * stride, (x1 + 1) * stride, y1 + 1
    marks = np.bincount(np.concatenate((near + y0, far + below)), minlength=cells)
    marks -= np.bincount(np.concatenate((far + y0, near + below)), minlength=cells)
    cover = marks.reshape(width + 1, stride).cumsum(0).cumsum(1)
    dug: NDArray[np.bool_] = cover[:width, :height] > 0
    return dug


def distance_from(floor: Floor, origin: tuple[int, int]) -> NDArray[np.int32]:
    """Walking distance (8-way) from ``origin`` to every tile; unreachable tiles hold the max."""
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    goals[origin] = True
    return distance_map(floor.walkable.astype(np.int32), goals, 1, 1)


def unreachable_tiles(floor: Floor) -> NDArray[np.bool_]:
    """Walkable tiles the player cannot reach from the start; every generator must make none."""
    dist = distance_from(floor, floor.start)
    unreachable: NDArray[np.bool_] = floor.walkable & (dist == UNREACHABLE)
    return unreachable


def floor_problems(floor: Floor) -> list[str]:
    """Everything wrong with a generated floor; empty means it is playable."""
    problems = []
    if not floor.is_walkable(*floor.start):
        problems.append(f"start {floor.start} is not on a floor tile")
    if not floor.in_bounds(*floor.stairs) or floor.tiles[floor.stairs] != Tile.STAIRS_DOWN:
        problems.append(f"stairs {floor.stairs} are not a stairs tile")
    if floor.start == floor.stairs:
        problems.append("start and stairs share a tile")
    border = np.ones(floor.tiles.shape, dtype=np.bool_)
    border[1:-1, 1:-1] = False
    if floor.walkable[border].any():
        problems.append("walkable tiles on the map edge")
    if (floor.tiles == Tile.STAIRS_DOWN).sum() != 1:
        problems.append("there must be exactly one down stairs")
    count = int(unreachable_tiles(floor).sum())
    if count:
        problems.append(f"{count} walkable tiles are unreachable from the start")
    problems += lock_problems(floor)
    trapped = [p for p in floor.traps if not floor.is_walkable(*p) or p in (floor.stairs,)]
    if trapped:
        problems.append(f"a trap at {trapped[0]} is not on open floor")
    return problems


def lock_problems(floor: Floor) -> list[str]:
    """Every locked door needs a key the player can reach without passing one."""
    locked = int((floor.tiles == Tile.LOCKED_DOOR).sum())
    if not locked:
        return []
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    goals[floor.start] = True
    open_ = floor.walkable & (floor.tiles != Tile.LOCKED_DOOR)
    dist = distance_map(open_.astype(np.int32), goals, 1, 1)
    keys = sum(
        1 for item in floor.items if item.kind.facts.opens and dist[item.position] != UNREACHABLE
    )
    if keys < locked:
        return [f"{locked} locked doors but {keys} keys reachable without passing one"]
    return []


def to_text(floor: Floor, contents: bool = False) -> str:
    """The floor as rows of ``#`` ``.`` ``>`` with ``@`` at the start: what ``mapgen`` prints.
    ``contents``: with what lies on it too: ``$`` an item, ``^`` a trap (``_`` hidden),
    a creature by its kind's first letter (a captive's in capitals)."""
    glyphs = TEXT_GLYPHS[floor.tiles].copy()
    if contents:
        for item in floor.items:
            glyphs[item.position] = "$"
        for trap in floor.traps.values():
            glyphs[trap.position] = "_" if trap.hidden else "^"
        for actor in floor.actors.values():
            glyphs[actor.position] = actor.kind[0].upper() if actor.shackles else actor.kind[0]
    glyphs[floor.start] = "@"
    return "\n".join("".join(row) for row in glyphs.T)


def farthest_tile(floor: Floor, origin: tuple[int, int], within: Rect) -> tuple[int, int]:
    """The walkable tile inside ``within`` farthest (on foot) from ``origin``."""
    dist = distance_from(floor, origin).astype(np.int64)
    mask = np.zeros(floor.tiles.shape, dtype=np.bool_)
    mask[within.inner] = True
    dist[~(mask & floor.walkable)] = -1
    dist[origin] = -1
    best = int(np.argmax(dist))
    if dist.flat[best] < 0:
        raise ValueError(f"room {within} has no tile apart from {origin}")
    x, y = np.unravel_index(best, dist.shape)
    return int(x), int(y)
