"""What potions, scrolls, wands, the treasure and equipment do when used: one function
per effect, each registered (``effects.effect``) with how it is aimed.

Each effect either emits what happened and returns None, or returns a ``Refused`` having
changed nothing (no target in range, full health). Bad items are real choices: a potion
of poison or a scroll of aggravation is used up like any other, and teaches the player
what it was. Some kinds are never used (thrown weapons, keys): their entry refuses,
saying what to do instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

import numpy as np
import tcod.los
from numpy.typing import NDArray

from emberdeep.engine import combat, gas, gear, harm, hunger, items, statuses, traps
from emberdeep.engine.actors import Actor, saturating
from emberdeep.engine.distance import UNREACHABLE, distance_map
from emberdeep.engine.effects import Target, effect
from emberdeep.engine.events import (
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
from emberdeep.engine.floor import Floor, Tile
from emberdeep.engine.items import Item

if TYPE_CHECKING:
    from emberdeep.engine.world import World

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


def read_blind(world: World, user: Actor, item: Item) -> tuple[int, int] | None:
    """Where an unknown scroll that would want aiming strikes when read: the nearest
    creature in view (the oldest of the nearest), else nowhere. The reader cannot aim
    what they do not know, and asking them to would tell them what it is."""
    floor = world.floor
    seen = [a for a in living_monsters(floor, user) if floor.visible[a.position]]
    if not seen:
        return None
    nearest = min(seen, key=lambda a: ((a.x - user.x) ** 2 + (a.y - user.y) ** 2, a.id))
    return nearest.position


def living_monsters(floor: Floor, user: Actor) -> list[Actor]:
    """The foes what strikes the nearest may strike: never the player's ally or a captive."""
    return [a for a in floor.actors.values() if a.alive and a is not user and a.hostile]


