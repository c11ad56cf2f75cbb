"""Runics: the magic some weapons and armour are forged with, good or bad, found unknown.

A weapon's runic may act when its wielder's blow lands; an armour's when its wearer is
struck (or, for the passive ones, all the time). Each is one function here, registered
with its side and whether it is a curse. The chance a runic acts grows with the item's
enchantment, so a scroll spent on a runic blade buys more than a point of damage: the
reason to invest in one item rather than spread scrolls thin. A runic that acts tells
the player what it is (``RunicFlared``), as Brogue's do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.events import Healed, RunicFlared
from emberdeep.engine.creatures import harm, statuses
from emberdeep.engine.things.items import Item, effective_enchant

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

Act = Callable[["World", Actor, Actor, Item, int], int]
"""(world, wearer, other creature, item, damage) -> the damage after it acted."""


class Runic(msgspec.Struct, frozen=True):
    slot: str
    """"weapon" or "armor"."""
    bad: bool
    chance: int
    """Percent chance to act at +0..."""
    per_point: int
    """...and percent more per point of effective enchantment."""
    act: Act | None = None
    """What it does when it acts; None for a passive runic (``wears``)."""
    quiet: bool = False
    """Once known, it acts without a word (armour that soaks every blow)."""


RUNICS: dict[str, Runic] = {}


def runic(
    name: str,
    slot: str,
    *,
    bad: bool = False,
    chance: int = 100,
    per_point: int = 0,
    quiet: bool = False,
) -> Callable[[Act], Act]:
    def register(act: Act) -> Act:
        RUNICS[name] = Runic(slot, bad, chance, per_point, act, quiet)
        return act

    return register


def passive(name: str, slot: str, *, bad: bool = False) -> None:
    RUNICS[name] = Runic(slot, bad, 100, 0)


def of_slot(slot: str, bad: bool) -> tuple[str, ...]:
    """The runics gear for ``slot`` may be forged with, good or bad, in a fixed order."""
    return tuple(sorted(n for n, r in RUNICS.items() if r.slot == slot and r.bad == bad))


def worn_with(world: World, name: str) -> Item | None:
    """The item the player wears with runic ``name``, if any."""
    for item in world.inventory:
        if item.equipped and item.runic == name:
            return item
    return None


def wears(world: World, name: str) -> bool:
    """Whether the player wears a passive runic ``name`` (and so now knows it)."""
    item = worn_with(world, name)
    if item is None:
        return False
    item.known = True
    return True


def landed(world: World, attacker: Actor, target: Actor, damage: int) -> int:
    """The player's blow landed for ``damage``: their weapon's runic may act."""
    return _try(world, attacker, target, "weapon", damage)


def struck(world: World, attacker: Actor, target: Actor, damage: int) -> int:
    """The player was struck for ``damage``: their armour's runic may act; returns the
    damage they take."""
    return _try(world, target, attacker, "armor", damage)


def _try(world: World, wearer: Actor, other: Actor, slot: str, damage: int) -> int:
    for item in world.inventory:
        if not (item.equipped and item.runic and item.kind.slot == slot):
            continue
        rule = RUNICS.get(item.runic)
        if rule is None or rule.act is None:
            return damage
        points = effective_enchant(item, world.strength)
        if int(world.rng.integers(100)) >= rule.chance + rule.per_point * points:
            return damage
        if not (rule.quiet and item.known):
            item.known = True
            target = other.who if other.alive else None
            thing = world.identity.thing(item)
            world.emit(RunicFlared(wearer.who, target, other.position, item.runic, thing))
        return rule.act(world, wearer, other, item, damage)
    return damage


def _points(world: World, item: Item) -> int:
    return max(0, effective_enchant(item, world.strength))


# -- weapons --------------------------------------------------------------------------


@runic("slaying", "weapon", chance=4, per_point=2)
def slaying(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    """The blow kills outright (what is not unique)."""
    kind = world.kinds.get(other.kind)
    if kind is not None and kind.article == "the":
        return damage
    return max(damage, other.hp)


@runic("paralysis", "weapon", chance=8, per_point=3)
def paralysis(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    turns = 2 + _points(world, item)
    statuses.apply(world, other, statuses.PARALYSED, turns, "runic", source=wearer)
    return damage


@runic("slowing", "weapon", chance=15, per_point=4)
def slowing(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    turns = 8 + 2 * _points(world, item)
    statuses.apply(world, other, statuses.SLOWED, turns, "runic", source=wearer)
    return damage


@runic("confusion", "weapon", chance=12, per_point=3)
def confusion(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    turns = 4 + _points(world, item)
    statuses.apply(world, other, statuses.CONFUSED, turns, "runic", source=wearer)
    return damage


@runic("mercy", "weapon", bad=True, chance=40)
def mercy(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    """The struck creature is healed (after the blow) by half its health."""
    if other.alive:
        healed = min(other.max_hp // 2, other.max_hp - max(0, other.hp - damage))
        if healed > 0:
            other.hp += healed
            world.emit(Healed(other.who, other.position, healed, "runic"))
    return damage


@runic("backlash", "weapon", bad=True, chance=30)
def backlash(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    """The wielder feels a third of the blow."""
    harm.hurt(world, wearer, max(1, damage // 3), "backlash", source=wearer)
    return damage


# -- armour ---------------------------------------------------------------------------


@runic("absorption", "armor", quiet=True)
def absorption(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    """Each blow loses up to 1 + the armour's points of damage (at least 1 is felt)."""
    soaked = int(world.rng.integers(1, 2 + _points(world, item), endpoint=False))
    return max(1, damage - soaked)


@runic("reprisal", "armor", chance=30, per_point=5)
def reprisal(world: World, wearer: Actor, other: Actor, item: Item, damage: int) -> int:
    """The attacker is hurt as much as it hurt."""
    if other.alive:
        harm.hurt(world, other, max(1, damage), "reprisal", source=wearer)
    return damage


passive("respiration", "armor")
"""Gas does not hurt the wearer (``gas.turn`` asks)."""
passive("vulnerability", "armor", bad=True)
"""Every blow at the wearer lands (``combat.attack`` asks)."""
passive("clamour", "armor", bad=True)
"""Sleepers wake far more readily (``items.bonus`` adds the noise)."""
