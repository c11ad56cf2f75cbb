"""What potions, scrolls, wands, the treasure and equipment do when used: one function
per effect, each registered (``effects.effect``) with its facts: how it flies, what it
is aimed at, what it gives away. What flies asks ``targets.plan`` for its flight, the
same answer the aiming screen draws.

Each effect either emits what happened and returns None, or returns a ``Refused`` having
changed nothing (no target in range, full health). Bad items are real choices: a potion
of poison or a scroll of aggravation is used up like any other, and teaches the player
what it was. Some kinds are never used (thrown weapons, keys): their entry refuses,
saying what to do instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.acts import targets
from emberdeep.engine.core.actors import Actor, saturating
from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.events import (
    Area,
    Fizzled,
    Grew,
    Healed,
    Identified,
    Missile,
    Refused,
    Teleported,
    TerrainChanged,
)
from emberdeep.engine.core.flight import Rule, Stops, fly
from emberdeep.engine.core.floor import Floor, Tile, is_ground
from emberdeep.engine.creatures import combat, gear, harm, hunger, statuses
from emberdeep.engine.terrain import burst, fire, gas, traps
from emberdeep.engine.things import items
from emberdeep.engine.things.effects import ARC, BOLT, LEAP, THROWN, Aim, Measure, Target, effect
from emberdeep.engine.things.items import Item

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

GAS_POTION_AMOUNT = 12.0
MIN_HEAL = 5

LIFE_GAIN = 15
"""Health a potion of life adds for good (and it heals fully)."""


def wasted(world: World, item: Item) -> bool:
    """Whether a refused use of ``item`` still uses it up: an unknown potion or scroll
    (a healing potion at full health, lightning with no one near, a scroll read blind
    with nothing for it to strike)."""
    kind = item.kind
    return kind.category in ("potion", "scroll") and not world.identity.is_known(kind)


def read_blind(floor: Floor, user: Actor, item: Item) -> tuple[int, int] | None:
    """Where an unknown scroll that would want aiming strikes when read: the first foe
    it can reach (``targets.targets``: awake, then nearest), else nowhere. The reader
    cannot aim what they do not know, and asking them to would tell them what it is."""
    found = targets.targets(floor, user, targets.rule_of(item))
    return found[0].position if found else None


@effect("equip", consumes=False, reveals=False, worn=True)
def equip(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Wear it, or take it off; ``target`` (an item worn in the same slot): the one it
    takes the place of (which of two rings comes off is the wearer's choice)."""
    instead = target if isinstance(target, Item) else None
    if instead is not None and (not instead.equipped or instead.kind.slot != item.kind.slot):
        return Refused("no_target")
    items.toggle_equipment(world, user, item, instead=instead)
    gear.put_on(world, item)
    return None


