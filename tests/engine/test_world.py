from __future__ import annotations

import numpy as np
import pytest

from emberdeep import mapgen
from emberdeep.engine.acts.actions import DIRECTIONS, Move, PlayerCommand, Wait
from emberdeep.engine.core import fov as fov_module
from emberdeep.engine.core.events import Moved, Refused
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.fov import FovSettings
from emberdeep.engine.play.world import ACTION_TIME, World
from tests.helpers import world_from_text

ROOM = """
#######
#.....#
#..@..#
#.....#
#######
"""


def test_moving_into_a_wall_is_refused_and_costs_no_time() -> None:
    world = world_from_text("""
    ###
    #@#
    ###
    """)
    before = world.state_hash()
    for dx, dy in DIRECTIONS:
        assert world.step(Move(dx, dy)) == Refused("blocked")
    assert world.time == 0 and world.turn == 0
    assert world.state_hash() == before


def test_eight_way_movement_and_time() -> None:
    world = world_from_text(ROOM)
    for dx, dy in DIRECTIONS:
        x, y = world.player.position
        assert world.step(Move(dx, dy)) == [Moved(world.player.who, (x, y), (x + dx, y + dy))]
        assert world.player.position == (x + dx, y + dy)
        world.step(Move(-dx, -dy))
    assert world.time == 16 * ACTION_TIME
    world.step(Wait())
    assert world.turn == 17


def test_moves_must_be_single_steps() -> None:
    with pytest.raises(ValueError):
        Move(2, 0)
    with pytest.raises(ValueError):
        Move(0, 0)


def test_same_seed_and_actions_give_the_same_state() -> None:
    actions: list[PlayerCommand] = [Move(1, 0), Move(0, 1), Wait(), Move(-1, -1)] * 10

    def play(seed: int) -> str:
        world = World(seed, mapgen.floor_builder("bsp"))
        for action in actions:
            world.step(action)
        return world.state_hash()

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_state_hash_changes_with_position() -> None:
    world = world_from_text(ROOM)
    before = world.state_hash()
    world.step(Move(1, 0))
    assert world.state_hash() != before


def test_fov_reveals_and_remembers() -> None:
    world = world_from_text("""
    ###########
    #@........#
    #########.#
    #.........#
    ###########
    """)
    floor = world.floor
    assert floor.visible[9, 1] and not floor.visible[1, 3]
    assert (floor.explored >= floor.visible).all()
    for _ in range(8):
        world.step(Move(1, 0))
    assert floor.visible[9, 3]
    assert floor.explored[1, 1] and floor.explored[9, 3]
    assert (floor.explored >= floor.visible).all()


def test_fov_is_recomputed_only_when_something_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []
    real = fov_module.update_fov

    def counting(
        floor: Floor, pov: tuple[int, int], settings: FovSettings, sight: fov_module.Sight
    ) -> None:
        calls.append(pov)
        real(floor, pov, settings, sight)

    monkeypatch.setattr("emberdeep.engine.play.world.update_fov", counting)
    world = world_from_text(ROOM)
    world.step(Wait())
    world.step(Move(-1, -1))
    world.step(Wait())
    assert len(calls) == 2  # creation, then the one move
    world.floor.set_tile(5, 2, Tile.WALL)
    world.step(Wait())
    assert len(calls) == 3
    world.set_fov(FovSettings("basic", 3, False))
    assert len(calls) == 4


@pytest.mark.parametrize("algorithm", sorted(fov_module.ALGORITHMS))
def test_every_algorithm_sees_the_room_and_respects_the_radius(algorithm: str) -> None:
    world = World(1, mapgen.floor_builder("rooms"), FovSettings(algorithm, radius=4))
    px, py = world.player.position
    floor = world.floor
    assert floor.visible[px, py]
    xs, ys = floor.visible.nonzero()
    # Some algorithms clip the radius to a square and light the walls just past it.
    assert (np.maximum(abs(xs - px), abs(ys - py)) <= 5).all()
    assert floor.visible.sum() > 9


def test_light_walls_off_hides_walls() -> None:
    lit = world_from_text(ROOM)
    lit.set_fov(FovSettings("symmetric", 10, light_walls=True))
    assert lit.floor.visible[0, 0] or lit.floor.visible[0, 2]
    dark = world_from_text(ROOM)
    dark.set_fov(FovSettings("symmetric", 10, light_walls=False))
    assert not (dark.floor.visible & ~dark.floor.transparent).any()
