"""Auto-explore and travel as the player drives them: keys, clicks, ticks, interruptions."""

from __future__ import annotations

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Drop
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.creatures import hunger, statuses
from emberdeep.engine.play import approach, autopilot
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.session.driver import Rest, Travel
from emberdeep.session.narration import REFUSALS, STOPS
from emberdeep.ui import render
from emberdeep.ui.input import Click, KeyPress, MouseMove
from emberdeep.ui.layout import FULL
from emberdeep.ui.screens import PopTo
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, STATUE, add_monster, world_from_text


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
    assert screen.log.entries[-1].text == "You stop: a key was pressed."


def test_exploring_refuses_with_a_monster_in_view_and_stops_when_one_appears() -> None:
    world = world_from_text("""
    ####################
    #@.................#
    ####################
    """)
    add_monster(world, ORC, 5, 1)  # it has noticed the player (a wanderer would not stop it)
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    said = screen.log.entries[-1].text
    assert not screen.running
    assert said.startswith("Not with the orc coming at you! Fight it, or flee")


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


def test_greater_than_walks_to_known_stairs_and_takes_them_with_one_press() -> None:
    screen = PlayScreen.of(World(5, mapgen.floor_builder("rooms")), loader.load(), Settings())
    world = screen.world
    world.floor.explored[...] = True
    screen.handle(KeyPress(">"))
    ticks(screen)
    assert world.depth == 2 and not screen.running


STAIRS_ROOM = """
    ####################
    #@.......>.........#
    ####################
    """


def test_travel_to_the_stairs_at_ten_percent_health_walks_and_descends() -> None:
    world = world_from_text(STAIRS_ROOM)
    world.floor.explored[...] = True
    world.player.hp = world.player.max_hp // 10
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress(">"))
    assert ticks(screen) >= 8 and world.depth == 2
    assert not any("badly hurt" in entry.text for entry in screen.log.entries)


def test_a_second_greater_than_while_walking_to_the_stairs_keeps_walking() -> None:
    """Hand play pressed > again while the walk was under way, and it stopped ("You stop:
    a key was pressed"); any other key still stops it."""
    world = world_from_text(STAIRS_ROOM)
    world.floor.explored[...] = True
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress(">"))
    screen.tick()
    screen.handle(KeyPress(">"))
    assert screen.running
    ticks(screen)
    assert world.depth == 2
    assert not any("a key was pressed" in entry.text for entry in screen.log.entries)
    world = world_from_text(STAIRS_ROOM)
    world.floor.explored[...] = True
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress(">"))
    screen.tick()
    screen.handle(KeyPress("<"))  # not this walk's key
    assert not screen.running and world.depth == 1
    assert screen.log.entries[-1].text == STOPS["interrupted"]


def test_travel_to_the_stairs_with_a_monster_in_view_takes_a_step_a_press() -> None:
    world = world_from_text(STAIRS_ROOM)
    world.floor.explored[...] = True
    orc = add_monster(world, ORC, 10, 1)
    world.refresh_fov()
    screen = PlayScreen.of(world, loader.load(), Settings())
    for n in range(1, 8):
        screen.handle(KeyPress(">"))
        assert not screen.running and world.player.position == (1 + n, 1)
        world.floor.move_actor(orc, 10, 1)  # it keeps its distance, in view
    screen.handle(KeyPress(">"))
    assert world.player.position == world.floor.stairs and world.depth == 1
    screen.handle(KeyPress(">"))
    assert world.depth == 2  # on them, the press takes them
    assert not any("Not with" in entry.text for entry in screen.log.entries)


def test_greater_than_with_the_stairs_not_found_yet_says_so_and_what_to_do() -> None:
    """Not "There are no stairs here.": the stairs exist, the player has not found them."""
    world = world_from_text(STAIRS_ROOM)
    world.floor.explored[world.floor.stairs] = False
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress(">"))
    said = screen.log.entries[-1].text
    assert said == REFUSALS["stairs_not_found"] and "explore (x)" in said
    assert world.turn == 0 and not screen.running and world.depth == 1


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
    said = screen.log.entries[-1].text
    assert screen.world.turn == 0 and "badly hurt" in said and "rest (Z)" in said
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


