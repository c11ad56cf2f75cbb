"""Actions perform themselves, for the player and monsters alike, and say what happened."""

from __future__ import annotations

import pytest

from emberdeep.engine.acts.actions import (
    Alternative,
    Attack,
    Descend,
    Drop,
    LevelUp,
    Move,
    PickUp,
    PlayerCommand,
    Stumble,
    Succeeded,
    Use,
    Wait,
)
from emberdeep.engine.core.events import Attacked, Refused
from emberdeep.engine.play.journal import decode_action, encode_action
from tests.helpers import ORC, STATUE, add_monster, world_from_text

ROOM = """
#######
#.....#
#.@...#
#.....#
#######
"""


def test_moving_into_a_creature_is_an_attack_handed_over_as_an_alternative() -> None:
    world = world_from_text(ROOM)
    orc = add_monster(world, ORC, 3, 2)
    result = Move(1, 0).perform(world, world.player)
    assert result == Alternative(Attack(orc))
    assert world.perform(world.player, Move(1, 0)) is None
    assert orc.hp < ORC.hp
    blows = [e for e in world.take_events() if isinstance(e, Attacked)]
    assert world.player.position == (2, 2) and blows[0].target == orc.who


def test_a_move_succeeds_with_the_actors_own_time_cost() -> None:
    world = world_from_text(ROOM)
    world.player.move_time = 70
    result = Move(1, 0).perform(world, world.player)
    assert result == Succeeded(70) and world.player.position == (3, 2)


def test_a_refused_action_costs_no_time_and_is_not_a_turn() -> None:
    world = world_from_text(ROOM)
    due, turn = world.player.next_time, world.turn
    assert world.perform(world.player, Move(0, -1)) is None
    assert world.player.position == (2, 1)
    world.player.next_time, world.turn = due, turn
    world.take_events()
    refused = world.perform(world.player, Move(0, -1))  # into the wall now
    assert refused == Refused("blocked") and world.take_events() == []
    assert (world.player.next_time, world.turn) == (due, turn)
    assert world.perform(world.player, Descend()) == Refused("no_stairs_down")
    assert (world.player.next_time, world.turn) == (due, turn)


def test_monsters_attack_with_the_same_classes_as_the_player() -> None:
    world = world_from_text(ROOM)
    orc = add_monster(world, ORC, 3, 2)
    before = world.player.hp
    assert Move(-1, 0).perform(world, orc) == Alternative(Attack(world.player))
    world.perform(orc, Move(-1, 0))
    assert world.player.hp < before and orc.next_time == world.time + orc.attack_time


def test_player_only_actions_refuse_monsters() -> None:
    world = world_from_text(ROOM)
    orc = add_monster(world, ORC, 4, 2)
    assert isinstance(Descend().perform(world, orc), Refused)


def test_an_attack_on_the_dead_or_far_away_is_refused() -> None:
    world = world_from_text(ROOM)
    far = add_monster(world, ORC, 5, 3)
    assert isinstance(Attack(far).perform(world, world.player), Refused)
    near = add_monster(world, ORC, 3, 3)
    near.hp = 0
    assert isinstance(Attack(near).perform(world, world.player), Refused)


def test_a_stumble_becomes_a_move_or_a_wait() -> None:
    world = world_from_text(ROOM)
    for _ in range(20):
        result = Stumble().perform(world, world.player)
        assert isinstance(result, Alternative)
        assert isinstance(result.action, Move | Wait)


def test_a_chain_of_alternatives_ends() -> None:
    """An action that keeps handing over to itself is cut off, and costs nothing."""

    class Forever:
        def perform(self, world: object, actor: object) -> Alternative:
            return Alternative(self)

    world = world_from_text(ROOM)
    due = world.player.next_time
    assert isinstance(world.perform(world.player, Forever()), Refused)
    assert world.player.next_time == due


def test_idle_monsters_wait_and_dead_ones_never_act() -> None:
    world = world_from_text(ROOM)
    statue = add_monster(world, STATUE, 3, 2)
    orc = add_monster(world, ORC, 3, 3)
    orc.hp = 0
    world.floor.stop_blocking(orc)
    world.step(Wait())
    assert statue.position == (3, 2) and statue.next_time > 0
    assert orc.position == (3, 3) and orc.next_time == 0


