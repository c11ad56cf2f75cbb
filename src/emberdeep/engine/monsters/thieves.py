"""Thieves (Brogue's monkey): a blow that lands snatches a potion or a scroll from the
player's pack, and the thief runs with it; killed, it leaves it where it falls.

The stolen item does not vanish into the creature: it lies on the floor under the thief
(``Actor.loot`` names its kind) and is carried along with each step it takes while it
runs (``Abscond``), so a save keeps it as any item on the floor and a thief killed, or
made to stumble, simply leaves it lying there. Only what is no more than its kind is
taken (potions and scrolls, never worn or charged gear), so nothing about it is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.acts.actions import Action, ActionResult
from emberdeep.engine.chase.pursuit import Batch
from emberdeep.engine.core.actors import HUNT_MEMORY, Ability, Actor, Mode
from emberdeep.engine.core.events import ItemMoved
from emberdeep.engine.creatures import awareness, harm
from emberdeep.engine.monsters.abilities import ability
from emberdeep.engine.things.items import Item, take_one

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World

STOLEN = ("potion", "scroll")
"""The categories a thief takes: things that are nothing but their kind."""


@ability("steals", "strikes")
def steals(world: World, thief: Actor, target: Actor, known: Ability) -> None:
    """Its blow that lands on the player takes one potion or scroll (the first of the
    pack's order it finds, drawn among them by the dice) and sends it running."""
    if not target.is_player or thief.loot or thief.hp <= 0:
        return
    slots = [n for n, item in enumerate(world.inventory) if item.kind.category in STOLEN]
    if not slots:
        return
    slot = slots[int(world.rng.integers(len(slots)))]
    thing = world.identity.thing(world.inventory[slot])
    item = take_one(world.inventory, slot)
    item.x, item.y, item.equipped, item.dropped = thief.x, thief.y, False, False
    world.floor.items.append(item)
    thief.loot = item.kind.key
    world.emit(ItemMoved(thief.who, thief.position, thing._replace(quantity=1), "stolen"))
    awareness.set_mode(world, thief, Mode.FLEEING)
    thief.hunting = HUNT_MEMORY


@ability("escapes", "turn")
def escapes(batch: Batch, i: int, known: Ability) -> Action | None:
    """While it carries loot it only runs (and, cornered, stands)."""
    thief = batch.monsters[i]
    if not thief.loot:
        return None
    if _loot(batch.floor, thief) is None:  # left behind (it stumbled): a plain monster again
        thief.loot = ""
        return None
    if thief.mode != Mode.FLEEING:
        awareness.set_mode(batch.world, thief, Mode.FLEEING)
    step = batch.pursuit.away(i)
    return Abscond(step) if step is not None else None


def _loot(floor: Floor, thief: Actor) -> Item | None:
    """The item the thief carries: its loot's kind, lying under it."""
    return next((i for i in floor.items_at(thief.x, thief.y) if i.kind.key == thief.loot), None)


class Abscond(msgspec.Struct, frozen=True):
    """A thief's step, its loot carried along."""

    step: Action

    def perform(self, world: World, actor: Actor) -> ActionResult:
        item = _loot(world.floor, actor)
        result = self.step.perform(world, actor)
        if item is not None and actor.position != (item.x, item.y):
            item.x, item.y = actor.x, actor.y
        return result


def dropped(world: World, actor: Actor) -> None:
    """A thief's death leaves its loot lying where it fell (it already lies there)."""
    actor.loot = ""


harm.AFTERMATH.append(dropped)
