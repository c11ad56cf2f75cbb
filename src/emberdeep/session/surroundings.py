"""What is around the player, in words: one line per thing in view with its steps and
compass direction, what lies each way (walls, doors, stairs, how far one can walk), and
the player's statuses and hunger. One wording for the agents'
text interface (``env/text_view``) and the web's screen-reader mode (``web/reader``),
which both read it from here, beside the narration (neither may import the other, and
neither needs the UI for words).
"""

from __future__ import annotations

import math

from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import hidden
from emberdeep.engine.creatures import hunger
from emberdeep.engine.creatures.statuses import active
from emberdeep.engine.play.world import World
from emberdeep.session.look_words import doing, health_word, terrain_name
from emberdeep.session.names import describe

COMPASS = (
    "east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east",
)  # fmt: skip
"""By angle, counter-clockwise from east (y grows southwards on the map)."""
NOTHING = "nothing of note"


def bearing(dx: int, dy: int) -> str:
    """The compass point nearest the direction of (dx, dy); "here" for (0, 0)."""
    if dx == dy == 0:
        return "here"
    sector = round(math.atan2(-dy, dx) / (math.pi / 4)) % 8
    return COMPASS[sector]


def where(world: World, position: tuple[int, int]) -> str:
    """ "3 north-east" (steps, diagonals counting one, and direction from the player),
    or "here"."""
    px, py = world.player.position
    dx, dy = position[0] - px, position[1] - py
    steps = max(abs(dx), abs(dy))
    return "here" if steps == 0 else f"{steps} {bearing(dx, dy)}"


def in_view(world: World) -> list[str]:
    """One line per thing in view, nearest first: creatures (health in words, what they
    are doing, their statuses), items as the player knows them, stairs, found traps."""
    floor, player = world.floor, world.player
    px, py = player.position
    found: list[tuple[int, str]] = []

    def add(position: tuple[int, int], text: str) -> None:
        steps = max(abs(position[0] - px), abs(position[1] - py))
        found.append((steps, f"{text}: {where(world, position)}"))

    for actor in floor.actors.values():
        if actor is player or not floor.visible[actor.position]:
            continue
        if actor.alive and hidden(floor, actor):
            continue
        if actor.alive:
            statuses = "".join(f", {name}" for name, _ in active(actor))
            add(actor.position, f"{actor.name} ({health_word(actor)}, {doing(actor)}{statuses})")
        else:
            add(actor.position, f"remains of {actor.name}")
    for item in floor.items:
        if floor.visible[item.position]:
            add(item.position, describe(world.identity, item))
    for position, name in ((floor.stairs, "stairs down"), (floor.start, "stairs up")):
        if floor.visible[position]:
            add(position, name)
    for position, trap in floor.traps.items():
        if not trap.hidden and floor.visible[position]:
            add(position, trap.kind.name)
    found.sort(key=lambda entry: entry[0])
    return [text for _, text in found] or [NOTHING]


STEPS = {
    "north": (0, -1), "north-east": (1, -1), "east": (1, 0), "south-east": (1, 1),
    "south": (0, 1), "south-west": (-1, 1), "west": (-1, 0), "north-west": (-1, -1),
}  # fmt: skip
"""The eight ways from the player, clockwise from north, as a player asks them."""
OPEN_GROUND = frozenset({Tile.FLOOR})
"""Tiles a way runs on without being named: a door, stairs or water ends it, and is said."""
MAX_REACH = 40
ARTICLES = {Tile.STAIRS_DOWN: "the ", Tile.STAIRS_UP: "the ", Tile.DEEP_WATER: "", Tile.LAVA: ""}
"""How a way's end is named: "a wall", "the stairs down", "lava"."""


def ways(world: World) -> list[str]:
    """One line per compass direction: how far the player can walk that way on the
    ground they know, and what stops them (a wall, a door, the stairs, water, or where
    their map ends): "north: 3 steps, then a wall", "east: a closed door, next to you".
    A screen reader's picture of the room, where the map shows it to the eye."""
    floor = world.floor
    px, py = world.player.position
    said: list[str] = []
    for name, (dx, dy) in STEPS.items():
        steps, x, y = 0, px + dx, py + dy
        while (
            steps < MAX_REACH
            and floor.in_bounds(x, y)
            and floor.explored[x, y]
            and int(floor.tiles[x, y]) in OPEN_GROUND
        ):
            steps, x, y = steps + 1, x + dx, y + dy
        if not floor.in_bounds(x, y) or not floor.explored[x, y]:
            end = "the unknown" if steps < MAX_REACH else "more floor"
        else:
            tile = int(floor.tiles[x, y])
            end = ARTICLES.get(tile, "a ") + terrain_name(world, (x, y))
        walk = f"{steps} step{'s' * (steps > 1)}, then {end}"
        said.append(f"{name}: {end}, next to you" if steps == 0 else f"{name}: {walk}")
    return said


def conditions(world: World) -> list[str]:
    """The player's statuses with their turns left, then the stomach, always (as the
    sidebar's gauge): its hunger state ("fed" before "hungry") and the food left."""
    said = [f"{name} ({turns} turns)" for name, turns in active(world.player)]
    hungry = hunger.state(world.nourishment) or "fed"
    said.append(f"{hungry} ({world.nourishment} turns of food left)")
    return said
