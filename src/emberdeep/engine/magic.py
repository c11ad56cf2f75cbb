"""The effects of potions, scrolls, wands and thrown weapons that need the whole world
(its random stream, what the player knows, the gas): ``use`` is what ``actions.Use``
calls for every item; the tutorial's effects (``items.EFFECT_FUNCTIONS``) are kept as
they were and reached through it.

Bad items are real choices: a potion of poison or a scroll of aggravation is used up
like any other, and teaches the player what it was. An item used "on nothing" (a wand
aimed at an empty tile) is refused and costs nothing, as in the tutorial.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import tcod.los

from emberdeep.engine import combat, gas, items, statuses, traps
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind
from emberdeep.engine.floor import Floor
from emberdeep.engine.grammar import hit_points, sentence
from emberdeep.engine.items import Item, ItemKind, UseResult, refused

if TYPE_CHECKING:
    from emberdeep.engine.world import World

GAS_POTION_AMOUNT = 12.0
THROW_RANGE = 8


def use(world: World, user: Actor, item: Item, target: tuple[int, int] | None) -> UseResult:
    """Use ``item``; the result says whether one is used up (a charge, for wands)."""
    kind = item.kind
    if kind.effect in items.EFFECT_FUNCTIONS:
        return items.EFFECT_FUNCTIONS[kind.effect](world, user, kind, target)
    if kind.effect == "thrown":
        return refused("Throw it instead (t).")
    if kind.effect == "key":
        return refused("Walk into a locked door to unlock it.")
    if kind.category == "wand" and item.charges <= 0:
        return refused(sentence(world.identity.noun(kind), "have", "no charges left."))
    return EFFECTS[kind.effect](world, user, kind, target)


def wasted(world: World, item: Item) -> bool:
    """Whether a refused use of ``item`` still uses it up: an unknown potion or scroll
    that needs no aim (a healing potion at full health, lightning with no one near)."""
    kind = item.kind
    hidden = kind.category in ("potion", "scroll") and not world.identity.is_known(kind)
    return hidden and kind.targeting == "none"


def status(world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None) -> UseResult:
    """A potion that gives its drinker a status, good or bad."""
    return UseResult(statuses.apply(user, kind.status, kind.turns, world.noun(user)), consumed=True)


def identify(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    """The first unknown kind the reader carries becomes known."""
    for item in world.inventory:
        if item.kind is not kind and not world.identity.is_known(item.kind):
            before = world.identity.noun(item.kind)
            world.identity.learn(item.kind)
            text = sentence(before, "be", f"{world.identity.noun(item.kind).a}.")
            return UseResult([Message(text, MessageKind.DISCOVERY)], consumed=True)
    return UseResult([Message("You feel knowledgeable, about nothing.")], consumed=True)


def teleport(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    events = blink(world, user)
    return UseResult(events or [Message("You feel a tug, and nothing more.")], consumed=True)


def blink(world: World, actor: Actor) -> list[Event]:
    """Move ``actor`` to a random free floor tile (from the play stream)."""
    floor = world.floor
    free = np.argwhere(floor.walkable & (floor.occupant == 0) & (floor.tiles == 1))
    if not len(free):
        return []
    x, y = free[int(world.rng.integers(len(free)))].tolist()
    floor.move_actor(actor, x, y)
    return [Message(sentence(world.noun(actor), "be", "whisked away!"), MessageKind.STATUS)]


def mapping(world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None) -> UseResult:
    """Every open tile and the walls beside them become known, and so do the traps."""
    floor = world.floor
    open_ = floor.walkable | floor.transparent
    padded = np.pad(open_, 1)
    width, height = open_.shape
    near = np.zeros_like(open_)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            near |= padded[dx : dx + width, dy : dy + height]
    floor.explored |= near
    for trap in floor.traps.values():
        trap.hidden = False
    text = "A map of the level forms in your mind!"
    return UseResult([Message(text, MessageKind.DISCOVERY)], consumed=True)


def aggravate(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    return UseResult(traps.alarm(world), consumed=True)


def cloud(world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None) -> UseResult:
    """A potion of caustic gas, opened: the cloud starts where the drinker stands."""
    gas.release(world.floor, user.x, user.y, float(kind.amount or GAS_POTION_AMOUNT))
    text = "Caustic gas pours out of the flask!"
    return UseResult([Message(text, MessageKind.STATUS)], consumed=True)


def first_in_line(floor: Floor, start: tuple[int, int], end: tuple[int, int]) -> Actor | None:
    """The first creature a bolt from ``start`` towards ``end`` meets, stopped by walls."""
    for x, y in tcod.los.bresenham(start, end)[1:].tolist():
        if not floor.transparent[x, y]:
            return None
        blocker = floor.blocker_at(x, y)
        if blocker is not None:
            return blocker
    return None


def _bolt_victim(world: World, user: Actor, target: tuple[int, int] | None) -> Actor | None:
    floor = world.floor
    if target is None or not floor.in_bounds(*target) or not floor.visible[target]:
        return None
    if target == user.position:
        return None
    return first_in_line(floor, user.position, target)


def bolt(world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None) -> UseResult:
    """A wand's bolt: damage and/or a status on the first creature in the line."""
    victim = _bolt_victim(world, user, target)
    if victim is None:
        return refused("You must aim the wand at a creature in view.")
    events: list[Event] = []
    if kind.amount:
        text = f"The bolt strikes {world.noun(victim).the} for {hit_points(kind.amount)}!"
        events.append(Message(text, MessageKind.PLAYER_ATTACK))
        events += combat.hurt(world, victim, kind.amount, user)
    if kind.status and victim.alive:
        events += statuses.apply(victim, kind.status, kind.turns, world.noun(victim))
    return UseResult(events, consumed=True)


def teleport_other(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    victim = _bolt_victim(world, user, target)
    if victim is None:
        return refused("You must aim the wand at a creature in view.")
    return UseResult(blink(world, victim), consumed=True)


EFFECTS = {
    "status": status,
    "identify": identify,
    "teleport": teleport,
    "mapping": mapping,
    "aggravate": aggravate,
    "gas": cloud,
    "bolt": bolt,
    "teleport_other": teleport_other,
}
