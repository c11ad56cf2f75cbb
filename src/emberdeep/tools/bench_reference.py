"""The classic tutorial approach, written plainly, so ``emberdeep bench`` can say how much
the game's own design buys on the same floors.

This module exists only to be measured: the game never calls it, and only the bench's
modules import it. Each function is what the libtcod "Complete Roguelike Tutorial" does, moved
to today's tcod API (no deprecated calls), without deliberate slowness:

- ``monster_phase``: the tutorial's A* extra (``move_astar``). For every monster, the
  whole floor's cost map is rebuilt with Python loops (walls blocked, every other
  blocking creature an obstacle), ``tcod.path.AStar`` (diagonal cost 1.41) finds a path
  from the monster to the player, and the monster takes its first step; when there is
  no path or it is 25 steps or longer it steps straight at the player (``move_towards``).
- ``idle_phase``: the tcod tutorial v2's ``HostileEnemy.perform`` on a floor where no
  monster sees the player: every monster is asked each turn, and waits.
- ``render_map``: the tutorial's ``render_all``: a double loop over every map cell that
  picks the cell's look from its visible / explored state and tile kind, then the
  objects in view.
- ``render_v2``: the tcod tutorial v2's frame (``Engine.render``): the map as one
  ``np.select`` of its tiles' lit and dark looks and the shroud, the entities in view
  printed one by one (remains, then items, then creatures), the health bar, the depth,
  the message log's last lines wrapped by ``textwrap`` and the names under the mouse.
- ``generate_dungeon``: the tcod tutorial v2's floors (rooms placed at random, up to 30
  tries, each joined to the last by an L of two straight lines written tile by tile
  into a structured numpy array of tile types; stairs in the last room), compared
  with the game's BSP and rooms generators on a floor of the same size.
- ``encode_save`` / ``decode_save``: the tutorial's ``shelve`` saves, i.e. pickle, here
  compressed with lzma. Pickle is measured here and never used for real saves: loading
  a pickle runs whatever code the file names, so a shared or damaged save could do
  anything. Real saves are checked JSON (``engine/saves/snapshot.py``, ``saves.py``).
"""

from __future__ import annotations

import lzma
import math
import pickle
import random
import textwrap
from collections.abc import Iterator
from typing import Any

import numpy as np
import tcod.console
import tcod.path
from numpy.typing import NDArray

from emberdeep.content.loader import Content
from emberdeep.content.looks import Look
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.floor import TILE_NAMES, TILE_WALKABLE, Floor, FloorBuilder
from emberdeep.engine.core.fov import Sight
from emberdeep.engine.core.hunt import Hunt
from emberdeep.engine.creatures import combat
from emberdeep.engine.play.world import World
from emberdeep.engine.things.identify import display_key

PATH_LIMIT = 25
"""The tutorial's cut-off: a path this long or longer means "just walk at the player"."""


def move_astar(floor: Floor, monster: Actor, target: Actor) -> None:
    """One step toward ``target`` along a fresh A* path, as the tutorial's extra does."""
    cost = np.zeros((floor.width, floor.height), dtype=np.int8)
    for y in range(floor.height):
        for x in range(floor.width):
            if floor.walkable[x, y]:
                cost[x, y] = 1
    for other in floor.actors.values():
        if other.blocks and other is not monster and other is not target:
            cost[other.x, other.y] = 0
    path = tcod.path.AStar(cost, diagonal=1.41).get_path(monster.x, monster.y, target.x, target.y)
    if path and len(path) < PATH_LIMIT:
        x, y = path[0]
        if floor.is_free(x, y):
            floor.move_actor(monster, x, y)
    else:
        move_towards(floor, monster, target.x, target.y)


def move_towards(floor: Floor, monster: Actor, x: int, y: int) -> None:
    """The tutorial's straight step: the rounded unit vector toward (x, y)."""
    dx, dy = x - monster.x, y - monster.y
    distance = math.sqrt(dx * dx + dy * dy)
    sx, sy = monster.x + round(dx / distance), monster.y + round(dy / distance)
    if floor.is_free(sx, sy):
        floor.move_actor(monster, sx, sy)


def monster_phase(world: World) -> None:
    """Every living monster acts once: attack when adjacent, otherwise ``move_astar``."""
    floor, player = world.floor, world.player
    for monster in list(floor.actors.values()):
        if monster is player or not monster.alive:
            continue
        if not player.alive:
            break
        monster_phase_one(world, monster)


