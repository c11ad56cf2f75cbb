"""Every screen of the game, rendered headless to PNG: ``emberdeep screenshots --out DIR``.

A screen nobody has looked at is not done, and looking means every overlay, in every
render mode, at the window's size and at 80x24. This drives a real seeded game through
the real screens (the bot plays until something is in view, then keys open each
overlay), draws each through the screen stack exactly as the presenters do, and turns
the console into pixels with the window's own tileset (the project's font and sprites).

``layout_problems`` reads a drawn console back: every framed box must be whole (four
corners, unbroken edges), which fails when a box is cut at the console's edge, when one
box is drawn over another, and when text runs out of its frame. ``cut_problems`` names
every text the screen did not show whole: each cut the renderer's one fitting function
made (``ui/fitting.py`` records them while ``watching``), and each text printed past the
console's edge (a ``CheckedConsole`` notes what tcod would drop silently). The command
and the tests run both on every screen at every size.
"""

from __future__ import annotations

import copy
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import tcod.console
import tcod.constants
import tcod.tileset

from emberdeep.agents.bot import Bot, take_turn
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.content.loader import Content
from emberdeep.content.looks import RENDER_MODES
from emberdeep.content.palettes import DEFAULT
from emberdeep.engine.acts import targets
from emberdeep.engine.core.events import Area, Cell, Died, Missile, Who
from emberdeep.engine.core.flight import fly
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.terrain import burst, fire, gas
from emberdeep.engine.things.effects import BOLT
from emberdeep.engine.things.items import Item
from emberdeep.session.game import SAVE_GONE, GameSetup
from emberdeep.session.setup import new_world
from emberdeep.ui import fitting, font, layout, motion, png, sprites
from emberdeep.ui.app import App
from emberdeep.ui.input import KeyPress
from emberdeep.ui.menu import LETTERS
from emberdeep.ui.screens import Push, Screen
from emberdeep.ui.screens.game_over import GameOverScreen
from emberdeep.ui.screens.main_menu import MainMenu, start_game
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.stack import ScreenStack

TALL_TERMINAL = (100, 34)
"""A terminal as wide as the window but short: the compact layout at full width."""
SIZES = (layout.FULL_SIZE, TALL_TERMINAL, layout.MIN_SIZE)
SEED = 2026
WARM_UP_TURNS = 4000
"""At most this many bot turns to find a moment with a monster and an item in view."""
SCENE_DEPTHS = 12
"""How deep a scene (a torch, lava) is looked for in one game."""
SCENE_SEEDS = 6
"""How many games (``SEED`` and the next) a scene is looked for in: which floors hold a
bridge or a lever depends on the content, not on what the screenshot shows."""
SCENE_TRIES = 20
"""Torches or lava cells tried for a place to stand in sight of one."""
AIMED_ITEM = "fireball_scroll"
THROWN_ITEM = "darts"
"""Given to the player for the aiming screen (a throw's flight drawn to the cursor)."""
"""Given to the player so the targeting screen has something to aim."""

BOXES = (("┌", "┐", "└", "┘", "─", "│"), ("╔", "╗", "╚", "╝", "═", "║"))
EDGE_MARKS = frozenset("▲▼")
"""Drawn on a box's right edge by a scrolled menu."""

Shot = tuple[str, ScreenStack]
"""A screen's file name (without size and mode) and the stack that shows it."""


