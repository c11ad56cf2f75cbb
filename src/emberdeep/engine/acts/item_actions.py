"""Player actions that came with items and traps: throwing and searching.

Kept apart from ``actions.py`` (which they build on) so that file stays the movement and
melee core. Each is a player command with a journal code; ``DECODERS`` turns a recorded
command back into one, for ``journal.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import msgspec

from emberdeep.engine.acts.actions import ActionResult, PlayerCommand, done, player_only
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.events import (
    Attacked,
    Identified,
    ItemMoved,
    Missile,
    Refused,
    Shattered,
    Thing,
)
from emberdeep.engine.core.flight import fly
from emberdeep.engine.creatures import awareness, combat, harm, statuses
from emberdeep.engine.terrain import burst, traps
from emberdeep.engine.things import items
from emberdeep.engine.things.effects import EFFECTS, THROWN

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.play.world import World


class Throw(msgspec.Struct, frozen=True):
    """Throw one of the inventory item in ``slot`` (a dart, a javelin) at ``target``: it
    hits the first creature in its path (the odds of a blow; damage from the item) and
    lands there, or where its flight ends (``effects.THROWN``: eight cells at most, and
    lost in a chasm or lava it crosses). A potion that bursts shatters there instead
    (``shatter``: a malevolent potion is a grenade). The aiming screen draws the same flight."""

    code: ClassVar[str] = "throw"
    slot: int
    target: tuple[int, int]

    def arguments(self) -> list[object]:
        return [self.slot, *self.target]

    def refusal(self, world: World, actor: Actor) -> Refused | None:
        """Why this throw would be refused, or None (changes nothing)."""
        if refused := player_only(world.player, actor):
            return refused
        floor = world.floor
        if not 0 <= self.slot < len(world.inventory):
            return Refused("no_such_item")
        if not floor.in_bounds(*self.target) or not floor.visible[self.target]:
            return Refused("throw_unseen")
        if self.target == actor.position:
            return Refused("throw_elsewhere")
        if world.inventory[self.slot].equipped:
            return Refused("take_off_first")
        return None

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := self.refusal(world, actor):
            return refused
        floor = world.floor
        thrown = items.take_one(world.inventory, self.slot)
        thing = world.identity.thing(thrown, count=1)
        world.emit(ItemMoved(actor.who, actor.position, thing, "thrown"))
        flight = fly(floor, actor.position, self.target, THROWN)
        landing = actor.position if flight.fell else flight.stop
        world.emit(Missile(actor.who, flight.cells, "thrown", thing))
        if flight.fell:
            world.emit(ItemMoved(actor.who, flight.stop, thing, "lost"))
            return done(actor.attack_time)
        if thrown.kind.bursts and thrown.kind.category == "potion":
            shatter(world, actor, thrown, flight.struck[0].position if flight.struck else landing)
            return done(actor.attack_time)
        if flight.struck:
            if self.hit(world, actor, flight.struck[0], thrown):
                world.emit(ItemMoved(actor.who, flight.stop, thing, "broke"))
                return done(actor.attack_time)
        else:  # it struck nothing: said, so a throw that falls short is not silent
            world.emit(ItemMoved(actor.who, landing, thing, "landed"))
        thrown.x, thrown.y = landing
        floor.items.append(thrown)
        return done(actor.attack_time)

    @staticmethod
    def hit(world: World, actor: Actor, victim: Actor, thrown: items.Item) -> bool:
        """A thrown weapon strikes with the odds of a blow and its own damage, and gives
        its kind's status (a bola slows); anything else thrown only bumps (a miss that
        does nothing). True when it broke on the hit (its kind's ``breaks`` percent):
        darts and bolas are a supply spent, not a weapon kept for ever."""
        kind = thrown.kind
        thing = world.identity.thing(thrown, count=1)
        if not EFFECTS[kind.effect].thrown:
            _struck(world, actor, victim, thing, 0, verb="bump")
            return False
        if int(world.rng.integers(100)) >= combat.hit_chance(victim.defense):
            _struck(world, actor, victim, thing, 0, verb="throw")
            return False
        low, high = combat.damage_range(kind.amount)
        damage = int(world.rng.integers(low, high, endpoint=True))
        _struck(world, actor, victim, thing, damage, verb="throw")
        harm.take(world, victim, damage, actor, means="thrown")
        if victim.asleep and victim.hp > 0:
            awareness.set_mode(world, victim, Mode.WANDERING, "struck")
        if kind.status and victim.alive:
            statuses.apply(world, victim, kind.status, kind.turns, "thrown", source=actor)
        return kind.breaks > 0 and int(world.rng.integers(100)) < kind.breaks


def shatter(world: World, actor: Actor, thrown: items.Item, at: tuple[int, int]) -> None:
    """A potion that bursts (``ItemKind.bursts``) breaks where it lands or strikes, into
    its gas or flames; seeing it teaches the thrower what it was."""
    kind = thrown.kind
    thing = world.identity.thing(thrown, count=1)
    world.emit(Shattered(actor.who, at, thing, kind.bursts))
    if world.identity.learn(kind):
        world.emit(Identified(thing, "shattered"))
    burst.burst(world, at, kind.bursts, amount=kind.amount, radius=max(1, kind.radius), who=actor)


def _struck(
    world: World, actor: Actor, victim: Actor, thing: Thing, damage: int, *, verb: str
) -> None:
    """What a thrown thing did to ``victim`` (no damage: a miss)."""
    start, end = actor.position, victim.position
    world.emit(Attacked(actor.who, victim.who, start, end, damage > 0, damage, verb, thing=thing))


class Search(msgspec.Struct, frozen=True):
    """Search the eight tiles around for hidden traps (good odds each)."""

    code: ClassVar[str] = "search"

    def arguments(self) -> list[object]:
        return []

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := player_only(world.player, actor):
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
