"""The sidebar: the player, then everything in view, nearest first (after Brogue's).

A glance at the sidebar answers what a turn needs: how hurt am I, how far to the next
level, what am I standing on, what is around me and how hurt is it. Each creature's name
is written over its own health bar, so a wounded orc reads as one at once. Every entry
knows where it stands, so hovering an entry lights its tile on the map, and hovering a
tile lights its entry (``hovered`` is either). In the compact layout (80x24) each entry
takes one row; in the full layout a creature gets a second row for what it is doing. Text
is never cut: a name, what is underfoot or what a creature is doing that is too long for
a row wraps onto the next (a long name over a health bar as tall as its rows).
"""

from __future__ import annotations

import msgspec
import numpy as np
import tcod.console
from numpy.typing import NDArray

from emberdeep.content.loader import Content
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.floor import TILE_NAMES, Tile
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.creatures import hunger, statuses
from emberdeep.engine.play.world import World
from emberdeep.engine.things.identify import display_key
from emberdeep.engine.things.items import Item
from emberdeep.session.look_words import doing
from emberdeep.session.names import describe
from emberdeep.ui import palette
from emberdeep.ui.fitting import fit, wrap
from emberdeep.ui.palette import Color
from emberdeep.ui.render import Region

BG: Color = (12, 12, 18)
RULE_FG: Color = (70, 64, 52)
HEALTH_FULL: Color = (120, 24, 24)
HEALTH_EMPTY: Color = (40, 14, 14)
ALLY_HEALTH: tuple[Color, Color] = ((28, 96, 52), (10, 34, 18))
"""An ally's health bar (full, empty): green, never a foe's red (hand play read an
ally's bar as an enemy's)."""
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


class Entry(msgspec.Struct, frozen=True):
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
        a for a in floor.actors.values() if a.alive and a is not player and in_sight(floor, a)
    ]
    things = [i for i in floor.items if floor.visible[i.position] and i.position != (px, py)]
    return [*sorted(creatures, key=distance), *sorted(things, key=distance)]


def folded(world: World, shown: list[Actor | Item]) -> list[tuple[Actor | Item, str]]:
    """``shown`` with the items alike (as the player knows them) as one, the nearest, with
    their words and the count of them all: hand play had a sidebar line for every dart
    thrown and lying about. Creatures stay one each (their words are their own lines)."""
    alike: dict[str, tuple[Item, int]] = {}
    for thing in shown:
        if isinstance(thing, Item):
            name = describe(world.identity, thing).removeprefix(f"{thing.count} x ")
            first, count = alike.get(name, (thing, 0))
            alike[name] = (first, count + thing.count)
    words = {id(first): f"{count} x {name}" if count > 1 else name
             for name, (first, count) in alike.items()}  # fmt: skip
    return [
        (thing, words.get(id(thing), ""))
        for thing in shown
        if isinstance(thing, Actor) or id(thing) in words
    ]


BRIEFLY = {Mode.ASLEEP: "asleep", Mode.FLEEING: "fleeing", Mode.ALLY: "ally",
           Mode.CAPTIVE: "captive"}  # fmt: skip
"""The compact sidebar's one row per creature: the modes a player must not miss, put
before the name so a long name cannot cut them off (a captive looked like a foe)."""


def compact_label(actor: Actor) -> str:
    """A creature's name, led by what it is up to when that is not plain hostility."""
    mode = "waiting" if actor.stays and actor.mode == Mode.ALLY else BRIEFLY.get(actor.mode)
    return f"{mode}: {actor.name}" if mode else actor.name


def underfoot(world: World) -> list[str]:
    """What the player stands on, as the player knows it: items, remains, special ground."""
    floor, player = world.floor, world.player
    here = [describe(world.identity, item) for item in reversed(floor.items_at(*player.position))]
    here += [f"{a.name} (dead)" for a in floor.actors_at(*player.position) if not a.alive]
    tile = int(floor.tiles[player.position])
    if tile not in PLAIN_GROUND:
        here.append(TILE_NAMES[tile].replace("_", " "))
    return here


