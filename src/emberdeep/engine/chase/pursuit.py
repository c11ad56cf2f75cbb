"""How monsters move on the player, for a whole batch at once.

A ``Batch`` is every monster due at the same moment, with their positions gathered once
into numpy arrays. The world performs each monster's action before asking the next, so a
monster always decides on the floor as the ones before it left it; work shared by the
batch (the chase's distance lookups) is done once, when the first hunter needs it, not
once per monster. ``minds`` decides what each one does; this module only finds the steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.acts.actions import DIRECTIONS, STEPS, WAIT, Action, Either, Move
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.distance import UNREACHABLE
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.hunt import Crowd
from emberdeep.engine.terrain import danger
from emberdeep.records import MutableRecord

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

_MODE = attrgetter("mode")
_X, _Y = attrgetter("x"), attrgetter("y")
DX = np.array([d[0] for d in DIRECTIONS], dtype=np.intp)
DY = np.array([d[1] for d in DIRECTIONS], dtype=np.intp)
_Read = TypeVar("_Read", bound=np.integer[Any])
PATH_LIMIT = 25
"""A chaser never takes a way round other creatures longer than this."""


@dataclass(eq=False, repr=False)
class Batch(MutableRecord):
    """Monsters due at the same moment, the world they act in, and the way to the player
    they share (``pursuit``)."""

    world: World
    monsters: list[Actor]
    floor: Floor = field(init=False)
    player: Actor = field(init=False)
    start_xs: list[int] = field(init=False)
    """Where each monster stood when the batch began: its column, ``start_ys`` its row
    (flat lists of ints: a crowd's thousand tuples would each be one more object for
    the garbage collector to look at, phase after phase)."""
    start_ys: list[int] = field(init=False)
    pursuit: Pursuit = field(init=False)
    called: set[str] = field(init=False, default_factory=set)
    """Kinds whose pack has been called this batch (once is enough)."""

    @cached_property
    def allies_here(self) -> bool:
        """Whether the floor holds an ally of the player's (asked once per batch: most
        floors have none, and then no hunter need look around itself for one)."""
        return Mode.ALLY in map(_MODE, self.floor.actors.values())

    def __post_init__(self) -> None:
        self.floor, self.player = self.world.floor, self.world.player
        self.start_xs = list(map(_X, self.monsters))  # (``map``: read in C, a crowd's
        self.start_ys = list(map(_Y, self.monsters))  # thousand at a time)
        self.pursuit = Pursuit(self)

    def join(self, monster: Actor, at: int) -> None:
        """``monster``, woken from rest during this batch with its turn now, joins it
        at index ``at``, after the one acting (``monster_turns.take_turns``): only the
        acting monster's reads are kept by index. Another's deed woke it, so where it
        stands is where it stood when the batch began; reads made at once for the
        whole batch are made again, with it."""
        self.monsters.insert(at, monster)
        self.start_xs.insert(at, monster.x)
        self.start_ys.insert(at, monster.y)
        self.__dict__.pop("xs", None)
        self.__dict__.pop("ys", None)
        pursuit = self.pursuit
        pursuit.rounds = None
        if pursuit.gathered is not None:
            pursuit.gather()

    def close(self) -> None:
        """The batch is done: its pursuit let go. The two point at each other, so
        without this a crowd's batch (its thousands of numbers read for the chase)
        waits for the cyclic collector, which then frees a dozen phases' at once: a
        pause of milliseconds in one turn instead of a little in each."""
        del self.pursuit

    @cached_property
    def xs(self) -> NDArray[np.intp]:
        """``start_xs`` as an array, for a crowd's reads all at once (``fromiter``:
        ``np.array`` reads a list of ints several times slower)."""
        return np.fromiter(self.start_xs, dtype=np.intp, count=len(self.start_xs))

    @cached_property
    def ys(self) -> NDArray[np.intp]:
        return np.fromiter(self.start_ys, dtype=np.intp, count=len(self.start_ys))

    def around(self, padded: NDArray[_Read]) -> NDArray[_Read]:
        """The eight tiles round where each monster stood when the batch began, in
        ``DIRECTIONS`` order, read off ``padded`` (a distance map of the floor with a
        border of one: the start tiles are at +1) at once, a row a monster. Read as
        flat indices with ``take``: numpy's two-array indexing costs seven times it."""
        height = padded.shape[1]
        starts = (self.xs + 1) * height + (self.ys + 1)
        around: NDArray[_Read] = padded.take(starts[:, None] + (DX * height + DY))
        return around


