"""Wards (Brogue's goblin mystic): a spectral shield cast on a friend in the fight, which
takes the next blow that lands on it whole. Kill the mystic first, or strike each
shielded friend twice."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.acts.actions import Action, ActionResult, done
from emberdeep.engine.chase.allies import foe_of, friends_near
from emberdeep.engine.chase.pursuit import Batch
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.events import Refused
from emberdeep.engine.core.flight import clear
from emberdeep.engine.creatures import statuses
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("shields", "turn", reach=(1, 20, 5), turns=(1, 100, 10))
def shields(batch: Batch, i: int, known: Ability) -> Action | None:
    """While its side fights (it has a foe), shield the nearest unshielded friend in
    ``reach`` along a clear line (never itself) for ``turns``."""
    caster, floor = batch.monsters[i], batch.floor
    if foe_of(batch, i) is None:
        return None
    for friend in friends_near(batch, caster, known.number("reach")):
        if (
            friend is not caster
            and statuses.SHIELDED not in friend.statuses
            and clear(floor, caster.position, friend.position)
        ):
            return Ward(friend, known.number("turns"))
    return None


class Ward(msgspec.Struct, frozen=True):
    """Cast a spectral shield on ``friend`` for ``turns``."""

    friend: Actor
    turns: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if not self.friend.alive:
            return Refused("nobody_to_mend")
        statuses.apply(world, self.friend, statuses.SHIELDED, self.turns, "shield", source=actor)
        return done(actor.attack_time)
