"""Things to pick up, carry, wear and use: kinds as content describes them, items on a
floor or in a pack, stacks, and equipment's bonuses.

An item's behaviour is its ``effect`` name and parameters from content; what an effect
does is registered in ``effects.py`` (the functions are in ``magic.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from emberdeep.engine.effects import EFFECTS
from emberdeep.engine.events import ItemMoved

if TYPE_CHECKING:
    from emberdeep.engine.actors import Actor
    from emberdeep.engine.world import World

SLOTS = ("weapon", "armor", "ring")
CATEGORIES = ("potion", "scroll", "wand", "thrown", "weapon", "armor", "ring", "key", "treasure")
STACKING = frozenset({"potion", "scroll", "thrown"})
"""Categories carried in stacks (one inventory slot, a count)."""
UNIDENTIFIED = ("potion", "scroll", "wand")
"""Categories whose kinds start unknown, behind a look shuffled per game (identify.py)."""
INVENTORY_SIZE = 26
MAX_STACK = 99


@dataclass(frozen=True)
class ItemKind:
    """An item as content describes it. Unused parameters stay 0."""

    key: str
    name: str
    effect: str
    amount: int = 0
    """Healing or damage."""
    range: int = 0
    """How far the effect reaches from the player (lightning)."""
    radius: int = 0
    """Blast radius around the target (fireball)."""
    turns: int = 0
    """Duration (confusion)."""
    slot: str = ""
    """Where it is worn ("weapon", "armor"); only for ``effect = "equip"``."""
    power: int = 0
    defense: int = 0
    """Bonuses while equipped."""
    category: str = ""
    """One of ``CATEGORIES`` (content says which; old tutorial kinds are guessed)."""
    status: str = ""
    """The status the effect gives (``statuses.STATUSES``), for "status" and "bolt"."""
    charges: int = 0
    """Uses a wand holds."""
    move_time: int = 0
    attack_time: int = 0
    """Added to the wearer's action times (heavy armour is slow, a dagger quick)."""
    noise: int = 0
    """Percent added to every sleeper's chance to wake each turn while worn."""
    description: str = ""
    """What a known item is said to do."""
    bundle: int = 1
    """How many lie together when one is found (a handful of darts)."""
    plural: str = ""
    """How the log names more than one, when the regular rule is wrong."""
    article: str = ""
    """"a" or "an" when the spelling misleads, "the" for a unique thing (``grammar``)."""

    @property
    def stacks(self) -> bool:
        return self.category in STACKING

    @property
    def targeting(self) -> str:
        """How the player aims it: "none", "single" (a creature) or "area" (a tile)."""
        return EFFECTS[self.effect].targeting


@dataclass(slots=True, eq=False)
class Item:
    """An item on a floor or in a pack: a kind, how many, whether worn, charges spent."""

    kind: ItemKind
    x: int = -1
    y: int = -1
    equipped: bool = False
    count: int = 1
    """How many in this stack (always 1 for kinds that do not stack)."""
    used: int = 0
    """Charges spent (a wand's left: ``kind.charges - used``)."""
    dropped: bool = False
    """Put down by the player, who meant to: auto-explore leaves it where it lies."""
    choice: int = 0
    """A choice vault's number (0: none): taking one item of a choice loses the others
    lying there, so auto-explore never takes one."""

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def charges(self) -> int:
        return max(0, self.kind.charges - self.used)

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    def state(self) -> tuple[object, ...]:
        return (
            *(self.kind.key, self.x, self.y, self.equipped, self.count, self.used),
            *(self.dropped, self.choice),
        )


def toggle_equipment(world: World, user: Actor, item: Item) -> None:
    """Wear ``item`` (taking off whatever held its slot) or take it off. The bonuses go
    straight onto the wearer's stats, so combat needs to know nothing of equipment."""
    if item.equipped:
        unequip(world, user, item)
        return
    for other in world.inventory:
        if other.equipped and other.kind.slot == item.kind.slot:
            unequip(world, user, other)
    item.equipped = True
    _wear(user, item.kind, 1)
    change = "wielded" if item.kind.slot == "weapon" else "worn"
    world.emit(ItemMoved(user.who, user.position, world.identity.thing(item), change))


def unequip(world: World, user: Actor, item: Item) -> None:
    item.equipped = False
    _wear(user, item.kind, -1)
    change = "unwielded" if item.kind.slot == "weapon" else "removed"
    world.emit(ItemMoved(user.who, user.position, world.identity.thing(item), change))


def _wear(user: Actor, kind: ItemKind, sign: int) -> None:
    """Put on (sign 1) or take off (-1) a kind's bonuses and its weight."""
    user.power += sign * kind.power
    user.defense += sign * kind.defense
    user.move_time += sign * kind.move_time
    user.attack_time += sign * kind.attack_time


def noise(inventory: list[Item]) -> int:
    """Percent added to sleepers' chance to wake by what the player wears."""
    return sum(item.kind.noise for item in inventory if item.equipped)


def add_to(inventory: list[Item], item: Item) -> Item | None:
    """Put ``item`` in ``inventory``, on a stack of its kind when it stacks; returns the
    item that now holds it, or None when there is no room (26 slots)."""
    if item.kind.stacks:
        for other in inventory:
            if other.kind is item.kind and other.count + item.count <= MAX_STACK:
                other.count += item.count
                return other
    if len(inventory) >= INVENTORY_SIZE:
        return None
    item.x, item.y = -1, -1  # carried: no place on the floor (and none in a save)
    item.dropped, item.choice = False, 0
    inventory.append(item)
    return item


def take_one(inventory: list[Item], slot: int) -> Item:
    """One item off the stack in ``slot`` (the whole item when it is the last)."""
    item = inventory[slot]
    if item.count > 1:
        item.count -= 1
        return Item(item.kind, used=item.used)
    del inventory[slot]
    return item
