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

from emberdeep.engine import awareness, combat, harm, items, traps
from emberdeep.engine.actions import ActionResult, PlayerCommand, _player_only, done
from emberdeep.engine.actors import Mode
from emberdeep.engine.events import Attacked, ItemMoved, Missile, Refused, Thing

if TYPE_CHECKING:
    from emberdeep.engine.actors import Actor
    from emberdeep.engine.floor import Floor
    from emberdeep.engine.world import World

THROW_RANGE = 8
"""How far anything can be thrown, in tiles."""


def flight_of(
    floor: Floor, start: tuple[int, int], target: tuple[int, int]
) -> tuple[list[tuple[int, int]], Actor | None, bool]:
    """Where a thing thrown from ``start`` at ``target`` flies: the cells it crosses (the
    last where it stops), the creature it meets, and whether it is lost (over lava or a
    chasm). It goes at most ``THROW_RANGE``, stops at a wall and at the first creature.
    The aiming screen draws the same flight."""
    flight: list[tuple[int, int]] = []
    for x, y in tcod.los.bresenham(start, target)[1 : THROW_RANGE + 1].tolist():
        if not floor.walkable[x, y]:
            lost = bool(floor.transparent[x, y])
            if lost:
                flight.append((x, y))
            return flight, None, lost
        flight.append((x, y))
        victim = floor.blocker_at(x, y)
        if victim is not None:
            return flight, victim, False
    return flight, None, False


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
            return Refused("no_such_item")
        if not floor.in_bounds(*self.target) or not floor.visible[self.target]:
            return Refused("throw_unseen")
        if self.target == actor.position:
            return Refused("throw_elsewhere")
        item = world.inventory[self.slot]
        if item.equipped:
            return Refused("take_off_first")
        thrown = items.take_one(world.inventory, self.slot)
        thing = world.identity.thing(thrown, count=1)
        world.emit(ItemMoved(actor.who, actor.position, thing, "thrown"))
        flight, victim, lost = flight_of(floor, actor.position, self.target)
        landing = flight[-1] if flight and not lost else actor.position
        world.emit(Missile(actor.who, tuple(flight), "thrown", thing))
        if lost:
            world.emit(ItemMoved(actor.who, flight[-1], thing, "lost"))
            return done(actor.attack_time)
        if victim is not None:
            self.hit(world, actor, victim, thrown)
        else:  # it struck nothing: said, so a throw that falls short is not silent
            world.emit(ItemMoved(actor.who, landing, thing, "landed"))
        thrown.x, thrown.y = landing
        floor.items.append(thrown)
        return done(actor.attack_time)

    @staticmethod
    def hit(world: World, actor: Actor, victim: Actor, thrown: items.Item) -> None:
        """A thrown weapon strikes with the odds of a blow and its own damage; anything
        else thrown only bumps (a miss that does nothing)."""
        kind = thrown.kind
        thing = world.identity.thing(thrown, count=1)
        if kind.effect != "thrown":
            _struck(world, actor, victim, thing, 0, verb="bump")
            return
        if int(world.rng.integers(100)) >= combat.hit_chance(victim.defense):
            _struck(world, actor, victim, thing, 0, verb="throw")
            return
        low, high = combat.damage_range(kind.amount)
        damage = int(world.rng.integers(low, high, endpoint=True))
        _struck(world, actor, victim, thing, damage, verb="throw")
        harm.take(world, victim, damage, actor)
        if victim.asleep and victim.hp > 0:
            awareness.set_mode(world, victim, Mode.WANDERING, "struck")


def _struck(
    world: World, actor: Actor, victim: Actor, thing: Thing, damage: int, *, verb: str
) -> None:
    """What a thrown thing did to ``victim`` (no damage: a miss)."""
    start, end = actor.position, victim.position
    world.emit(Attacked(actor.who, victim.who, start, end, damage > 0, damage, verb, thing=thing))


@dataclass(frozen=True)
class Search:
    """Search the eight tiles around for hidden traps (good odds each)."""

    code: ClassVar[str] = "search"

    def arguments(self) -> list[object]:
        return []

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        traps.searched(world, actor)
        return done(actor.move_time)


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
