"""Things to pick up and use: the tutorial's potion and scrolls, as data plus effects.

An item's behaviour is its ``effect`` name and parameters from content; the effect
functions here decide what happens. Using an item that cannot do anything (full
health, no target in range) is refused with a reason and costs no time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine import combat
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind, Refused
from emberdeep.engine.floor import Floor
from emberdeep.engine.grammar import Noun, hit_points, sentence

if TYPE_CHECKING:
    from emberdeep.engine.world import World

EFFECTS = (
    *("heal", "lightning", "confusion", "fireball", "equip"),
    *("status", "identify", "teleport", "mapping", "aggravate", "gas"),
    *("bolt", "teleport_other", "thrown", "key", "treasure"),
)
TARGETING = {
    "heal": "none",
    "lightning": "none",
    "confusion": "single",
    "fireball": "area",
    "equip": "none",
    "status": "none",
    "identify": "none",
    "teleport": "none",
    "mapping": "none",
    "aggravate": "none",
    "gas": "none",
    "bolt": "single",
    "teleport_other": "single",
    "thrown": "single",
    "key": "none",
    "treasure": "none",
}
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
        return TARGETING[self.effect]


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
        return (self.kind.key, self.x, self.y, self.equipped, self.count, self.used)


@dataclass
class UseResult:
    """What using an item did: the events to tell, and whether one of the stack is gone."""

    events: list[Event]
    consumed: bool


Effect = Callable[["World", Actor, ItemKind, "tuple[int, int] | None"], UseResult]


def refused(reason: str) -> UseResult:
    return UseResult([Refused(reason)], consumed=False)


def living_monsters(floor: Floor, user: Actor) -> list[Actor]:
    return [a for a in floor.actors.values() if a.alive and a is not user]


def heal(world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None) -> UseResult:
    """Heals ``amount`` percent of the user's health (at least 5 HP): a potion is worth as
    much to a veteran as to a beginner."""
    if user.hp >= user.max_hp:
        return refused("Your health is already full.")
    amount = min(max(5, user.max_hp * kind.amount // 100), user.max_hp - user.hp)
    user.hp += amount
    text = f"You feel better, and recover {hit_points(amount)}."
    return UseResult([Message(text, MessageKind.STATUS)], consumed=True)


def lightning(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    """Strikes the closest visible creature within range (ties: the older one)."""
    floor = world.floor
    candidates = [m for m in living_monsters(floor, user) if floor.visible[m.position]]
    if candidates:
        gaps = np.array([(m.x - user.x, m.y - user.y) for m in candidates], dtype=np.float64)
        distances = np.hypot(gaps[:, 0], gaps[:, 1])
        closest = int(np.argmin(distances))
        if distances[closest] <= kind.range:
            victim = candidates[closest]
            text = (
                f"A lightning bolt strikes {world.noun(victim).the} with a loud thunder, "
                f"for {hit_points(kind.amount)}!"
            )
            events: list[Event] = [Message(text, MessageKind.PLAYER_ATTACK)]
            events += combat.hurt(world, victim, kind.amount, user)
            return UseResult(events, consumed=True)
    return refused("No enemy is close enough to strike.")


def confusion(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    floor = world.floor
    if target is None or not floor.in_bounds(*target) or not floor.visible[target]:
        return refused("You cannot target an area that you cannot see.")
    victim = floor.blocker_at(*target)
    if victim is None:
        return refused("You must select an enemy to target.")
    if victim is user:
        return refused("You cannot confuse yourself!")
    victim.confused = kind.turns
    text = f"The eyes of {world.noun(victim).the} look vacant, as it starts to stumble around!"
    return UseResult([Message(text, MessageKind.STATUS)], consumed=True)


def fireball(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    """Everything living within the radius of the target burns, the user included."""
    floor = world.floor
    if target is None or not floor.in_bounds(*target) or not floor.visible[target]:
        return refused("You cannot target an area that you cannot see.")
    tx, ty = target
    victims = [
        a
        for a in floor.actors.values()
        if a.alive and (a.x - tx) ** 2 + (a.y - ty) ** 2 <= kind.radius**2
    ]
    if not victims:
        return refused("There are no targets in the radius.")
    events: list[Event] = []
    for victim in victims:
        noun = world.noun(victim)
        rest = f"engulfed in a fiery explosion, and {noun.verb('take')} {hit_points(kind.amount)}!"
        text = sentence(noun, "be", rest)
        hit = MessageKind.ENEMY_ATTACK if victim.is_player else MessageKind.PLAYER_ATTACK
        events.append(Message(text, hit))
        events += combat.hurt(world, victim, kind.amount, user)
    return UseResult(events, consumed=True)


def treasure(
    world: World, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    """The goal of the game: carried out of the dungeon, it wins; it does nothing else."""
    noun = Noun.named(kind.name, kind.plural, kind.article)
    return refused(sentence(noun, "glow", "warm in your hands. Carry it up and out!"))


EFFECT_FUNCTIONS: dict[str, Effect] = {
    "treasure": treasure,
    "heal": heal,
    "lightning": lightning,
    "confusion": confusion,
    "fireball": fireball,
}


def use(world: World, user: Actor, item: Item, target: tuple[int, int] | None) -> UseResult:
    return EFFECT_FUNCTIONS[item.kind.effect](world, user, item.kind, target)


def toggle_equipment(user: Actor, inventory: list[Item], item: Item) -> list[Event]:
    """Wear ``item`` (taking off whatever held its slot) or take it off. The bonuses go
    straight onto the wearer's stats, so combat needs to know nothing of equipment."""
    if item.equipped:
        return unequip(user, item)
    events: list[Event] = []
    for other in inventory:
        if other.equipped and other.kind.slot == item.kind.slot:
            events += unequip(user, other)
    item.equipped = True
    _wear(user, item.kind, 1)
    verb = "wield" if item.kind.slot == "weapon" else "put on"
    return [*events, Message(f"You {verb} {_known(item).the}.", MessageKind.ITEM)]


def unequip(user: Actor, item: Item) -> list[Event]:
    item.equipped = False
    _wear(user, item.kind, -1)
    verb = "put away" if item.kind.slot == "weapon" else "take off"
    return [Message(f"You {verb} {_known(item).the}.", MessageKind.ITEM)]


def _known(item: Item) -> Noun:
    """Equipment is always known (it hides behind no look)."""
    kind = item.kind
    return Noun.named(kind.name, kind.plural, kind.article)


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
