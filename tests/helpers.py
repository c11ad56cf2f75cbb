"""Build small floors from ASCII pictures, so scenario tests read like the map they test."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np
import tcod.console
from msgspec.structs import replace

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import DIRECTIONS, Move
from emberdeep.engine.core.actors import HUNT_MEMORY, Actor, ActorKind, Mode
from emberdeep.engine.core.events import Event, MessageKind, Refused
from emberdeep.engine.core.floor import Floor, FloorBuilder, Tile
from emberdeep.engine.play.world import World
from emberdeep.session.narration import narrator_for
from emberdeep.session.setup import floor_builder, new_world
from emberdeep.ui import render
from emberdeep.ui.screens import Push, Result, Screen
from emberdeep.ui.stack import ScreenStack

_TILES = {
    "#": Tile.WALL, ".": Tile.FLOOR, ">": Tile.STAIRS_DOWN, "@": Tile.FLOOR,
    "+": Tile.CLOSED_DOOR, "~": Tile.DEEP_WATER, "%": Tile.LAVA, ":": Tile.CHASM,
    "L": Tile.LOCKED_DOOR, '"': Tile.GRASS, ",": Tile.ASH, "=": Tile.BRIDGE, "/": Tile.LEVER,
    "S": Tile.SEALED_DOOR,
}  # fmt: skip


def floor_from_text(picture: str) -> Floor:
    """``#`` wall, ``.`` floor, ``>`` stairs, ``@`` start (also a floor), ``+`` a closed
    door, ``~`` deep water, ``%`` lava, ``:`` chasm, ``L`` a locked door, ``"`` grass,
    ``,`` ash, ``=`` a bridge, ``/`` a lever, ``S`` a sealed door."""
    rows = [row.strip() for row in picture.strip().splitlines()]
    tiles = np.array([[_TILES[ch] for ch in row] for row in rows], dtype=np.uint8).T
    grid = np.array([list(row) for row in rows]).T
    start = tuple(int(v) for v in np.argwhere(grid == "@")[0])
    stairs_at = np.argwhere(grid == ">")
    stairs = tuple(int(v) for v in stairs_at[0]) if len(stairs_at) else start
    return Floor(tiles, start=(start[0], start[1]), stairs=(stairs[0], stairs[1]))


def world_from_text(picture: str, seed: int = 1) -> World:
    """A world on the pictured floor with the shipped player (30 HP, defense 1, power 2)
    but no starting kit, so tests can give exactly the items they need."""
    hero = replace(loader.load().hero, start_items=())
    return World(seed, lambda depth, rng: floor_from_text(picture), hero=hero)


ORC = ActorKind("orc", "Orc", hp=10, defense=0, power=3, xp=35)
STATUE = ActorKind("statue", "Statue", hp=50, defense=0, power=0, moves="still")


def steps(result: list[Event] | Refused) -> list[Event]:
    """The events of a step that must not have been refused."""
    assert not isinstance(result, Refused), result
    return result


def lines(result: Sequence[Event] | Refused) -> list[tuple[str, MessageKind]]:
    """The log's lines for what a step returned, with the kind each is coloured by."""
    narrator = narrator_for(loader.load())
    if isinstance(result, Refused):
        line = narrator.refusal(result)
        return [(line.text, line.kind)]
    return [(line.text, line.kind) for line in narrator.lines(result)]


def texts(result: Sequence[Event] | Refused) -> list[str]:
    """The log's lines for what a step returned (events, or a refusal), in order."""
    narrator = narrator_for(loader.load())
    if isinstance(result, Refused):
        return [narrator.refusal(result).text]
    return narrator.texts(result)


def add_monster(world: World, kind: ActorKind, x: int, y: int, hunting: bool = True) -> Actor:
    """Put a monster of ``kind`` (made known to the world) on the world's floor, due now,
    already hunting unless told otherwise (a guard stands guard)."""
    floor = world.floor
    world.kinds[kind.key] = kind
    monster = Actor.spawn(max(floor.actors) + 1, kind, x, y)
    monster.next_time = world.time
    if hunting and not kind.guards:
        monster.mode, monster.hunting = Mode.HUNTING, HUNT_MEMORY
    floor.add_actor(monster)
    world.schedule.add(monster)
    return monster


def builder_for(generator: str) -> FloorBuilder:
    """The floor builder a save or replay names, as the game makes it."""
    return floor_builder(Settings(), loader.load(), generator)


def randomly_played(seed: int, turns: int) -> World:
    """A new game with ``turns`` random steps taken (fewer if the player dies)."""
    world = new_world(seed, Settings(), loader.load())
    chooser = np.random.default_rng(seed)
    for _ in range(turns):
        if not world.player.alive:
            break
        world.step(Move(*DIRECTIONS[int(chooser.integers(8))]))
    return world


def drawn_on_stack(
    screen: Screen, console: tcod.console.Console | None = None
) -> tcod.console.Console:
    """``screen`` drawn as the game shows it: on a stack with the screens it was opened
    over (followed through ``parent``), so an overlay has its dimmed backdrop."""
    chain = [screen]
    while (parent := getattr(chain[-1], "parent", None)) is not None:
        chain.append(parent)
    stack = ScreenStack(chain.pop())
    for shown in reversed(chain):
        stack.follow(Push(shown))
    console = console if console is not None else render.new_console()
    stack.draw(console)
    return console


T = TypeVar("T")


def opened(result: Result, kind: type[T]) -> T:
    """The screen of ``kind`` that ``result`` opens over the top one; fails on any other
    result (staying, going back, another screen)."""
    assert isinstance(result, Push) and isinstance(result.screen, kind), result
    return result.screen


def load_fresh() -> loader.Content:
    """The content loaded afresh (past ``loader.load``'s cache), and the cache left empty."""
    loader.load.cache_clear()
    try:
        return loader.load()
    finally:
        loader.load.cache_clear()