def snake(rows: int = 5, length: int = 60) -> str:
    """A corridor folded into ``rows`` rows of ``length``: a long walk, seen a row at a
    time (so exploring it takes as many turns as walking it)."""
    lines = ["#" * (length + 2)]
    for row in range(rows):
        lines.append("#" + ("@" if row == 0 else ".") + "." * (length - 1) + "#")
        gap = length if row % 2 == 0 else 1
        if row < rows - 1:
            lines.append("#" * gap + "." + "#" * (length + 1 - gap))
    lines.append("#" * (length + 2))
    return "\n".join(lines)


def test_rest_explore_and_travel_stop_at_hungry_with_the_reason_and_never_faint() -> None:
    def started(*, explored: bool = False, hurt: bool = False) -> PlayScreen:
        world = world_from_text(snake())
        world.floor.explored[...] |= explored
        world.nourishment = 400
        if hurt:
            world.player.hp = 1
        return PlayScreen.of(world, loader.load(), Settings(explore_stop_hp=0))

    runs = {"Z": started(hurt=True), "x": started(), "travel": started(explored=True)}
    for how, screen in runs.items():
        if how == "travel":
            screen.perform(Travel((60, 9)))  # the far end: 300 steps
        else:
            screen.handle(KeyPress(how))
        assert screen.running, how
        ticks(screen)
        world = screen.world
        assert world.nourishment == hunger.HUNGRY, how  # stopped the turn it came
        said = [entry.text for entry in screen.log.entries]
        assert said[-2:] == ["You are hungry.", STOPS["hungry"]], how
    rest = runs["Z"]
    for state in ("weak", "faint"):  # each press goes on to the next state, no further
        rest.world.player.hp = 1
        rest.world.floor.calm_since = rest.world.time  # nothing arrives to stop it first
        rest.handle(KeyPress("Z"))
        ticks(rest)
        assert hunger.state(rest.world.nourishment) == state
        assert rest.log.entries[-1].text == STOPS[state]
        assert not statuses.has(rest.world.player, statuses.PARALYSED)
    rest.handle(KeyPress("Z"))  # faint: a rest would pass out and starve
    assert not rest.running and rest.log.entries[-1].text.startswith("You are faint")
    assert rest.world.nourishment == hunger.FAINT and rest.world.player.alive


def test_explore_keeps_its_distance_from_a_sleeper_and_says_what_to_do() -> None:
    world = world_from_text("""
    ##############################
    #@...........................#
    ##############################
    """)
    sleeper = add_monster(world, ORC, 12, 1, hunting=False)
    sleeper.mode = Mode.ASLEEP
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert screen.log.entries[-1].text == "You see an orc."  # it comes into view
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert world.player.position == (12 - autopilot.BERTH - 1, 1)  # short of its berth
    said = screen.log.entries[-1].text
    assert said.startswith("The way on passes close to an orc, asleep (east, 4 steps): walk")
    turn = world.turn
    screen.handle(KeyPress("x"))  # asked again, it will not walk up to it either
    ticks(screen)
    assert world.player.position == (12 - autopilot.BERTH - 1, 1) and world.turn == turn


def test_explore_goes_on_past_a_monster_that_does_not_come() -> None:
    picture = """
    ####################
    #@.................#
    #..................#
    ####################
    """
    world = world_from_text(picture)
    statue = add_monster(world, STATUE, 8, 2)  # hunting, and it never moves
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    assert screen.running  # not refused for it
    world = world_from_text(picture)
    orc = add_monster(world, ORC, 9, 2)  # hunting, but held where it stands
    statuses.apply(world, orc, statuses.PARALYSED, 100, "test")
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    assert not screen.running and "Not with the orc coming at you!" in screen.log.entries[-1].text
    for _ in range(approach.STANDOFF):
        screen.handle(KeyPress("."))
    assert statue is not orc and orc.position == (9, 2)
    screen.handle(KeyPress("x"))
    assert screen.running and ticks(screen, 3) == 3  # it stood: the run goes on


