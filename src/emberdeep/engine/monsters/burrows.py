"""A monster that burrows through rock toward its foe (a delving worm): walls are no
shelter from it and a corridor no choke point, since it makes its own way and comes out
where it is not expected. It asks the player to watch the walls, and to meet it as it
breaks through, while it is still slow in the rock, rather than hold a doorway."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.acts.actions import Action, ActionResult, done
from emberdeep.engine.chase.allies import foe_of
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.events import Moved, Refused, TerrainChanged
from emberdeep.engine.core.flight import line
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("burrow", "turn", reach=(2, 40, 12), slowness=(100, 1000, 300))
def burrow(batch: Batch, i: int, known: Ability) -> Action | None:
    """When its foe is within ``reach`` and the next tile on the straight line to it is
    rock it may dig, dig through into it (which takes ``slowness`` percent of a move)."""
    monster, floor = batch.monsters[i], batch.floor
    foe = foe_of(batch, i)
    if foe is None or not 2 <= gap(monster, foe) <= known.number("reach"):
        return None
    x, y = line(monster.position, foe.position)[1]
    if not diggable(floor, x, y):
        return None
    return Dig(x, y, monster.move_time * known.number("slowness") // 100)


def diggable(floor: Floor, x: int, y: int) -> bool:
    """Plain rock inside the floor's edge and not next to a locked door (a vault's walls
    are not dug into)."""
    width, height = floor.size
    if not (0 < x < width - 1 and 0 < y < height - 1) or floor.tiles.item(x, y) != Tile.WALL:
        return False
    around = floor.tiles[x - 1 : x + 2, y - 1 : y + 2]
    return not bool((around == Tile.LOCKED_DOOR).any())


class Dig(msgspec.Struct, frozen=True):
    """Turn the rock at (x, y) to floor and move into it, in ``time``."""

    x: int
    y: int
    time: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor, start = world.floor, actor.position
        near = max(abs(self.x - actor.x), abs(self.y - actor.y)) == 1
        if not near or not diggable(floor, self.x, self.y):
            return Refused("blocked")
        floor.set_tile(self.x, self.y, Tile.FLOOR)
        world.emit(TerrainChanged(((self.x, self.y),), "burrowed"))
        floor.move_actor(actor, self.x, self.y)
        world.emit(Moved(actor.who, start, actor.position))
        return done(self.time)
