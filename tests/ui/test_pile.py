"""`g` on a pile asks which (hand play pressed g where several things lay and got back
the item just dropped, with no choice); on one thing, or things alike that stack, it
takes at once."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Drop, PickUp
from emberdeep.engine.core.events import Refused
from emberdeep.engine.play.journal import decode_action, encode_action
from emberdeep.engine.things.items import Item
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import PopTo
from emberdeep.ui.screens.pile import PileScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import drawn_on_stack, opened, world_from_text

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
HALL = """
#######
#.@...#
#######
"""


def screen_on_a_pile() -> PlayScreen:
    world = world_from_text(HALL)
    for kind in CONTENT.population.items.kinds:
        world.identity.learn(kind)
    here = world.player.position
    world.floor.items += [Item(KINDS["ration"], *here), Item(KINDS["sword"], *here)]
    world.inventory.append(Item(KINDS["health_potion"]))
    world.step(Drop(0))  # on top, as the tester's
    return PlayScreen.of(world, CONTENT, Settings())


def test_g_on_a_pile_asks_which_top_first_and_takes_the_one_chosen() -> None:
    screen = screen_on_a_pile()
    pile = opened(screen.handle(KeyPress("g")), PileScreen)
    assert screen.world.turn == 1 and not screen.world.inventory  # the drop's turn only
    labels = [option.label[2:] for option in pile.menu.options]  # after the glyph
    assert labels == ["Potion of Healing", "Sword", "Ration of Food"]
    console = drawn_on_stack(pile)
    shown = "\n".join("".join(map(chr, row)) for row in console.ch.T)
    assert "Pick up which?" in shown and "Ration of Food" in shown
    assert pile.handle(KeyPress("c")) == PopTo(screen)
    assert [item.kind.key for item in screen.world.inventory] == ["ration"]
    assert screen.log.entries[-1].text == "You pick up a ration of food."


def test_g_on_one_thing_or_things_alike_takes_at_once() -> None:
    world = world_from_text(HALL)
    here = world.player.position
    world.floor.items += [Item(KINDS["darts"], *here, count=2), Item(KINDS["darts"], *here)]
    screen = PlayScreen.of(world, CONTENT, Settings())
    assert screen.handle(KeyPress("g")) == PopTo(screen)
    assert [(i.kind.key, i.count) for i in world.inventory] == [("darts", 3)]


def test_picking_up_the_item_chosen_is_an_action_the_journal_keeps() -> None:
    world = screen_on_a_pile().world
    assert world.step(PickUp(5)) == Refused("no_such_item")
    assert decode_action(encode_action(PickUp(1))).arguments() == [1]
    assert encode_action(PickUp()) == ["g"]  # what every recorded game holds
    world.step(PickUp(0))
    assert [item.kind.key for item in world.inventory] == ["ration"]
    world.step(PickUp())  # what was not dropped first, as before
    assert [item.kind.key for item in world.inventory] == ["ration", "sword"]
