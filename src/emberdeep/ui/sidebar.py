"""The sidebar: the player, then everything in view, nearest first (after Brogue's).

A glance at the sidebar answers what a turn needs: how hurt am I, how far to the next
level, what am I standing on, what is around me and how hurt is it. Each creature's name
is written over its own health bar, so a wounded orc reads as one at once. Every entry
knows where it stands, so hovering an entry lights its tile on the map, and hovering a
tile lights its entry (``hovered`` is either). In the compact layout (80x24) each entry
takes one row; in the full layout a creature gets a second row for what it is doing.
"""

from __future__ import annotations

from dataclasses import dataclass

import tcod.console

from emberdeep.content.loader import Content
from emberdeep.engine import hunger, statuses
from emberdeep.engine.actors import Actor, Mode
from emberdeep.engine.floor import TILE_NAMES, Tile
from emberdeep.engine.identify import display_key
from emberdeep.engine.items import Item
from emberdeep.engine.world import World
from emberdeep.session.names import describe
from emberdeep.ui import palette
from emberdeep.ui.menu import fit
from emberdeep.ui.palette import Color
from emberdeep.ui.render import Region

BG: Color = (12, 12, 18)
RULE_FG: Color = (70, 64, 52)
HEALTH_FULL: Color = (120, 24, 24)
HEALTH_EMPTY: Color = (40, 14, 14)
XP_FULL: Color = (40, 60, 120)
XP_EMPTY: Color = (16, 20, 40)
BAR_TEXT: Color = (255, 255, 255)
HOVER_BG: Color = (70, 70, 40)
STATE_FG: Color = (150, 150, 150)
PAUSED_FG: Color = (255, 200, 80)
STOMACH_BG: dict[str, tuple[Color, Color]] = {
    "": ((70, 90, 40), (24, 30, 14)),
    "hungry": ((130, 110, 30), (40, 34, 10)),
    "weak": ((150, 80, 20), (46, 24, 8)),
    "faint": ((150, 30, 24), (46, 10, 8)),
}
"""The stomach gauge's bar (full, empty) under the statuses, redder as hunger worsens:
always there, so hunger is seen coming before "Hungry" (300 turns from starving)."""
PLAIN_GROUND = frozenset({Tile.FLOOR, Tile.WALL})
"""Terrain not worth a line under the player's feet."""


@dataclass(frozen=True)
class Entry:
    """One thing listed in the sidebar: the rows it takes and where it stands."""

    top: int
    rows: int
    position: tuple[int, int]

    def holds(self, y: int) -> bool:
        return self.top <= y < self.top + self.rows


def in_view(world: World) -> list[Actor | Item]:
    """Creatures and then items the player can see, each nearest first."""
    floor, player = world.floor, world.player
    px, py = player.position

    def distance(thing: Actor | Item) -> tuple[int, int]:
        x, y = thing.position
        return (max(abs(x - px), abs(y - py)), (x - px) ** 2 + (y - py) ** 2)

    creatures = [
        a for a in floor.actors.values() if a.alive and a is not player and floor.visible[a.x, a.y]
    ]
    things = [i for i in floor.items if floor.visible[i.position] and i.position != (px, py)]
    return [*sorted(creatures, key=distance), *sorted(things, key=distance)]


DOING = {
    Mode.ASLEEP: "asleep", Mode.WANDERING: "wandering", Mode.HUNTING: "hunting you",
    Mode.FLEEING: "fleeing", Mode.GUARDING: "on guard", Mode.ALLY: "your ally",
    Mode.CAPTIVE: "captive, in shackles",
}  # fmt: skip
"""What a monster is up to, in a few words, by its mode."""


BRIEFLY = {Mode.ASLEEP: "asleep", Mode.FLEEING: "fleeing", Mode.ALLY: "ally",
           Mode.CAPTIVE: "captive"}  # fmt: skip
"""The compact sidebar's one row per creature: the modes a player must not miss, put
before the name so a long name cannot cut them off (a captive looked like a foe)."""


def compact_label(actor: Actor) -> str:
    """A creature's name, led by what it is up to when that is not plain hostility."""
    mode = "waiting" if actor.stays and actor.mode == Mode.ALLY else BRIEFLY.get(actor.mode)
    return f"{mode}: {actor.name}" if mode else actor.name


def doing(actor: Actor) -> str:
    """What a monster is up to, as the engine set its mode (an ally told to wait says so)."""
    if actor.stays and actor.mode == Mode.ALLY:
        return "your ally, waiting"
    return DOING[actor.mode]


def underfoot(world: World) -> list[str]:
    """What the player stands on, as the player knows it: items, remains, special ground."""
    floor, player = world.floor, world.player
    here = [describe(world.identity, item) for item in reversed(floor.items_at(*player.position))]
    here += [a.name for a in floor.actors_at(*player.position) if not a.alive]
    tile = int(floor.tiles[player.position])
    if tile not in PLAIN_GROUND:
        here.append(TILE_NAMES[tile].replace("_", " "))
    return here


