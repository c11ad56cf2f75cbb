"""Monster turns, decided for a whole batch of due monsters at once.

Cost stays flat as the population grows: one distance map from the player (tcod.path,
cached until the player moves) serves every chaser, and each monster's eight neighbour
distances are gathered for the whole batch in one numpy operation. The Python loop that
remains only checks, per monster, which of its pre-sorted steps is free right now.

A chaser whose every closer tile is taken by another creature consults a second map
that treats creatures as walls (built at most once per batch, only if someone needs
it) to walk around them, as the tutorial's A* extra does per monster, and keeps to that
way round for as many turns as it is long. A detour longer than ``path_limit`` steps is
abandoned for a straight step toward the player.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import tcod.path
from numpy.typing import NDArray

from emberdeep.engine.actions import DIRECTIONS
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind
from emberdeep.engine.floor import Floor

DX = np.array([d[0] for d in DIRECTIONS], dtype=np.intp)
DY = np.array([d[1] for d in DIRECTIONS], dtype=np.intp)
UNREACHABLE = int(np.iinfo(np.int32).max)
HUNT_MEMORY = 10
"""Turns a monster keeps chasing after it last saw the player."""
PATH_LIMIT = 25

Attack = Callable[[Actor, Actor], list[Event]]


def distance_map(
    cost: NDArray[np.int32], goal: tuple[int, int], diagonal: int
) -> NDArray[np.int32]:
    """Walking distance to ``goal`` (cardinal step 2, diagonal ``diagonal``), padded by one
    unreachable tile on every side so neighbour lookups never leave the array."""
    dist = tcod.path.maxarray((cost.shape[0] + 2, cost.shape[1] + 2), dtype=np.int32)
    dist[goal[0] + 1, goal[1] + 1] = 0
    padded = np.zeros(dist.shape, dtype=np.int32)
    padded[1:-1, 1:-1] = cost
    tcod.path.dijkstra2d(dist, padded, 2, diagonal, out=dist)
    return dist


class Hunt:
    """The shared distance maps for one floor, rebuilt only when their inputs change."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self.to_player: NDArray[np.int32] = np.zeros((0, 0), dtype=np.int32)

    def player_map(self, floor: Floor, player: Actor) -> NDArray[np.int32]:
        key = (id(floor), floor.terrain_version, player.position)
        if key != self._key:
            self.to_player = distance_map(floor.walkable.astype(np.int32), player.position, 3)
            self._key = key
        return self.to_player


def crowd_map(floor: Floor, player: Actor) -> NDArray[np.int32]:
    """Steps to the player when every creature but the player is a wall."""
    cost = (floor.walkable & (floor.occupant == 0)).astype(np.int32)
    cost[player.position] = 1
    return distance_map(cost, player.position, 2)


def monster_batch(
    floor: Floor,
    player: Actor,
    batch: list[Actor],
    *,
    hunt: Hunt,
    rng: np.random.Generator,
    attack: Attack,
    path_limit: int = PATH_LIMIT,
) -> list[Event]:
    """Every monster in ``batch`` takes one action, in order; each pays for it in time."""
    events: list[Event] = []
    if not batch:
        return events
    xs = np.fromiter((m.x for m in batch), dtype=np.intp, count=len(batch))
    ys = np.fromiter((m.y for m in batch), dtype=np.intp, count=len(batch))
    sees_player = floor.visible[xs, ys]  # symmetric FOV: seen by the player means seeing them
    dist = hunt.player_map(floor, player)
    here = dist[xs + 1, ys + 1]
    around = dist[(xs + 1)[:, None] + DX, (ys + 1)[:, None] + DY]
    order = np.argsort(around, axis=1, kind="stable")
    crowd: NDArray[np.int32] | None = None

    for i, monster in enumerate(batch):
        if not player.alive:
            break
        if not monster.alive:  # a confused neighbour may have killed it this batch
            continue
        if sees_player[i]:
            monster.hunting = HUNT_MEMORY
        elif monster.hunting:
            monster.hunting -= 1
        if monster.confused:
            monster.confused -= 1
            events += stumble(floor, monster, rng, attack)
            if not monster.confused:
                text = f"The {monster.name} is no longer confused."
                events.append(Message(text, MessageKind.STATUS))
            continue
        if not monster.hunting or monster.ai != "hostile":
            monster.next_time += monster.move_time
            continue
        px, py = player.x - monster.x, player.y - monster.y
        if max(abs(px), abs(py)) <= 1:
            monster.next_time += monster.attack_time
            events += attack(monster, player)
            continue
        if monster.detour:
            monster.detour -= 1
        elif closer_step(floor, monster, order[i], around[i], here[i]):
            continue
        if crowd is None:
            crowd = crowd_map(floor, player)
        detour(floor, monster, player, crowd, path_limit)
    return events


def closer_step(
    floor: Floor,
    monster: Actor,
    order: NDArray[np.intp],
    around: NDArray[np.int32],
    here: np.int32,
) -> bool:
    """Take the best free step that gets closer on the shared map; False if there is none."""
    for k in order:
        if around[k] >= here:
            return False
        x, y = monster.x + int(DX[k]), monster.y + int(DY[k])
        if not floor.occupant[x, y]:
            step_to(floor, monster, x, y)
            return True
    return False


def step_to(floor: Floor, monster: Actor, x: int, y: int) -> None:
    floor.move_actor(monster, x, y)
    monster.next_time += monster.move_time


def detour(
    floor: Floor, monster: Actor, player: Actor, crowd: NDArray[np.int32], path_limit: int
) -> None:
    """Walk around the creatures in the way, or step straight at the player if that is far."""
    cx, cy = monster.x + 1 + DX, monster.y + 1 + DY
    steps = crowd[cx, cy]
    free = floor.occupant[cx - 1, cy - 1] == 0
    steps = np.where(free, steps, UNREACHABLE)
    k = int(np.argmin(steps))
    length = int(steps[k]) // 2 + 1
    if steps[k] < UNREACHABLE and length <= path_limit:
        # Keep to the way round, or the shared map would pull it straight back.
        monster.detour = monster.detour or length
        step_to(floor, monster, monster.x + int(DX[k]), monster.y + int(DY[k]))
        return
    monster.detour = 0
    sx, sy = np.sign(player.x - monster.x), np.sign(player.y - monster.y)
    x, y = monster.x + int(sx), monster.y + int(sy)
    if floor.is_free(x, y):
        step_to(floor, monster, x, y)
    else:
        monster.next_time += monster.move_time


def stumble(floor: Floor, monster: Actor, rng: np.random.Generator, attack: Attack) -> list[Event]:
    """A confused creature lurches in a random direction, hitting whoever is there."""
    dx, dy = DIRECTIONS[int(rng.integers(len(DIRECTIONS)))]
    x, y = monster.x + dx, monster.y + dy
    target = floor.blocker_at(x, y) if floor.in_bounds(x, y) else None
    if target is not None:
        monster.next_time += monster.attack_time
        return attack(monster, target)
    if floor.is_walkable(x, y):
        step_to(floor, monster, x, y)
    else:
        monster.next_time += monster.move_time
    return []
