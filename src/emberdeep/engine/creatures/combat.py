"""Melee that no single stat solves: to-hit odds, damage ranges, armour that absorbs.

The tutorial's ``power - defense`` made defense a threshold: past it a monster did
nothing, so a player who raised defense became immune. Here defense lowers the odds of
being hit (never below ``MIN_HIT`` percent) and absorbs part of each blow (never all of
it), and power sets a damage *range* rolled on the gameplay stream, so every monster
stays dangerous and every stat helps without deciding the fight alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import Attacked
from emberdeep.engine.creatures import awareness, runics, statuses
from emberdeep.engine.creatures.harm import take

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


BASE_HIT = 90
"""Percent chance to hit a target with no defense."""
HIT_FALLOFF = 0.94
"""Each point of defense multiplies the chance to be hit by this. At 0.95 armour-first won
11% of 64 balance games to weapon-first's 22% (its bots died on the first five floors,
where a point of power is worth two of defense); at 0.93 both won about 40%."""
MIN_HIT = 10
MAX_HIT = 95
ABSORB_SHARE = 4
"""Armour absorbs up to defense // this of each blow that lands: defense counts twice
(odds and absorption), and at a half it made armour-first the one build that won
(11 of 12 balance games at 2952890, against 3 of 12 for the mixed investment); at a
third armour-first still won 38% of 16 to mixed's 12%."""


PIERCE = 5
"""A blow of power P ignores P // this of the target's defense when it aims: the deep's
strong monsters find the gaps in heavy armour, and a strong weapon those in thick hide
(armour-first won 6 of 16 balance games to weapon-first's 3 without it; at a quarter,
with each point of defense worth less, 11% to 24%)."""


def hit_chance(defense: int, power: int = 0) -> int:
    """Percent chance that a blow of ``power`` lands on a target with ``defense``."""
    aimed = max(0, defense - power // PIERCE)
    return max(MIN_HIT, min(MAX_HIT, round(BASE_HIT * HIT_FALLOFF**aimed)))


def damage_range(power: int) -> tuple[int, int]:
    """The damage a blow of ``power`` rolls, lowest and highest: power give or take half."""
    spread = power // 2
    return max(1, power - spread), max(1, power + spread)


SNEAK_ATTACK = 3
"""A sleeping target is always hit, for this many times the damage."""


def attack(world: World, attacker: Actor, target: Actor, shot: str = "") -> bool:
    """One blow: the odds from the target's defense, damage rolled from the attacker's
    power, part of it absorbed by the target's armour (up to a quarter of its defense), at
    least 1 when it lands. A sleeper is hit for triple damage, and wakes. ``shot`` is
    the form of a missile that struck ("arrow"; "" for a blow in melee).
    Returns whether it landed."""
    rng = world.rng
    kind = world.kinds.get(attacker.kind)
    verb = kind.verb if kind is not None else "hit"
    sleeping = target.mode == Mode.ASLEEP
    sure = sleeping or (target.is_player and runics.wears(world, "vulnerability"))
    power = statuses.power(attacker) if attacker.statuses else attacker.power
    if not sure and int(rng.integers(100)) >= hit_chance(target.defense, power):
        world.emit(
            Attacked(
                attacker.who,
                target.who,
                attacker.position,
                target.position,
                False,
                0,
                verb,
                shot=shot,
            )
        )
        return False
    low, high = damage_range(power)
    rolled = int(rng.integers(low, high, endpoint=True))
    absorbed = int(rng.integers(0, max(0, target.defense) // ABSORB_SHARE, endpoint=True))
    damage = max(1, rolled - absorbed) * (SNEAK_ATTACK if sleeping else 1)
    if target.is_player and world.inventory:
        damage = runics.struck(world, attacker, target, damage)
    shield = target.statuses and statuses.SHIELDED in target.statuses
    world.emit(
        Attacked(
            attacker.who,
            target.who,
            attacker.position,
            target.position,
            True,
            damage,
            verb,
            sleeping,
            shot=shot,
        )
    )
    if attacker.is_player and world.inventory:
        damage = runics.landed(world, attacker, target, damage)
    if shield:
        damage = statuses.absorbed(world, target, damage)
    take(world, target, damage, attacker, means="melee")
    if sleeping and target.hp > 0:
        awareness.set_mode(world, target, Mode.WANDERING, "struck")
    if attacker.mode == Mode.ALLY and target.hp > 0:
        awareness.alert(world, target, cause="struck")  # struck by an ally, it fights back
    return True
