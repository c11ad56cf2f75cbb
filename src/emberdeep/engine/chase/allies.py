"""Captives and allies, after Brogue's: a captive in shackles joins whoever frees it, and
then fights at the player's side until it dies.

Sides. The player and its allies (``Mode.ALLY``) are on one side, the hostile on the
other, captives (``Mode.CAPTIVE``) on none (``Actor.friendly`` / ``Actor.hostile``). A
creature's *foe* is a creature of the other side (``foe_of``):

- a hostile's is the player, or an ally next to it when the player is not;
- an ally's is the nearest hostile within ``SIGHT`` that the player sees (an ally fights
  what is in view) or that stands next to it; it lets sleepers and unroused guards lie.

Abilities (``engine/monsters/abilities.py``) aim at the foe, so an ally shoots, mends, summons
(its blades are allies too) and blinks like its hostile kin.

An ally's turn (``ally_turn``): an ally standing in fire or harmful gas steps out of it
first (``out_of_harm``: a tester's goblin burned to death in a doorway beside the grass
fire the player lit); a following ally too far from the player comes back; else it
fights its foe with its abilities and blows; with no foe it keeps near the player, or
waits where it was told to (``Actor.stays``, ``Order``). Moving into an ally
swaps places with it, moving into a captive works at its shackles (``bump``): a few
turns of work free it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import msgspec

from emberdeep.engine.acts.actions import (
    BUMPS,
    DIRECTIONS,
    STEPS,
    WAIT,
    Action,
    ActionResult,
    Alternative,
    Attack,
    PlayerCommand,
    done,
    player_only,
)
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import PLAYER_ID, Actor, Mode
from emberdeep.engine.core.events import Freed, Moved, Ordered, Refused, Shackles
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.hunt import goal_at
from emberdeep.engine.creatures import awareness
from emberdeep.engine.terrain import danger

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

SIGHT = 7
"""How far an ally looks for a foe."""
LEASH = 6
"""Farther than this from the player, a following ally breaks off and comes back."""
NEAR = 2
"""With nothing to fight, a following ally keeps this near the player."""
STAIRS_REACH = 3
"""Following allies this near the player take the stairs with them."""
REST_HEAL = 15
"""Percent of an ally's turns without a foe on which it heals a hit point."""
IGNORED = (Mode.ASLEEP, Mode.GUARDING)
"""Hostiles an ally lets be: waking them is the player's choice."""


# -- sides and foes ---------------------------------------------------------------------


def foe_of(batch: Batch, i: int) -> Actor | None:
    """Whom monster ``i`` of the batch fights now (see the module's docstring)."""
    monster = batch.monsters[i]
    if monster.mode == Mode.ALLY:
        return ally_foe(batch, monster)
    if monster.mode == Mode.CAPTIVE:
        return None
    player = batch.player
    if batch.allies_here and gap(monster, player) > 1:
        return ally_beside(batch.floor, monster) or player
    return player


def ally_beside(floor: Floor, monster: Actor) -> Actor | None:
    """An ally of the player's next to ``monster``, first in ``DIRECTIONS`` order: eight
    cells of the occupancy map read, so every hunter may ask every turn."""
    occupant, actors = floor.occupant, floor.actors
    width, height = floor.size
    for dx, dy in DIRECTIONS:
        x, y = monster.x + dx, monster.y + dy
        if 0 <= x < width and 0 <= y < height:
            found = occupant.item(x, y)
            if found and found != PLAYER_ID and actors[found].mode == Mode.ALLY:
                return actors[found]
    return None


def ally_foe(batch: Batch, ally: Actor) -> Actor | None:
    """The nearest hostile the ally may fight: next to it, or within ``SIGHT`` and in the
    player's view; first found among the nearest."""
    visible = batch.floor.visible
    best: Actor | None = None
    best_gap = SIGHT + 1
    for other in batch.floor.actors.values():
        if other.hp <= 0 or not other.hostile or other.mode in IGNORED:
            continue
        distance = gap(other, ally)
        if distance < best_gap and (distance <= 1 or visible.item(other.x, other.y)):
            best, best_gap = other, distance
    return best


