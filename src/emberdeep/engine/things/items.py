"""Things to pick up, carry, wear and use: kinds as content describes them, items on a
floor or in a pack, stacks, and equipment's bonuses.

An item's behaviour is its ``effect`` name and parameters from content; what an effect
does is registered in ``effects.py`` (the functions are in ``magic.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.core.events import ItemMoved
from emberdeep.engine.things.effects import EFFECTS, Effect
from emberdeep.records import Shown

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.play.world import World

SLOTS = ("weapon", "armor", "ring")
SLOT_SIZES = {"weapon": 1, "armor": 1, "ring": 2}
"""How many items each slot holds at once: one weapon, one armour, a ring on each hand."""
CATEGORIES = (
    *("potion", "scroll", "wand", "staff", "thrown", "weapon", "armor", "ring", "key"),
    *("food", "treasure"),
)
STACKING = frozenset({"potion", "scroll", "thrown", "food", "key"})
"""Categories carried in stacks (one inventory slot, a count)."""
UNIDENTIFIED = ("potion", "scroll", "wand", "staff")
"""Categories whose kinds start unknown, behind a look shuffled per game (identify.py)."""
INVENTORY_SIZE = 26
WAND_CHARGES_PER_ENCHANT = 2
STARTING_STRENGTH = 12
CLAMOUR_NOISE = 20
"""Percent the bad runic "clamour" adds to every sleeper's chance to wake."""
MAX_STACK = 99


class ItemKind(msgspec.Struct, frozen=True):
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
    bursts: str = ""
    """What it bursts into where it breaks or strikes (``engine/terrain/burst.py``): a
    gas's name or "fire"; a potion that does shatters when thrown."""
    strength: int = 0
    """The strength heavy gear needs: each point the wearer lacks costs it one point of
    enchantment (``gear.bonus``)."""
    regeneration: int = 0
    recharging: int = 0
    """A ring's per-point percent: natural healing and staffs' recharging go faster."""
    known: bool = False
    """Known from the start though its category hides kinds (the scroll of enchanting,
    the currency every player must recognise)."""
    summons: str = ""
    """The monster kind its effect calls up (a staff of conjuration's blades)."""
    breaks: int = 0
    """A thrown weapon's percent chance to break when it hits (not to be picked up)."""
    awareness: int = 0
    clairvoyance: int = 0
    """A ring's per-point numbers: percent added to noticing hidden traps each turn, and
    the radius round the wearer whose layout is known as they walk."""

    @property
    def stacks(self) -> bool:
        return self.category in STACKING

    @property
    def facts(self) -> Effect:
        """What its effect is: how it flies, what it is aimed at, ... (``effects.py``)."""
        return EFFECTS[self.effect]


@dataclass(slots=True, eq=False, repr=False)
class Item(Shown):
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
    enchant: int = 0
    """Scrolls of enchanting spent on it, plus how it was found (negative: a bad one).
    What a point does depends on the category (``gear.py``)."""
    runic: str = ""
    """A weapon's or armour's runic (``runics.py``), good or bad; "" for none."""
    known: bool = True
    """Whether the player knows its enchantment and runic (found gear starts unknown and
    is learnt by wearing it, a runic's flaring or a scroll of identify)."""
    proof: int = 0
    """Turns worn while unknown, toward knowing it (``gear.PROOF_TURNS``)."""
    recharge: int = 0
    """A staff's turns until it regains a charge."""

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def capacity(self) -> int:
        """The charges it holds when full: a wand's content plus what enchanting added, a
        staff's level."""
        if self.kind.category == "staff":
            return max(1, self.kind.charges + self.enchant)
        return max(0, self.kind.charges + WAND_CHARGES_PER_ENCHANT * self.enchant)

    @property
    def charges(self) -> int:
        return max(0, self.capacity - self.used)

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    def state(self) -> tuple[object, ...]:
        return (
            *(self.kind.key, self.x, self.y, self.equipped, self.count, self.used),
            *(self.dropped, self.choice, self.enchant, self.runic, self.known, self.proof),
            self.recharge,
        )


def toggle_equipment(world: World, user: Actor, item: Item, instead: Item | None = None) -> None:
    """Wear ``item`` (taking off whatever held its slot: ``instead`` when given, else
    the oldest) or take it off. The bonuses go straight onto the wearer's stats, so
    combat needs to know nothing of equipment."""
    if item.equipped:
        unequip(world, user, item)
        return
    worn = [o for o in world.inventory if o.equipped and o.kind.slot == item.kind.slot]
    if instead is not None and instead in worn:
        worn.remove(instead)
        worn.insert(0, instead)  # it comes off first
    for other in worn[: max(0, len(worn) - SLOT_SIZES[item.kind.slot] + 1)]:
        unequip(world, user, other)  # the oldest ring comes off for a third
    item.equipped = True
    _wear(user, bonus(item, world.strength), 1)
    change = "wielded" if item.kind.slot == "weapon" else "worn"
    world.emit(ItemMoved(user.who, user.position, world.identity.thing(item), change))


def unequip(world: World, user: Actor, item: Item) -> None:
    item.equipped = False
    _wear(user, bonus(item, world.strength), -1)
    change = "unwielded" if item.kind.slot == "weapon" else "removed"
    world.emit(ItemMoved(user.who, user.position, world.identity.thing(item), change))


class Bonus(msgspec.Struct, frozen=True):
    """What wearing an item adds to its wearer."""

    power: int = 0
    defense: int = 0
    move_time: int = 0
    attack_time: int = 0
    noise: int = 0
    regeneration: int = 0
    recharging: int = 0
    awareness: int = 0
    clairvoyance: int = 0


