"""A headless player for soak runs, benchmarks and replay tests.

It sends only the actions a player can (``Move``, ``Use``, ``Descend``...), chosen from
what the player can see, so it exercises the game the way people do: it explores, fights
what it meets, drinks when hurt, reads scrolls at monsters, wears better gear, spends its
levels and goes down the stairs. It is deterministic: the same seed plays the same game.
"""

from __future__ import annotations

import numpy as np

from emberdeep.engine import autopilot, rng
from emberdeep.engine.actions import DIRECTIONS, Descend, LevelUp, Move, PlayerCommand, Use, Wait
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Refused
from emberdeep.engine.world import World

LOW_HEALTH = 0.4


class Bot:
    def __init__(self, seed: int) -> None:
        self.rng = rng.stream(seed, "bot")
        self.patience = 0

    def choose(self, world: World) -> PlayerCommand:
        player = world.player
        if world.can_level_up:
            order = ("hp", "power", "defense")
            return LevelUp(order[player.level % 3])
        for slot, item in enumerate(world.inventory):
            kind = item.kind
            if kind.effect == "equip" and not item.equipped and self.better(world, slot):
                return Use(slot)
        enemies = self.visible_enemies(world)
        if player.hp < player.max_hp * LOW_HEALTH:
            potion = self.find(world, "heal")
            if potion is not None:
                return Use(potion)
        if enemies:
            return self.fight(world, enemies)
        self.patience = 0
        step = autopilot.explore_action(world)
        if not isinstance(step, str):
            return step
        if player.position == world.floor.stairs:
            return Descend()
        return Move(*DIRECTIONS[int(self.rng.integers(len(DIRECTIONS)))])

    def fight(self, world: World, enemies: list[Actor]) -> PlayerCommand:
        player = world.player
        nearest = min(enemies, key=lambda m: max(abs(m.x - player.x), abs(m.y - player.y)))
        gap = max(abs(nearest.x - player.x), abs(nearest.y - player.y))
        if gap <= 1:
            return Move(nearest.x - player.x, nearest.y - player.y)
        for effect, reach in (("lightning", 5), ("fireball", 99), ("confusion", 99)):
            slot = self.find(world, effect)
            if slot is None or gap > reach:
                continue
            if effect == "fireball" and gap <= world.inventory[slot].kind.radius:
                continue  # too close: it would burn us too
            target = None if effect == "lightning" else nearest.position
            return Use(slot, target)
        self.patience += 1
        if self.patience < 3 and nearest.behaviour != "archer":
            return Wait()  # let it come to us (but never stand and be shot)
        step = autopilot.travel_action(world, nearest.position)
        return step if not isinstance(step, str) else Wait()

    @staticmethod
    def visible_enemies(world: World) -> list[Actor]:
        floor = world.floor
        ids = autopilot.visible_monsters(world)
        return [floor.actors[i] for i in ids]

    @staticmethod
    def find(world: World, effect: str) -> int | None:
        for slot, item in enumerate(world.inventory):
            if item.kind.effect == effect:
                return slot
        return None

    @staticmethod
    def better(world: World, slot: int) -> bool:
        item = world.inventory[slot].kind
        worn = [i.kind for i in world.inventory if i.equipped and i.kind.slot == item.slot]
        value = item.power + item.defense
        return not worn or value > worn[0].power + worn[0].defense


def take_turn(world: World, bot: Bot) -> None:
    """One player turn: the bot's choice, or a wait if the game refused it (a refused
    action costs no time, and choosing it again would never end)."""
    if any(isinstance(e, Refused) for e in world.step(bot.choose(world))):
        world.step(Wait())


def random_seed(base: int, game: int) -> int:
    """The seed of game ``game`` of a soak run started from ``base``."""
    return int(np.random.SeedSequence([base, game]).generate_state(1, np.uint64)[0] >> 1)
