"""The task families: each level of ``content/tasks.toml`` as an environment,
registered as ``Emberdeep/<Family>-<Level>-v0`` (and an older ``alias`` as
``Emberdeep-Task-<alias>-v0``), with a reward of its own and ``info["success"]``.

A task's game is ``Emberdeep-v0``'s game of the same seed, set up as the level says
(taken down to its depth floor by floor, so the floors above are there to climb back
to as in play; the hero's numbers, lava, where the player starts, creatures, captives,
items), deterministically: whatever it draws comes from the game seed's own ``"task"``
stream. Creatures and items go only where a loaded game may hold them (``open_cells``:
never in a shut door), so a task's snapshot restores like any game's.

Observations and actions are Emberdeep-v0's. The reward is 1 on success and -1 on death
(each ends the episode), plus the level's ``shaping`` times the progress a step made
(``progress``); the game's own reward parts stay in ``info["reward_parts"]``.

What the reward and success read besides the world (the creatures and captives the task
added, the depth it started on, whether it has succeeded) is the task's state: it rides
in every snapshot (``state``), so a snapshot restores into any env of the same id and
plays on exactly as the one it came from.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.content.tasks import Pack, Task, load_tasks
from emberdeep.engine.core import rng as rngs
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.creatures import awareness
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.env.environment import EmberdeepEnv, Outcome
from emberdeep.env.observation import Observation
from emberdeep.env.snapshots import Restored, RestoreError
from emberdeep.mapgen.hazards import add_pools, refresh

LAVA_TRIES = 5
"""Lava that would cover someone or something is laid again, at most this often."""
DANGERS = (Tile.LAVA, Tile.DEEP_WATER, Tile.CHASM)
"""Tiles no way the task measures goes through."""
STATE = "task"
"""The key of the task's state in a snapshot's extras."""


def task_id(name: str) -> str:
    """``Emberdeep/<Family>-<Level>-v0``."""
    return f"Emberdeep/{name}-v0"


def text_id(name: str) -> str:
    """The text version: ``Emberdeep/<Family>-<Level>-Text-v0``."""
    return f"Emberdeep/{name}-Text-v0"


def alias_id(alias: str) -> str:
    """An older task's id, kept working: ``Emberdeep-Task-<alias>-v0``."""
    return f"Emberdeep-Task-{alias}-v0"


