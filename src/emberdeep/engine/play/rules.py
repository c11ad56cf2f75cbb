"""Every rule about a valid world, stated once: each a function of one creature, item,
floor or world that returns what is wrong, in plain words, or None.

Two readers hold the world to the same rules, so that whatever a save may bring in, play
could have made: the invariant checker (``invariants.violations``, run after every turn by
the soak runs and the tests) and the snapshot loader (``snapshot.load`` runs the checker
on the world it built and refuses it, naming the rule, when any rule is broken). A rule
written here is therefore enforced on load and in play alike; there is no second copy.

What only the loader checks is not here: the shape and bounds of untrusted data (types,
lengths, numbers within what play can reach so arithmetic stays bounded, names the game
knows, positions inside the map before any array is indexed with them, ids given twice,
the clock gaps that would make a turn run for ages). Those guard the building of the
world; these judge the world built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.core.actors import AWARE, PLAYER_ID, Actor, Mode
from emberdeep.engine.core.floor import SHUT_DOORS, Floor, Tile
from emberdeep.engine.creatures import runics
from emberdeep.engine.creatures.statuses import MAX_TURNS, STATUSES
from emberdeep.engine.terrain import fire, gas
from emberdeep.engine.things.items import INVENTORY_SIZE, MAX_STACK, Item

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

Problem = str | None
"""What a rule found wrong, or None."""


# Creatures.


def _open(floor: Floor, x: int, y: int) -> bool:
    """Whether ``(x, y)`` is inside the map and walkable (``item``: a Python bool, where
    indexing makes a numpy one; a thousand creatures are judged on every load)."""
    width, height = floor.size
    return 0 <= x < width and 0 <= y < height and bool(floor.walkable.item(x, y))


_SHUT = frozenset(map(int, SHUT_DOORS))


def stands_on_open_ground(actor: Actor, floor: Floor) -> Problem:
    if _open(floor, actor.x, actor.y):
        return None
    return "is not on a floor tile (it stands in a wall)"


def stands_in_no_shut_door(actor: Actor, floor: Floor) -> Problem:
    """Walking into a shut door opens it: no creature stands in one."""
    width, height = floor.size
    x, y = actor.x, actor.y
    if actor.blocks and 0 <= x < width and 0 <= y < height and floor.tiles.item(x, y) in _SHUT:
        return "a creature stands in a shut door"
    return None


def health_within_its_most(actor: Actor, floor: Floor) -> Problem:
    if 0 <= actor.hp <= actor.max_hp:
        return None
    return f"impossible creature (health): {actor.hp}/{actor.max_hp} HP"


def the_living_block(actor: Actor, floor: Floor) -> Problem:
    """The living stand in the way; a body does not."""
    if actor.blocks == actor.alive:
        return None
    return "the living must block, the dead must not"


def aware_exactly_while_hunting(actor: Actor, floor: Floor) -> Problem:
    """The player is never in a monster's mode but wandering; a monster knows where the
    player is (``AWARE``) exactly while it has ``hunting`` turns left."""
    if actor.id == PLAYER_ID:
        if actor.mode != Mode.WANDERING:
            return f"impossible creature (mode): the player is {actor.mode}"
        return None
    if (actor.mode in AWARE) != (actor.hunting > 0):
        return f"impossible creature (mode): {actor.mode} with {actor.hunting} turns to hunt"
    return None


def captives_are_shackled(actor: Actor, floor: Floor) -> Problem:
    """Only a captive wears shackles, and a living captive does (freeing one takes them
    off and makes it an ally, ``allies.py``)."""
    captive = actor.mode == Mode.CAPTIVE
    if actor.shackles > 0 and not captive:
        return f"impossible creature (shackles): {actor.mode} in {actor.shackles} shackles"
    if captive and actor.alive and actor.shackles <= 0:
        return "impossible creature (shackles): a captive in no shackles"
    return None


def only_allies_wait(actor: Actor, floor: Floor) -> Problem:
    if actor.stays and actor.mode != Mode.ALLY:
        return f"impossible creature (orders): told to wait but {actor.mode}"
    return None


def status_problem(name: object, turns: object) -> Problem:
    """One status: one the game knows, running down from at most ``MAX_TURNS``. (The
    loader asks this of each status it reads, before it builds the creature.)"""
    if name in STATUSES and type(turns) is int and 1 <= turns <= MAX_TURNS:
        return None
    return f"impossible status {name!r} for {turns!r} turns"


def statuses_known(actor: Actor, floor: Floor) -> Problem:
    for name, turns in actor.statuses.items():
        if (problem := status_problem(name, turns)) is not None:
            return problem
    return None


CREATURE_RULES: tuple[Callable[[Actor, Floor], Problem], ...] = (
    stands_on_open_ground,
    stands_in_no_shut_door,
    health_within_its_most,
    the_living_block,
    aware_exactly_while_hunting,
    captives_are_shackled,
    only_allies_wait,
    statuses_known,
)


# Items, carried or on the ground.


def stack_fits_its_kind(item: Item) -> Problem:
    if 1 <= item.count <= (MAX_STACK if item.kind.stacks else 1):
        return None
    return f"an impossible stack of {item.count}"


def charges_fit(item: Item) -> Problem:
    """Spent charges within what the kind and enchanting allow (``Item.capacity``)."""
    if 0 <= item.used <= item.capacity:
        return None
    return f"an impossible charge: {item.used} of {item.capacity} spent"


def runic_fits(item: Item) -> Problem:
    """A runic is forged into gear of its own slot (a weapon's into a weapon, an
    armour's into armour, ``gear.py``): never into a ration or a scroll."""
    if not item.runic:
        return None
    found = runics.RUNICS.get(item.runic)
    if found is None:
        return f"no such runic {item.runic!r}"
    if found.slot != item.kind.slot:
        return f"a runic that cannot be borne: {item.runic!r} on a {item.kind.key}"
    return None


ITEM_RULES: tuple[Callable[[Item], Problem], ...] = (stack_fits_its_kind, charges_fit, runic_fits)


def lies_on_open_ground(item: Item, floor: Floor) -> Problem:
    """An item on the ground lies where one could walk, not in a shut door."""
    if _open(floor, item.x, item.y) and floor.tiles.item(item.x, item.y) not in _SHUT:
        return None
    return "not on open ground"


# Floors.


def has_its_staircases(floor: Floor) -> Problem:
    if floor.tiles[floor.start] == Tile.STAIRS_UP and floor.tiles[floor.stairs] == Tile.STAIRS_DOWN:
        return None
    return "a staircase is missing"


def one_creature_a_tile(floor: Floor) -> Problem:
    blockers = [a for a in floor.actors.values() if a.blocks]
    if len({a.position for a in blockers}) == len(blockers):
        return None
    return "two creatures on one tile"


def occupancy_agrees(floor: Floor) -> Problem:
    """The occupancy map (derived: the loader rebuilds it) says where the blockers are."""
    expected = np.zeros_like(floor.occupant)
    width, height = floor.size
    for actor in floor.actors.values():
        if actor.blocks and 0 <= actor.x < width and 0 <= actor.y < height:
            expected[actor.x, actor.y] = actor.id
    if (expected == floor.occupant).all():
        return None
    return "the occupancy map disagrees with where creatures are"


def cells_are_views(floor: Floor) -> Problem:
    """The cell views a turn reads (``Floor._view_cells``) are of the floor's own arrays:
    an array replaced instead of changed in place would leave the turns reading the old."""
    views = (
        (floor.occupant_cells, floor.occupant), (floor.walkable_cells, floor.walkable),
        (floor.tile_cells, floor.tiles), (floor.visible_cells, floor.visible),
    )  # fmt: skip
    if all(id(view.obj) == id(array) for view, array in views):
        return None
    return "a cell view is not of the floor's array"


def ids_are_keys(floor: Floor) -> Problem:
    if all(key == actor.id for key, actor in floor.actors.items()):
        return None
    return "a creature is filed under another's id"


def traps_on_open_ground(floor: Floor) -> Problem:
    """A trap lies at its own key, on walkable ground that is no door."""
    for position, trap in floor.traps.items():
        if (
            position != trap.position
            or not _open(floor, *position)
            or floor.tiles.item(*position) in _SHUT
        ):
            return f"the {trap.kind.name} at {position} is not on a free floor tile"
    return None


def gas_is_real(floor: Floor) -> Problem:
    if floor.gas_active and not (np.isfinite(floor.gas).all() and (floor.gas >= 0).all()):
        return "the gas holds impossible amounts"
    return None


def gas_kinds_known(floor: Floor) -> Problem:
    """Every tile's gas is one of ``gas.GASES``."""
    if floor.gas_active and (floor.gas_kind >= len(gas.GASES)).any():
        return "the gas is of a kind the game does not know"
    return None


def fire_can_burn(floor: Floor) -> Problem:
    """Fire burns only where fire can be (not on walls, water, lava or chasms), no
    longer than a tile burns, and only while the floor says some burns."""
    burning = floor.fire > 0
    if not burning.any():
        return None
    if not floor.fire_active:
        return "fire burns on a floor that holds none"
    if (floor.fire > fire.MOST).any() or (burning & ~fire.can_burn(floor)).any():
        return "fire burns where nothing can burn, or longer than anything burns"
    return None


def a_pulled_lever_opened(floor: Floor) -> Problem:
    """A lever pulled opened every sealed wall of its floor (``mechanisms.pull``)."""
    tiles = floor.tiles
    if (tiles == Tile.PULLED_LEVER).any() and (tiles == Tile.SEALED_DOOR).any():
        return "a lever is pulled but a sealed wall still stands"
    return None


FLOOR_RULES: tuple[Callable[[Floor], Problem], ...] = (
    has_its_staircases,
    one_creature_a_tile,
    occupancy_agrees,
    cells_are_views,
    ids_are_keys,
    traps_on_open_ground,
    gas_is_real,
    gas_kinds_known,
    fire_can_burn,
    a_pulled_lever_opened,
)


# The world.


def player_on_the_current_floor(world: World) -> Problem:
    if not world.player.alive or world.floor.actors.get(world.player.id) is world.player:
        return None
    return "the player is not on the current floor"


def player_on_no_kept_floor(world: World) -> Problem:
    for depth, kept in world.kept.items():
        if world.player.id in kept.actors:
            return f"the player is on another floor (depth {depth})"
    return None


def inventory_fits(world: World) -> Problem:
    if len(world.inventory) <= INVENTORY_SIZE:
        return None
    return f"more than {INVENTORY_SIZE} items carried"


def seen_is_explored(world: World) -> Problem:
    """What is in view is remembered (derived: the loader recomputes the view)."""
    if (world.floor.visible & ~world.floor.explored).any():
        return "a visible tile is not marked explored"
    return None


def resting_are_dormant(world: World) -> Problem:
    """A monster off the schedule (``Schedule.resting``) is one whose turns would only
    be waits: alive on this floor, asleep or idly wandering, out of view, with no
    statuses (derived: a loaded world rests nobody). Whatever changes that must be told
    as an event naming it (``World.emit`` wakes it), or it would sleep through it."""
    floor, idle = world.floor, world.idle_kinds
    for actor in world.schedule.resting.values():
        wandering = actor.mode == Mode.WANDERING
        if (
            actor.hp <= 0
            or floor.actors.get(actor.id) is not actor
            or not (wandering or actor.mode == Mode.ASLEEP)
            or actor.statuses
            or (wandering and (actor.confused or not idle.get(actor.kind)))
            or floor.visible.item(actor.x, actor.y)
        ):
            return f"{actor.name} (#{actor.id}) rests off the schedule but is not dormant"
    return None


WORLD_RULES: tuple[Callable[[World], Problem], ...] = (
    player_on_the_current_floor,
    player_on_no_kept_floor,
    inventory_fits,
    seen_is_explored,
    resting_are_dormant,
)
