"""Melee that no single stat solves: to-hit odds, damage ranges, armour that absorbs.

The tutorial's ``power - defense`` made defense a threshold: past it a monster did
nothing, so a player who raised defense became immune. Here defense lowers the odds of
being hit (never below ``MIN_HIT`` percent) and absorbs part of each blow (never all of
it), and power sets a damage *range* rolled on the gameplay stream, so every monster
stays dangerous and every stat helps without deciding the fight alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.actors import Actor, saturating
from emberdeep.engine.events import Event, Killed, Message, MessageKind, PlayerSlain
from emberdeep.engine.grammar import hit_points, sentence

if TYPE_CHECKING:
    from emberdeep.engine.world import World


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


def attack(world: World, attacker: Actor, target: Actor, verb: str = "hit") -> list[Event]:
    """One blow: the odds from the target's defense, damage rolled from the attacker's
    power, part of it absorbed by the target's armour (up to half its defense), at
    least 1 when it lands. A sleeper is hit for triple damage, and wakes. ``verb`` is
    what the blow is called ("hit", "shoot"), said in the attacker's person: "You hit
    the orc for 3 hit points.", "The goblin archer shoots you for 1 hit point."."""
    rng = world.rng
    kind = blow_kind(attacker, target)
    who, whom = world.noun(attacker), world.noun(target)
    sleeping, target.asleep = target.asleep, False
    if not sleeping and int(rng.integers(100)) >= hit_chance(target.defense):
        if verb == "hit":  # "You miss the orc.", "The orc misses you."
            return [Message(sentence(who, "miss", f"{whom.the}."), kind)]
        missed = f"at {whom.the}, and {who.verb('miss')}."  # "...shoots at you, and misses."
        return [Message(sentence(who, verb, missed), kind)]
    low, high = damage_range(attacker.power)
    rolled = int(rng.integers(low, high, endpoint=True))
    absorbed = int(rng.integers(0, target.defense // 2, endpoint=True))
    damage = max(1, rolled - absorbed) * (SNEAK_ATTACK if sleeping else 1)
    victim = f"the sleeping {whom.singular}" if sleeping and not whom.is_you else whom.the
    text = sentence(who, verb, f"{victim} for {hit_points(damage)}{'!' if sleeping else '.'}")
    return [Message(text, kind), *hurt(world, target, damage, attacker)]


def blow_kind(attacker: Actor, target: Actor) -> MessageKind:
    """The player's blows, blows at the player, and (plain news) one creature's at another."""
    if attacker.is_player:
        return MessageKind.PLAYER_ATTACK
    return MessageKind.ENEMY_ATTACK if target.is_player else MessageKind.INFO


def hurt(world: World, target: Actor, amount: int, source: Actor) -> list[Event]:
    """Take ``amount`` hit points; a kill by the player earns the victim's experience."""
    target.hp = max(0, target.hp - amount)
    if target.alive:
        return []
    if source.is_player and source is not target:
        source.xp = saturating(source.xp, target.xp)
        return [*die(world, target, killer=source), Killed(target.kind)]
    if target.is_player:
        by = "their own magic" if source is target else world.noun(source).a
        return [*die(world, target), PlayerSlain(f"killed by {by}")]
    return die(world, target)


def scald(world: World, striker: Actor, source: Actor, amount: int) -> list[Event]:
    """Whoever strikes a creature with thorns is hurt by it (a slime's burning ooze)."""
    kind = MessageKind.ENEMY_ATTACK if striker.is_player else MessageKind.STATUS
    rest = f"scalded by {world.noun(source).the} for {hit_points(amount)}!"
    text = sentence(world.noun(striker), "be", rest)
    return [Message(text, kind), *hurt(world, striker, amount, source)]


def die(world: World, actor: Actor, killer: Actor | None = None) -> list[Event]:
    """The actor becomes its remains: it no longer blocks, acts or counts as living.
    "You kill the orc!" when the player did it, else "The orc dies."."""
    floor = world.floor
    floor.stop_blocking(actor)
    if actor.is_player:
        return [Message("You die...", MessageKind.PLAYER_DIED)]
    noun = world.noun(actor)
    if actor.behaviour == "fading":  # a summoned thing leaves nothing behind
        floor.remove_actor(actor)
        return [Message(sentence(noun, "vanish", "!"), MessageKind.ENEMY_DIED)]
    actor.name = f"remains of {actor.name}"
    if killer is not None and killer.is_player:
        return [Message(f"You kill {noun.the}!", MessageKind.ENEMY_DIED)]
    return [Message(sentence(noun, "die", "."), MessageKind.ENEMY_DIED)]
