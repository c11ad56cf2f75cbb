"""Aiming an item at a tile: a cursor over the map, moved by keys or the mouse.

Scrolls that hit "a creature" or "an area" need a target the engine cannot guess. The
cursor starts on the engine's first choice (``targets.choices``: an awake foe before a
sleeper, then the nearest; Tab cycles through the others), so the
common case is one key. What a choice would do is shown before it is made: the whole
blast of an area effect is highlighted and the creatures caught in it, the player
included, are named. Only tiles in view can be confirmed, as the engine would refuse the
others anyway; the screen says so instead of leaving.

Like the inventory it only draws and aims: the use itself is an engine action carried out
by the play screen's ``perform``. The camera does not move while aiming, so the cursor
stays inside the map view; the aiming words go under the map, over the log, so they
never hide a cell the cursor may go to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import tcod.console

from emberdeep.engine.acts import kindling, targets
from emberdeep.engine.acts.actions import Move, Use
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.events import Refused
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.things.effects import Aim
from emberdeep.session import aim_words, look_words
from emberdeep.session.grammar import Noun, listed
from emberdeep.session.names import item_name
from emberdeep.ui import cursor, render, under_map
from emberdeep.ui.fitting import wrap
from emberdeep.ui.input import Click, InputEvent, KeyPress, MouseMove
from emberdeep.ui.keys import command_for
from emberdeep.ui.palette import Color
from emberdeep.ui.screens import Result, Stay

if TYPE_CHECKING:
    from emberdeep.ui.play_view import PlayView

VERBS = {Aim.FOES: "cast", Aim.CELLS: "fire"}
CONFIRM = frozenset({"enter"})
CANCEL = frozenset({"escape"})
NEXT_TARGET = frozenset({"tab"})
NOT_IN_VIEW = "You cannot see that spot: aim at a tile in view."
NO_TARGET = "No foe in view that this can reach: move the cursor to aim, or Esc."
"""Said at once when the cursor has no creature to start on (it starts on the player,
or where the last target fell), so a silent cursor is never mistaken for a keypress
lost; said again when Enter is pressed before the cursor was moved."""
IN_THE_WAY = "An ally or captive is in the line of every foe: move the cursor to aim, or Esc."
"""Said instead when foes are in view but the engine chose none because every line to
them strikes someone spared (``targets.shielded``): the cursor never fires through an
ally by itself."""

HINT_FG: Color = (240, 220, 160)
WARNING_FG: Color = (255, 110, 80)
TEXT_FG: Color = (200, 200, 200)
AREA_BG: Color = (200, 70, 0)
AREA_MIX = 0.45
"""How strongly the blast colour tints the cells it covers."""
PATH_BG: Color = (90, 160, 230)
PATH_MIX, PATH_END_MIX = 0.35, 0.7
"""How strongly the flight's cells, and the one it stops on, are tinted."""
CURSOR_BG: Color = (230, 200, 40)
CURSOR_BAD_BG: Color = (110, 110, 110)
CURSOR_FG: Color = (0, 0, 0)


