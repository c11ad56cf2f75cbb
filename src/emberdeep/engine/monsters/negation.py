"""A caster of negation (Brogue's dar priestess): it strips its foe of what magic gives
(haste, levitation, regeneration, invisibility) and unmakes what magic made on its foe's
side (an image, a conjured blade), so it asks the player not to lean on a potion in its
sight, and to reach it first; it mends its friends (``mend``) besides."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.acts.actions import Action, ActionResult, done
from emberdeep.engine.chase.allies import foe_of
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.events import Refused, StatusChanged
from emberdeep.engine.core.flight import clear
from emberdeep.engine.core.perception import IMAGE, INVISIBLE
from emberdeep.engine.creatures import harm, statuses
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

NEGATED = (statuses.HASTED, statuses.LEVITATING, statuses.REGENERATING, INVISIBLE)
"""What magic gives that negation takes away."""


@ability("negate", "turn", reach=(1, 20, 6))
def negate(batch: Batch, i: int, known: Ability) -> Action | None:
    """When its foe within ``reach``, along a clear line, carries magic (a status of
    ``NEGATED``, or it is a conjured or illusory thing), negate it."""
    monster = batch.monsters[i]
    foe = foe_of(batch, i)
    if foe is None or gap(monster, foe) > known.number("reach"):
        return None
    if not magical(batch.world, foe) or not clear(batch.floor, monster.position, foe.position):
        return None
    return Negate(foe)


def magical(world: World, actor: Actor) -> bool:
    """Whether negation would change ``actor``."""
    kind = world.kinds.get(actor.kind)
    made = IMAGE in actor.statuses or (kind is not None and not kind.leaves_remains)
    return made or any(name in actor.statuses for name in NEGATED)


class Negate(msgspec.Struct, frozen=True):
    """Take ``target``'s magic away: its gifts end, and a made thing is unmade."""

    target: Actor

    def perform(self, world: World, actor: Actor) -> ActionResult:
        target = self.target
        if not target.alive or not magical(world, target):
            return Refused("nothing_to_negate")
        kind = world.kinds.get(target.kind)
        if IMAGE in target.statuses or (kind is not None and not kind.leaves_remains):
            target.hp = 0
            harm.die(world, target, actor, "negated")
            return done(actor.attack_time)
        for name in NEGATED:
            if target.statuses.pop(name, None) is not None:
                world.emit(
                    StatusChanged(
                        target.who, target.position, name, False, 0, "negation", actor.who
                    )
                )
        return done(actor.attack_time)
