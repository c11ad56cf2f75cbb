"""Player actions that came with items and traps: throwing and searching.

Kept apart from ``actions.py`` (which they build on) so that file stays the movement and
melee core. Each is a player command with a journal code; ``DECODERS`` turns a recorded
command back into one, for ``journal.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import tcod.los

from emberdeep.engine import combat, items, traps
from emberdeep.engine.actions import ActionResult, PlayerCommand, Succeeded, _player_only
from emberdeep.engine.events import Event, Message, MessageKind, Refused
from emberdeep.engine.grammar import hit_points, sentence

if TYPE_CHECKING:
    from emberdeep.engine.actors import Actor
    from emberdeep.engine.world import World

THROW_RANGE = 8
"""How far anything can be thrown, in tiles."""


@dataclass(frozen=True)
class Throw:
    """Throw one of the inventory item in ``slot`` (a dart, a javelin) at ``target``: it
    hits the first creature in its path (the odds of a blow; damage from the item) and
    lands there, or where its flight ends."""

    code: ClassVar[str] = "throw"
    slot: int
    target: tuple[int, int]

    def arguments(self) -> list[object]:
        return [self.slot, *self.target]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        floor = world.floor
        if not 0 <= self.slot < len(world.inventory):
            return Refused("You have no such item.")
        if not floor.in_bounds(*self.target) or not floor.visible[self.target]:
            return Refused("You cannot throw at a spot you cannot see.")
        if self.target == actor.position:
            return Refused("You must throw it somewhere else.")
        item = world.inventory[self.slot]
        if item.equipped:
            return Refused("Take it off first.")
        path = tcod.los.bresenham(actor.position, self.target)[1 : THROW_RANGE + 1].tolist()
        thrown = items.take_one(world.inventory, self.slot)
        noun = world.identity.noun(thrown.kind)
        events: list[Event] = [Message(f"You throw {noun.a}.", MessageKind.ITEM)]
        landing = actor.position
        for x, y in path:
            if not floor.walkable[x, y]:
                if floor.transparent[x, y]:  # over lava or a chasm: gone
                    events.append(Message(sentence(noun, "be", "lost below."), MessageKind.ITEM))
                    return Succeeded(actor.attack_time, events)
                break
            landing = (x, y)
            victim = floor.blocker_at(x, y)
            if victim is not None:
                events += self.hit(world, actor, victim, thrown)
                break
        thrown.x, thrown.y = landing
        floor.items.append(thrown)
        return Succeeded(actor.attack_time, events)

    @staticmethod
    def hit(world: World, actor: Actor, victim: Actor, thrown: items.Item) -> list[Event]:
        kind = thrown.kind
        noun, whom = world.identity.noun(kind), world.noun(victim).the
        if kind.effect != "thrown":  # anything else thrown only bumps
            return [Message(sentence(noun, "bounce", f"off {whom}."), MessageKind.PLAYER_ATTACK)]
        if int(world.rng.integers(100)) >= combat.hit_chance(victim.defense):
            return [Message(sentence(noun, "miss", f"{whom}."), MessageKind.PLAYER_ATTACK)]
        low, high = combat.damage_range(kind.amount)
        damage = int(world.rng.integers(low, high, endpoint=True))
        victim.asleep = False
        text = sentence(noun, "hit", f"{whom} for {hit_points(damage)}.")
        return [
            Message(text, MessageKind.PLAYER_ATTACK),
            *combat.hurt(world, victim, damage, actor),
        ]


@dataclass(frozen=True)
class Search:
    """Search the eight tiles around for hidden traps (good odds each)."""

    code: ClassVar[str] = "search"

    def arguments(self) -> list[object]:
        return []

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        events = traps.search(world, actor)
        return Succeeded(actor.move_time, events or [Message("You find nothing.")])


ITEM_COMMANDS: tuple[type[PlayerCommand], ...] = (Throw, Search)


def _decode_throw(rest: list[object]) -> PlayerCommand | None:
    if len(rest) == 3 and all(type(v) is int for v in rest):
        slot, x, y = (int(str(v)) for v in rest)
        return Throw(slot, (x, y))
    return None


def _decode_search(rest: list[object]) -> PlayerCommand | None:
    return Search() if not rest else None


DECODERS: dict[str, Callable[[list[object]], PlayerCommand | None]] = {
    Throw.code: _decode_throw,
    Search.code: _decode_search,
}
"""Journal code -> a recorded command's arguments to the command (None: malformed)."""
