"""A scripted policy for the task families: what a competent player does for each goal,
read from the world with the engine's own queries (auto-explore, travel, the monsters in
view), so the tests and ``scripts/task-rates`` can show every level can be solved. On the
way to stairs, a fight or low health is left to the project's bot (``baseline.py``),
which knows potions and retreat; the treasure is the bot's whole game.

Not an agent: it reads the world, not the observation, and knows which creatures the
task added (it fights those it sees and walks to captives it has seen).
"""

from __future__ import annotations

from typing import Any

import gymnasium

from emberdeep.engine.acts.actions import (
    DIRECTIONS,
    Ascend,
    Descend,
    Move,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.play import approach, autopilot
from emberdeep.engine.play.world import World
from emberdeep.env import actions
from emberdeep.env.baseline import BotPolicy
from emberdeep.env.observation import Observation
from emberdeep.env.tasks import TaskEnv, target


class ScriptedPolicy:
    """``policy(observation) -> action number`` for a task env (wrappers looked through)."""

    def __init__(self, env: gymnasium.Env[Any, Any], seed: int = 0) -> None:
        unwrapped = env.unwrapped
        if not isinstance(unwrapped, TaskEnv):
            raise TypeError(f"ScriptedPolicy plays a task, not {type(unwrapped).__name__}")
        self.env = unwrapped
        self.bot = BotPolicy(unwrapped, seed)

    def __call__(self, observation: Observation) -> int:
        env = self.env
        goal = env.task.goal
        world = env.game
        player = world.player
        wary = goal in ("descend", "escape") and (
            approach.threats(world) or 2 * player.hp < player.max_hp
        )
        if goal == "treasure" or wary:
            return self.bot(observation)  # a fight on the way: the bot's craft (potions, retreat)
        command = fight(world) or self.toward_goal(world, goal)
        return actions.number(command)

    def toward_goal(self, world: World, goal: str) -> PlayerCommand:
        env, floor, player = self.env, world.floor, world.player
        if goal in ("descend", "escape"):
            stairs = target(world, goal)
            if player.position == stairs:
                return Descend() if goal == "descend" else Ascend()
            return go(world, stairs)
        if goal == "identify":
            known = world.identity.known
            for slot, item in enumerate(world.inventory):
                if item.kind.key in env.task.items and item.kind.key not in known:
                    return Use(slot)
            return explore(world, pick_up=True)
        if goal == "rescue":
            held = [floor.actors[i] for i in env.captives
                    if i in floor.actors and floor.actors[i].mode == Mode.CAPTIVE]  # fmt: skip
            for captive in held:
                if next_to(player, captive):
                    return Move(captive.x - player.x, captive.y - player.y)
            if held and floor.explored[held[0].position]:
                return go(world, held[0].position)
            return explore(world, pick_up=False)
        hunted = [floor.actors[i] for i in env.added if i in floor.actors and floor.actors[i].alive]
        found = [m for m in hunted if in_sight(floor, m)]
        return go(world, found[0].position) if found else Wait()


def next_to(one: Actor, other: Actor) -> bool:
    return max(abs(one.x - other.x), abs(one.y - other.y)) == 1


def fight(world: World) -> PlayerCommand | None:
    """A blow at the weakest foe next to the player, if any."""
    floor, player = world.floor, world.player
    foes = [floor.blocker_at(player.x + dx, player.y + dy) for dx, dy in DIRECTIONS
            if floor.in_bounds(player.x + dx, player.y + dy)]  # fmt: skip
    near = [f for f in foes if f is not None and f.alive and f.mode not in approach.CALM]
    if not near:
        return None
    foe = min(near, key=lambda f: (f.hp, f.id))
    return Move(foe.x - player.x, foe.y - player.y)


def go(world: World, place: tuple[int, int]) -> PlayerCommand:
    """A step toward ``place`` over what is known, or exploring while it is not."""
    step = autopilot.travel_action(world, place, dare=True)
    if isinstance(step, Move):
        return step
    return explore(world, pick_up=False)


def explore(world: World, *, pick_up: bool) -> PlayerCommand:
    step = autopilot.explore_action(world, pick_up, dare=True)
    return step if not isinstance(step, autopilot.Stop) else Wait()