class TaskEnv(EmberdeepEnv):
    """One level of a family (``task``: its name, ``<Family>-<Level>``, or an alias)."""

    def __init__(self, task: str, render_mode: str | None = None, **kwargs: Any) -> None:
        tasks = load_tasks()
        named = {t.alias: t for t in tasks.values() if t.alias} | tasks
        if task not in named:
            raise ValueError(f"unknown task {task!r}; the tasks: {', '.join(tasks)}")
        self.task: Task = named[task]
        super().__init__(render_mode, max_steps=kwargs.pop("max_steps", self.task.max_steps),
                         **kwargs)  # fmt: skip
        self.added: tuple[int, ...] = ()
        self.captives: tuple[int, ...] = ()
        self.start_depth = 1
        self.success = False
        self.made = 0.0
        """``progress_made`` now, kept from step to step (a step that changes nothing
        cannot change it): shaping measures the way to the stairs once a step, not twice."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        _, info = super().reset(seed=seed, options=options)
        self.set_up(self.game)
        self.success = False
        # Played afresh from the set-up world, as a restore of its snapshot would be (the
        # turn driver takes what is in view then as seen, not as news for the first step).
        self.start(self.game, (), 0, "", truncated=False)
        self.made = self.progress_made(self.game)
        return dict(self.last), {**info, **self.info(), "success": False}

    def set_up(self, world: World) -> None:
        task, content = self.task, self.content
        stream = rngs.stream(world.seed, "task", task.name)
        for depth in range(world.depth + 1, task.depth + 1):
            world.change_floor(depth)  # down floor by floor: those above are kept, as in play
        self.start_depth = world.depth
        player = world.player
        for stat, value in task.hero:
            if stat == "hp":
                player.hp = player.max_hp = value
            else:
                setattr(player, stat, value)
        goal = content.population.goal
        if task.treasure and goal is not None:
            world.inventory.append(Item(goal.treasure))
        if task.lava:
            lay_lava(world, task.lava, stream)
        if task.near:
            start_near(world, target(world, task.goal), task.near, stream)
        kinds = {kind.key: kind for kind in content.population.items.kinds}
        for key in task.items:
            world.identity.known.discard(key)
        if task.items_away:
            items = [Item(kinds[key]) for key in task.items]
            lay_items(world.floor, items, player.position, task.items_away)
        else:
            world.inventory.extend(Item(kinds[key]) for key in task.items)
        creatures = content.hero.kinds
        self.captives = tuple(spawn(world, task.captives, creatures, captive=True))
        self.added = tuple(spawn(world, task.monsters, creatures, captive=False))
        world.schedule.reset([a for a in world.floor.actors.values()
                              if a.alive and a is not player])  # fmt: skip
        world.refresh_fov()
        world.take_events()  # the set-up is no news: the first step reports from there

    # -- the task's state, in every snapshot ----------------------------------------------

    def state(self) -> dict[str, object]:
        return {STATE: {"task": self.task.name, "success": self.success,
                        "added": list(self.added), "captives": list(self.captives),
                        "start_depth": self.start_depth}}  # fmt: skip

    def resume(self, restored: Restored) -> None:
        state = restored.more.get(STATE)
        if not isinstance(state, dict) or state.get("task") != self.task.name:
            said = state.get("task") if isinstance(state, dict) else None
            raise RestoreError(
                f"not a snapshot of task {self.task.name}"
                + (f" (it is of {said})" if isinstance(said, str) else " (no task state)")
            )
        success, added, captives, start = (
            state.get(k) for k in ("success", "added", "captives", "start_depth")
        )
        if not isinstance(success, bool):
            raise RestoreError("snapshot damaged: the task's success is not true or false")
        for name, ids in (("added", added), ("captives", captives)):
            if not isinstance(ids, list) or not all(type(i) is int and i > 0 for i in ids):
                raise RestoreError(f"snapshot damaged: the task's {name} are not creature ids")
        if type(start) is not int or not 1 <= start <= restored.world.deepest:
            raise RestoreError("snapshot damaged: the task's start depth is not a depth")
        super().resume(restored)
        self.success, self.start_depth = success, start
        self.added, self.captives = tuple(added), tuple(captives)  # type: ignore[arg-type]
        self.terminated = self.terminated or success  # a success ended the episode
        self.made = self.progress_made(self.game)

    # -- playing ----------------------------------------------------------------------------

    def play(self, action: Any) -> Outcome:
        world = self.game
        shaping = self.task.shaping
        depth, before = world.depth, self.made
        outcome = super().play(action)
        done_before = self.success
        self.success = self.success or self.achieved(world)
        died = not world.player.alive
        if self.success and not done_before:
            reward = 1.0
        else:
            reward = -1.0 if died and outcome.changed else 0.0
        if shaping and outcome.changed and not done_before:
            self.made = self.progress_made(world)
            if world.depth == depth:  # on another floor, the way is measured afresh
                reward += shaping * (self.made - before)
        terminated = self.success or world.over
        self.terminated = terminated
        self.truncated = not terminated and self.steps >= self.max_steps
        info = {**outcome.info, "success": self.success}
        return Outcome(reward, terminated, self.truncated, info, outcome.changed)

    def progress_made(self, world: World) -> float:
        """How far toward the goal, in the units ``shaping`` pays for: minus the steps to
        the stairs the goal needs, creatures killed, items known, shackles worked."""
        task, floor = self.task, world.floor
        if not task.shaping:
            return 0.0
        match task.goal:
            case "descend" | "escape":
                steps = ways(floor, target(world, task.goal))[world.player.position]
                return -float(min(int(steps), floor.tiles.size))
            case "kill":
                actors = floor.actors
                return float(sum(i not in actors or not actors[i].alive for i in self.added))
            case "identify":
                return float(len(set(task.items) & world.identity.known))
            case "rescue":
                return -float(sum(floor.actors[i].shackles for i in self.captives
                                  if i in floor.actors))  # fmt: skip
        return 0.0

    def achieved(self, world: World) -> bool:
        task, goal = self.task, self.content.population.goal
        match task.goal:
            case "kill":
                actors = world.floor.actors
                return all(i not in actors or not actors[i].alive for i in self.added)
            case "identify":
                return len(set(task.items) & world.identity.known) >= task.count
            case "descend":
                return world.deepest > self.start_depth
            case "treasure":
                return goal is not None and any(i.kind is goal.treasure for i in world.inventory)
            case "rescue":
                actors = world.floor.actors
                return all(i in actors and actors[i].alive and actors[i].mode == Mode.ALLY
                           for i in self.captives)  # fmt: skip
        return world.won


def target(world: World, goal: str) -> tuple[int, int]:
    """The stairs a goal needs: up (the way out) to escape, else down."""
    floor = world.floor
    return floor.start if goal == "escape" else floor.stairs


def ways(floor: Floor, start: tuple[int, int]) -> NDArray[np.int32]:
    """Steps from ``start`` to every tile by the shortest way round dangers (diagonals
    count one; ``UNREACHABLE`` where there is none)."""
    cost = (floor.walkable & ~np.isin(floor.tiles, DANGERS)).astype(np.int32)
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    goals[start] = True
    return distance_map(cost, goals, 1, 1)


def places(floor: Floor, start: tuple[int, int], away: int) -> list[tuple[int, int]]:
    """Where a creature or an item may go (``open_cells``: free, walkable, no shut door,
    no trap, not the stairs, no danger), at least ``away`` steps from ``start`` by the
    shortest way, nearest first (ties in the floor's order)."""
    steps = ways(floor, start)
    open_ = floor.open_cells() & ~np.isin(floor.tiles, DANGERS) & (steps != UNREACHABLE)
    open_ &= steps >= away
    for spot in (*floor.traps, floor.stairs, floor.start):
        open_[spot] = False
    xs, ys = np.nonzero(open_)
    order = np.lexsort((ys, xs, steps[xs, ys]))
    return [(int(xs[i]), int(ys[i])) for i in order]


def start_near(
    world: World, stairs: tuple[int, int], near: int, stream: np.random.Generator
) -> None:
    """The player moved to a free tile ``near`` steps from ``stairs`` (or the farthest
    nearer one there is), one of those drawn at random."""
    floor, player = world.floor, world.player
    steps = ways(floor, stairs)
    spots = [p for p in places(floor, stairs, 1) if steps[p] <= near]
    if not spots:
        return
    farthest = max(int(steps[p]) for p in spots)
    ring = [p for p in spots if steps[p] == farthest]
    x, y = ring[int(stream.integers(len(ring)))]
    floor.move_actor(player, x, y)


def lay_items(floor: Floor, items: list[Item], start: tuple[int, int], away: int) -> None:
    """``items`` on the floor, each on a tile of its own, the nearest free ones at least
    ``away`` steps from ``start``, a few apart."""
    spots = places(floor, start, away)
    taken: list[tuple[int, int]] = []
    for item in items:
        spot = next((p for p in spots if all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) > 2
                                             for q in taken)), None)  # fmt: skip
        if spot is None:
            spot = next((p for p in spots if p not in taken), None)
        if spot is None:
            return
        taken.append(spot)
        item.x, item.y = spot
        floor.items.append(item)