class Sidebar:
    """Draws the sidebar and remembers where each entry went, for the mouse.

    A frame is drawn far more often than the world changes (a film plays, the mouse
    moves, the screen asks again), so the sidebar's cells are kept with what they were
    drawn from (``_drawn``) and put back as they were while that holds: nothing it
    shows can change without a command played (the journal grows: replays rest on
    it) or the world, the floor or the player's own state changing, and those are in
    the key with what the caller passes."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self._drawn: tuple[object, ...] = ()
        self._cells: NDArray[np.void] | None = None

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
        floor, player = world.floor, world.player
        drawn = (
            world, floor, content, region, compact, hovered, flag, world.journal.total,
            world.time, world.turn, world.depth, world.nourishment, player.state(),
            len(floor.actors), len(floor.items), len(world.inventory),
        )  # fmt: skip
        cells = (
            slice(region.x, region.x + region.width),
            slice(region.y, region.y + region.height),
        )
        if self._cells is not None and drawn == self._drawn:
            console.rgb[cells] = self._cells
            return
        self._draw(console, region, world, content, compact=compact, hovered=hovered, flag=flag)
        self._drawn, self._cells = drawn, console.rgb[cells].copy()

    def _draw(
        self,
        console: tcod.console.Console,
        region: Region,
        world: World,
        content: Content,
        *,
        compact: bool,
        hovered: tuple[int, int] | None,
        flag: str,
    ) -> None:
        x, width = region.x + 1, region.width - 2
        bottom = region.y + region.height
        console.draw_rect(region.x, region.y, region.width, region.height, ch=ord(" "), bg=BG)
        rule(console, region.x + region.width - 1, region.y, region.height)
        player = world.player
        y = region.y
        depth = f"Depth {world.depth}"
        console.print(x, y, depth, fg=palette.HEADING_FG)
        right = fit(corner(flag, world.turn, width - len(depth) - 1), width)
        console.print(x + width - len(right), y, right, fg=PAUSED_FG if flag else palette.INFO_FG)
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
            x, y, fit(f"Power {player.power}  Def {player.defense}", width), fg=palette.TEXT_FG
        )
        y = conditions(console, x, y + 1, width, world=world, content=content)
        here = underfoot(world)
        if here:
            for line in wrap("Here: " + ", ".join(here), width):
                console.print(x, y, line, fg=palette.TEXT_FG)
                y += 1
        if not compact:
            y += 1
        self.entries = []
        shown = folded(world, in_view(world))
        for n, (thing, said) in enumerate(shown):
            if isinstance(thing, Actor):
                lines = creature_lines(thing, width - 2, compact=compact)
            else:
                lines = (wrap(said, width - 2), [])
            rows = len(lines[0]) + len(lines[1])
            if y + rows > bottom or (n < len(shown) - 1 and y + rows >= bottom):
                console.print(x, y, fit(f"+{len(shown) - n} more", width), fg=palette.INFO_FG)
                break
            entry = Entry(y, rows, thing.position)
            self.entries.append(entry)
            if isinstance(thing, Actor):
                self.draw_creature(console, x=x, y=y, width=width, actor=thing, content=content,
                                   lines=lines)  # fmt: skip
            else:
                key = display_key(world.identity, thing.kind)
                look = content.looks[key]
                console.print(x, y, look.glyph, fg=look.fg)
                for row, line in enumerate(lines[0]):
                    console.print(x + 2, y + row, line, fg=palette.TEXT_FG)
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
        lines: tuple[list[str], list[str]],
    ) -> None:
        """A creature's glyph, its name over its health bar (a long name wrapped over a
        bar of as many rows), then what it is doing (``creature_lines``)."""
        look = content.looks[actor.kind]
        console.print(x, y, look.glyph, fg=look.fg)
        named, state = lines
        colors = ALLY_HEALTH if actor.friendly else (HEALTH_FULL, HEALTH_EMPTY)
        for row, label in enumerate(named):
            bar(console, x + 2, y + row, width - 2, value=actor.hp, maximum=actor.max_hp,
                label=label, colors=colors)  # fmt: skip
        for row, line in enumerate(state, start=y + len(named)):
            console.print(x + 2, row, line, fg=STATE_FG)


def creature_lines(actor: Actor, width: int, *, compact: bool) -> tuple[list[str], list[str]]:
    """A creature's entry as lines ``width`` wide, wrapped, never cut: its name (led by
    what it is up to in the compact layout), then, in the full layout, what it is doing
    and its statuses."""
    if compact:
        return wrap(compact_label(actor), width), []
    words = [doing(actor), *(f"{n} {t}" for n, t in statuses.active(actor))]
    return wrap(actor.name, width), wrap(", ".join(words), width)


def corner(flag: str, turn: int, room: int) -> str:
    """The top line's right end: ``flag`` (say "PAUSED"), else the turn, as "Turn 541"
    or, when that leaves no space after the depth, "T541" (the rule for a long game)."""
    if flag:
        return flag
    turns = f"Turn {turn}"
    return turns if len(turns) <= room else f"T{turn}"


def conditions(
    console: tcod.console.Console, x: int, y: int, width: int, *, world: World, content: Content
) -> int:
    """The player's statuses with their turns left, then the stomach gauge, from row
    ``y``; the row after them."""
    for name, turns in statuses.active(world.player):
        look = content.statuses.get(name)
        label = content.status_labels.get(name, name)
        console.print(
            x, y, fit(f"{label} ({turns})", width), fg=look.fg if look else palette.TEXT_FG
        )
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


def rule(console: tcod.console.Console, x: int, y: int, height: int) -> None:
    """The sidebar's edge: a column of "│" from row ``y``, ``height`` rows; also drawn
    by a screen that takes the row under the sidebar (the aiming words at 80x24), so the
    edge is never broken under them."""
    console.draw_rect(x, y, 1, height, ch=ord("│"), fg=RULE_FG, bg=BG)
