"""The goal: floors kept as they were left, up stairs, the treasure and the way out."""

from __future__ import annotations

from pathlib import Path

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Ascend, Descend, PickUp, Wait
from emberdeep.engine.core.events import Event, Refused
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.session.game import GameSetup
from emberdeep.session.setup import new_world
from emberdeep.storage import saves, scores
from tests.helpers import builder_for, texts

CONTENT = loader.load()
GOAL = CONTENT.population.goal
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}


def stand_on(world: World, cell: tuple[int, int]) -> None:
    """Put the player on ``cell``, a creature standing there stepping aside (the floors
    are generated: one may stand on the stairs)."""
    floor = world.floor
    there = floor.blocker_at(*cell)
    if there is not None and not there.is_player:
        aside = floor.free_near(*cell, 3)
        assert aside is not None
        floor.move_actor(there, *aside)
    floor.move_actor(world.player, *cell)


def stairs_down(world: World) -> None:
    stand_on(world, world.floor.stairs)
    world.step(Descend())


def stairs_up(world: World) -> list[Event] | Refused:
    stand_on(world, world.floor.start)
    return world.step(Ascend())


def test_a_floor_left_is_found_again_as_it_was_left() -> None:
    world = new_world(3, Settings(), CONTENT)
    first = world.floor
    monsters = {a.id: a.position for a in first.actors.values() if not a.is_player}
    explored = first.explored.copy()
    stairs_down(world)
    second = world.floor
    assert world.depth == 2 and world.player.position == second.start
    assert second.tiles[second.start] == Tile.STAIRS_UP
    world.floor.move_actor(world.player, *world.floor.start)
    world.player_act(Ascend())  # no monster turn after it: the floor is seen as it was
    assert world.depth == 1 and world.floor is first
    assert world.player.position == first.stairs  # you arrive on the stairs you took
    assert {a.id: a.position for a in first.actors.values() if not a.is_player} == monsters
    assert (world.floor.explored >= explored).all()
    stairs_down(world)
    assert world.floor is second  # kept, not rebuilt
    assert not violations(world)


def test_kept_floors_are_saved_with_the_game() -> None:
    world = new_world(4, Settings(), CONTENT)
    stairs_down(world)
    stairs_down(world)
    stairs_up(world)
    data = saves.encode(world, saves.current_info("auto"))
    copy = saves.decode(data, builder_for, KINDS, kinds=CONTENT.hero.kinds)[0]
    assert copy.state_hash() == world.state_hash()
    assert sorted(copy.kept) == [1, 3] and copy.deepest == 3
    for _ in range(5):
        world.step(Wait())
        copy.step(Wait())
    assert copy.state_hash() == world.state_hash()


def test_the_way_out_is_refused_without_the_treasure_and_wins_with_it() -> None:
    world = new_world(5, Settings(), CONTENT)
    refusal = stairs_up(world)
    assert not world.won and refusal == Refused("need_treasure")
    assert "will not leave" in texts(refusal)[0]
    assert GOAL is not None
    world.inventory.append(Item(GOAL.treasure))
    stairs_up(world)
    assert world.won and world.over and world.player.alive


def test_the_goal_floor_holds_the_treasure_far_from_the_stairs_and_its_guardian() -> None:
    assert GOAL is not None and 12 <= GOAL.depth <= 26
    world = new_world(6, Settings(), CONTENT)
    floor = world.build_floor(GOAL.depth, world.rng)
    (treasure,) = [item for item in floor.items if item.kind.effect == "treasure"]
    guardians = [a for a in floor.actors.values() if a.kind == GOAL.guardian.key]
    assert len(guardians) == 1
    guard = guardians[0]
    assert max(abs(guard.x - treasure.x), abs(guard.y - treasure.y)) == 1
    start_gap = abs(treasure.x - floor.start[0]) + abs(treasure.y - floor.start[1])
    assert start_gap > 10


def test_picking_up_the_treasure_then_climbing_every_floor_wins() -> None:
    world = new_world(7, Settings(), CONTENT)
    stairs_down(world)
    assert GOAL is not None
    world.floor.items.append(Item(GOAL.treasure, *world.player.position))
    world.step(PickUp())
    stairs_up(world)
    assert world.depth == 1 and not world.won
    stairs_up(world)
    assert world.won


def test_a_victory_ends_the_game_in_the_hall_of_fame_and_a_morgue_that_tells_it(
    tmp_path: Path,
) -> None:
    setup = GameSetup(CONTENT, Settings(), data=tmp_path)
    session = setup.new_game(8)
    world = session.world
    stairs_down(world)
    stairs_down(world)
    stairs_up(world)
    assert GOAL is not None
    world.inventory.append(Item(GOAL.treasure))
    world.kills["warden"] = 1
    stairs_up(world)
    stairs_up(world)
    assert world.won
    session.log.add("You win!")
    notes = session.end()
    assert any("hall of fame" in note for note in notes)
    (entry,) = scores.top(path=tmp_path / scores.SCORES_NAME)
    assert entry.cause == scores.VICTORY and entry.depth == 3
    assert entry.score >= scores.VICTORY_BONUS
    (morgue_file,) = (tmp_path / "morgue").iterdir()
    text = morgue_file.read_text()
    assert "Fate: victory" in text and "slew the Ember warden" in text
    assert not setup.saved_games()  # the game is over: its save is gone


def test_deep_water_never_carries_off_the_treasure() -> None:
    from emberdeep.engine.terrain import hazards

    world = new_world(9, Settings(), CONTENT)
    assert GOAL is not None
    world.inventory[:] = [Item(GOAL.treasure)]
    for _ in range(200):
        hazards.wade(world)
    assert [item.kind for item in world.inventory] == [GOAL.treasure]
