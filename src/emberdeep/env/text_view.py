"""The game as text, for language agents (``Emberdeep-Text-v0``): what is in view with
directions and distances, the player's numbers and statuses, the inventory with its
letters, the newest messages and an ASCII window of the map.

Everything is what the player knows: items by their looks until identified, creatures'
health in words, remembered places as the player last saw them. Directions are the
eight compass points, distances the number of steps (diagonals count one).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from string import ascii_lowercase

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine import hunger
from emberdeep.engine.statuses import active
from emberdeep.engine.world import World
from emberdeep.session.names import describe
from emberdeep.ui.look import health_word
from emberdeep.ui.sidebar import doing

COMPASS = (
    "east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east",
)  # fmt: skip
"""By angle, counter-clockwise from east (y grows southwards on the map)."""
NEWEST = 5
"""How many of the newest messages are shown."""


def bearing(dx: int, dy: int) -> str:
    """The compass point nearest the direction of (dx, dy); "here" for (0, 0)."""
    if dx == dy == 0:
        return "here"
    sector = round(math.atan2(-dy, dx) / (math.pi / 4)) % 8
    return COMPASS[sector]


def where(world: World, position: tuple[int, int]) -> str:
    """ "3 north-east" (steps and direction from the player), or "here"."""
    px, py = world.player.position
    dx, dy = position[0] - px, position[1] - py
    steps = max(abs(dx), abs(dy))
    return "here" if steps == 0 else f"{steps} {bearing(dx, dy)}"


def in_view(world: World) -> list[str]:
    """One line per thing in view, nearest first: creatures, items, stairs, traps."""
    floor, player = world.floor, world.player
    px, py = player.position
    found: list[tuple[int, str]] = []

    def add(position: tuple[int, int], text: str) -> None:
        steps = max(abs(position[0] - px), abs(position[1] - py))
        found.append((steps, f"{text}: {where(world, position)}"))

    for actor in floor.actors.values():
        if actor is player or not floor.visible[actor.position]:
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
    return [text for _, text in found] or ["nothing of note"]


def status(world: World) -> str:
    player = world.player
    spend = ", a level to spend" if world.can_level_up else ""
    line = (
        f"HP {player.hp}/{player.max_hp}, power {player.power}, defense {player.defense}, "
        f"level {player.level} (XP {player.xp}/{world.xp_to_next}{spend}), "
        f"depth {world.depth}, turn {world.turn}"
    )
    statuses = [f"{name} ({turns} turns)" for name, turns in active(player)]
    hungry = hunger.state(world.nourishment)
    if hungry:
        statuses.append(f"{hungry} ({world.nourishment} turns of food left)")
    return line + (f"; {', '.join(statuses)}" if statuses else "")


def inventory(world: World) -> list[str]:
    """``a) short sword (in use)``: the letter is what commands name an item by."""
    lines = []
    for letter, item in zip(ascii_lowercase, world.inventory, strict=False):
        worn = " (in use)" if item.equipped else ""
        lines.append(f"{letter}) {describe(world.identity, item)}{worn}")
    return lines or ["(nothing)"]


def ascii_map(glyphs: NDArray[np.uint16]) -> list[str]:
    """The window's rows, without the blank rows above and below what is known."""
    rows = ["".join(map(chr, row)).rstrip() for row in glyphs.tolist()]
    known = [n for n, row in enumerate(rows) if row.strip()]
    return rows[known[0] : known[-1] + 1] if known else []


def render(world: World, messages: Sequence[str], glyphs: NDArray[np.uint16], said: str) -> str:
    """The whole text observation; ``said`` answers the last command (an error, help)."""
    parts = [
        "Status: " + status(world),
        "In view:",
        *(f"- {line}" for line in in_view(world)),
        "Inventory:",
        *(f"- {line}" for line in inventory(world)),
        "Messages (newest last):",
        *(f"- {line}" for line in (list(messages[-NEWEST:]) or ["(none)"])),
        "Map (you are @):",
        *ascii_map(glyphs),
    ]
    if said:
        parts.insert(0, said)
    if world.over:
        parts.insert(0, "The game is over: " + ("you won." if world.won else "you died."))
    return "\n".join(parts) + "\n"