class Gathered(NamedTuple):
    """A crowd's rows read at once (``Pursuit.gather``), a row of eight a monster."""

    orders: bytes
    """Each monster's eight steps nearest first, a byte each, flat: monster i's from
    ``8 * i`` (bytes: made in one copy, not eight thousand Python ints, and read as
    ints)."""
    closer: list[int]
    """How many of monster i's steps get closer (they come first in its order)."""
    around: NDArray[np.int64]
    """Each step's distance to the player, a row a monster."""
    here: NDArray[np.int64]
    """Each monster's own distance."""


ROW_BY_ROW = 48
"""A batch of up to this many monsters reads each chaser's nine tiles one at a time off
the quick map (``Hunt.player_field``); a crowd gathers every monster's at once, in
numpy, from the whole map (``Hunt.player_map``): cheaper per monster beyond this many."""


class Pursuit:
    """What chasers of one batch share: the way to the player from where each of them
    stood when the batch began. The player's distance map is searched when the first
    chaser needs it (a batch with nobody hunting, the usual case on a quiet floor, never
    searches); each chaser then reads its own nine tiles of it and ranks its steps (a
    crowd: all at once). Only which ranked step is free now is checked at its turn."""

    def __init__(self, batch: Batch, path_limit: int = PATH_LIMIT) -> None:
        self.batch = batch
        self.path_limit = path_limit
        self.goal: tuple[int, int] | None = None
        """Where the player stood when the first chaser looked (the batch's map)."""
        self.rows: dict[int, tuple[int, list[int], list[int]]] = {}
        """``row``'s answers read one by one (a few monsters)."""
        self.gathered: Gathered | None = None
        """``row``'s answers for a crowd, read at once (``gather``)."""
        self.crowd: tuple[tuple[int, int], NDArray[np.bool_]] | None = None
        """Where the player stood and which tiles were free when the batch's first
        blocked chaser looked: every crowd map of the batch is searched on those."""
        self.rounds: tuple[Crowd, NDArray[np.int64], NDArray[np.intp]] | None = None
        """``round``'s reads and their order, and the crowd map they were read from."""

    def row(self, i: int) -> tuple[int, list[int], list[int]]:
        """Monster ``i``'s distance to the player, its eight steps nearest first (the
        first in ``DIRECTIONS`` order among equals), and each step's distance."""
        gathered = self.gathered
        if gathered is not None:
            order = list(gathered.orders[8 * i : 8 * i + 8])
            return int(gathered.here[i]), order, gathered.around[i].tolist()
        found = self.rows.get(i)
        if found is None:
            batch = self.batch
            if self.goal is None:
                self.goal = batch.player.position
            if len(batch.monsters) > ROW_BY_ROW:
                self.gather()
                return self.row(i)
            hunt, start_x, start_y = batch.world.hunt, batch.start_xs[i], batch.start_ys[i]
            near = hunt.near_field(batch.floor, self.goal)
            (x0, y0), (width, height) = near.origin, near.size
            x, y = start_x - x0 + 1, start_y - y0 + 1  # the near window's coordinates
            at = near.field.at
            here = at(x, y) if 0 < x <= width and 0 < y <= height else UNREACHABLE
            if not (near.whole or here + 3 < near.bound):
                # The near map may be wrong for this chaser's tiles (a step costs at most
                # 3): the whole floor's, in the padded floor's coordinates.
                at, x, y = hunt.player_field(batch.floor, self.goal).at, start_x + 1, start_y + 1
                here = at(x, y)
            around = [at(x + dx, y + dy) for dx, dy in DIRECTIONS]
            order = sorted(range(len(around)), key=around.__getitem__)
            found = self.rows[i] = (here, order, around)
        return found

    def gather(self) -> None:
        """Every monster's row at once (``row``), for a crowd: what each chaser reads
        (its steps' order, and how many of them get closer) as flat lists of ints (a
        numpy scalar costs several times a Python int to read and compare; a list per
        monster would be a thousand more objects a phase for the garbage collector),
        the distances as arrays, read only by the few that ask for a whole row."""
        batch = self.batch
        dist = batch.world.hunt.player_map(batch.floor, self.goal or batch.player.position)
        around = batch.around(dist)
        here = dist[batch.xs + 1, batch.ys + 1]
        # Nearest first, the first in ``DIRECTIONS`` order among equals: a stable sort.
        order = np.argsort(around, axis=1, kind="stable")
        closer = (around < here[:, None]).sum(axis=1)
        self.gathered = Gathered(order.astype(np.uint8).tobytes(), closer.tolist(), around, here)

    def toward(self, i: int) -> Action:
        """The chase: melee when next to the player, else the best free step closer; a
        chaser whose every closer tile is taken walks round the others on the crowd map,
        keeping to that way for as many turns as it is long."""
        batch = self.batch
        floor, player, monster = batch.floor, batch.player, batch.monsters[i]
        dx, dy = player.x - monster.x, player.y - monster.y
        if -1 <= dx <= 1 and -1 <= dy <= 1:
            return STEPS[dx, dy]  # into the player: an attack
        if monster.detour:
            monster.detour -= 1
        else:
            gathered = self.gathered
            if gathered is None:
                step = closer_step(floor, monster, closer_steps(*self.row(i)))
            else:  # ``row`` for a crowd, its closer steps read here: every chaser asks
                k = 8 * i
                step = closer_step(floor, monster, gathered.orders[k : k + gathered.closer[i]])
            if step is not None:
                return step
        if self.crowd is None:  # the creatures as they stand when the first is blocked
            self.crowd = (player.position, floor.walkable & (floor.occupant == 0))
        (gx, gy), free = self.crowd
        if max(abs(monster.x - gx), abs(monster.y - gy)) > self.path_limit:
            crowd = None  # no way round is that short
        else:
            hunt, many = batch.world.hunt, len(batch.monsters) > ROW_BY_ROW
            crowd = hunt.crowd_map(
                floor, (gx, gy), free, monster.position, self.path_limit, whole=many
            )
            at_start = monster.x == batch.start_xs[i] and monster.y == batch.start_ys[i]
            if crowd.whole and at_start:
                steps = self.round(i, crowd)
                return detour(floor, monster, player, crowd, self.path_limit, steps=steps)
        return detour(floor, monster, player, crowd, self.path_limit)

    def round(self, i: int, crowd: Crowd) -> tuple[list[int], list[int]]:
        """Monster ``i``'s eight steps on ``crowd`` (searched for every chaser of the
        batch) from where it stood when the batch began, and their order, nearest
        first: read for the whole batch at once when the first asks, as ``gather``."""
        kept = self.rounds
        if kept is None or kept[0] is not crowd:
            around = self.batch.around(crowd.floor_steps())
            kept = self.rounds = (crowd, around, np.argsort(around, axis=1, kind="stable"))
        return kept[1][i].tolist(), kept[2][i].tolist()

    def away(self, i: int) -> Action | None:
        """The free step that gets farthest from the player on foot, if any gets farther."""
        here, order, around = self.row(i)
        monster, occupant = self.batch.monsters[i], self.batch.floor.occupant
        for k in reversed(order):
            farther = around[k]
            if farther >= UNREACHABLE or farther <= here:
                continue
            dx, dy = DIRECTIONS[k]
            if not occupant.item(monster.x + dx, monster.y + dy):
                return STEPS[dx, dy]
        return None


