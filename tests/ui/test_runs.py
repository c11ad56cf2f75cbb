"""Auto-explore and travel as the player drives them: keys, clicks, ticks, interruptions."""

from __future__ import annotations

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.session.driver import Rest
from emberdeep.ui import render
from emberdeep.ui.input import Click, KeyPress, MouseMove
from emberdeep.ui.layout import FULL
from emberdeep.ui.screens import PopTo
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, world_from_text


def ticks(screen: PlayScreen, limit: int = 3000) -> int:
    count = 0
    while screen.running and count < limit:
        assert screen.tick() == PopTo(screen)
        count += 1
    return count


def test_x_explores_step_by_step_until_done() -> None:
    screen = PlayScreen.of(World(5, mapgen.floor_builder("rooms")), loader.load(), Settings())
    assert screen.tick_seconds is None
    screen.handle(KeyPress("x"))
    assert screen.running and screen.tick_seconds is not None
    steps = ticks(screen)
    assert steps > 50 and not screen.running
    assert screen.world.turn >= steps - 1
    assert "stairs" in screen.log.entries[-1].text


def test_a_key_interrupts_a_run() -> None:
    screen = PlayScreen.of(World(5, mapgen.floor_builder("rooms")), loader.load(), Settings())
    screen.handle(KeyPress("x"))
    screen.tick()
    position = screen.world.player.position
    assert screen.handle(KeyPress("l")) == PopTo(screen)
    assert not screen.running and screen.world.player.position == position
    assert screen.log.entries[-1].text == "Stopped."


def test_exploring_refuses_with_a_monster_in_view_and_stops_when_one_appears() -> None:
    world = world_from_text("""
    ####################
    #@.................#
    ####################
    """)
    add_monster(world, ORC, 5, 1, hunting=False)
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    assert not screen.running and screen.log.entries[-1].text == "Not with the orc in view!"


def test_clicking_a_known_tile_travels_there_and_hovering_previews_the_path() -> None:
    world = world_from_text("""
    ##########
    #@.......#
    ##########
    """)
    screen = PlayScreen.of(world, loader.load(), Settings())
    origin = screen.origin()
    cell = render.to_screen((8, 1), FULL.map, origin)
    assert cell is not None
    screen.handle(MouseMove(*cell))
    console = render.new_console()
    screen.draw(console)
    assert len(screen.preview) == 7 and screen.preview[-1] == (8, 1)
    screen.handle(Click(*cell, button=1))
    ticks(screen)
    assert world.player.position == (8, 1)


def test_greater_than_walks_to_known_stairs_first() -> None:
    world = world_from_text("""
    ##########
    #@......>#
    ##########
    """)
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress(">"))
    ticks(screen)
    assert world.player.position == world.floor.stairs and world.depth == 1


def test_z_rests_until_healed_and_a_monster_interrupts() -> None:
    room = "#######\n#.....#\n#.@...#\n#.....#\n#######"
    screen = PlayScreen.of(world_from_text(room), loader.load(), Settings())
    player = screen.world.player
    player.hp = player.max_hp - 3
    screen.handle(KeyPress("Z"))
    run = screen.driver.run
    assert screen.running and run is not None and isinstance(run.command, Rest)
    ticks(screen)
    assert player.hp == player.max_hp and screen.log.entries[-1].text == "You feel rested."
    screen.handle(KeyPress("Z"))
    assert not screen.running and "full health" in screen.log.entries[-1].text
    player.hp = 1
    screen.handle(KeyPress("Z"))
    add_monster(screen.world, ORC, 5, 3)
    screen.world.refresh_fov()
    ticks(screen)
    assert player.hp < player.max_hp and screen.log.entries[-1].text == "You see an orc."


def test_explore_stops_when_badly_hurt_and_says_why() -> None:
    screen = PlayScreen.of(World(5, mapgen.floor_builder("rooms")), loader.load(), Settings())
    player = screen.world.player
    player.hp = player.max_hp * 4 // 10
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert screen.world.turn == 0 and "badly hurt" in screen.log.entries[-1].text
    low = Settings(explore_stop_hp=0)
    screen = PlayScreen.of(World(5, mapgen.floor_builder("rooms")), loader.load(), low)
    screen.world.player.hp = 5
    screen.handle(KeyPress("x"))
    assert ticks(screen) > 10  # the setting turns it off


def test_exploring_onto_an_item_says_what_was_picked_up_and_nothing_after() -> None:
    world = world_from_text("""
    ##########
    #@.......#
    ##########
    """)
    darts = next(k for k in loader.load().population.items.kinds if k.key == "darts")
    world.floor.items.append(Item(darts, 4, 1, count=3))
    screen = PlayScreen.of(world, loader.load(), Settings(auto_pickup=True))
    screen.handle(KeyPress("x"))
    ticks(screen)
    said = [entry.text for entry in screen.log.entries]
    assert "You pick up 3 darts." in said
    after = said[said.index("You pick up 3 darts.") + 1 :]
    assert "You found something." not in said and "" not in after
