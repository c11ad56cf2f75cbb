"""Which creatures a user may aim at, and what an aimed use would do: questions the
engine answers without changing anything.

One rule for "the nearest foe this can reach", asked by the targeting screen's cursor,
the environment's aim, the bot, a scroll read blind and a scroll of lightning finding
its mark: a foe of the user's side (``opposed``: never the player's ally or a captive
for the player), in the player's view, that the use's flight reaches (aimed at it, it
strikes it: for a bolt, nobody stands in front) without striking anyone spared on the
way (``clean``: a piercing bolt through the player's ally to the orc behind it is the
player's choice to make, never the cursor's or the bot's), awake ones first (a sleeper is no
threat yet, and a throw at it wakes it), then nearest first. Nearest is counted in
steps as creatures move (a diagonal neighbour is 1 away), ties going to the older
creature (the lower id). ``plan`` previews one aimed use: its flight and whom it
strikes (and whether it falls short, out of reach), or why it cannot be (a ``Refused``,
as the action would answer), so the aiming screen draws exactly what the engine will do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.core.events import Refused, Thing
from emberdeep.engine.core.flight import Cell, Flight, Rule, fly
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.things.effects import EFFECTS, THROWN, Aim

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World
    from emberdeep.engine.things.items import Item


def opposed(user: Actor, other: Actor) -> bool:
    """Whether ``other`` is ``user``'s foe: for the player and their allies a hostile,
    for a hostile the player or an ally; a captive is nobody's."""
    return other.hostile if user.friendly else other.friendly


def steps(a: Actor, b: Actor) -> int:
    """How many steps apart two creatures are (a diagonal neighbour is 1 away)."""
    return max(abs(a.x - b.x), abs(a.y - b.y))


def rule_of(item: Item, *, throw: bool = False) -> Rule | None:
    """How a use of ``item`` flies: thrown, as anything thrown; else its effect's flight
    (None: it strikes the cell aimed at directly)."""
    return THROWN if throw else EFFECTS[item.kind.effect].flight


def reach(item: Item, *, throw: bool = False) -> int | None:
    """How far a use of ``item`` flies: its kind's range (a staff's grows with its level:
    range times its level plus one), else its flight's own (None)."""
    kind = item.kind
    if throw or not kind.range:
        return None
    return kind.range * (item.capacity + 1) if kind.category == "staff" else kind.range


def reaches(
    floor: Floor, user: Actor, target: Actor, rule: Rule | None, far: int | None = None
) -> bool:
    """Whether a use flying by ``rule`` (reach ``far``) aimed at ``target`` strikes it;
    what strikes its cell directly reaches whatever is aimed at."""
    if rule is None:
        return True
    return target in fly(floor, user.position, target.position, rule, far).struck


def clean(
    floor: Floor, user: Actor, target: Actor, rule: Rule | None, far: int | None = None
) -> bool:
    """Whether a use flying by ``rule`` (reach ``far``) aimed at ``target`` strikes it
    and no creature that is not the user's foe (an ally, a captive): what flies through
    creatures strikes the ally in front as well as the foe behind (hand play: a staff of
    lightning aimed for the player went through their goblin). What strikes its cell
    directly spares whoever is not there."""
    if rule is None:
        return True
    struck = fly(floor, user.position, target.position, rule, far).struck
    return target in struck and all(opposed(user, other) for other in struck)


def order(user: Actor, other: Actor) -> tuple[bool, int, int]:
    """Where ``other`` comes among ``user``'s choices: awake before asleep, then nearest
    first, ties going to the older."""
    return other.asleep, steps(user, other), other.id


def targets(floor: Floor, user: Actor, rule: Rule | None, far: int | None = None) -> list[Actor]:
    """The living foes of ``user`` in the player's view that a use flying by ``rule``
    reaches sparing everyone else (``clean``), awake first, then nearest first (ties:
    the older)."""
    foes = [
        other
        for other in floor.actors.values()
        if other.hp > 0 and other is not user and opposed(user, other)
        and in_sight(floor, other) and clean(floor, user, other, rule, far)
    ]  # fmt: skip
    return sorted(foes, key=lambda other: order(user, other))


def choices(floor: Floor, user: Actor, item: Item, *, throw: bool = False) -> list[Actor]:
    """The creatures a use (or a throw) of ``item`` may go to, nearest first: for what
    is aimed at foes (and anything thrown), the foes its flight strikes; for what is
    aimed at allies, the allies it strikes (else the foes); for what is aimed at a
    cell, every foe in view; none for the rest."""
    aims = EFFECTS[item.kind.effect].aims
    rule, far = rule_of(item, throw=throw), reach(item, throw=throw)
    if throw or aims is Aim.FOES:
        return targets(floor, user, rule, far)
    if aims is Aim.ALLIES:  # its own side first; with none in reach, like any bolt
        return friends(floor, user, rule, far) or targets(floor, user, rule, far)
    return targets(floor, user, None) if aims is Aim.CELLS else []


