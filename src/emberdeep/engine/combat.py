"""Melee as in the tutorial: damage = power - defense, no dice; the dead leave remains."""

from __future__ import annotations

from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Killed, Message, MessageKind, PlayerSlain
from emberdeep.engine.floor import Floor


def capitalized(name: str) -> str:
    return name[:1].upper() + name[1:]


def attack(floor: Floor, attacker: Actor, target: Actor) -> list[Event]:
    damage = max(0, attacker.power - target.defense)
    kind = MessageKind.PLAYER_ATTACK if attacker.is_player else MessageKind.ENEMY_ATTACK
    what = f"{capitalized(attacker.name)} attacks {target.name}"
    if damage == 0:
        return [Message(f"{what} but does no damage.", kind)]
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
        source.xp += target.xp
        return [*die(floor, target), Killed(target.kind)]
    if target.is_player:
        article = "an" if source.name[:1].lower() in "aeiou" else "a"
        by = "their own magic" if source is target else f"{article} {source.name}"
        return [*die(floor, target), PlayerSlain(f"killed by {by}")]
    return die(floor, target)


def die(floor: Floor, actor: Actor) -> list[Event]:
    """The actor becomes its remains: it no longer blocks, acts or counts as living."""
    floor.stop_blocking(actor)
    if actor.is_player:
        return [Message("You died!", MessageKind.PLAYER_DIED)]
    name = actor.name
    actor.name = f"remains of {name}"
    return [Message(f"{capitalized(name)} is dead!", MessageKind.ENEMY_DIED)]