@effect("equip", consumes=False, reveals=False)
def equip(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Wear it, or take it off."""
    items.toggle_equipment(world, user, item)
    return None


@effect("thrown", "single", consumes=False)
def thrown(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    return Refused("throw_it")


@effect("key", consumes=False)
def key(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    return Refused("key_use")


@effect("treasure", consumes=False)
def treasure(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """The goal of the game: carried out of the dungeon, it wins; it does nothing else."""
    return Refused("treasure", world.identity.thing(item))


@effect("heal")
def heal(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Heals ``amount`` percent of the user's health (at least ``MIN_HEAL``): a potion is
    worth as much to a veteran as to a beginner."""
    if user.hp >= user.max_hp:
        return Refused("full_health")
    amount = min(max(MIN_HEAL, user.max_hp * item.kind.amount // 100), user.max_hp - user.hp)
    user.hp += amount
    world.emit(Healed(user.who, user.position, amount, "potion"))
    return None


@effect("food")
def food(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Eaten, ``amount`` turns of food (refused while it would not all fit)."""
    if hunger.wasted(world, item.kind.amount):
        return Refused("not_hungry")
    hunger.eat(world, item.kind.amount)
    return None


@effect("lightning")
def lightning(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Strikes the closest visible creature within range, counted in steps as creatures
    move (a diagonal neighbour is 1 away; ties: the older one)."""
    floor, kind = world.floor, item.kind
    candidates = [m for m in living_monsters(floor, user) if floor.visible[m.position]]
    if not candidates:
        return Refused("nobody_near")
    gaps = np.array([(m.x - user.x, m.y - user.y) for m in candidates], dtype=np.int64)
    distances = np.abs(gaps).max(axis=1)
    closest = int(np.argmin(distances))
    if distances[closest] > kind.range:
        return Refused("nobody_near")
    victim = candidates[closest]
    path = _path(user.position, victim.position)
    world.emit(Missile(user.who, path, "lightning"))
    harm.hurt(world, victim, kind.amount, "lightning", source=user)
    return None


def _aimed_at_visible(target: Target, world: World) -> TypeGuard[tuple[int, int]]:
    floor = world.floor
    return isinstance(target, tuple) and floor.in_bounds(*target) and bool(floor.visible[target])


@effect("confusion", "single")
def confusion(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    if not _aimed_at_visible(target, world):
        return Refused("not_visible")
    victim = world.floor.blocker_at(*target)
    if victim is None:
        return Refused("select_enemy")
    if victim is user:
        return Refused("not_yourself")
    statuses.apply(world, victim, statuses.CONFUSED, item.kind.turns, "scroll", source=user)
    return None


@effect("fireball", "area")
def fireball(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """Everything living within the radius of the target burns, the user included."""
    if not _aimed_at_visible(target, world):
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
    xs, ys = np.mgrid[
        tx - kind.radius : tx + kind.radius + 1, ty - kind.radius : ty + kind.radius + 1
    ]
    inside = ((xs - tx) ** 2 + (ys - ty) ** 2 <= kind.radius**2) & (xs >= 0) & (ys >= 0)
    inside &= (xs < floor.width) & (ys < floor.height)
    cells = tuple(zip(xs[inside].tolist(), ys[inside].tolist(), strict=True))
    world.emit(Area(user.who, target, cells, "fire"))
    for victim in victims:
        harm.hurt(world, victim, kind.amount, "fire", source=user)
    return None


@effect("status")
def status(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion that gives its drinker a status, good or bad."""
    statuses.apply(world, user, item.kind.status, item.kind.turns, item.kind.category)
    return None


@effect("identify", "item")
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


@effect("teleport")
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
        floor.walkable & (floor.occupant == 0) & (floor.tiles == Tile.FLOOR) & open_to_stairs(floor)
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
    floor.sight_changed()
    for trap in floor.traps.values():
        trap.hidden = False
    world.emit(TerrainChanged((), "mapped"))
    return None


@effect("aggravate")
def aggravate(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    traps.alarm(world, "scroll")
    return None


@effect("gas")
def cloud(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of caustic gas, opened: the cloud starts where the drinker stands."""
    gas.release(world, user.x, user.y, float(item.kind.amount or GAS_POTION_AMOUNT))
    return None


def bolt_flight(
    floor: Floor, start: tuple[int, int], end: tuple[int, int]
) -> tuple[list[tuple[int, int]], Actor | None]:
    """The cells a bolt from ``start`` towards ``end`` crosses and the creature it
    strikes (None: it meets a wall or nothing); the aiming screen draws it."""
    cells: list[tuple[int, int]] = []
    for x, y in tcod.los.bresenham(start, end)[1:].tolist():
        if not floor.transparent[x, y]:
            return cells, None
        cells.append((x, y))
        blocker = floor.blocker_at(x, y)
        if blocker is not None:
            return cells, blocker
    return cells, None


BOLTS = frozenset({"bolt", "teleport_other"})
"""Effects that strike the first creature in line (``first_in_line``), not the cell."""


def first_in_line(floor: Floor, start: tuple[int, int], end: tuple[int, int]) -> Actor | None:
    """The first creature a bolt from ``start`` towards ``end`` meets, stopped by walls."""
    return bolt_flight(floor, start, end)[1]


def _path(start: tuple[int, int], end: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The cells a bolt crosses after leaving ``start``, ``end`` the last."""
    return tuple((x, y) for x, y in tcod.los.bresenham(start, end)[1:].tolist())


def _bolt_victim(world: World, user: Actor, item: Item, target: Target) -> Actor | Refused:
    """The creature a wand aimed at ``target`` strikes, with the bolt's flight emitted;
    refused when none is aimed at, or the wand is spent."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    if not _aimed_at_visible(target, world) or target == user.position:
        return Refused("aim_at_creature")
    victim = first_in_line(world.floor, user.position, target)
    if victim is None:
        return Refused("aim_at_creature")
    world.emit(Missile(user.who, _path(user.position, victim.position), "bolt"))
    return victim


@effect("bolt", "single")
def bolt(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A wand's bolt: damage and/or a status on the first creature in the line."""
    victim = _bolt_victim(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    kind = item.kind
    if kind.amount:
        low, high = combat.damage_range(gear.staff_power(item, kind.amount))
        damage = int(world.rng.integers(low, high, endpoint=True))
        harm.hurt(world, victim, damage, "bolt", source=user)
    if kind.status and victim.alive:
        turns = gear.staff_power(item, kind.turns)
        statuses.apply(world, victim, kind.status, turns, "bolt", source=user)
    return None


@effect("teleport_other", "single")
def teleport_other(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    victim = _bolt_victim(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    blink(world, victim)
    return None


@effect("blink", "area")
def blink_to(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A staff of blinking: the user flies up to its reach towards ``target``, stopping
    short of walls and creatures (reach 2 + 2 per level)."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    if not _aimed_at_visible(target, world) or target == user.position:
        return Refused("aim_elsewhere")
    floor, reach = world.floor, 2 + 2 * item.capacity
    landing = user.position
    for x, y in tcod.los.bresenham(user.position, target)[1 : reach + 1].tolist():
        if not floor.walkable[x, y] or floor.blocker_at(x, y) is not None:
            break
        landing = (x, y)
    if landing == user.position:
        return Refused("aim_elsewhere")
    start = user.position
    floor.move_actor(user, *landing)
    world.emit(Teleported(user.who, start, landing, "blink"))
    return None


@effect("enchant", "item")
def enchant(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A scroll of enchanting, spent on the item the reader chose."""
    if not isinstance(target, Item) or target not in world.inventory:
        return Refused("choose_item")
    if target.kind.category not in gear.ENCHANTABLE:
        return Refused("cannot_enchant", world.identity.thing(target))
    gear.enchant(world, target)
    return None


@effect("strength")
def strength(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of strength: one point for good, so heavier gear serves better."""
    items.rework(world, None, lambda: setattr(world, "strength", world.strength + 1))
    world.emit(Grew("strength", 1))
    return None


@effect("life")
def life(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of life: more health for good, and all of it back."""
    user.max_hp = saturating(user.max_hp, LIFE_GAIN)
    user.hp = user.max_hp
    world.emit(Grew("health", LIFE_GAIN))
    return None


ARC_REACH = 10
"""How far a staff of lightning's arc runs, past the creature aimed at."""


@effect("arc", "single")
def arc(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A staff of lightning: every creature along the line is struck, until a wall."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    if not _aimed_at_visible(target, world) or target == user.position:
        return Refused("aim_at_creature")
    floor, (x0, y0) = world.floor, user.position
    dx, dy = target[0] - x0, target[1] - y0
    scale = ARC_REACH / max(abs(dx), abs(dy))
    end = (x0 + round(dx * scale), y0 + round(dy * scale))
    path: list[tuple[int, int]] = []
    victims: list[Actor] = []
    for x, y in tcod.los.bresenham(user.position, end)[1:].tolist():
        if not floor.in_bounds(x, y) or not floor.transparent[x, y]:
            break
        path.append((x, y))
        victim = floor.blocker_at(x, y)
        if victim is not None:
            victims.append(victim)
    if not victims:
        return Refused("aim_at_creature")
    world.emit(Missile(user.who, tuple(path), "lightning"))
    low, high = combat.damage_range(gear.staff_power(item, item.kind.amount))
    for victim in victims:
        damage = int(world.rng.integers(low, high, endpoint=True))
        harm.hurt(world, victim, damage, "lightning", source=user)
    return None
