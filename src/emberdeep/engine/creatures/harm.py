"""Harm and death, whatever the cause: a blow, a bolt, fire, poison, a runic's recoil.

Kept apart from ``combat.py`` (the odds and damage of a blow) so that everything that
hurts (statuses, runics, magic, abilities) shares one way to take hit points and to die
without importing the rules of melee.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Actor, saturating
from emberdeep.engine.core.events import Died, Hurt, Thing
from emberdeep.engine.core.perception import IMAGE
from emberdeep.engine.creatures import fellowship

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

AFTERMATH: list[Callable[[World, Actor], None]] = []
"""What follows any creature's death, registered by the rooms above (a thief drops its
loot, a bloat bursts: ``monsters/thieves.py``, ``monsters/abilities.py``'s ``dies``
trigger): harm knows nothing of them, and they act however the creature died."""
FIREPROOF = "fireproof"
"""The status that wards off fire (a potion of fire immunity): named here, where the
harm it wards is taken, and listed with the rest in ``statuses``."""
WARDS = {"fire": FIREPROOF, "burning": FIREPROOF}
"""Causes of harm a status wards off entirely."""
MEANS = ("melee", "thrown", "magic", "ally", "other")
"""How the player's side kills (``Died.means``): the balance tool counts them, so it
can say whether one answer (darts) decides every fight."""


def hurt(
    world: World,
    target: Actor,
    amount: int,
    cause: str,
    *,
    source: Actor | None = None,
    thing: Thing | None = None,
    means: str = "other",
) -> None:
    """Damage that is not a blow (fire, poison, a bolt): told, then taken; ``means``
    is how a kill by the player is counted (``MEANS``). A warded cause does nothing."""
    if WARDS.get(cause) in target.statuses:
        return
    world.emit(
        Hurt(target.who, target.position, amount, cause, source.who if source else None, thing)
    )
    take(world, target, amount, source, cause, means=means)


def take(
    world: World,
    target: Actor,
    amount: int,
    source: Actor | None,
    cause: str = "",
    *,
    means: str = "other",
) -> None:
    """Lose ``amount`` hit points; a kill by the player earns the victim's experience
    and is counted (an image's is not). ``means``: how the kill is counted when the
    player made it (``MEANS``)."""
    target.hp = max(0, target.hp - amount)
    if target.alive:
        return
    if source is not None and source.is_player and source is not target:
        source.xp = saturating(source.xp, target.xp)
        if IMAGE not in target.statuses:  # an image struck down was never there
            world.kills[target.kind] = world.kills.get(target.kind, 0) + 1
    fellowship.credit(world, target, source)
    die(world, target, source, cause, kill_means(target, source, means))


def kill_means(victim: Actor, killer: Actor | None, means: str) -> str:
    """How the kill of ``victim`` counts for the player's side: the player's own
    ``means``, "ally" for an ally's, "" for anyone else's (or a friend's death)."""
    if killer is None or killer is victim or victim.friendly:
        return ""
    if killer.is_player:
        return means
    return "ally" if killer.friendly else ""


def die(
    world: World, actor: Actor, killer: Actor | None = None, cause: str = "", means: str = ""
) -> None:
    """The actor becomes its remains (a dead actor: it no longer blocks, acts or counts
    as living). A summoned thing, or an image, leaves nothing behind."""
    floor = world.floor
    floor.stop_blocking(actor)
    kind = world.kinds.get(actor.kind)
    vanished = (kind is not None and not kind.leaves_remains) or IMAGE in actor.statuses
    died = Died(actor.who, actor.position, killer.who if killer else None, cause, vanished, means)
    if actor.is_player:
        world.death = died
    elif vanished:
        floor.remove_actor(actor)
    world.emit(died)
    fellowship.mourn(world, actor, killer, cause)
    for aftermath in AFTERMATH:
        aftermath(world, actor)
