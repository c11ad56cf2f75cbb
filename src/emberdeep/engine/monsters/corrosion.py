"""Acid (Brogue's acid mound): its touch eats a point of the armour you wear, and a
weapon that strikes it loses a point too. Fight it bare-handed, from afar, or take the
armour off first; each point lost is a scroll of enchanting undone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Ability, Actor, ActorKind
from emberdeep.engine.core.events import Corroded
from emberdeep.engine.creatures import gear
from emberdeep.engine.monsters.abilities import ability
from emberdeep.engine.things.items import rework

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


def corrode(world: World, acid: Actor, slot: str) -> None:
    """The player's worn item of ``slot`` loses a point of enchantment (kept true on the
    wearer's stats), told as ``Corroded``."""
    worn = next((i for i in world.inventory if i.equipped and i.kind.slot == slot), None)
    if worn is None or worn.enchant <= -gear.MAX_ENCHANT:
        return

    def eat() -> None:
        worn.enchant -= 1

    rework(world, worn, eat)
    world.emit(Corroded(acid.who, world.identity.thing(worn)))


@ability("corrodes", "strikes")
def corrodes(world: World, acid: Actor, target: Actor, known: Ability) -> None:
    """Its blow that lands on the player eats at the armour worn."""
    if target.is_player and target.hp > 0:
        corrode(world, acid, "armor")


@ability("acidic", "struck")
def acidic(world: World, acid: Actor, striker: Actor, known: Ability) -> None:
    """The player's weapon that strikes it and leaves it alive is eaten (a bare hand is
    not; a killing blow goes through)."""
    if striker.is_player and acid.hp > 0:
        corrode(world, acid, "weapon")


def corrodes_blades(kind: ActorKind) -> bool:
    """Whether a weapon that strikes a creature of ``kind`` is eaten (for whoever would
    rather fight it bare-handed: the bot)."""
    return kind.ability("acidic") is not None
