"""Monsters that cannot be seen: the invisible, and those that slip under deep water.

Being hidden is a status (``invisible``, ``submerged``) and whether the player sees a
creature is the perception's one rule (``core/perception.hidden``), so the map, the
sidebar, aiming, auto-explore, the bot and the agents agree. These abilities only keep
the status: ``invisible`` puts it back on every turn, ``submerge`` while the creature
stands in deep water, and ``reveals`` takes it off when a blow of its lands, so the player
sees it for the turn after it strikes (Brogue's phantom and eel): fight it in a corridor
where it must come to you, fill the room with gas, or keep out of the water.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.acts.actions import Action
from emberdeep.engine.chase.pursuit import Batch
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import INVISIBLE, SUBMERGED
from emberdeep.engine.creatures import statuses
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("invisible", "upkeep")
def invisible(batch: Batch, i: int, known: Ability) -> Action | None:
    """Awake, it is unseen: the veil returns each turn after a blow showed it."""
    monster = batch.monsters[i]
    if INVISIBLE not in monster.statuses:
        statuses.apply(batch.world, monster, INVISIBLE, statuses.MAX_TURNS, "veil")
    return None


@ability("submerge", "upkeep")
def submerge(batch: Batch, i: int, known: Ability) -> Action | None:
    """In deep water it swims under the surface, unseen (out of it the status hides
    nothing: ``perception.hidden`` asks the tile); on dry land it is plain to see."""
    monster = batch.monsters[i]
    wet = batch.floor.tiles.item(monster.x, monster.y) == Tile.DEEP_WATER
    if wet and SUBMERGED not in monster.statuses:
        statuses.apply(batch.world, monster, SUBMERGED, statuses.MAX_TURNS, "water")
    elif not wet and SUBMERGED in monster.statuses:
        statuses.remove(batch.world, monster, SUBMERGED)
    return None


@ability("reveals", "strikes")
def reveals(world: World, striker: Actor, target: Actor, known: Ability) -> None:
    """A blow that lands shows where it is, until its next turn."""
    for hiding in (INVISIBLE, SUBMERGED):
        statuses.remove(world, striker, hiding)
