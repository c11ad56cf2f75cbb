"""A plain step onto known danger asks first (hand play: a held key walked onto a found
pressure plate; the press after the blow that killed an eel swam into its deep water),
in a box that drops the keys still coming in; a creature in sight there is struck as
ever, and one under the water is not given away."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import SUBMERGED
from emberdeep.engine.creatures import statuses
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import PopTo
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import ORC, add_monster, opened, world_from_text

CONTENT = loader.load()
TRAPS = {kind.key: kind for kind in CONTENT.population.traps.kinds}  # type: ignore[union-attr]
EEL = CONTENT.hero.kinds["eel"]
POOL = """
##########
#.@~~~...#
#..~~~...#
##########
"""


def pool() -> PlayScreen:
    screen = PlayScreen.of(world_from_text(POOL), CONTENT, Settings(lighting=False))
    screen.world.refresh_fov()
    return screen


def test_a_step_onto_a_found_trap_asks_and_a_held_key_does_not_answer() -> None:
    screen = pool()
    world = screen.world
    world.floor.traps[(2, 2)] = Trap(TRAPS["pressure_plate"], 2, 2, hidden=False)
    now = [0.0]
    stack = ScreenStack(screen, clock=lambda: now[0])
    stack.handle(KeyPress("j"))
    asked = stack.top
    assert isinstance(asked, ConfirmScreen) and asked.unbidden
    assert asked.question == "Step onto the pressure plate?"
    assert world.player.position == (2, 1)
    stack.seen(asked)
    assert stack.too_soon(KeyPress("y"))  # keys still streaming in are no answer
    now[0] += 1.0
    assert not stack.too_soon(KeyPress("y"))
    assert asked.handle(KeyPress("y")) == PopTo(screen)
    assert world.player.position == (2, 2)


def test_a_hidden_trap_is_not_given_away() -> None:
    screen = pool()
    world = screen.world
    world.floor.traps[(2, 2)] = Trap(TRAPS["pressure_plate"], 2, 2)
    screen.handle(KeyPress("j"))
    assert world.player.position == (2, 2)


def test_the_step_into_deep_water_asks_once_and_not_again_while_swimming() -> None:
    screen = pool()
    world = screen.world
    asked = opened(screen.handle(KeyPress("l")), ConfirmScreen)
    assert asked.question.startswith("Swim into the deep water?")
    assert world.player.position == (2, 1)
    asked.handle(KeyPress("n"))
    assert world.player.position == (2, 1) and world.turn == 0
    asked.handle(KeyPress("y"))
    assert world.floor.tiles[world.player.position] == Tile.DEEP_WATER
    screen.handle(KeyPress("l"))  # already in the water: on without a question
    assert world.player.position == (4, 1)


def test_a_creature_in_sight_in_the_water_is_struck_and_one_under_it_not_given_away() -> None:
    screen = pool()
    world = screen.world
    orc = add_monster(world, ORC, 3, 1)
    world.refresh_fov()
    screen.handle(KeyPress("l"))
    assert world.turn == 1  # a blow (it may miss), not a question
    assert world.player.position == (2, 1)
    world.floor.remove_actor(orc)
    eel = add_monster(world, EEL, 3, 1)
    eel.statuses[SUBMERGED] = statuses.MAX_TURNS
    world.refresh_fov()
    asked = opened(screen.handle(KeyPress("l")), ConfirmScreen)
    assert asked.question.startswith("Swim into the deep water?")
    hp = eel.hp
    asked.handle(KeyPress("y"))
    assert world.player.position == (2, 1)  # the yes struck the eel: no swim
    assert eel.hp < hp or world.turn > 1


def test_taking_one_of_a_choice_asks_once_naming_it_and_what_is_lost() -> None:
    """A tester took one item of a choice vault with no word that the rest would go."""
    screen = pool()
    world = screen.world
    kinds = {kind.key: kind for kind in CONTENT.population.items.kinds}
    for kind in kinds.values():
        world.identity.learn(kind)
    taken = Item(kinds["health_potion"], 2, 1)
    world.floor.items += [taken, Item(kinds["darts"], 1, 1), Item(kinds["darts"], 1, 2)]
    for item in world.floor.items:
        item.choice = 1
    asked = opened(screen.handle(KeyPress("g")), ConfirmScreen)
    assert asked.question == "Take the potion of healing? The other 2 will be lost."
    asked.handle(KeyPress("n"))
    assert world.inventory == [] and len(world.floor.items) == 3
    asked.handle(KeyPress("y"))
    assert world.inventory == [taken] and world.floor.items == []


def test_a_plain_pick_up_asks_nothing() -> None:
    screen = pool()
    world = screen.world
    potion = Item(CONTENT.population.items.kinds[0], 2, 1)
    world.floor.items.append(potion)
    screen.handle(KeyPress("g"))
    assert world.inventory == [potion]


def set_fire(screen: PlayScreen, at: tuple[int, int]) -> None:
    floor = screen.world.floor
    floor.fire[at] = 5
    floor.fire_active = True
    floor.hazard_version += 1


def test_a_step_into_fire_asks_but_not_while_fireproof_and_no_burning_is_shown() -> None:
    """Hand play: fireproof from a potion, a step into the flames still asked "Step into
    the fire?" and the sidebar said Burning. The risk knows the hero is immune, and the
    fire no longer sets a fireproof creature ablaze."""
    screen = pool()
    world = screen.world
    set_fire(screen, (2, 2))
    asked = opened(screen.handle(KeyPress("j")), ConfirmScreen)
    assert asked.question == "Step into the fire or poisonous gas?"
    asked.handle(KeyPress("n"))
    statuses.apply(world, world.player, statuses.FIREPROOF, 50, "potion")
    screen.handle(KeyPress("j"))
    assert world.player.position == (2, 2) and world.floor.fire[2, 2] > 0
    assert not statuses.has(world.player, statuses.BURNING)
    assert world.player.hp == world.player.max_hp
