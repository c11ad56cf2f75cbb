"""The game as text, for language agents (``Emberdeep-Text-v0``): what is in view with
directions and distances, the player's numbers and statuses, the inventory with its
letters, the newest messages and an ASCII window of the map.

Everything is what the player knows: items by their looks until identified, creatures'
health in words, remembered places as the player last saw them. Directions are the
eight compass points, distances the number of steps (diagonals count one).
"""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_lowercase

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.play.world import World
from emberdeep.session.names import describe
from emberdeep.session.surroundings import conditions, in_view

NEWEST = 5
"""How many of the newest messages are shown."""


def status(world: World) -> str:
    player = world.player
    spend = ", a level to spend" if world.can_level_up else ""
    line = (
        f"HP {player.hp}/{player.max_hp}, power {player.power}, defense {player.defense}, "
        f"level {player.level} (XP {player.xp}/{world.xp_to_next}{spend}), "
        f"depth {world.depth}, turn {world.turn}"
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
