"""Monsters that think: sleepers, packs, cowards and archers, through the registry."""

from __future__ import annotations

from dataclasses import replace

from emberdeep.content import loader
from emberdeep.engine import combat
from emberdeep.engine.actions import Descend, Move, Wait
from emberdeep.engine.behaviours import BEHAVIOURS, HUNT_MEMORY
from emberdeep.engine.events import Event, Refused
from tests.helpers import ORC, add_monster, steps, texts, world_from_text

HALL = """
##################
#................#
#.@..............#
#................#
##################
"""


def test_every_behaviour_content_names_is_registered() -> None:
    assert {k.behaviour for k in loader.load().population.monsters.kinds} <= set(BEHAVIOURS)
    assert {"chase", "pack", "flee", "archer", "idle"} <= set(BEHAVIOURS)


def test_a_sleeper_far_away_usually_sleeps_on_and_one_close_by_wakes() -> None:
    world = world_from_text(HALL)
    far = add_monster(world, ORC, 16, 3, hunting=False)
    far.asleep = True
    for _ in range(5):
        world.step(Wait())
    assert far.position == (16, 3)  # asleep or just woken: it has not come closer
    near = add_monster(world, ORC, 3, 2, hunting=False)
    near.asleep = True
    events: list[Event] = []
    for _ in range(20):
        if not near.asleep:
            break
        events += steps(world.step(Wait()))
    assert not near.asleep and "The orc wakes up!" in texts(events)


def test_a_sleeper_is_always_hit_for_triple_damage_and_wakes() -> None:
    world = world_from_text(HALL)
    world.player.power = 4
    orc = add_monster(world, replace(ORC, hp=100), 3, 2, hunting=False)
    orc.asleep = True
    low, _ = combat.damage_range(4)
    world.step(Move(1, 0))
    assert orc.hp <= 100 - 3 * low and not orc.asleep


def test_a_pack_member_that_sees_the_player_calls_the_others() -> None:
    world = world_from_text(HALL)
    wolf = replace(ORC, key="wolf", name="Wolf", behaviour="pack")
    seer = add_monster(world, wolf, 6, 2, hunting=False)
    distant = [add_monster(world, wolf, 16, y, hunting=False) for y in (1, 3)]
    for other in distant:
        other.asleep = True
    world.floor.visible[16, 1:4] = False  # out of the player's sight
    world.step(Wait())
    assert seer.hunting and all(o.hunting == HUNT_MEMORY or o.hunting >= 1 for o in distant)
    assert not any(o.asleep for o in distant)


def test_a_coward_runs_when_badly_hurt_and_fights_when_healthy() -> None:
    world = world_from_text(HALL)
    goblin = add_monster(world, replace(ORC, key="goblin", behaviour="flee"), 5, 2)
    goblin.hp = 1
    world.step(Wait())
    assert goblin.x > 5  # ran away
    goblin.hp = goblin.max_hp
    before = goblin.x
    world.step(Wait())
    assert goblin.x < before  # back into the fight


def test_an_archer_shoots_along_a_clear_line_and_backs_off_up_close() -> None:
    world = world_from_text(HALL)
    world.player.hp = world.player.max_hp = 500
    archer = add_monster(world, replace(ORC, key="archer", behaviour="archer"), 7, 2)
    events: list[Event] = []
    for _ in range(6):
        events += steps(world.step(Wait()))
    shots = ("The archer shoots you for", "The archer shoots at you, and misses.")
    assert any(t.startswith(shots) for t in texts(events))
    assert archer.x == 7  # it stood its ground to shoot
    archer_close = add_monster(world, replace(ORC, key="archer", behaviour="archer"), 4, 2)
    xs = []
    for _ in range(4):
        world.step(Wait())
        xs.append(archer_close.x)
    assert max(xs) > 4 and min(xs) >= 4  # steps back (most turns), never closes in


def test_a_behaviour_whose_action_is_refused_still_spends_its_turn() -> None:
    """A refused monster action must not leave it due for ever (the clock would stop)."""
    BEHAVIOURS["stubborn-test"] = lambda batch: lambda i: Descend()
    try:
        world = world_from_text(HALL)
        mule = add_monster(world, replace(ORC, behaviour="stubborn-test"), 10, 2)
        world.step(Wait())
        assert mule.next_time > 0 and world.time > 0
    finally:
        del BEHAVIOURS["stubborn-test"]


def test_a_monsters_refusal_never_reaches_the_players_log() -> None:
    BEHAVIOURS["stubborn-log-test"] = lambda batch: lambda i: Descend()
    try:
        world = world_from_text(HALL)
        add_monster(world, replace(ORC, behaviour="stubborn-log-test"), 10, 2)
        assert not isinstance(world.step(Wait()), Refused)
    finally:
        del BEHAVIOURS["stubborn-log-test"]