def layout_problems(console: tcod.console.Console) -> list[str]:
    """Every framed box in ``console`` that is not whole, in words ([] when all are)."""
    ch = console.ch
    height = console.height
    problems = []
    for top_left, top_right, bottom_left, bottom_right, _, side in BOXES:
        for found_x, found_y in zip(*np.nonzero(ch == ord(top_left)), strict=True):
            x, y = int(found_x), int(found_y)
            row = [chr(c) for c in ch[x + 1 :, y]]
            if top_right not in row:
                problems.append(f"box at {x},{y}: no top-right corner (cut at the edge?)")
                continue
            right = x + 1 + row.index(top_right)
            bottom = y + 1
            while bottom < height and chr(ch[x, bottom]) == side:
                bottom += 1
            if bottom >= height or chr(ch[x, bottom]) != bottom_left:
                problems.append(f"box at {x},{y}: left edge broken at row {bottom}")
                continue
            for edge_y in range(y + 1, bottom):
                if chr(ch[right, edge_y]) != side and chr(ch[right, edge_y]) not in EDGE_MARKS:
                    problems.append(f"box at {x},{y}: right edge broken at row {edge_y}")
                    break
            else:
                if chr(ch[right, bottom]) != bottom_right:
                    problems.append(f"box at {x},{y}: no bottom-right corner at {right},{bottom}")
    return problems


class CheckedConsole(tcod.console.Console):
    """A console that notes every text printed past its edges: tcod drops what falls off
    without a word, and a line that ends at the console's edge mid-word is a cut."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height, order="F")
        self.clipped: list[str] = []

    def print(self, x: int, y: int, text: str = "", *args: Any, **kwargs: Any) -> int:
        """tcod's ``print``, noting a left-aligned text without a width (the game's only
        kind) that does not fit between ``x`` and the console's edge."""
        shown = (text or str(kwargs.get("string", ""))).rstrip()
        alignment = args[3] if len(args) > 3 else kwargs.get("alignment", tcod.constants.LEFT)
        plain = kwargs.get("width") is None and alignment == tcod.constants.LEFT
        if plain and shown and (x < 0 or x + len(shown) > self.width or not 0 <= y < self.height):
            self.clipped.append(f"text at {x},{y} runs off the console: {shown!r}")
        return super().print(x, y, text, *args, **kwargs)


def cut_problems(console: CheckedConsole, cuts: list[fitting.Cut]) -> list[str]:
    """Every text the screen did not show whole, in words ([] when none was cut)."""
    return [*(f"cut text: {cut}" for cut in cuts), *console.clipped]


def draw_checked(stack: ScreenStack, size: tuple[int, int]) -> tuple[CheckedConsole, list[str]]:
    """``stack`` drawn on a console of ``size``, and everything wrong with it: boxes that
    are not whole and text that was cut."""
    console = CheckedConsole(*size)
    with fitting.watching() as cuts:
        stack.draw(console)
    return console, [*layout_problems(console), *cut_problems(console, cuts)]


def pressed(first: Screen, *keys: str) -> ScreenStack:
    """A stack showing ``first``, after ``keys`` were pressed on it as a player would."""
    stack = ScreenStack(first)
    for key in keys:
        stack.handle(KeyPress(key))
    return stack


def choose(menu: MainMenu, label: str) -> ScreenStack:
    """The title with its menu's option that starts with ``label`` chosen by its letter."""
    labels = [option.label for option in menu.menu.options]
    index = next(i for i, text in enumerate(labels) if text.startswith(label))
    return pressed(menu, LETTERS[index])


def stack_of(*screens: Screen) -> ScreenStack:
    """A stack showing ``screens`` bottom first, as the game would have pushed them."""
    first, *rest = screens
    stack = ScreenStack(first)
    for screen in rest:
        stack.follow(Push(screen))
    return stack


def interesting_moment(play: PlayScreen) -> None:
    """Let the bot play until a monster and an item are in view at once (or give up)."""
    world = play.world
    bot = Bot(0)
    for _ in range(WARM_UP_TURNS):
        floor = world.floor
        monsters = [a for a in floor.actors.values() if a.alive and in_sight(floor, a)]
        items = [i for i in floor.items if floor.visible[i.position]]
        if len(monsters) > 1 and items and world.depth > 1:
            return
        take_turn(play.driver, bot)
        if world.over:
            raise RuntimeError("the bot died before the screenshots were taken")


def title_shots(app: App) -> Iterator[Shot]:
    title = MainMenu(app)
    yield "title", stack_of(title)
    yield "seed-prompt", choose(title, "New game with")
    yield "options", choose(title, "Options")
    yield "saved-games", choose(title, "Saved games")
    yield "hall-of-fame", choose(title, "Hall of fame")


