"""The questions asked before a command that cannot be taken back: a plain step onto
known danger, and taking one item of a choice vault.

A step onto a found trap, deep water, fire or harmful gas (the engine's
``autopilot.risky``, the same cells runs stop before) asks first.

Hand play met two steps nobody chose: a key held down walked on onto a pressure plate the
player had found, and the press after the blow that killed an eel took the player into
its deep water, where the pack slips away. Brogue asks before such a step; so does this,
in a box that drops the keys still streaming in when it opens (``ui/stack.py``), so only a
deliberate ``y`` takes the step. A creature the player sees in the cell is attacked as
ever (no question: the step is a blow); one the player cannot see (an eel under the
water) is not given away: the question is asked as for the empty cell, and a yes strikes
it, as the step would have.

Taking one of a choice vault's items loses the others (``PickUp.lost``): a tester took
one with no word of it. The pick-up asks once, naming what it takes (``PickUp.taking``:
the engine's answer, not guessed here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.acts.actions import PickUp
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.play.autopilot import risky

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World
    from emberdeep.session.names import Names


def step_question(world: World, dx: int, dy: int, names: Names) -> str | None:
    """What to ask before the player steps (dx, dy), or None to step at once: nothing
    known to fear there, the player already in it (wading on through a lake asks once),
    or a creature in sight there to strike."""
    floor, player = world.floor, world.player
    x, y = player.x + dx, player.y + dy
    if not floor.in_bounds(x, y):
        return None
    there = floor.blocker_at(x, y)
    if there is not None and in_sight(floor, there):
        return None
    danger = risky(floor, player)
    if not danger[x, y] or danger[player.position]:
        return None
    trap = floor.traps.get((x, y)) if floor.traps else None
    if trap is not None and not trap.hidden:
        return f"Step onto the {names.trap(trap.kind.key).singular}?"
    if floor.tiles.item(x, y) == Tile.DEEP_WATER:
        return "Swim into the deep water? What you carry may slip away."
    return "Step into the fire or poisonous gas?"


def pick_up_question(world: World, names: Names) -> str | None:
    """What to ask before a pick-up, or None to take at once: only when what it takes
    loses the rest of a choice."""
    item = PickUp.taking(world)
    if item is None:
        return None
    lost = PickUp.lost(world.floor, item)
    if not lost:
        return None
    taken = names.thing(world.identity.thing(item)).the
    others = "The other one" if len(lost) == 1 else f"The other {len(lost)}"
    return f"Take {taken}? {others} will be lost."
