"""Where an aimed use would set fire, asked before it is made: the aiming screen warns
when the flames would start, or may spread, beside the one aiming (a fire bolt cast from
the grass sets the grass round its caster alight too).

The answer follows the rules the uses follow (``magic.bolt`` lights the flammable cells
of its flight and its mark, ``magic.fireball`` those of its blast, a thrown potion
bursts as ``item_actions.shatter`` does, ``burst.blaze_cells``) and ``fire.may_spread``
for where it may go on to: the screen never works out what burns for itself. Changes
nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.acts import magic, targets
from emberdeep.engine.core.events import Refused
from emberdeep.engine.core.flight import Cell
from emberdeep.engine.terrain import burst, fire

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.things.items import Item


def kindled(floor: Floor, user: Actor, item: Item, aim: Cell, *, throw: bool = False) -> list[Cell]:
    """The cells using (or throwing) ``item`` at ``aim`` would set alight at once: none
    for what makes no fire, or an aim the engine would refuse."""
    kind = item.kind
    if kind.bursts != burst.FIRE:
        return []
    planned = targets.plan(floor, user, item, aim, throw=throw)
    if isinstance(planned, Refused):
        return []
    if throw:
        flight = planned.flight
        if kind.category != "potion" or flight is None or flight.fell:
            return []
        at = planned.struck[0].position if planned.struck else flight.stop
        return burst.blaze_cells(floor, at, max(1, kind.radius))
    if kind.effect == "fireball":
        return [
            c for c in magic.fireball_cells(floor, aim, kind.radius) if fire.flammable(floor, c)
        ]
    if kind.effect == "bolt" and planned.struck:
        return [c for c in planned.cells if fire.flammable(floor, c)]
    return []


def near_user(floor: Floor, user: Actor, item: Item, aim: Cell, *, throw: bool = False) -> str:
    """Whether the fire that use would set may reach ``user``: "under" (where they
    stand), "beside" (a cell next to them), or "" (it keeps away)."""
    lit = kindled(floor, user, item, aim, throw=throw)
    if not lit:
        return ""
    reach = fire.may_spread(floor, lit)
    x, y = user.position
    if reach[x, y]:
        return "under"
    around = reach[max(0, x - 1) : x + 2, max(0, y - 1) : y + 2]
    return "beside" if around.any() else ""
