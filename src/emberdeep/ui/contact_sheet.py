"""``emberdeep sprites``: every sprite in every state on one labelled PNG.

A designer drawing in sprites.toml needs to see the result without playing until an
ogre turns up. The sheet is drawn on a console and rendered by the game's own tileset
(font and sprites, at the chosen scale) through ``Tileset.render``, so it shows exactly
the pixels the window shows, including a small scene drawn by the real map renderer.
"""

from __future__ import annotations

import numpy as np
import tcod.console
from numpy.typing import NDArray

from emberdeep.content.loader import Content
from emberdeep.engine.core.floor import TILE_NAMES, Floor, Tile
from emberdeep.ui import font, render, sprites

TITLE_FG = (255, 220, 150)
LABEL_FG = (200, 200, 200)
NOTE_FG = (120, 120, 120)
CHECKER = ((56, 56, 64), (40, 40, 46))
"""Background behind sprites shown alone, so their transparent pixels are visible."""
NAME_WIDTH = 18
COLUMN = 8
SCENE_X = NAME_WIDTH + COLUMN * 5 + 2

SCENE = """
##############
#..>.#.......#
#.%..#..o....#
#.@..+..!....#
#..j...[.....#
#.../..O..>..#
#....#.T~....#
##############
"""
"""``+`` is an opening in the inner wall; other letters stand on a floor. Visible cells
are left of column 9; the rest is remembered; the bottom-right corner is unexplored."""
SCENE_THINGS = {
    "@": "player",
    "o": "orc",
    "T": "troll",
    "j": "jackal",
    "O": "ogre",
    "%": "remains",
    "!": "health_potion",
    "~": "fireball_scroll",
    "/": "sword",
    "[": "chain_mail",
}


def _scene_floor() -> tuple[Floor, dict[tuple[int, int], str]]:
    rows = SCENE.strip().splitlines()
    grid = np.array([list(row) for row in rows]).T
    tiles = np.full(grid.shape, Tile.FLOOR, dtype=np.uint8)
    tiles[grid == "#"] = Tile.WALL
    tiles[grid == ">"] = Tile.STAIRS_DOWN
    floor = Floor(tiles, start=(2, 3), stairs=(10, 5))
    floor.explored[...] = True
    floor.explored[9:, 6:] = False
    floor.visible[:9, :] = True
    things = {
        (int(x), int(y)): SCENE_THINGS[str(grid[x, y])]
        for x, y in np.argwhere(np.isin(grid, list(SCENE_THINGS)))
    }
    return floor, things


def _draw_scene(console: tcod.console.Console, content: Content, x: int, y: int) -> None:
    floor, things = _scene_floor()
    view = render.Region(x, y, floor.width, floor.height)
    render.draw_map(console, floor, render.look_table(content, render.TILES), view, (0, 0))
    looks = {**content.looks, "remains": content.remains}
    for pos, name in things.items():
        if floor.visible[pos] and name in looks:
            cell = render.to_screen(pos, view, (0, 0))
            render.draw_entity(console, cell, content, name, looks[name])


def sheet_console(content: Content) -> tcod.console.Console:
    """The contact sheet as console cells (one sprite tile per cell)."""
    atlas = sprites.atlas(content)
    terrain = [*TILE_NAMES, sprites.SHROUD]
    entities = [name for name, state in atlas.codes if state == sprites.ALONE]
    entity_states = [sprites.ALONE, *(sprites.on(t) for t in TILE_NAMES)]
    height = 6 + 2 * (len(terrain) + len(entities)) + 2
    width = max(SCENE_X + 20, NAME_WIDTH + COLUMN * len(entity_states) + 1)
    console = tcod.console.Console(width, height, order="F")
    console.print(1, 0, "Emberdeep sprites: the tiles render mode", fg=TITLE_FG)
    console.print(1, 1, "emberdeep sprites --out FILE [--scale N]", fg=NOTE_FG)

    def header(y: int, title: str, states: list[str]) -> None:
        console.print(1, y, title, fg=TITLE_FG)
        for j, state in enumerate(states):
            label = state.removeprefix("on ").replace("stairs_down", "stairs")
            console.print(NAME_WIDTH + COLUMN * j, y, label[: COLUMN - 1], fg=LABEL_FG)

    y = 3
    header(y, "terrain", ["lit", "dark"])
    for name in terrain:
        y += 2
        console.print(1, y, name, fg=LABEL_FG)
        states = [sprites.SHROUD_STATE] if name == sprites.SHROUD else list(sprites.TERRAIN_STATES)
        bases = {"lit": sprites.LIT_BASE, "dark": sprites.DARK_BASE}
        for j, state in enumerate(states):
            bg = bases.get(state, sprites.SHROUD_BASE)
            console.rgb[NAME_WIDTH + COLUMN * j, y] = (atlas.code(name, state), sprites.WHITE, bg)
    y += 3
    header(y, "creatures, items", ["alone", *(sprites.on(t) for t in TILE_NAMES)])
    for n, name in enumerate(entities):
        y += 2
        console.print(1, y, name, fg=LABEL_FG)
        for j, state in enumerate(entity_states):
            bg = CHECKER[n % 2] if state == sprites.ALONE else sprites.LIT_BASE
            console.rgb[NAME_WIDTH + COLUMN * j, y] = (atlas.code(name, state), sprites.WHITE, bg)
    console.print(SCENE_X, 3, "in play", fg=TITLE_FG)
    _draw_scene(console, content, SCENE_X, 5)
    console.print(SCENE_X, 14, "left: in view", fg=NOTE_FG)
    console.print(SCENE_X, 15, "right: remembered", fg=NOTE_FG)
    console.print(SCENE_X, 16, "corner: unexplored", fg=NOTE_FG)
    return console


def contact_sheet(content: Content, scale: int = 2) -> NDArray[np.uint8]:
    """RGBA pixels of the sheet, rendered with the built-in font at ``scale`` plus the
    sprite tiles: exactly what a window at that ``window_scale`` shows."""
    tileset = font.builtin_tileset(scale)
    problem = sprites.add_to_tileset(tileset, content)
    if problem is not None:  # pragma: no cover - the built-in font always fits
        raise RuntimeError(problem)
    return tileset.render(sheet_console(content))
