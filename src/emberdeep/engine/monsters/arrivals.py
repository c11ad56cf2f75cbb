"""Time has a price: the longer a floor stays quiet around you, the likelier something
arrives to look for you; and carrying the Heart out wakes the dungeon.

A floor's calm starts when it is first entered, after each arrival and whenever a foe
is awake in the player's view (a fight is not a rest: a tester met some thirty visitors
in 7,600 turns, most of them while exploring and fighting); a floor left and come back
to has kept counting, so the stairs reset nothing. After ``GRACE`` turns of
calm, each turn has a chance (growing with the calm, up to ``MOST_PER_MILLE``) that a
monster of a little deeper (``CALM_DEEPER``) comes in by the stairs out of view, on the
player's scent, worth no experience: any kind of that depth, the rare ones nearly as
likely as the common (``FLATTEN``), so a long rest draws a few different visitors, not
one trash kind after another. The player hears it come (``Arrived``): a rest is
stopped by it, and told what it drew.
With the Heart, every floor climbed into holds hunters from the Heart's own depths,
already on the scent, more arrive after a short calm, and the warden, if it lives, comes
up the stairs behind you (and the Heart stops natural healing: ``World.heals_by_resting``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.core.actors import Actor, ActorKind
from emberdeep.engine.core.events import Arrived, Followed
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.creatures import awareness
from emberdeep.engine.creatures.spawning import ByDepth, cumulative

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

GRACE = 100
"""Turns of calm on a floor before anything may arrive."""
MOST_PER_MILLE = 20
"""The most likely an arrival gets, per turn (2%: one in 50 turns)..."""
RISE = 10
"""...one more in a thousand for every this many turns of calm past the grace: about one
arrival in 240 turns of calm (in 190 at 5, in 320 at 12 and 15), the price of resting
to full where half would do. The measured figures of each setting: docs/balance.md."""
FLATTEN = 0.5
"""A calm floor's arrivals are picked by their spawn weights to this power (1 would be
the floor's own mix; a player resting on depth 3 once met some forty jackals, rats and
kobolds one after another)."""
CALM_DEEPER = 3
"""A calm floor's arrivals are of the kinds and weights of this many floors deeper: the
time a long rest buys is paid for in a visitor stronger than the floor's own, worth no
experience (``arrive``). At 0 the bot that rested to full after every fight won 37% of
100 games on seed 40 to the plain bot's 26%; at 1, 22% to 15%; at 2, once the bot no
longer looped till it starved, 32% to 23% (docs/balance.md)."""
SCENT = 200
"""Turns an arrival or a climb's hunter knows where the player is."""
CLIMB_DEEPER = 2
"""A climb's hunters come from this many floors below the one entered, and never from
shallower than the deepest floor reached: the Heart's own depths come after it..."""
CLIMB_HUNTERS = (3, 5)
"""...three of them on the first floor climbed into, one more every three floors, at most
five (two to five: 10-13% of deaths came on the climb, four to seven 10-24%, five to
eight 20-33%; once the deep floors held vampires, behemoths and furies, every bot that
took the Heart died on the way out at four to seven; one to three before a fight
began a floor's calm again, two to four until the bot stopped looping: docs/balance.md)..."""
CLIMB_NATIVE = 7
"""...and only kinds first found at this depth or deeper: the deep's own creatures, not
the orcs and trolls a hero of the deep cuts down in passing."""
HEART_GRACE = 50
"""Turns of calm, carrying the Heart, before more may arrive..."""
HEART_MOST_PER_MILLE = 10
"""...and the likeliest an arrival then gets, per turn (25 and 4% before the new deep
monsters)."""
WARDEN_DELAY = 1500
"""World time (15 turns) the warden stands, catching up, where it came up after you."""