def play_shots(play: PlayScreen, content: Content) -> Iterator[Shot]:
    """The play screen and everything opened over it (the caller restores the world)."""
    yield "play", stack_of(play)
    for key, name in (("i", "inventory"), ("d", "drop"), ("c", "character"), ("v", "history"),
                      ("?", "help"), (";", "look"), ("Q", "confirm-quit")):  # fmt: skip
        yield name, pressed(play, key)
    world = play.world
    kind = next(k for k in content.population.items.kinds if k.key == AIMED_ITEM)
    world.inventory.append(Item(kind))
    world.identity.learn(kind)
    yield "targeting", pressed(play, "i", LETTERS[len(world.inventory) - 1])
    world.inventory.pop()
    darts = next(k for k in content.population.items.kinds if k.key == THROWN_ITEM)
    world.inventory.append(Item(darts))
    world.identity.learn(darts)
    aiming = pressed(play, "t")
    aiming.handle(KeyPress(play.letters.of(world.inventory)[-1]))
    yield "aiming", aiming
    yield "details-item", pressed(play, "i", "?")
    world.inventory.pop()
    yield "details-monster", pressed(play, ";", "?")
    player = world.player
    xp, player.xp = player.xp, world.xp_to_next
    levelling = stack_of(play)
    levelling.follow(play.next_screen(play.driver.state))
    yield "level-up", levelling
    player.xp = xp


def _target(play: PlayScreen) -> tuple[int, int]:
    """The nearest foe in view (``targets.targets``), else a cell a few steps from the
    player."""
    world = play.world
    found = targets.targets(world.floor, world.player, None)
    return found[0].position if found else (world.player.x + 3, world.player.y)


def bolt(play: PlayScreen) -> motion.Film:
    """A wand's bolt halfway from the player to the nearest foe in view."""
    world = play.world
    player = world.player
    path = fly(world.floor, player.position, _target(play), BOLT).cells
    film = motion.film([Missile(player.who, path, "bolt")], play.content)
    assert film is not None
    film.frame = len(path) // 2
    return film


def explosion(play: PlayScreen) -> motion.Film:
    """A fireball blooming around the nearest creature in view, two frames in."""
    world = play.world
    floor, (tx, ty) = world.floor, _target(play)
    near = np.zeros(floor.size, dtype=np.bool_)
    near[max(tx - 2, 0) : tx + 3, max(ty - 2, 0) : ty + 3] = True
    found = np.argwhere(near & floor.visible & floor.transparent).tolist()
    cells = tuple((x, y) for x, y in found)
    event = Area(world.player.who, (tx, ty), cells, "fire")
    film = motion.film([event], play.content)
    assert film is not None
    film.frame = 2
    return film


def motion_shots(play: PlayScreen, settings: Settings) -> Iterator[Shot]:
    """A bolt in flight and an explosion, each a frame of the film the game shows."""
    for name, make in (("bolt", bolt), ("explosion", explosion)):
        shot = PlayScreen(play.game, play.content, settings)
        shot.film = make(shot)
        yield name, stack_of(shot)


def scene(content: Content, settings: Settings, near: Callable[[Floor], list[Cell]]) -> PlayScreen:
    """A new game, taken down to the first floor where ``near`` finds something, the
    player standing a few steps from the first of it (a torch, lava)."""
    for seed in range(SEED, SEED + SCENE_SEEDS):
        world = new_world(seed, settings, content)
        while not near(world.floor) and world.depth < SCENE_DEPTHS:
            world.change_floor(world.depth + 1)
        if near(world.floor):
            break
    floor = world.floor
    open_cells = np.argwhere(floor.walkable & (floor.occupant == 0)).tolist()
    for tx, ty in near(floor)[:SCENE_TRIES]:
        for x, y in open_cells:
            if 2 <= max(abs(x - tx), abs(y - ty)) <= 3:
                floor.move_actor(world.player, x, y)
                world.refresh_fov()
                if floor.visible[tx, ty]:
                    return PlayScreen.of(world, content, settings)
    return PlayScreen.of(world, content, settings)


