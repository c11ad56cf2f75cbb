"""What found gear is made of, and how it grows: the investment economy.

Weapons, armour and rings are found unknown, with an enchantment (most +0, some better,
a third worse) and now and then a runic (``runics.py``); wearing one for
``PROOF_TURNS`` turns, a runic's flaring or a scroll of identify tells what it is. Scrolls
of enchanting are the currency: each is spent on one item the player chooses, and each
category grows its own way (``enchant``): a weapon hits harder and its runic acts more
often, armour protects more, a ring's power grows, a staff gains a charge and recharges
faster, a wand holds more. Each point also pays off a point of the strength heavy gear
needs. Staffs recharge on their own (``tick``); wands never do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.core.events import Enchanted, Identified
from emberdeep.engine.creatures import runics
from emberdeep.engine.things.items import Item, ItemKind, bonus, rework, worn_total

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World

MAX_ENCHANT = 1000
MAX_STRENGTH = 1000
"""The most a save may hold (play never comes near)."""
PROOF_TURNS = 150
"""Turns worn after which the player knows a piece of gear's enchantment and runic."""
STAFF_RECHARGE = 400
"""Turns a level-1 staff takes to regain a charge; a level-n staff takes 1/n of it."""
ENCHANTABLE = frozenset({"weapon", "armor", "ring", "staff", "wand"})
BAD_GEAR = 30
GOOD_GEAR = 35
"""Percent of found weapons and armour worse than +0, and better."""
BAD_RING = 15
GOOD_RUNIC = 20
BAD_RUNIC = 35
"""Percent of good (bad) gear that carries a good (bad) runic, before depth adds more."""
RUNIC_PER_DEPTH = 2
GEAR_SIZES = (1, 1, 1, 2, 2, 3)
RING_SIZES = (1, 1, 2, 2, 3)
"""How many points of enchantment found gear (and rings) carry, each equally likely."""


def forge(kind: ItemKind, depth: int, rng: np.random.Generator) -> Item:
    """An item of ``kind`` as found on floor ``depth``, its quality drawn from ``rng``."""
    item = Item(kind, count=kind.bundle)
    category = kind.category
    if category in ("weapon", "armor"):
        roll = int(rng.integers(100))
        size = _one_of(GEAR_SIZES, rng)
        if roll < BAD_GEAR:
            item.enchant = -size
            if int(rng.integers(100)) < BAD_RUNIC:
                item.runic = _pick(runics.of_slot(kind.slot, bad=True), rng)
        elif roll < BAD_GEAR + GOOD_GEAR:
            item.enchant = size
            if int(rng.integers(100)) < GOOD_RUNIC + RUNIC_PER_DEPTH * depth:
                item.runic = _pick(runics.of_slot(kind.slot, bad=False), rng)
        item.known = False
    elif category == "ring":
        size = _one_of(RING_SIZES, rng)
        item.enchant = -size if int(rng.integers(100)) < BAD_RING else size
        item.known = False
    elif category == "staff" and int(rng.integers(100)) < 20:
        item.enchant = 1
    return item


def _one_of(sizes: tuple[int, ...], rng: np.random.Generator) -> int:
    """``rng.choice(sizes)``, drawn as numpy draws it (one ``integers(len(sizes))``;
    tests/engine/test_gear.py checks they agree) without making an array of the tuple
    and checking it first, five times the draw's cost."""
    return sizes[int(rng.integers(len(sizes)))]


def _pick(names: tuple[str, ...], rng: np.random.Generator) -> str:
    return names[int(rng.integers(len(names)))] if names else ""


def enchant(world: World, item: Item) -> None:
    """Spend a scroll of enchanting on ``item``: one more point, kept true on a worn one."""

    def grow() -> None:
        item.enchant += 1

    rework(world, item, grow)  # a wand's and a staff's capacity grow with the point
    world.emit(Enchanted(world.identity.thing(item)))


def staff_power(item: Item, base: int) -> int:
    """A staff's damage or duration at its level: ``base`` at level 2, twice it at 4,
    three times at 6 (at two thirds more at 4 the staffs-first bot won 0 of 16 games)."""
    if item.kind.category != "staff":
        return base
    return max(1, base * item.capacity // 2)


def recharge_period(world: World, item: Item) -> int:
    """Turns until ``item`` (a staff) regains a charge, a ring of wisdom shortening it."""
    period = STAFF_RECHARGE // max(1, item.capacity)
    wisdom = worn_total(world, "recharging")
    return max(10, period * 100 // max(25, 100 + wisdom))


def spent(world: World, item: Item) -> None:
    """A charge was used: a staff starts recharging if it was not."""
    item.used += 1
    if item.kind.category == "staff" and item.recharge <= 0:
        item.recharge = recharge_period(world, item)


def tick(world: World) -> None:
    """One player turn for what the player carries: staffs recharge, worn unknown gear
    comes closer to known."""
    for item in world.inventory:
        if item.used > 0 and item.kind.category == "staff":
            item.recharge -= 1
            if item.recharge <= 0:
                item.used -= 1
                item.recharge = recharge_period(world, item) if item.used > 0 else 0
        if item.equipped and not item.known:
            item.proof += 1
            if item.proof >= PROOF_TURNS:
                know(world, item, "worn")
    radius = worn_total(world, "clairvoyance")
    if radius > 0:
        foresee(world.floor, world.player, radius)


def foresee(floor: Floor, player: Actor, radius: int) -> None:
    """A ring of clairvoyance: the layout within ``radius`` of the player becomes known
    (the open ground and the walls beside it, as a map shows it), through any wall."""
    width, height = floor.size
    x0, x1 = max(0, player.x - radius - 1), min(width, player.x + radius + 2)
    y0, y1 = max(0, player.y - radius - 1), min(height, player.y + radius + 2)
    box = (slice(x0, x1), slice(y0, y1))
    open_ = np.pad((floor.walkable | floor.transparent)[box], 1)
    near = np.zeros((x1 - x0, y1 - y0), dtype=np.bool_)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            near |= open_[dx : dx + x1 - x0, dy : dy + y1 - y0]
    xs, ys = np.mgrid[x0:x1, y0:y1]
    near &= (xs - player.x) ** 2 + (ys - player.y) ** 2 <= radius**2
    seen = floor.explored[box]
    if (near & ~seen).any():
        floor.explored[box] = seen | near
        floor.sight_changed(box)


def put_on(world: World, item: Item) -> None:
    """The rule for knowing a ring at once: one whose bonus moves a figure the player
    reads (Power and Defense on the sidebar, the time a move or an attack takes on the
    character sheet: a ring of might, protection or quickness) is known the moment it is
    put on, as the player reads its number change (hand play put on a ring, saw "Def 3"
    turn to "Def 1" and still read "(?)"). Other rings, and weapons and armour (whose
    figure does not tell the enchantment from the kind's own), are known after
    ``PROOF_TURNS`` worn, as before."""
    if not item.equipped or item.known or item.kind.slot != "ring":
        return
    shown = bonus(item, world.strength)
    if shown.power or shown.defense or shown.move_time or shown.attack_time:
        know(world, item, "worn")


def know(world: World, item: Item, cause: str) -> None:
    """The player learns ``item``'s enchantment and runic (the event names it as now
    known: its look was never hidden)."""
    item.known = True
    world.emit(Identified(world.identity.thing(item), cause))
