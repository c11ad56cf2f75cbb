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
from emberdeep.engine.core.perception import IMAGE, INVISIBLE, SUBMERGED
from emberdeep.engine.creatures import harm

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World

POISONED = "poisoned"
HASTED = "hasted"
SLOWED = "slowed"
CONFUSED = "confused"
PARALYSED = "paralysed"
LEVITATING = "levitating"
REGENERATING = "regenerating"
FIREPROOF = harm.FIREPROOF
BURNING = "burning"
"""Ablaze: fire's damage each turn until it burns out or water puts it out."""
WEAKENED = "weakened"
"""Its blows are ``WEAKNESS`` weaker (a centipede's bite)."""
HELD = "held"
"""Cannot step away: each try is a struggle (``acts/struggle.py``; a bog monster's grip)."""
SHIELDED = "shielded"
"""The next blow that lands on it is absorbed whole (a goblin mystic's spectral shield)."""
STATUSES = (
    POISONED, HASTED, SLOWED, CONFUSED, PARALYSED, LEVITATING, REGENERATING, BURNING, WEAKENED,
    HELD, SHIELDED, INVISIBLE, SUBMERGED, IMAGE, FIREPROOF,
)  # fmt: skip
"""Every status, in the order a panel lists them. Being hidden (invisible, submerged) is
the perception's rule (``core/perception.hidden``)."""
BANES = frozenset({POISONED, SLOWED, CONFUSED, PARALYSED, BURNING, WEAKENED, HELD})
"""The statuses that harm their bearer; the rest help it (or hide it)."""
UNLISTED = (IMAGE,)
"""Statuses a panel never shows: which of them is real is the question an image asks."""
MAX_TURNS = 1000
"""No status lasts longer (a save holding more is refused)."""
POISON_DAMAGE = 1
BURN_DAMAGE = (1, 3)
"""A burning creature's damage each turn, at least and at most (the play stream rolls)."""
OPPOSITES = {HASTED: SLOWED, SLOWED: HASTED, FIREPROOF: BURNING}
"""Applying a key cancels its value (hasted and slowed each other; fireproof puts out
burning, as Brogue's fire immunity does)."""
WEAKNESS = 1
"""The power a weakened creature's blows lose (never below 1): at 2 (with the war party
from depth 3), the bot died on depth 3 in 5 of its first 8 balance games at seed 41."""


def active(actor: Actor) -> list[tuple[str, int]]:
    """(status, turns left) for each status ``actor`` has, in ``STATUSES`` order: what a
    panel shows."""
    found = dict(actor.statuses)
    if actor.confused:
        found[CONFUSED] = actor.confused
    return [(name, found[name]) for name in STATUSES if name in found and name not in UNLISTED]


def has(actor: Actor, name: str) -> bool:
    if name == CONFUSED:
        return actor.confused > 0
    return name in actor.statuses


def apply(
    world: World, actor: Actor, name: str, turns: int, cause: str, *, source: Actor | None = None
) -> None:
    """Give ``actor`` the status for ``turns`` (a longer one already running is kept).
    ``cause`` says what gave it ("blow", "potion", "trap"...), ``source`` who. A status
    its bearer is warded against is not taken (``harm.WARDS``: a fireproof creature in
    the flames is not ablaze; hand play saw "Burning" on the sidebar of a hero the fire
    could not hurt)."""
    if name not in STATUSES:
        raise ValueError(f"unknown status {name!r}")
    if harm.WARDS.get(name) in actor.statuses:
        return
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


def power(actor: Actor) -> int:
    """The power ``actor``'s blows strike with: less while weakened."""
    if WEAKENED in actor.statuses:
        return max(1, actor.power - WEAKNESS)
    return actor.power


def absorbed(world: World, target: Actor, damage: int) -> int:
    """The damage of a blow that lands on ``target`` once its shield, if it has one,
    took it: a shield takes one whole blow and breaks (told as the status lost, cause
    "absorbed")."""
    if damage <= 0 or SHIELDED not in target.statuses:
        return damage
    del target.statuses[SHIELDED]
    world.emit(StatusChanged(target.who, target.position, SHIELDED, False, 0, "absorbed"))
    return 0


def remove(world: World, actor: Actor, name: str) -> None:
    """End a status at once (not confusion), told as its end."""
    if actor.statuses.pop(name, None) is not None and actor.alive:
        world.emit(StatusChanged(actor.who, actor.position, name, False))


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
    """One action's worth of every status: poison and fire hurt, regeneration heals, each runs
    down and says when it ends. A monster's confusion runs down in ``World`` (as it
    stumbles); the player's here."""
    statuses = actor.statuses
    if POISONED in statuses and actor.alive:
        _poison(world, actor)
    if BURNING in statuses and actor.alive:
        low, high = BURN_DAMAGE
        amount = int(world.rng.integers(low, high, endpoint=True))
        harm.hurt(world, actor, amount, "burning", source=_fire_setter(world.floor, actor))
    if REGENERATING in statuses and actor.alive and actor.hp < actor.max_hp:
        actor.hp += 1
    if statuses.get(IMAGE) == 1 and actor.alive:  # an image's time is up
        actor.hp = 0
        harm.die(world, actor, cause="faded")
        return
    ended = []
    for name in list(statuses):
        statuses[name] -= 1
        if statuses[name] <= 0:
            del statuses[name]
            ended.append(name)
    if BURNING not in statuses:
        actor.ablaze_by = 0
    if actor.is_player and actor.confused:
        actor.confused -= 1
        if not actor.confused:
            ended.append(CONFUSED)
    if actor.alive:
        for name in ended:
            world.emit(StatusChanged(actor.who, actor.position, name, False))


def _fire_setter(floor: Floor, actor: Actor) -> Actor | None:
    """Whose fire ``actor`` burns by (``Actor.ablaze_by``), while they are still on its
    floor: a death by it is their kill, experience and all."""
    if not actor.ablaze_by:
        return None
    setter = floor.actors.get(actor.ablaze_by)
    return setter if setter is not None and setter is not actor else None


def poison_left(actor: Actor) -> int:
    """The health the poison in ``actor`` will still take if nothing ends it early."""
    return actor.statuses.get(POISONED, 0) * POISON_DAMAGE


def _poison(world: World, actor: Actor) -> None:
    """Poison's sting each turn: a tick of health, told only when it kills."""
    actor.hp = max(0, actor.hp - POISON_DAMAGE)
    if not actor.alive:
        harm.die(world, actor, cause="poison")
