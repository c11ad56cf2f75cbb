"""Status effects on any creature: each a name and the turns it has left.

One place holds their rules so that items, traps, gas and monsters all apply them the
same way (``apply``), the world asks here how they bend an action (``redirect``) and
its cost (``cost``), and ``tick`` runs them down once per action the creature takes.
Confusion predates this module and stays ``Actor.confused`` (monsters stumble in
``monster_turns``); it is listed and applied here like the rest. Looks (names shown, colours)
are content (``statuses.toml``); the rules are code, so the names are fixed here. What is
said when one begins or ends is the narration's (``session/creature_sentences.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.events import StatusChanged
from emberdeep.engine.creatures import harm

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

POISONED = "poisoned"
HASTED = "hasted"
SLOWED = "slowed"
CONFUSED = "confused"
PARALYSED = "paralysed"
LEVITATING = "levitating"
REGENERATING = "regenerating"
FIREPROOF = harm.FIREPROOF
STATUSES = (
    *(POISONED, HASTED, SLOWED, CONFUSED, PARALYSED, LEVITATING, REGENERATING),
    FIREPROOF,
)
"""Every status, in the order a panel lists them."""
MAX_TURNS = 1000
"""No status lasts longer (a save holding more is refused)."""
POISON_DAMAGE = 1
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


def apply(
    world: World, actor: Actor, name: str, turns: int, cause: str, *, source: Actor | None = None
) -> None:
    """Give ``actor`` the status for ``turns`` (a longer one already running is kept).
    ``cause`` says what gave it ("blow", "potion", "trap"...), ``source`` who."""
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
    world.emit(
        StatusChanged(
            actor.who, actor.position, name, True, turns, cause, source.who if source else None
        )
    )


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


def tick(world: World, actor: Actor) -> None:
    """One action's worth of every status: poison hurts, regeneration heals, each runs
    down and says when it ends. A monster's confusion runs down in ``World`` (as it
    stumbles); the player's here."""
    statuses = actor.statuses
    if POISONED in statuses and actor.alive:
        _poison(world, actor)
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
    if actor.alive:
        for name in ended:
            world.emit(StatusChanged(actor.who, actor.position, name, False))


def _poison(world: World, actor: Actor) -> None:
    """Poison's sting each turn: a tick of health, told only when it kills."""
    actor.hp = max(0, actor.hp - POISON_DAMAGE)
    if not actor.alive:
        harm.die(world, actor, cause="poison")
