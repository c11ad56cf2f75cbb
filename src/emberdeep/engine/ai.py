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
from numpy.typing import NDArray

from emberdeep.engine.actions import DIRECTIONS
from emberdeep.engine.actors import Actor
from emberdeep.engine.distance import UNREACHABLE, Terrain, distance_map
from emberdeep.engine.events import Event, Message, MessageKind
from emberdeep.engine.floor import Floor

STEPS: tuple[tuple[int, int], ...] = DIRECTIONS
DX = np.array([d[0] for d in DIRECTIONS], dtype=np.intp)
DY = np.array([d[1] for d in DIRECTIONS], dtype=np.intp)
HUNT_MEMORY = 10
"""Turns a monster keeps chasing after it last saw the player."""
PATH_LIMIT = 25

Attack = Callable[[Actor, Actor], list[Event]]


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

    def terrain(self, floor: Floor) -> Terrain:
        """The floor's walls made ready for searching: built when the floor is entered
        (or its terrain changes), not in the middle of a monster phase."""
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


def crowd_map(floor: Floor, player: Actor, path_limit: int) -> NDArray[np.int32]:
    """Steps to the player when every creature but the player is a wall (padded like
    ``padded_distance``). Only the square within ``path_limit`` steps of the player is
    searched: a longer way round is never taken, so the rest can stay unreachable."""
    reach = path_limit + 1
    px, py = player.position
    x0, y0 = max(px - reach, 0), max(py - reach, 0)
    x1, y1 = min(px + reach + 1, floor.width), min(py + reach + 1, floor.height)
    window = (slice(x0, x1), slice(y0, y1))
    cost = padded((floor.walkable[window] & (floor.occupant[window] == 0)).astype(np.int32))
    cost[px - x0 + 1, py - y0 + 1] = 1
    near = distance_map(cost, goal_at(cost.shape, px - x0 + 1, py - y0 + 1), 2, 2)
    steps = np.full((floor.width + 2, floor.height + 2), UNREACHABLE, dtype=np.int32)
    steps[x0 + 1 : x1 + 1, y0 + 1 : y1 + 1] = near[1:-1, 1:-1]
    return steps


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
    around_array = dist[(xs + 1)[:, None] + DX, (ys + 1)[:, None] + DY]
    # Plain Python numbers from here on: the loop below reads them one at a time, and a
    # numpy scalar costs several times a Python int to read and compare.
    here = dist[xs + 1, ys + 1].tolist()
    order = np.argsort(around_array, axis=1, kind="stable").tolist()
    around = around_array.tolist()
    seen = sees_player.tolist()
    crowd: NDArray[np.int32] | None = None

    for i, monster in enumerate(batch):
        if not player.alive:
            break
        if not monster.alive:  # a confused neighbour may have killed it this batch
            continue
        if seen[i]:
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
            crowd = crowd_map(floor, player, path_limit)
        detour(floor, monster, player, crowd, path_limit)
    return events


def closer_step(
    floor: Floor, monster: Actor, order: list[int], around: list[int], here: int
) -> bool:
    """Take the best free step that gets closer on the shared map; False if there is none."""
    occupant = floor.occupant
    for k in order:
        if around[k] >= here:
            return False
        x, y = monster.x + STEPS[k][0], monster.y + STEPS[k][1]
        if not occupant[x, y]:
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
    best, best_step = UNREACHABLE, (0, 0)
    for dx, dy in STEPS:  # the first of equal steps wins, in DIRECTIONS order
        x, y = monster.x + dx, monster.y + dy
        steps = int(crowd[x + 1, y + 1])
        if steps < best and not floor.occupant[x, y]:
            best, best_step = steps, (dx, dy)
    length = best // 2 + 1
    if best < UNREACHABLE and length <= path_limit:
        # Keep to the way round, or the shared map would pull it straight back.
        monster.detour = monster.detour or length
        step_to(floor, monster, monster.x + best_step[0], monster.y + best_step[1])
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