def friends(floor: Floor, user: Actor, rule: Rule | None, far: int | None = None) -> list[Actor]:
    """The living creatures on ``user``'s side in the player's view (not the user) that
    a use flying by ``rule`` reaches, nearest first (ties: the older)."""
    found = [
        other
        for other in floor.actors.values()
        if other.hp > 0 and other is not user
        and (other.friendly if user.friendly else other.hostile)
        and floor.visible[other.position]
        and reaches(floor, user, other, rule, far)
    ]  # fmt: skip
    return sorted(found, key=lambda other: (steps(user, other), other.id))


def shielded(floor: Floor, user: Actor, item: Item, *, throw: bool = False) -> bool:
    """Whether some foe in view is left out of ``choices`` only because a flight aimed
    at it would strike a creature that is not the user's foe (an ally, a captive): the
    aiming screen says so, rather than that no foe is in reach."""
    rule, far = rule_of(item, throw=throw), reach(item, throw=throw)
    if rule is None:
        return False
    return any(
        not opposed(user, struck)
        for other in floor.actors.values()
        if other.hp > 0 and other is not user and opposed(user, other) and in_sight(floor, other)
        for struck in fly(floor, user.position, other.position, rule, far).struck
    )


def aim_for(floor: Floor, user: Actor, item: Item, *, throw: bool = False) -> Actor | None:
    """The foe a use (or a throw) of ``item`` goes to when nobody chooses: the first of
    ``choices``, if any."""
    found = choices(floor, user, item, throw=throw)
    return found[0] if found else None


class Planned(msgspec.Struct, frozen=True):
    """What an aimed use would do: its flight (None for what strikes the cell aimed at
    directly) and the creatures it would strike, in order."""

    cell: Cell
    flight: Flight | None
    struck: tuple[Actor, ...]
    short: int = 0
    """The flight's reach when it runs out before the cell aimed at, nothing struck
    (a dart thrown at an orc farther than a dart flies): the aiming screen says so
    before the throw. 0 when it gets there, or is stopped on the way."""

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells it would cross (none for what strikes its cell directly)."""
        return self.flight.cells if self.flight is not None else ()


def plan(
    floor: Floor, user: Actor, item: Item, aim: Cell, *, throw: bool = False
) -> Planned | Refused:
    """What using (or throwing) ``item`` at ``aim`` would do, or why it cannot: a cell
    out of view ("not_visible"), the user's own ("aim_elsewhere"), a flight aimed at
    foes that would strike nobody: stopped by a wall on the way ("no_clear_line"), out
    of reach (``"out_of_range"``, the reach its detail), else "aim_at_creature". Hand
    play aimed a staff at a pale bloat in view but farther than it reaches and was told
    to aim at a creature in view: the aiming line and the refusal now say why.
    Changes nothing."""
    if not floor.in_bounds(*aim) or not floor.visible[aim]:
        return Refused("not_visible")
    if aim == user.position:
        return Refused("aim_elsewhere")
    rule = rule_of(item, throw=throw)
    if rule is None:
        there = floor.blocker_at(*aim)
        return Planned(aim, None, () if there is None else (there,))
    far = reach(item, throw=throw) or rule.reach
    flight = fly(floor, user.position, aim, rule, far)
    gap = max(abs(aim[0] - user.x), abs(aim[1] - user.y))
    if not throw and not flight.struck and EFFECTS[item.kind.effect].aims is Aim.FOES:
        if flight.blocked is not None and aim not in flight.cells:
            return Refused("no_clear_line")
        if far and gap > far:
            return Refused("out_of_range", detail=str(far))
        return Refused("aim_at_creature")
    ran_out = bool(far) and gap > far and not (rule.past or flight.struck or flight.blocked)
    return Planned(aim, flight, flight.struck, far if ran_out else 0)


def missed(planned: Planned | Refused | None, thing: Thing) -> Refused:
    """Why an aimed use of ``thing`` goes nowhere, for its user: what ``plan`` answered
    (a wall in the way, out of reach), else that it must be aimed at a creature."""
    if isinstance(planned, Refused) and planned.reason in ("no_clear_line", "out_of_range"):
        return Refused(planned.reason, thing, planned.detail)
    return Refused("aim_at_creature", thing)


def fits(world: World, item: Item, other: Item) -> bool:
    """Whether ``item``, spent on one of the user's items, may go to ``other`` (a scroll
    of enchanting on what can be enchanted, of identify on what hides something)."""
    check = EFFECTS[item.kind.effect].fits
    return check is not None and check(world, other)
