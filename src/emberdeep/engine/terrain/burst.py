"""What a thing bursts into where it breaks: a cloud of gas or a blaze (a thrown potion
shattering, a drunk one opened, a fire bolt striking).

Content names it (``ItemKind.bursts``: a gas's name or ``FIRE``); this is the one place
that turns the name into gas or flames, and says whether it harms whoever is caught
(what a thrower aims at foes: the bot asks ``harms``, never the name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.terrain import fire, gas

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World

FIRE = "fire"
BURSTS = (*gas.GAS_NAMES, FIRE)
"""Every name a burst may have (content's ``bursts`` is checked against these)."""
GAS_AMOUNT = 10
"""Gas a kind that names no amount lets out."""


def harms(into: str) -> bool:
    """Whether a burst of ``into`` hurts or hinders whoever it catches (fire, caustic
    gas: thrown at foes), as darkness does not."""
    return into == FIRE or (into in gas.KIND_OF and gas.GASES[gas.KIND_OF[into]].harmful)


def burst(
    world: World, at: tuple[int, int], into: str, *, amount: int, radius: int, who: Actor | None
) -> None:
    """``into`` breaks out at ``at``: ``amount`` of a gas, or fire over every cell within
    ``radius`` (at least the cell itself) that can burn, set by ``who``."""
    if into != FIRE:
        gas.release(world, *at, float(amount or GAS_AMOUNT), into)
        return
    fire.ignite(world, blaze_cells(world.floor, at, radius), who, "potion")


def blaze_cells(floor: Floor, at: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    """The cells a blaze at ``at`` sets alight: those within ``radius`` that can burn
    (asked before a throw too, by ``kindling``)."""
    x, y = at
    xs, ys = np.mgrid[x - radius : x + radius + 1, y - radius : y + radius + 1]
    inside = (xs - x) ** 2 + (ys - y) ** 2 <= radius * radius + radius
    inside &= (xs >= 0) & (ys >= 0) & (xs < floor.width) & (ys < floor.height)
    cells = list(zip(xs[inside].tolist(), ys[inside].tolist(), strict=True))
    burnable = fire.can_burn(floor)
    return [c for c in cells if burnable[c]]
