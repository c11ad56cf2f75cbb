"""What a creature can do. Each action performs itself against the world for an actor.

The player and the monsters use the same classes: input, bots and replays produce them
for the player, minds (``engine/monsters/minds.py``) and abilities for monsters.
``perform`` returns a result instead of acting through flags: it ``Succeeded`` (with its
time cost and what happened), was ``Refused`` (with a reason, costing nothing), or asks for an
``Alternative`` to be performed instead — moving into a creature becomes an attack, as
in Hauberk. ``World.perform`` follows alternatives and charges the time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Protocol

import msgspec

from emberdeep.engine.acts import magic
from emberdeep.engine.acts.struggle import struggles
from emberdeep.engine.core.actors import PLAYER_ID, UNALIGNED, Actor, Mode
from emberdeep.engine.core.events import (
    DoorOpened,
    Fizzled,
    Identified,
    ItemMoved,
    ItemUsed,
    Missile,
    Moved,
    Refused,
    Summoned,
)
from emberdeep.engine.core.flight import Rule, Stops, fly
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import may_see_step
from emberdeep.engine.creatures import combat, gear
from emberdeep.engine.creatures.statuses import HELD
from emberdeep.engine.terrain import hazards, mechanisms
from emberdeep.engine.things import items
from emberdeep.engine.things.effects import EFFECTS, Aim, Target

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World
    from emberdeep.engine.things.items import Item

# The eight compass steps, in the order numpad/vi keys list them: used by input and AI alike.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, -1), (0, -1), (1, -1),
    (-1, 0),           (1, 0),
    (-1, 1),  (0, 1),  (1, 1),
)  # fmt: skip

LEVEL_UP_STATS = ("hp", "power", "defense")
"""What a level can raise."""


class Succeeded(NamedTuple):
    """Done: the actor pays ``cost`` time (0: a free action, not a turn); what happened
    was emitted as it happened (``World.emit``). A named tuple, as every monster's every
    turn makes one."""

    cost: int


_PLAIN: dict[int, Succeeded] = {}
_DOORS = frozenset({Tile.CLOSED_DOOR, Tile.LOCKED_DOOR, Tile.SEALED_DOOR})
"""The tiles a step is not simply taken onto: it opens, unlocks, or is refused."""


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


BUMPS: list[Callable[[Actor, Actor], ActionResult]] = []
"""What moving into an ally or a captive (or an ally moving into anyone) does instead of a
blow: ``allies.bump``, registered by ``allies.py`` (which builds on these actions, so
this module cannot import it)."""


def player_only(player: Actor, actor: Actor) -> Refused | None:
    """Refused unless ``actor`` is the player: the commands only a person gives."""
    return None if actor is player else Refused("player_only")


class Move(msgspec.Struct, frozen=True):
    """Step one tile in a direction; each component is -1, 0 or 1."""

    code: ClassVar[str] = "m"
    dx: int
    dy: int

    def __post_init__(self) -> None:
        if (self.dx, self.dy) not in DIRECTIONS:
            raise ValueError(f"not a one-tile step: ({self.dx}, {self.dy})")

    def arguments(self) -> list[object]:
        return [self.dx, self.dy]

    def refusal(self, world: World, actor: Actor) -> Refused | None:
        """Why this step would be refused, or None: asked before acting (an agent's
        action mask), it changes nothing. A step into a creature or a door is taken (it
        hands over to a blow, a swap, an opening) unless what it hands over to refuses."""
        floor = world.floor
        x, y = actor.x + self.dx, actor.y + self.dy
        if not floor.in_bounds(x, y):
            return Refused("blocked")
        blocker: int = floor.occupant.item(x, y)
        if blocker:
            target = floor.actors[blocker]
            if BUMPS and (target.mode in UNALIGNED or actor.mode == Mode.ALLY):
                bumped = BUMPS[0](actor, target)  # decides without acting
                return bumped if isinstance(bumped, Refused) else None
            return None
        if not floor.walkable.item(x, y):
            return hazards.refusal(world, actor, x, y)
        tile = floor.tiles.item(x, y)
        if tile == Tile.LOCKED_DOOR:
            return Unlock(x, y).refusal(world, actor)
        return Refused("sealed") if tile == Tile.SEALED_DOOR else None

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor = world.floor
        x, y = actor.x + self.dx, actor.y + self.dy
        width, height = floor.size
        if not (0 <= x < width and 0 <= y < height):
            return Refused("blocked")
        # The ``*_cells`` views read one cell several times faster than numpy.
        blocker: int = floor.occupant_cells[x, y]
        if blocker:
            target = floor.actors[blocker]
            if BUMPS and (target.mode in UNALIGNED or actor.mode == Mode.ALLY):
                return BUMPS[0](actor, target)  # swap, free, or nothing (``allies.bump``)
            return Alternative(Attack(target))
        if actor.statuses and HELD in actor.statuses and struggles(world, actor):
            return done(actor.move_time)
        if not floor.walkable_cells[x, y]:
            refused = hazards.blocked(world, actor, x, y)
            return refused or done(actor.move_time)
        tile = floor.tile_cells[x, y]
        if tile in _DOORS:  # one question for the plain floor most steps are onto
            if tile == Tile.CLOSED_DOOR:
                return Alternative(Open(x, y))
            if tile == Tile.LOCKED_DOOR:
                return Alternative(Unlock(x, y))
            return Refused("sealed")
        x0, y0 = actor.x, actor.y
        floor.move_actor(actor, x, y)
        if actor.id == PLAYER_ID:
            world.emit(Moved(actor.who, (x0, y0), (x, y)))
            if floor.tiles.item(x0, y0) == Tile.BRIDGE:
                mechanisms.crossed(world, actor, x0, y0)
        elif may_see_step(floor, x0, y0, x, y):
            world.emit(Moved(actor.who, (x0, y0), (x, y)))
        if tile == Tile.DEEP_WATER or (floor.traps and (x, y) in floor.traps):
            hazards.entered(world, actor, x, y)
        return _PLAIN.get(actor.move_time) or done(actor.move_time)


class Open(msgspec.Struct, frozen=True):
    """Open the closed door at (x, y), next to the actor."""

    x: int
    y: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor = world.floor
        near = max(abs(self.x - actor.x), abs(self.y - actor.y)) == 1
        if not near or not floor.in_bounds(self.x, self.y):
            return Refused("no_door")
        if floor.tiles[self.x, self.y] != Tile.CLOSED_DOOR:
            return Refused("no_closed_door")
        floor.set_tile(self.x, self.y, Tile.OPEN_DOOR)
        world.emit(DoorOpened(actor.who, (self.x, self.y)))
        return done(actor.move_time)


class Unlock(msgspec.Struct, frozen=True):
    """Open the locked door at (x, y) with a key from the inventory (used up)."""

    x: int
    y: int

    def refusal(self, world: World, actor: Actor) -> Refused | None:
        """Why unlocking would be refused, or None (changes nothing)."""
        floor = world.floor
        near = max(abs(self.x - actor.x), abs(self.y - actor.y)) == 1
        if not near or not floor.in_bounds(self.x, self.y):
            return Refused("no_door")
        if floor.tiles[self.x, self.y] != Tile.LOCKED_DOOR:
            return Refused("no_locked_door")
        if not actor.is_player:
            return Refused("locked")
        return None if _key_slot(world) is not None else Refused("need_key")

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := self.refusal(world, actor):
            return refused
        floor, slot = world.floor, _key_slot(world)
        assert slot is not None  # (``refusal`` said there is one)
        items.take_one(world.inventory, slot)
        floor.set_tile(self.x, self.y, Tile.OPEN_DOOR)
        world.emit(DoorOpened(actor.who, (self.x, self.y), unlocked=True))
        return done(actor.move_time)


def _key_slot(world: World) -> int | None:
    """The inventory slot of the first key the player carries, if any."""
    return next((n for n, i in enumerate(world.inventory) if EFFECTS[i.kind.effect].opens), None)


class Attack(msgspec.Struct, frozen=True):
    """Strike the creature ``target`` in melee."""

    target: Actor

    def perform(self, world: World, actor: Actor) -> ActionResult:
        target = self.target
        near = max(abs(target.x - actor.x), abs(target.y - actor.y)) <= 1
        if not target.alive or not near or target is actor:
            return Refused("no_target")
        hp = target.hp
        combat.attack(world, actor, target)
        if target.hp < hp:
            world.react(actor, target)
        return done(actor.attack_time)


def bring_forth(world: World, template: Actor, x: int, y: int, hp: int) -> Actor:
    """A new creature like ``template`` at (x, y), due when the world next runs."""
    floor = world.floor
    mode = Mode.WANDERING if template.mode == Mode.ASLEEP else template.mode
    twin = replace(template, id=max(floor.actors) + 1, x=x, y=y, hp=hp, mode=mode)
    twin.statuses = dict(template.statuses)  # its own, not shared with the template
    twin.next_time = max(world.time, template.next_time)
    floor.add_actor(twin)
    world.schedule.add(twin)
    return twin


def summoned(by: Actor, called: Sequence[Actor], kind: str, cause: str) -> Summoned:
    """The event of ``by`` bringing forth ``called`` (creatures of ``kind``, each where it
    now stands) for ``cause`` (``Summoned``'s): every summoning, image, split, double or
    change says it this one way."""
    cells = tuple(c.position for c in called)
    return Summoned(by.who, by.position, tuple(c.who for c in called), kind, cells, cause)


class Either(msgspec.Struct, frozen=True):
    """``chance`` percent of the time ``first``, else ``second``: decided by the world's
    stream when it is performed (a behaviour has no dice of its own). An erratic flyer
    stumbles half the time; a monster keeping its distance backs off only some of the
    time, so a chase round a loop of rooms always ends."""

    first: Action
    second: Action
    chance: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if int(world.rng.integers(100)) < self.chance:
            return Alternative(self.first)
        return Alternative(self.second)


class Shoot(msgspec.Struct, frozen=True):
    """Loose a missile at ``target`` within ``reach`` tiles, along a clear line: it flies
    by ``stops`` (``flight.Stops``, named by the ``shoot`` ability) and strikes whom it
    meets first."""

    target: Actor
    reach: int
    form: str = "arrow"
    """What flies: "arrow", "spark"; the event carries it, and narration words it."""
    stops: Stops = Stops.FIRST

    def perform(self, world: World, actor: Actor) -> ActionResult:
        target = self.target
        gap = max(abs(target.x - actor.x), abs(target.y - actor.y))
        if not target.alive or gap > self.reach:
            return Refused("out_of_range")
        flight = fly(world.floor, actor.position, target.position, Rule(self.stops, self.reach))
        if target not in flight.struck:
            return Refused("no_clear_line")
        world.emit(Missile(actor.who, flight.cells, self.form))
        combat.attack(world, actor, target, shot=self.form)
        return done(actor.attack_time)


class Wait(msgspec.Struct, frozen=True):
    """Let time pass for one action."""

    code: ClassVar[str] = "w"

    def arguments(self) -> list[object]:
        return []

    def perform(self, world: World, actor: Actor) -> ActionResult:
        return done(actor.move_time)


class Stumble(msgspec.Struct, frozen=True):
    """A confused creature lurches in a random direction, hitting whoever is there. A
    captive the player lurches into is only bumped, the turn lost as against a wall:
    freeing one is a choice the player is asked to make (hand play: a stumble began working at a
    captive's shackles with no question)."""

    def perform(self, world: World, actor: Actor) -> ActionResult:
        dx, dy = DIRECTIONS[int(world.rng.integers(len(DIRECTIONS)))]
        x, y = actor.x + dx, actor.y + dy
        floor = world.floor
        if not floor.in_bounds(x, y):
            return Alternative(Wait())
        there = floor.blocker_at(x, y)
        if there is not None and there.mode == Mode.CAPTIVE and actor.is_player:
            return Alternative(Wait())
        if there is not None or floor.is_walkable(x, y):
            return Alternative(Move(dx, dy))
        return Alternative(Wait())


class PickUp(msgspec.Struct, frozen=True):
    """Pick up the top item where the player stands that fits in the pack (with every
    slot taken, more of what it already stacks), one the player did not drop here
    before one they did, and with it every other of its kind lying there that stacks
    with it: thrown darts gathered up, say (hand play took one a press). Taking what
    the player did not drop never sweeps up with it what they did (auto-explore takes
    the one and must leave the other: hand play saw explore take back the potions of
    slowness just put down); another press takes those too. ``which``: the item of the
    pile (``Floor.items_at``'s order) the player chose instead (the pile's menu: hand
    play pressed g on a pile and got back what they had just dropped, with no choice)."""

    code: ClassVar[str] = "g"
    which: int | None = None

    def arguments(self) -> list[object]:
        return [] if self.which is None else [self.which]

    @staticmethod
    def taking(world: World) -> Item | None:
        """The item a press takes where the player stands: the top one that fits (a full
        pack still stacks), what was not dropped first; None when none fits."""
        here = world.floor.items_at(*world.player.position)
        ordered = sorted(reversed(here), key=lambda i: i.dropped)
        return next((i for i in ordered if items.has_room(world.inventory, i)), None)

    @staticmethod
    def lost(floor: Floor, item: Item) -> list[Item]:
        """What taking ``item`` loses: the rest of its choice vault (none for the rest)."""
        choice = item.choice
        return [i for i in floor.items if choice and i.choice == choice and i is not item]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := player_only(world.player, actor):
            return refused
        here = world.floor.items_at(*actor.position)
        if not here:
            return Refused("nothing_here")
        if self.which is not None and not 0 <= self.which < len(here):
            return Refused("no_such_item")
        item = self.taking(world) if self.which is None else here[self.which]
        if item is None or not items.has_room(world.inventory, item):
            top = here[-1 if self.which is None else self.which]  # named: what a press
            return Refused("inventory_full", thing=world.identity.thing(top))  # would take
        floor = world.floor
        thing, dropped, lost = world.identity.thing(item), item.dropped, self.lost(floor, item)
        items.add_to(world.inventory, item)
        floor.items.remove(item)
        taken = item.count
        for other in here:
            alike = other is not item and other.kind is item.kind and not other.choice
            alike = alike and (dropped or not other.dropped)
            if alike and item.kind.stacks and items.add_to(world.inventory, other) is not None:
                floor.items.remove(other)
                taken += other.count
        world.emit(ItemMoved(actor.who, actor.position, thing._replace(quantity=taken), "picked"))
        for other in lost:
            floor.items.remove(other)  # the rest of a choice: lost
            world.emit(ItemMoved(actor.who, other.position, world.identity.thing(other), "caged"))
        return done(actor.move_time)


class Drop(msgspec.Struct, frozen=True):
    """Drop the inventory item in ``slot`` (0 = a)."""

    code: ClassVar[str] = "d"
    slot: int

    def arguments(self) -> list[object]:
        return [self.slot]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := player_only(world.player, actor):
            return refused
        if not 0 <= self.slot < len(world.inventory):
            return Refused("no_such_item")
        item = world.inventory.pop(self.slot)
        if item.equipped:
            items.unequip(world, actor, item)
        item.x, item.y = actor.position
        item.dropped = True
        world.floor.items.append(item)
        world.emit(ItemMoved(actor.who, actor.position, world.identity.thing(item), "dropped"))
        return done(actor.move_time)


CHARGED = frozenset({"wand", "staff"})
"""Categories used a charge at a time, not used up."""


class Use(msgspec.Struct, frozen=True):
    """Use the inventory item in ``slot``, aimed at ``target`` when it needs aiming, or
    at the item in slot ``on`` (a scroll of enchanting; for a ring put on, the worn ring
    it takes the place of)."""

    code: ClassVar[str] = "u"
    slot: int
    target: tuple[int, int] | None = None
    on: int | None = None

    def arguments(self) -> list[object]:
        if self.on is not None:
            return [self.slot, self.on]
        return [self.slot] if self.target is None else [self.slot, *self.target]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := player_only(world.player, actor):
            return refused
        if not 0 <= self.slot < len(world.inventory):
            return Refused("no_such_item")
        item = world.inventory[self.slot]
        effect = EFFECTS[item.kind.effect]
        target: Target = self.target
        if self.on is not None and (effect.aims is Aim.ITEMS or effect.worn):
            if not 0 <= self.on < len(world.inventory):
                return Refused("no_such_item")
            target = world.inventory[self.on]
        thing = world.identity.thing(item, count=1)
        if effect.consumes:  # in the order it happens: you drink it, it acts, you learn it
            left = None
            if item.kind.category in CHARGED and world.identity.is_known(item.kind):
                left = (max(0, item.charges - 1), item.capacity)
            world.emit(ItemUsed(actor.who, thing, item.kind.category, left))
        if target is None and effect.aims is not Aim.NOTHING and magic.wasted(world, item):
            target = magic.read_blind(world.floor, actor, item)  # an unknown scroll, read
        refused = effect.use(world, actor, item, target)
        if refused is not None:
            if not (effect.consumes and magic.wasted(world, item)):
                return refused
            # An unknown potion or scroll is used up even when it does nothing, as its
            # refusal would otherwise tell what it is for free.
            world.emit(Fizzled(thing, "use"))
        if not effect.consumes:
            return done(actor.move_time)
        if effect.reveals and world.identity.learn(item.kind):
            world.emit(Identified(thing, "use"))
        if item.kind.category in CHARGED:
            gear.spent(world, item)
        elif item in world.inventory:
            items.take_one(world.inventory, world.inventory.index(item))
        return done(actor.move_time)


class Descend(msgspec.Struct, frozen=True):
    """Take the down stairs the player stands on."""

    code: ClassVar[str] = ">"

    def arguments(self) -> list[object]:
        return []

    def refusal(self, world: World, actor: Actor) -> Refused | None:
        """Why taking the stairs would be refused, or None (changes nothing)."""
        if refused := player_only(world.player, actor):
            return refused
        return Refused("no_stairs_down") if actor.position != world.floor.stairs else None

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := self.refusal(world, actor):
            return refused
        world.descend()
        return done(actor.move_time)


class Ascend(msgspec.Struct, frozen=True):
    """Take the up stairs the player stands on; on depth 1 they lead out of the dungeon,
    which wins the game for whoever carries the treasure (and is refused to anyone else)."""

    code: ClassVar[str] = "<"

    def arguments(self) -> list[object]:
        return []

    def refusal(self, world: World, actor: Actor) -> Refused | None:
        """Why taking the stairs would be refused, or None (changes nothing)."""
        if refused := player_only(world.player, actor):
            return refused
        if actor.position != world.floor.start:
            return Refused("no_stairs_up")
        if world.depth == 1 and not any(EFFECTS[i.kind.effect].wins for i in world.inventory):
            return Refused("need_treasure")
        return None

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := self.refusal(world, actor):
            return refused
        if world.depth > 1:
            world.ascend()
        else:
            world.escape()
        return done(actor.move_time)


class LevelUp(msgspec.Struct, frozen=True):
    """Spend a level on ``stat``: "hp", "power" or "defense". Takes no time."""

    code: ClassVar[str] = "l"
    stat: str

    def arguments(self) -> list[object]:
        return [self.stat]

    def refusal(self, world: World, actor: Actor) -> Refused | None:
        """Why spending the level would be refused, or None (changes nothing)."""
        if refused := player_only(world.player, actor):
            return refused
        if not world.can_level_up:
            return Refused("not_ready")
        if self.stat not in LEVEL_UP_STATS:
            return Refused("unknown_stat", detail=self.stat)
        return None

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := self.refusal(world, actor):
            return refused
        world.level_up(self.stat)
        return Succeeded(0)


STEPS: dict[tuple[int, int], Move] = {step: Move(*step) for step in DIRECTIONS}
"""One ``Move`` per direction, made once: monsters take thousands of steps a second."""
WAIT = Wait()

PLAYER_COMMANDS: tuple[type[PlayerCommand], ...] = (
    Move, Wait, PickUp, Drop, Use, Descend, Ascend, LevelUp,
)  # fmt: skip
"""Every action the player can give, each with its journal code."""
