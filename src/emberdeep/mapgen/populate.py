"""Monsters and items on a new floor, from content's spawn tables and the floor's stream.

Placement needs no rooms: anything is placed on open floor the player can walk to, a
little way from where they arrive, so a cave (or any generator without rooms) is filled
like a floor of rooms. The spawn tables count per room; a floor without rooms counts one
room for every ``AREA_PER_ROOM`` tiles of such floor.
"""

from __future__ import annotations

from typing import TypeVar

import msgspec
import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.rng import below
from emberdeep.engine.creatures.gear import forge
from emberdeep.engine.creatures.spawning import Goal, Population, SpawnTable, cumulative
from emberdeep.engine.things.items import Item
from emberdeep.mapgen.dwellers import band, settle
from emberdeep.mapgen.reach import Reach

FIRST_MONSTER_ID = 2  # 1 is the player's
SAFE_STEPS = 6
"""Nothing is placed fewer walking steps than this from the player's arrival."""
AREA_PER_ROOM = 60
"""Tiles of open floor that count as one room on a floor without rooms."""
REPEAT_SHARE = 0.25
"""A kind already drawn for a floor's loot is drawn again at this share of its weight
(each time): a floor's finds vary. Drawn by weight alone, a floor of ten rooms held
three or four potions of healing and as many scrolls of identify (found in hand play:
"the same things again and again")."""
K = TypeVar("K")


class Arrival(msgspec.Struct, frozen=True):
    """What placing things needs to know of walking from the floor's start: where things
    may be placed, reachable but not too near. Made once per floor by the plan's builder
    and handed to ``populate``, ``traps`` and ``vaults`` (none of them changes the
    terrain before the last has used it)."""

    cells: NDArray[np.intp]
    """``spawn_cells``: the (x, y) of every tile where something may be placed."""

    @classmethod
    def of(cls, floor: Floor, *, connected: bool = False) -> Arrival:
        """``connected``: the caller knows every walkable tile can be reached from the
        start, as every generator makes it and hazards keep it (``carve.floor_problems``
        checks it): the search of the whole floor, most of this one's cost, is skipped."""
        reach = Reach(floor.walkable)
        near = reach.reached(floor.start, SAFE_STEPS - 1)
        reachable = reach.bits if connected else reach.reached(floor.start)
        return cls(spawn_cells(floor, reach.to_array(reachable & ~near)))


def spawn_cells(floor: Floor, far: NDArray[np.bool_]) -> NDArray[np.intp]:
    """The (x, y) of every tile where something may be placed: plain floor among the
    ``far`` tiles (reachable from the start, at least ``SAFE_STEPS`` from it), outside
    the start's room, not the stairs."""
    allowed = (floor.tiles == Tile.FLOOR) & far
    allowed[floor.stairs] = False
    for room in floor.rooms:
        if room.encloses(*floor.start):
            allowed[room.inner] = False
    return cells_of(allowed)


def cells_of(mask: NDArray[np.bool_]) -> NDArray[np.intp]:
    """``np.argwhere(mask)`` for a 2-D mask, in half its time (a new floor asks often)."""
    flat = mask.ravel().nonzero()[0]  # ``np.flatnonzero``'s work in a third of its time
    cells = np.empty((len(flat), 2), dtype=np.intp)
    np.divmod(flat, mask.shape[1], out=(cells[:, 0], cells[:, 1]))
    return cells


