"""Terrain that is dangerous to enter: deep water, lava and chasms (and the ways into
terrain that cannot be walked: a lever in a wall is pulled, ``mechanisms.py``).

Deep water is walkable, but whoever wades in (without levitating) may let go of
something they carry, which the current carries to the nearest shore (``wade``). Lava
and chasms are not walkable, so every distance map, monster and auto-explore goes around
them (and the generators' reachability check guarantees a way round); a player who walks
into one on purpose is refused by lava ("certain death") and falls through a chasm to
the floor below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.events import ItemMoved, Refused
from emberdeep.engine.core.floor import Floor, Tile, is_ground
from emberdeep.engine.creatures import statuses
from emberdeep.engine.terrain import fire, mechanisms, traps
from emberdeep.engine.things import items

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

DROP_CHANCE = 50
"""Percent chance, each step in deep water, to lose one unworn item."""
HELD_ON = frozenset({"treasure", "key"})
"""The effects of the items deep water never takes (``wade``)."""


def refusal(world: World, actor: Actor, x: int, y: int) -> Refused | None:
    """Why a step into terrain that cannot be walked is refused, or None for a chasm
    the player falls into or a lever the player pulls (changes nothing: ``blocked`` acts
    on it). A diagonal step from a doorway into a wall says so (``detail`` "doorway"):
    a held diagonal key walks into a doorway and then meets the wall of the corridor or
    room beyond it, where the way on is a straight step first."""
    tile = world.floor.tiles.item(x, y)
    if tile == Tile.LAVA:
        return Refused("lava")
    if tile == Tile.LEVER:
        return mechanisms.pull_refusal(world.floor, actor, x, y)
    if tile == Tile.CHASM and actor.is_player and not statuses.has(actor, statuses.LEVITATING):
        return None
    floor = world.floor
    if x != actor.x and y != actor.y and floor.tiles.item(actor.x, actor.y) == Tile.OPEN_DOOR:
        return Refused("blocked", detail="doorway")  # a straight step first, then turn
    return Refused("blocked")


def blocked(world: World, actor: Actor, x: int, y: int) -> Refused | None:
    """A step into terrain that cannot be walked: refused, or (a chasm, for the player)
    a fall to the floor below, or a lever pulled (None: it happened)."""
    refused = refusal(world, actor, x, y)
    if refused is None:
        if world.floor.tiles.item(x, y) == Tile.LEVER:
            return mechanisms.pull(world, actor, x, y)
        traps.fall(world, actor, "chasm")
    return refused


def entered(world: World, actor: Actor, x: int, y: int) -> None:
    """``actor`` has just stepped onto (x, y): deep water and traps act on the player;
    deep water puts out whoever burns."""
    floor = world.floor
    if actor.statuses and floor.tiles.item(x, y) == Tile.DEEP_WATER:
        fire.quench(world, actor)
    trap = floor.traps.get((x, y))
    if trap is not None:
        traps.spring(world, actor, trap)
    if (
        actor.is_player
        and floor is world.floor
        and floor.tiles.item(actor.x, actor.y) == Tile.DEEP_WATER
        and not statuses.has(actor, statuses.LEVITATING)
    ):
        wade(world)


def wade(world: World) -> None:
    """The current may take one unworn item (the play stream picks which), one off a
    stack, never the whole stack (13 potions of healing went at once); never what the
    player holds on to (``HELD_ON``): the treasure (losing it would make the game
    unwinnable) and a key (hand play lost a vault key while swimming and never saw the
    line go by: a vault lost for good, unseen; Brogue never loses a key for good). What
    it takes washes up on the nearest shore (``shore``), to be fetched: hand play lost
    four things in five strokes for good, and took "may be swept away" for "will be".
    Brogue's current carries what it takes off too, and leaves it to be found."""
    loose = [
        n
        for n, item in enumerate(world.inventory)
        if not item.equipped and item.kind.effect not in HELD_ON
    ]
    if not loose or int(world.rng.integers(100)) >= DROP_CHANCE:
        return
    slot = loose[int(world.rng.integers(len(loose)))]
    item = items.take_one(world.inventory, slot)
    player = world.player
    landing = shore(world.floor, player.position)
    if landing is None:  # a floor of water and nothing else: it is gone
        world.emit(ItemMoved(player.who, player.position, world.identity.thing(item), "swept"))
        return
    item.x, item.y = landing
    world.floor.items.append(item)
    world.emit(ItemMoved(player.who, landing, world.identity.thing(item), "washed"))


def shore(floor: Floor, near: tuple[int, int]) -> tuple[int, int] | None:
    """The plain ground nearest ``near`` (in steps; ties to the first by column, then
    row) with no trap on it, where the current leaves what it took (None: there is
    none)."""
    ground = is_ground(floor.tiles)
    for x, y in floor.traps:
        ground[x, y] = False
    cells = np.argwhere(ground)
    if not len(cells):
        return None
    gaps = np.abs(cells - np.array(near)).max(axis=1)
    x, y = cells[int(gaps.argmin())].tolist()
    return int(x), int(y)