def friends_near(batch: Batch, monster: Actor, reach: int) -> list[Actor]:
    """The living creatures of ``monster``'s side within ``reach``, not itself: for a
    hostile the other hostiles, for an ally the player and the other allies."""
    friendly = monster.friendly
    return [
        other
        for other in batch.floor.actors.values()
        if other.hp > 0 and other is not monster and other.mode != Mode.CAPTIVE
        and other.friendly == friendly and gap(other, monster) <= reach
    ]  # fmt: skip


# -- an ally's turn ---------------------------------------------------------------------


def ally_turn(
    batch: Batch, i: int, turns: Callable[[], Action | None], shot: Callable[[], Action | None],
    still: bool,
) -> Action:  # fmt: skip
    """What ally ``i`` does: come back, fight (``turns`` then ``shot`` are its kind's
    abilities, asked in order), or keep near. ``still``: it never moves."""
    ally, player = batch.monsters[i], batch.player
    if not still and (escape := out_of_harm(batch.world.floor, ally, player)) is not None:
        return escape
    away = gap(ally, player)
    if not ally.stays and away > LEASH and not still:
        return come_back(batch, i)
    foe = foe_of(batch, i)
    if foe is None:
        if ally.hp < ally.max_hp and int(batch.world.rng.integers(100)) < REST_HEAL:
            ally.hp += 1  # between fights an ally heals, as the player does
        if ally.stays or away <= NEAR or still:
            return WAIT
        return come_back(batch, i)
    action = turns() or shot()
    if action is not None:
        return action
    if gap(ally, foe) <= 1:
        return Attack(foe)
    if still:
        return WAIT
    return step_toward(batch.world, ally, foe.position) or WAIT


def out_of_harm(floor: Floor, ally: Actor, player: Actor) -> Action | None:
    """A step out of the fire or harmful gas ``ally`` stands in, to the free cell beside
    it that nothing there can hurt, the one nearest the player (None: it stands in no
    harm, or every way out is harmful or taken)."""
    harmful = danger.harming(floor, ally)
    if harmful is None or not harmful.item(ally.x, ally.y):
        return None
    best, best_gap = None, 0
    for dx, dy in DIRECTIONS:
        x, y = ally.x + dx, ally.y + dy
        if floor.in_bounds(x, y) and not harmful.item(x, y) and floor.is_free(x, y):
            away = max(abs(x - player.x), abs(y - player.y))
            if best is None or away < best_gap:
                best, best_gap = (dx, dy), away
    return None if best is None else STEPS[best]


def come_back(batch: Batch, i: int) -> Action:
    """A step toward the player on the shared map (never into the player)."""
    ally, player = batch.monsters[i], batch.player
    if gap(ally, player) <= 1:
        return WAIT
    return batch.pursuit.toward(i)


def step_toward(world: World, actor: Actor, target: tuple[int, int]) -> Action | None:
    """The free step that gets ``actor`` closest on foot to ``target`` (a map from the
    target: allies are few, so each may have its own), if one gets closer; never into
    fire or harmful gas that can hurt it (as the chase keeps hostiles out, ``danger``)."""
    floor = world.floor
    harmful = danger.harming(floor, actor)
    terrain = world.hunt.terrain(floor)
    dist = terrain.distances(
        goal_at((floor.width + 2, floor.height + 2), target[0] + 1, target[1] + 1)
    )
    best, best_step = int(dist[actor.x + 1, actor.y + 1]), None
    for dx, dy in DIRECTIONS:
        x, y = actor.x + dx, actor.y + dy
        steps = int(dist[x + 1, y + 1])
        if (
            steps < best
            and floor.is_free(x, y)
            and not (harmful is not None and harmful.item(x, y))
        ):
            best, best_step = steps, (dx, dy)
    return None if best_step is None else STEPS[best_step]


# -- moving into a creature -------------------------------------------------------------


