"""Bursting (Brogue's bloat): a slow, frail bag of caustic gas that bursts when it dies,
wherever and however it dies. Kill it from afar (a dart), or away from you, and do not
stand in the cloud (``terrain/gas.py`` spreads and thins it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Ability, Actor, ActorKind
from emberdeep.engine.monsters.abilities import ability
from emberdeep.engine.terrain import gas

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("bursts", "dies", amount=(1, 100, 6))
def bursts(world: World, bag: Actor, known: Ability) -> None:
    """Release ``amount`` tiles' worth of gas where it died (a gas trap gives 14), to
    spread and thin by the gas's own rules."""
    gas.release(world, bag.x, bag.y, float(known.number("amount")))


def bursting(kind: ActorKind) -> bool:
    """Whether a creature of ``kind`` bursts when it dies (for whoever would rather not
    kill it in melee: the bot)."""
    return kind.ability("bursts") is not None
