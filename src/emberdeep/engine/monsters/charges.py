"""A huge, slow monster that charges down a straight line (a behemoth): out of line it
lumbers and can be outwalked, but a foe standing in a row, a column or a diagonal with a
clear run between is crossed in one rush and struck with its weight behind it. It asks
the player to keep off its lines (step aside, fight it round a corner or at a knight's
move) rather than stand and wait for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.acts.actions import Action, ActionResult, done
from emberdeep.engine.chase.allies import foe_of
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import Ability, Actor
from emberdeep.engine.core.events import Refused, Teleported
from emberdeep.engine.core.flight import line
from emberdeep.engine.core.floor import SHUT_DOORS, Floor
from emberdeep.engine.creatures import combat
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


@ability("charge", "turn", reach=(2, 20, 6), bonus=(0, 100, 50))
def charge(batch: Batch, i: int, known: Ability) -> Action | None:
    """When its foe stands in a straight line (row, column or diagonal) two to ``reach``
    tiles away with free ground between, rush to it and strike with ``bonus`` percent
    more power."""
    monster = batch.monsters[i]
    foe = foe_of(batch, i)
    if foe is None or not 2 <= gap(monster, foe) <= known.number("reach"):
        return None
    dx, dy = foe.x - monster.x, foe.y - monster.y
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    if run(batch.floor, monster, foe) is None:
        return None
    return Charge(foe, known.number("bonus"))


def run(floor: Floor, monster: Actor, foe: Actor) -> list[tuple[int, int]] | None:
    """The cells crossed to stand beside ``foe``, or None when anything is in the way."""
    cells = line(monster.position, foe.position)[1:-1]
    for x, y in cells:
        if (
            not floor.walkable.item(x, y)
            or floor.occupant.item(x, y) != 0
            or floor.tiles.item(x, y) in SHUT_DOORS
        ):
            return None
    return cells


class Charge(msgspec.Struct, frozen=True):
    """Rush along the line to ``foe`` and strike it with ``bonus`` percent more power."""

    foe: Actor
    bonus: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        foe, start = self.foe, actor.position
        cells = run(world.floor, actor, foe) if foe.alive else None
        if not cells:
            return Refused("no_clear_line")
        world.floor.move_actor(actor, *cells[-1])
        world.emit(Teleported(actor.who, start, actor.position, "charge"))
        power = actor.power
        actor.power = power + power * self.bonus // 100
        try:
            hp = foe.hp
            combat.attack(world, actor, foe)
        finally:
            actor.power = power
        if foe.hp < hp:
            world.react(actor, foe)
        return done(actor.attack_time)