class Sidebar:
    """Draws the sidebar and remembers where each entry went, for the mouse."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def entry_at(self, y: int) -> Entry | None:
        return next((e for e in self.entries if e.holds(y)), None)

    def draw(
        self,
        console: tcod.console.Console,
        region: Region,
        world: World,
        content: Content,
        *,
        compact: bool,
        hovered: tuple[int, int] | None = None,
        flag: str = "",
    ) -> None:
        """The sidebar in ``region``; the entry standing at ``hovered`` is lit. ``flag``
        (say "PAUSED") is written at the top, where it cannot be missed."""
        x, width = region.x + 1, region.width - 2
        bottom = region.y + region.height
        console.draw_rect(region.x, region.y, region.width, region.height, ch=ord(" "), bg=BG)
        console.draw_rect(region.x + region.width - 1, region.y, 1, region.height, ch=ord("│"),
                          fg=RULE_FG, bg=BG)  # fmt: skip
        player = world.player
        y = region.y
        depth = f"Depth {world.depth}"
        console.print(x, y, depth, fg=palette.HEADING_FG)
        right = flag or f"Turn {world.turn}"
        console.print(x + width - len(right), y, right[:width],
                      fg=PAUSED_FG if flag else palette.INFO_FG)  # fmt: skip
        y += 1
        health = f"Health {player.hp}/{player.max_hp}"
        bar(console, x, y, width, value=player.hp, maximum=player.max_hp, label=health)
        y += 1
        need = world.xp_to_next
        level = f"Level {player.level} {player.xp}/{need}"
        bar(console, x, y, width, value=player.xp, maximum=need, label=level,
            colors=(XP_FULL, XP_EMPTY))  # fmt: skip
        y += 1
        console.print(
            x, y, f"Power {player.power}  Def {player.defense}"[:width], fg=palette.TEXT_FG
        )
        y = conditions(console, x, y + 1, width, world=world, content=content)
        here = underfoot(world)
        if here:
            text = "Here: " + ", ".join(here)
            console.print(x, y, fit(text, width), fg=palette.TEXT_FG)
            y += 1
        if not compact:
            y += 1
        self.entries = []
        shown = in_view(world)
        for n, thing in enumerate(shown):
            rows = 2 if isinstance(thing, Actor) and not compact else 1
            if y + rows > bottom or (n < len(shown) - 1 and y + rows >= bottom):
                console.print(x, y, f"+{len(shown) - n} more"[:width], fg=palette.INFO_FG)
                break
            entry = Entry(y, rows, thing.position)
            self.entries.append(entry)
            if isinstance(thing, Actor):
                self.draw_creature(
                    console, x=x, y=y, width=width, actor=thing, content=content, compact=compact
                )
            else:
                key = display_key(world.identity, thing.kind)
                look = content.looks[key]
                console.print(x, y, look.glyph, fg=look.fg)
                console.print(x + 2, y, fit(describe(world.identity, thing), width - 2),
                              fg=palette.TEXT_FG)  # fmt: skip
            if hovered == thing.position:
                console.rgb["bg"][region.x : region.x + region.width - 1, y : y + rows] = HOVER_BG
            y += rows

    @staticmethod
    def draw_creature(
        console: tcod.console.Console,
        *,
        x: int,
        y: int,
        width: int,
        actor: Actor,
        content: Content,
        compact: bool,
    ) -> None:
        look = content.looks[actor.kind]
        console.print(x, y, look.glyph, fg=look.fg)
        label = compact_label(actor) if compact else actor.name
        bar(console, x + 2, y, width - 2, value=actor.hp, maximum=actor.max_hp, label=label)
        if compact:
            return
        words = [doing(actor), *(f"{n} {t}" for n, t in statuses.active(actor))]
        console.print(x + 2, y + 1, fit(", ".join(words), width - 2), fg=STATE_FG)


def conditions(
    console: tcod.console.Console, x: int, y: int, width: int, *, world: World, content: Content
) -> int:
    """The player's statuses with their turns left, then the stomach gauge, from row
    ``y``; the row after them."""
    for name, turns in statuses.active(world.player):
        look = content.statuses.get(name)
        label = content.status_labels.get(name, name)
        console.print(x, y, f"{label} ({turns})"[:width], fg=look.fg if look else palette.TEXT_FG)
        y += 1
    food = world.nourishment
    hungry = hunger.state(food)
    label = f"{(hungry or 'stomach').capitalize()} {food}"  # turns of food left
    bar(console, x, y, width, value=food, maximum=hunger.STOMACH, label=label,
        colors=STOMACH_BG[hungry])  # fmt: skip
    return y + 1


def bar(
    console: tcod.console.Console,
    x: int,
    y: int,
    width: int,
    *,
    value: int,
    maximum: int,
    label: str,
    colors: tuple[Color, Color] = (HEALTH_FULL, HEALTH_EMPTY),
) -> None:
    """``label`` written over a bar filled in proportion to ``value`` of ``maximum``."""
    if width <= 0:
        return
    full, empty = colors
    filled = 0 if maximum <= 0 else round(width * max(0, min(value, maximum)) / maximum)
    console.draw_rect(x, y, width, 1, ch=ord(" "), bg=empty)
    if filled:
        console.draw_rect(x, y, filled, 1, ch=ord(" "), bg=full)
    console.print(x, y, fit(label, width), fg=BAR_TEXT)