def spawn(world: World, packs: tuple[Pack, ...], kinds: Any, *, captive: bool) -> list[int]:
    """The packs' creatures on the free tiles nearest the player, at least ``away``
    steps off by the shortest way: awake and hunting, or shackled captives; their ids."""
    floor, player = world.floor, world.player
    added = []
    for pack in packs:
        for x, y in places(floor, player.position, pack.away)[: pack.count]:
            monster = Actor.spawn(max(floor.actors) + 1, kinds[pack.kind], x, y)
            monster.next_time = world.time
            if captive:
                monster.mode, monster.shackles = Mode.CAPTIVE, pack.shackles
            floor.add_actor(monster)
            if not captive:
                awareness.alert(world, monster)  # awake and on the scent: hunting
            added.append(monster.id)
    return added


def lay_lava(world: World, pools: int, stream: np.random.Generator) -> None:
    """``pools`` lava pools that leave a way round and cover nobody, nothing and no trap."""
    floor = world.floor
    for _ in range(LAVA_TRIES):
        before = floor.tiles.copy()
        add_pools(floor, "lava", pools, stream)
        things = [a.position for a in floor.actors.values()] + [i.position for i in floor.items]
        things += list(floor.traps)  # a trap under lava: a floor no save may hold
        if all(floor.walkable[p] for p in things) and floor.walkable[floor.stairs]:
            return
        floor.tiles[...] = before
        refresh(floor)
