"""Where a monster with a home of its own goes when a floor is populated, and the band
that comes with a leader: a lurker in deep water (none on a floor without any), a
turret in a niche dug into a room's wall, a war party round its chief.

Nothing here draws from the floor's stream: each home is the one nearest the cell the
spawn table drew (ties in the array's order), and a band stands on the free tiles
nearest its leader, so floors without such monsters are built exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.actors import Actor, ActorKind
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.perception import SUBMERGED
from emberdeep.engine.creatures.statuses import MAX_TURNS

BAND_ROOM = 2
"""How far from its leader a band's member may stand."""
SAFE = 6
"""No home within this many tiles of the floor's start (``populate.SAFE_STEPS``'s)."""


def nearest(mask: NDArray[np.bool_], x: int, y: int) -> tuple[int, int] | None:
    """The cell of ``mask`` nearest (x, y) (Chebyshev), if any."""
    xs, ys = np.nonzero(mask)
    if not len(xs):
        return None
    k = int(np.argmin(np.maximum(abs(xs - x), abs(ys - y))))
    return int(xs[k]), int(ys[k])


def niches(floor: Floor) -> NDArray[np.bool_]:
    """Wall tiles that could be dug into a niche: inside the map, with exactly one free
    plain floor tile beside them (4-way) and wall on their three other sides, so the
    niche leads nowhere (a niche dug already holds its turret: none is dug off it)."""
    tiles = floor.tiles
    wall = np.pad(tiles == Tile.WALL, 1)
    ground = np.pad((tiles == Tile.FLOOR) & (floor.occupant == 0), 1)
    width, height = tiles.shape
    walls = np.zeros(tiles.shape, dtype=np.int8)
    grounds = np.zeros(tiles.shape, dtype=np.int8)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        walls += wall[dx : dx + width, dy : dy + height]
        grounds += ground[dx : dx + width, dy : dy + height]
    found: NDArray[np.bool_] = (tiles == Tile.WALL) & (walls == 3) & (grounds == 1)
    found[[0, -1], :] = False
    found[:, [0, -1]] = False
    return found


def away_from_start(floor: Floor) -> NDArray[np.bool_]:
    """The cells outside the start's room and more than ``SAFE`` tiles from it: no
    lurker or turret waits at the arrival."""
    far: NDArray[np.bool_] = np.ones(floor.tiles.shape, dtype=np.bool_)
    x, y = floor.start
    far[max(0, x - SAFE) : x + SAFE + 1, max(0, y - SAFE) : y + SAFE + 1] = False
    for room in floor.rooms:
        if room.encloses(x, y):
            far[room.x : room.x2 + 1, room.y : room.y2 + 1] = False
    return far


def home(floor: Floor, kind: ActorKind, x: int, y: int) -> tuple[int, int] | None:
    """Where a monster of ``kind`` drawn at (x, y) goes: (x, y) itself when it has no
    habitat, the nearest free deep water, or the nearest niche (dug), else nowhere."""
    if kind.habitat == "water":
        water = (floor.tiles == Tile.DEEP_WATER) & (floor.occupant == 0)
        return nearest(water & away_from_start(floor), x, y)
    if kind.habitat == "wall":
        spot = nearest(niches(floor) & away_from_start(floor), x, y)
        if spot is not None:
            floor.set_tile(*spot, Tile.FLOOR)
        return spot
    return (x, y) if floor.is_free(x, y) else None


def settle(floor: Floor, kind: ActorKind, actor_id: int, x: int, y: int) -> Actor | None:
    """A monster of ``kind`` put down in its home, or None when it has none here. A
    lurker starts under the water."""
    spot = home(floor, kind, x, y)
    if spot is None:
        return None
    monster = Actor.spawn(actor_id, kind, *spot)
    if kind.habitat == "water":
        monster.statuses[SUBMERGED] = MAX_TURNS
    floor.add_actor(monster)
    return monster


def band(
    floor: Floor,
    leader: Actor,
    kind: ActorKind,
    kinds: Mapping[str, ActorKind],
    next_id: int,
    *,
    cells: NDArray[np.intp],
) -> list[Actor]:
    """The leader's band, each on the free tile among ``cells`` (where anything may be
    placed: never the start's room or the stairs) nearest it within ``BAND_ROOM``, as
    many as there is room for."""
    near = cells[np.maximum(abs(cells[:, 0] - leader.x), abs(cells[:, 1] - leader.y)) <= BAND_ROOM]
    members: list[Actor] = []
    for key in kind.band:
        free = [(x, y) for x, y in near.tolist() if floor.is_free(x, y)]
        if not free:
            break
        x, y = min(free, key=lambda c: (max(abs(c[0] - leader.x), abs(c[1] - leader.y)), c))
        member = Actor.spawn(next_id + len(members), kinds[key], x, y)
        floor.add_actor(member)
        members.append(member)
    return members
