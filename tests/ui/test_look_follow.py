"""The look cursor goes anywhere on the floor, the map following it, and is drawn
highlighted in every render mode, in the window and in the terminal; Tab stops at the
stairs found after the things in view (hand play in a terminal at 80x24 could not see
the cursor, nor look at what lay off the screen, nor Tab to the stairs)."""

from __future__ import annotations

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.content.looks import RENDER_MODES
from emberdeep.engine.things.items import Item
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import Pop
from emberdeep.ui.screens.look import CURSOR_BG, LookScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, drawn_on_stack, world_from_text

CONTENT = loader.load()
WIDE = "\n".join(
    ["#" * 140]
    + ["#" + "." * 138 + "#"] * 20
    + ["#" + "." * 60 + "@" + "." * 70 + ">" + "." * 6 + "#"]
    + ["#" + "." * 138 + "#"] * 20
    + ["#" * 140]
)
"""A hall wider and taller than the map view at 80x24, stairs down far to the east."""


def looking(size: tuple[int, int], mode: str = "ascii") -> tuple[PlayScreen, LookScreen]:
    world = world_from_text(WIDE)
    world.floor.explored[:] = True  # mapped: the far end is known, out of view
    play = PlayScreen.of(world, CONTENT, Settings(lighting=False, animation="off"))
    play.render_mode = mode
    play.layout = play.layout_of(render.new_console(*size))
    return play, LookScreen(play)


def cursor_cell(play: PlayScreen, look: LookScreen) -> tuple[int, int] | None:
    return render.to_screen(look.cursor, play.layout.map, play.origin())


@pytest.mark.parametrize("mode", RENDER_MODES)
@pytest.mark.parametrize("size", [(80, 24), (100, 34)])
def test_the_cursor_follows_off_the_view_and_is_highlighted_in_every_mode(
    size: tuple[int, int], mode: str
) -> None:
    play, look = looking(size, mode)
    start = play.origin()
    for _ in range(45):
        look.handle(KeyPress("l"))
    assert look.cursor == (play.world.player.x + 45, play.world.player.y)
    assert play.origin()[0] > start[0]  # the map scrolled east with it
    for _ in range(15):
        look.handle(KeyPress("j"))
    cell = cursor_cell(play, look)
    assert cell is not None and play.layout.map.contains(*cell)
    console = drawn_on_stack(look, render.new_console(*size))
    assert tuple(console.bg[cell]) == CURSOR_BG
    render.untile(console, CONTENT)  # as the terminal shows a tiles-mode frame
    shown = console.bg[cell].astype(int)
    assert max(abs(shown - CURSOR_BG)) <= 16, shown  # near: a sprite tints it a little
    assert look.handle(KeyPress("escape")) == Pop()
    assert play.origin() == start  # closed: back on the player


def test_tab_stops_at_the_stairs_found_last() -> None:
    play, _ = looking((80, 24))
    world = play.world
    add_monster(world, ORC, world.player.x + 3, world.player.y, hunting=False)
    dart = next(k for k in CONTENT.population.items.kinds if k.key == "darts")
    world.floor.items.append(Item(dart, world.player.x - 2, world.player.y))
    world.refresh_fov()
    look = LookScreen(play)
    stops = [look.cursor]
    for _ in range(2):
        look.handle(KeyPress("tab"))
        stops.append(look.cursor)
    orc = (world.player.x + 3, world.player.y)
    assert world.player.position == world.floor.start  # no stop where one stands
    assert stops == [orc, (world.player.x - 2, world.player.y), world.floor.stairs]
    look.handle(KeyPress("tab"))
    assert look.cursor == orc  # round again
    look.cursor = world.floor.start
    look.handle(KeyPress("tab"))
    look.handle(KeyPress("tab"))
    look.handle(KeyPress("tab"))
    assert look.cursor == world.floor.stairs
    cell = cursor_cell(play, look)
    assert cell is not None  # the stairs far east: the map went with the cursor