def test_every_player_command_round_trips_through_the_journal() -> None:
    commands: list[PlayerCommand] = [Move(1, -1), Wait(), PickUp(), Drop(3), Use(2)]
    for action in [*commands, Use(1, (4, 5)), Descend(), LevelUp("power")]:
        assert decode_action(encode_action(action)) == action


DOOR = """
#######
#.@+..#
#######
"""


def test_walking_into_a_closed_door_opens_it_and_the_view_goes_through() -> None:
    from emberdeep.engine.acts.actions import Open
    from emberdeep.engine.core.floor import Tile

    world = world_from_text(DOOR.replace("+", "."))
    world.floor.set_tile(3, 1, Tile.CLOSED_DOOR)
    world.refresh_fov()
    assert not world.floor.visible[4, 1]  # a closed door blocks sight
    assert Move(1, 0).perform(world, world.player) == Alternative(Open(3, 1))
    world.step(Move(1, 0))
    assert world.floor.tiles[3, 1] == Tile.OPEN_DOOR and world.player.position == (2, 1)
    assert world.floor.visible[4, 1] and world.turn == 1
    world.step(Move(1, 0))
    assert world.player.position == (3, 1)


def test_monsters_open_doors_on_their_way() -> None:
    from emberdeep.engine.core.floor import Tile

    world = world_from_text(DOOR.replace("+", "."))
    world.floor.set_tile(3, 1, Tile.CLOSED_DOOR)
    orc = add_monster(world, ORC, 4, 1)
    world.step(Wait())
    assert world.floor.tiles[3, 1] == Tile.OPEN_DOOR and orc.position == (4, 1)


def test_a_journal_of_commands_checked_before_is_still_checked_for_any_other() -> None:
    """Commands known good are remembered by their tuple, only when every value is a
    string or an integer: ``True`` and ``1.0`` are not ``1``, though their tuples are
    equal, and a bad command among known ones is named."""
    from emberdeep.engine.play.journal import Journal, JournalError

    good = [["s", "m", 1, 0], ["s", "w"], ["t", 100, 0]]
    data = {"start_fov": ["symmetric", 8, True], "commands": good, "checksums": [1, 2, 3]}
    for _ in range(2):  # checked, then known
        assert Journal.from_data(data).commands == good
    bad_ones = (["s", "m", True, 0], ["s", "m", 1.0, 0], ["t", 100.0, 0], ["s", "m", 2, 0])
    for bad in (*bad_ones, ("s", "w"), ["t", -1, 0], ["s", "m", [1], 0]):
        with pytest.raises(JournalError):
            Journal.from_data(data | {"commands": [*good, bad], "checksums": [1, 2, 3, 4]})
    with pytest.raises(JournalError, match="do not match"):
        Journal.from_data(data | {"checksums": [1, 2, True]})


def test_a_journal_that_extends_the_last_one_checked_is_checked_after_it() -> None:
    """The commands a journal shares with the last list found good (a game's next
    snapshot) are known by their JSON; the rest are still checked, and a value changed
    within the shared ones (a bool or a float for an integer, a shorter number, a list
    inside) is not taken for the old one."""
    from emberdeep.engine.play import journal
    from emberdeep.engine.play.journal import JournalError, check_commands

    good: list[object] = [["s", "m", 1, 0], ["s", "w"], ["t", 100, 0], ["s", "m", 0, 1]]
    assert check_commands(list(good)) == good
    assert check_commands([*good, ["s", "w"]]) == [*good, ["s", "w"]]
    assert journal._last_good[0][1] == len(good) + 1  # known from the last list found good
    for changed in (["s", "m", True, 0], ["s", "m", 1.0, 0], ["s", "m", [1], 0], ["s", "m"]):
        with pytest.raises(JournalError):
            check_commands([changed, *good[1:], ["s", "w"]])
    with pytest.raises(JournalError):
        check_commands([*good, ["s", "m", 2, 0]])
    with pytest.raises(JournalError):
        check_commands([*good, ["t", 1, 0, 0]])
    assert check_commands(good[:2]) == good[:2]  # shorter: every command looked up
