"""Status effects: applied by items, traps, gas and wands; each with turns that run down
once per action of the creature that has it, and a visible effect on play."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Attack, Move, Use, Wait
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.creatures import statuses
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.things.items import Item
from emberdeep.session.narration import narrator_for
from tests.helpers import ORC, STATUE, add_monster, lines, steps, texts, world_from_text

ARENA = """
###########
#.........#
#..@......#
#.........#
#........>#
###########
"""
KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}


def test_every_status_is_listed_with_its_turns_and_runs_down_to_an_end() -> None:
    world = world_from_text(ARENA)
    player = world.player
    every = [
        name
        for name in statuses.STATUSES
        # slowed undoes haste; fireproof puts out burning
        if name not in (statuses.SLOWED, statuses.BURNING) and name not in statuses.UNLISTED
    ]
    for name in every:
        statuses.apply(world, player, name, 3, "potion")
    assert [name for name, _ in statuses.active(player)] == every
    assert all(turns == 3 for _, turns in statuses.active(player))
    ended: list[str] = []
    for _ in range(3):
        ended += texts(world.step(Wait()))
    assert statuses.active(player) == []
    assert "You are no longer poisoned." in ended and "You are no longer confused." in ended
    assert violations(world) == []


def test_poison_hurts_every_turn_and_can_kill() -> None:
    world = world_from_text(ARENA)
    player = world.player
    player.hp = 2
    statuses.apply(world, player, statuses.POISONED, 5, "potion")
    world.step(Wait())
    assert player.hp == 1
    events = steps(world.step(Wait()))
    assert not player.alive and world.death in events
    assert narrator_for(loader.load()).cause_of_death(world.death) == "killed by poison"


def test_haste_halves_and_slowness_doubles_what_actions_cost() -> None:
    world = world_from_text(ARENA)
    player = world.player
    start = player.next_time
    statuses.apply(world, player, statuses.HASTED, 5, "potion")
    world.step(Wait())
    assert player.next_time - start == player.move_time // 2
    statuses.apply(world, player, statuses.SLOWED, 5, "potion")  # cancels the haste
    assert not statuses.has(player, statuses.HASTED)
    before = player.next_time
    world.step(Wait())
    assert player.next_time - before == player.move_time * 2


def test_paralysis_turns_any_action_into_waiting() -> None:
    world = world_from_text(ARENA)
    statuses.apply(world, world.player, statuses.PARALYSED, 2, "potion")
    start = world.player.position
    world.step(Move(1, 0))
    assert world.player.position == start and world.turn == 1
    world.step(Move(1, 0))
    world.step(Move(1, 0))  # free again
    assert world.player.position == (start[0] + 1, start[1])


def test_a_confused_player_sometimes_stumbles_elsewhere() -> None:
    world = world_from_text(ARENA)
    statuses.apply(world, world.player, statuses.CONFUSED, 40, "potion")
    astray = 0
    for n in range(20):
        dx = 1 if n % 2 == 0 else -1
        before = world.player.position
        world.step(Move(dx, 0))
        astray += world.player.position != (before[0] + dx, before[1])
    assert 0 < astray < 20


def test_regeneration_heals_a_point_a_turn() -> None:
    world = world_from_text(ARENA)
    world.player.hp = 10
    world.inventory.append(Item(KINDS["regeneration_potion"]))
    world.step(Use(0))
    world.step(Wait())
    world.step(Wait())
    assert world.player.hp >= 12


def test_potions_give_their_status_and_bad_ones_are_real() -> None:
    world = world_from_text(ARENA)
    world.inventory.append(Item(KINDS["poison_potion"]))
    events = world.step(Use(0))
    assert statuses.has(world.player, statuses.POISONED)
    assert ("You are poisoned!", MessageKind.ENEMY_ATTACK) in lines(events)  # bad news: red
    assert world.identity.is_known(KINDS["poison_potion"])


def test_a_wand_slows_a_monster_whose_own_actions_run_it_down() -> None:
    world = world_from_text(ARENA)
    statue = add_monster(world, STATUE, 7, 2)
    world.refresh_fov()
    world.inventory.append(Item(KINDS["slowness_wand"]))
    world.step(Use(0, statue.position))
    assert statuses.active(statue) == [(statuses.SLOWED, KINDS["slowness_wand"].turns - 1)]
    assert world.inventory[0].charges == KINDS["slowness_wand"].charges - 1
    for _ in range(4):
        world.step(Wait())
    # Slowed, the statue acts every other player turn: two more of its turns have gone.
    assert statuses.active(statue) == [(statuses.SLOWED, KINDS["slowness_wand"].turns - 3)]


def test_a_paralysed_monster_does_not_attack() -> None:
    world = world_from_text(ARENA)
    orc = add_monster(world, ORC, 4, 2)
    statuses.apply(world, orc, statuses.PARALYSED, 3, "potion")
    hp = world.player.hp
    world.step(Wait())
    world.step(Wait())
    assert world.player.hp == hp and orc.position == (4, 2)


def test_a_spiders_bite_poisons_when_it_lands() -> None:
    world = world_from_text(ARENA)
    spider = loader.load().hero.kinds["spider"]
    venom = spider.ability("afflicts")
    assert venom is not None and venom.text("status") == statuses.POISONED
    biter = add_monster(world, spider, 4, 2)
    for _ in range(20):
        hp = world.player.hp
        world.perform(biter, Attack(world.player))
        if world.player.hp < hp:
            break
    assert statuses.active(world.player) == [(statuses.POISONED, venom.number("turns"))]


def test_fireproof_puts_out_burning_and_keeps_it_off() -> None:
    """Hand play: a fireproof hero in the flames was shown Burning. Fire immunity puts
    the fire out and no fire sets its bearer ablaze while it lasts."""
    world = world_from_text(ARENA)
    player = world.player
    statuses.apply(world, player, statuses.BURNING, 5, "fire")
    statuses.apply(world, player, statuses.FIREPROOF, 20, "potion")
    assert not statuses.has(player, statuses.BURNING)
    statuses.apply(world, player, statuses.BURNING, 5, "fire")
    assert [name for name, _ in statuses.active(player)] == [statuses.FIREPROOF]
