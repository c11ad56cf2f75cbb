"""Status effects on any creature: each a name and the turns it has left.

One place holds their rules so that items, traps, gas and monsters all apply them the
same way (``apply``), the world asks here how they bend an action (``redirect``) and
its cost (``cost``), and ``tick`` runs them down once per action the creature takes.
Confusion predates this module and stays ``Actor.confused`` (monsters stumble in
``World``); it is listed and applied here like the rest. Looks (names shown, colours)
are content (``statuses.toml``); the rules are code, so the names are fixed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine import combat
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind, PlayerSlain
from emberdeep.engine.grammar import YOU, Noun, sentence

if TYPE_CHECKING:
    from emberdeep.engine.world import World

POISONED = "poisoned"
HASTED = "hasted"
SLOWED = "slowed"
CONFUSED = "confused"
PARALYSED = "paralysed"
LEVITATING = "levitating"
REGENERATING = "regenerating"
STATUSES = (POISONED, HASTED, SLOWED, CONFUSED, PARALYSED, LEVITATING, REGENERATING)
"""Every status, in the order a panel lists them."""
MAX_TURNS = 1000
"""No status lasts longer (a save holding more is refused)."""
POISON_DAMAGE = 1
ENDED = {
    POISONED: "no longer poisoned",
    HASTED: "no longer hasted",
    SLOWED: "no longer slowed",
    CONFUSED: "no longer confused",
    PARALYSED: "able to move again",
    LEVITATING: "no longer floating",
    REGENERATING: "no longer regenerating",
}
BEGUN = {
    POISONED: ("be", "poisoned"),
    HASTED: ("speed", "up"),
    SLOWED: ("slow", "down"),
    CONFUSED: ("look", "confused"),
    PARALYSED: ("be", "paralysed"),
    LEVITATING: ("float", "up"),
    REGENERATING: ("glow", "with health"),
}
"""What is said when a status begins: a verb (agreeing with who has it) and the rest;
the player "feels" confused where a monster "looks" it."""
OPPOSITES = {HASTED: SLOWED, SLOWED: HASTED}
"""Applying one cancels the other."""


def active(actor: Actor) -> list[tuple[str, int]]:
    """(status, turns left) for each status ``actor`` has, in ``STATUSES`` order: what a
    panel shows."""
    found = dict(actor.statuses)
    if actor.confused:
        found[CONFUSED] = actor.confused
    return [(name, found[name]) for name in STATUSES if name in found]


def has(actor: Actor, name: str) -> bool:
    if name == CONFUSED:
        return actor.confused > 0
    return name in actor.statuses


def apply(actor: Actor, name: str, turns: int, who: Noun | None = None) -> list[Event]:
    """Give ``actor`` the status for ``turns`` (a longer one already running is kept).
    ``who`` names it in the log (``World.noun``; by default "you" or its own name)."""
    if name not in STATUSES:
        raise ValueError(f"unknown status {name!r}")
    turns = max(1, min(MAX_TURNS, turns))
    if name == CONFUSED:
        actor.confused = max(actor.confused, turns)
    else:
        opposite = OPPOSITES.get(name)
        if opposite in actor.statuses:
            del actor.statuses[opposite]
        actor.statuses[name] = max(actor.statuses.get(name, 0), turns)
    if who is None:
        who = YOU if actor.is_player else Noun.named(actor.name)
    verb, rest = BEGUN[name]
    if actor.is_player and verb == "look":
        verb = "feel"
    return [Message(sentence(who, verb, f"{rest}!"), MessageKind.STATUS)]


def cure(actor: Actor, name: str) -> bool:
    """Remove the status; True when there was one."""
    if name == CONFUSED:
        had = actor.confused > 0
        actor.confused = 0
        return had
    return actor.statuses.pop(name, None) is not None


def cost(actor: Actor, time: int) -> int:
    """What an action of ``time`` costs ``actor``: half when hasted, double when slowed."""
    statuses = actor.statuses
    if HASTED in statuses:
        return max(1, time // 2)
    if SLOWED in statuses:
        return time * 2
    return time


def redirect(world: World, actor: Actor, moving: bool) -> str:
    """What a creature does instead of its action: "wait" when paralysed, "stumble" half
    the time for a confused player who moves (monsters always stumble, in ``World``),
    "" when it acts as it chose."""
    if PARALYSED in actor.statuses:
        return "wait"
    if moving and actor.is_player and actor.confused and int(world.rng.integers(2)):
        return "stumble"
    return ""


def tick(world: World, actor: Actor) -> list[Event]:
    """One action's worth of every status: poison hurts, regeneration heals, each runs
    down and says when it ends. A monster's confusion runs down in ``World`` (as it
    stumbles); the player's here."""
    events: list[Event] = []
    statuses = actor.statuses
    if POISONED in statuses and actor.alive:
        events += _poison(world, actor)
    if REGENERATING in statuses and actor.alive and actor.hp < actor.max_hp:
        actor.hp += 1
    ended = []
    for name in list(statuses):
        statuses[name] -= 1
        if statuses[name] <= 0:
            del statuses[name]
            ended.append(name)
    if actor.is_player and actor.confused:
        actor.confused -= 1
        if not actor.confused:
            ended.append(CONFUSED)
    if actor.alive and (actor.is_player or world.floor.visible[actor.position]):
        who = world.noun(actor)
        events += [
            Message(sentence(who, "be", f"{ENDED[name]}."), MessageKind.STATUS) for name in ended
        ]
    return events


def _poison(world: World, actor: Actor) -> list[Event]:
    actor.hp = max(0, actor.hp - POISON_DAMAGE)
    if actor.alive:
        return []
    events = combat.die(world, actor)
    if actor.is_player:
        events.append(PlayerSlain("killed by poison"))
    return events
