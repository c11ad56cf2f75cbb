"""Monsters that think: modes set by the engine (asleep, wandering, hunting, fleeing,
guarding), and kinds made of a way of moving plus abilities from the registry."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from msgspec.structs import replace

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Descend, Move, Wait
from emberdeep.engine.chase.pursuit import Batch
from emberdeep.engine.core.actors import HUNT_MEMORY, Ability, Actor, ActorKind, KeepsDistance, Mode
from emberdeep.engine.core.events import Event, ModeChanged, Refused
from emberdeep.engine.creatures import combat
from emberdeep.engine.monsters import abilities
from emberdeep.engine.monsters.abilities import ABILITIES, Spec
from emberdeep.engine.things.items import Item
from tests.helpers import ORC, add_monster, steps, texts, world_from_text

HALL = """
##################
#................#
#.@..............#
#................#
##################
"""
ARCHER = replace(
    ORC, key="archer", name="Archer", keeps_distance=KeepsDistance(2, 5, "shot"),
    abilities=(Ability("shoot", values={"reach": 5, "form": "arrow", "flight": "first"}),),
)  # fmt: skip


def mode_of(actor: Actor) -> Mode:
    """``actor.mode`` as play left it (a plain read, so a check after a turn is not
    narrowed by the check before it)."""
    return actor.mode


def modes(events: list[Event]) -> list[tuple[str, str]]:
    return [(e.previous, e.mode) for e in events if isinstance(e, ModeChanged)]


def test_every_ability_content_names_is_registered_and_every_monster_has_a_way() -> None:
    kinds = loader.load().population.monsters.kinds
    named = {a.name for kind in kinds for a in kind.abilities}
    assert named <= set(ABILITIES)
    assert {"mend", "summon", "blink", "call", "shoot", "fade", "afflicts", "thorns"} <= named


def test_a_sleeper_far_away_usually_sleeps_on_and_one_close_by_wakes() -> None:
    world = world_from_text(HALL)
    far = add_monster(world, ORC, 16, 3, hunting=False)
    far.mode = Mode.ASLEEP
    for _ in range(5):
        world.step(Wait())
    assert far.position == (16, 3)  # asleep or just woken: it has not come closer
    near = add_monster(world, ORC, 3, 2, hunting=False)
    near.mode = Mode.ASLEEP
    events: list[Event] = []
    for _ in range(20):
        if near.mode != Mode.ASLEEP:
            break
        events += steps(world.step(Wait()))
    assert near.mode == Mode.HUNTING and near.hunting == HUNT_MEMORY
    assert (Mode.ASLEEP, Mode.HUNTING) in modes(events)
    assert "The orc wakes up!" in texts(events)


def test_a_sleeper_is_always_hit_for_triple_damage_and_wakes() -> None:
    world = world_from_text(HALL)
    world.player.power = 4
    orc = add_monster(world, replace(ORC, hp=100), 3, 2, hunting=False)
    orc.mode = Mode.ASLEEP
    low, _ = combat.damage_range(4)
    events = steps(world.step(Move(1, 0)))
    assert orc.hp <= 100 - 3 * low and orc.mode != Mode.ASLEEP
    assert modes(events)[0] == (Mode.ASLEEP, Mode.WANDERING)


def test_a_hunter_that_loses_the_player_goes_back_to_wandering() -> None:
    world = world_from_text(HALL)
    orc = add_monster(world, replace(ORC, moves="still"), 16, 2)
    world.floor.transparent[10, :] = False  # a curtain: the orc can no longer be seen
    world.refresh_fov()
    events: list[Event] = []
    for _ in range(HUNT_MEMORY + 1):
        events += steps(world.step(Wait()))
    assert orc.mode == Mode.WANDERING and orc.hunting == 0
    assert not modes(events)  # it happened out of sight: nothing perceived


def test_a_pack_member_that_sees_the_player_calls_the_others() -> None:
    world = world_from_text(HALL)
    wolf = replace(ORC, key="wolf", name="Wolf", abilities=(Ability("call", values={"reach": 12}),))
    seer = add_monster(world, wolf, 6, 2, hunting=False)
    distant = [add_monster(world, wolf, 16, y, hunting=False) for y in (1, 3)]
    for other in distant:
        other.mode = Mode.ASLEEP
    world.floor.visible[16, 1:4] = False  # out of the player's sight
    world.step(Wait())
    assert seer.mode == Mode.HUNTING
    assert all(o.mode == Mode.HUNTING and o.hunting >= 1 for o in distant)


def test_a_coward_flees_when_badly_hurt_and_turns_to_fight_when_healthy() -> None:
    world = world_from_text(HALL)
    goblin = add_monster(world, replace(ORC, key="goblin", name="Goblin", flees_below=35), 5, 2)
    goblin.hp = 1
    events = steps(world.step(Wait()))
    assert goblin.x > 5 and goblin.mode == Mode.FLEEING  # ran away
    assert "The goblin turns to flee!" in texts(events)
    goblin.hp = goblin.max_hp
    before = goblin.x
    events = steps(world.step(Wait()))
    assert goblin.x < before and mode_of(goblin) == Mode.HUNTING  # back into the fight
    assert "The goblin turns to fight!" in texts(events)


def test_a_guard_stands_until_the_player_comes_near_then_never_stops() -> None:
    world = world_from_text(HALL)
    heart = next(k for k in loader.load().population.items.kinds if k.effect == "treasure")
    world.floor.items.append(Item(heart, 16, 1))
    warden = add_monster(world, replace(ORC, key="warden", guards=5), 16, 2, hunting=False)
    assert warden.mode == Mode.GUARDING
    world.step(Wait())
    assert warden.position == (16, 2) and warden.mode == Mode.GUARDING  # in view, far
    world.floor.move_actor(world.player, 12, 2)
    world.step(Wait())
    assert mode_of(warden) == Mode.HUNTING and warden.x < 16
    world.floor.move_actor(world.player, 1, 2)
    for _ in range(3):
        world.step(Wait())
    assert mode_of(warden) == Mode.HUNTING


def test_an_archer_shoots_along_a_clear_line_and_backs_off_up_close() -> None:
    world = world_from_text(HALL)
    world.player.hp = world.player.max_hp = 500
    archer = add_monster(world, ARCHER, 7, 2)
    events: list[Event] = []
    for _ in range(6):
        events += steps(world.step(Wait()))
    shots = ("The archer shoots you for", "The archer shoots at you, and misses.")
    assert any(t.startswith(shots) for t in texts(events))
    assert archer.x == 7  # it stood its ground to shoot
    archer_close = add_monster(world, ARCHER, 4, 2)
    xs = []
    for _ in range(4):
        world.step(Wait())
        xs.append(archer_close.x)
    assert max(xs) > 4 and min(xs) >= 4  # steps back (most turns), never closes in


def test_an_ability_with_a_rate_is_used_only_on_that_share_of_turns() -> None:
    world = world_from_text(HALL)
    world.player.hp = world.player.max_hp = 5000
    sometimes = replace(ARCHER, keeps_distance=None, moves="still", abilities=(
        Ability("shoot", rate=30, values={"reach": 9, "form": "spark", "flight": "first"}),
    ))  # fmt: skip
    add_monster(world, sometimes, 8, 2)
    shots = 0
    for _ in range(200):
        shots += sum(t.startswith("The archer zaps") for t in texts(steps(world.step(Wait()))))
    assert 30 <= shots <= 90  # about 60 of 200


@pytest.fixture
def sidestep() -> Iterator[str]:
    """An ability added by registration alone: always step east."""

    @abilities.ability("sidestep-test", "turn")
    def sidestep(batch: Batch, i: int, known: Ability) -> Move:
        return Move(1, 0)

    yield "sidestep-test"
    del ABILITIES["sidestep-test"]


def test_a_registered_ability_decides_for_the_monsters_that_have_it(sidestep: str) -> None:
    world = world_from_text(HALL)
    crab = add_monster(world, ActorKind("crab", "Crab", 5, 0, 1, abilities=(Ability(sidestep),)),
                       6, 2)  # fmt: skip
    world.step(Wait())
    assert crab.position == (7, 2)  # east, away from the player it hunts


def stubborn() -> Iterator[ActorKind]:
    """A monster whose every action is refused (it tries the stairs)."""

    def descend(batch: Batch, i: int, known: Ability) -> Descend:
        return Descend()

    ABILITIES["stubborn-test"] = Spec("turn", descend, None, {}, {})
    yield replace(ORC, key="mule", abilities=(Ability("stubborn-test"),))
    del ABILITIES["stubborn-test"]


@pytest.fixture(name="mule")
def mule_kind() -> Iterator[ActorKind]:
    yield from stubborn()


def test_a_monster_whose_action_is_refused_still_spends_its_turn(mule: ActorKind) -> None:
    """A refused monster action must not leave it due for ever (the clock would stop)."""
    world = world_from_text(HALL)
    monster = add_monster(world, mule, 10, 2)
    result = world.step(Wait())
    assert monster.next_time > 0 and world.time > 0
    assert not isinstance(result, Refused)  # and its refusal is not the player's news
