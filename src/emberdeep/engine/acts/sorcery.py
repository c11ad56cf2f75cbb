"""The armoury's second shelf: effects that change who fights whom and where (issue 41).

Each is registered with its facts like ``magic.py``'s: a potion that sinks its drinker
to the floor below, scrolls that negate magic, shatter walls and recharge staffs, wands
that change, pull, bind or double a creature or strip its magic, and staffs that help
allies (healing, haste, conjured blades). What they aim at decides who uses them: the
bot reads ``aims`` and ``strikes``, never a name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.acts import targets
from emberdeep.engine.acts.actions import bring_forth, summoned
from emberdeep.engine.core.actors import HUNT_MEMORY, Actor, Mode
from emberdeep.engine.core.events import (
    Fizzled,
    Healed,
    ItemMoved,
    Missile,
    Refused,
    StatusChanged,
    Teleported,
    TerrainChanged,
)
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import awareness, gear, harm, statuses
from emberdeep.engine.things.effects import BOLT, Aim, Measure, Target, effect
from emberdeep.engine.things.items import Item

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

SHATTER_RADIUS = 4
"""How far round its reader a scroll of shattering breaks the walls."""
DOMINATE_LEAST = 10
"""Percent chance a wand of domination binds a creature at full health; it grows as
the creature's health falls (Brogue's), to certain below a fifth."""


def _struck(world: World, user: Actor, item: Item, target: Target) -> Actor | Refused:
    """The creature a charge aimed at ``target`` strikes, its flight told; refused when
    none is aimed at, or the item is spent (what ``magic``'s bolts ask, for any aim)."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    planned = targets.plan(world.floor, user, item, target) if isinstance(target, tuple) else None
    if planned is None or isinstance(planned, Refused) or not planned.struck:
        return targets.missed(planned, world.identity.thing(item, count=1))
    world.emit(Missile(user.who, planned.cells, "bolt"))
    return planned.struck[0]


def steadfast(world: World, creature: Actor) -> bool:
    """What no wand changes, binds or doubles: the player, a captive, a guardian
    standing over its charge, a conjured thing (it is magic already)."""
    kind = world.kinds.get(creature.kind)
    if creature.is_player or creature.mode == Mode.CAPTIVE or kind is None:
        return True
    return bool(kind.guards) or not kind.leaves_remains


@effect("descent", escapes=True)
def descent(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A potion of descent: its drinker sinks through the floor to the one below,
    unhurt, leaving whatever chased them (no monster follows a fall)."""
    world.descend("descent")
    return None


def negate(world: World, user: Actor, creature: Actor) -> bool:
    """Strip ``creature``'s magic: its statuses end, and a conjured thing is undone.
    True when anything changed."""
    kind = world.kinds.get(creature.kind)
    if kind is not None and not kind.leaves_remains and not creature.is_player:
        creature.hp = 0
        harm.die(world, creature, user, "negated", harm.kill_means(creature, user, "magic"))
        return True
    ended = [name for name, _ in statuses.active(creature)]
    creature.statuses.clear()
    creature.confused = 0
    for name in ended:
        world.emit(StatusChanged(creature.who, creature.position, name, False, 0, "negation"))
    return bool(ended)


@effect("negation", strikes=True, negates=True)
def negation(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A scroll of negation: every creature in view, the reader too, loses its magic
    (``negate``): a conjurer's blades vanish, a hasted foe slows, a poison ends."""
    floor = world.floor
    seen = [a for a in floor.actors.values() if a.alive and floor.visible[a.position]]
    changed = [negate(world, user, creature) for creature in sorted(seen, key=lambda a: a.id)]
    if not any(changed):
        world.emit(Fizzled(world.identity.thing(item, count=1), "negation"))
    return None


@effect("negate", Aim.FOES, flight=BOLT, strikes=True, negates=True)
def negate_bolt(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A wand of negation: the first creature in line loses its magic."""
    victim = _struck(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    if not negate(world, user, victim):
        world.emit(Fizzled(world.identity.thing(item, count=1), "negation"))
    return None


@effect("shatter")
def shatter(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A scroll of shattering: the walls within ``SHATTER_RADIUS`` of its reader crumble
    to open floor (never the floor's outer wall): a way out, or a way in."""
    floor = world.floor
    width, height = floor.size
    x0, x1 = max(1, user.x - SHATTER_RADIUS), min(width - 1, user.x + SHATTER_RADIUS + 1)
    y0, y1 = max(1, user.y - SHATTER_RADIUS), min(height - 1, user.y + SHATTER_RADIUS + 1)
    xs, ys = np.mgrid[x0:x1, y0:y1]
    near = (xs - user.x) ** 2 + (ys - user.y) ** 2 <= SHATTER_RADIUS**2
    walls = near & (floor.tiles[x0:x1, y0:y1] == Tile.WALL)
    cells = tuple(zip(xs[walls].tolist(), ys[walls].tolist(), strict=True))
    if not cells:
        world.emit(Fizzled(world.identity.thing(item, count=1), "shatter"))
        return None
    for x, y in cells:
        floor.set_tile(x, y, Tile.FLOOR)
    world.emit(TerrainChanged(cells, "shattered"))
    return None


@effect("recharge", recharges=True)
def recharge(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A scroll of recharging: every staff carried is full at once."""
    spent = [i for i in world.inventory if i.kind.category == "staff" and i.used]
    for staff in spent:
        staff.used, staff.recharge = 0, 0
        world.emit(ItemMoved(user.who, user.position, world.identity.thing(staff), "recharged"))
    if not spent:
        world.emit(Fizzled(world.identity.thing(item, count=1), "recharge"))
    return None


@effect("polymorph", Aim.FOES, flight=BOLT, strikes=True, gamble=True)
def polymorph(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A wand of polymorph: the creature struck becomes one of another kind, drawn
    from every kind that roams the dungeon, at the same share of its health and on the
    same side. A gamble: a troll may become a rat, or a rat a dragon."""
    victim = _struck(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    kinds = sorted(
        key
        for key, kind in world.kinds.items()
        if key != victim.kind and kind.spawn and kind.leaves_remains and not kind.guards
    )
    if steadfast(world, victim) or not kinds:
        world.emit(Fizzled(world.identity.thing(item, count=1), "polymorph"))
        return None
    kind = world.kinds[kinds[int(world.rng.integers(len(kinds)))]]
    share = victim.hp / max(1, victim.max_hp)
    template = Actor.spawn(0, kind, *victim.position)
    template.mode, template.hunting = victim.mode, victim.hunting
    template.next_time = victim.next_time
    world.floor.stop_blocking(victim)  # its cell is the new one's; its id is never reused
    changed = bring_forth(world, template, *victim.position, hp=max(1, round(kind.hp * share)))
    world.floor.remove_actor(victim)
    world.emit(summoned(victim, [changed], kind.key, "polymorph"))
    return None


@effect("beckon", Aim.FOES, flight=BOLT, strikes=True, pulls=True)
def beckon(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A wand of beckoning: the creature struck is yanked along the bolt's path to the
    cell nearest its user: an archer or a caster brought into reach of a blade."""
    victim = _struck(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    planned = targets.plan(world.floor, user, item, victim.position)
    path = planned.cells if not isinstance(planned, Refused) else ()
    landing = next((c for c in path if world.floor.is_free(*c)), None)
    if landing is None or max(abs(landing[0] - user.x), abs(landing[1] - user.y)) >= max(
        abs(victim.x - user.x), abs(victim.y - user.y)
    ):
        world.emit(Fizzled(world.identity.thing(item, count=1), "beckon"))
        return None
    start = victim.position
    world.floor.move_actor(victim, *landing)
    world.emit(Teleported(victim.who, start, landing, "beckon"))
    return None


@effect("dominate", Aim.FOES, flight=BOLT, binds=True)
def dominate(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A wand of domination: the creature struck may become the user's ally for good,
    likelier the more hurt it is (``DOMINATE_LEAST`` percent at full health, certain
    under a fifth of it)."""
    victim = _struck(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    chance = max(DOMINATE_LEAST, 125 - 125 * victim.hp // max(1, victim.max_hp))
    if steadfast(world, victim) or int(world.rng.integers(100)) >= chance:
        world.emit(Fizzled(world.identity.thing(item, count=1), "dominate"))
        if not victim.is_player:
            awareness.alert(world, victim, cause="struck")
        return None
    victim.stays = False
    awareness.set_mode(world, victim, Mode.ALLY, "dominated")
    return None


@effect("plenty", Aim.CELLS, flight=BOLT)
def plenty(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A wand of plenty: the creature struck is doubled, health and side alike: a
    curse aimed at a foe, a gift aimed at an ally."""
    victim = _struck(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    where = world.floor.free_near(victim.x, victim.y)
    if steadfast(world, victim) or where is None:
        world.emit(Fizzled(world.identity.thing(item, count=1), "plenty"))
        return None
    twin = bring_forth(world, victim, *where, hp=victim.hp)
    twin.statuses = dict(victim.statuses)
    world.emit(summoned(victim, [twin], victim.kind, "plenty"))
    return None


@effect("boon", Aim.ALLIES, flight=BOLT, measures=Measure.HEALTH)
def boon(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A staff of healing or of haste other: the creature struck is healed ``amount``
    percent of its health and/or given the status, growing with the staff's level.
    Made for allies; aimed at a foe, it helps the foe."""
    victim = _struck(world, user, item, target)
    if isinstance(victim, Refused):
        return victim
    kind = item.kind
    if kind.amount:
        amount = min(
            victim.max_hp - victim.hp,
            max(1, victim.max_hp * gear.staff_power(item, kind.amount) // 100),
        )
        if amount > 0:
            victim.hp += amount
            world.emit(Healed(victim.who, victim.position, amount, "staff", user.who))
    if kind.status:
        turns = gear.staff_power(item, kind.turns)
        statuses.apply(world, victim, kind.status, turns, "bolt", source=user)
    return None


@effect("conjure", measures=Measure.CREATURES)
def conjure(world: World, user: Actor, item: Item, target: Target) -> Refused | None:
    """A staff of conjuration: spectral blades (content's ``summons``) appear round the
    user on its side, ``amount`` at level 2 and more as it grows; they fade in a while."""
    if item.charges <= 0:
        return Refused("no_charges", world.identity.thing(item, count=1))
    kind = world.kinds.get(item.kind.summons)
    if kind is None:
        return Refused("nothing_answers")
    called: list[Actor] = []
    for _ in range(gear.staff_power(item, item.kind.amount)):
        where = world.floor.free_near(user.x, user.y, 2)
        if where is None:
            break
        template = Actor.spawn(0, kind, *where)
        if user.friendly:
            template.mode = Mode.ALLY
        else:
            template.mode, template.hunting = Mode.HUNTING, HUNT_MEMORY
        template.next_time = world.time + user.attack_time
        called.append(bring_forth(world, template, *where, hp=kind.hp))
    if not called:
        return Refused("no_room")
    world.emit(summoned(user, called, kind.key, "conjure"))
    return None
