"""Random play over many seeds, checking the world's invariants after every turn."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.actions import DIRECTIONS, Move, Wait
from emberdeep.engine.world import World
from emberdeep.game import new_world


def check_invariants(world: World) -> None:
    floor = world.floor
    blockers = [a for a in floor.actors.values() if a.blocks]
    spots = {a.position for a in blockers}
    assert len(spots) == len(blockers), "two blocking actors share a tile"
    expected = np.zeros_like(floor.occupant)
    for actor in blockers:
        expected[actor.position] = actor.id
    assert (expected == floor.occupant).all(), "occupancy map out of step"
    for actor in floor.actors.values():
        assert floor.walkable[actor.position], f"{actor.name} stands in a wall"
        assert 0 <= actor.hp <= actor.max_hp
        assert actor.alive or not actor.blocks
    assert not (floor.visible & ~floor.explored).any()
    assert world.player.next_time >= 0 and world.time >= 0


@pytest.mark.parametrize("seed", range(12))
def test_random_play_keeps_invariants(seed: int) -> None:
    content = loader.load()
    chooser = np.random.default_rng(seed)
    settings = Settings(generator=("rooms", "bsp")[seed % 2], torch_radius=(10, 0)[seed % 3 == 0])
    world = new_world(seed, settings, content)
    if seed % 3 == 0:  # every monster already hunting: fights are certain
        for monster in world.floor.actors.values():
            monster.hunting = 10**6 if monster is not world.player else 0
    games, turns, fights = 0, 0, 0
    while turns < 400:
        roll = int(chooser.integers(12))
        before = world.time
        if roll < 9:
            events = world.step(Move(*DIRECTIONS[roll % 8]))
        elif roll < 11:
            events = world.step(Wait())
        else:  # real-time ticks with no input
            events = world.advance(world.time + 25)
        fights += sum("attacks" in getattr(e, "text", "") for e in events)
        assert world.time >= before
        check_invariants(world)
        turns += 1
        if not world.player.alive:
            games += 1
            world = new_world(seed + 1000 * games, settings, content)
    assert turns == 400
    assert fights > 0 or seed % 3 != 0
