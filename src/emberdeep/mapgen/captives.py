"""A captive in shackles and its captors, on some floors (``content/captives.toml``).

As in Brogue, a captive is a monster of the deep held by others: it waits in shackles
(``Mode.CAPTIVE``, ``Actor.shackles`` turns of work to free), and a small group of the
floor's own monsters stands a few steps away, awake or asleep, so freeing it is a fight or
a risk. Run last in the floor's build (after the vault, which only digs into rock), so
the floors' other draws are as they were.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.actors import Actor, ActorKind, Mode
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.creatures.spawning import Captives, SpawnTable
from emberdeep.mapgen.populate import FIRST_MONSTER_ID, Arrival, fall_asleep, pick_kinds

CAPTOR_REACH = 4
"""Captors stand within this many tiles of their captive."""


def place_captive(
    floor: Floor,
    captives: Captives,
    *,
    monsters: SpawnTable[ActorKind],
    depth: int,
    rng: np.random.Generator,
    arrival: Arrival,
) -> Actor | None:
    """Maybe one captive (``captives.chance`` percent of floors from its first depth) on
    a reachable free tile, and its captors around it; the captive, if placed."""
    if depth < captives.from_depth or int(rng.integers(100)) >= captives.chance:
        return None
    chances = captives.kinds.chances_at(depth)
    cells = arrival.cells
    if chances is None or not len(cells):
        return None
    kind = captives.kinds.kinds[int(pick_kinds(rng, chances, 1)[0])]
    spots = cells[open_ground(floor)[cells[:, 0], cells[:, 1]]]
    if not len(spots):
        return None
    x, y = (int(v) for v in spots[int(rng.integers(len(spots)))])
    captive = Actor.spawn(next_id(floor), kind, x, y)
    captive.mode, captive.shackles = Mode.CAPTIVE, captives.shackles
    floor.add_actor(captive)
    count = captives.captors.at(depth)
    place_captors(
        floor, count, monsters=monsters, depth=depth, rng=rng, arrival=arrival, captive=captive
    )
    return captive


def open_ground(floor: Floor) -> NDArray[np.bool_]:
    """Free floor tiles with open floor all round: a captive there stands in a room,
    never in a corridor or a doorway, where it would bar the way until freed."""
    ground = floor.tiles == Tile.FLOOR
    padded = np.pad(ground, 1)
    width, height = ground.shape
    around = np.ones_like(ground)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            around &= padded[dx : dx + width, dy : dy + height]
    found: NDArray[np.bool_] = around & (floor.occupant == 0)
    return found


def place_captors(
    floor: Floor,
    count: int,
    *,
    monsters: SpawnTable[ActorKind],
    depth: int,
    rng: np.random.Generator,
    arrival: Arrival,
    captive: Actor,
) -> None:
    """Up to ``count`` of the depth's monsters on free placeable tiles near the captive."""
    chances = monsters.chances_at(depth)
    if chances is None or count <= 0:
        return
    cells = arrival.cells
    near = (np.abs(cells[:, 0] - captive.x) <= CAPTOR_REACH) & (
        np.abs(cells[:, 1] - captive.y) <= CAPTOR_REACH
    )
    spots = cells[near]
    spots = spots[floor.occupant[spots[:, 0], spots[:, 1]] == 0] if len(spots) else spots
    if not len(spots):
        return
    picks = rng.permutation(len(spots))[:count]
    kinds = pick_kinds(rng, chances, len(picks))
    sleepy: list[tuple[Actor, int]] = []
    for k, p in zip(kinds.tolist(), picks.tolist(), strict=True):
        kind = monsters.kinds[k]
        x, y = int(spots[p, 0]), int(spots[p, 1])
        captor = Actor.spawn(next_id(floor), kind, x, y)
        floor.add_actor(captor)
        if kind.sleeps:
            sleepy.append((captor, kind.sleeps))
    fall_asleep(sleepy, rng)


def next_id(floor: Floor) -> int:
    return max(floor.actors, default=FIRST_MONSTER_ID - 1) + 1