def test_a_travel_with_no_known_way_says_to_explore_first() -> None:
    world = world_from_text(STAIRS_ROOM)
    screen = PlayScreen.of(world, loader.load(), Settings())
    world.floor.explored[15:, :] = False
    screen.perform(Travel((17, 1)))
    ticks(screen)
    assert screen.log.entries[-1].text == "You don't know a way there: explore (x) first."


def test_explore_goes_on_past_a_monster_running_away() -> None:
    """Hand play: explore refused "Not with the goblin in view!" for one fleeing."""
    world = world_from_text("""
    ####################
    #@.................#
    #..................#
    ####################
    """)
    goblin = add_monster(world, ORC, 8, 2)
    goblin.mode = Mode.FLEEING
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    assert screen.running  # not refused for it


def test_z_rests_through_poison_and_refuses_once_when_the_poison_would_kill() -> None:
    """Hand play met a rest that stopped at every sting of poison ("You are hurt."), so
    each Z bought one turn. The sting is expected: the rest goes on through it, and
    stops for anything else that hurts. A poison that would kill before it wears off is
    refused at once, with what to do."""
    room = "#######\n#.....#\n#.@...#\n#.....#\n#######"
    screen = PlayScreen.of(world_from_text(room), loader.load(), Settings())
    player = screen.world.player
    player.hp = player.max_hp - 8
    player.statuses[statuses.POISONED] = 5
    screen.handle(KeyPress("Z"))
    steps = ticks(screen)
    said = [entry.text for entry in screen.log.entries]
    assert steps > 5 and STOPS["hurt"] not in said
    assert player.hp == player.max_hp and said[-1] == "You feel rested."
    player.hp = 4
    player.statuses[statuses.POISONED] = 10
    screen.handle(KeyPress("Z"))
    assert not screen.running and screen.log.entries[-1].text == REFUSALS["deadly_poison"]
    player.statuses[statuses.POISONED] = 2
    screen.handle(KeyPress("Z"))
    assert screen.running
    player.hp -= 2  # a blow, not the poison's sting
    ticks(screen)
    assert screen.log.entries[-1].text == STOPS["hurt"]


def test_a_run_stops_once_when_a_following_ally_falls_far_behind() -> None:
    """Hand play travelled across a floor and left its ally far behind (and then took
    the stairs without it). A run stops when a following ally falls behind, says so,
    and a run started again goes on (it does not stop at every step)."""
    hall = "#" * 40 + "\n#@" + "." * 37 + "#\n" + "#" * 40
    world = world_from_text(hall)
    world.floor.explored[...] = True
    ally = add_monster(world, ORC, 2, 1, hunting=False)
    ally.mode = Mode.ALLY
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.perform(Travel((36, 1)))
    for _ in range(3):
        screen.tick()
    assert screen.running
    world.floor.move_actor(ally, 1, 1)  # held up far behind (a fight, a door)
    world.floor.move_actor(world.player, 12, 1)
    ticks(screen)
    said = screen.log.entries[-1].text
    assert "falling behind" in said and "orc" in said and world.player.x < 15
    screen.perform(Travel((36, 1)))
    assert ticks(screen) > 3  # once told, the walk goes on


def test_a_sleeper_seen_again_still_asleep_stops_no_run() -> None:
    """Hand play: a sleeping centipede seen and lost and seen again as the player walked
    stopped explore and travel at every step ("You see a centipede" seven times)."""
    world = world_from_text("""
    ################################
    #@.............................#
    ####.####.####.####.####.####.##
    #..............................#
    #..............................#
    #..............................#
    ################################
    """)
    world.floor.explored[...] = True
    sleeper = add_monster(world, ORC, 16, 5, hunting=False)
    sleeper.mode = Mode.ASLEEP
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.perform(Travel((30, 1)))
    ticks(screen)
    assert screen.log.entries[-1].text == "You see an orc."  # once, through a gap
    seen_at = world.player.x
    screen.perform(Travel((30, 1)))
    ticks(screen)  # out of sight behind the wall, in sight again through the next gap
    assert world.player.position == (30, 1) and sleeper.mode == Mode.ASLEEP
    said = [entry.text for entry in screen.log.entries]
    assert said.count("You see an orc.") == 1 and seen_at < 16


