"""Scenario tests: small maps drawn in ASCII, monsters placed by hand."""

from __future__ import annotations

from msgspec.structs import replace

from emberdeep.engine.acts.actions import Move, Wait
from emberdeep.engine.core.actors import ActorKind
from emberdeep.engine.core.events import Event, MessageKind
from tests.helpers import ORC, STATUE, add_monster, lines, steps, texts, world_from_text

CORRIDOR = "#" * 14 + "\n#@" + "." * 11 + "#\n" + "#" * 14

LOOP = """
#########
#.......#
#.#####.#
#@......#
#########
"""


def test_monster_walks_around_a_blocking_monster() -> None:
    world = world_from_text(LOOP)
    add_monster(world, STATUE, 3, 3)
    orc = add_monster(world, ORC, 4, 3)
    rows_visited = set()
    for _ in range(20):
        world.step(Wait())
        rows_visited.add(orc.y)
        if max(abs(orc.x - 1), abs(orc.y - 3)) <= 1:
            break
    assert max(abs(orc.x - 1), abs(orc.y - 3)) <= 1, "the orc never reached the player"
    assert 1 in rows_visited, "the orc should have taken the top corridor around the statue"
    world.step(Wait())
    assert world.player.hp < world.player.max_hp


def test_a_detour_longer_than_the_limit_is_not_taken() -> None:
    long_loop = "\n".join(
        ["#" * 40, "#" + "." * 38 + "#", "#." + "#" * 36 + ".#", "#@" + "." * 37 + "#", "#" * 40]
    )
    world = world_from_text(long_loop)
    add_monster(world, STATUE, 3, 3)
    orc = add_monster(world, ORC, 4, 3)
    for _ in range(5):
        world.step(Wait())
    assert orc.position == (4, 3)  # the way round is ~70 steps: it waits behind the statue


def test_a_fast_monster_acts_twice_per_player_move() -> None:
    world = world_from_text(CORRIDOR)
    jackal = add_monster(world, replace(ORC, name="Jackal", move_time=50), 11, 1)
    positions = []
    for _ in range(3):
        world.step(Wait())
        positions.append(jackal.x)
    assert positions == [9, 7, 5]


def test_a_slow_monster_acts_every_other_player_move() -> None:
    world = world_from_text(CORRIDOR)
    ogre = add_monster(world, replace(ORC, move_time=200), 11, 1)
    xs = []
    for _ in range(4):
        world.step(Wait())
        xs.append(ogre.x)
    assert xs == [10, 10, 9, 9]


def test_real_time_advances_without_input() -> None:
    world = world_from_text(CORRIDOR)
    orc = add_monster(world, ORC, 11, 1)
    world.advance(world.time + 350)
    assert world.time == 350 and world.turn == 0
    assert orc.x == 7  # acted at 0, 100, 200, 300
    assert world.player_due
    world.player_act(Wait())
    assert not world.player_due and world.player.next_time == 450


def test_player_goes_first_when_due_at_the_same_time() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    add_monster(world, ORC, 2, 1)
    events = world.step(Move(1, 0))
    said = texts(events)
    assert said[0].startswith(("You hit the orc for", "You miss the orc."))
    assert said[1].startswith(("The orc hits you for", "The orc misses you."))


def test_killing_leaves_non_blocking_remains_and_gives_xp() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    orc = add_monster(world, ORC, 2, 1)
    world.player.hp = world.player.max_hp = 999
    events: list[Event] = []
    for _ in range(60):
        if not orc.alive:
            break
        events = steps(world.step(Move(1, 0)))
    assert ("You kill the orc!", MessageKind.ENEMY_DIED) in lines(events)
    assert world.kills == {"orc": 1}
    assert not orc.alive and not orc.blocks and orc.name == "Orc"
    assert world.player.xp == 35
    assert world.floor.blocker_at(2, 1) is None
    world.step(Move(1, 0))
    assert world.player.position == (2, 1)


def test_no_defense_makes_anyone_immune_and_death_is_reported() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    world.player.defense = 60
    add_monster(world, ActorKind("golem", "Golem", hp=999, defense=60, power=100), 2, 1)
    events: list[Event] = []
    for _ in range(200):
        if not world.player.alive:
            break
        events = steps(world.step(Move(1, 0)))
    assert ("You die...", MessageKind.PLAYER_DIED) in lines(events)
    assert world.player.hp == 0 and not world.player.alive
    assert texts(world.step(Wait())) == ["You are dead."]


def test_unseen_monsters_stay_put_and_seen_ones_remember() -> None:
    world = world_from_text("""
    ##########
    #@.......#
    ########.#
    #........#
    ##########
    """)
    orc = add_monster(world, ORC, 1, 3, hunting=False)
    world.step(Wait())
    assert orc.position == (1, 3)


def test_confusion_wears_off_and_keeps_to_walkable_tiles() -> None:
    world = world_from_text("#######\n#.....#\n#.@...#\n#.....#\n#######")
    orc = add_monster(world, ORC, 5, 2)
    orc.confused = 4
    for _ in range(4):
        world.step(Wait())
        assert world.floor.walkable[orc.position]
    assert orc.confused == 0


def test_the_turn_order_is_deterministic() -> None:
    def run() -> str:
        world = world_from_text(LOOP, seed=9)
        for x in (4, 5, 6):
            add_monster(world, ORC, x, 3).confused = 5
        for _ in range(10):
            world.step(Wait())
        return world.state_hash()

    assert run() == run()
