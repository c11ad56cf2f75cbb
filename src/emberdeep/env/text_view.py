"""The game as text, for language agents (``Emberdeep-Text-v0``): what is in view with
directions and distances (terrain named: lava is not deep water), the player's numbers,
place and statuses, the inventory with its letters, the newest messages and an ASCII
window of the map with its coordinates and a legend of what it shows; the whole
remembered floor on request (``floor_map``); a blocked move said with what blocks it.

Everything is what the player knows: items by their looks until identified, creatures'
health in words, remembered places as the player last saw them. Directions are the
eight compass points, distances the number of steps (diagonals count one); coordinates
are (x, y), x growing east and y south, as the map's rulers number them.
"""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_lowercase

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.play.world import World
from emberdeep.session.names import describe
from emberdeep.session.surroundings import NOTHING, conditions, in_view, where

NEWEST = 5
"""How many of the newest messages are shown."""
LAVA = "\u2248"
"""Lava's character on the text maps (the game draws it as deep water's ``~``)."""
TERRAIN = {Tile.LAVA: "lava", Tile.DEEP_WATER: "deep water", Tile.CHASM: "chasm",
           Tile.CLOSED_DOOR: "closed door", Tile.LOCKED_DOOR: "locked door",
           Tile.OPEN_DOOR: "open door", Tile.BRIDGE: "bridge (it falls behind you)",
           Tile.LEVER: "lever (walk into it)", Tile.SEALED_DOOR: "sealed door"}  # fmt: skip
"""Terrain named in "In view" (the stairs are named with the things)."""
BLOCKERS = {Tile.WALL: "a wall", Tile.LAVA: "lava (certain death)",
            Tile.CHASM: "a chasm (a fall to the floor below)",
            Tile.LOCKED_DOOR: "a locked door (it needs its key)",
            Tile.SEALED_DOOR: "a sealed door (a lever opens it)"}  # fmt: skip
LEGEND = {"@": "you", "#": "wall", ".": "floor", "+": "door (closed, locked or sealed)",
          "'": "open door", "<": "stairs up", ">": "stairs down", "~": "deep water",
          LAVA: "lava", ":": "chasm", "^": "trap", "_": "bridge", "}": "lever",
          "{": "pulled lever"}  # fmt: skip
"""What the maps' terrain characters mean; a letter is a creature, any other an item."""


def status(world: World) -> str:
    player = world.player
    spend = ", a level to spend" if world.can_level_up else ""
    line = (
        f"HP {player.hp}/{player.max_hp}, power {player.power}, defense {player.defense}, "
        f"level {player.level} (XP {player.xp}/{world.xp_to_next}{spend}), "
        f"depth {world.depth}, at {player.position}, turn {world.turn}"
    )
    statuses = conditions(world)
    return line + (f"; {', '.join(statuses)}" if statuses else "")


def inventory(world: World) -> list[str]:
    """``a) short sword (in use)``: the letter is what commands name an item by."""
    lines = []
    for letter, item in zip(ascii_lowercase, world.inventory, strict=False):
        worn = " (in use)" if item.equipped else ""
        lines.append(f"{letter}) {describe(world.identity, item)}{worn}")
    return lines or ["(nothing)"]


def terrain_in_view(world: World) -> list[str]:
    """``lava: 6 tiles, the nearest 2 south-west at (40, 12)``: each named terrain in view."""
    floor, (px, py) = world.floor, world.player.position
    lines = []
    for tile, name in TERRAIN.items():
        xs, ys = np.nonzero((floor.tiles == tile) & floor.visible)
        if not len(xs):
            continue
        nearest = int(np.argmin(np.maximum(np.abs(xs - px), np.abs(ys - py))))
        spot = (int(xs[nearest]), int(ys[nearest]))
        count = f"{len(xs)} tiles, the nearest" if len(xs) > 1 else "1 tile,"
        lines.append(f"{name}: {count} {where(world, spot)} at {spot}")
    return lines


def seen(world: World) -> list[str]:
    """The things in view, then the terrain worth naming (nothing: one line says so)."""
    things = [line for line in in_view(world) if line != NOTHING]
    return things + terrain_in_view(world) or [NOTHING]


