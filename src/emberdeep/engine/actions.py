"""What a creature can do. Each action performs itself against the world for an actor.

The player and the monsters use the same classes: input, bots and replays produce them
for the player, behaviours (``engine/behaviours.py``) for monsters. ``perform`` returns a
result instead of acting through flags: it ``Succeeded`` (with its time cost and what
happened), was ``Refused`` (with a reason, costing nothing), or asks for an
``Alternative`` to be performed instead — moving into a creature becomes an attack, as
in Hauberk. ``World.perform`` follows alternatives and charges the time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Protocol

import tcod.los

from emberdeep.engine import combat, hazards, items, magic
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind, Refused
from emberdeep.engine.floor import Floor, Tile

if TYPE_CHECKING:
    from emberdeep.engine.world import World

# The eight compass steps, in the order numpad/vi keys list them: used by input and AI alike.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, -1), (0, -1), (1, -1),
    (-1, 0),           (1, 0),
    (-1, 1),  (0, 1),  (1, 1),
)  # fmt: skip

LEVEL_UP_STATS = ("hp", "power", "defense")
"""What a level can raise."""


class Succeeded(NamedTuple):
    """Done: the actor pays ``cost`` time (0: a free action, not a turn). A named tuple,
    as every monster's every turn makes one."""

    cost: int
    events: Sequence[Event] = ()


_PLAIN: dict[int, Succeeded] = {}


def done(cost: int) -> Succeeded:
    """``Succeeded(cost)`` with no events, made once per cost (the common case, and every
    monster's every step)."""
    result = _PLAIN.get(cost)
    if result is None:
        result = _PLAIN[cost] = Succeeded(cost)
    return result


class Alternative(NamedTuple):
    """Perform ``action`` instead (a move into a monster is an attack)."""

    action: Action


ActionResult = Succeeded | Refused | Alternative


class Action(Protocol):
    def perform(self, world: World, actor: Actor) -> ActionResult: ...


class PlayerCommand(Action, Protocol):
    """An action the player gives, recorded in the journal as ``[code, *arguments]``."""

    code: ClassVar[str]

    def arguments(self) -> list[object]: ...


def _player_only(world: World, actor: Actor) -> Refused | None:
    return None if actor is world.player else Refused("Only the player can do that.")


@dataclass(frozen=True)
class Move:
    """Step one tile in a direction; each component is -1, 0 or 1."""

    code: ClassVar[str] = "m"
    dx: int
    dy: int

    def __post_init__(self) -> None:
        if (self.dx, self.dy) not in DIRECTIONS:
            raise ValueError(f"not a one-tile step: ({self.dx}, {self.dy})")

    def arguments(self) -> list[object]:
        return [self.dx, self.dy]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor = world.floor
        x, y = actor.x + self.dx, actor.y + self.dy
        width, height = floor.size
        if not (0 <= x < width and 0 <= y < height):
            return Refused("That way is blocked.")
        # ``item`` reads one cell as a Python value, several times faster than ``[x, y]``.
        blocker: int = floor.occupant.item(x, y)
        if blocker:
            return Alternative(Attack(floor.actors[blocker]))
        if not floor.walkable.item(x, y):
            fell = hazards.blocked(world, actor, x, y)
            return fell if isinstance(fell, Refused) else Succeeded(actor.move_time, fell)
        tile = floor.tiles.item(x, y)
        if tile == Tile.CLOSED_DOOR:
            return Alternative(Open(x, y))
        if tile == Tile.LOCKED_DOOR:
            return Alternative(Unlock(x, y))
        floor.move_actor(actor, x, y)
        if tile == Tile.DEEP_WATER or (floor.traps and (x, y) in floor.traps):
            return Succeeded(actor.move_time, hazards.entered(world, actor, x, y))
        return _PLAIN.get(actor.move_time) or done(actor.move_time)


@dataclass(frozen=True)
class Open:
    """Open the closed door at (x, y), next to the actor."""

    x: int
    y: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor = world.floor
        near = max(abs(self.x - actor.x), abs(self.y - actor.y)) == 1
        if not near or not floor.in_bounds(self.x, self.y):
            return Refused("There is no door there.")
        if floor.tiles[self.x, self.y] != Tile.CLOSED_DOOR:
            return Refused("There is no closed door there.")
        floor.set_tile(self.x, self.y, Tile.OPEN_DOOR)
        events: list[Event] = [Message("You open the door.")] if actor.is_player else []
        return Succeeded(actor.move_time, events)


@dataclass(frozen=True)
class Unlock:
    """Open the locked door at (x, y) with a key from the inventory (used up)."""

    x: int
    y: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor = world.floor
        near = max(abs(self.x - actor.x), abs(self.y - actor.y)) == 1
        if not near or not floor.in_bounds(self.x, self.y):
            return Refused("There is no door there.")
        if floor.tiles[self.x, self.y] != Tile.LOCKED_DOOR:
            return Refused("There is no locked door there.")
        if not actor.is_player:
            return Refused("The door is locked.")
        slot = next((n for n, i in enumerate(world.inventory) if i.kind.effect == "key"), None)
        if slot is None:
            return Refused("The door is locked. Its key must be somewhere on this floor.")
        items.take_one(world.inventory, slot)
        floor.set_tile(self.x, self.y, Tile.OPEN_DOOR)
        return Succeeded(actor.move_time, [Message("You unlock the door.", MessageKind.STATUS)])


@dataclass(frozen=True)
class Attack:
    """Strike the creature ``target`` in melee."""

    target: Actor

    def perform(self, world: World, actor: Actor) -> ActionResult:
        target = self.target
        near = max(abs(target.x - actor.x), abs(target.y - actor.y)) <= 1
        if not target.alive or not near or target is actor:
            return Refused("There is nothing there to attack.")
        return Succeeded(actor.attack_time, combat.attack(world.floor, actor, target, world.rng))


