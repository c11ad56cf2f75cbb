"""What the player knows of a tile or a creature, in words: the mouse-look tooltip's
lines, the look cursor's (with the odds of a fight), and what a monster is doing.

Words, not pixels: the screens draw them (``ui/look.py``'s tooltip, the sidebar, the
look and details screens), the agent environment's ``look`` action and text interface
and the web's screen-reader mode read them, all from here. Only what the player could
know is told: nothing about unexplored tiles, only the remembered map (the terrain, the
item or remains last seen) where the player cannot see now (creatures there may have
moved), and everything on tiles in view.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import Thing
from emberdeep.engine.core.floor import REMAINS_KEY, TILE_NAMES, Tile
from emberdeep.engine.core.perception import hidden
from emberdeep.engine.creatures import combat
from emberdeep.engine.creatures.statuses import active
from emberdeep.engine.play.world import World
from emberdeep.session.names import Names, describe

if TYPE_CHECKING:
    from emberdeep.content.loader import Content

REMAINS_PREFIX = "remains of "

DOING = {
    Mode.ASLEEP: "asleep", Mode.WANDERING: "wandering", Mode.HUNTING: "hunting you",
    Mode.FLEEING: "fleeing", Mode.GUARDING: "on guard", Mode.ALLY: "your ally",
    Mode.CAPTIVE: "captive, in shackles",
}  # fmt: skip
"""What a monster is up to, in a few words, by its mode."""


def doing(actor: Actor) -> str:
    """What a monster is up to, as the engine set its mode (an ally told to wait says so)."""
    if actor.stays and actor.mode == Mode.ALLY:
        return "your ally, waiting"
    return DOING[actor.mode]


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
    """The tile's name, after the light fixture on it if there is one ("brazier, floor":
    a torch, a brazier or glowing fungus is drawn with a glyph of its own)."""
    name = TILE_NAMES[int(world.floor.tiles[pos])].replace("_", " ")
    fixture = world.floor.fixtures.get(pos)
    return f"{FIXTURE_NAMES.get(fixture, fixture)}, {name}" if fixture else name


FIXTURE_NAMES = {"fungus": "glowing fungus"}
"""Fixtures whose name on screen is not their key."""


@functools.cache
def _names(content: Content | None) -> Names:
    """Item nouns by key for ``content`` (none: named from their keys)."""
    if content is None:
        return Names()
    return Names(items={kind.key: kind for kind in content.population.items.kinds})


def remembered(world: World, pos: tuple[int, int], content: Content | None) -> list[str]:
    """An out-of-view tile as the remembered map draws it: the item or remains last seen
    there (as the player knew it), then the terrain, each marked (hand play looked at a
    remembered mace and read only "floor (remembered)")."""
    key = world.floor.seen_items.get(pos)
    lines = [f"{terrain_name(world, pos)} (remembered)"]
    if key == REMAINS_KEY:
        lines.insert(0, "remains (remembered)")
    elif key is not None:
        lines.insert(0, f"{_names(content).thing(Thing(key)).a} (remembered)")
    return lines


def describe_tile(world: World, pos: tuple[int, int], content: Content | None = None) -> list[str]:
    """Lines for the tile at floor position ``pos``: the living (health in words), then
    remains, then the terrain; where it is only remembered, what the remembered map shows
    there, marked (items named by ``content``'s kinds)."""
    floor = world.floor
    if not floor.in_bounds(*pos) or not floor.explored[pos]:
        return []
    if not floor.visible[pos]:
        return remembered(world, pos, content)
    living: list[str] = []
    remains: list[str] = []
    for actor in floor.actors_at(*pos):
        if actor.alive and hidden(floor, actor):
            continue  # under water, or invisible: not to be seen
        if actor is world.player:
            if actor.alive:
                living.insert(0, "you")
            else:
                remains.insert(0, "your remains")
        elif actor.alive and hidden(floor, actor):
            continue
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
    statuses = [
        f"{n} {t}"
        for a in floor.actors_at(*pos)
        if a.alive and not hidden(floor, a)
        for n, t in active(a)
    ]
    if statuses:
        living.append(", ".join(statuses))
    return [*living, *remains, *things, terrain_name(world, pos)]


FREE_HINT = "walk into it to free it (you are asked first)"
"""How a captive is freed, said wherever it is looked at."""
TERRAIN_HINTS = {
    Tile.BRIDGE: "old planks over the chasm: they will give way behind you",
    Tile.LEVER: "a lever set in the wall: walk into it to pull it",
    Tile.PULLED_LEVER: "a lever, pulled down",
    Tile.SEALED_DOOR: "a sealed stone door: a lever somewhere on this floor opens it",
}
"""What the set pieces' terrain does, said when it is looked at (``mechanisms.py``)."""
PLATE_HINT = "it covers the way: no stepping over it; it will click"
"""Said of a pressure plate in view: unlike a found trap, it springs anyway."""


def describe_in_detail(
    world: World, pos: tuple[int, int], content: Content | None = None
) -> list[str]:
    """What the look cursor tells about ``pos``: ``describe_tile``, and for a creature in
    view its health in numbers, what it is doing and the odds of a fight with it (of an
    ally or a captive, only how hard it hits)."""
    lines = describe_tile(world, pos, content)
    floor, player = world.floor, world.player
    if not lines or not floor.visible[pos]:
        return lines or ["You have not seen this place."]
    for actor in floor.actors_at(*pos):
        if not actor.alive or actor is player or hidden(floor, actor):
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
    hint = TERRAIN_HINTS.get(int(floor.tiles[pos]))
    if hint is not None:
        lines.append(f"  {hint}")
    trap = floor.traps.get(pos)
    if trap is not None and not trap.hidden and trap.kind.plate:
        lines.append(f"  {PLATE_HINT}")
    return lines
