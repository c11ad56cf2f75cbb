"""The action mask: which of the ``Discrete`` actions the game would take now.

``info["action_mask"]`` (and ``EmberdeepEnv.action_masks()``, what ``sb3_contrib``'s
``MaskablePPO`` calls) is true where the action would not be refused. The rules are the
engine's own: each command's side-effect-free ``refusal`` (a step, the stairs, a level,
a throw), the empty slots (``no_such_item``), worn gear (``facts.worn``: its use puts
it on or takes it off, never refused; thrown, refused until taken off); what only
acting can tell (using any other item: each effect refuses in its own way; picking up:
whether it fits) is tried on a copy of the game (``copy_world``, some 70 to 200 us),
made again only after a trial that acted. The mask is computed on every step, so its
cost counts: with only gear carried (the starting kit) it tries nothing. It is exact for
a player without a status that turns their actions into others (a confused or
paralysed player's moves are masked as if they were not).

A game that is over masks every action (they are all refused); ``look`` is always
allowed otherwise (it takes no time and is never refused).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.acts.actions import (
    DIRECTIONS,
    LEVEL_UP_STATS,
    Ascend,
    Descend,
    LevelUp,
    Move,
    PlayerCommand,
)
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.play.world import World
from emberdeep.engine.saves.snapshot_copy import copy_world
from emberdeep.env import actions

MOVES = tuple(Move(*step) for step in DIRECTIONS)
STAIRS: tuple[tuple[int, Descend | Ascend], ...] = (
    (actions.NUMBERS["descend"], Descend()),
    (actions.NUMBERS["ascend"], Ascend()),
)
LEVEL_UP = LevelUp(LEVEL_UP_STATS[0])
LEVEL_UPS = [actions.NUMBERS[f"level_up_{stat}"] for stat in LEVEL_UP_STATS]
"""A level spent on any of the stats is refused alike (only the stat differs)."""
ALWAYS: NDArray[np.bool_] = np.zeros(len(actions.ACTIONS), dtype=np.bool_)
ALWAYS[[actions.WAIT, actions.NUMBERS["search"], actions.LOOK]] = True
"""Taken whenever the game goes on: waiting, searching, looking."""


def action_mask(world: World, over: bool) -> NDArray[np.bool_]:
    """True for each action the game would take now (see the module's notes); ``over``:
    the episode ended (every action refused)."""
    player = world.player
    if over or player.hp <= 0:
        return np.zeros(len(actions.ACTIONS), dtype=np.bool_)
    mask: NDArray[np.bool_] = ALWAYS.copy()
    for number, move in enumerate(MOVES):
        mask[number] = move.refusal(world, player) is None
    for number, command in STAIRS:
        mask[number] = command.refusal(world, player) is None
    mask[LEVEL_UPS] = LEVEL_UP.refusal(world, player) is None
    carried = len(world.inventory)
    mask[actions.DROP_BASE : actions.DROP_BASE + carried] = True  # a drop is always taken
    tried = []
    for slot, item in enumerate(world.inventory):
        if item.kind.facts.worn:  # put on or taken off: never refused
            mask[actions.USE_BASE + slot] = True
        else:
            tried.append(actions.USE_BASE + slot)
        if item.equipped:  # refused whatever the aim ("take_off_first"): none looked for
            continue
        throw = actions.command(actions.THROW_BASE + slot, world)
        assert isinstance(throw, Throw)
        mask[actions.THROW_BASE + slot] = throw.refusal(world, player) is None
    if world.floor.items_at(*player.position):
        tried.append(actions.NUMBERS["pick_up"])
    trials = Trials(world)
    for number in tried:
        tried_command = actions.command(number, world)
        assert tried_command is not None
        mask[number] = trials.taken(tried_command)
    return mask


class Trials:
    """Commands tried on a copy of a game: a refused one changes nothing, so the copy
    serves the next trial; one taken spoils it, and the next trial gets a new copy."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.copy: World | None = None

    def taken(self, command: PlayerCommand) -> bool:
        """Whether the game would take ``command`` (tried on the copy)."""
        if self.copy is None:
            self.copy = copy_world(self.world)
        if self.copy.perform(self.copy.player, command) is not None:
            return False
        self.copy = None
        return True
