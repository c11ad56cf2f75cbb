"""Pouncers (a shadow hound): from across a room it leaps to its foe's side in one
bound, so darts and a long corridor buy nothing; meet it with a blade, a wall at your
back, or a door closed between you."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from emberdeep.engine.acts.actions import Action, ActionResult, done
from emberdeep.engine.chase.allies import foe_of
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.events import Refused, Teleported
from emberdeep.engine.core.flight import clear
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("pounces", "turn", reach=(2, 20, 6), least=(2, 20, 3))
def pounces(batch: Batch, i: int, known: Ability) -> Action | None:
    """When its foe is between ``least`` and ``reach`` tiles away along a clear line,
    leap to a free tile next to it."""
    monster = batch.monsters[i]
    foe = foe_of(batch, i)
    if foe is None or not known.number("least") <= gap(monster, foe) <= known.number("reach"):
        return None
    if not clear(batch.floor, monster.position, foe.position):
        return None
    return Pounce(foe)


@dataclass(frozen=True)
class Pounce:
    """Leap to the free tile next to ``foe`` nearest the leaper."""

    foe: Actor

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor, foe = world.floor, self.foe
        spots = [
            (max(abs(x - actor.x), abs(y - actor.y)), x, y)
            for x in range(foe.x - 1, foe.x + 2)
            for y in range(foe.y - 1, foe.y + 2)
            if floor.in_bounds(x, y)
            and floor.is_free(x, y)
            and clear(floor, actor.position, (x, y))
        ]
        if not spots or not foe.alive:
            return Refused("nowhere")
        _, x, y = min(spots)
        start = actor.position
        floor.move_actor(actor, x, y)
        world.emit(Teleported(actor.who, start, actor.position, "pounce"))
        return done(actor.move_time)
