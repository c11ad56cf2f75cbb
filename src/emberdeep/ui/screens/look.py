"""Looking around with the keyboard: a cursor that says what it is on, without a turn.

The mouse can hover; a keyboard player (or one in a terminal without a mouse) needs the
same answers. The cursor starts on the nearest creature in view (or where the player
clicked in the sidebar), moves with the movement keys anywhere on the floor (the map
follows it), and Tab jumps between the things to look at (the creatures in sight, awake
first, then the items seen or remembered, then the features known: traps found, stairs,
doors, levers), each group nearest first. For a creature it tells its health in
numbers, what it is doing and the odds of a fight; for a tile out of view, what was
last seen there. Enter travels to the spot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import tcod.console

from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.floor import REMAINS_KEY, Tile
from emberdeep.engine.core.perception import in_sight
from emberdeep.session import look_words
from emberdeep.session.driver import Travel
from emberdeep.ui import cursor, look, palette, render, under_map
from emberdeep.ui.commands import UiCommand
from emberdeep.ui.fitting import wrap
from emberdeep.ui.input import Click, InputEvent, KeyPress, MouseMove
from emberdeep.ui.keys import command_for
from emberdeep.ui.screens import Pop, Push, Result, Stay
from emberdeep.ui.screens.details import DetailsScreen
from emberdeep.ui.sidebar import in_view

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World
    from emberdeep.ui.play_view import PlayView

HINT = "Look: move the cursor, Tab next thing, ? about it, Enter travel there, Esc close"
ABOUT = "?"
CURSOR_BG = (90, 160, 230)
CURSOR_FG = (0, 0, 0)
CLOSE = frozenset({"escape", "q"})


FEATURES = frozenset(
    {Tile.STAIRS_DOWN, Tile.STAIRS_UP, Tile.LEVER, Tile.LOCKED_DOOR, Tile.SEALED_DOOR,
     Tile.CLOSED_DOOR}
)  # fmt: skip
"""Terrain worth a stop of Tab: the ways on, and what opens or shuts a way."""


def things_to_look_at(world: World) -> list[tuple[int, int]]:
    """Where Tab stops, in its order, each group nearest first: the creatures in sight
    (awake before asleep: what may act next matters most), the items in view or
    remembered where they were seen, then the features known, in view or remembered
    (found traps, stairs, doors, levers, vault doors). Hand play's Tab skipped a
    remembered mace, the doors, and the traps and stairs found out of view. What the
    player stands on is said in the sidebar: no stop."""
    floor, (px, py) = world.floor, world.player.position

    def away(pos: tuple[int, int]) -> tuple[int, int]:
        x, y = pos
        return (max(abs(x - px), abs(y - py)), (x - px) ** 2 + (y - py) ** 2)

    creatures = sorted(
        (a for a in floor.actors.values() if a.alive and not a.is_player and in_sight(floor, a)),
        key=lambda a: (a.asleep, away(a.position)),
    )
    seen, visible = floor.seen_items, floor.visible
    items = [i.position for i in floor.items if visible[i.position]] + [
        spot for spot, key in seen.items() if key != REMAINS_KEY and not visible[spot]
    ]
    known = floor.explored
    traps = [t.position for t in floor.traps.values() if not t.hidden and known[t.position]]
    terrain = np.isin(floor.tiles, list(FEATURES)) & known
    features = [*traps, *((int(x), int(y)) for x, y in np.argwhere(terrain))]
    spots = [a.position for a in creatures] + sorted(items, key=away) + sorted(features, key=away)
    return [spot for spot in dict.fromkeys(spots) if spot != (px, py)]


class LookScreen:
    dims = False
    """Looking is at the map itself: it must stay bright."""

    def __init__(self, parent: PlayView, at: tuple[int, int] | None = None) -> None:
        self.parent = parent
        world = parent.world
        first = things_to_look_at(world)[:1] if in_view(world) else []
        self.cursor = at or (first[0] if first else world.player.position)

    def handle(self, event: InputEvent) -> Result:
        result = self.respond(event)
        if not isinstance(result, Stay | Push):  # closed: the camera back on the player
            self.parent.focus = None
        return result

    def respond(self, event: InputEvent) -> Result:
        keymap = self.parent.keymap
        match event:
            case KeyPress(key) if key in CLOSE:
                return Pop()
            case KeyPress("enter"):
                floor = self.parent.world.floor
                return (
                    self.parent.perform(Travel(self.cursor))
                    if floor.explored[self.cursor]
                    else Stay()
                )
            case KeyPress("tab"):
                self.next_thing()
            case KeyPress(key) if key == ABOUT:
                return self.details()
            case KeyPress(key):
                command = command_for(key, keymap)
                if isinstance(command, Move):
                    x, y = self.cursor
                    self.move_to(cursor.on_floor(self.parent, (x + command.dx, y + command.dy)))
                elif command is UiCommand.LOOK:
                    return Pop()
            case MouseMove(x, y) | Click(x, y, button=1):
                pos = cursor.tile_at(self.parent, x, y)
                if pos is not None:
                    self.cursor = pos
            case Click(button=3):
                return Pop()
        return Stay()

    def details(self) -> Result:
        """The details panel of the creature (else the top item) under the cursor."""
        world = self.parent.world
        floor = world.floor
        if not floor.visible[self.cursor]:
            return Stay()
        for actor in floor.actors_at(*self.cursor):
            if actor.alive and actor is not world.player and in_sight(floor, actor):
                return Push(DetailsScreen.of_monster(self.parent, actor))
        items = floor.items_at(*self.cursor)
        if items:
            return Push(DetailsScreen.of_item(self.parent, items[-1]))
        return Stay()

    def move_to(self, spot: tuple[int, int]) -> None:
        """The cursor to ``spot``, the camera following it off the view."""
        self.cursor = spot
        self.parent.focus = cursor.followed(self.parent, spot)

    def next_thing(self) -> None:
        spots = things_to_look_at(self.parent.world)
        if spots:
            after = spots.index(self.cursor) + 1 if self.cursor in spots else 0
            self.move_to(spots[after % len(spots)])

    def draw(self, console: tcod.console.Console) -> None:
        """The hint under the map (``under_map``: over the map's top rows, it hid the
        cells one looked at at 80x24), the cursor, and what it is on beside it."""
        view = self.parent.layout.map
        width = min(view.width, console.width - view.x)
        hint = [(line, palette.HEADING_FG) for line in wrap(HINT, width - 2)]
        under_map.draw_rows(console, self.parent, hint, self.cursor)
        cell = render.to_screen(self.cursor, view, self.parent.origin())
        if cell is None:
            return
        lines = look_words.describe_in_detail(self.parent.world, self.cursor, self.parent.content)
        tile = render.tile_cells(cell, view)
        render.highlight(console, tile, CURSOR_BG, CURSOR_FG)
        player = render.to_screen(self.parent.world.player.position, view, self.parent.origin())
        right = (cell[0] + view.columns - 1, cell[1])  # the box goes beside the whole tile
        avoid = [(player[0] + i, player[1]) for i in range(view.columns)] if player else []
        look.draw_tooltip(console, right, lines, view, avoid=[cell, *avoid])