def tick(world: World) -> None:
    """One player turn of a floor's calm: perhaps something arrives. A foe awake in view
    begins the calm again, but for one carrying the Heart (the dungeon comes after it
    whatever the player does)."""
    floor = world.floor
    heart = bool(world.inventory) and carrying_the_heart(world)
    if not heart and foe_in_view(floor):
        floor.calm_since = world.time
        return
    calm = (world.time - floor.calm_since) // 100 - (HEART_GRACE if heart else GRACE)
    if calm <= 0:
        return
    chance = min(HEART_MOST_PER_MILLE if heart else MOST_PER_MILLE, calm // RISE + 1)
    deeper = world.depth + CALM_DEEPER
    if int(world.rng.integers(1000)) >= chance:
        return
    comer = arrive(world, deeper, flat=True)
    if comer is not None:
        floor.calm_since = world.time
        world.emit(Arrived(comer.position, way_in(floor, comer.position)))


def foe_in_view(floor: Floor) -> bool:
    """Whether a foe is awake where the player sees."""
    visible = floor.visible
    return any(
        actor.alive and actor.hostile and not actor.asleep and visible[actor.x, actor.y]
        for actor in floor.actors.values()
    )


def way_in(floor: Floor, at: tuple[int, int]) -> str:
    """How an arrival at ``at`` came (``entrance``, which tries the stairs down first):
    "up" by the stairs from below, "down" by the stairs from above (the floor's start),
    "" from elsewhere."""
    for stairs, way in ((floor.stairs, "up"), (floor.start, "down")):
        if max(abs(at[0] - stairs[0]), abs(at[1] - stairs[1])) <= 2:
            return way
    return ""


def arrive(
    world: World, depth: int, scent: int = SCENT, native: int = 0, *, flat: bool = False
) -> Actor | None:
    """A monster from ``depth``'s spawn weights (of kinds first found at ``native`` or
    deeper; ``flat``: the weights flattened, ``FLATTEN``), in by the stairs out of the
    player's view (else anywhere out of view), hunting the player; None when nothing
    fits. It is worth no experience: what the dungeon sends after a player who lingers
    (or who carries the Heart off) is a price, never a harvest to rest for."""
    kind = pick(world, depth, native, flat=flat)
    where = entrance(world)
    if kind is None or where is None:
        return None
    floor = world.floor
    monster = Actor.spawn(max(floor.actors) + 1, kind, *where)
    monster.next_time, monster.xp = world.time + kind.move_time, 0
    floor.add_actor(monster)
    world.schedule.add(monster)
    awareness.alert(world, monster, scent)
    return monster


def pick(world: World, depth: int, native: int = 0, *, flat: bool = False) -> ActorKind | None:
    """A kind by its spawn weight at ``depth`` (the world's kinds, in content's order;
    ``flat``: to the power ``FLATTEN``), of those first found at ``native`` or deeper
    when any of them lives at ``depth``. A kind with a home of its own (deep water, a
    wall) never comes by the stairs."""
    kinds = [k for k in world.kinds.values() if k.spawn and not k.habitat]
    weights = np.array([ByDepth(k.spawn).at(depth) for k in kinds], dtype=np.float64)
    if flat:
        weights **= FLATTEN
    deep = np.array([k.spawn[0][0] >= native for k in kinds], dtype=np.bool_)
    if (weights * deep).sum() > 0:
        weights *= deep
    if not kinds or weights.sum() <= 0:
        return None
    chances = cumulative(weights)
    return kinds[int(np.searchsorted(chances, world.rng.random(), side="right"))]


def entrance(world: World) -> tuple[int, int] | None:
    """Where an arrival comes in: a free cell by either staircase out of view, else a
    random free cell out of view."""
    floor = world.floor
    hidden = floor.open_cells() & ~floor.visible
    for stairs in (floor.stairs, floor.start):
        x, y = stairs
        near = hidden[max(0, x - 2) : x + 3, max(0, y - 2) : y + 3]
        cells = np.argwhere(near)
        if len(cells):
            dx, dy = cells[int(world.rng.integers(len(cells)))]
            return max(0, x - 2) + int(dx), max(0, y - 2) + int(dy)
    cells = np.argwhere(hidden)
    if not len(cells):
        return None
    x, y = cells[int(world.rng.integers(len(cells)))]
    return int(x), int(y)


def carrying_the_heart(world: World) -> bool:
    return any(item.kind.effect == "treasure" for item in world.inventory)


def climbed(world: World, below: Floor) -> None:
    """The player, carrying the Heart, came up onto a floor from ``below``: hunters from
    deeper down are already on the scent, and the warden comes up the stairs behind,
    ``WARDEN_DELAY`` after (it stands where it arrived until then)."""
    count = min(CLIMB_HUNTERS[1], CLIMB_HUNTERS[0] + (world.deepest - world.depth) // 3)
    for _ in range(count):
        arrive(world, max(world.depth + CLIMB_DEEPER, world.deepest), native=CLIMB_NATIVE)
    floor = world.floor
    for warden in [m for m in below.actors.values() if m.hp > 0 and guards(world, m)]:
        where = floor.free_near(*floor.stairs, reach=3)
        if where is None:
            continue
        below.remove_actor(warden)
        arrived = replace(warden, id=max(floor.actors) + 1, x=where[0], y=where[1], blocks=True)
        arrived.next_time = world.time + WARDEN_DELAY
        floor.add_actor(arrived)
        world.schedule.add(arrived)
        awareness.alert(world, arrived, SCENT)
        world.emit(Followed(arrived.who, where, "up"))


def guards(world: World, monster: Actor) -> bool:
    kind = world.kinds.get(monster.kind)
    return kind is not None and kind.guards > 0