def light_shots(content: Content, settings: Settings) -> Iterator[Shot]:
    """A room lit by a torch, and lava's glow."""

    def torches(floor: Floor) -> list[Cell]:
        return [p for p, name in floor.fixtures.items() if name == "torch"]

    def lava(floor: Floor) -> list[Cell]:
        return [(x, y) for x, y in np.argwhere(floor.tiles == Tile.LAVA).tolist()]

    yield "torch", stack_of(scene(content, settings, torches))
    yield "lava", stack_of(scene(content, settings, lava))
    yield from hazard_shots(content, settings)


def hazard_shots(content: Content, settings: Settings) -> Iterator[Shot]:
    """Fire spreading over grass, a few turns after a potion of incineration burst on
    it; and clouds of caustic and confusing gas drifting, with darkness beside them."""

    def grass(floor: Floor) -> list[Cell]:
        """Grass cells, the heart of the thickest meadow first."""
        grown = (floor.tiles == Tile.GRASS).astype(np.int32)
        padded = np.pad(grown, 3)
        near = np.zeros(floor.size, dtype=np.int32)
        for dx in range(-3, 4):
            for dy in range(-3, 4):
                near += padded[3 + dx : 3 + dx + floor.width, 3 + dy : 3 + dy + floor.height]
        cells = np.argwhere(grown > 0).tolist()
        return sorted(((x, y) for x, y in cells), key=lambda c: -int(near[c]))

    burning = scene(content, settings, grass)
    world = burning.world
    seen = [c for c in grass(world.floor) if world.floor.visible[c]]
    if seen:
        burst.burst(world, seen[0], burst.FIRE, amount=0, radius=1, who=None)
        for _ in range(2):  # the fire's own turns, with nobody acting
            fire.turn(world)
    yield "fire", stack_of(burning)
    clouded = scene(content, settings, grass)
    world = clouded.world
    px, py = world.player.position
    open_ = np.argwhere(world.floor.visible & world.floor.walkable).tolist()
    ring = [c for c in open_ if 3 <= max(abs(c[0] - px), abs(c[1] - py)) <= 6] or open_
    places = [ring[0]]
    while len(places) < 3:  # each as far from the others as the ring allows
        places.append(
            max(ring, key=lambda c: min(abs(c[0] - p[0]) + abs(c[1] - p[1]) for p in places))
        )
    for (x, y), name in zip(places, ("caustic", "confusion", "darkness"), strict=True):
        gas.release(world, x, y, 6.0, name)
    for _ in range(4):  # the clouds' own turns
        gas.spread(world.floor)
    world.refresh_fov()
    yield "gas", stack_of(clouded)


def setpiece_shots(content: Content, settings: Settings) -> Iterator[Shot]:
    """The set pieces' terrain in view: a bridge over a chasm, a sealed door, its lever,
    a pressure plate before a vault (``mapgen/setpiece_forms.py``)."""

    def tiles(kind: int) -> Callable[[Floor], list[Cell]]:
        return lambda floor: [(x, y) for x, y in np.argwhere(floor.tiles == kind).tolist()]

    def plates(floor: Floor) -> list[Cell]:
        return [p for p, trap in floor.traps.items() if trap.kind.plate]

    yield "bridge", stack_of(scene(content, settings, tiles(Tile.BRIDGE)))
    yield "sealed-door", stack_of(scene(content, settings, tiles(Tile.SEALED_DOOR)))
    yield "lever", stack_of(scene(content, settings, tiles(Tile.LEVER)))
    yield "plate", stack_of(scene(content, settings, plates))


