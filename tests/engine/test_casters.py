"""The abilities that punish bump-to-kill and the casters: each does what content says."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Attack, Move, Wait
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.events import Event, Refused
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from tests.helpers import add_monster, texts, world_from_text

KINDS = loader.load().hero.kinds
GOAL = loader.load().population.goal

HALL = """
##############
#@...........#
#............#
#............#
##############
"""


def monster(world: World, key: str, x: int, y: int) -> Actor:
    return add_monster(world, KINDS[key], x, y)


def said(events: list[Event] | Refused) -> str:
    return " ".join(texts(events))


def test_a_healer_mends_a_hurt_ally_it_can_see() -> None:
    world = world_from_text(HALL)
    orc = monster(world, "orc", 8, 2)
    monster(world, "kobold_shaman", 11, 2)
    orc.hp = 2
    events = world.step(Wait())
    assert orc.hp > 2 and "wounds close" in said(events)


def test_a_summoner_calls_blades_that_fade_away() -> None:
    world = world_from_text(HALL)
    monster(world, "goblin_conjurer", 8, 2)
    world.step(Wait())
    blades = [a for a in world.floor.actors.values() if a.kind == "spectral_blade"]
    assert len(blades) == 2
    for _ in range(2 * KINDS["spectral_blade"].hp):
        world.player.hp = world.player.max_hp  # outlast them
        world.step(Wait())
    # more may have been called meanwhile; the first ones have faded
    assert all(b.id not in world.floor.actors or not b.alive for b in blades)


def test_a_jelly_struck_and_alive_splits_in_two() -> None:
    world = world_from_text(HALL)
    jelly = monster(world, "pink_jelly", 2, 1)
    world.player.power = 5
    for _ in range(10):
        world.step(Move(1, 0))
        jellies = [a for a in world.floor.actors.values() if a.kind == "pink_jelly" and a.alive]
        if len(jellies) > 1:
            break
    assert len(jellies) > 1
    assert sum(j.hp for j in jellies) <= KINDS["pink_jelly"].hp
    assert jelly.alive


def test_striking_an_ember_slime_scalds_the_striker() -> None:
    world = world_from_text(HALL)
    monster(world, "ember_slime", 2, 1)
    world.player.max_hp = world.player.hp = 100
    world.player.power = 1
    text = ""
    for _ in range(10):
        text = said(world.step(Move(1, 0)))
        if "scalded" in text:
            break
    assert "You are scalded by the ember slime for" in text


def test_a_wisp_next_to_the_player_blinks_away() -> None:
    world = world_from_text(HALL)
    wisp = monster(world, "will_o_wisp", 2, 1)
    world.step(Wait())
    assert max(abs(wisp.x - 1), abs(wisp.y - 1)) >= 3


def test_the_guardian_waits_by_the_treasure_until_it_is_taken() -> None:
    assert GOAL is not None
    world = world_from_text(HALL)
    guard = monster(world, "warden", 11, 2)
    world.floor.items.append(Item(GOAL.treasure, 12, 2))
    for _ in range(3):
        world.step(Wait())
    assert guard.position == (11, 2)
    world.floor.items.clear()  # the treasure is gone
    world.step(Wait())
    assert guard.position != (11, 2)


def test_a_vampire_bats_bite_that_draws_blood_heals_it() -> None:
    world = world_from_text(HALL)
    bat = monster(world, "vampire_bat", 2, 1)
    bat.hp = 1
    for _ in range(50):
        hp = world.player.hp
        world.perform(bat, Attack(world.player))
        if world.player.hp < hp:
            break
    assert world.player.hp < hp and bat.hp == 3
    assert "The vampire bat looks better." in texts(world.take_events())


def test_a_troll_badly_hurt_flies_into_a_frenzy() -> None:
    world = world_from_text(HALL)
    troll = monster(world, "troll", 2, 1)
    world.player.max_hp = world.player.hp = 200
    world.player.power = 3
    text = ""
    for _ in range(30):
        text += said(world.step(Move(1, 0)))
        if "hasted" in troll.statuses or not troll.alive:
            break
    assert "hasted" in troll.statuses, text
    assert troll.hp * 2 < troll.max_hp
    assert "The troll flies into a frenzy!" in text