def gap(a: Actor, b: Actor) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


BACK_OFF = 60
"""Percent of turns a monster keeping its distance backs off when the player comes near
(else it stands, or fights): it cannot be chased round a loop for ever."""


def keep_distance(pursuit: Pursuit, i: int, near: int, far: int, stand: Action = WAIT) -> Action:
    """Stay between ``near`` and ``far`` tiles from the player: back off (mostly) when
    closer, close in when farther; next to the player and not backing off, it fights.
    ``stand`` is what it does when it holds its ground (wait, or shoot)."""
    monster, player = pursuit.batch.monsters[i], pursuit.batch.player
    distance = gap(monster, player)
    if distance <= near:
        hold = pursuit.toward(i) if distance == 1 else stand
        back = pursuit.away(i)
        return hold if back is None else Either(back, hold, BACK_OFF)
    return pursuit.toward(i) if distance > far else stand


def closer_steps(here: int, order: list[int], around: list[int]) -> list[int]:
    """The steps of a row (``Pursuit.row``) that get closer: the first few of its
    order, which is nearest first."""
    n = 0
    for k in order:
        if around[k] >= here:
            break
        n += 1
    return order[:n]


def closer_step(floor: Floor, monster: Actor, closer: Sequence[int]) -> Move | None:
    """The best free step of ``closer`` (the steps that get closer on the shared map,
    nearest first), if there is one; not into fire or harmful gas while the monster is
    out of it (``danger.avoids``)."""
    occupant = floor.occupant_cells
    x, y = monster.x, monster.y
    hazards = floor.fire_active or floor.gas_active
    for k in closer:
        dx, dy = DIRECTIONS[k]
        if not occupant[x + dx, y + dy]:
            if hazards and danger.avoids(floor, x, y, x + dx, y + dy):
                continue
            return STEPS[dx, dy]
    return None


