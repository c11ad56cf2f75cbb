"""Random play over many seeds, checking the world's invariants after every turn."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import DIRECTIONS, Move, Wait
from emberdeep.engine.core.events import Attacked, Refused
from emberdeep.engine.creatures import awareness
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.world import World
from emberdeep.session.setup import new_world


def check_invariants(world: World) -> None:
    assert violations(world) == []
    assert world.player.next_time >= 0 and world.time >= 0


@pytest.mark.parametrize("seed", range(12))
def test_random_play_keeps_invariants(seed: int) -> None:
    content = loader.load()
    chooser = np.random.default_rng(seed)
    settings = Settings(generator=("rooms", "bsp")[seed % 2], torch_radius=(10, 0)[seed % 3 == 0])
    world = new_world(seed, settings, content)
    if seed % 3 == 0:  # every monster already hunting: fights are certain
        for monster in world.floor.actors.values():
            if monster is not world.player:
                awareness.alert(world, monster, 10**6)
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
        if not isinstance(events, Refused):
            fights += sum(isinstance(e, Attacked) for e in events)
        assert world.time >= before
        check_invariants(world)
        turns += 1
        if not world.player.alive:
            games += 1
            world = new_world(seed + 1000 * games, settings, content)
    assert turns == 400
    assert fights > 0 or seed % 3 != 0


def test_invariant_checks_catch_broken_worlds() -> None:
    world = new_world(1, Settings(), loader.load())
    assert violations(world) == []
    world.player.hp = world.player.max_hp + 5
    assert any("HP" in v for v in violations(world))
    world.player.hp = 1
    world.floor.occupant[0, 0] = 99
    assert any("occupancy" in v for v in violations(world))