def blocked(world: World, direction: tuple[int, int], name: str) -> str:
    """What stops a step ``name`` (north, ...): the tile or creature there, and where."""
    floor, player = world.floor, world.player
    x, y = player.x + direction[0], player.y + direction[1]
    if not floor.in_bounds(x, y):
        return f"the edge of the map lies {name} of you"
    if not floor.explored[x, y]:
        return f"something unseen is {name} of you at {(x, y)}"
    other = floor.blocker_at(x, y)
    if other is not None and in_sight(floor, other):
        return f"{other.name} stands {name} of you at {(x, y)}"
    what = BLOCKERS.get(int(floor.tiles[x, y]), "the way")
    return f"{what} is {name} of you at {(x, y)}"


def lava_marked(world: World, glyphs: NDArray[np.uint16], origin: tuple[int, int]) -> None:
    """``glyphs`` (a window at ``origin``) with the remembered lava drawn as ``LAVA``."""
    floor = world.floor
    height, width = glyphs.shape
    ox, oy = origin
    x0, y0 = max(ox, 0), max(oy, 0)
    x1, y1 = min(ox + width, floor.tiles.shape[0]), min(oy + height, floor.tiles.shape[1])
    if x0 >= x1 or y0 >= y1:
        return
    lava = (floor.tiles[x0:x1, y0:y1] == Tile.LAVA) & floor.explored[x0:x1, y0:y1]
    window = glyphs[y0 - oy : y1 - oy, x0 - ox : x1 - ox]
    window[lava.T & (window == ord("~"))] = ord(LAVA)


def ruled_map(glyphs: NDArray[np.uint16], origin: tuple[int, int]) -> list[str]:
    """The map's rows that hold anything known, each after its y, under a ruler of x
    (tens, then units), so any character's coordinates can be read off."""
    rows = ["".join(map(chr, row)).rstrip() for row in glyphs.tolist()]
    known = [n for n, row in enumerate(rows) if row.strip()]
    if not known:
        return []
    ox, oy = origin
    width = glyphs.shape[1]
    tens = "".join(str((ox + n) // 10 % 10) if (ox + n) % 10 == 0 else " " for n in range(width))
    units = "".join(str((ox + n) % 10) for n in range(width))
    lines = ["    " + tens.rstrip(), "    " + units]
    lines += [f"{oy + n:3d} {rows[n]}".rstrip() for n in range(known[0], known[-1] + 1)]
    return lines


def legend(lines: Sequence[str]) -> str:
    shown = set("".join(lines[2:]))
    terrain = ", ".join(f"{c} {name}" for c, name in LEGEND.items() if c in shown)
    return f"Legend: {terrain}; a letter is a creature, any other character an item."


def map_part(world: World, glyphs: NDArray[np.uint16], origin: tuple[int, int]) -> list[str]:
    """The map with its rulers and legend (``origin``: the window's top-left (x, y))."""
    lava_marked(world, glyphs, origin)
    lines = ruled_map(glyphs, origin)
    return [legend(lines), *lines]


def render(
    world: World,
    messages: Sequence[str],
    glyphs: NDArray[np.uint16],
    said: str,
    *,
    origin: tuple[int, int] = (0, 0),
    goal: str = "",
) -> str:
    """The whole text observation; ``said`` answers the last command (an error, help);
    ``glyphs`` is the map window with its top-left at ``origin``; ``goal`` the task's."""
    parts = [
        "Status: " + status(world),
        "In view:",
        *(f"- {line}" for line in seen(world)),
        "Inventory:",
        *(f"- {line}" for line in inventory(world)),
        "Messages (newest last):",
        *(f"- {line}" for line in (list(messages[-NEWEST:]) or ["(none)"])),
        f"Map (you are @ at {world.player.position}; rows by y, columns by x):",
        *map_part(world, glyphs, origin),
    ]
    if goal:
        parts.insert(0, "Goal: " + goal)
    if said:
        parts.insert(0, said)
    if world.over:
        parts.insert(0, "The game is over: " + ("you won." if world.won else "you died."))
    return "\n".join(parts) + "\n"
