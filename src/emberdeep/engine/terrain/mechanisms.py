"""The set pieces' moving parts: bridges that give way and levers that open sealed walls.

Both keep their whole state in the floor's tiles (a bridge tile is there or has fallen; a
lever is pulled or not, and a sealed wall is shut or open), so a save keeps them with no
field of their own, and ``play/rules.py`` states the one thing that ties them together:
a pulled lever leaves no sealed wall on its floor.

A bridge gives way under the player's weight, never a monster's (monsters know their
own dungeon, as with traps): each bridge tile the player steps off falls into the chasm
behind them, so a bridge is crossed once. The floor builder lays bridges only where the
floor stays whole without them (``mapgen/setpieces.py``). A levitating player weighs
nothing. Whatever lies on a tile that falls is lost below.

A lever is a tile in a wall: the player walking into it pulls it (``Move``'s way into a
lever, as walking into a door opens it), and every sealed wall of the floor opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.events import ItemMoved, Refused, TerrainChanged
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import statuses

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World


def crossed(world: World, actor: Actor, x: int, y: int) -> None:
    """``actor`` has just stepped off the bridge tile (x, y): under the player it falls."""
    if not actor.is_player or statuses.has(actor, statuses.LEVITATING):
        return
    floor = world.floor
    floor.set_tile(x, y, Tile.CHASM)
    for item in floor.items_at(x, y):
        floor.items.remove(item)
        world.emit(ItemMoved(actor.who, (x, y), world.identity.thing(item), "lost"))
    world.emit(TerrainChanged(((x, y),), "collapsed"))


def pull_refusal(floor: Floor, actor: Actor, x: int, y: int) -> Refused | None:
    """Why walking into the lever at (x, y) pulls nothing, or None: the player pulls it."""
    if floor.tiles.item(x, y) != Tile.LEVER or not actor.is_player:
        return Refused("blocked")
    return None


def pull(world: World, actor: Actor, x: int, y: int) -> Refused | None:
    """The player pulls the lever at (x, y): it stays down, and every sealed wall of the
    floor slides open (a ``TerrainChanged`` "lever" naming the lever and the walls)."""
    floor = world.floor
    if refused := pull_refusal(floor, actor, x, y):
        return refused
    floor.set_tile(x, y, Tile.PULLED_LEVER)
    sealed = [
        (int(sx), int(sy))
        for sx, sy in zip(*(floor.tiles == Tile.SEALED_DOOR).nonzero(), strict=True)
    ]
    for cell in sealed:
        floor.set_tile(*cell, Tile.FLOOR)
    world.emit(TerrainChanged(((x, y), *sealed), "lever"))
    return None
