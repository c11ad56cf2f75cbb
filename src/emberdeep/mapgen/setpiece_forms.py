"""How each form of set piece is built (``FORMS``): its terrain, monsters, trap and reward.

Every form looks for a place where it fits on what the floor already is (a free square
of open floor, a room with ways in on two sides, solid rock beside a corridor) and builds
there, or answers None; ``setpieces.keep_whole`` then checks the floor is still whole.

- ``flooded``: a square pool of deep water with an island in its middle holding the
  reward, and the monsters of the kind in the water. To reach the reward, swim (and risk
  what the current takes), levitate, or draw the dwellers out first.
- ``bridge``: a room become a chasm, crossed by a bridge between two of its doorways with
  the reward at its middle. The bridge falls behind whoever crosses it
  (``engine/terrain/mechanisms.py``), so it is a one-way crossing (nothing chasing you
  follows) and the floor is whole without it.
- ``plate``: a small vault in the rock, open, its reward in view at the back and its
  monsters asleep inside; a pressure plate lies in plain view on its only doorway, and
  whoever steps on it is paralysed while the sleepers wake. Wake them from outside first,
  levitate over it, or take the risk.
- ``sealed``: a small vault behind a sealed stone door, and a lever in a wall elsewhere
  on the floor that opens it.
- ``war_party``: a captive in shackles with its captors' war party around it (on a floor
  that holds no other captive).
- ``ambush``: a quiet spot with the reward lying in the open, a pack asleep around it and
  a hidden tripwire under the reward that wakes them all (searching finds it).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.terrain.traps import Trap
from emberdeep.mapgen import vaults
from emberdeep.mapgen.captives import open_ground
from emberdeep.mapgen.hazards import refresh
from emberdeep.mapgen.populate import fall_asleep
from emberdeep.mapgen.reach import Reach
from emberdeep.mapgen.setpiece_site import Form, Site

POOL = 7
"""The flooded square's side: a ring of dry floor round five tiles of water and island."""
AMBUSH = 5
"""The ambush's square: the reward in the middle, the pack round it."""
LEVER_GAP = 12
"""The fewest tiles between a sealed vault and its lever."""
PARTY_REACH = 3
"""The war party stands within this many tiles of its captive."""


def free_squares(free: NDArray[np.bool_], side: int) -> NDArray[np.intp]:
    """The (x, y) corners of every ``side`` x ``side`` square all of whose tiles are
    ``free``, as rows (a summed-area table: every square at once)."""
    width, height = free.shape
    if width < side or height < side:
        return np.empty((0, 2), dtype=np.intp)
    sums = np.zeros((width + 1, height + 1), dtype=np.int32)
    sums[1:, 1:] = free.astype(np.int32).cumsum(0).cumsum(1)
    inside = sums[side:, side:] - sums[:-side, side:] - sums[side:, :-side] + sums[:-side, :-side]
    return np.argwhere(inside == side * side).astype(np.intp)


def pick(site: Site, rows: NDArray[np.intp]) -> tuple[int, int] | None:
    if not len(rows):
        return None
    x, y = rows[int(site.rng.integers(len(rows)))].tolist()
    return int(x), int(y)


def settle(site: Site, cells: list[tuple[int, int]], mode: Mode | None) -> None:
    """The kind's monsters on ``cells`` drawn without repeats (as many as fit); ``mode``
    None: asleep as often as their kind sleeps."""
    monsters = site.kind.monsters
    if not monsters or not cells:
        return
    order = site.rng.permutation(len(cells))[: len(monsters)].tolist()
    sleepy = []
    for kind, n in zip(monsters, order, strict=False):
        x, y = cells[n]
        actor = site.monster(kind, x, y, mode)
        if mode is None and kind.sleeps:
            sleepy.append((actor, kind.sleeps))
    fall_asleep(sleepy, site.rng)


