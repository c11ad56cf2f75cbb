"""Grapplers (Brogue's bog monster): a blow that lands holds its target fast, so it
cannot step away until it breaks free or the grappler lets go (dies, or is no longer
next to it). Each step tried while held is a struggle (``acts/struggle.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.creatures import statuses
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("holds", "strikes", turns=(1, 100, 6))
def holds(world: World, grappler: Actor, target: Actor, known: Ability) -> None:
    """Its blow grips the target for ``turns`` (a grip already held is only renewed)."""
    if target.hp > 0 and grappler.hp > 0:
        if statuses.HELD in target.statuses:
            target.statuses[statuses.HELD] = max(
                target.statuses[statuses.HELD], known.number("turns")
            )
            return
        statuses.apply(world, target, statuses.HELD, known.number("turns"), "blow", source=grappler)
