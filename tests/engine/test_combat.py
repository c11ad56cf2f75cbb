"""Combat that no single stat solves: odds, ranges and armour, never immunity."""

from __future__ import annotations

import numpy as np

from emberdeep.engine.core.actors import ActorKind
from emberdeep.engine.creatures import combat
from tests.helpers import add_monster, texts, world_from_text

ROW = """
#######
#@....#
#######
"""


def duel(attacker_power: int, defense: int, blows: int = 2000) -> tuple[int, list[int]]:
    """(hits, damage of each hit) of ``blows`` blows on a target that cannot die."""
    world = world_from_text(ROW, seed=5)
    attacker = add_monster(world, ActorKind("a", "A", hp=10, defense=0, power=attacker_power), 3, 1)
    target = add_monster(world, ActorKind("t", "T", hp=10**9, defense=defense, power=0), 4, 1)
    damages = []
    for _ in range(blows):
        before = target.hp
        combat.attack(world, attacker, target)
        if target.hp < before:
            damages.append(before - target.hp)
    return len(damages), damages


def test_defense_lowers_the_odds_but_never_below_the_floor() -> None:
    chances = [combat.hit_chance(d) for d in range(0, 80)]
    assert chances == sorted(chances, reverse=True)
    assert chances[0] <= combat.MAX_HIT and min(chances) == combat.MIN_HIT
    light, _ = duel(5, 0)
    heavy, _ = duel(5, 20)
    assert heavy < light * 0.5 and heavy > 0


def test_every_hit_does_at_least_one_point_and_armour_absorbs_some() -> None:
    _, bare = duel(6, 0)
    _, armoured = duel(6, 12)
    assert min(armoured) >= 1 and np.mean(armoured) < np.mean(bare)


def test_a_target_with_less_than_no_defense_is_hit_without_error() -> None:
    """A cursed ring of protection takes defense below zero: nothing is absorbed, and a
    blow still lands (it once raised in numpy's bounded draw)."""
    hits, damages = duel(6, -3, blows=200)
    assert hits > 0 and min(damages) >= 3


def test_damage_is_a_range_around_power() -> None:
    low, high = combat.damage_range(6)
    assert (low, high) == (3, 9)
    _, damages = duel(6, 0)
    assert min(damages) == 3 and max(damages) == 9 and len(set(damages)) == 7
    assert combat.damage_range(0) == (1, 1)


def test_a_miss_is_said_in_the_log() -> None:
    world = world_from_text(ROW)
    a = add_monster(world, ActorKind("orc", "Orc", hp=10, defense=0, power=3), 3, 1)
    t = add_monster(world, ActorKind("troll", "Troll", hp=99, defense=80, power=0), 4, 1)
    said = set()
    for _ in range(50):
        combat.attack(world, a, t)
        said |= set(texts(world.take_events()))
    assert "The orc misses the troll." in said
    assert "The orc hits the troll for 1 hit point." in said
