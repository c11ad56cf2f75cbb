"""Aimed uses never choose or strike the player's ally, in any front-end or the env.

The repro of issue 39: the environment aimed a staff of firebolt at the nearest living
creature, the player's ally goblin, and killed it, where the play screen's cursor
picked the orc. Now every front-end asks ``engine/acts/targets.py``."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.agents.bot import Bot
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts import targets
from emberdeep.engine.acts.actions import PlayerCommand, Use
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import Refused
from emberdeep.engine.play.world import World
from emberdeep.engine.things.effects import AIMED
from emberdeep.engine.things.items import Item
from emberdeep.env import actions as numbering
from emberdeep.ui import render
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.targeting import IN_THE_WAY, TargetingScreen
from tests.helpers import ORC, add_monster, world_from_text

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
HALL = """
############
#@.........#
#..........#
#..........#
############
"""
GOBLIN = ORC.__class__("goblin", "Goblin", hp=10, defense=0, power=3, xp=35)
AIMED_KEYS = ("firebolt_staff", "striking_wand", "darts")
"""A staff, a wand and a dart: each as the player aims it (the dart thrown)."""


def scene(
    key: str, ally_at: tuple[int, int], foe_at: tuple[int, int]
) -> tuple[World, Actor, Actor]:
    world = world_from_text(HALL)
    for kind in KINDS.values():
        world.identity.learn(kind)
    world.inventory.append(Item(KINDS[key], count=KINDS[key].bundle or 1))
    ally = add_monster(world, GOBLIN, *ally_at, hunting=False)
    ally.mode = Mode.ALLY
    foe = add_monster(world, ORC, *foe_at, hunting=False)
    world.refresh_fov()
    return world, ally, foe


def env_command(world: World, key: str) -> PlayerCommand | None:
    throw = KINDS[key].facts.thrown
    base = numbering.THROW_BASE if throw else numbering.USE_BASE
    return numbering.command(base, world)


def aimed_at(command: PlayerCommand | None) -> tuple[int, int] | None:
    match command:
        case Use(_, target) | Throw(_, target):
            return target
    return None


@pytest.mark.parametrize("key", AIMED_KEYS)
def test_the_foe_is_chosen_over_a_nearer_ally_out_of_line(key: str) -> None:
    world, ally, foe = scene(key, ally_at=(2, 2), foe_at=(5, 1))
    throw = KINDS[key].facts.thrown
    assert targets.aim_for(world.floor, world.player, world.inventory[0], throw=throw) is foe
    screen = TargetingScreen(PlayScreen.of(world, CONTENT, Settings()), 0, throw=throw)
    assert screen.cursor == foe.position
    command = env_command(world, key)
    assert aimed_at(command) == foe.position
    assert command is not None and isinstance(world.step(command), list)
    assert ally.hp == ally.max_hp


@pytest.mark.parametrize("key", AIMED_KEYS)
def test_an_ally_in_line_shields_the_foe_from_every_front_end(key: str) -> None:
    world, ally, foe = scene(key, ally_at=(3, 1), foe_at=(6, 1))
    throw = KINDS[key].facts.thrown
    assert targets.aim_for(world.floor, world.player, world.inventory[0], throw=throw) is None
    screen = TargetingScreen(PlayScreen.of(world, CONTENT, Settings()), 0, throw=throw)
    assert screen.cursor == world.player.position and screen.warning == IN_THE_WAY
    assert Bot(1).ranged(world) is None
    command = env_command(world, key)
    assert aimed_at(command) not in (ally.position, foe.position)
    if command is not None:
        world.step(command)
    assert ally.hp == ally.max_hp and ally.alive


PIERCING_KEYS = ("lightning_staff", "spear_staff")
"""Staffs whose flight goes on through a creature to the one behind it."""


@pytest.mark.parametrize("key", PIERCING_KEYS)
def test_a_piercing_staff_prefers_the_foe_out_of_the_allys_line(key: str) -> None:
    """Hand play: the cursor started on the nearest orc, behind the player's ally, and
    Enter sent the bolt through the ally. The automatic choice is now the foe whose line
    spares the ally, in the engine, the aiming screen, the bot and the env alike."""
    world, ally, behind = scene(key, ally_at=(3, 1), foe_at=(4, 1))
    clear = add_monster(world, ORC, 5, 3, hunting=False)
    world.refresh_fov()
    assert targets.aim_for(world.floor, world.player, world.inventory[0]) is clear
    screen = TargetingScreen(PlayScreen.of(world, CONTENT, Settings()), 0)
    assert screen.cursor == clear.position
    assert Bot(1).ranged(world) in (None, Use(0, clear.position))
    command = env_command(world, key)
    assert aimed_at(command) == clear.position
    planned = targets.plan(world.floor, world.player, world.inventory[0], clear.position)
    assert not isinstance(planned, Refused)
    assert clear in planned.struck and ally not in planned.struck
    assert behind not in planned.struck


@pytest.mark.parametrize("key", PIERCING_KEYS)
def test_a_piercing_staff_with_every_foe_behind_the_ally_waits_for_the_player(key: str) -> None:
    """No foe in a line that spares the ally: no automatic choice, the cursor waits to be
    moved, and moved onto the foe it warns of the ally first."""
    world, _, foe = scene(key, ally_at=(3, 1), foe_at=(5, 1))
    assert targets.aim_for(world.floor, world.player, world.inventory[0]) is None
    screen = TargetingScreen(PlayScreen.of(world, CONTENT, Settings()), 0)
    assert screen.cursor == world.player.position and not screen.chosen
    assert screen.warning == IN_THE_WAY
    screen.set_cursor(foe.position)
    assert "your goblin" in screen.friends_struck()
    assert aimed_at(env_command(world, key)) is None


def test_the_env_no_longer_fires_a_staff_of_firebolt_at_the_ally_goblin() -> None:
    """The repro: the ally nearer, the orc beside it in view; the env's ``use`` kills
    the orc's neighbour no more."""
    world, ally, foe = scene("firebolt_staff", ally_at=(2, 1), foe_at=(3, 3))
    ally.hp = 1  # one bolt would kill it ("You feel a sense of loss.")
    command = numbering.command(numbering.USE_BASE, world)
    assert aimed_at(command) == foe.position
    assert command is not None
    world.step(command)
    assert ally.alive


