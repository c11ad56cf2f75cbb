"""Monsters that cross the gap to their foe's side in one move: the dar blademaster blinks
(``lunge``), the shadow hound leaps (``pounces``). Distance is no refuge from either and
darts or a long corridor buy nothing: they ask the player to meet them (a blade, a wall at
one's back), or to break the line of sight they need (a corner, a door, a cloud)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.acts.actions import DIRECTIONS, Action, ActionResult, done
from emberdeep.engine.chase.allies import foe_of
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.events import Refused, Teleported
from emberdeep.engine.core.flight import clear
from emberdeep.engine.core.floor import SHUT_DOORS
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("lunge", "turn", reach=(2, 20, 7), least=(2, 20, 3))
def lunge(batch: Batch, i: int, known: Ability) -> Action | None:
    """When its foe is at least ``least`` and at most ``reach`` tiles away along a clear
    line, it blinks to a free tile beside it."""
    return leap(batch, i, known, "lunge")


@ability("pounces", "turn", reach=(2, 20, 6), least=(2, 20, 3))
def pounces(batch: Batch, i: int, known: Ability) -> Action | None:
    """The same crossing as a leap (told as a pounce)."""
    return leap(batch, i, known, "pounce")


def leap(batch: Batch, i: int, known: Ability, how: str) -> Action | None:
    monster = batch.monsters[i]
    foe = foe_of(batch, i)
    if foe is None or not known.number("least") <= gap(monster, foe) <= known.number("reach"):
        return None
    if not clear(batch.floor, monster.position, foe.position):
        return None
    return Lunge(foe, how)


class Lunge(msgspec.Struct, frozen=True):
    """Reappear on a free tile next to ``foe`` that it can see from where it stands (the
    nearest such tile to where it was), told as ``how`` ("lunge", "pounce")."""

    foe: Actor
    how: str = "lunge"

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor, start, foe = world.floor, actor.position, self.foe
        beside = [
            (foe.x + dx, foe.y + dy)
            for dx, dy in DIRECTIONS
            if floor.in_bounds(foe.x + dx, foe.y + dy)
            and floor.walkable.item(foe.x + dx, foe.y + dy)
            and floor.occupant.item(foe.x + dx, foe.y + dy) == 0
            and floor.tiles.item(foe.x + dx, foe.y + dy) not in SHUT_DOORS
            and clear(floor, start, (foe.x + dx, foe.y + dy))
        ]
        if not foe.alive or not beside:
            return Refused("nowhere")
        end = min(beside, key=lambda c: max(abs(c[0] - start[0]), abs(c[1] - start[1])))
        floor.move_actor(actor, *end)
        world.emit(Teleported(actor.who, start, end, self.how))
        return done(actor.move_time)