def room_count(floor: Floor, cells: NDArray[np.intp]) -> int:
    """How many rooms' worth of monsters and items the floor gets."""
    if floor.rooms:
        x, y = floor.start
        return sum(1 for r in floor.rooms if not (r.x < x < r.x2 and r.y < y < r.y2))
    return max(1, len(cells) // AREA_PER_ROOM) if len(cells) else 0


def pick_kinds(
    rng: np.random.Generator, chances: NDArray[np.float64], count: int
) -> NDArray[np.intp]:
    """``rng.choice(len(weights), size=count, p=weights / weights.sum())`` for the weights
    whose ``spawning.cumulative`` chances these are, drawn exactly as numpy draws it (one
    uniform each against the cumulative chances; the same numbers from the same stream,
    tests/mapgen/test_populate.py checks) without its checks of ``p``, which cost more
    than the draw: content's weights are checked on loading."""
    picks: NDArray[np.intp] = chances.searchsorted(rng.random(count), side="right")
    return picks


def pick_varied(rng: np.random.Generator, weights: NDArray[np.float64], count: int) -> list[int]:
    """``count`` kinds by ``weights`` (not all 0), one uniform each as ``pick_kinds``
    draws, each kind's weight cut to ``REPEAT_SHARE`` of itself once drawn."""
    weights = weights.copy()
    picks = []
    for draw in rng.random(count).tolist():
        kind = int(cumulative(weights).searchsorted(draw, side="right"))
        picks.append(kind)
        weights[kind] *= REPEAT_SHARE
    return picks


def _placements(
    table: SpawnTable[K],
    cells: NDArray[np.intp],
    rooms: int,
    depth: int,
    rng: np.random.Generator,
    *,
    varied: bool = False,
) -> list[tuple[K, int, int]]:
    """Up to the depth's per-room maximum of (kind, x, y) for each room, kinds by weight
    (``varied``: by ``pick_varied``, for loot; a pack of one kind of monster is fine)."""
    chances = table.chances_at(depth)
    if chances is None or not len(cells):
        return []
    count = int(below(rng, table.per_room.at(depth) + 1, rooms).sum())
    if varied:
        weights = np.array(table.weights_at(depth), dtype=np.float64)
        kinds = pick_varied(rng, weights, count)
    else:
        kinds = pick_kinds(rng, chances, count).tolist()
    where = cells[below(rng, len(cells), count)]
    return [(table.kinds[k], x, y) for k, (x, y) in zip(kinds, where.tolist(), strict=True)]


def steps_from_start(floor: Floor) -> NDArray[np.int32]:
    """Walking steps (8-way) from the arrival to every tile."""
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    goals[floor.start] = True
    return distance_map(floor.walkable.astype(np.int32), goals, 1, 1)


def place_goal(floor: Floor, goal: Goal, next_id: int) -> None:
    """The treasure on the open floor farthest from the arrival on foot (never the
    stairs), its guardian on the nearest free tile beside it (never a shut door, which
    no creature stands in: a save holding one is refused)."""
    steps = steps_from_start(floor)
    reachable = (floor.tiles == Tile.FLOOR) & (steps != UNREACHABLE)
    far = np.where(reachable, steps, -1)
    x, y = np.unravel_index(int(np.argmax(far)), far.shape)
    floor.items.append(Item(goal.treasure, int(x), int(y)))
    spot = floor.free_near(int(x), int(y))
    if spot is not None:
        floor.add_actor(Actor.spawn(next_id, goal.guardian, *spot))


def populate(
    floor: Floor,
    population: Population,
    depth: int,
    rng: np.random.Generator,
    arrival: Arrival | None = None,
) -> None:
    """Creatures never on each other, items never in a pile; on the goal's floor, the
    treasure and its guardian first. ``arrival``: ``Arrival.of(floor)``, if made."""
    goal = population.goal
    if goal is not None and depth == goal.depth:
        place_goal(floor, goal, max(floor.actors, default=FIRST_MONSTER_ID - 1) + 1)
    cells = (arrival or Arrival.of(floor)).cells
    rooms = room_count(floor, cells)
    next_id = max(floor.actors, default=FIRST_MONSTER_ID - 1) + 1
    sleepy: list[tuple[Actor, int]] = []
    bands: list[tuple[Actor, list[Actor]]] = []
    kinds = {kind.key: kind for kind in population.monsters.kinds}
    for kind, x, y in _placements(population.monsters, cells, rooms, depth, rng):
        monster = settle(floor, kind, next_id, x, y)
        if monster is not None:
            if kind.sleeps:
                sleepy.append((monster, kind.sleeps))
            next_id += 1
            if kind.band:
                bands.append((monster, band(floor, monster, kind, kinds, next_id, cells=cells)))
                next_id += len(bands[-1][1])
    fall_asleep(sleepy, rng)
    for leader, members in bands:  # a band sleeps, or wakes, as one
        for member in members:
            member.mode = leader.mode
    placed = population.placed(depth)
    where = cells[below(rng, len(cells), len(placed))].tolist() if len(cells) else []
    loot = [(kind, x, y) for kind, (x, y) in zip(placed, where, strict=False)]
    taken = {(item.x, item.y) for item in floor.items}  # never a pile
    found = _placements(population.items, cells, rooms, depth, rng, varied=True)
    for item_kind, x, y in loot + found:
        if (x, y) not in taken:
            taken.add((x, y))
            item = forge(item_kind, depth, rng)
            item.x, item.y = x, y
            floor.items.append(item)


def fall_asleep(sleepy: list[tuple[Actor, int]], rng: np.random.Generator) -> None:
    """Each (monster, percent) asleep with its kind's chance: the dice in one draw, the
    same numbers as one ``rng.integers(100)`` each (numpy fills an array die by die),
    which cost more than placing the monster."""
    if sleepy:
        rolls = rng.integers(100, size=len(sleepy)).tolist()
        for (monster, chance), roll in zip(sleepy, rolls, strict=True):
            if roll < chance:
                monster.mode = Mode.ASLEEP
