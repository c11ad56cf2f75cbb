"""How monsters decide what to do: a registry of behaviours, named by content.

A behaviour is one function. It is given a ``Batch`` — every monster due at the same
moment, with their positions gathered once into numpy arrays — and returns a decider:
for a monster's index in the batch, the action it takes now. The world performs each
action before asking for the next, so a monster always decides on the floor as the ones
before it left it. Work shared by a whole batch (the chase's distance lookups) is done
once when the behaviour is first needed in the batch, not once per monster.

Adding a behaviour means one function here, registered with ``@behaviour("name")``, and
``behaviour = "name"`` on a monster in ``content/monsters.toml``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.actions import DIRECTIONS, STEPS, WAIT, Action, Move
from emberdeep.engine.actors import Actor
from emberdeep.engine.distance import UNREACHABLE
from emberdeep.engine.floor import Floor
from emberdeep.engine.hunt import Hunt, crowd_map

DX = np.array([d[0] for d in DIRECTIONS], dtype=np.intp)
DY = np.array([d[1] for d in DIRECTIONS], dtype=np.intp)
PATH_LIMIT = 25
"""A chaser never takes a way round other creatures longer than this."""
HUNT_MEMORY = 10
"""Turns a monster keeps hunting after it last saw the player."""


@dataclass
class Batch:
    """Monsters due at the same moment, and what every behaviour needs to know of them."""

    floor: Floor
    player: Actor
    hunt: Hunt
    monsters: list[Actor]
    xs: NDArray[np.intp] = field(init=False)
    ys: NDArray[np.intp] = field(init=False)

    def __post_init__(self) -> None:
        count = len(self.monsters)
        self.xs = np.fromiter((m.x for m in self.monsters), dtype=np.intp, count=count)
        self.ys = np.fromiter((m.y for m in self.monsters), dtype=np.intp, count=count)


Decide = Callable[[int], Action]
Behaviour = Callable[[Batch], Decide]
BEHAVIOURS: dict[str, Behaviour] = {}


def behaviour(name: str) -> Callable[[Behaviour], Behaviour]:
    """Decorator: make a behaviour available to content under ``name``."""

    def register(function: Behaviour) -> Behaviour:
        BEHAVIOURS[name] = function
        return function

    return register


@behaviour("idle")
def idle(batch: Batch) -> Decide:
    """Never moves; a training dummy, or a statue until something wakes it."""
    return lambda i: WAIT


@behaviour("chase")
def chase(batch: Batch, path_limit: int = PATH_LIMIT) -> Decide:
    """Hunt the player once seen (for ``HUNT_MEMORY`` turns after), melee when next to them.

    The shared map's eight neighbour distances are gathered and sorted for the whole
    batch in one numpy operation; per monster, only which pre-sorted step is free now is
    checked in Python. A chaser whose every closer tile is taken walks round the others
    on the crowd map, keeping to that way for as many turns as it is long."""
    floor, player = batch.floor, batch.player
    # Gathered on the first hunter's turn, not before: a batch with nobody hunting (the
    # usual case on a quiet floor) never builds the distance map at all.
    here: list[int] = []
    order: list[list[int]] = []
    around: list[list[int]] = []
    crowd: list[NDArray[np.int32]] = []

    def gather() -> None:
        dist = batch.hunt.player_map(floor, player)
        xs, ys = batch.xs, batch.ys
        around_array = dist[(xs + 1)[:, None] + DX, (ys + 1)[:, None] + DY]
        # Plain Python numbers from here on: a numpy scalar costs several times a Python
        # int to read and compare, and these are read one at a time.
        here.extend(dist[xs + 1, ys + 1].tolist())
        order.extend(np.argsort(around_array, axis=1, kind="stable").tolist())
        around.extend(around_array.tolist())

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        dx, dy = player.x - monster.x, player.y - monster.y
        if -1 <= dx <= 1 and -1 <= dy <= 1:
            return STEPS[dx, dy]  # into the player: an attack
        if monster.detour:
            monster.detour -= 1
        else:
            if not here:
                gather()
            step = closer_step(floor, monster, order[i], around[i], here[i])
            if step is not None:
                return step
        if not crowd:
            crowd.append(crowd_map(floor, player, path_limit))
        return detour(floor, monster, player, crowd[0], path_limit)

    return decide


def closer_step(
    floor: Floor, monster: Actor, order: list[int], around: list[int], here: int
) -> Move | None:
    """The best free step that gets closer on the shared map, if there is one."""
    occupant = floor.occupant
    for k in order:
        if around[k] >= here:
            return None
        dx, dy = DIRECTIONS[k]
        if not occupant.item(monster.x + dx, monster.y + dy):
            return STEPS[dx, dy]
    return None


def detour(
    floor: Floor, monster: Actor, player: Actor, crowd: NDArray[np.int32], path_limit: int
) -> Action:
    """Walk around the creatures in the way, or step straight at the player if that is far."""
    best, best_step = UNREACHABLE, (0, 0)
    for dx, dy in DIRECTIONS:  # the first of equal steps wins, in DIRECTIONS order
        x, y = monster.x + dx, monster.y + dy
        steps = int(crowd[x + 1, y + 1])
        if steps < best and not floor.occupant[x, y]:
            best, best_step = steps, (dx, dy)
    length = best // 2 + 1
    if best < UNREACHABLE and length <= path_limit:
        # Keep to the way round, or the shared map would pull it straight back.
        monster.detour = monster.detour or length
        return STEPS[best_step]
    monster.detour = 0
    sx, sy = int(np.sign(player.x - monster.x)), int(np.sign(player.y - monster.y))
    if floor.is_free(monster.x + sx, monster.y + sy):
        return STEPS[sx, sy]
    return WAIT