@effect(
    "thrown",
    Aim.FOES,
    flight=THROWN,
    consumes=False,
    thrown=True,
    strikes=True,
    measures=Measure.DAMAGE,
)
def thrown(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    return Refused("throw_it")


@effect("key", consumes=False, opens=True)
def key(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    return Refused("key_use")


@effect("treasure", consumes=False, wins=True)
def treasure(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """The goal of the game: carried out of the dungeon, it wins; it does nothing else."""
    return Refused("treasure", world.identity.thing(item))


@effect("heal", mends=True, measures=Measure.HEALTH)
def heal(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Heals ``amount`` percent of the user's health (at least ``MIN_HEAL``): a potion is
    worth as much to a veteran as to a beginner."""
    if user.hp >= user.max_hp:
        return Refused("full_health")
    amount = min(max(MIN_HEAL, user.max_hp * item.kind.amount // 100), user.max_hp - user.hp)
    user.hp += amount
    world.emit(Healed(user.who, user.position, amount, "potion"))
    return None


@effect("food", feeds=True, measures=Measure.FOOD)
def food(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Eaten, ``amount`` turns of food (refused while it would not all fit)."""
    if hunger.wasted(world, item.kind.amount):
        return Refused("not_hungry")
    hunger.eat(world, item.kind.amount)
    return None


@effect("lightning", flight=BOLT, strikes=True, measures=Measure.DAMAGE)
def lightning(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Strikes the first foe it can reach within range (``targets.targets``: awake
    before asleep, then nearest, counted in steps as creatures move; ties: the older)."""
    floor = world.floor
    found = targets.targets(floor, user, BOLT, item.kind.range)
    if not found:  # with the range, so the words can say how near is near enough
        return Refused("nobody_near", detail=str(item.kind.range) if item.kind.range else "")
    victim = found[0]
    flight = fly(floor, user.position, victim.position, BOLT, item.kind.range)
    world.emit(Missile(user.who, flight.cells, "lightning"))
    harm.hurt(world, victim, item.kind.amount, "lightning", source=user, means="magic")
    return None


def _aimed_at_visible(target: Target, floor: Floor) -> TypeGuard[tuple[int, int]]:
    return isinstance(target, tuple) and floor.in_bounds(*target) and bool(floor.visible[target])


@effect("confusion", Aim.FOES, strikes=True)
def confusion(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    if not _aimed_at_visible(target, world.floor):
        return Refused("not_visible")
    victim = world.floor.blocker_at(*target)
    if victim is None:
        return Refused("select_enemy")
    if victim is user:
        return Refused("not_yourself")
    statuses.apply(world, victim, statuses.CONFUSED, item.kind.turns, "scroll", source=user)
    return None


@effect("fireball", Aim.CELLS, strikes=True, measures=Measure.DAMAGE)
def fireball(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Everything living within the radius of the target burns, the user included."""
    if not _aimed_at_visible(target, world.floor):
        return Refused("not_visible")
    floor, kind = world.floor, item.kind
    tx, ty = target
    victims = [
        a
        for a in floor.actors.values()
        if a.alive and (a.x - tx) ** 2 + (a.y - ty) ** 2 <= kind.radius**2
    ]
    if not victims:
        return Refused("nobody_in_radius")
    cells = fireball_cells(floor, target, kind.radius)
    world.emit(Area(user.who, target, cells, "fire"))
    for victim in victims:
        harm.hurt(world, victim, kind.amount, "fire", source=user, means="magic")
    if kind.bursts:  # what burns in the blast catches: grass, wooden doors
        fire.ignite(world, [c for c in cells if fire.flammable(floor, c)], user, "scroll")
    return None


def fireball_cells(floor: Floor, at: tuple[int, int], radius: int) -> tuple[tuple[int, int], ...]:
    """The cells of the floor within ``radius`` of ``at``: a fireball's blast (asked
    before it is read too, by ``kindling``)."""
    x, y = at
    xs, ys = np.mgrid[x - radius : x + radius + 1, y - radius : y + radius + 1]
    inside = ((xs - x) ** 2 + (ys - y) ** 2 <= radius**2) & (xs >= 0) & (ys >= 0)
    inside &= (xs < floor.width) & (ys < floor.height)
    return tuple(zip(xs[inside].tolist(), ys[inside].tolist(), strict=True))


@effect("status")
def status(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion that gives its drinker a status, good or bad."""
    statuses.apply(world, user, item.kind.status, item.kind.turns, item.kind.category)
    return None


def hides_something(world: World, other: Item) -> bool:
    """Whether a scroll of identify would teach anything about ``other``."""
    return not (world.identity.is_known(other.kind) and other.known)


@effect("identify", Aim.ITEMS, identifies=True, fits=hides_something)
def identify(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """The item chosen, if it hides anything (its kind, else its enchantment); read
    unknown, the first unknown kind carried, else the first unknown gear (worn first)."""
    if isinstance(target, Item):
        if not world.identity.is_known(target.kind):
            learn(world, target)
        elif not target.known:
            gear.know(world, target, "scroll")
        else:
            return Refused("nothing_to_learn", world.identity.thing(target))
        return None
    for other in world.inventory:
        if other.kind is not item.kind and not world.identity.is_known(other.kind):
            learn(world, other)
            return None
    unknown = sorted((not o.equipped, n) for n, o in enumerate(world.inventory) if not o.known)
    if unknown:
        gear.know(world, world.inventory[unknown[0][1]], "scroll")
        return None
    world.emit(Fizzled(world.identity.thing(item, count=1), "identify"))
    return None


def learn(world: World, other: Item) -> None:
    before = world.identity.thing(other)
    world.identity.learn(other.kind)
    world.emit(Identified(before, "scroll"))


@effect("teleport", escapes=True)
def teleport(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    if not blink(world, user):
        world.emit(Fizzled(world.identity.thing(item, count=1), "teleport"))
    return None


def blink(world: World, actor: Actor) -> bool:
    """Move ``actor`` to a random free floor tile from which the stairs can be walked to
    without a key (never shut in a vault), from the play stream; False when there is
    none."""
    floor = world.floor
    free = np.argwhere(
        floor.walkable & (floor.occupant == 0) & is_ground(floor.tiles) & open_to_stairs(floor)
    )
    if not len(free):
        return False
    x, y = free[int(world.rng.integers(len(free)))].tolist()
    start = actor.position
    floor.move_actor(actor, x, y)
    world.emit(Teleported(actor.who, start, (x, y), "teleport"))
    return True


def open_to_stairs(floor: Floor) -> NDArray[np.bool_]:
    """Where the floor's stairs down can be walked to with no key: not behind a vault's
    locked door."""
    walk = (floor.walkable & (floor.tiles != Tile.LOCKED_DOOR)).astype(np.int32)
    goals = np.zeros(walk.shape, dtype=np.bool_)
    goals[floor.stairs] = True
    reached: NDArray[np.bool_] = distance_map(walk, goals, 1, 1) != UNREACHABLE
    return reached


@effect("mapping")
def mapping(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Every open tile and the walls beside them become known (``Floor.mapped`` until
    seen: not what lies there), and so do the traps."""
    floor = world.floor
    open_ = floor.walkable | floor.transparent
    padded = np.pad(open_, 1)
    width, height = open_.shape
    near = np.zeros_like(open_)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            near |= padded[dx : dx + width, dy : dy + height]
    floor.mapped |= near & ~floor.explored
    floor.explored |= near
    floor.sight_changed()
    for trap in floor.traps.values():
        trap.hidden = False
    world.emit(TerrainChanged((), "mapped"))
    return None


@effect("aggravate", backfires=True)
def aggravate(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    traps.alarm(world, "scroll")
    return None


@effect("gas", backfires=True)
def cloud(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of caustic gas, opened: the cloud starts where the drinker stands."""
    kind = item.kind
    gas.release(world, user.x, user.y, float(kind.amount or GAS_POTION_AMOUNT), kind.bursts)
    return None


@effect("darkness")
def darkness(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of darkness, drunk: a cloud of darkness wells up round the drinker, who
    is hidden in it (sight does not pass thick darkness, either way)."""
    gas.release(world, user.x, user.y, float(item.kind.amount or GAS_POTION_AMOUNT), "darkness")
    return None


@effect("incinerate", backfires=True)
def incinerate(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of incineration, drunk: flames burst out round the drinker, who is set
    ablaze (deep water puts it out)."""
    kind = item.kind
    burst.burst(
        world, user.position, burst.FIRE, amount=kind.amount, radius=max(1, kind.radius), who=user
    )
    fire.blaze(world, user, "potion")
    return None


def _bolt_victim(world: World, user: Actor, item: Item, target: Target) -> Actor | Refused:
    """The creature a wand aimed at ``target`` strikes, with the bolt's flight emitted;
    refused when none is aimed at, or the wand is spent."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    planned = targets.plan(world.floor, user, item, target) if isinstance(target, tuple) else None
    if planned is None or isinstance(planned, Refused):
        return targets.missed(planned, world.identity.thing(item, count=1))
    world.emit(Missile(user.who, planned.cells, "bolt"))
    return planned.struck[0]


@effect("bolt", Aim.FOES, flight=BOLT, strikes=True, measures=Measure.DAMAGE)
def bolt(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A wand's bolt: damage and/or a status on the first creature in the line."""
    floor = world.floor
    planned = targets.plan(floor, user, item, target) if isinstance(target, tuple) else None
    cells = planned.cells if planned is not None and not isinstance(planned, Refused) else ()
    victim = _bolt_victim(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    kind = item.kind
    if kind.amount:
        low, high = combat.damage_range(gear.staff_power(item, kind.amount))
        damage = int(world.rng.integers(low, high, endpoint=True))
        harm.hurt(world, victim, damage, "bolt", source=user, means="magic")
    if kind.status and victim.alive:
        turns = gear.staff_power(item, kind.turns)
        statuses.apply(world, victim, kind.status, turns, "bolt", source=user)
    if kind.bursts == burst.FIRE:  # a fire bolt: what burns on its way catches, and its mark
        fire.ignite(world, [c for c in cells if fire.flammable(world.floor, c)], user, "bolt")
        if victim.alive:
            fire.blaze(world, victim, "bolt", by=user)
    return None


@effect("teleport_other", Aim.FOES, flight=BOLT, strikes=True)
def teleport_other(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    victim = _bolt_victim(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    blink(world, victim)
    return None


@effect("blink", Aim.CELLS, flight=LEAP)
def blink_to(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A staff of blinking: the user flies up to its reach towards ``target``, halting
    before walls and creatures (reach: its range times its level plus one)."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    floor = world.floor
    planned = targets.plan(floor, user, item, target) if isinstance(target, tuple) else None
    if planned is None or isinstance(planned, Refused) or not planned.cells:
        return Refused("aim_elsewhere")
    start, landing = user.position, planned.cells[-1]
    floor.move_actor(user, *landing)
    world.emit(Teleported(user.who, start, landing, "blink"))
    return None


@effect("enchant", Aim.ITEMS, lasting=True, fits=lambda w, o: o.kind.category in gear.ENCHANTABLE)
def enchant(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A scroll of enchanting, spent on the item the reader chose."""
    if not isinstance(target, Item) or target not in world.inventory:
        return Refused("choose_item")
    if target.kind.category not in gear.ENCHANTABLE:
        return Refused("cannot_enchant", world.identity.thing(target))
    gear.enchant(world, target)
    return None


@effect("strength", lasting=True)
def strength(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of strength: one point for good, so heavier gear serves better."""
    items.rework(world, None, lambda: setattr(world, "strength", world.strength + 1))
    world.emit(Grew("strength", 1))
    return None


@effect("life", lasting=True)
def life(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of life: more health for good, and all of it back."""
    user.max_hp = saturating(user.max_hp, LIFE_GAIN)
    user.hp = user.max_hp
    world.emit(Grew("health", LIFE_GAIN))
    return None


@effect("arc", Aim.FOES, flight=ARC, strikes=True, measures=Measure.DAMAGE)
def arc(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A staff of lightning: every creature along the line is struck, until a wall."""
    return strike_along(world, user, item, target, "lightning")


@effect("pierce", Aim.FOES, flight=Rule(Stops.THROUGH), strikes=True, measures=Measure.DAMAGE)
def pierce(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A staff of spears: every creature up to the spot aimed at, within its reach, is
    struck by one bolt, until a wall."""
    return strike_along(world, user, item, target, "bolt")


def strike_along(
    world: World, user: Actor, item: Item, target: Target, form: str
) -> Refused | None:
    """A staff's charge flown by its effect's flight (``targets.plan``): each creature it
    strikes is hurt by the staff's power, told as ``form`` (the missile and the cause)."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    planned = targets.plan(world.floor, user, item, target) if isinstance(target, tuple) else None
    if planned is None or isinstance(planned, Refused):
        return targets.missed(planned, world.identity.thing(item, count=1))
    world.emit(Missile(user.who, planned.cells, form))
    low, high = combat.damage_range(gear.staff_power(item, item.kind.amount))
    for victim in planned.struck:
        damage = int(world.rng.integers(low, high, endpoint=True))
        harm.hurt(world, victim, damage, form, source=user, means="magic")
    return None
