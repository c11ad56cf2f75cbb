"""The looked-at cell is never covered by look's words and is the only cell marked, at
80x24 and 100x34, wherever it lies around the player: a tester with two kobolds on
screen could not tell which one the words were about (the words beside the cursor, the
cursor's cell in ``CURSOR_BG``; ``look.spot`` keeps the box off it)."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.things.items import Item
from emberdeep.ui import render
from emberdeep.ui.screens.look import CURSOR_BG, LookScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, drawn_on_stack, world_from_text

CONTENT = loader.load()
HALL = "\n".join(["#" * 100] + ["#" + "." * 98 + "#"] * 40 + ["#" * 100])


@pytest.mark.parametrize("size", [(80, 24), (100, 34)])
def test_the_looked_at_one_of_two_is_marked_and_never_covered(size: tuple[int, int]) -> None:
    world = world_from_text(HALL.replace(".", "@", 1))
    world.floor.move_actor(world.player, 50, 20)
    world.floor.visible[...] = True
    world.floor.explored[...] = True
    play = PlayScreen.of(world, CONTENT, Settings(lighting=False, animation="off"))
    play.layout = play.layout_of(render.new_console(*size))
    kinds = CONTENT.population.items.kinds[:3]  # items under it: more words, a taller box
    for dx in range(-24, 25, 3):
        for dy in range(-9, 10, 2):
            at = (50 + dx, 20 + dy)
            if abs(dx) <= 1 and abs(dy) <= 1:
                continue
            looked, other = add_monster(world, ORC, *at), add_monster(world, ORC, at[0] + 1, at[1])
            items = [Item(kind, *at) for kind in kinds]
            world.floor.items += items
            console = drawn_on_stack(LookScreen(play, at), render.new_console(*size))
            cell = render.to_screen(at, play.layout.map, play.origin())
            assert cell is not None
            assert chr(console.ch[cell]) == "o", (dx, dy)  # not covered by the words
            marked = np.all(console.bg == CURSOR_BG, axis=-1)
            assert np.argwhere(marked).tolist() == [list(cell)], (dx, dy)
            for monster in (looked, other):
                world.floor.remove_actor(monster)
            for item in items:
                world.floor.items.remove(item)
