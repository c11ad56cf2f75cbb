"""What monsters can do besides moving and striking: a registry that content names.

A kind is a way of moving plus abilities (``ActorKind.abilities``), each with a rate and
its own numbers, as Hauberk's breeds have moves and Brogue's monsters have bolts and
ability flags. An ability is one function registered here with the moment it is asked:

- ``upkeep``: every turn the monster acts, before it decides, whatever its mode (a
  conjured blade fading); it may take the turn.
- ``turn``: when it hunts, in the order the kind lists them, before it moves; the first
  that returns an action takes the turn (mend a friend, blink away, call up help).
- ``shot``: a ranged attack, used when it has a clear line; a monster that keeps its
  distance shoots when it holds its ground.
- ``strikes`` / ``struck``: after a melee blow of its lands and hurts, or after it is
  struck in melee and hurt (venom, scalding ooze, splitting).
- ``dies``: when it dies, however (a bloat bursts).

Abilities with more to them than a function live in modules of their own, one job each,
registered here when ``engine/monsters/__init__.py`` imports them: ``thieves``,
``lurkers``, ``grapplers``, ``corrosion``, ``wards``, ``bursts``, ``leaps``.

Adding an ability means one function here, registered with ``@ability`` and the numbers
it takes, and ``[monster.abilities] name = { ... }`` in ``content/monsters.toml``: the
loader checks every number against what the registration declares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import msgspec
import numpy as np

from emberdeep.engine.acts import targets
from emberdeep.engine.acts.actions import (
    Action,
    ActionResult,
    Shoot,
    bring_forth,
    done,
    summoned,
)
from emberdeep.engine.chase.allies import foe_of, friends_near
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import HUNT_MEMORY, Ability, Actor, ActorKind, Mode
from emberdeep.engine.core.events import Healed, Refused, Teleported
from emberdeep.engine.core.flight import Rule, Stops, clear
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import awareness, harm, statuses

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

Decision = Callable[[Batch, int, Ability], "Action | None"]
Reaction = Callable[["World", Actor, Actor, Ability], None]
Ending = Callable[["World", Actor, Ability], None]
TRIGGERS = ("upkeep", "turn", "shot", "strikes", "struck", "dies")
WORDS = ("monster", "status", "form", "flight")
"""What a word-valued number may name: a monster kind, a status, a missile's form, the
rule a missile flies by (``flight.Stops``)."""
FORMS = ("arrow", "spark", "bolt")


class Spec(msgspec.Struct, frozen=True):
    """A registered ability: when it is asked, its function, and what content must give
    it: ``numbers`` by name as (lowest, highest, default or None when required),
    ``words`` by name as what they name (``WORDS``)."""

    trigger: str
    decide: Decision | None
    react: Reaction | None
    numbers: Mapping[str, tuple[int, int, int | None]]
    words: Mapping[str, str]
    ends: Ending | None = None
    """A ``dies`` ability's function."""


ABILITIES: dict[str, Spec] = {}


def ability(
    name: str, trigger: str, *, words: Mapping[str, str] | None = None,
    **numbers: tuple[int, int, int | None],
) -> Callable[[Callable[..., object]], Callable[..., object]]:  # fmt: skip
    """Decorator: make an ability available to content under ``name``."""
    assert trigger in TRIGGERS and all(w in WORDS for w in (words or {}).values())

    def register(function: Callable[..., object]) -> Callable[..., object]:
        reacts = trigger in ("strikes", "struck")
        ends = trigger == "dies"
        ABILITIES[name] = Spec(
            trigger,
            None if reacts or ends else function,  # type: ignore[arg-type]
            function if reacts else None,  # type: ignore[arg-type]
            numbers,
            words or {},
            function if ends else None,  # type: ignore[arg-type]
        )
        return function

    return register


