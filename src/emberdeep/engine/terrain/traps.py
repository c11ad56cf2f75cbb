"""Traps: hidden until found, sprung by the player stepping on them.

A trap lies on a floor tile (``Floor.traps``) and is hidden until found: by searching
(``item_actions.Search``: the eight tiles around, with good odds) or by luck, a small
chance each turn for every hidden trap next to the player. A found trap is shown, the
auto-explorer walks around it, and stepping on it the player steps over it with care:
a known trapdoor in the only corridor back up must not trap a player with the treasure
below for ever. Levitating over a trap does not spring it. What a trap does is its
kind's ``effect`` (content: ``traps.toml``): an alarm that wakes the floor and sets it
hunting, a cloud of gas, a trapdoor to the floor below, or a status (a paralysing dart,
a confusing flash), or only the waking of the monsters near (a tripwire). A kind may also
wake the monsters within ``wakes`` tiles whatever else it does, and a pressure plate
(``plate``) is laid in plain view and cannot be stepped over: it springs every time (the
set pieces' traps, ``mapgen/setpieces.py``).
Monsters know their own dungeon and never spring traps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import Alarm, Searched, TrapFound, TrapSprung
from emberdeep.engine.creatures import awareness, statuses
from emberdeep.engine.terrain import gas
from emberdeep.engine.things.items import worn_total
from emberdeep.records import Shown

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World

EFFECTS = ("alarm", "gas", "trapdoor", "status", "wake")
NOTICE_CHANCE = 10
"""Percent chance each turn to notice a hidden trap next to you."""
SEARCH_CHANCE = 80
"""Percent chance a search finds each hidden trap around you."""
TRAPDOOR_DAMAGE = 3
MAX_WAKES = 20
"""The farthest a trap's noise wakes monsters, in tiles."""
ALARM_HUNT = 30
"""Turns an alarm sets the monsters it calls hunting the player (as if they had just
seen them)..."""
ALARM_HUNTERS = 5
"""...the nearest of them, until this many hostile monsters on the floor hunt the
player (those already hunting count); the rest wake and wander. An alarm trap, then a
scroll of aggravation, with shamans mending the crowd, once brought the whole floor at
once (found in hand play): a second alarm while the first's hunters are still on the
scent now adds nobody."""


class TrapKind(msgspec.Struct, frozen=True):
    """A trap as content describes it: what it does when sprung, and for how long."""

    key: str
    name: str
    effect: str
    status: str = ""
    turns: int = 0
    amount: int = 0
    """Gas released, as a whole number of tiles' worth."""
    wakes: int = 0
    """Monsters within this many tiles wake and hunt when it springs."""
    plate: bool = False
    """A pressure plate: springs even when found (it covers the way)."""


@dataclass(slots=True, eq=False, repr=False)
class Trap(Shown):
    """A trap on a floor: hidden until found by searching, by luck, or by springing it."""

    kind: TrapKind
    x: int
    y: int
    hidden: bool = True

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    def state(self) -> tuple[object, ...]:
        return (self.kind, self.x, self.y, self.hidden)


def hidden_around(floor: Floor, x: int, y: int) -> list[Trap]:
    """Hidden traps on the eight tiles around (x, y)."""
    found = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            trap = floor.traps.get((x + dx, y + dy))
            if trap is not None and trap.hidden and (dx or dy):
                found.append(trap)
    return found


def search(world: World, actor: Actor, chance: int = SEARCH_CHANCE) -> int:
    """Look for traps around ``actor``: each hidden one is found with ``chance``.
    Returns how many were found."""
    near = hidden_around(world.floor, actor.x, actor.y)
    found = [t for t in near if int(world.rng.integers(100)) < chance]
    for trap in found:
        trap.hidden = False
        world.emit(TrapFound(trap.kind.key, trap.position))
    return len(found)


def notice(world: World) -> None:
    """A player's turn of luck: hidden traps next to them may be noticed (likelier
    with a ring of awareness). Draws from
    the play stream only when there is one to notice, so trap-free floors play as
    before."""
    if world.floor.traps:
        search(world, world.player, NOTICE_CHANCE + worn_total(world, "awareness"))


def searched(world: World, actor: Actor) -> None:
    """The player's deliberate search of the eight tiles around."""
    world.emit(Searched(actor.who, actor.position, search(world, actor)))


def spring(world: World, actor: Actor, trap: Trap) -> None:
    """``actor`` (the player) stepped on ``trap``."""
    if not actor.is_player or statuses.has(actor, statuses.LEVITATING):
        return
    kind = trap.kind
    if not trap.hidden and not kind.plate:
        world.emit(TrapSprung(actor.who, kind.key, trap.position, avoided=True))
        return
    trap.hidden = False
    world.emit(TrapSprung(actor.who, kind.key, trap.position))
    if kind.effect == "alarm":
        alarm(world, "trap")
    elif kind.effect == "gas":
        gas.release(world, trap.x, trap.y, float(kind.amount))
    elif kind.effect == "status":
        statuses.apply(world, actor, kind.status, kind.turns, "trap")
    if kind.wakes:
        wake(world, trap, kind.wakes)
    if kind.effect == "trapdoor":
        fall(world, actor, "trapdoor")


def wake(world: World, trap: Trap, reach: int) -> None:
    """The monsters within ``reach`` tiles of ``trap`` wake and come for the player (a
    guard too: the click is its signal)."""
    for monster in world.floor.actors.values():
        near = max(abs(monster.x - trap.x), abs(monster.y - trap.y)) <= reach
        if near and monster.alive and not monster.is_player and monster.hostile:
            awareness.alert(world, monster, ALARM_HUNT, "alarm")


def alarm(world: World, cause: str) -> None:
    """Every monster on the floor wakes; the nearest come for the player, so that at
    most ``ALARM_HUNTERS`` hunt them (a guard stays at its post)."""
    player = world.player
    world.emit(Alarm(player.position, cause))
    roused = [
        m
        for m in world.floor.actors.values()
        if m.alive and m.hostile and m.mode not in (Mode.GUARDING, Mode.HUNTING)
    ]
    hunters = sum(
        1 for m in world.floor.actors.values() if m.alive and m.hostile and m.mode == Mode.HUNTING
    )
    roused.sort(key=lambda m: (max(abs(m.x - player.x), abs(m.y - player.y)), m.id))
    for n, monster in enumerate(roused):
        if hunters + n < ALARM_HUNTERS:
            awareness.alert(world, monster, ALARM_HUNT, "alarm")
        elif monster.mode == Mode.ASLEEP:
            awareness.set_mode(world, monster, Mode.WANDERING, "alarm")


def fall(world: World, actor: Actor, cause: str) -> None:
    """Down to the next floor (``cause``: a "trapdoor", a "chasm"), a little hurt by the
    landing."""
    world.descend(cause)
    actor.hp = max(1, actor.hp - TRAPDOOR_DAMAGE)