def flooded(site: Site) -> tuple[int, int] | None:
    corner = pick(site, free_squares(site.free(), POOL))
    if corner is None:
        return None
    x, y = corner
    floor = site.floor
    floor.tiles[x + 1 : x + POOL - 1, y + 1 : y + POOL - 1] = Tile.DEEP_WATER
    island = (x + POOL // 2, y + POOL // 2)
    floor.tiles[island] = Tile.FLOOR
    refresh(floor)
    water = [(x + i, y + j) for i in range(1, POOL - 1) for j in range(1, POOL - 1)]
    settle(site, [cell for cell in water if cell != island], None)
    site.reward([island])
    return island


def ambush(site: Site) -> tuple[int, int] | None:
    trap = site.kind.trap
    corner = pick(site, free_squares(site.free(), AMBUSH))
    if corner is None or trap is None:
        return None
    x, y = corner
    bait = (x + AMBUSH // 2, y + AMBUSH // 2)
    ring = [
        (x + i, y + j)
        for i in range(AMBUSH)
        for j in range(AMBUSH)
        if max(abs(x + i - bait[0]), abs(y + j - bait[1])) == AMBUSH // 2
    ]
    settle(site, ring, Mode.ASLEEP)
    site.floor.traps[bait] = Trap(trap, *bait)
    site.reward([bait])
    return bait


def rock_vault(site: Site) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A 3x3 room dug into solid rock beside reachable open floor, as a locked vault is
    (``vaults.site_keys``): its doorway, and the step from there inwards."""
    floor = site.floor
    free = site.free()
    stride = floor.tiles.shape[1] + 1
    options = []
    for key in vaults.site_keys(floor.tiles).tolist():
        x, y, door_x, door_y = vaults.site(key, stride)
        inward = (np.sign(x + 2 - door_x), np.sign(y + 2 - door_y))
        if free[door_x - inward[0], door_y - inward[1]]:
            options.append((x, y, door_x, door_y, int(inward[0]), int(inward[1])))
    if not options:
        return None
    x, y, door_x, door_y, ix, iy = options[int(site.rng.integers(len(options)))]
    floor.tiles[x + 1 : x + vaults.SIZE - 1, y + 1 : y + vaults.SIZE - 1] = Tile.FLOOR
    floor.tiles[door_x, door_y] = Tile.FLOOR
    refresh(floor)
    return (door_x, door_y), (ix, iy)


def inside(door: tuple[int, int], inward: tuple[int, int]) -> list[tuple[int, int]]:
    """A rock vault's nine tiles, nearest its doorway first."""
    (dx, dy), (ix, iy) = door, inward
    cx, cy = dx + 2 * ix, dy + 2 * iy
    cells = [(cx + i, cy + j) for i in (-1, 0, 1) for j in (-1, 0, 1)]
    return sorted(cells, key=lambda c: abs(c[0] - dx) + abs(c[1] - dy))


def plate(site: Site) -> tuple[int, int] | None:
    trap = site.kind.trap
    dug = rock_vault(site) if trap is not None else None
    if dug is None or trap is None:
        return None
    door, inward = dug
    cells = inside(door, inward)
    back = (door[0] + 3 * inward[0], door[1] + 3 * inward[1])
    site.floor.traps[door] = Trap(trap, *door, hidden=False)
    settle(site, [c for c in cells if c != back], Mode.ASLEEP)
    site.reward([back])
    return back


def sealed(site: Site) -> tuple[int, int] | None:
    free = site.free()
    dug = rock_vault(site)
    if dug is None:
        return None
    floor = site.floor
    door, inward = dug
    floor.tiles[door] = Tile.SEALED_DOOR
    centre = (door[0] + 2 * inward[0], door[1] + 2 * inward[1])
    walls = floor.tiles == Tile.WALL
    beside = np.zeros_like(free)
    beside[1:, :] |= free[:-1, :]
    beside[:-1, :] |= free[1:, :]
    beside[:, 1:] |= free[:, :-1]
    beside[:, :-1] |= free[:, 1:]
    spots = np.argwhere(walls & beside)
    far = np.maximum(abs(spots[:, 0] - centre[0]), abs(spots[:, 1] - centre[1])) >= LEVER_GAP
    lever = pick(site, spots[far])
    if lever is None:
        return None
    floor.tiles[lever] = Tile.LEVER
    refresh(floor)
    cells = inside(door, inward)
    settle(site, cells[:3], None)
    site.reward(cells[::-1])
    return centre


def war_party(site: Site) -> tuple[int, int] | None:
    captives, captive_kind = site.population.captives, site.kind.captive
    held = any(a.mode == Mode.CAPTIVE for a in site.floor.actors.values())
    if captives is None or captive_kind is None or held:
        return None  # one captive a floor: two would split the player's one choice
    free = site.free()
    spot = pick(site, np.argwhere(free & open_ground(site.floor)))
    if spot is None:
        return None
    captive = site.monster(captive_kind, *spot, Mode.CAPTIVE)
    captive.shackles = captives.shackles
    free[spot] = False
    cells = np.argwhere(free)
    close = np.maximum(abs(cells[:, 0] - spot[0]), abs(cells[:, 1] - spot[1])) <= PARTY_REACH
    near = [(int(x), int(y)) for x, y in cells[close]]
    if len(near) < len(site.kind.monsters):
        return None
    settle(site, near, None)
    return spot


def bridge(site: Site) -> tuple[int, int] | None:
    floor = site.floor
    free = site.free()
    order = site.rng.permutation(len(floor.rooms)).tolist()
    for n in order:
        room = floor.rooms[n]
        inner = room.inner
        if not free[inner].all() or min(free[inner].shape) < 3:
            continue
        built = _span(site, room.x, room.y, room.x2, room.y2)
        if built is not None:
            return built
    return None


def _span(site: Site, x0: int, y0: int, x1: int, y1: int) -> tuple[int, int] | None:
    """A room (walls at ``x0``, ``x1``, ``y0``, ``y1``) made a chasm with a bridge from a
    doorway on its left wall to one on its right (or top to bottom), if it has them."""
    floor = site.floor
    walk = floor.walkable
    left = [y for y in range(y0 + 1, y1) if walk[x0, y]]
    right = [y for y in range(y0 + 1, y1) if walk[x1, y]]
    top = [x for x in range(x0 + 1, x1) if walk[x, y0]]
    bottom = [x for x in range(x0 + 1, x1) if walk[x, y1]]
    if left and right and x1 - x0 >= 6:
        a, b = (x0 + 1, left[0]), (x1 - 1, right[-1])
        mid = (a[0] + b[0]) // 2
        path = _line(a, (mid, a[1])) + _line((mid, a[1]), (mid, b[1])) + _line((mid, b[1]), b)
    elif top and bottom and y1 - y0 >= 6:
        a, b = (top[0], y0 + 1), (bottom[-1], y1 - 1)
        mid = (a[1] + b[1]) // 2
        path = _line(a, (a[0], mid)) + _line((a[0], mid), (b[0], mid)) + _line((b[0], mid), b)
    else:
        return None
    landings = (
        [(x0 + 1, y) for y in left]
        + [(x1 - 1, y) for y in right]
        + [(x, y0 + 1) for x in top]
        + [(x, y1 - 1) for x in bottom]
    )
    floor.tiles[x0 + 1 : x1, y0 + 1 : y1] = Tile.CHASM
    for cell in path:
        floor.tiles[cell] = Tile.BRIDGE
    for cell in landings:
        floor.tiles[cell] = Tile.FLOOR
    refresh(floor)
    firm = floor.walkable & (floor.tiles != Tile.BRIDGE)
    reach = Reach(firm)
    if reach.reached(floor.start) != reach.bits:
        return None  # the floor would fall apart with the bridge
    span = [cell for cell in path if floor.tiles[cell] == Tile.BRIDGE]
    if not span:
        return None  # the landings covered the whole path: no bridge (it crashed a game)
    middle = span[len(span) // 2]
    site.reward([middle])
    settle(site, landings, None)
    return middle


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The tiles from ``a`` to ``b`` along one axis, ends included."""
    (ax, ay), (bx, by) = a, b
    if ax == bx:
        step = 1 if by >= ay else -1
        return [(ax, y) for y in range(ay, by + step, step)]
    step = 1 if bx >= ax else -1
    return [(x, ay) for x in range(ax, bx + step, step)]


FORMS: dict[str, Form] = {
    "flooded": flooded,
    "bridge": bridge,
    "plate": plate,
    "sealed": sealed,
    "war_party": war_party,
    "ambush": ambush,
}
"""Each form's builder, by the name ``setpieces.toml``'s ``form`` gives."""
