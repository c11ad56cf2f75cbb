"""A dungeon floor: terrain and what the player knows of it, as (width, height) numpy arrays.

Arrays are indexed ``[x, y]`` to match tcod's ``order="F"`` consoles and FOV/path
functions, so no transposes are needed anywhere between the engine and the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from emberdeep.records import Shown

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.terrain.traps import Trap
    from emberdeep.engine.things.items import Item


class Tile:
    """Terrain kinds, as plain ints. Their looks are content data; their rules live here.

    Not an ``IntEnum``: numpy compares an array with an enum member several times slower
    than with an int (7 against 1.3 microseconds for a floor), and making a floor does
    that dozens of times."""

    WALL: Final = 0
    FLOOR: Final = 1
    STAIRS_DOWN: Final = 2
    CLOSED_DOOR: Final = 3
    """Blocks sight; walking into it opens it (``actions.Open``, the move's alternative)."""
    OPEN_DOOR: Final = 4
    STAIRS_UP: Final = 5
    """At a floor's ``start``: back to the floor above; on depth 1, out of the dungeon."""
    DEEP_WATER: Final = 6
    """Walkable; whoever wades it may let go of what they carry (``hazards``)."""
    LAVA: Final = 7
    """Seen across, never walked: certain death (``hazards``)."""
    CHASM: Final = 8
    """Seen across; stepping in is a fall to the floor below (``hazards``)."""
    LOCKED_DOOR: Final = 9
    """A vault's door: blocks sight; opens for whoever carries its key (``actions.Unlock``)."""
    GRASS: Final = 10
    """Open ground that burns, and spreads the fire (``engine/terrain/fire.py``)."""
    ASH: Final = 11
    """What burnt grass or a burnt wooden door leaves: open ground that burns no more."""
    BRIDGE: Final = 12
    """A rope bridge over a chasm: walked as floor, it gives way behind the player
    (``terrain/mechanisms.py``)."""
    LEVER: Final = 13
    """Set in a wall: the player walking into it pulls it, and the floor's sealed walls
    open (``terrain/mechanisms.py``)."""
    PULLED_LEVER: Final = 14
    """A lever pulled: a wall from then on."""
    SEALED_DOOR: Final = 15
    """A sealed stone door: a shut door no one opens but its lever (walkable as a locked
    door is, so the room behind it counts as reachable; never stood on)."""


TILE_NAMES: tuple[str, ...] = tuple(
    name.lower()
    for name, _ in sorted(
        ((name, value) for name, value in vars(Tile).items() if name.isupper()),
        key=lambda pair: pair[1],
    )
)
"""Each tile's name by its value (``TILE_NAMES[Tile.FLOOR] == "floor"``)."""
TILE_WALKABLE = np.array(
    # wall, floor, stairs down, closed and open doors, stairs up, deep water, lava, chasm,
    # locked door; grass, ash, bridge, lever, pulled lever, sealed door
    [False, True, True, True, True, True, True, False, False, True,
     True, True, True, False, False, True],
    dtype=np.bool_,
)  # fmt: skip
"""Where creatures may go (a closed door too: whoever walks into it opens it first)."""
SHUT_DOORS = (Tile.CLOSED_DOOR, Tile.LOCKED_DOOR, Tile.SEALED_DOOR)
"""Walkable, but never stood on: walking into one opens it first."""
TILE_TRANSPARENT = np.array(
    [False, True, True, False, True, True, True, True, True, False,
     True, True, True, False, False, False],  # in the order above
    dtype=np.bool_,
)  # fmt: skip
GROUND = (Tile.FLOOR, Tile.GRASS, Tile.ASH)
"""Plain open ground: where things are put, teleports land and creatures spawn."""
TILE_FLAMMABILITY = np.array([0, 0, 0, 25, 25, 0, 0, 0, 0, 0, 60, 0, 0, 0, 0, 0], dtype=np.uint8)
"""Percent chance each turn that a tile next to fire catches (per burning neighbour, at
most once a turn): grass and wooden doors; a vault's iron-bound door, a sealed stone
door, a bridge (whose fall would drop whoever stands on it) and stone never."""
TILE_BURNS_FOR = np.array([0, 2, 2, 6, 6, 2, 0, 0, 0, 0, 4, 2, 0, 0, 0, 0], dtype=np.uint8)
"""Turns a fire lasts on each kind of tile (0: no fire can be there: walls, water,
lava, chasms). Bare ground burns briefly from what was thrown on it, and never spreads."""
TILE_BURNT = np.array([0, 1, 2, 11, 11, 5, 6, 7, 8, 9, 11, 11, 12, 13, 14, 15], dtype=np.uint8)
"""What a tile becomes when its fire goes out: grass and wooden doors to ash."""


def is_ground(tiles: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Where ``tiles`` is plain open ground (``GROUND``)."""
    found: NDArray[np.bool_] = (tiles == Tile.FLOOR) | (tiles == Tile.GRASS) | (tiles == Tile.ASH)
    return found


class Rect(NamedTuple):
    """A room's outer rectangle, walls included; ``inner`` is the part that is dug. A
    named tuple: a generator makes sixty a floor and a save's load as many, and a frozen
    dataclass cost three times as much to make."""

    x: int
    y: int
    width: int
    height: int

    @property
    def x2(self) -> int:
        return self.x + self.width - 1

    @property
    def y2(self) -> int:
        return self.y + self.height - 1

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.width // 2, self.y + self.height // 2)

    @property
    def inner(self) -> tuple[slice, slice]:
        return slice(self.x + 1, self.x2), slice(self.y + 1, self.y2)

    def encloses(self, x: int, y: int) -> bool:
        """True when (x, y) is on the dug part of the room."""
        return self.x < x < self.x2 and self.y < y < self.y2

    def intersects(self, other: Rect) -> bool:
        """True when the outer rectangles overlap, so accepted rooms always keep a wall apart."""
        return (
            self.x <= other.x2 and self.x2 >= other.x and self.y <= other.y2 and self.y2 >= other.y
        )


DARKNESS_KIND = 4
"""The gas kind that hides (``gas.GASES``: its index there, checked by a test)."""
DARK_ENOUGH = 0.2
"""Darkness at least this thick blocks sight."""

REMAINS_KEY = "remains"
"""What ``Floor.seen_items`` holds where remains were last seen."""


@dataclass(eq=False, repr=False)
class Floor(Shown):
    """One level of the dungeon. Generators fill ``tiles``; the rest is derived or play state."""

    tiles: NDArray[np.uint8]
    start: tuple[int, int]
    stairs: tuple[int, int]
    rooms: list[Rect] = field(default_factory=list)
    depth: int = 1
    actors: dict[int, Actor] = field(default_factory=dict)
    """Every creature on the floor by id, living or dead, in spawn order."""
    items: list[Item] = field(default_factory=list)
    """Items lying on the floor; the last dropped on a tile is on top."""
    traps: dict[tuple[int, int], Trap] = field(default_factory=dict)
    """Traps by position, found or not (``engine/terrain/traps.py``)."""
    left_at: int = 0
    """World time the player last left it (``engine/monsters/stairs.py``: it lives the time)."""
    calm_since: int = 0
    """World time of its first visit or its last arrival (``engine/monsters/arrivals.py``)."""

    def __post_init__(self) -> None:
        self.tiles = np.asarray(self.tiles, dtype=np.uint8)
        if self.tiles.ndim != 2:
            raise ValueError("floor tiles must be a 2-D array")
        kinds = self.tiles.astype(np.intp)  # once: ``take`` converts bytes anew each call
        self.walkable: NDArray[np.bool_] = TILE_WALKABLE.take(kinds)
        self.transparent: NDArray[np.bool_] = TILE_TRANSPARENT.take(kinds)
        self.visible: NDArray[np.bool_] = np.zeros(self.tiles.shape, dtype=np.bool_)
        self.explored: NDArray[np.bool_] = np.zeros(self.tiles.shape, dtype=np.bool_)
        self.mapped: NDArray[np.bool_] = np.zeros(self.tiles.shape, dtype=np.bool_)
        """The part of ``explored`` known by magic and never seen: what lies there is
        unknown, so explore still goes (a tester read magic mapping on the Heart's
        floor, explore said "Explored" and the Heart was never seen)."""
        self.terrain_version = 0
        self.sight_version = 0
        """Counts the changes of ``visible`` and ``explored``; ``sight_box`` says where
        the last one could be (an observer redraws only there)."""
        self.sight_box: tuple[slice, slice] | None = None
        """The square a field of view was computed in when the last change of ``visible``
        and ``explored`` was one (none outside it); None: anywhere."""
        self.walk_version = 0
        """Counts the changes of ``walkable`` alone (a door opened changes only what is
        seen through it): the monsters' distance maps are kept until it changes."""
        self.size: tuple[int, int] = (int(self.tiles.shape[0]), int(self.tiles.shape[1]))
        """(width, height), read on every step."""
        self.occupant: NDArray[np.int32] = np.zeros(self.tiles.shape, dtype=np.int32)
        """Id of the blocking actor on each tile; 0 when free. Kept in step by the methods below."""
        self._view_cells()
        self.gas: NDArray[np.float32] = np.zeros(self.tiles.shape, dtype=np.float32)
        """Poison gas per tile (``engine/terrain/gas.py``); ``gas_active`` while any is left."""
        self.gas_active = False
        self.gas_kind: NDArray[np.uint8] = np.zeros(self.tiles.shape, dtype=np.uint8)
        """Which gas (``gas.GASES``) each tile holds: the kind of most of it."""
        self.dark_version = 0
        """Counts the turns darkness drifted (the field of view is recomputed)."""
        self.fire: NDArray[np.uint8] = np.zeros(self.tiles.shape, dtype=np.uint8)
        """Turns of fire left per tile (``engine/terrain/fire.py``); ``fire_active`` while any."""
        self.fire_active = False
        self.hazard_version = 0
        """Counts the changes of fire and gas (``terrain/danger.py`` keeps its map until
        it changes)."""
        self.danger: tuple[int, NDArray[np.bool_] | None] = (-1, None)
        """Where fire burns or harmful gas hangs, for ``hazard_version`` (None: nowhere):
        the cells monsters keep out of when they can (``terrain/danger.py``)."""
        self.seen_items: dict[tuple[int, int], str] = {}
        """The item kind the player last saw on each tile out of view (the remembered map)."""
        self.fixtures: dict[tuple[int, int], str] = {}
        """Light fixtures by position ("torch", "brazier", "fungus": ``mapgen/fixtures.py``):
        scenery the screens light the floor from; no rule reads them."""

    def _view_cells(self) -> None:
        """The ``*_cells`` views: memoryviews of the arrays a turn reads a cell at a time
        (``occupant_cells[x, y]``, also written by ``move_actor``). A view reads or
        writes one cell four times as fast as numpy (``item`` is a method call and a
        conversion, ``[x, y]`` a tuple index and a numpy scalar), and a crowd's phase
        reads several cells for each of a thousand monsters. They share the arrays'
        memory, so the arrays are changed in place, never replaced (a check of the
        invariants holds this)."""
        self.occupant_cells = self.occupant.data  # (``data``: the array's memoryview)
        self.walkable_cells = self.walkable.data
        self.tile_cells = self.tiles.data
        self.visible_cells = self.visible.data

    def __getstate__(self) -> dict[str, object]:
        """A floor's state without its views (``pickle`` takes no memoryview; only the
        bench's tutorial save pickles a floor): ``__setstate__`` makes them again."""
        return {k: v for k, v in self.__dict__.items() if not k.endswith("_cells")}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._view_cells()

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def in_bounds(self, x: int, y: int) -> bool:
        width, height = self.size
        return 0 <= x < width and 0 <= y < height

    def is_walkable(self, x: int, y: int) -> bool:
        return self.in_bounds(x, y) and bool(self.walkable[x, y])

    def see_through(self) -> NDArray[np.bool_]:
        """Where sight passes: the transparent terrain, less thick darkness
        (``gas.DARKNESS``, at least ``DARK_ENOUGH``)."""
        if not self.gas_active or not self.dark_version:
            return self.transparent
        dark = (self.gas_kind == DARKNESS_KIND) & (self.gas >= DARK_ENOUGH)
        return self.transparent & ~dark if dark.any() else self.transparent

    def set_tile(self, x: int, y: int, tile: int) -> None:
        """Change terrain in play (doors, digging); keeps derived arrays and FOV in step."""
        self.tiles[x, y] = tile
        if self.walkable[x, y] != TILE_WALKABLE[tile]:
            self.walkable[x, y] = TILE_WALKABLE[tile]
            self.walk_version += 1
        self.transparent[x, y] = TILE_TRANSPARENT[tile]
        self.terrain_version += 1

    def sight_changed(self, box: tuple[slice, slice] | None = None) -> None:
        """``visible`` or ``explored`` changed, only within ``box`` if given."""
        self.sight_version += 1
        self.sight_box = box

    def add_actor(self, actor: Actor) -> None:
        if actor.blocks and self.occupant[actor.x, actor.y]:
            raise ValueError(f"{actor.position} is already occupied")
        self.actors[actor.id] = actor
        if actor.blocks:
            self.occupant[actor.x, actor.y] = actor.id

    def move_actor(self, actor: Actor, x: int, y: int) -> None:
        if actor.blocks:
            cells = self.occupant_cells
            cells[actor.x, actor.y] = 0
            cells[x, y] = actor.id
        actor.x, actor.y = x, y

    def stop_blocking(self, actor: Actor) -> None:
        """The actor no longer blocks its tile (it died, and lies there as remains)."""
        if actor.blocks:
            self.occupant[actor.x, actor.y] = 0
            actor.blocks = False

    def remove_actor(self, actor: Actor) -> None:
        self.stop_blocking(actor)
        del self.actors[actor.id]

    def blocker_at(self, x: int, y: int) -> Actor | None:
        actor_id = int(self.occupant[x, y])
        return self.actors[actor_id] if actor_id else None

    def is_free(self, x: int, y: int) -> bool:
        """Walkable and not blocked by a creature."""
        return self.in_bounds(x, y) and self.walkable.item(x, y) and not self.occupant.item(x, y)

    def free_near(self, x: int, y: int, reach: int = 1) -> tuple[int, int] | None:
        """The free cell nearest (x, y) but not it, and not a shut door, within ``reach``
        (where a creature can be put): nearest ring first, each in reading order (the
        ``DIRECTIONS`` order for the first ring)."""
        for ring in range(1, reach + 1):
            for dy in range(-ring, ring + 1):
                for dx in range(-ring, ring + 1):
                    cx, cy = x + dx, y + dy
                    on_ring = max(abs(dx), abs(dy)) == ring
                    if (
                        on_ring
                        and self.is_free(cx, cy)
                        and self.tiles.item(cx, cy) not in SHUT_DOORS
                    ):
                        return cx, cy
        return None

    def open_cells(self) -> NDArray[np.bool_]:
        """Where a creature could be put: walkable, no shut door, nobody there."""
        tiles = self.tiles
        shut = (
            (tiles == Tile.CLOSED_DOOR) | (tiles == Tile.LOCKED_DOOR) | (tiles == Tile.SEALED_DOOR)
        )
        found: NDArray[np.bool_] = self.walkable & ~shut & (self.occupant == 0)
        return found

    def items_at(self, x: int, y: int) -> list[Item]:
        return [item for item in self.items if item.x == x and item.y == y]

    def actors_at(self, x: int, y: int) -> list[Actor]:
        return [a for a in self.actors.values() if a.x == x and a.y == y]


FloorBuilder = Callable[[int, "np.random.Generator"], Floor]
"""Builds the floor for a depth from that floor's own random stream (see ``rng.floor_stream``).
The generator's type is named as text: read at run time, it would import ``numpy.random``
(8 ms) into the title screen, which draws no floor."""
