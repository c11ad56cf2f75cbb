"""Explore's end says what it left lying and how to get there (hand play read
"Explored" with seen items still on the floor, and fetched them one by one)."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import INVENTORY_SIZE, Item
from emberdeep.session import left_lying
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.look import LookScreen, things_to_look_at
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import opened, world_from_text

CONTENT = loader.load()
ITEMS = {k.key: k for k in CONTENT.population.items.kinds}
TRAPS = {k.key: k for k in CONTENT.population.traps.kinds} if CONTENT.population.traps else {}


def explored(screen: PlayScreen) -> list[str]:
    screen.handle(KeyPress("x"))
    for _ in range(500):
        if not screen.running:
            break
        screen.tick()
    return [entry.text for entry in screen.log.entries]


def test_explore_ends_saying_what_it_left_lying_and_look_reaches_it() -> None:
    world = world_from_text("""
    ###########
    #@.....~~.#
    #......~~.#
    #.........#
    ###########
    """)
    world.floor.traps[(3, 2)] = Trap(TRAPS["pressure_plate"], 3, 2, hidden=False)
    darts, potion = Item(ITEMS["darts"], 3, 2), Item(ITEMS["health_potion"], 7, 1)
    world.floor.items += [darts, potion]
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    said = explored(screen)
    assert said[-1] == (
        "2 items left lying (on a trap, in deep water): look (L), Tab to one, Enter to go there."
    )
    assert len(said[-1]) <= 2 * 80
    look = opened(screen.handle(KeyPress("L")), LookScreen)
    stops = things_to_look_at(world)
    assert darts.position in stops and potion.position in stops
    look.handle(KeyPress("tab"))
    assert look.cursor in (darts.position, potion.position)


def test_an_explore_that_leaves_nothing_says_nothing_more() -> None:
    world = world_from_text("""
    #######
    #@....#
    #######
    """)
    world.floor.items.append(Item(ITEMS["darts"], 4, 1))
    screen = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    said = explored(screen)
    assert not any("left lying" in line for line in said)
    assert world.inventory and world.inventory[-1].kind.key == "darts"


def test_each_item_left_says_why() -> None:
    world = world_from_text("""
    ########
    #@.....#
    ########
    """)
    floor = world.floor
    kept = Item(ITEMS["dagger"], 3, 1)
    dropped = Item(ITEMS["darts"], 2, 1)
    dropped.dropped = True
    floor.items += [kept, dropped, Item(ITEMS["darts"], 4, 1)]
    world.refresh_fov()
    world.inventory[:] = [Item(ITEMS["health_potion"]) for _ in range(INVENTORY_SIZE - 1)]
    assert [why for _, why in left_lying.left(world)] == [
        "your pack's last slot kept free",
        "a kind you dropped",
    ]
    world.inventory.append(Item(ITEMS["health_potion"]))
    assert left_lying.left(world)[0][1] == "no room in your pack"
