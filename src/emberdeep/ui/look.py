"""Mouse look: what the player knows about the tile under the pointer, in a tooltip.

Glyphs alone do not say which "o" is nearly dead or what the "%" used to be. Hovering
answers that without spending a turn. It tells only what the player could know: nothing
about unexplored tiles, only the remembered terrain where the player cannot see now
(creatures there may have moved), and everything on tiles in view.
"""

from __future__ import annotations

from collections.abc import Sequence

import tcod.console

from emberdeep.engine import combat
from emberdeep.engine.actors import Actor, Mode
from emberdeep.engine.floor import TILE_NAMES
from emberdeep.engine.statuses import active
from emberdeep.engine.world import World
from emberdeep.session.names import describe
from emberdeep.ui.palette import Color
from emberdeep.ui.render import Region

TOOLTIP_FG: Color = (230, 230, 230)
TOOLTIP_BG: Color = (20, 20, 30)
FRAME_FG: Color = (120, 120, 150)
PAD = 1
"""Blank cells between the frame and the text, on every side."""
REMAINS_PREFIX = "remains of "


def health_word(actor: Actor) -> str:
    hp, max_hp = actor.hp, actor.max_hp
    if hp >= max_hp:
        return "unhurt"
    if hp * 100 >= 66 * max_hp:
        return "lightly wounded"
    if hp * 100 >= 33 * max_hp:
        return "wounded"
    return "badly wounded"


def terrain_name(world: World, pos: tuple[int, int]) -> str:
    return TILE_NAMES[int(world.floor.tiles[pos])].replace("_", " ")


def describe_tile(world: World, pos: tuple[int, int]) -> list[str]:
    """Lines for the tile at floor position ``pos``: the living (health in words), then
    remains, then the terrain; only the terrain, marked, where it is only remembered."""
    floor = world.floor
    if not floor.in_bounds(*pos) or not floor.explored[pos]:
        return []
    if not floor.visible[pos]:
        return [f"{terrain_name(world, pos)} (remembered)"]
    living: list[str] = []
    remains: list[str] = []
    for actor in floor.actors_at(*pos):
        if actor is world.player:
            if actor.alive:
                living.insert(0, "you")
            else:
                remains.insert(0, "your remains")
        elif actor.alive:
            living.append(f"{actor.name} ({health_word(actor)})")
        else:
            # Saves from before 0.3 named the dead "remains of Orc"; don't say it twice.
            name = actor.name
            remains.append(name if name.startswith(REMAINS_PREFIX) else REMAINS_PREFIX + name)
    things = [describe(world.identity, item) for item in reversed(floor.items_at(*pos))]
    trap = floor.traps.get(pos)
    if trap is not None and not trap.hidden:
        things.append(trap.kind.name)
    statuses = [f"{n} {t}" for a in floor.actors_at(*pos) if a.alive for n, t in active(a)]
    if statuses:
        living.append(", ".join(statuses))
    return [*living, *remains, *things, terrain_name(world, pos)]


def draw_tooltip(
    console: tcod.console.Console,
    cell: tuple[int, int],
    lines: list[str],
    bounds: Region,
    *,
    avoid: Sequence[tuple[int, int]] = (),
) -> None:
    """A framed box of ``lines`` beside console ``cell``: right of and below it, flipped to
    the left / above where it would leave ``bounds``; clipped to bounds and console. It
    never covers ``cell`` or the cells in ``avoid`` (the player) while any place in
    bounds leaves them uncovered (``spot``)."""
    if not lines:
        return
    left, top = max(bounds.x, 0), max(bounds.y, 0)
    right = min(bounds.x + bounds.width, console.width)
    bottom = min(bounds.y + bounds.height, console.height)
    border = 1 + PAD
    width = min(max(len(line) for line in lines) + 2 * border, right - left)
    height = min(len(lines) + 2 * border, bottom - top)
    if width < 2 * border + 1 or height < 2 * border + 1:
        return  # no room for even one character
    x, y = spot(cell, (width, height), (left, top, right, bottom), [cell, *avoid])
    console.draw_frame(
        x, y, width, height, clear=True, fg=FRAME_FG, bg=TOOLTIP_BG, decoration="┌─┐│ │└─┘"
    )
    text_width = width - 2 * border
    for row, line in enumerate(lines[: height - 2 * border]):
        console.print(x + border, y + border + row, line[:text_width], fg=TOOLTIP_FG)


def spot(
    cell: tuple[int, int],
    size: tuple[int, int],
    bounds: tuple[int, int, int, int],
    avoid: Sequence[tuple[int, int]],
) -> tuple[int, int]:
    """Where a box of ``size`` goes by ``cell``: of the places beside it (either side,
    above or below) and along the edges of ``bounds``, the nearest to just right of and
    below it that covers none of ``avoid``, the plain flip (``place``) first."""
    (cx, cy), (width, height) = cell, size
    left, top, right, bottom = bounds
    flipped = place(cx, width, left, right), place(cy, height, top, bottom)
    fx, fy = flipped
    if not any(fx <= ax < fx + width and fy <= ay < fy + height for ax, ay in avoid):
        return flipped  # the plain flip covers nothing that matters
    xs = {cx + 1, cx - width, left, right - width, min(max(cx - width // 2, left), right - width)}
    ys = {cy + 1, cy - height, top, bottom - height}
    best: tuple[int, int, int] | None = None
    for x in xs:
        if not left <= x <= right - width:
            continue
        for y in ys:
            if not top <= y <= bottom - height:
                continue
            if any(x <= ax < x + width and y <= ay < y + height for ax, ay in avoid):
                continue
            far = abs(x - (cx + 1)) + abs(y - (cy + 1))
            if best is None or far < best[0]:
                best = (far, x, y)
    return (best[1], best[2]) if best is not None else flipped


def place(at: int, size: int, low: int, high: int) -> int:
    """Start of a ``size`` span just after ``at``, else just before it, kept in [low, high)."""
    start = at + 1 if at + 1 + size <= high else at - size
    return min(max(start, low), high - size)


FREE_HINT = "walk into it to free it (you are asked first)"
"""How a captive is freed, said wherever it is looked at."""


def describe_in_detail(world: World, pos: tuple[int, int]) -> list[str]:
    """What the look cursor tells about ``pos``: ``describe_tile``, and for a creature in
    view its health in numbers, what it is doing and the odds of a fight with it (of an
    ally or a captive, only how hard it hits)."""
    from emberdeep.ui.sidebar import doing  # the sidebar's words, said the same way

    lines = describe_tile(world, pos)
    floor, player = world.floor, world.player
    if not lines or not floor.visible[pos]:
        return lines or ["You have not seen this place."]
    for actor in floor.actors_at(*pos):
        if not actor.alive or actor is player:
            continue
        low, high = combat.damage_range(actor.power)
        mine_low, mine_high = combat.damage_range(player.power)
        theirs = combat.hit_chance(player.defense, actor.power)
        mine = combat.hit_chance(actor.defense, player.power)
        odds = [
            f"  hits you {theirs}% for {low}-{high}",
            f"  you hit it {mine}% for {mine_low}-{mine_high}",
        ]
        if not actor.hostile:  # an ally or a captive: its blows, not the fight's odds
            odds = [f"  hits for {low}-{high}"]
        if actor.mode == Mode.CAPTIVE:  # what to do about it
            odds.append(f"  {FREE_HINT}")
        lines[1:1] = [f"  {actor.hp}/{actor.max_hp} HP, {doing(actor)}", *odds]
    return lines
