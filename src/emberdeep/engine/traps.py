"""Traps: hidden until found, sprung by the player stepping on them.

A trap lies on a floor tile (``Floor.traps``) and is hidden until found: by searching
(``item_actions.Search``: the eight tiles around, with good odds) or by luck, a small
chance each turn for every hidden trap next to the player. A found trap is shown, the
auto-explorer walks around it, and stepping on it the player steps over it with care:
a known trapdoor in the only corridor back up must not trap a player with the treasure
below for ever. Levitating over a trap does not spring it. What a trap does is its
kind's ``effect`` (content: ``traps.toml``): an alarm that wakes the floor and sets it
hunting, a cloud of gas, a trapdoor to the floor below, or a status (a paralysing dart,
a confusing flash).
Monsters know their own dungeon and never spring traps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from emberdeep.engine import gas, statuses
from emberdeep.engine.actors import Actor
from emberdeep.engine.events import Event, Message, MessageKind
from emberdeep.engine.grammar import Noun

if TYPE_CHECKING:
    from emberdeep.engine.floor import Floor
    from emberdeep.engine.world import World

EFFECTS = ("alarm", "gas", "trapdoor", "status")
NOTICE_CHANCE = 10
"""Percent chance each turn to notice a hidden trap next to you."""
SEARCH_CHANCE = 80
"""Percent chance a search finds each hidden trap around you."""
TRAPDOOR_DAMAGE = 3
ALARM_HUNT = 30
"""Turns an alarm sets every monster hunting the player (as if it had just seen them)."""


@dataclass(frozen=True)
class TrapKind:
    """A trap as content describes it: what it does when sprung, and for how long."""

    key: str
    name: str
    effect: str
    status: str = ""
    turns: int = 0
    amount: int = 0
    """Gas released, as a whole number of tiles' worth."""


@dataclass(slots=True, eq=False)
class Trap:
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


def noun(kind: TrapKind) -> Noun:
    return Noun.named(kind.name)


def hidden_around(floor: Floor, x: int, y: int) -> list[Trap]:
    """Hidden traps on the eight tiles around (x, y)."""
    found = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            trap = floor.traps.get((x + dx, y + dy))
            if trap is not None and trap.hidden and (dx or dy):
                found.append(trap)
    return found


def reveal(traps: list[Trap]) -> list[Event]:
    events: list[Event] = []
    for trap in traps:
        trap.hidden = False
        events.append(Message(f"You find {noun(trap.kind).a}!", MessageKind.DISCOVERY))
    return events


def search(world: World, actor: Actor, chance: int = SEARCH_CHANCE) -> list[Event]:
    """Look for traps around ``actor``: each hidden one is found with ``chance``."""
    near = hidden_around(world.floor, actor.x, actor.y)
    found = [t for t in near if int(world.rng.integers(100)) < chance]
    return reveal(found)


def notice(world: World) -> list[Event]:
    """A player's turn of luck: hidden traps next to them may be noticed. Draws from
    the play stream only when there is one to notice, so trap-free floors play as
    before."""
    floor = world.floor
    if not floor.traps:
        return []
    return search(world, world.player, NOTICE_CHANCE)


def spring(world: World, actor: Actor, trap: Trap) -> list[Event]:
    """``actor`` (the player) stepped on ``trap``."""
    if not actor.is_player or statuses.has(actor, statuses.LEVITATING):
        return []
    if not trap.hidden:
        return [Message(f"You step carefully over {noun(trap.kind).the}.", MessageKind.INFO)]
    trap.hidden = False
    kind = trap.kind
    events: list[Event] = [Message(f"You trigger {noun(kind).a}!", MessageKind.ALERT)]
    if kind.effect == "alarm":
        events += alarm(world)
    elif kind.effect == "gas":
        gas.release(world.floor, trap.x, trap.y, float(kind.amount))
        events.append(Message("Caustic gas billows out!", MessageKind.STATUS))
    elif kind.effect == "status":
        events += statuses.apply(actor, kind.status, kind.turns, world.noun(actor))
    elif kind.effect == "trapdoor":
        events += fall(world, actor, "The floor gives way beneath you!")
    return events


def alarm(world: World) -> list[Event]:
    """Every monster on the floor wakes and comes for the player."""
    for monster in world.floor.actors.values():
        if monster.alive and not monster.is_player:
            monster.asleep = False
            monster.hunting = ALARM_HUNT
    return [Message("A shrill alarm rings out through the level!", MessageKind.ALERT)]


def fall(world: World, actor: Actor, why: str) -> list[Event]:
    """Down to the next floor (a trapdoor, a chasm), a little hurt by the landing."""
    events: list[Event] = [Message(why, MessageKind.STATUS), *world.descend()]
    actor.hp = max(1, actor.hp - TRAPDOOR_DAMAGE)
    events.append(Message("You land hard, and hurt yourself.", MessageKind.ENEMY_ATTACK))
    return events
