"""The environment's ``Discrete`` actions: one number per player command.

The numbering is part of the environment's contract (trained agents depend on it), so
new commands are only ever appended.
"""

from __future__ import annotations

import numpy as np

from emberdeep.engine.acts import targets
from emberdeep.engine.acts.actions import (
    DIRECTIONS,
    LEVEL_UP_STATS,
    Ascend,
    Descend,
    Drop,
    LevelUp,
    Move,
    PickUp,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.acts.item_actions import Search, Throw
from emberdeep.engine.play.world import World
from emberdeep.engine.things.effects import Aim
from emberdeep.engine.things.items import INVENTORY_SIZE

ACTIONS: tuple[str, ...] = (
    *(f"move_{dx}_{dy}" for dx, dy in DIRECTIONS),
    "wait", "pick_up", "descend", "ascend",
    *(f"level_up_{stat}" for stat in LEVEL_UP_STATS),
    *(f"use_{slot}" for slot in range(INVENTORY_SIZE)),
    *(f"drop_{slot}" for slot in range(INVENTORY_SIZE)),
    "search",
    *(f"throw_{slot}" for slot in range(INVENTORY_SIZE)),
    "look",
)  # fmt: skip
"""Action number -> name. ``use_k`` aims an aimed item (a scroll, a wand) at the nearest
foe it can reach (``targets.aim_for``, as the aiming screen's cursor starts), or spends
it on the first worn item it fits, so one number per slot covers targeting too;
``throw_k`` throws one of slot k at the nearest foe a throw reaches (refused, costing
nothing, with none);
``look`` is not a game command: it takes no time and adds what is in view to the
messages (``env/look.py``)."""

NUMBERS: dict[str, int] = {name: number for number, name in enumerate(ACTIONS)}
WAIT = NUMBERS["wait"]
USE_BASE = NUMBERS["use_0"]
DROP_BASE = NUMBERS["drop_0"]
THROW_BASE = NUMBERS["throw_0"]
LOOK = NUMBERS["look"]


def checked(action: object) -> int:
    """``action`` as an action number: a Python or numpy integer (or a 0-d integer
    array) in ``Discrete(len(ACTIONS))``; anything else (a float, a string, a bool, a
    number out of range) is a ``ValueError`` naming it: a bug in the caller, never a
    move in the game (``int()`` would play ``-0.5`` as 0 and ``"3"`` as 3)."""
    if type(action) is int:  # the common case first: no numpy call
        number = action
    elif isinstance(action, np.integer) or (
        isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu"
    ):
        number = int(action)
    else:
        raise ValueError(
            f"an action is an integer in Discrete({len(ACTIONS)}), not {action!r} "
            f"({type(action).__name__})"
        )
    if not 0 <= number < len(ACTIONS):
        raise ValueError(f"action {number} is not in Discrete({len(ACTIONS)})")
    return number


def _fixed() -> dict[int, PlayerCommand]:
    """The commands that need no aim, made once (they are frozen): the moves, wait, pick
    up, the stairs, the level-ups, search. Most steps are one of these."""
    fixed: dict[int, PlayerCommand] = {n: Move(*d) for n, d in enumerate(DIRECTIONS)}
    simple: dict[str, PlayerCommand] = {
        "wait": Wait(), "pick_up": PickUp(), "descend": Descend(), "ascend": Ascend(),
        "search": Search(),
        **{f"level_up_{stat}": LevelUp(stat) for stat in LEVEL_UP_STATS},
    }  # fmt: skip
    return fixed | {NUMBERS[name]: made for name, made in simple.items()}


FIXED = _fixed()


def command(number: int, world: World) -> PlayerCommand | None:
    """The player command behind action ``number`` in ``world``; None for ``look``, which
    is none. Raises ``ValueError`` for a number outside the action space: that is a bug
    in the caller, not a move in the game."""
    fixed = FIXED.get(number)
    if fixed is not None:
        return fixed
    if not 0 <= number < len(ACTIONS):
        raise ValueError(f"action {number} is not in Discrete({len(ACTIONS)})")
    if number == LOOK:
        return None
    if number < len(DIRECTIONS):
        return Move(*DIRECTIONS[number])
    if number >= THROW_BASE:  # (look, the last, is handled above)
        slot = number - THROW_BASE
        if slot >= len(world.inventory):  # refused whatever the aim: none looked for
            return Throw(slot, world.player.position)
        foe = targets.aim_for(world.floor, world.player, world.inventory[slot], throw=True)
        return Throw(slot, world.player.position if foe is None else foe.position)
    if ACTIONS[number] == "search":
        return Search()
    if number >= DROP_BASE:
        return Drop(number - DROP_BASE)
    if number >= USE_BASE:
        slot = number - USE_BASE
        if 0 <= slot < len(world.inventory) and world.inventory[slot].kind.facts.aims is Aim.ITEMS:
            return Use(slot, on=worn_first(world, slot))
        return Use(slot, aim(world, slot))
    name = ACTIONS[number]
    if name.startswith("level_up_"):
        return LevelUp(name.removeprefix("level_up_"))
    simple: dict[str, PlayerCommand] = {
        "wait": Wait(), "pick_up": PickUp(), "descend": Descend(), "ascend": Ascend(),
    }  # fmt: skip
    return simple[name]


def aim(world: World, slot: int) -> tuple[int, int] | None:
    """Where an aimed item in ``slot`` goes: the nearest foe it can reach
    (``targets.aim_for``). None for items that need no aim, or with no foe to reach (the
    world then refuses the scroll, and no time passes)."""
    if not 0 <= slot < len(world.inventory):
        return None
    foe = targets.aim_for(world.floor, world.player, world.inventory[slot])
    return None if foe is None else foe.position


def worn_first(world: World, slot: int) -> int | None:
    """What a scroll spent on an item (in ``slot``) goes to for an agent: the first worn
    item it fits (the weapon, as the kit starts, for enchanting), else nothing (the
    world refuses, or reads it on what it finds)."""
    scroll = world.inventory[slot]
    return next(
        (
            s
            for s, item in enumerate(world.inventory)
            if item.equipped and targets.fits(world, scroll, item)
        ),
        None,
    )


def number(command: PlayerCommand) -> int:
    """The action number that gives ``command`` (a ``Use`` is aimed by the environment,
    so its own target is ignored). Raises ``ValueError`` for a command with no number."""
    match command:
        case Move(dx, dy) if (dx, dy) in DIRECTIONS:
            return DIRECTIONS.index((dx, dy))
        case Wait():
            return WAIT
        case PickUp():
            return NUMBERS["pick_up"]
        case Descend():
            return NUMBERS["descend"]
        case Ascend():
            return NUMBERS["ascend"]
        case LevelUp(stat) if stat in LEVEL_UP_STATS:
            return NUMBERS[f"level_up_{stat}"]
        case Use(slot, _) if 0 <= slot < INVENTORY_SIZE:
            return USE_BASE + slot
        case Drop(slot) if 0 <= slot < INVENTORY_SIZE:
            return DROP_BASE + slot
        case Search():
            return NUMBERS["search"]
        case Throw(slot, _) if 0 <= slot < INVENTORY_SIZE:
            return THROW_BASE + slot
    raise ValueError(f"no action number for {command!r}")
