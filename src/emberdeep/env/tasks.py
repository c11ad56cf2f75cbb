"""The task suite: small scenarios from ``content/tasks.toml``, each registered as
``Emberdeep-Task-<Name>-v0``, with a reward of its own and ``info["success"]``.

A task's game is ``Emberdeep-v0``'s game of the same seed, set up as the scenario says
(taken down to its depth floor by floor, so the floors above are there to climb back
to as in play; the hero's numbers, creatures, items, lava), deterministically:
whatever it draws comes from the game seed's own ``"task"`` stream. Observations and
actions are Emberdeep-v0's. The reward is 1 on success and -1 on death (each ends the
episode), else 0; the game's own reward parts stay in ``info["reward_parts"]``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from emberdeep.content.tasks import Task, load_tasks
from emberdeep.engine.core import rng as rngs
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.creatures import awareness
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.env.environment import EmberdeepEnv, Outcome
from emberdeep.env.observation import Observation
from emberdeep.mapgen.hazards import add_pools, refresh

LAVA_TRIES = 5
"""Lava that would cover someone or something is laid again, at most this often."""


def task_id(name: str) -> str:
    return f"Emberdeep-Task-{name}-v0"


class TaskEnv(EmberdeepEnv):
    """One task of the suite (``task``: its name in ``tasks.toml``)."""

    def __init__(self, task: str, render_mode: str | None = None, **kwargs: Any) -> None:
        tasks = load_tasks()
        if task not in tasks:
            raise ValueError(f"unknown task {task!r}; the tasks: {', '.join(tasks)}")
        self.task: Task = tasks[task]
        super().__init__(render_mode, max_steps=kwargs.pop("max_steps", self.task.max_steps),
                         **kwargs)  # fmt: skip
        self.added: tuple[int, ...] = ()
        self.start_depth = 1
        self.success = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        _, info = super().reset(seed=seed, options=options)
        self.set_up(self.game)
        self.success = False
        self.last = self.observer.observe(self.game, self.log)
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
        kinds = {kind.key: kind for kind in content.population.items.kinds}
        for key in task.items:
            world.identity.known.discard(key)
            world.inventory.append(Item(kinds[key]))
        goal = content.population.goal
        if task.treasure and goal is not None:
            world.inventory.append(Item(goal.treasure))
        if task.lava:
            lay_lava(world, task.lava, stream)
        self.added = tuple(spawn_packs(world, task, content.hero.kinds))
        world.refresh_fov()
        world.take_events()  # the set-up is no news: the first step reports from there

    def play(self, action: Any) -> Outcome:
        outcome = super().play(action)
        world = self.game
        done_before = self.success
        self.success = self.success or self.achieved(world)
        died = not world.player.alive
        if self.success and not done_before:
            reward = 1.0
        else:
            reward = -1.0 if died and outcome.changed else 0.0
        terminated = self.success or world.over
        self.terminated = terminated
        self.truncated = not terminated and self.steps >= self.max_steps
        info = {**outcome.info, "success": self.success}
        return Outcome(reward, terminated, self.truncated, info, outcome.changed)

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
        return world.won


def spawn_packs(world: World, task: Task, kinds: Any) -> list[int]:
    """The task's creatures on the free tiles nearest the player (at least ``away``
    steps off, ties in floor order), awake and hunting; their ids."""
    floor, player = world.floor, world.player
    xs, ys = np.nonzero(floor.walkable & (floor.occupant == 0))
    steps = np.maximum(np.abs(xs - player.x), np.abs(ys - player.y))
    order = np.lexsort((ys, xs, steps))
    next_id = max(floor.actors) + 1
    added = []
    for pack in task.monsters:
        places = [i for i in order.tolist() if steps[i] >= pack.away]
        for i in places[: pack.count]:
            if floor.occupant[xs[i], ys[i]]:
                continue
            monster = Actor.spawn(next_id, kinds[pack.kind], int(xs[i]), int(ys[i]))
            monster.next_time = world.time
            floor.add_actor(monster)
            awareness.alert(world, monster)  # awake and on the scent: hunting
            added.append(next_id)
            next_id += 1
    world.schedule.reset([a for a in floor.actors.values() if a.alive and a is not player])
    return added


def lay_lava(world: World, pools: int, stream: np.random.Generator) -> None:
    """``pools`` lava pools that leave a way round and cover nobody and nothing."""
    floor = world.floor
    for _ in range(LAVA_TRIES):
        before = floor.tiles.copy()
        add_pools(floor, "lava", pools, stream)
        things = [a.position for a in floor.actors.values()] + [i.position for i in floor.items]
        if all(floor.walkable[p] for p in things) and floor.walkable[floor.stairs]:
            return
        floor.tiles[...] = before
        refresh(floor)