def idle_phase(world: World) -> None:
    """The tutorial's ``HostileEnemy.perform`` for every monster, none of which sees the
    player here: each asks whether it stands in view (and would hunt if so), else waits."""
    floor, player = world.floor, world.player
    visible = floor.visible
    for monster in list(floor.actors.values()):
        if monster is player or not monster.alive:
            continue
        if visible[monster.x, monster.y]:
            monster_phase_one(world, monster)


def monster_phase_one(world: World, monster: Actor) -> None:
    """One monster's turn of ``monster_phase``."""
    player = world.player
    if max(abs(player.x - monster.x), abs(player.y - monster.y)) >= 2:
        move_astar(world.floor, monster, player)
    else:
        combat.attack(world, monster, player)


def render_map(console: tcod.console.Console, world: World, content: Content, mode: str) -> None:
    """The tutorial's ``render_all`` for the map: every cell set from Python, one at a time
    (the floor is drawn at the console's top-left, as the tutorial has no camera)."""
    floor = world.floor
    looks = content.tiles[mode]
    shroud = content.shroud
    cells = console.rgb
    for y in range(floor.height):
        for x in range(floor.width):
            tile = looks[TILE_NAMES[floor.tiles[x, y]]]
            if floor.visible[x, y]:
                look = tile.lit
                floor.explored[x, y] = True
            elif floor.explored[x, y]:
                look = tile.dark
            else:
                look = shroud
            cells[x, y] = (ord(look.glyph), look.fg, look.bg)
    actors = sorted(floor.actors.values(), key=lambda a: (a.alive, a.is_player))
    for actor in actors:
        if floor.visible[actor.x, actor.y]:
            look = content.looks[actor.kind] if actor.alive else content.remains
            cells[actor.x, actor.y] = (ord(look.glyph), look.fg, cells["bg"][actor.x, actor.y])


GRAPHIC = np.dtype([("ch", np.int32), ("fg", "3B"), ("bg", "3B")])
TILE = np.dtype(
    [("walkable", np.bool_), ("transparent", np.bool_), ("dark", GRAPHIC), ("light", GRAPHIC)]
)
WALL = np.array((False, False, (ord(" "), (255, 255, 255), (0, 0, 100)),
                 (ord(" "), (255, 255, 255), (130, 110, 50))), dtype=TILE)  # fmt: skip
GROUND = np.array((True, True, (ord(" "), (255, 255, 255), (50, 50, 150)),
                   (ord(" "), (255, 255, 255), (200, 180, 50))), dtype=TILE)  # fmt: skip
STAIRS = np.array((True, True, (ord(">"), (0, 0, 100), (50, 50, 150)),
                   (ord(">"), (255, 255, 255), (200, 180, 50))), dtype=TILE)  # fmt: skip


class RectangularRoom:
    """The tutorial's room: corners, centre, the dug inside, overlap."""

    def __init__(self, x: int, y: int, width: int, height: int) -> None:
        self.x1, self.y1, self.x2, self.y2 = x, y, x + width, y + height

    @property
    def center(self) -> tuple[int, int]:
        return int((self.x1 + self.x2) / 2), int((self.y1 + self.y2) / 2)

    @property
    def inner(self) -> tuple[slice, slice]:
        return slice(self.x1 + 1, self.x2), slice(self.y1 + 1, self.y2)

    def intersects(self, other: RectangularRoom) -> bool:
        return (
            self.x1 <= other.x2 and self.x2 >= other.x1
            and self.y1 <= other.y2 and self.y2 >= other.y1
        )  # fmt: skip


def tunnel_between(
    start: tuple[int, int], end: tuple[int, int], chance: random.Random
) -> Iterator[tuple[int, int]]:
    """An L-shaped tunnel between two points, bending either way at random: each leg a
    straight line, its tiles from one end to the other (the tutorial asks tcod's line
    walker for them; this project keeps a single line walker, ``engine/core/flight.py``)."""
    (x1, y1), (x2, y2) = start, end
    cx, cy = (x2, y1) if chance.random() < 0.5 else (x1, y2)
    for (ax, ay), (bx, by) in (((x1, y1), (cx, cy)), ((cx, cy), (x2, y2))):
        steps = max(abs(bx - ax), abs(by - ay))
        sx, sy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
        yield from ((ax + sx * n, ay + sy * n) for n in range(steps + 1))