def test_a_run_refused_for_a_turret_says_it_aims_not_that_it_comes() -> None:
    """Hand play: "Not with the arrow turret coming at you!" for one set in a wall."""
    world = world_from_text("""
    ############
    #@.........#
    ############
    """)
    turret_kind = loader.load().hero.kinds["arrow_turret"]
    world.kinds = {**world.kinds, "arrow_turret": turret_kind}
    add_monster(world, turret_kind, 5, 1)
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    said = screen.log.entries[-1].text
    assert not screen.running
    assert said.startswith("Not while the arrow turret has you in its sights!"), said


def test_explore_stopped_by_water_says_the_stairs_are_a_dry_walk_away() -> None:
    """Hand play: explore said only "The way on is through deep water..." while > would
    have walked round to the stairs."""
    picture = """
    ##############
    #@....~~+....#
    #.....########
    #.....########
    #>....########
    ##############
    """
    world = world_from_text(picture)
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert screen.log.entries[-1].text == (
        "Deep water lies in the way (east): wade in yourself (the current may wash what you"
        " carry ashore), or go round, or press > to walk round to the stairs down."
    )
    assert world.player.position == (5, 1)  # at the water's edge, not in it
    beyond = picture.replace(">", ".").replace("+....#", "+...>#")  # the stairs beyond too
    world = world_from_text(beyond)
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert screen.log.entries[-1].text.startswith("Deep water lies in the way (east): wade")


def test_a_persons_explore_leaves_the_kind_they_dropped_here() -> None:
    """Hand play dropped potions of slowness to make room, pressed x and read "You pick
    up a potion of slowness": another one, lying farther on (DCSS leaves a kind the
    player dropped; the bot's explore takes it, as before)."""
    world = world_from_text("""
    ##########
    #@.......#
    ##########
    """)
    slowness = next(k for k in loader.load().population.items.kinds if k.key == "slowness_potion")
    world.identity.learn(slowness)
    world.inventory.append(Item(slowness))
    world.floor.items.append(Item(slowness, 6, 1))  # another, lying on the way
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.perform(Drop(0))
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert world.inventory == [] and len(world.floor.items) == 2
    assert not any("You pick up" in entry.text for entry in screen.log.entries)
    assert not isinstance(autopilot.explore_action(world), autopilot.Stop)  # the bot's would


def test_explore_told_of_a_risk_once_says_next_time_that_all_it_can_reach_lies_past() -> None:
    """Hand play: a pressure plate was the only way to a room, the stairs not found yet;
    every press of explore walked back to it and said the same words, 25 times."""
    world = world_from_text("""
    ##########
    #@...#...#
    #.......>#
    #....#...#
    ##########
    """)
    traps = loader.load().population.traps
    assert traps is not None
    plate = next(k for k in traps.kinds if k.key == "pressure_plate")
    world.floor.traps[(5, 2)] = Trap(plate, 5, 2, hidden=False)
    screen = PlayScreen.of(world, loader.load(), Settings())
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert screen.log.entries[-1].text == (
        "A pressure plate lies in the way (east): step on it yourself, or go round."
    )
    screen.handle(KeyPress("x"))
    ticks(screen)
    assert screen.log.entries[-1].text == (
        "All explore can reach lies past the pressure plate (east): cross it, or search (s)"
        " for another way."
    )
    water = world_from_text("""
    ##############
    #@....~~+....#
    #.....########
    #>....########
    ##############
    """)
    screen = PlayScreen.of(water, loader.load(), Settings())
    for _ in range(2):
        screen.handle(KeyPress("x"))
        ticks(screen)
    assert screen.log.entries[-1].text == (
        "All explore can reach lies past the deep water (east): cross it, or press > for"
        " the stairs down."
    )
