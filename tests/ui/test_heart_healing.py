"""Carrying the Heart stops natural healing (``World.heals_by_resting``), and everything
the player meets says so: a tester's rest burned 178 turns and food for nothing, and
explore then told them to rest first."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import PickUp
from emberdeep.engine.things.items import Item
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.details import DetailsScreen
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import texts, world_from_text

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
ROOMS = """
##########
#@.......#
#........#
####.#####
#........#
##########
"""


def carrying(heart: bool) -> PlayScreen:
    world = world_from_text(ROOMS)
    if heart:
        world.inventory.append(Item(KINDS["ember_heart"]))
    world.player.hp = world.player.max_hp * 3 // 10
    return PlayScreen.of(world, CONTENT, Settings())


def test_the_engine_answers_whether_a_rest_heals_and_regeneration_asks_it() -> None:
    plain, heart = carrying(False).world, carrying(True).world
    assert plain.heals_by_resting and not heart.heals_by_resting
    hp = heart.player.hp
    for _ in range(50):
        heart.regenerate()
        heart.turn += 1
    assert heart.player.hp == hp


def test_rest_with_the_heart_refuses_at_once_and_says_why() -> None:
    screen = carrying(True)
    screen.handle(KeyPress("Z"))
    said = screen.log.entries[-1].text
    assert not screen.running and screen.world.turn == 0
    assert said.startswith("The Heart's heat keeps your wounds open: rest will not heal you.")
    assert "potion" in said


def test_explore_when_badly_hurt_advises_a_potion_not_a_rest_when_a_rest_cannot_heal() -> None:
    screen = carrying(True)
    screen.handle(KeyPress("x"))
    screen.tick()
    said = screen.log.entries[-1].text
    assert not screen.running and screen.world.turn == 0
    assert "badly hurt" in said and "potion" in said
    assert "rest" not in said
    screen = carrying(False)
    screen.handle(KeyPress("x"))
    screen.tick()
    assert "rest (Z)" in screen.log.entries[-1].text  # without the Heart, rest is the way


def test_picking_up_the_heart_says_resting_will_not_heal() -> None:
    world = world_from_text(ROOMS)
    world.floor.items.append(Item(KINDS["ember_heart"], *world.player.position))
    said = texts(world.step(PickUp()))
    assert said[0] == "You pick up the Ember Heart."
    assert "resting will not heal you" in said[1]


def test_the_hearts_description_and_inventory_row_say_healing_stops() -> None:
    screen = carrying(True)
    shown = " ".join(DetailsScreen.of_item(screen, screen.world.inventory[0]).lines)
    assert "resting heals you no longer" in shown
    row = InventoryScreen(screen, "use").menu.options[0].detail
    assert row.startswith("Wins the game: carry it up and out") and "resting heals" in row


def test_the_heart_set_down_on_the_floor_stops_healing_too() -> None:
    """A tester dropped the Heart, rested to full beside it and took it up again: once
    taken, set down on the player's floor it still keeps their wounds open."""
    world = carrying(True).world
    heart = world.inventory.pop()
    heart.x, heart.y, heart.dropped = *world.player.position, True
    world.floor.items.append(heart)
    assert not world.heals_by_resting
    world.floor.items.remove(heart)
    assert world.heals_by_resting  # left on another floor: rest heals again
