"""A monster whose touch drinks the enchantment from the player's worn gear (Brogue's imp):
the scrolls spent on a weapon or an armour are what it takes, so it asks the player to
kill it before it touches them (from afar, or with a first strike) rather than trade
blows; it then blinks away (``blink``) with what it took."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.events import Enchanted
from emberdeep.engine.monsters.abilities import ability
from emberdeep.engine.things import items

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

SAPPED_SLOTS = ("weapon", "armor")


@ability("sap", "strikes", points=(1, 5, 1))
def sap(world: World, striker: Actor, target: Actor, known: Ability) -> None:
    """A blow on the player takes ``points`` of enchantment from one worn weapon or
    armour that has any (never below +0)."""
    if not target.is_player or striker.hp <= 0:
        return
    enchanted = [
        i for i in world.inventory if i.equipped and i.kind.slot in SAPPED_SLOTS and i.enchant > 0
    ]
    if not enchanted:
        return
    item = enchanted[int(world.rng.integers(len(enchanted)))]
    points = min(known.number("points"), item.enchant)

    def drain() -> None:
        item.enchant -= points

    items.rework(world, item, drain)
    world.emit(Enchanted(world.identity.thing(item), sapped=striker.who))