def line_of_fire(floor: Floor, start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Nothing opaque and nobody standing between ``start`` and ``end``."""
    between = tcod.los.bresenham(start, end)[1:-1]
    if not len(between):
        return True
    xs, ys = between[:, 0], between[:, 1]
    return bool(floor.transparent[xs, ys].all() and not floor.occupant[xs, ys].any())


@dataclass(frozen=True)
class Shoot:
    """Loose a missile at ``target`` within ``reach`` tiles, along a clear line."""

    target: Actor
    reach: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        target = self.target
        gap = max(abs(target.x - actor.x), abs(target.y - actor.y))
        if not target.alive or gap > self.reach:
            return Refused("Out of range.")
        if not line_of_fire(world.floor, actor.position, target.position):
            return Refused("There is no clear shot.")
        events = combat.attack(world.floor, actor, target, world.rng, verb="shoots")
        return Succeeded(actor.attack_time, events)


@dataclass(frozen=True)
class Wait:
    """Let time pass for one action."""

    code: ClassVar[str] = "w"

    def arguments(self) -> list[object]:
        return []

    def perform(self, world: World, actor: Actor) -> ActionResult:
        return done(actor.move_time)


@dataclass(frozen=True)
class Stumble:
    """A confused creature lurches in a random direction, hitting whoever is there."""

    def perform(self, world: World, actor: Actor) -> ActionResult:
        dx, dy = DIRECTIONS[int(world.rng.integers(len(DIRECTIONS)))]
        x, y = actor.x + dx, actor.y + dy
        floor = world.floor
        if floor.in_bounds(x, y) and (floor.blocker_at(x, y) or floor.is_walkable(x, y)):
            return Alternative(Move(dx, dy))
        return Alternative(Wait())


@dataclass(frozen=True)
class PickUp:
    """Pick up the top item where the player stands."""

    code: ClassVar[str] = "g"

    def arguments(self) -> list[object]:
        return []

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        here = world.floor.items_at(*actor.position)
        if not here:
            return Refused("There is nothing here to pick up.")
        item = here[-1]
        name = world.identity.describe(item)
        if items.add_to(world.inventory, item) is None:
            return Refused("Your inventory is full.")
        world.floor.items.remove(item)
        return Succeeded(actor.move_time, [Message(f"You picked up the {name}!")])


@dataclass(frozen=True)
class Drop:
    """Drop the inventory item in ``slot`` (0 = a)."""

    code: ClassVar[str] = "d"
    slot: int

    def arguments(self) -> list[object]:
        return [self.slot]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        if not 0 <= self.slot < len(world.inventory):
            return Refused("You have no such item.")
        item = world.inventory.pop(self.slot)
        events = items.unequip(actor, item) if item.equipped else []
        item.x, item.y = actor.position
        world.floor.items.append(item)
        events.append(Message(f"You dropped the {world.identity.describe(item)}."))
        return Succeeded(actor.move_time, events)


@dataclass(frozen=True)
class Use:
    """Use the inventory item in ``slot``, aimed at ``target`` when it needs aiming."""

    code: ClassVar[str] = "u"
    slot: int
    target: tuple[int, int] | None = None

    def arguments(self) -> list[object]:
        return [self.slot] if self.target is None else [self.slot, *self.target]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        if not 0 <= self.slot < len(world.inventory):
            return Refused("You have no such item.")
        item = world.inventory[self.slot]
        if item.kind.effect == "equip":
            return Succeeded(actor.move_time, items.toggle_equipment(actor, world.inventory, item))
        unknown = world.identity.name(item.kind)
        result = magic.use(world, actor, item, self.target)
        if not result.consumed and magic.wasted(world, item):
            # An unknown potion or scroll is used up even when it does nothing, as its
            # refusal would otherwise tell what it is for free.
            result = items.UseResult([Message("Nothing much seems to happen.")], consumed=True)
        if not result.consumed:
            refusal = next((e for e in result.events if isinstance(e, Refused)), None)
            return refusal or Refused("Nothing happens.")
        events = list(result.events)
        if world.identity.learn(item.kind):
            text = f"It was a {item.kind.name}! (the {unknown})"
            events.append(Message(text, MessageKind.STATUS))
        if item.kind.category == "wand":
            item.used += 1
        elif item in world.inventory:
            items.take_one(world.inventory, world.inventory.index(item))
        return Succeeded(actor.move_time, events)


@dataclass(frozen=True)
class Descend:
    """Take the down stairs the player stands on."""

    code: ClassVar[str] = ">"

    def arguments(self) -> list[object]:
        return []

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        if actor.position != world.floor.stairs:
            return Refused("There are no stairs here.")
        return Succeeded(actor.move_time, world.descend())


@dataclass(frozen=True)
class LevelUp:
    """Spend a level on ``stat``: "hp", "power" or "defense". Takes no time."""

    code: ClassVar[str] = "l"
    stat: str

    def arguments(self) -> list[object]:
        return [self.stat]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := _player_only(world, actor):
            return refused
        if not world.can_level_up:
            return Refused("You are not ready to advance.")
        if self.stat not in LEVEL_UP_STATS:
            return Refused(f"Unknown stat {self.stat!r}.")
        return Succeeded(0, world.level_up(self.stat))


STEPS: dict[tuple[int, int], Move] = {step: Move(*step) for step in DIRECTIONS}
"""One ``Move`` per direction, made once: monsters take thousands of steps a second."""
WAIT = Wait()

PLAYER_COMMANDS: tuple[type[PlayerCommand], ...] = (
    Move, Wait, PickUp, Drop, Use, Descend, LevelUp,
)  # fmt: skip
"""Every action the player can give, each with its journal code."""
