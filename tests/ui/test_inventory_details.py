"""Every item the player knows shows what it does on its inventory row at 80x24: the
row keeps a description's leading clauses that fit (``menu.leading_clauses``), so each
description must lead with a clause short enough (hand play saw the Staff of Blinking's
and the Staff of Poison's rows empty on the right, the Staff of Firebolt's not)."""

from __future__ import annotations

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.things.items import Item, ItemKind
from emberdeep.ui import render
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import world_from_text

CONTENT = loader.load()
KINDS = [kind for kind in CONTENT.population.items.kinds if kind.description]
HALL = """
######
#.@..#
######
"""


@pytest.mark.parametrize("kind", KINDS, ids=[kind.key for kind in KINDS])
def test_each_known_item_shows_what_it_does_on_its_inventory_row(kind: ItemKind) -> None:
    world = world_from_text(HALL)
    for known in CONTENT.population.items.kinds:
        world.identity.learn(known)
    world.inventory.append(Item(kind, count=3 if kind.stacks else 1))  # "3 x ...": longer
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False, animation="off"))
    console = render.new_console(80, 24)
    screen.draw(console)
    menu = InventoryScreen(screen, "use")
    menu.draw(console)
    y = menu.menu.row_of(0)
    assert y is not None
    row = "".join(map(chr, console.ch[:, y]))
    label = menu.menu.options[0].label
    after = row[row.index(label) + len(label) :]
    shown = after.strip(" │|")
    assert shown, f"{kind.key}: nothing of {menu.menu.options[0].detail!r} on {row!r}"
    assert menu.menu.options[0].detail.startswith(shown)
