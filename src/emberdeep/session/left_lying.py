"""What a person's explore leaves lying, said when it ends.

A person's explore leaves some items for the player to fetch or not: on a found trap or
in deep water (``risky_items=False``), of a kind the player dropped on this floor
(``shunned_kinds``), past the pack's last free slot (``spare``), a vault's choice, and
whatever it cannot reach. Hand play read "Explored" with seen items still on the floor
and had to find them one by one. When explore ends, a line after its stop says how many
it left and why, and how to get to them: look (``L``), Tab (its stops take the items
seen, nearest first: ``ui/screens/look.things_to_look_at``), Enter to walk there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.play import autopilot
from emberdeep.engine.things.items import INVENTORY_SIZE, MAX_STACK, Item

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

ENDS = frozenset({"explored", "explored_stairs"})
"""The stops that end an explore with nothing left it would do."""
SPARE = 1
"""The pack slots a person's explore leaves free (the driver's ``spare``)."""
WHERE = {"deep_water": "in deep water", "fire": "in fire", "gas": "in gas"}
"""The words for an item left on a risk that is not a trap."""


def left(world: World) -> list[tuple[Item, str]]:
    """The items on this floor the player knows of (in view, or remembered where seen)
    and explore left lying, each with why, in the floor's order; not those the player
    dropped, nor the one underfoot (the sidebar says it)."""
    floor, player = world.floor, world.player
    danger = autopilot.risky(floor, player)
    dropped = {item.kind.key for item in floor.items if item.dropped}
    room = len(world.inventory) < INVENTORY_SIZE - SPARE
    stacks = {i.kind.key: i.count for i in world.inventory if i.kind.stacks}
    held = autopilot.captive_cells(floor)
    found: list[tuple[Item, str]] = []
    for item in floor.items:
        at = item.position
        known = floor.visible[at] or at in floor.seen_items
        if item.dropped or at == player.position or not known:
            continue
        fits = room or stacks.get(item.kind.key, MAX_STACK) + item.count <= MAX_STACK
        if danger[at]:
            risk = autopilot.risk_at(floor, at)
            why = WHERE.get(risk, "on a trap" if risk else "out of reach")
        elif item.choice:
            why = "a vault's choice"
        elif item.kind.key in dropped:
            why = "a kind you dropped"
        elif not fits:
            full = len(world.inventory) >= INVENTORY_SIZE
            why = "no room in your pack" if full else "your pack's last slot kept free"
        else:
            why = "out of reach" if at not in held else "under a captive"
        found.append((item, why))
    return found


def words(world: World, why: str) -> str:
    """The line after an explore's last stop (``why``): "2 items left lying (on a trap,
    in deep water): look (L), Tab to one, Enter to go there.", or "" when none are."""
    if why not in ENDS:
        return ""
    lying = left(world)
    if not lying:
        return ""
    reasons = list(dict.fromkeys(reason for _, reason in lying))
    count = len(lying)
    noun = "item" if count == 1 else "items"
    return (
        f"{count} {noun} left lying ({', '.join(reasons)}): look (L), Tab to one,"
        " Enter to go there."
    )
