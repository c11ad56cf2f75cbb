"""The way a travel would walk, looked along before it starts: for the path shown under
the mouse, and for the risk the walk would stop before.

Travel (``autopilot.travel_action``) chooses one step at a time, downhill on its distance
map, and stops before the first step from safe ground onto a known risk. Two testers
pressed ``>`` with the stairs seen across a lake and no dry way known: the walk went to
the shore and stopped there ("Deep water lies in the way"), and the swim was left to
them a key at a time. Walking the same map from where the player stands, with the same
steps and the same rule, says before the walk starts where it would stop, so the
player can be asked once (``session/swim_walk.py``). Creatures are left out: they move
before the walk gets there.
"""

from __future__ import annotations

from collections.abc import Iterator

from emberdeep.engine.acts.actions import DIRECTIONS
from emberdeep.engine.core.distance import UNREACHABLE
from emberdeep.engine.play.autopilot import Stop, risk_at, risky, travel_map
from emberdeep.engine.play.world import World

PREVIEW_STEPS = 200
"""How far along its way the path under the mouse is shown."""


def way(world: World, target: tuple[int, int], limit: int) -> Iterator[tuple[int, int]]:
    """The cells travel to ``target`` would walk through, up to ``limit`` of them, as
    ``autopilot.downhill`` steps (the first direction of the lowest distance wins)."""
    floor = world.floor
    dist = travel_map(world, target)
    x, y = world.player.position
    if dist[x, y] == UNREACHABLE:
        return
    for _ in range(limit):
        if (x, y) == target:
            return
        best, onto = int(dist[x, y]), None
        for dx, dy in DIRECTIONS:
            if floor.in_bounds(x + dx, y + dy) and int(dist[x + dx, y + dy]) < best:
                best, onto = int(dist[x + dx, y + dy]), (x + dx, y + dy)
        if onto is None:
            return
        x, y = onto
        yield onto


def path_preview(world: World, target: tuple[int, int]) -> list[tuple[int, int]]:
    """The tiles travel would walk through, for highlighting under the mouse."""
    floor = world.floor
    if not floor.in_bounds(*target) or not (floor.explored[target] and floor.walkable[target]):
        return []
    return list(way(world, target, PREVIEW_STEPS))


def risk_ahead(world: World, target: tuple[int, int], steps: int | None = None) -> Stop | None:
    """The stop before a risk that travel to ``target`` would come to on its way (the
    ``Stop("risky")`` its step there would be), within ``steps`` of the player (all the
    way, when None); None when the way is clear, or there is none."""
    floor, player = world.floor, world.player
    if not floor.in_bounds(*target) or not floor.explored[target]:
        return None
    danger = risky(floor, player)
    here = player.position
    for there in way(world, target, floor.tiles.size if steps is None else steps):
        if danger[there] and not danger[here]:
            return Stop("risky", at=there, risk=risk_at(floor, there))
        here = there
    return None