def ending_shots(play: PlayScreen) -> Iterator[Shot]:
    """The end of a game, lost and won, as its box shows it (drawn, not played: the
    session is left alone)."""
    world = play.world
    folder = Path.home() / ".local" / "share" / "emberdeep"
    notes = [
        "You rank #3 in the hall of fame.",
        "Morgue file: morgue/morgue-2026-11-26-013512-seed2026.txt.",
        "Replay: replays/replay-2026-11-26-013512-seed2026.json.",
        f"In the data folder {folder}.",
    ]
    dead = copy.copy(world)
    dead.death = Died(world.player.who, world.player.position, _killer(play), "")
    over = GameOverScreen(dead, play.log, notes=[*notes, SAVE_GONE[False]], content=play.content)
    yield "game-over", stack_of(play, over)
    won = copy.copy(world)
    won.won = True
    victory = GameOverScreen(won, play.log, notes=[*notes, SAVE_GONE[True]], content=play.content)
    yield "victory", stack_of(play, victory)


def _killer(play: PlayScreen) -> Who | None:
    """A creature in view, to be named as the killer."""
    world = play.world
    for actor in world.floor.actors.values():
        if actor.alive and actor is not world.player and in_sight(world.floor, actor):
            return actor.who
    return None


def render_all(
    out: Path,
    *,
    modes: tuple[str, ...] = RENDER_MODES,
    png_files: bool = True,
    palette: str = DEFAULT,
) -> dict[str, list[str]]:
    """Write every screen at every size (and each map screen in each of ``modes``) into
    ``out``, in colour ``palette`` (named in the files unless the default); return each
    file's layout problems by name."""
    out.mkdir(parents=True, exist_ok=True)
    content = loader.load().recoloured(palette)
    tileset = window_tileset(content) if png_files else None
    found: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="emberdeep-shots-") as data:
        for mode in modes:
            settings = Settings(render_mode=mode, palette=palette)
            app = App(content, settings, data=Path(data))
            app.title = lambda message, app=app: MainMenu(app, message)
            setup = GameSetup(content, settings, Path(data))
            play = start_game(app, setup.new_game(SEED))
            interesting_moment(play)
            shots: list[Shot] = [*play_shots(play, content)]
            shots += motion_shots(play, settings)
            shots += light_shots(content, settings)
            shots += setpiece_shots(content, settings)
            if mode == modes[0]:
                shots += title_shots(app)
            shots += ending_shots(play)
            for name, stack in shots:
                for size in SIZES:
                    file = f"{size[0]}x{size[1]}-{mode}-{name}.png"
                    if palette != DEFAULT:
                        file = f"{palette}-{file}"
                    console, found[file] = draw_checked(stack, size)
                    if tileset is not None:
                        png.write_png(out / file, tileset.render(console))
                        (out / file).with_suffix(".txt").write_text(text_of(console), "utf-8")
            app.game = None
            print(f"screenshots: {mode} done, {len(found)} files so far", file=sys.stderr)
    return found


def text_of(console: tcod.console.Console) -> str:
    """The screen's characters, a line a row (sprites, which have no character, as the
    ascii glyph of what they show)."""
    ch = console.ch.T
    rows = ["".join(chr(c) if c < sprites.SPRITE_BASE else "?" for c in row) for row in ch]
    return "\n".join(row.rstrip() for row in rows) + "\n"


def window_tileset(content: Content) -> tcod.tileset.Tileset:
    """The window's own tileset: the project's 8x16 font and the sprites."""
    tileset = font.builtin_tileset(1, font.DEFAULT_FONT_SIZE)
    problem = sprites.add_to_tileset(tileset, content)
    if problem is not None:  # cannot happen with the built-in font
        raise RuntimeError(problem)
    return tileset


def main(out: Path, report: Callable[[str], None] = print, *, palette: str = DEFAULT) -> int:
    """The command: write the PNGs, list them, and fail if any layout is broken or any
    text is cut."""
    found = render_all(out, palette=palette)
    bad = {name: problems for name, problems in found.items() if problems}
    for name in sorted(found):
        report(f"{out / name}" + (f"  BROKEN: {'; '.join(bad[name])}" if name in bad else ""))
    report(f"{len(found)} screens written to {out}; {len(bad)} with layout problems or cut text.")
    return 1 if bad else 0