def react(world: World, striker: Actor, target: Actor) -> None:
    """A melee blow of ``striker``'s landed and hurt ``target``: the striker's
    ``strikes`` abilities, then the target's ``struck`` ones."""
    for actor, other, trigger in ((striker, target, "strikes"), (target, striker, "struck")):
        kind = world.kinds.get(actor.kind)
        if kind is None:
            continue
        for known in kind.abilities:
            spec = ABILITIES[known.name]
            if spec.trigger == trigger and spec.react and used(world.rng, known):
                spec.react(world, actor, other, known)


def last_acts(world: World, actor: Actor) -> None:
    """``actor`` died: its kind's ``dies`` abilities (``harm.AFTERMATH``)."""
    kind = world.kinds.get(actor.kind)
    if kind is None or actor.is_player:
        return
    for known in kind.abilities:
        spec = ABILITIES[known.name]
        if spec.ends is not None and used(world.rng, known):
            spec.ends(world, actor, known)


harm.AFTERMATH.append(last_acts)


def used(rng: np.random.Generator, known: Ability) -> bool:
    """Whether an ability with a rate below 100 is used this time (no die is rolled for
    one that always is, so adding a rate never shifts other monsters' dice)."""
    return known.rate >= 100 or int(rng.integers(100)) < known.rate


# -- turns ----------------------------------------------------------------------------


def fresh(batch: Batch, i: int) -> Actor | None:
    """Monster ``i``'s foe when it has just seen it (a hostile that sees the player this
    turn; an ally with a foe at all), else None: what calls for a summons."""
    monster = batch.monsters[i]
    if monster.hostile and monster.hunting != HUNT_MEMORY:
        return None
    return foe_of(batch, i)


