"""Things to pick up and use: the tutorial's potion and scrolls, as data plus effects.

An item's behaviour is its ``effect`` name and parameters from content; the effect
functions here decide what happens. Using an item that cannot do anything (full
health, no target in range) is refused with a reason and costs no time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from emberdeep.engine import combat
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind, Refused
from emberdeep.engine.floor import Floor

EFFECTS = ("heal", "lightning", "confusion", "fireball", "equip", "treasure")
TARGETING = {
    "heal": "none",
    "lightning": "none",
    "confusion": "single",
    "fireball": "area",
    "equip": "none",
    "treasure": "none",
}
SLOTS = ("weapon", "armor")
INVENTORY_SIZE = 26


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

    @property
    def targeting(self) -> str:
        """How the player aims it: "none", "single" (a creature) or "area" (a tile)."""
        return TARGETING[self.effect]


@dataclass(slots=True, eq=False)
class Item:
    kind: ItemKind
    x: int = -1
    y: int = -1
    equipped: bool = False

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    def state(self) -> tuple[object, ...]:
        return (self.kind.key, self.x, self.y, self.equipped)


@dataclass
class UseResult:
    events: list[Event]
    consumed: bool


Effect = Callable[[Floor, Actor, ItemKind, "tuple[int, int] | None"], UseResult]


def refused(reason: str) -> UseResult:
    return UseResult([Refused(reason)], consumed=False)


def living_monsters(floor: Floor, user: Actor) -> list[Actor]:
    return [a for a in floor.actors.values() if a.alive and a is not user]


def heal(floor: Floor, user: Actor, kind: ItemKind, target: tuple[int, int] | None) -> UseResult:
    """Heals ``amount`` percent of the user's health (at least 5 HP): a potion is worth as
    much to a veteran as to a beginner."""
    if user.hp >= user.max_hp:
        return refused("Your health is already full.")
    amount = min(max(5, user.max_hp * kind.amount // 100), user.max_hp - user.hp)
    user.hp += amount
    text = f"You consume the {kind.name}, and recover {amount} HP!"
    return UseResult([Message(text, MessageKind.STATUS)], consumed=True)


def lightning(
    floor: Floor, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    """Strikes the closest visible creature within range (ties: the older one)."""
    candidates = [m for m in living_monsters(floor, user) if floor.visible[m.position]]
    if candidates:
        gaps = np.array([(m.x - user.x, m.y - user.y) for m in candidates], dtype=np.float64)
        distances = np.hypot(gaps[:, 0], gaps[:, 1])
        closest = int(np.argmin(distances))
        if distances[closest] <= kind.range:
            victim = candidates[closest]
            text = (
                f"A lightning bolt strikes the {victim.name} with a loud thunder, "
                f"for {kind.amount} damage!"
            )
            events: list[Event] = [Message(text, MessageKind.PLAYER_ATTACK)]
            events += combat.hurt(floor, victim, kind.amount, user)
            return UseResult(events, consumed=True)
    return refused("No enemy is close enough to strike.")


def confusion(
    floor: Floor, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    if target is None or not floor.in_bounds(*target) or not floor.visible[target]:
        return refused("You cannot target an area that you cannot see.")
    victim = floor.blocker_at(*target)
    if victim is None:
        return refused("You must select an enemy to target.")
    if victim is user:
        return refused("You cannot confuse yourself!")
    victim.confused = kind.turns
    text = f"The eyes of the {victim.name} look vacant, as it starts to stumble around!"
    return UseResult([Message(text, MessageKind.STATUS)], consumed=True)


def fireball(
    floor: Floor, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    """Everything living within the radius of the target burns, the user included."""
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
        text = f"The {victim.name} is engulfed in a fiery explosion, taking {kind.amount} damage!"
        events.append(Message(text, MessageKind.PLAYER_ATTACK))
        events += combat.hurt(floor, victim, kind.amount, user)
    return UseResult(events, consumed=True)


def treasure(
    floor: Floor, user: Actor, kind: ItemKind, target: tuple[int, int] | None
) -> UseResult:
    """The goal of the game: carried out of the dungeon, it wins; it does nothing else."""
    return refused(f"The {kind.name} glows warm in your hands. Carry it up and out!")


EFFECT_FUNCTIONS: dict[str, Effect] = {
    "treasure": treasure,
    "heal": heal,
    "lightning": lightning,
    "confusion": confusion,
    "fireball": fireball,
}


def use(floor: Floor, user: Actor, item: Item, target: tuple[int, int] | None) -> UseResult:
    return EFFECT_FUNCTIONS[item.kind.effect](floor, user, item.kind, target)


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
    user.power += item.kind.power
    user.defense += item.kind.defense
    return [*events, Message(f"You equip the {item.name}.")]


def unequip(user: Actor, item: Item) -> list[Event]:
    item.equipped = False
    user.power -= item.kind.power
    user.defense -= item.kind.defense
    return [Message(f"You remove the {item.name}.")]
