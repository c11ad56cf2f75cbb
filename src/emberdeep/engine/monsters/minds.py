"""How a monster decides what to do on its turn: its mode, then its abilities, then its
way of moving, all read from its kind (content says what; this says in which order).

1. ``upkeep`` abilities, whatever its mode (a conjured blade fades). A captive does
   nothing more; an ally takes its own turn (``allies.ally_turn``: its abilities aimed
   at its foe, its blows, keeping near the player).
2. A guard rouses when the player comes near, when it is hurt or when its treasure is
   gone; until then it stands.
3. A monster unaware of the player waits (the world wakes and alerts it).
4. Badly hurt, a coward flees (and catches its breath out of sight); recovered, it turns
   to fight.
5. ``turn`` abilities in the kind's order: the first that acts takes the turn.
6. A ``shot`` if it has one; a monster that keeps its distance shoots, or waits, from
   its band, stepping back when the player comes close.
   An ally next to it, when the player is not, takes its blows (``allies.foe_of``).
7. Its way of moving: the chase (some steps astray for an erratic flyer), or none.

A decider is made once per batch for each kind that acts in it.
"""

from __future__ import annotations

from collections.abc import Callable

from emberdeep.engine.acts.actions import WAIT, Action, Attack, Either, Stumble
from emberdeep.engine.chase.allies import ally_turn, foe_of, friends_near
from emberdeep.engine.chase.pursuit import Batch, gap, keep_distance
from emberdeep.engine.core.actors import AWARE, UNALIGNED, Ability, ActorKind, Mode
from emberdeep.engine.core.events import Healed
from emberdeep.engine.creatures import awareness
from emberdeep.engine.monsters.abilities import used
from emberdeep.engine.monsters.repertoire import registry

Decide = Callable[[int], Action]
ALLY_REACH = 6
"""How near others must be for a monster that keeps its distance behind its allies."""


def decider(batch: Batch, kind: ActorKind) -> Decide:
    """What each monster of ``kind`` in ``batch`` does now, by its index in the batch."""
    upkeep = _asked(kind, "upkeep")
    turns = _asked(kind, "turn")
    shots = _asked(kind, "shot")
    pursuit, world, rng = batch.pursuit, batch.world, batch.world.rng
    keeps = kind.keeps_distance
    treasure_here = kind.guards and any(i.kind.effect == "treasure" for i in batch.floor.items)

    def first_turn(i: int) -> Action | None:
        for known, function in turns:
            if used(rng, known):
                action = function(batch, i, known)
                if action is not None:
                    return action
        return None

    def first_shot(i: int) -> Action | None:
        if not shots:
            return None
        return next(
            (a for known, f in shots if (a := f(batch, i, known)) is not None and used(rng, known)),
            None,
        )

    def chase(i: int) -> Action:
        """``decide`` for a kind with nothing but the chase (most of a crowd): the same
        steps with none of the questions whose answers its kind fixes."""
        mode = batch.monsters[i].mode
        if mode not in AWARE:
            return decide(i) if mode in UNALIGNED else WAIT
        if batch.allies_here:  # (asked once a batch: with no ally, the foe is the player)
            foe = foe_of(batch, i)
            if foe is not batch.player and foe is not None:
                return Attack(foe)
        return pursuit.toward(i)

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        for known, function in upkeep:
            action = function(batch, i, known)
            if action is not None:
                return action
        if monster.mode in UNALIGNED:
            if monster.mode == Mode.CAPTIVE:
                return WAIT
            return ally_turn(
                batch, i, lambda: first_turn(i), lambda: first_shot(i), kind.moves == "still"
            )
        if kind.guards:
            if monster.mode == Mode.GUARDING:
                roused = (
                    gap(monster, batch.player) <= kind.guards
                    or monster.hp < monster.max_hp
                    or not treasure_here
                )
                if not roused:
                    return WAIT
            awareness.alert(world, monster)  # roused, a guard never stops hunting
        if monster.mode not in AWARE:
            return WAIT
        if kind.flees_below:
            if monster.hp * 100 < monster.max_hp * kind.flees_below:
                awareness.set_mode(world, monster, Mode.FLEEING)
                if not batch.floor.visible.item(monster.x, monster.y):
                    monster.hp += 1  # catching its breath where the player cannot see it
                    world.emit(Healed(monster.who, monster.position, 1, "breath"))
                return pursuit.away(i) or pursuit.toward(i)
            if monster.mode == Mode.FLEEING:
                awareness.set_mode(world, monster, Mode.HUNTING)
        action = first_turn(i)
        if action is not None:
            return action
        shot = first_shot(i)
        foe = foe_of(batch, i)
        if foe is not batch.player and foe is not None:
            return shot or Attack(foe)  # an ally next to it, and the player not
        if keeps is not None and (
            keeps.reason == "always"
            or (keeps.reason == "shot" and shot is not None)
            or (keeps.reason == "allies" and friends_near(batch, monster, ALLY_REACH))
        ):
            return keep_distance(pursuit, i, keeps.near, keeps.far, shot or WAIT)
        if shot is not None:
            return shot
        if kind.moves == "still":
            return WAIT
        if kind.strays:
            return Either(Stumble(), pursuit.toward(i), kind.strays)
        return pursuit.toward(i)

    plain = not (upkeep or turns or shots or kind.guards or kind.flees_below or kind.strays)
    return chase if plain and keeps is None and kind.moves == "chase" else decide


def idles_unaware(kind: ActorKind) -> bool:
    """Whether ``decide`` has a wandering monster of ``kind`` that is unaware of the
    player do nothing but wait (no ``upkeep`` ability, no guard to rouse): the world
    then moves its clock on without deciding (``monster_turns.take_turns``). Keep it true
    to ``decide``."""
    return not kind.guards and not _asked(kind, "upkeep")


def _asked(kind: ActorKind, trigger: str) -> list[tuple[Ability, Callable[..., Action | None]]]:
    """The kind's abilities asked at ``trigger``, in its order, with their functions."""
    found = []
    for known in kind.abilities:
        spec = registry()[known.name]
        if spec.trigger == trigger and spec.decide is not None:
            found.append((known, spec.decide))
    return found