@ability("mend", "turn", reach=(1, 20, 6), below=(1, 100, 70), share=(1, 100, 40))
def mend(batch: Batch, i: int, known: Ability) -> Action | None:
    """Close the wounds of the first friend in reach that is badly hurt, along a clear
    line: the healer is the one to strike first (an allied healer mends the player too)."""
    monster, floor = batch.monsters[i], batch.floor
    for ally in friends_near(batch, monster, known.number("reach")):
        if ally.hp * 100 < ally.max_hp * known.number("below") and clear(
            floor, monster.position, ally.position
        ):
            return Mend(ally, max(1, ally.max_hp * known.number("share") // 100))
    return None


@ability(
    "summon", "turn", words={"kind": "monster"},
    count=(1, 8, 2), cost=(0, 1000, 2), reach=(1, 30, 8), about=(1, 30, 6),
)  # fmt: skip
def summon(batch: Batch, i: int, known: Ability) -> Action | None:
    """Call up ``count`` creatures of ``kind`` when it sees its foe and fewer than that
    are ``about``, at a ``cost`` in its own life: reach it quickly, or flee its summons.
    What an ally calls up is on the player's side."""
    monster, cost, kind = batch.monsters[i], known.number("cost"), known.text("kind")
    foe = fresh(batch, i)
    if foe is None or monster.hp <= cost:
        return None
    if gap(monster, foe) > known.number("reach"):
        return None
    near = friends_near(batch, monster, known.number("about"))
    about = sum(1 for o in near if o.kind == kind)
    if about >= known.number("count"):
        return None
    monster.hp -= cost
    return Summon(kind, known.number("count"))


def summoner(kind: ActorKind) -> bool:
    """Whether a creature of ``kind`` calls up others (for whoever would strike it before
    what it calls: the bot)."""
    return kind.ability("summon") is not None


@ability("blink", "turn", reach=(1, 20, 7), least=(1, 20, 3), cost=(0, 1000, 2))
def blink(batch: Batch, i: int, known: Ability) -> Action | None:
    """When its foe gets next to it, vanish to somewhere in sight at least ``least``
    tiles away; each blink costs ``cost`` hit points, so a chase wears it down."""
    monster, cost = batch.monsters[i], known.number("cost")
    foe = foe_of(batch, i)
    if foe is None or gap(monster, foe) > 1 or monster.hp <= cost:
        return None
    monster.hp -= cost
    return Blink(foe, known.number("reach"), known.number("least"))


@ability("call", "turn", reach=(1, 40, 12))
def call(batch: Batch, i: int, known: Ability) -> Action | None:
    """The first of a pack to see the player calls every one of its kind within
    ``reach`` (waking them), so they come together. Calling takes no time."""
    monster = batch.monsters[i]
    if monster.hunting == HUNT_MEMORY and monster.kind not in batch.called:
        batch.called.add(monster.kind)
        reach, world = known.number("reach"), batch.world
        for other in batch.floor.actors.values():
            if other.kind == monster.kind and other.hp > 0 and gap(other, monster) <= reach:
                awareness.alert(world, other, cause="called")
    return None


@ability("shoot", "shot", words={"form": "form", "flight": "flight"}, reach=(2, 20, 5))
def shoot(batch: Batch, i: int, known: Ability) -> Action | None:
    """Loose a missile at its foe within ``reach``, along a clear line, from in view of
    the player (a hostile sees the player; an ally shoots at what the player sees)."""
    monster, floor = batch.monsters[i], batch.floor
    foe = foe_of(batch, i)
    reach = known.number("reach")
    if foe is None or gap(monster, foe) > reach or not floor.visible.item(monster.x, monster.y):
        return None
    stops = Stops(known.text("flight"))
    if not targets.reaches(floor, monster, foe, Rule(stops, reach)):
        return None
    return Shoot(foe, reach, known.text("form"), stops)


@ability("fade", "upkeep")
def fade(batch: Batch, i: int, known: Ability) -> Action | None:
    """A conjured creature loses a hit point a turn and fades when none is left, so
    running or outlasting it is a real answer; while it lasts it always knows where you
    are."""
    monster = batch.monsters[i]
    if monster.hp <= 1:
        return Fade()
    monster.hp -= 1
    if monster.hostile:
        monster.hunting = HUNT_MEMORY
    return None


# -- reactions ------------------------------------------------------------------------


@ability("afflicts", "strikes", words={"status": "status"}, turns=(1, 100, None))
def afflicts(world: World, striker: Actor, target: Actor, known: Ability) -> None:
    """Its blows carry a status (a spider's venom, a bat's confusing bite)."""
    if target.hp > 0:
        statuses.apply(
            world, target, known.text("status"), known.number("turns"), "blow", source=striker
        )


@ability("drain", "strikes", amount=(1, 1000, None))
def drain(world: World, striker: Actor, target: Actor, known: Ability) -> None:
    """Its blows that draw blood heal it (a vampire bat's bite): wear it down quickly."""
    amount = min(known.number("amount"), striker.max_hp - striker.hp)
    if amount > 0 and striker.hp > 0:
        striker.hp += amount
        world.emit(Healed(striker.who, striker.position, amount, "drain", target.who))


@ability("thorns", "struck", damage=(1, 1000, None))
def thorns(world: World, struck: Actor, striker: Actor, known: Ability) -> None:
    """Whoever strikes it in melee is hurt (a slime's scalding ooze): fight it from afar."""
    if striker.hp > 0 and struck.hp > 0:  # a dead slime burns nobody
        harm.hurt(world, striker, known.number("damage"), "scald", source=struck)


@ability("frenzy", "struck", words={"status": "status"}, below=(1, 100, 50), turns=(1, 100, None))
def frenzy(world: World, struck: Actor, striker: Actor, known: Ability) -> None:
    """A blow that leaves it below ``below`` percent of its health drives it into a
    frenzy (a troll quickens): finish it at once, or step back until it passes."""
    status = known.text("status")
    hurt = struck.hp * 100 < struck.max_hp * known.number("below")
    if struck.hp > 0 and hurt and status not in struck.statuses:
        statuses.apply(world, struck, status, known.number("turns"), "frenzy", source=striker)


@ability("split", "struck")
def split(world: World, jelly: Actor, striker: Actor, known: Ability) -> None:
    """Struck and not killed, it divides: half its health goes to a twin beside it."""
    where = world.floor.free_near(jelly.x, jelly.y)
    if jelly.hp < 2 or where is None:
        return
    twin = bring_forth(world, jelly, *where, hp=jelly.hp // 2)
    jelly.hp -= twin.hp
    world.emit(summoned(jelly, [twin], jelly.kind, "split"))


# -- the actions abilities take ---------------------------------------------------------


class Mend(msgspec.Struct, frozen=True):
    """A caster closes ``patient``'s wounds (``amount`` HP), along a clear line."""

    patient: Actor
    amount: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        patient = self.patient
        if not patient.alive or patient.hp >= patient.max_hp:
            return Refused("nobody_to_mend")
        if not clear(world.floor, actor.position, patient.position):
            return Refused("no_clear_line")
        amount = min(self.amount, patient.max_hp - patient.hp)
        patient.hp += amount
        world.emit(Healed(patient.who, patient.position, amount, "mend", actor.who))
        return done(actor.attack_time)


class Blink(msgspec.Struct, frozen=True):
    """Vanish and reappear up to ``reach`` tiles away, somewhere in sight of where it
    was and at least ``least`` tiles from ``away_from``."""

    away_from: Actor
    reach: int
    least: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        floor, x, y = world.floor, actor.x, actor.y
        xs, ys = np.mgrid[x - self.reach : x + self.reach + 1, y - self.reach : y + self.reach + 1]
        inside = (xs >= 0) & (ys >= 0) & (xs < floor.width) & (ys < floor.height)
        xs, ys = xs[inside], ys[inside]
        far = np.maximum(abs(xs - self.away_from.x), abs(ys - self.away_from.y)) >= self.least
        tiles = floor.tiles[xs, ys]
        shut = (tiles == Tile.CLOSED_DOOR) | (tiles == Tile.LOCKED_DOOR)  # never stood in
        free = floor.walkable[xs, ys] & (floor.occupant[xs, ys] == 0) & far & ~shut
        candidates = [
            (cx, cy)
            for cx, cy in zip(xs[free].tolist(), ys[free].tolist(), strict=True)
            if clear(floor, (x, y), (cx, cy))
        ]
        if not candidates:
            return Refused("nowhere")
        floor.move_actor(actor, *candidates[int(world.rng.integers(len(candidates)))])
        world.emit(Teleported(actor.who, (x, y), actor.position, "blink"))
        return done(actor.move_time)


class Summon(msgspec.Struct, frozen=True):
    """Call up ``count`` creatures of ``kind`` around the summoner, hunting at once;
    ``cause`` says how ("summon", or "scatter": it broke into them)."""

    kind: str
    count: int
    cause: str = "summon"

    def perform(self, world: World, actor: Actor) -> ActionResult:
        kind = world.kinds.get(self.kind)
        if kind is None:
            return Refused("nothing_answers")
        called: list[Actor] = []
        for _ in range(self.count):
            where = world.floor.free_near(actor.x, actor.y)
            if where is None:
                break
            template = Actor.spawn(0, kind, *where)
            template.next_time = world.time + actor.attack_time
            if actor.mode == Mode.ALLY:
                template.mode = Mode.ALLY
            else:
                template.mode, template.hunting = Mode.HUNTING, HUNT_MEMORY
            called.append(bring_forth(world, template, *where, hp=kind.hp))
        if not called:
            return Refused("no_room")
        world.emit(summoned(actor, called, kind.key, self.cause))
        return done(actor.attack_time)


class Fade(msgspec.Struct, frozen=True):
    """A conjured creature's time is up: it is gone, leaving nothing."""

    def perform(self, world: World, actor: Actor) -> ActionResult:
        actor.hp = 0
        harm.die(world, actor, cause="faded")
        return done(actor.move_time)
