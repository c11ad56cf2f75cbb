"""A walk whose only known way lies through deep water asks once before it swims (two
testers pressed ``>`` with the stairs seen across a lake: the walk stopped at the shore,
"Deep water lies in the way", and the crossing was left to them a key at a time). A yes
swims on and arrives; a no, or Esc, leaves the hero where they stand and says how to
cross by hand; a dry way, or a levitating hero, asks nothing."""

from __future__ import annotations

import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import statuses
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain.traps import Trap
from emberdeep.ui.input import Click, KeyPress
from emberdeep.ui.screens import Pop, PopTo, Push
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.look import LookScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, opened, world_from_text

CONTENT = loader.load()
LAKE = """
    ############
    #@..~~...>.#
    #...~~.....#
    ############
    """
"""The stairs down across deep water, and no other way to them."""
ROUND = """
    ############
    #@..~~...>.#
    #...~~.....#
    #..........#
    ############
    """
"""The same, with a dry way round below."""
ASKED = (
    "Deep water lies between you and the stairs down: swim across (the current may wash"
    " what you carry ashore)?"
)
BY_HAND = (
    "You stay where you are. Deep water lies in the way (east, 3 steps): wade in yourself"
    " (the current may wash what you carry ashore), or go round."
)


def known(picture: str) -> tuple[PlayScreen, World]:
    world = world_from_text(picture)
    world.floor.explored[...] = True
    return PlayScreen.of(world, CONTENT, Settings(lighting=False)), world


def walked(screen: PlayScreen, world: World) -> list[tuple[int, int]]:
    """The cells the run under way steps on, to its end."""
    cells = []
    for _ in range(200):
        if not screen.running:
            break
        screen.tick()
        cells.append(world.player.position)
    assert not screen.running
    return cells


def test_the_walk_to_the_stairs_across_deep_water_asks_first_in_a_settled_box() -> None:
    screen, world = known(LAKE)
    asked = opened(screen.handle(KeyPress(">")), ConfirmScreen)
    assert asked.question == ASKED and asked.unbidden
    assert world.turn == 0 and world.player.position == (1, 1) and not screen.running


def test_yes_swims_across_and_takes_the_stairs() -> None:
    screen, world = known(LAKE)
    asked = opened(screen.handle(KeyPress(">")), ConfirmScreen)
    assert asked.handle(KeyPress("y")) == PopTo(screen)
    assert screen.running
    cells = walked(screen, world)
    assert any(world.floor.tiles[cell] == Tile.DEEP_WATER for cell in cells)
    assert world.depth == 2  # arrived, and down with the same press


def test_the_walks_own_key_again_does_not_stop_the_swim() -> None:
    screen, world = known(LAKE)
    opened(screen.handle(KeyPress(">")), ConfirmScreen).handle(KeyPress("y"))
    screen.tick()
    assert screen.handle(KeyPress(">")) != PopTo(screen) and screen.running
    walked(screen, world)
    assert world.depth == 2


def test_no_or_escape_leaves_the_hero_where_they_were_and_says_how_to_cross() -> None:
    for answer in ("n", "escape"):
        screen, world = known(LAKE)
        asked = opened(screen.handle(KeyPress(">")), ConfirmScreen)
        assert asked.handle(KeyPress(answer)) == Pop()
        assert world.player.position == (1, 1) and world.turn == 0 and not screen.running
        assert screen.log.entries[-1].text == BY_HAND


def test_a_dry_way_round_is_walked_without_a_question() -> None:
    screen, world = known(ROUND)
    assert screen.handle(KeyPress(">")) == PopTo(screen) and screen.running
    cells = walked(screen, world)
    assert all(world.floor.tiles[cell] != Tile.DEEP_WATER for cell in cells[:-1])
    assert world.depth == 2


def test_a_levitating_hero_floats_over_without_a_question() -> None:
    screen, world = known(LAKE)
    statuses.apply(world, world.player, statuses.LEVITATING, 50, "potion")
    assert screen.handle(KeyPress(">")) == PopTo(screen) and screen.running


def test_travel_from_the_look_cursor_asks_and_no_goes_back_to_it() -> None:
    screen, world = known(LAKE)
    look = LookScreen(screen, (8, 2))
    asked = opened(look.handle(KeyPress("enter")), ConfirmScreen)
    assert asked.question == (
        "Deep water lies on the way there: swim across (the current may wash what you carry"
        " ashore)?"
    )
    assert asked.handle(KeyPress("n")) == Pop()  # back to the look cursor
    assert world.player.position == (1, 1)
    asked = opened(look.handle(KeyPress("enter")), ConfirmScreen)
    asked.handle(KeyPress("y"))
    walked(screen, world)
    assert world.player.position == (8, 2)


def test_a_click_on_the_stairs_across_the_water_names_them() -> None:
    screen, world = known(LAKE)
    screen.draw(tcod.console.Console(80, 24, order="F"))
    view = screen.layout.map
    origin = screen.origin()
    x, y = view.x + (9 - origin[0]) * view.columns, view.y + (1 - origin[1])
    asked = opened(screen.handle(Click(x, y, 1)), ConfirmScreen)
    assert asked.question == ASKED
    asked.handle(KeyPress("y"))
    walked(screen, world)
    assert world.player.position == world.floor.stairs and world.depth == 1  # travel


def test_a_yes_swims_but_still_stops_before_a_trap_past_the_water() -> None:
    screen, world = known(LAKE)
    plate = next(k for k in CONTENT.population.traps.kinds if k.key == "pressure_plate")  # type: ignore[union-attr]
    world.floor.traps[(7, 1)] = Trap(plate, 7, 1, hidden=False)
    world.floor.traps[(7, 2)] = Trap(plate, 7, 2, hidden=False)
    opened(screen.handle(KeyPress(">")), ConfirmScreen).handle(KeyPress("y"))
    walked(screen, world)
    assert world.player.position[0] == 6 and world.depth == 1
    assert screen.log.entries[-1].text.startswith("A pressure plate lies in the way")


def test_with_a_foe_in_view_each_key_is_a_step_and_the_one_into_the_water_asks() -> None:
    screen, world = known(LAKE)
    add_monster(world, ORC, 10, 2)
    world.refresh_fov()
    for x in (2, 3):  # a step a key while it hunts (fleeing), dry: no question
        assert screen.handle(KeyPress(">")) == PopTo(screen)
        assert world.player.position == (x, 1)
    asked = opened(screen.handle(KeyPress(">")), ConfirmScreen)
    assert asked.question == ASKED and world.player.position == (3, 1)
    asked.handle(KeyPress("y"))
    assert world.player.position == (4, 1) and not screen.running


ISLANDS = """
    ##############
    #@..~~.~~..>.#
    #...~~.~~....#
    ##############
    """
"""Two channels with dry ground between: the walk stops on the island for a foe."""


def test_a_yes_holds_for_the_same_goal_on_the_same_floor() -> None:
    """Crossing a lake with islands asked again at every island (hand play)."""
    screen, world = known(ISLANDS)
    opened(screen.handle(KeyPress(">")), ConfirmScreen).handle(KeyPress("y"))
    for _ in range(5):
        screen.tick()
        if world.player.position == (6, 1):
            break
    assert world.player.position == (6, 1) and screen.running  # on the island
    screen.handle(KeyPress("space"))  # a key stops the walk there, as a foe in view would
    assert not screen.running
    assert not isinstance(screen.handle(KeyPress(">")), Push)  # no second question
    walked(screen, world)
    assert world.depth == 2
    other, _ = known(ISLANDS)
    assert isinstance(other.handle(KeyPress(">")), Push)  # another game still asks