class TargetingScreen:
    dims = False
    """Aiming works on the map itself: it must stay bright."""

    def __init__(self, parent: PlayView, slot: int, *, throw: bool = False) -> None:
        self.parent = parent
        self.slot = slot
        self.throw = throw
        """Throwing the item (``Throw``) rather than using it."""
        self.item = parent.world.inventory[slot]
        self.kind = self.item.kind
        self.name = item_name(parent.world.identity, self.kind)
        self.mode = Aim.FOES if throw else self.kind.facts.aims
        known = parent.world.identity.is_known(self.kind)
        self.radius = self.kind.radius if self.mode is Aim.CELLS and known else 0
        """The blast shown round the cursor: none for a kind not yet identified, whose
        blast would tell what it is before its first use."""
        self.warning = ""
        """Shown in place of the hint after an impossible confirm, until the cursor moves."""
        targets = self.targets()
        self.cursor = targets[0].position if targets else self.no_target_start()
        self.chosen = bool(targets) or self.mode is not Aim.FOES
        """Whether Enter may go: a foe offered, or the cursor moved since. With no foe in
        view the cursor's start is a guess (hand play: ``t`` then Enter threw a dart at
        the empty cell where the last target fell), so it must be moved first. A cell
        aimed at is always a choice (fireproof's own advice: a fireball at your feet)."""
        if not self.chosen:
            self.warning = self.no_target()

    def no_target(self) -> str:
        """Why the cursor has no foe to start on: none in reach, or an ally in the way."""
        world = self.parent.world
        blocked = targets.shielded(world.floor, world.player, self.item, throw=self.throw)
        return IN_THE_WAY if blocked else NO_TARGET

    def no_target_start(self) -> tuple[int, int]:
        """Where the cursor starts with no foe to start on: the cell last aimed at (where
        the last target fell) while it is in view, else the player."""
        world, last = self.parent.world, self.parent.aimed
        if last is not None and world.floor.in_bounds(*last) and world.floor.visible[last]:
            return last
        return world.player.position

    @property
    def hint(self) -> str:
        verb = "throw" if self.throw else VERBS.get(self.mode, "use")
        return f"Aim the {self.name}: keys/mouse, Enter/click to {verb}, Esc to cancel"

    def flight(self, target: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        """The cells what flies toward ``target`` would cross when confirmed (the last
        where it stops), as the engine plans it (``targets.plan``); none for what strikes
        its cell directly (a spell), or an aim the engine would refuse."""
        world = self.parent.world
        planned = targets.plan(world.floor, world.player, self.item, target, throw=self.throw)
        return () if isinstance(planned, Refused) else planned.cells

    def targets(self) -> list[Actor]:
        """The foes the item can strike, in the engine's order (``targets.choices``): the cursor
        never offers one a wall or another creature shields, nor an ally or a captive
        (the player can still move the cursor onto one)."""
        world = self.parent.world
        return targets.choices(world.floor, world.player, self.item, throw=self.throw)

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress(key) if key in CANCEL:
                return self.parent.back()  # not back to the menu it was chosen in
            case KeyPress(key) if key in CONFIRM:
                return self.confirm()
            case KeyPress(key) if key in NEXT_TARGET:
                self.next_target()
            case KeyPress(key):
                command = command_for(key)
                if isinstance(command, Move):
                    self.move_to((self.cursor[0] + command.dx, self.cursor[1] + command.dy))
            case MouseMove(x, y):
                self.point(x, y)
            case Click(x, y, button=1):
                if self.point(x, y):
                    return self.confirm()
            case Click(button=3):
                return self.parent.back()
        return Stay()

    def confirm(self) -> Result:
        if not self.chosen:
            self.warning = self.no_target()
            return Stay()
        if not self.parent.world.floor.visible[self.cursor]:
            self.warning = NOT_IN_VIEW
            return Stay()
        self.parent.aimed = self.cursor
        if self.throw:
            return self.parent.perform(Throw(self.slot, self.cursor))
        return self.parent.perform(Use(self.slot, self.cursor))

    def point(self, x: int, y: int) -> bool:
        """Put the cursor on the tile at console cell (x, y); False when that is no tile."""
        pos = cursor.tile_at(self.parent, x, y)
        if pos is not None:
            self.set_cursor(pos)
        return pos is not None

    def move_to(self, pos: tuple[int, int]) -> None:
        """Move the cursor toward ``pos``, kept on the floor and inside the map view."""
        self.set_cursor(cursor.kept_in_view(self.parent, pos))

    def next_target(self) -> None:
        targets = [a.position for a in self.targets()]
        if targets:
            after = targets.index(self.cursor) + 1 if self.cursor in targets else 0
            self.set_cursor(targets[after % len(targets)])

    def set_cursor(self, pos: tuple[int, int]) -> None:
        """Every cursor move (a key, Tab, the mouse, a click) is a choice, even back to
        where it started."""
        if pos != self.cursor:
            self.warning = ""
        self.cursor = pos
        self.chosen = True

    # -- drawing -------------------------------------------------------------------------

    def draw(self, console: tcod.console.Console) -> None:
        parent = self.parent
        origin = parent.origin()
        if self.radius > 0:
            self.draw_area(console, origin)
        self.draw_flight(console, origin)
        cell = render.to_screen(self.cursor, self.parent.layout.map, origin)
        if cell is not None and cell[0] < console.width and cell[1] < console.height:
            visible = parent.world.floor.visible[self.cursor]
            tile = render.tile_cells(cell, self.parent.layout.map)
            render.highlight(console, tile, CURSOR_BG if visible else CURSOR_BAD_BG, CURSOR_FG)
        self.draw_lines(console)

    def draw_flight(self, console: tcod.console.Console, origin: tuple[int, int]) -> None:
        """The path to the cursor, as far as the missile would go: each cell tinted, the
        one it stops on (a creature, or short of a wall) brighter."""
        cells = self.flight(self.cursor)
        view = self.parent.layout.map
        for n, pos in enumerate(cells):
            cell = render.to_screen(pos, view, origin)
            if cell is None or cell[0] >= console.width or cell[1] >= console.height:
                continue
            mix = PATH_END_MIX if n == len(cells) - 1 else PATH_MIX
            tile = render.tile_cells(cell, view)
            bg = console.rgb["bg"][tile].astype(np.float64)
            console.rgb["bg"][tile] = (bg * (1 - mix) + np.array(PATH_BG) * mix).astype(np.uint8)

    def draw_area(self, console: tcod.console.Console, origin: tuple[int, int]) -> None:
        """Tint every cell of the map view within the blast radius of the cursor."""
        view, floor = self.parent.layout.map, self.parent.world.floor
        width = min(view.width, console.width - view.x)
        height = min(view.height, console.height - view.y)
        if width <= 0 or height <= 0:
            return
        xs = np.arange(width) // view.columns + origin[0]
        ys = np.arange(height) + origin[1]
        dx, dy = xs - self.cursor[0], ys - self.cursor[1]
        inside = dx[:, None] ** 2 + dy[None, :] ** 2 <= self.radius**2
        inside &= ((xs >= 0) & (xs < floor.width))[:, None]
        inside &= ((ys >= 0) & (ys < floor.height))[None, :]
        bg = console.rgb["bg"][view.x : view.x + width, view.y : view.y + height]
        tint = np.array(AREA_BG, dtype=np.float64)
        bg[inside] = (bg[inside] * (1 - AREA_MIX) + tint * AREA_MIX).astype(np.uint8)

    def draw_lines(self, console: tcod.console.Console) -> None:
        """The hint (or why the last confirm failed), then what is under the cursor, each
        wrapped over as many rows as it needs, under the map (``under_map``)."""
        view = self.parent.layout.map
        width = min(view.width, console.width - view.x)
        lines = [(self.warning or self.hint, WARNING_FG if self.warning else HINT_FG)]
        here = look_words.describe_tile(self.parent.world, self.cursor, self.parent.content)
        lines.append(("Here: " + (", ".join(here) if here else "unknown"), TEXT_FG))
        caught = self.caught()
        if caught:
            lines.append(("Caught in the blast: " + ", ".join(caught), WARNING_FG))
        spared = self.friends_struck()
        if spared:
            lines.append((spared, WARNING_FG))
        short = self.falls_short()
        if short:
            lines.append((short, WARNING_FG))
        near = self.fire_near()
        if near:
            lines.append((aim_words.FIRE_NEAR[near], WARNING_FG))
        rows = [(line, fg) for text, fg in lines for line in wrap(text, width - 2)]
        under_map.draw_rows(console, self.parent, rows, self.cursor)

    def fire_near(self) -> str:
        """Where the fire this aim sets may reach the player (``kindling.near_user``), for
        a kind they know only: of one not yet identified, a fire warning would tell what
        it is before its first use (hand play: an unknown staff warned "Fire would spread
        to where you stand!")."""
        world = self.parent.world
        if not world.identity.is_known(self.kind):
            return ""
        return kindling.near_user(
            world.floor, world.player, self.item, self.cursor, throw=self.throw
        )

    def friends_struck(self) -> str:
        """The warning when what flies to the cursor would strike an ally or a captive
        on its way (a piercing bolt goes on through them to the foe behind): the
        creatures are the engine's answer (``targets.plan``), never a line drawn here.
        Empty when it strikes none."""
        world = self.parent.world
        planned = targets.plan(world.floor, world.player, self.item, self.cursor, throw=self.throw)
        if isinstance(planned, Refused):
            return ""
        struck = [a for a in planned.struck if a is not world.player]
        spared = [a for a in struck if not a.hostile]
        if not spared:
            return ""
        nouns = [Noun.named(a.name) for a in spared]
        names = listed(
            [
                f"your {noun.singular}" if a.friendly else f"the captive {noun.singular}"
                for a, noun in zip(spared, nouns, strict=True)
            ]
        )
        if len(spared) == len(struck):
            return f"This would hit {names}!"
        return f"Through {names}: hit as well!"

    def falls_short(self) -> str:
        """The warning when what flies to the cursor would run out of reach before it
        (the engine's answer: ``Planned.short``, or a use refused as "out_of_range") or
        meet a wall on the way ("no_clear_line"); empty when it gets there."""
        world = self.parent.world
        planned = targets.plan(world.floor, world.player, self.item, self.cursor, throw=self.throw)
        if isinstance(planned, Refused):
            if planned.reason == "out_of_range":
                return aim_words.out_of_range(self.name, int(planned.detail))
            return aim_words.NO_CLEAR_LINE if planned.reason == "no_clear_line" else ""
        return aim_words.too_far(self.name, planned.short) if planned.short else ""

    def caught(self) -> list[str]:
        """Living creatures the player can see within the blast radius of the cursor."""
        if self.radius <= 0:
            return []
        world = self.parent.world
        floor, (cx, cy) = world.floor, self.cursor
        return [
            "you" if actor is world.player else actor.name
            for actor in sorted(floor.actors.values(), key=lambda a: a.id)
            if actor.alive
            and (actor is world.player or in_sight(floor, actor))
            and (actor.x - cx) ** 2 + (actor.y - cy) ** 2 <= self.radius**2
        ]
