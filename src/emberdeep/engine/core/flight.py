"""One flight: where anything that flies goes, whom it strikes and where it stops.

A thrown dart, a wand's bolt, a staff's lightning, a blink, a monster's arrow: each is a
straight line of cells from its start towards the cell aimed at, walked here and nowhere
else, under a named ``Rule`` (as Brogue's bolt table gives each bolt its flags and
Hauberk's ``LosAction`` walks every missile). The rule says what a creature in the way
does to the flight (``Stops``), how far it goes, whether it flies on past the cell
aimed at, and whether it keeps to the ground (a thrown thing falls into a chasm it
crosses; a bolt flies over it). Events' missile paths are a flight's ``cells``, so what
the aiming screen draws is what flies.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

import msgspec
import numpy as np
import tcod.los

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor

Cell = tuple[int, int]


class Stops(str, Enum):
    """What a creature in the way does to a flight."""

    FIRST = "first"
    """It stops at the first creature, striking it (a bolt, a dart, an arrow)."""
    THROUGH = "through"
    """It passes through creatures, striking each (lightning)."""
    BEFORE = "before"
    """It halts before an obstruction, a wall or a creature, striking none (a blink)."""


class Rule(msgspec.Struct, frozen=True):
    """How something flies. ``reach`` 0: as far as the cell aimed at."""

    stops: Stops
    reach: int = 0
    past: bool = False
    """It flies on past the cell aimed at, to its full reach."""
    low: bool = False
    """It keeps to the ground: what cannot be walked stops it (and it falls into what is
    open but cannot be walked, a chasm or lava), where a high flight is stopped only by
    what cannot be seen through."""


class Flight(msgspec.Struct, frozen=True):
    """A flight from ``start``: the cells it crossed in order (the last where it
    stopped), the creatures it struck in order, the cell that stopped it (None: it flew
    its full length), and whether it fell (into a chasm or lava, its last cell)."""

    start: Cell
    cells: tuple[Cell, ...]
    struck: tuple[Actor, ...]
    blocked: Cell | None
    fell: bool

    @property
    def stop(self) -> Cell:
        """Where it ended: its last cell, or its start when it went nowhere."""
        return self.cells[-1] if self.cells else self.start


def _walk(start: Cell, end: Cell) -> NDArray[np.intc]:
    """The cells from ``start`` to ``end``, both included, the same cells both ways:
    Bresenham's line from A to B is not always B to A's reversed (around a corner an
    archer hit a player whose throw back could not pass), so it is always drawn from
    the lesser end and read backwards from the other."""
    if end < start:
        return tcod.los.bresenham(end, start)[::-1]
    return tcod.los.bresenham(start, end)


def line(start: Cell, end: Cell) -> list[Cell]:
    """The cells of a straight line from ``start`` to ``end``, both included: what a
    flight walks, and what a tunnel between two caves is dug along."""
    return [(x, y) for x, y in _walk(start, end).tolist()]


def _end(start: Cell, aim: Cell, rule: Rule, reach: int) -> Cell:
    """The far end of the line: the cell aimed at, or for a flight that goes ``past``
    it the cell at ``reach`` in its direction."""
    if not rule.past or not reach:
        return aim
    dx, dy = aim[0] - start[0], aim[1] - start[1]
    scale = reach / max(abs(dx), abs(dy))
    return start[0] + round(dx * scale), start[1] + round(dy * scale)


def fly(floor: Floor, start: Cell, aim: Cell, rule: Rule, reach: int | None = None) -> Flight:
    """The flight from ``start`` towards ``aim`` under ``rule``; ``reach`` overrides the
    rule's (a staff of blinking reaches further as it grows). Changes nothing."""
    reach = rule.reach if reach is None else reach
    if aim == start:
        return Flight(start, (), (), None, False)
    walked = _walk(start, _end(start, aim, rule, reach))[1:]
    if reach:
        walked = walked[:reach]
    cells: list[Cell] = []
    struck: list[Actor] = []
    open_ = floor.walkable if rule.low else floor.transparent
    for x, y in walked.tolist():
        if not floor.in_bounds(x, y):
            return Flight(start, tuple(cells), tuple(struck), (x, y), False)
        if not open_[x, y]:
            fell = rule.low and rule.stops is not Stops.BEFORE and bool(floor.transparent[x, y])
            if fell:
                cells.append((x, y))
            return Flight(start, tuple(cells), tuple(struck), (x, y), fell)
        creature = floor.blocker_at(x, y)
        if creature is not None and rule.stops is Stops.BEFORE:
            return Flight(start, tuple(cells), tuple(struck), (x, y), False)
        cells.append((x, y))
        if creature is not None:
            struck.append(creature)
            if rule.stops is Stops.FIRST:
                break
    return Flight(start, tuple(cells), tuple(struck), None, False)


SHOT = Rule(Stops.FIRST)
"""A monster's shot or a healer's mending: along a line, to the first creature in it."""


def clear(floor: Floor, start: Cell, end: Cell) -> bool:
    """Whether a ``SHOT`` from ``start`` at ``end`` gets there: nothing opaque and nobody
    between them (``end`` itself not asked). The same answer as ``fly`` (a test holds
    them together), read from the arrays at once, as every archer asks every turn."""
    between = _walk(start, end)[1:-1]
    if not len(between):
        return True
    xs, ys = between[:, 0], between[:, 1]
    return bool(floor.transparent[xs, ys].all() and not floor.occupant[xs, ys].any())
