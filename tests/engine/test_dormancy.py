"""Dormant monsters rest off the schedule (``Schedule.resting``) and the games are the
same as when they stayed on it, taking and giving back a turn each time to wait."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import STEPS, WAIT
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.schedule import PAST, Schedule
from emberdeep.engine.creatures import awareness
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.engine.saves.snapshot_copy import copy_world
from emberdeep.session.setup import new_world
from tests.helpers import add_monster, floor_from_text, world_from_text

PACKS = ("rat", "jackal", "wolf", "kobold", "ogre")
"""Kinds that call their pack (waking others due in the same batch), fast and slow."""


def packed(seed: int, count: int = 120) -> World:
    """A new game's first floor crowded with pack animals asleep or wandering, due at a
    few shared times (so a pack's call wakes others whose turn is the same moment), and
    a player too tough to die."""
    world = new_world(seed, Settings(), loader.load())
    floor = world.floor
    chooser = np.random.default_rng(seed)
    free = np.argwhere(floor.walkable & floor.transparent & (floor.occupant == 0))
    for x, y in free[chooser.choice(len(free), size=min(count, len(free)), replace=False)]:
        kind = world.kinds[PACKS[int(chooser.integers(len(PACKS)))]]
        monster = Actor.spawn(max(floor.actors) + 1, kind, int(x), int(y))
        monster.mode = Mode.ASLEEP if chooser.random() < 0.5 else Mode.WANDERING
        monster.next_time = world.time + 50 * int(chooser.integers(1, 5))
        floor.add_actor(monster)
        world.schedule.add(monster)
    world.player.hp = world.player.max_hp = 100_000
    return world


def played(world: World, seed: int, turns: int, real_time: bool) -> list[str]:
    """The world's digest after each of ``turns`` random moves (turn-based, or the clock
    advanced in slices that halt when the player is hurt), copied and saved and loaded
    on the way, as agents' branches and saves do."""
    chooser = np.random.default_rng(seed + 1000)
    steps = list(STEPS.values())
    item_kinds = {k.key: k for k in loader.load().population.items.kinds}
    digests = []
    for turn in range(turns):
        step = steps[int(chooser.integers(len(steps)))] if chooser.random() < 0.9 else WAIT
        if real_time:
            world.advance(world.time + int(chooser.integers(10, 90)), halt_when_hurt=True)
            if world.player_due:
                world.player_act(step)
        else:
            world.step(step)
        if turn % 23 == 11:
            world = copy_world(world)
        if turn % 31 == 17:
            world = snapshot.load(snapshot.dump(world), world.build_floor, item_kinds, world.kinds)
        digests.append(world.state_hash())
    return digests


def never_resting(monkeypatch: pytest.MonkeyPatch) -> None:
    """The code before: a dormant monster goes straight back onto the schedule."""
    monkeypatch.setattr(Schedule, "rest", Schedule.add)


@pytest.mark.parametrize("real_time", [False, True])
@pytest.mark.parametrize("seed", [0, 1])
def test_resting_plays_the_same_games(
    seed: int, real_time: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = played(packed(seed), seed, 150, real_time)
    with monkeypatch.context() as patched:
        never_resting(patched)
        before = played(packed(seed), seed, 150, real_time)
    assert ours == before


def test_dormant_monsters_leave_the_schedule() -> None:
    world = packed(3)
    for _ in range(6):
        world.step(WAIT)
    resting = world.schedule.resting
    assert len(resting) > 40
    assert all(world.floor.actors[i].mode in (Mode.ASLEEP, Mode.WANDERING) for i in resting)
    assert not any(world.floor.visible.item(a.x, a.y) for a in resting.values())
    on_heap = {i for ids in world.schedule._due.values() for i in ids}
    assert not on_heap & resting.keys()


def test_the_resting_are_dormant_every_turn() -> None:
    world = packed(5)
    chooser = np.random.default_rng(5)
    steps = list(STEPS.values())
    for _ in range(60):
        world.step(steps[int(chooser.integers(len(steps)))])
        assert violations(world) == []
    assert world.schedule.resting


def test_a_resting_monster_changed_without_an_event_breaks_a_rule() -> None:
    world = packed(6)
    for _ in range(4):
        world.step(WAIT)
    monster = next(iter(world.schedule.resting.values()))
    monster.statuses["slowed"] = 5  # (not ``statuses.apply``: nothing is told)
    assert any("resting_are_dormant" in problem for problem in violations(world))


def test_an_event_naming_a_resting_monster_wakes_it() -> None:
    world = packed(4)
    for _ in range(4):
        world.step(WAIT)
    monster = next(iter(world.schedule.resting.values()))
    awareness.alert(world, monster, cause="called")  # told as ``ModeChanged``
    assert monster.id not in world.schedule.resting
    due = world.schedule.pop_batch(world.floor, monster.next_time)
    assert monster in due


def test_coming_into_view_wakes_a_resting_monster() -> None:
    world = world_from_text(
        """
        ##########
        #....@...#
        #####+####
        #........#
        ##########
        """
    )
    rat = add_monster(world, loader.load().hero.kinds["rat"], 5, 3, hunting=False)
    rat.mode = Mode.ASLEEP
    world.step(WAIT)
    world.step(WAIT)
    assert rat.id in world.schedule.resting
    world.floor.set_tile(5, 2, Tile.OPEN_DOOR)
    world.refresh_fov()
    assert world.floor.visible.item(5, 3)
    assert rat.id not in world.schedule.resting


def _resting(next_time: int, move_time: int, actor_id: int = 5) -> Actor:
    monster = Actor.spawn(actor_id, loader.load().hero.kinds["rat"], 1, 1)
    monster.next_time, monster.move_time = next_time, move_time
    return monster


@pytest.mark.parametrize(
    ("next_time", "now", "due"),
    [
        (300, (200, PAST), 300),  # not yet reached
        (300, (300, 0), 300),  # its moment, nobody has acted yet
        (300, (300, 4), 300),  # its moment, only older monsters have acted
        (300, (300, 6), 400),  # its moment, and younger ones have acted: its turn is over
        (300, (300, PAST), 400),
        (300, (650, 0), 700),  # three turns waited since, the fourth still to come
        (300, (700, 9), 800),
    ],
)
def test_a_woken_monster_is_due_when_its_next_wait_would_end(
    next_time: int, now: tuple[int, int], due: int
) -> None:
    schedule = Schedule()
    monster = _resting(next_time, 100)
    schedule.rest(monster)
    schedule.now = now
    assert schedule.due_after(monster) == due
    schedule.wake(monster)
    assert monster.next_time == due and not schedule.resting
    floor = floor_from_text("###\n#@#\n###")
    floor.actors[monster.id] = monster
    assert schedule.next_time(floor) == due
