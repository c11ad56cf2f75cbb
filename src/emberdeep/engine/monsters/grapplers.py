"""Grapplers (Brogue's bog monster): a blow that lands holds its target fast, so it
cannot step away until it breaks free or the grappler lets go (dies, or is no longer
next to it). Each step tried while held is a struggle (``acts/struggle.py``).

A grip whose holder is gone ends at once, not at the held one's next step: hand play saw
"Held (3)" in the sidebar after the bog monster died (``struggle.let_go``: at the holder's
death for each creature it held, and after each of the player's turns: a blink away)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.acts.struggle import GRIPS, let_go
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.creatures import harm, statuses
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


def died(world: World, actor: Actor) -> None:
    """A grappler's death lets go of those it held (unless another holds them too)."""
    kind = world.kinds.get(actor.kind)
    if kind is None or kind.ability(GRIPS) is None:
        return
    for other in list(world.floor.actors.values()):
        if max(abs(other.x - actor.x), abs(other.y - actor.y)) <= 1:
            let_go(world, other)


harm.AFTERMATH.append(died)