def bump(actor: Actor, target: Actor) -> ActionResult:
    """``actor`` moves into ``target``, one of them an ally or the target a captive: the
    player swaps places with an ally and works at a captive's shackles; nobody strikes a
    captive or its own side."""
    if target.mode == Mode.CAPTIVE:
        return Alternative(WorkShackles(target)) if actor.is_player else Refused("blocked")
    if actor.is_player and target.mode == Mode.ALLY:
        return Alternative(Swap(target))
    if actor.friendly == target.friendly:
        return Refused("blocked")
    return Alternative(Attack(target))


BUMPS.append(bump)


class Swap(msgspec.Struct, frozen=True):
    """The player and an ally next to them change places (allies never block the way)."""

    ally: Actor

    def perform(self, world: World, actor: Actor) -> ActionResult:
        ally, floor = self.ally, world.floor
        if not ally.alive or gap(actor, ally) != 1:
            return Refused("blocked")
        start, end = actor.position, ally.position
        floor.occupant[start] = ally.id
        floor.occupant[end] = actor.id
        actor.x, actor.y = end
        ally.x, ally.y = start
        world.emit(Moved(actor.who, start, end))
        world.emit(Moved(ally.who, end, start))
        return done(actor.move_time)


class WorkShackles(msgspec.Struct, frozen=True):
    """A turn's work at a captive's shackles; the last turn frees it, an ally from now on."""

    captive: Actor

    def perform(self, world: World, actor: Actor) -> ActionResult:
        captive = self.captive
        if captive.mode != Mode.CAPTIVE or not captive.alive or gap(actor, captive) != 1:
            return Refused("no_target")
        captive.shackles = max(0, captive.shackles - 1)
        if captive.shackles:
            world.emit(Shackles(captive.who, captive.position, captive.shackles))
        else:
            free(world, captive)
        return done(actor.move_time)


def free(world: World, captive: Actor) -> None:
    """``captive`` is free: an ally, following the player, due when the player has moved."""
    captive.shackles = 0
    captive.stays = False
    awareness.set_mode(world, captive, Mode.ALLY, "freed")
    due = max(captive.next_time, world.time + captive.move_time)
    if due != captive.next_time:
        captive.next_time = due
        world.schedule.add(captive)  # its old entry in the schedule no longer counts
    world.fellowship.freed += 1
    world.emit(Freed(captive.who, captive.position))


# -- telling allies what to do ----------------------------------------------------------


def in_earshot(floor: Floor, player: Actor) -> list[Actor]:
    """The allies the player can tell something: in view (or next to them)."""
    return [
        a
        for a in floor.actors.values()
        if a.mode == Mode.ALLY and a.alive
        and (floor.visible.item(a.x, a.y) or gap(a, player) <= 1)
    ]  # fmt: skip


class Order(msgspec.Struct, frozen=True):
    """Tell the allies in view to wait where they are (``stay``) or to follow."""

    code: ClassVar[str] = "order"
    stay: bool

    def arguments(self) -> list[object]:
        return [int(self.stay)]

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if refused := player_only(world.player, actor):
            return refused
        told = in_earshot(world.floor, world.player)
        if not told:
            return Refused("no_allies")
        for ally in told:
            ally.stays = self.stay
        world.emit(Ordered(tuple(a.who for a in told), self.stay))
        return done(actor.move_time)


def next_order(floor: Floor, player: Actor) -> Order:
    """What the order key says now: wait, when any ally in view follows; else follow."""
    return Order(stay=any(not a.stays for a in in_earshot(floor, player)))


def _decode_order(rest: list[object]) -> PlayerCommand | None:
    if len(rest) == 1 and rest[0] in (0, 1) and type(rest[0]) is int:
        return Order(bool(rest[0]))
    return None


DECODERS: dict[str, Callable[[list[object]], PlayerCommand | None]] = {Order.code: _decode_order}
"""Journal code -> a recorded command's arguments to the command (None: malformed)."""


# -- the stairs -------------------------------------------------------------------------


def coming_along(floor: Floor, player: Actor) -> list[Actor]:
    """The allies that take the stairs with the player: following, and near."""
    return [a for a in following(floor) if gap(a, player) <= STAIRS_REACH]


def following(floor: Floor) -> list[Actor]:
    """The living allies not told to wait."""
    return [a for a in floor.actors.values() if a.mode == Mode.ALLY and a.alive and not a.stays]
