"""Keys inside the open inventory: every item letter picks its item, item (i) too (hand
play could not read scroll (i) while ``i`` closed the inventory), and worn gear comes
off only when asked (hand play: ``i`` pressed again to close the inventory chose item
(i), a worn ring, which came off without a word)."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Use
from emberdeep.engine.things.items import Item
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import world_from_text

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
HALL = """
#######
#@....#
#######
"""
FILLER = ("darts", "ration", "darts", "ration", "darts", "ration", "darts", "ration")


def pack(*keys: str) -> tuple[PlayScreen, ScreenStack]:
    """A play screen whose pack holds ``keys`` in letter order, the last a worn ring."""
    world = world_from_text(HALL)
    for kind in KINDS.values():
        world.identity.learn(kind)
    world.inventory.extend(Item(KINDS[key], count=KINDS[key].bundle or 1) for key in keys)
    world.inventory.append(Item(KINDS["protection_ring"]))
    world.step(Use(len(world.inventory) - 1))
    assert world.inventory[-1].equipped
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    return screen, ScreenStack(screen)


def test_i_in_the_open_inventory_picks_item_i_and_a_worn_one_asks_first() -> None:
    screen, stack = pack(*FILLER)
    ring = screen.world.inventory[-1]
    assert screen.letters.of(screen.world.inventory)[-1] == "i"
    stack.handle(KeyPress("i"))
    assert isinstance(stack.top, InventoryScreen)
    turn = screen.world.turn
    stack.handle(KeyPress("i"))
    asked: object = stack.top  # not the menu narrowed above
    assert isinstance(asked, ConfirmScreen)
    assert asked.question == "Take off the Ring of Protection?"
    assert ring.equipped and screen.world.turn == turn


def test_i_in_the_open_inventory_reads_scroll_i() -> None:
    screen, stack = pack(*FILLER, "mapping_scroll")
    world = screen.world
    assert screen.letters.of(world.inventory)[-2] == "i"
    assert world.inventory[-2].kind.key == "mapping_scroll"
    stack.handle(KeyPress("i"))
    stack.handle(KeyPress("i"))
    assert stack.top is screen
    assert all(item.kind.key != "mapping_scroll" for item in world.inventory)


def test_taking_off_worn_gear_from_the_inventory_asks_first() -> None:
    screen, stack = pack()
    ring = screen.world.inventory[-1]
    stack.handle(KeyPress("i"))
    stack.handle(KeyPress("a"))
    asked = stack.top
    assert isinstance(asked, ConfirmScreen)
    assert asked.question == "Take off the Ring of Protection?"
    stack.handle(KeyPress("n"))
    assert ring.equipped
    stack.handle(KeyPress("a"))
    stack.handle(KeyPress("y"))
    assert not ring.equipped and stack.top is screen


def test_a_letter_no_item_has_picks_nothing_and_says_so() -> None:
    """Hand play: the darts ran out, ``t j Enter`` moved the highlight with ``j`` (no
    item (j)) and threw a scroll of teleportation."""
    screen, stack = pack("teleport_scroll", "health_potion")
    stack.handle(KeyPress("t"))
    menu = stack.top
    assert isinstance(menu, InventoryScreen) and menu.purpose == "throw"
    assert menu.menu.highlight is None  # nothing made for throwing
    stack.handle(KeyPress("j"))
    assert menu.menu.highlight is None and menu.menu.notice == "No item (j)."
    console = render.new_console(80, 24)
    screen.draw(console)
    menu.draw(console)
    shown = ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]
    assert any("No item (j)." in row for row in shown)
    stack.handle(KeyPress("enter"))
    assert stack.top is menu and len(screen.world.inventory) == 3
    stack.handle(KeyPress("down"))  # the arrows still move, and the notice goes
    assert menu.menu.highlight == 0 and menu.menu.notice == ""
