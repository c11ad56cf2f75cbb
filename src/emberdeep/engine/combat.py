"""Melee that no single stat solves: to-hit odds, damage ranges, armour that absorbs.

The tutorial's ``power - defense`` made defense a threshold: past it a monster did
nothing, so a player who raised defense became immune. Here defense lowers the odds of
being hit (never below ``MIN_HIT`` percent) and absorbs part of each blow (never all of
it), and power sets a damage *range* rolled on the gameplay stream, so every monster
stays dangerous and every stat helps without deciding the fight alone.
"""

from __future__ import annotations

import numpy as np

from emberdeep.engine.actors import Actor, saturating
from emberdeep.engine.events import Event, Killed, Message, MessageKind, PlayerSlain
from emberdeep.engine.floor import Floor


def capitalized(name: str) -> str:
    return name[:1].upper() + name[1:]


BASE_HIT = 90
"""Percent chance to hit a target with no defense."""
HIT_FALLOFF = 0.93
"""Each point of defense multiplies the chance to be hit by this."""
MIN_HIT = 10
MAX_HIT = 95


def hit_chance(defense: int) -> int:
    """Percent chance that a blow lands on a target with ``defense``."""
    return max(MIN_HIT, min(MAX_HIT, round(BASE_HIT * HIT_FALLOFF ** max(0, defense))))


def damage_range(power: int) -> tuple[int, int]:
    """The damage a blow of ``power`` rolls, lowest and highest: power give or take half."""
    spread = power // 2
    return max(1, power - spread), max(1, power + spread)


SNEAK_ATTACK = 3
"""A sleeping target is always hit, for this many times the damage."""


def attack(
    floor: Floor, attacker: Actor, target: Actor, rng: np.random.Generator, verb: str = "attacks"
) -> list[Event]:
    """One blow: the odds from the target's defense, damage rolled from the attacker's
    power, part of it absorbed by the target's armour (up to half its defense), at
    least 1 when it lands. A sleeper is hit for triple damage, and wakes."""
    kind = MessageKind.PLAYER_ATTACK if attacker.is_player else MessageKind.ENEMY_ATTACK
    what = f"{capitalized(attacker.name)} {verb} {target.name}"
    sleeping, target.asleep = target.asleep, False
    if not sleeping and int(rng.integers(100)) >= hit_chance(target.defense):
        return [Message(f"{what} and misses.", kind)]
    low, high = damage_range(attacker.power)
    rolled = int(rng.integers(low, high, endpoint=True))
    absorbed = int(rng.integers(0, target.defense // 2, endpoint=True))
    damage = max(1, rolled - absorbed) * (SNEAK_ATTACK if sleeping else 1)
    return [
        Message(f"{what} for {damage} hit points.", kind),
        *hurt(floor, target, damage, attacker),
    ]


def hurt(floor: Floor, target: Actor, amount: int, source: Actor) -> list[Event]:
    """Take ``amount`` hit points; a kill by the player earns the victim's experience."""
    target.hp = max(0, target.hp - amount)
    if target.alive:
        return []
    if source.is_player and source is not target:
        source.xp = saturating(source.xp, target.xp)
        return [*die(floor, target), Killed(target.kind)]
    if target.is_player:
        article = "an" if source.name[:1].lower() in "aeiou" else "a"
        by = "their own magic" if source is target else f"{article} {source.name}"
        return [*die(floor, target), PlayerSlain(f"killed by {by}")]
    return die(floor, target)


def scald(floor: Floor, striker: Actor, source: Actor, amount: int) -> list[Event]:
    """Whoever strikes a creature with thorns is hurt by it (a slime's burning ooze)."""
    kind = MessageKind.ENEMY_ATTACK if striker.is_player else MessageKind.STATUS
    who = "You are" if striker.is_player else f"{capitalized(striker.name)} is"
    text = f"{who} scalded by the {source.name} for {amount} hit points!"
    return [Message(text, kind), *hurt(floor, striker, amount, source)]


def die(floor: Floor, actor: Actor) -> list[Event]:
    """The actor becomes its remains: it no longer blocks, acts or counts as living."""
    floor.stop_blocking(actor)
    if actor.is_player:
        return [Message("You died!", MessageKind.PLAYER_DIED)]
    if actor.behaviour == "fading":  # a summoned thing leaves nothing behind
        floor.remove_actor(actor)
        return [Message(f"{capitalized(actor.name)} is destroyed!", MessageKind.ENEMY_DIED)]
    name = actor.name
    actor.name = f"remains of {name}"
    return [Message(f"{capitalized(name)} is dead!", MessageKind.ENEMY_DIED)]
