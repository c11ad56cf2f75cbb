"""Looking around with the keyboard: a cursor that says what it is on, without a turn.

The mouse can hover; a keyboard player (or one in a terminal without a mouse) needs the
same answers. The cursor starts on the nearest creature in view (or where the player
clicked in the sidebar), moves with the movement keys anywhere on the floor (the map
follows it), and Tab jumps between the things in view, then the stairs found. For a
creature it tells its health in numbers, what it is doing and the odds of a fight; for
a tile out of view, what was last seen there. Enter travels to the spot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.perception import in_sight
from emberdeep.session import look_words
from emberdeep.session.driver import Travel
from emberdeep.ui import cursor, look, palette, render
from emberdeep.ui.commands import UiCommand
from emberdeep.ui.fitting import wrap
from emberdeep.ui.input import Click, InputEvent, KeyPress, MouseMove
from emberdeep.ui.keys import command_for
from emberdeep.ui.screens import Pop, Push, Result, Stay
from emberdeep.ui.screens.details import DetailsScreen
from emberdeep.ui.sidebar import in_view

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor
    from emberdeep.ui.play_view import PlayView

HINT = "Look: move the cursor, Tab next thing, ? about it, Enter travel there, Esc close"
ABOUT = "?"
CURSOR_BG = (90, 160, 230)
CURSOR_FG = (0, 0, 0)
CLOSE = frozenset({"escape", "q"})


def known_stairs(floor: Floor) -> list[tuple[int, int]]:
    """The stairs down and up the player has found: Tab's last stops, after what is in
    view (hand play could not Tab to the stairs)."""
    return [spot for spot in (floor.stairs, floor.start) if floor.explored[spot]]


class LookScreen:
    dims = False
    """Looking is at the map itself: it must stay bright."""

    def __init__(self, parent: PlayView, at: tuple[int, int] | None = None) -> None:
        self.parent = parent
        things = in_view(parent.world)
        start = at or (things[0].position if things else parent.world.player.position)
        self.cursor = start

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
        things = [thing.position for thing in in_view(self.parent.world)]
        spots = list(dict.fromkeys([*things, *known_stairs(self.parent.world.floor)]))
        if spots:
            after = spots.index(self.cursor) + 1 if self.cursor in spots else 0
            self.move_to(spots[after % len(spots)])

    def draw(self, console: tcod.console.Console) -> None:
        view = self.parent.layout.map
        cell = render.to_screen(self.cursor, view, self.parent.origin())
        lines = look_words.describe_in_detail(self.parent.world, self.cursor, self.parent.content)
        hint = wrap(HINT, view.width - 2)  # two rows on a map narrower than the hint
        console.draw_rect(view.x, view.y, view.width, len(hint), ch=ord(" "), bg=(0, 0, 0))
        for row, line in enumerate(hint):
            console.print(view.x + 1, view.y + row, line, fg=palette.HEADING_FG)
        if cell is None:
            return
        tile = render.tile_cells(cell, view)
        render.highlight(console, tile, CURSOR_BG, CURSOR_FG)
        player = render.to_screen(self.parent.world.player.position, view, self.parent.origin())
        below = len(hint)
        bounds = render.Region(view.x, view.y + below, view.width, view.height - below)
        right = (cell[0] + view.columns - 1, cell[1])  # the box goes beside the whole tile
        avoid = [(player[0] + i, player[1]) for i in range(view.columns)] if player else []
        look.draw_tooltip(console, right, lines, bounds, avoid=[cell, *avoid])
