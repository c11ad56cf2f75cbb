"""An ally is told from a foe of its kind on the map itself, in every render mode: hand
play met a goblin ally and a hostile goblin drawn alike, told apart only in the sidebar."""

from __future__ import annotations

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.content.looks import RENDER_MODES
from emberdeep.engine.core.actors import Mode
from emberdeep.ui import render
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import add_monster, world_from_text

ROOM = """
#########
#@......#
#.......#
#########
"""


@pytest.mark.parametrize("mode", RENDER_MODES)
@pytest.mark.parametrize("shown_to", ["window", "terminal"])
def test_an_ally_is_drawn_unlike_a_foe_of_its_kind(mode: str, shown_to: str) -> None:
    content = loader.load()
    world = world_from_text(ROOM)
    goblin = next(kind for kind in content.population.monsters.kinds if kind.key == "goblin")
    foe, ally, other_foe = (add_monster(world, goblin, x, 1) for x in (3, 5, 7))
    ally.mode = Mode.ALLY
    world.refresh_fov()
    console = render.new_console()
    screen = PlayScreen.of(world, content, Settings(render_mode=mode, lighting=False))
    screen.draw(console)
    if shown_to == "terminal":
        render.untile(console, content)
    origin = screen.origin()

    def tile(x: int) -> tuple[int, ...]:
        cell = render.to_screen((x, 1), screen.layout.map, origin)
        assert cell is not None
        return (int(console.ch[cell]), *console.rgb["fg"][cell], *console.rgb["bg"][cell])

    assert tile(foe.x) == tile(other_foe.x)  # the floor under them is alike
    assert tile(ally.x) != tile(foe.x)