def test_the_bot_aims_its_wand_at_the_foe_not_the_ally() -> None:
    world, _, foe = scene("striking_wand", ally_at=(2, 2), foe_at=(5, 1))
    assert Bot(1).ranged(world) == Use(0, foe.position)


AIMED_KINDS = sorted(k for k, kind in KINDS.items() if kind.facts.aims in AIMED)


def tinted_path(
    play: PlayScreen, screen: TargetingScreen, cells: tuple[tuple[int, int], ...]
) -> bool:
    """Whether the screen, drawn over ``play``, tints each of ``cells`` (the path it
    previews)."""
    console = render.new_console()
    play.draw(console)
    plain = console.rgb["bg"].copy()
    screen.draw(console)
    origin, view = play.origin(), play.layout.map
    shown = [render.to_screen(cell, view, origin) for cell in cells]
    return all(c is not None and not np.array_equal(console.rgb["bg"][c], plain[c]) for c in shown)


@pytest.mark.parametrize("key", AIMED_KINDS)
def test_every_aimed_kind_draws_its_path(key: str) -> None:
    """Every kind aimed on the map previews what the engine will do (the staff of
    lightning included, which the old screen, choosing by effect name, left bare): what
    flies, its path to where it stops; what strikes its cell directly, no path."""
    world, _, foe = scene(key, ally_at=(2, 3), foe_at=(6, 1))
    play = PlayScreen.of(world, CONTENT, Settings(lighting=False))
    screen = TargetingScreen(play, 0)
    screen.cursor = foe.position
    cells = screen.flight(screen.cursor)
    if KINDS[key].facts.flight is None:
        assert cells == ()
        return
    assert cells[0] == (2, 1) and len(cells) >= 4
    assert tinted_path(play, screen, cells)


def test_the_staff_of_lightning_is_aimed_and_flies() -> None:
    assert "lightning_staff" in AIMED_KINDS and KINDS["lightning_staff"].facts.flight is not None
