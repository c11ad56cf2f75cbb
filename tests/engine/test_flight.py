"""One flight: each rule's stopping, reach, a fall, and ``clear`` agreeing with ``fly``;
no other line walk anywhere in the source."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.engine.core.flight import SHOT, Rule, Stops, clear, fly, line
from tests.helpers import ORC, add_monster, world_from_text

HALL = """
############
#@.........#
#..........#
#....#.....#
############
"""
PIT = """
##########
#@..:....#
##########
"""
SRC = Path(__file__).resolve().parents[2] / "src" / "emberdeep"


def test_stops_at_the_first_creature() -> None:
    world = world_from_text(HALL)
    front = add_monster(world, ORC, 4, 1)
    add_monster(world, ORC, 7, 1)
    flight = fly(world.floor, (1, 1), (9, 1), Rule(Stops.FIRST))
    assert flight.struck == (front,)
    assert flight.cells == ((2, 1), (3, 1), (4, 1)) and flight.stop == (4, 1)
    assert flight.blocked is None and not flight.fell


def test_passes_through_creatures_to_the_cell_aimed_at() -> None:
    world = world_from_text(HALL)
    front, back = add_monster(world, ORC, 4, 1), add_monster(world, ORC, 7, 1)
    flight = fly(world.floor, (1, 1), (9, 1), Rule(Stops.THROUGH))
    assert flight.struck == (front, back)
    assert flight.stop == (9, 1) and len(flight.cells) == 8


def test_halts_before_an_obstruction() -> None:
    world = world_from_text(HALL)
    add_monster(world, ORC, 4, 1)
    before_creature = fly(world.floor, (1, 1), (9, 1), Rule(Stops.BEFORE, low=True))
    assert before_creature.struck == () and before_creature.stop == (3, 1)
    assert before_creature.blocked == (4, 1)
    before_wall = fly(world.floor, (1, 3), (9, 3), Rule(Stops.BEFORE, low=True))
    assert before_wall.stop == (4, 3) and before_wall.blocked == (5, 3)


def test_a_wall_stops_every_rule_and_is_not_crossed() -> None:
    world = world_from_text(HALL)
    for stops in Stops:
        flight = fly(world.floor, (1, 3), (9, 3), Rule(stops))
        assert flight.stop == (4, 3) and flight.blocked == (5, 3)


def test_reach_and_flying_past_the_cell_aimed_at() -> None:
    world = world_from_text(HALL)
    short = fly(world.floor, (1, 1), (9, 1), Rule(Stops.FIRST, reach=3))
    assert short.stop == (4, 1) and short.blocked is None
    past = fly(world.floor, (1, 1), (3, 1), Rule(Stops.THROUGH, reach=6, past=True))
    assert past.stop == (7, 1) and len(past.cells) == 6
    assert fly(world.floor, (1, 1), (1, 1), Rule(Stops.FIRST)).cells == ()


def test_a_low_flight_falls_into_a_chasm_a_high_one_crosses_it() -> None:
    world = world_from_text(PIT)
    low = fly(world.floor, (1, 1), (7, 1), Rule(Stops.FIRST, low=True))
    assert low.fell and low.stop == (4, 1)
    high = fly(world.floor, (1, 1), (7, 1), Rule(Stops.FIRST))
    assert not high.fell and high.stop == (7, 1)
    leap = fly(world.floor, (1, 1), (7, 1), Rule(Stops.BEFORE, low=True))
    assert not leap.fell and leap.stop == (3, 1)


@settings(max_examples=60, deadline=None)
@given(
    x0=st.integers(1, 10), y0=st.integers(1, 3), x1=st.integers(1, 10), y1=st.integers(1, 3),
    others=st.lists(st.tuples(st.integers(1, 10), st.integers(1, 3)), max_size=4),
)  # fmt: skip
def test_clear_is_a_shot_that_gets_there(
    x0: int, y0: int, x1: int, y1: int, others: list[tuple[int, int]]
) -> None:
    world = world_from_text(HALL)
    floor = world.floor
    for x, y in others:
        if floor.is_free(x, y) and (x, y) != (x0, y0):
            add_monster(world, ORC, x, y)
    flight = fly(floor, (x0, y0), (x1, y1), SHOT)
    gets_there = flight.stop == (x1, y1) or flight.blocked == (x1, y1)
    assert clear(floor, (x0, y0), (x1, y1)) == gets_there


def test_a_line_has_both_ends() -> None:
    assert line((0, 0), (3, 1)) == [(0, 0), (1, 0), (2, 1), (3, 1)]


def test_no_other_line_walk_in_the_source() -> None:
    walkers = sorted(
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if "bresenham" in path.read_text(encoding="utf-8")
    )
    assert walkers == ["engine/core/flight.py"]


CORNER = """
#######
#.....#
#.@#..#
#.....#
#######
"""


def test_a_shot_and_a_throw_back_go_by_the_same_cells() -> None:
    """Hand play on D11: a goblin archer around a wall's corner kept hitting the player,
    whose throw back was "No foe in view that this can reach": Bresenham's line from the
    player passed the corner's wall, the archer's line back passed beside it."""
    world = world_from_text(CORNER)
    archer = add_monster(world, ORC, 4, 3)
    world.refresh_fov()
    player = world.player
    shot = fly(world.floor, archer.position, player.position, SHOT)
    throw = fly(world.floor, player.position, archer.position, Rule(Stops.FIRST, reach=8, low=True))
    assert (player in shot.struck) == (archer in throw.struck)
    assert shot.cells[:-1] == tuple(reversed(throw.cells[:-1]))


@settings(max_examples=200, deadline=None)
@given(st.tuples(st.integers(-9, 9), st.integers(-9, 9)))
def test_a_line_is_the_same_cells_both_ways(end: tuple[int, int]) -> None:
    assert line((0, 0), end) == list(reversed(line(end, (0, 0))))