def generate_dungeon(
    width: int, height: int, seed: int
) -> tuple[NDArray[np.void], NDArray[np.bool_], NDArray[np.bool_]]:
    """The tutorial's ``generate_dungeon``: its ``GameMap``'s three arrays (tiles,
    visible, explored), no monsters placed (the figures it is compared with place none
    either)."""
    chance = random.Random(seed)
    tiles = np.full((width, height), fill_value=WALL, order="F")
    visible = np.full((width, height), fill_value=False, order="F")
    explored = np.full((width, height), fill_value=False, order="F")
    rooms: list[RectangularRoom] = []
    for _ in range(30):
        room_width, room_height = chance.randint(6, 10), chance.randint(6, 10)
        x = chance.randint(0, width - room_width - 1)
        y = chance.randint(0, height - room_height - 1)
        new_room = RectangularRoom(x, y, room_width, room_height)
        if any(new_room.intersects(other) for other in rooms):
            continue
        tiles[new_room.inner] = GROUND
        if rooms:
            for tx, ty in tunnel_between(rooms[-1].center, new_room.center, chance):
                tiles[tx, ty] = GROUND
        rooms.append(new_room)
    tiles[rooms[-1].center] = STAIRS
    return tiles, visible, explored


SHROUD = np.array((ord(" "), (255, 255, 255), (0, 0, 0)), dtype=GRAPHIC)


def tutorial_tiles(floor: Floor, content: Content, mode: str) -> NDArray[np.void]:
    """The floor as the tutorial v2 holds it: an array of tile types (made once a floor,
    so not part of a frame)."""
    looks = content.tiles[mode]
    table = np.array(
        [
            (walkable, walkable, (ord(look.dark.glyph), look.dark.fg, look.dark.bg),
             (ord(look.lit.glyph), look.lit.fg, look.lit.bg))
            for name, walkable in zip(TILE_NAMES, TILE_WALKABLE, strict=True)
            for look in [looks[name]]
        ],
        dtype=TILE,
    )  # fmt: skip
    tiles: NDArray[np.void] = table[floor.tiles]
    return tiles


def render_v2(
    console: tcod.console.Console,
    world: World,
    content: Content,
    tiles: NDArray[np.void],
    messages: list[str],
) -> None:
    """The tutorial v2's ``Engine.render`` (its map drawn at the console's top-left,
    its panel below the 45 rows of an 80x45 floor)."""
    floor, player = world.floor, world.player
    console.rgb[0 : floor.width, 0 : floor.height] = np.select(
        condlist=[floor.visible, floor.explored],
        choicelist=[tiles["light"], tiles["dark"]],
        default=SHROUD,
    )
    entities: list[tuple[int, int, int, Look]] = [
        (0 if not a.alive else 2, a.x, a.y, content.looks[a.kind] if a.alive else content.remains)
        for a in floor.actors.values()
    ]
    entities += [
        (1, i.x, i.y, content.looks[display_key(world.identity, i.kind)]) for i in floor.items
    ]
    for _, x, y, look in sorted(entities, key=lambda entity: entity[0]):
        if floor.visible[x, y]:
            console.print(x=x, y=y, string=look.glyph, fg=look.fg)
    console.draw_rect(x=0, y=45, width=20, height=1, ch=1, bg=(0x40, 0x10, 0x10))
    bar_width = int(float(player.hp) / player.max_hp * 20)
    if bar_width > 0:
        console.draw_rect(x=0, y=45, width=bar_width, height=1, ch=1, bg=(0x0, 0x60, 0x0))
    console.print(x=1, y=45, string=f"HP: {player.hp}/{player.max_hp}", fg=(0xFF, 0xFF, 0xFF))
    console.print(x=0, y=47, string=f"Dungeon level: {world.depth}")
    y_offset = 4
    for message in reversed(messages):
        for line in reversed(textwrap.wrap(message, 40)):
            console.print(x=21, y=45 + y_offset, string=line, fg=(0xFF, 0xFF, 0xFF))
            y_offset -= 1
            if y_offset < 0:
                break
        if y_offset < 0:
            break
    mouse_x, mouse_y = player.position
    names = ", ".join(a.name for a in floor.actors.values() if (a.x, a.y) == (mouse_x, mouse_y))
    console.print(x=21, y=44, string=names.capitalize())


def encode_save(world: World) -> bytes:
    """The world's attributes, pickled and lzma-compressed. The floor builder and the
    monsters' search cache and the field of view's maps are left out: a closure and C
    objects cannot be pickled (the tutorial had neither; it saved its globals)."""
    unpicklable = ("build_floor", "hunt", "_sight")
    state = {name: value for name, value in vars(world).items() if name not in unpicklable}
    return lzma.compress(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))


def decode_save(data: bytes, build_floor: FloorBuilder) -> World:
    """A world back from ``encode_save`` bytes. Only ever fed bytes this module made."""
    state: dict[str, Any] = pickle.loads(lzma.decompress(data))
    world = World.__new__(World)
    vars(world).update(state)
    world.build_floor = build_floor
    world.hunt, world._sight = Hunt(), Sight()
    return world