def effective_enchant(item: Item, strength: int) -> int:
    """Its enchantment less the strength its wearer lacks for it."""
    return item.enchant - max(0, item.kind.strength - strength)


ARMOUR_PER_POINT = 2
"""Defense a point of enchantment on armour gives. A point of defense only lowers the
odds a blow lands and absorbs a little, where a point of power strikes every blow: at
one a point, the armour-first bot won 7 of 100 games to weapon-first's 17 (seed 40).
Corrosion and curses (points below zero) take one a point."""


def bonus(item: Item, strength: int) -> Bonus:
    """A weapon adds its power and each point of enchantment one more; armour its
    defense and each point of enchantment two more (``ARMOUR_PER_POINT``), each point
    below zero one less; a ring its kind's numbers once per point (a ring of protection
    +3 is 3 defense; a cursed -2 takes 2 away). Weight (time, noise) stays the kind's."""
    kind, points = item.kind, effective_enchant(item, strength)
    if kind.slot == "ring":
        return Bonus(
            *(kind.power * points, kind.defense * points, kind.move_time * points),
            *(kind.attack_time * points, kind.noise * points),
            *(kind.regeneration * points, kind.recharging * points),
            *(kind.awareness * points, kind.clairvoyance * points),
        )
    extra_power = points if kind.slot == "weapon" else 0
    extra_defense = 0
    if kind.slot == "armor":
        extra_defense = ARMOUR_PER_POINT * points if points > 0 else points
    noise = kind.noise + (CLAMOUR_NOISE if item.runic == "clamour" else 0)
    return Bonus(
        kind.power + extra_power, kind.defense + extra_defense, kind.move_time,
        kind.attack_time, noise,
    )  # fmt: skip


class Worth(msgspec.Struct, frozen=True):
    """What a piece of gear gives this player now, as far as they know it: ``bonus`` at
    their strength (an unknown enchantment counted as none), and the two causes that
    part it from its kind's figure, each as power (a weapon) or defense (armour) gained
    or lost: its ``enchantment`` (at the strength it needs) and the ``lacking`` strength's
    cost. Every screen that shows gear's figures reads this one answer, so each figure
    is what wearing it does to the player's (hand play read "Defense +8" in the pack for
    +1 plate armour that gave +3 at strength 12)."""

    bonus: Bonus
    enchantment: int
    lacking: int
    """Strength the wearer lacks for it (``ItemKind.strength``)."""
    shortfall: int
    """What ``lacking`` costs (0 or less)."""


def worth(item: Item, strength: int) -> Worth:
    """``Worth`` of ``item`` to a wearer of ``strength``."""
    kind = item.kind
    known = item if item.known else Item(kind)
    now = bonus(known, strength)
    lacking = max(0, kind.strength - strength)
    strong = bonus(known, kind.strength) if lacking else now
    field = "power" if kind.slot == "weapon" else "defense"
    plain, full, given = getattr(kind, field), getattr(strong, field), getattr(now, field)
    enchantment = full - plain if kind.slot in ("weapon", "armor") else 0
    return Worth(now, enchantment, lacking, given - full)


def _wear(user: Actor, gain: Bonus, sign: int) -> None:
    """Put on (sign 1) or take off (-1) an item's bonuses and its weight."""
    user.power += sign * gain.power
    user.defense += sign * gain.defense
    user.move_time += sign * gain.move_time
    user.attack_time += sign * gain.attack_time


def rework(world: World, item: Item | None, change: Callable[[], object]) -> None:
    """Make ``change`` to what a worn item is (its enchantment) or to the wearer's
    strength, keeping the wearer's stats true: the bonuses come off before and go back on
    after. ``item`` None: every worn item (strength touches them all)."""
    player = world.player
    worn = [i for i in world.inventory if i.equipped and (item is None or i is item)]
    for each in worn:
        _wear(player, bonus(each, world.strength), -1)
    change()
    for each in worn:
        _wear(player, bonus(each, world.strength), 1)


def worn_total(world: World, name: str) -> int:
    """A ``Bonus`` field summed over what the player wears (noise, regeneration...)."""
    total = 0
    for item in world.inventory:
        if item.equipped:
            total += getattr(bonus(item, world.strength), name)
    return total


def noise(world: World) -> int:
    """Percent added to sleepers' chance to wake by what the player wears."""
    return worn_total(world, "noise")


def stack_for(inventory: list[Item], item: Item) -> Item | None:
    """The stack of ``inventory`` that ``item`` would join (its kind, when it stacks,
    with room for it), if any."""
    if item.kind.stacks:
        for other in inventory:
            if other.kind is item.kind and other.count + item.count <= MAX_STACK:
                return other
    return None


def has_room(inventory: list[Item], item: Item) -> bool:
    """Whether ``add_to`` would take ``item``: a stack to join, or a free slot."""
    return stack_for(inventory, item) is not None or len(inventory) < INVENTORY_SIZE


def none_fit(inventory: list[Item], here: list[Item]) -> Item | None:
    """The top one of ``here`` (the items on a tile) when the pack has room for none of
    them, else None: what stepping there with a full pack leaves lying."""
    if not here or any(has_room(inventory, item) for item in here):
        return None
    return here[-1]


def add_to(inventory: list[Item], item: Item) -> Item | None:
    """Put ``item`` in ``inventory``, on a stack of its kind when it stacks; returns the
    item that now holds it, or None when there is no room (26 slots)."""
    other = stack_for(inventory, item)
    if other is not None:
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
