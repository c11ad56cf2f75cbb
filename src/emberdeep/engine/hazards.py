"""Terrain that is dangerous to enter: deep water, lava and chasms.

Deep water is walkable, but whoever wades in (without levitating) may let go of
something they carry, which the current takes. Lava and chasms are not walkable, so
every distance map, monster and auto-explore goes around them (and the generators'
reachability check guarantees a way round); a player who walks into one on purpose is
refused by lava ("certain death") and falls through a chasm to the floor below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine import statuses, traps
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind, Refused
from emberdeep.engine.floor import Tile

if TYPE_CHECKING:
    from emberdeep.engine.world import World

DROP_CHANCE = 50
"""Percent chance, each step in deep water, to lose one unworn item."""


def blocked(world: World, actor: Actor, x: int, y: int) -> list[Event] | Refused:
    """A step into terrain that cannot be walked: refused, or (a chasm, for the player)
    a fall to the floor below, whose events are returned."""
    tile = world.floor.tiles.item(x, y)
    if tile == Tile.LAVA:
        return Refused("The lava would burn you to a cinder.")
    if tile == Tile.CHASM and actor.is_player and not statuses.has(actor, statuses.LEVITATING):
        return traps.fall(world, actor, "You leap into the chasm!")
    return Refused("That way is blocked.")


def entered(world: World, actor: Actor, x: int, y: int) -> list[Event]:
    """``actor`` has just stepped onto (x, y): deep water and traps act on the player."""
    floor = world.floor
    events: list[Event] = []
    trap = floor.traps.get((x, y))
    if trap is not None:
        events += traps.spring(world, actor, trap)
    if (
        actor.is_player
        and floor is world.floor
        and floor.tiles.item(actor.x, actor.y) == Tile.DEEP_WATER
        and not statuses.has(actor, statuses.LEVITATING)
    ):
        events += wade(world)
    return events


def wade(world: World) -> list[Event]:
    """The current may take one unworn item (the play stream picks which); never the
    treasure, which the player holds on to (losing it would make the game unwinnable)."""
    loose = [
        n
        for n, item in enumerate(world.inventory)
        if not item.equipped and item.kind.effect != "treasure"
    ]
    if not loose or int(world.rng.integers(100)) >= DROP_CHANCE:
        return []
    slot = loose[int(world.rng.integers(len(loose)))]
    item = world.inventory.pop(slot)
    lost = world.identity.noun(item.kind).counted(item.count)
    text = f"Your {lost.singular} {lost.verb('slip')} away in the deep water!"
    return [Message(text, MessageKind.ITEM)]