def detour(
    floor: Floor, monster: Actor, player: Actor, crowd: Crowd | None, path_limit: int,
    *, steps: tuple[list[int], list[int]] | None = None,
) -> Action:  # fmt: skip
    """Walk around the creatures in the way, or step straight at the player if that is
    far (with no ``crowd`` map: farther than any way round may go). ``steps``: the
    crowd map's eight reads round the monster and their order, already read
    (``Pursuit.round``)."""
    best, best_step = UNREACHABLE, (0, 0)
    if steps is not None:
        reads, order = steps
        occupant = floor.occupant.item
        for k in order:  # nearest first, the first in DIRECTIONS order among equals
            if reads[k] >= UNREACHABLE:
                break
            dx, dy = DIRECTIONS[k]
            if not occupant(monster.x + dx, monster.y + dy) and not _shuns(floor, monster, dx, dy):
                best, best_step = reads[k], (dx, dy)
                break
    elif crowd is not None:
        for dx, dy in DIRECTIONS:  # the first of equal steps wins, in DIRECTIONS order
            x, y = monster.x + dx, monster.y + dy
            read = crowd.at(x + 1, y + 1)
            if read < best and not floor.occupant[x, y] and not _shuns(floor, monster, dx, dy):
                best, best_step = read, (dx, dy)
    length = best // 2 + 1
    if best < UNREACHABLE and length <= path_limit:
        # Keep to the way round, or the shared map would pull it straight back.
        monster.detour = monster.detour or length
        return STEPS[best_step]
    monster.detour = 0
    sx, sy = int(np.sign(player.x - monster.x)), int(np.sign(player.y - monster.y))
    if floor.is_free(monster.x + sx, monster.y + sy) and not _shuns(floor, monster, sx, sy):
        return STEPS[sx, sy]
    return WAIT


def _shuns(floor: Floor, monster: Actor, dx: int, dy: int) -> bool:
    """Whether ``monster`` keeps out of the step (fire or harmful gas, ``danger``)."""
    x, y = monster.x, monster.y
    hazards = floor.fire_active or floor.gas_active
    return hazards and danger.avoids(floor, x, y, x + dx, y + dy)
