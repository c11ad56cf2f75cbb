"""The only drawing code: turns the world into cells of a tcod Console.

The map is drawn with one gather: each cell's state (lit, remembered, unseen) and tile
kind index a precomputed table of (glyph, fg, bg) records, so a frame costs the same
whatever the floor holds. Consoles are ``order="F"``: arrays are indexed [x, y] like
the engine's.
"""

from __future__ import annotations

import functools
import weakref
from typing import TYPE_CHECKING

import msgspec
import numpy as np
import tcod.console
from numpy.typing import NDArray

from emberdeep.content.looks import Look
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.floor import REMAINS_KEY, TILE_NAMES, Floor
from emberdeep.engine.core.perception import hidden
from emberdeep.engine.things.identify import Identity, display_key
from emberdeep.ui import allegiance, clouds, sprites
from emberdeep.ui.palette import Color

if TYPE_CHECKING:
    from emberdeep.content.loader import Content

SCREEN_WIDTH = 100
SCREEN_HEIGHT = 52
"""The full console (``ui/layout.py`` places the sidebar, map and log in it)."""


class Region(msgspec.Struct, frozen=True):
    """A rectangle of the console, in cells."""

    x: int
    y: int
    width: int
    height: int
    columns: int = 1
    """Console columns per map tile, for a map view: 2 in the tiles mode with tall cells,
    where each tile is a square sprite drawn as two cells (``sprites.WIDE_BASE``)."""

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    @property
    def across(self) -> int:
        """How many map tiles fit across (``width`` cells at ``columns`` a tile)."""
        return self.width // self.columns


FLOOR_VIEW = Region(0, 0, 80, 45)
"""A whole floor of the default size, at the console's corner (the agent env's frames)."""


def new_console(width: int = SCREEN_WIDTH, height: int = SCREEN_HEIGHT) -> tcod.console.Console:
    return tcod.console.Console(width, height, order="F")


def clear(console: tcod.console.Console) -> None:
    """What ``console.clear()`` does (spaces, white on black), as one copy of a blank
    console's memory: tcod assigns its records field by field, about 60 us a frame for
    the web's 100x52, some 5% of a web game's CPU a key; the copy takes 1-2 us."""
    grid = console.rgba
    rows = grid if grid.flags.c_contiguous else grid.T  # order "F": [x, y] is the transpose
    if not rows.flags.c_contiguous:
        console.clear()
        return
    words = rows.view(np.uint32)
    words[...] = _blank(words.shape)


@functools.cache
def _blank(shape: tuple[int, ...]) -> NDArray[np.uint32]:
    """A cleared console's cells as 32-bit words (code, fg and bg as RGBA bytes), read-only."""
    console = tcod.console.Console(1, 1)
    console.clear()
    cell = console.rgba.view(np.uint32).reshape(-1)
    words: NDArray[np.uint32] = np.tile(cell, shape[-1] // cell.size)
    words = np.broadcast_to(words, shape)
    words.flags.writeable = False
    return words


def _cell(look: Look) -> tuple[int, tuple[int, int, int], tuple[int, int, int]]:
    return (ord(look.glyph), look.fg, look.bg)


TILES = "tiles"
"""The render mode drawn with sprite tiles (ui/sprites.py) instead of font glyphs."""


def untile(console: tcod.console.Console, content: Content) -> None:
    """Turn sprite cells already drawn in ``console`` into their ascii cells, for a
    presenter that cannot show sprites. Dimming (a scaled fg) and highlights (a raised bg)
    applied after drawing are kept."""
    sheet = sprites.atlas(content)
    code = console.ch.astype(np.int64)
    wide = code >= sprites.WIDE_BASE
    index = np.where(wide, (code - sprites.WIDE_BASE) // 2, code - sprites.SPRITE_BASE)
    where = (code >= sprites.SPRITE_BASE) & (index >= 0) & (index < len(sheet))
    if not where.any():
        return
    right = (wide & ((code - sprites.WIDE_BASE) % 2 == 1))[where]
    index = index[where]
    cells = sheet.ascii[index]
    cells["ch"][right] = ord(" ")  # a square sprite's right half: its glyph is on the left
    shade = console.rgb["fg"][where].astype(np.float32) / 255
    raised = console.rgb["bg"][where].astype(np.int32) - sheet.base[index] * shade
    out = console.rgb[where]
    out["ch"] = cells["ch"]
    out["fg"] = np.clip(cells["fg"] * shade, 0, 255)
    out["bg"] = np.clip(cells["bg"] * shade + np.maximum(raised, 0), 0, 255)
    console.rgb[where] = out


@functools.cache
def look_table(content: Content, mode: str) -> NDArray[np.void]:
    """Cells for every (state, tile): lit tiles, then remembered tiles, then the shroud."""
    if mode == TILES:
        sheet = sprites.atlas(content)
        lit, dark = sprites.LIT_BASE, sprites.DARK_BASE
        white = sprites.WHITE
        tiles = [(sheet.code(name, "lit"), white, lit) for name in TILE_NAMES]
        tiles += [(sheet.code(name, "dark"), white, dark) for name in TILE_NAMES]
        shroud = sheet.code(sprites.SHROUD, sprites.SHROUD_STATE)
        tiles.append((shroud, white, sprites.SHROUD_BASE))
        return np.array(tiles, dtype=tcod.console.rgb_graphic)
    looks = content.tiles[mode]
    cells = [_cell(looks[name].lit) for name in TILE_NAMES]
    cells += [_cell(looks[name].dark) for name in TILE_NAMES]
    cells.append(_cell(content.shroud))
    return np.array(cells, dtype=tcod.console.rgb_graphic)


def camera_origin(
    focus: tuple[int, int], floor_size: tuple[int, int], view: Region
) -> tuple[int, int]:
    """Floor coordinate shown at the view's top-left: follows ``focus``, stops at the edges,
    and centres floors smaller than the view."""
    origin = []
    for f, size, span in zip(focus, floor_size, (view.across, view.height), strict=True):
        if size <= span:
            origin.append(-((span - size) // 2))
        else:
            origin.append(min(max(f - span // 2, 0), size - span))
    return origin[0], origin[1]


GROUND_MOST = 1.0
"""Light never draws a background brighter than its tile's own lit colour: creatures and
items keep their colours, and every one must still stand out from the ground it is on
(the palettes' contrast tests); glyphs may be lit brighter (``lights.toml``'s
``brightest``)."""


def draw_map(
    console: tcod.console.Console,
    floor: Floor,
    table: NDArray[np.void],
    view: Region,
    origin: tuple[int, int],
    *,
    light: NDArray[np.float32] | None = None,
) -> None:
    """Terrain as the player knows it: lit where visible, remembered where explored.
    With ``light`` (``ui/lighting.py``: a factor per cell and colour), each cell in view
    is drawn at its light; remembered and unknown cells keep their own dim looks.

    The cells are gathered as raw bytes in the console's own layout, row by row as its
    memory holds them, and copied in as bytes: numpy gathers and assigns records field
    by field, ten times slower (most of the lit frame's cost was there), and a copy
    across the rows' grain was a tenth of a frame."""
    areas = _floor_area(floor, view, origin)
    if areas is None:
        return
    part, (columns, rows) = areas
    tiles = floor.tiles[part].T  # [y, x] from here on: the console's memory order
    visible = floor.visible[part].T
    explored = floor.explored[part].T
    n = len(TILE_NAMES)
    index = np.where(visible, tiles, np.where(explored, tiles + n, 2 * n))
    cells = np.take(_packed(table), index, axis=0)
    records = cells.view(tcod.console.rgba_graphic)[..., 0]
    if light is not None:
        # Only the cells in view are lit: a few hundred, gathered, not the whole view.
        shade = light[part].transpose(1, 0, 2)[visible]
        shown = records[visible]
        shown["fg"][:, :3] = np.minimum(shown["fg"][:, :3] * shade, 255)
        shown["bg"][:, :3] = shown["bg"][:, :3] * np.minimum(shade, GROUND_MOST)
        records[visible] = shown
    if view.columns == 2:
        height, width = records.shape
        wide = np.ascontiguousarray(widen(records.T).T)
        cells = wide.view(np.uint8).reshape(height, 2 * width, -1)
    _cell_rows(console)[rows, columns] = cells


_PACKED: dict[int, tuple[NDArray[np.void], NDArray[np.uint8]]] = {}


def _packed(table: NDArray[np.void]) -> NDArray[np.uint8]:
    """``table``'s cells as the console's records (``rgba_graphic``), one row of bytes
    each; kept per table (tables are cached per content and mode)."""
    kept = _PACKED.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    records = np.zeros(len(table), dtype=tcod.console.rgba_graphic)
    records["ch"] = table["ch"]
    records["fg"][:, :3], records["bg"][:, :3] = table["fg"], table["bg"]
    records["fg"][:, 3] = records["bg"][:, 3] = 255
    packed = records.view(np.uint8).reshape(len(table), -1)
    _PACKED[id(table)] = (table, packed)
    return packed


def _cell_rows(console: tcod.console.Console) -> NDArray[np.uint8]:
    """The console's cells as bytes ``[y, x, 12]``, a view in its memory's order:
    writing it draws."""
    rows: NDArray[np.uint8] = console.rgba.T.view(np.uint8)
    return rows.reshape(console.height, console.width, -1)


def widen(cells: NDArray[np.void]) -> NDArray[np.void]:
    """Map cells ``(w, h)`` as ``(2w, h)``: each sprite as its two halves (a square tile
    over two tall cells), any other cell as its glyph then a blank of its background."""
    wide = np.repeat(cells, 2, axis=0)
    code = cells["ch"]
    sprite = (code >= sprites.SPRITE_BASE) & (code < sprites.WIDE_BASE)
    left = np.where(sprite, sprites.WIDE_BASE + 2 * (code - sprites.SPRITE_BASE), code)
    wide["ch"][0::2] = left
    wide["ch"][1::2] = np.where(sprite, left + 1, ord(" "))
    return wide


def highlight(
    console: tcod.console.Console,
    tile: tuple[int, int] | tuple[slice, int],
    bg: Color,
    fg: Color,
) -> None:
    """A cursor on a map tile: ``bg`` behind, ``fg`` for a glyph. A sprite's pixels are
    its own colours times the cell's fg, so a sprite is tinted towards ``bg`` instead
    (a black fg would blot out the creature being aimed at)."""
    code = console.ch[tile]
    sprite = np.asarray(code >= sprites.SPRITE_BASE)
    tint = (np.array(bg, dtype=np.int32) + 2 * 255) // 3
    console.rgb["bg"][tile] = bg
    console.rgb["fg"][tile] = np.where(sprite[..., None], tint, np.array(fg))


def tile_cells(cell: tuple[int, int], view: Region) -> tuple[slice, int]:
    """The console cells a map tile whose first cell is ``cell`` covers (``columns`` wide),
    as an index: ``console.rgb["bg"][tile_cells(cell, view)] = ...`` colours the tile."""
    return slice(cell[0], cell[0] + view.columns), cell[1]


def to_screen(
    pos: tuple[int, int], view: Region, origin: tuple[int, int]
) -> tuple[int, int] | None:
    """Console cell of a floor position, or None when it is outside the view."""
    x, y = pos[0] - origin[0], pos[1] - origin[1] + view.y
    if not 0 <= x < view.across:
        return None
    x = x * view.columns + view.x
    return (x, y) if view.contains(x, y) else None


def to_floor(cell: tuple[int, int], view: Region, origin: tuple[int, int]) -> tuple[int, int]:
    return (cell[0] - view.x) // view.columns + origin[0], cell[1] - view.y + origin[1]


def draw_glyph(console: tcod.console.Console, cell: tuple[int, int] | None, look: Look) -> None:
    """An entity over the terrain: keeps the tile's background so lit floors stay lit."""
    if cell is not None:
        console.ch[cell] = ord(look.glyph)
        console.fg[cell] = look.fg


def draw_entity(
    console: tcod.console.Console,
    cell: tuple[int, int] | None,
    content: Content,
    key: str,
    look: Look,
    *,
    columns: int = 1,
) -> None:
    """Sprite ``key`` over the terrain sprite already in the cell (tiles mode: the
    composite tile, so the terrain shows around it), else its glyph ``look``. In a view
    of two ``columns`` a tile, a sprite is drawn as both its halves."""
    if cell is None:
        return
    code = sprites.sprite_over(content, key, int(console.ch[cell]))
    if code is None:
        draw_glyph(console, cell, look)
    elif columns == 2:
        left = sprites.wide_code(code)
        x, y = cell
        console.ch[x : x + 2, y] = (left, left + 1)
        console.fg[x : x + 2, y] = sprites.WHITE
    else:
        console.ch[cell] = code
        console.fg[cell] = sprites.WHITE


def draw_actors(
    console: tcod.console.Console,
    floor: Floor,
    content: Content,
    view: Region,
    origin: tuple[int, int],
    *,
    identity: Identity | None = None,
) -> None:
    """What the player can see on the floor: remains, then items (as the player knows
    them: an unknown potion looks like any other), then the living (an ally marked as
    one, ``allegiance``). Remains and items on a found trap are left under it (look
    names them): a corpse on a pressure plate hid the plate from a tester."""
    identity = identity or Identity()
    traps = {t.position for t in floor.traps.values() if not t.hidden} if floor.traps else ()
    actors = list(floor.actors.values())
    xs = np.fromiter((a.x for a in actors), dtype=np.intp, count=len(actors))
    ys = np.fromiter((a.y for a in actors), dtype=np.intp, count=len(actors))
    shown: list[Actor] = [
        actors[i]
        for i in np.flatnonzero(floor.visible[xs, ys])
        if not (actors[i].alive and hidden(floor, actors[i]))
    ]
    for actor in shown:
        if not actor.alive and actor.position not in traps:
            cell = to_screen(actor.position, view, origin)
            draw_entity(console, cell, content, "remains", content.remains, columns=view.columns)
    items = floor.items
    ix = np.fromiter((i.x for i in items), dtype=np.intp, count=len(items))
    iy = np.fromiter((i.y for i in items), dtype=np.intp, count=len(items))
    for n in np.flatnonzero(floor.visible[ix, iy]):
        item = items[n]
        if item.position in traps:
            continue
        key = display_key(identity, item.kind)
        cell = to_screen(item.position, view, origin)
        draw_entity(console, cell, content, key, content.looks[key], columns=view.columns)
    shown.sort(key=lambda a: a.is_player)
    for actor in shown:
        if actor.alive:
            cell = to_screen(actor.position, view, origin)
            draw_entity(
                console, cell, content, actor.kind, content.looks[actor.kind], columns=view.columns
            )
            allegiance.mark(console, cell, actor, view.columns)


OVERLAY_DIM = 0.45
"""How dark whatever lies under an overlay is drawn: the same for every overlay."""


def dim(console: tcod.console.Console, factor: float = OVERLAY_DIM) -> None:
    """Darken everything drawn so far, so what comes next reads as on top of it."""
    for layer in ("fg", "bg"):
        console.rgb[layer] = (console.rgb[layer] * factor).astype(console.rgb[layer].dtype)


def draw_box(
    console: tcod.console.Console, region: Region, title: str, *, fg: Color, bg: Color
) -> None:
    """A framed, filled box with its title set into the top border."""
    console.draw_frame(region.x, region.y, region.width, region.height, fg=fg, bg=bg)
    if title:
        console.print(region.x + 2, region.y, f" {title} ", fg=bg, bg=fg)


REMEMBERED_DIM = 0.5


def draw_surroundings(
    console: tcod.console.Console,
    floor: Floor,
    content: Content,
    view: Region,
    origin: tuple[int, int],
) -> None:
    """Over the terrain, under the creatures: items and remains remembered out of view
    (dimmed), the
    traps found, and gas and fire in view (``clouds.py``)."""
    fg = console.rgb["fg"]  # a view of the cells: what draw_entity draws is in it
    seen = floor.visible.item
    for position, key in floor.seen_items.items():
        cell = to_screen(position, view, origin)
        look = content.remains if key == REMAINS_KEY else content.looks.get(key)
        if cell is not None and not seen(position) and look is not None:
            draw_entity(console, cell, content, key, look, columns=view.columns)
            shown = fg[tile_cells(cell, view)]  # dimmed in place, truncated as astype does
            np.multiply(shown, REMEMBERED_DIM, out=shown, casting="unsafe")
    for trap in floor.traps.values():
        if not trap.hidden and floor.explored[trap.position]:
            cell = to_screen(trap.position, view, origin)
            key = trap.kind.key
            look = content.looks.get(key, Look("^", (255, 255, 255), (0, 0, 0)))
            draw_entity(console, cell, content, key, look, columns=view.columns)
    if floor.gas_active or floor.fire_active:
        areas = _floor_area(floor, view, origin)
        if areas is not None:
            clouds.draw(console, floor, content, *areas, columns=view.columns)


def _floor_area(
    floor: Floor, view: Region, origin: tuple[int, int]
) -> tuple[tuple[slice, slice], tuple[slice, slice]] | None:
    """The part of the floor in the view, and the console cells it is drawn in."""
    ox, oy = origin
    x0, y0 = max(ox, 0), max(oy, 0)
    x1, y1 = min(ox + view.across, floor.width), min(oy + view.height, floor.height)
    if x0 >= x1 or y0 >= y1:
        return None
    cx, cy = view.x + (x0 - ox) * view.columns, view.y + y0 - oy
    cells = slice(cx, cx + (x1 - x0) * view.columns), slice(cy, cy + y1 - y0)
    return (slice(x0, x1), slice(y0, y1)), cells


def draw_fixtures(
    console: tcod.console.Console,
    floor: Floor,
    content: Content,
    view: Region,
    origin: tuple[int, int],
) -> None:
    """Torches, braziers and fungus, where explored: bright in view, dim remembered. In
    the tiles mode each is its sprite over the terrain under it (a torch on its wall)."""
    placed = _fixture_arrays(floor, content)
    near = None if placed is None else _in_view(placed, view, origin)
    if near is None:
        return
    shown = floor.explored[near.xs, near.ys]
    if not shown.any():
        return
    lit = floor.visible[near.xs[shown], near.ys[shown]]
    sx, sy, codes, colors = near.sx[shown], near.sy[shown], near.codes[shown], near.colors[shown]
    dim = np.where(lit, 1.0, REMEMBERED_DIM)[:, None]
    ch = console.ch
    sprite = ch[sx, sy] >= sprites.SPRITE_BASE
    if not sprite.any():  # the ascii mode: every fixture a glyph
        ch[sx, sy] = codes
        console.fg[sx, sy] = (colors * dim).astype(np.uint8)
        return
    glyph = ~sprite
    ch[sx[glyph], sy[glyph]] = codes[glyph]
    console.fg[sx[glyph], sy[glyph]] = (colors[glyph] * dim[glyph]).astype(np.uint8)
    names = [near.names[n] for n in np.flatnonzero(shown)]
    for k in np.flatnonzero(sprite):  # the few torches in the tiles mode's view
        cell = int(sx[k]), int(sy[k])
        look = Look(
            chr(codes[k]), (int(colors[k][0]), int(colors[k][1]), int(colors[k][2])), (0, 0, 0)
        )
        draw_entity(console, cell, content, names[k], look, columns=view.columns)
        tile = tile_cells(cell, view)
        console.rgb["fg"][tile] = (console.rgb["fg"][tile] * dim[k]).astype(np.uint8)


class _Placed(msgspec.Struct, frozen=True):
    """A floor's light fixtures as arrays (x, y, glyph, colour) and their names."""

    xs: NDArray[np.intp]
    ys: NDArray[np.intp]
    codes: NDArray[np.intp]
    colors: NDArray[np.intp]
    names: tuple[str, ...]


class _Near(msgspec.Struct, frozen=True):
    """The fixtures inside a map view at one camera origin: their floor positions, the
    console cells they are drawn in, their glyphs, colours and names."""

    xs: NDArray[np.intp]
    ys: NDArray[np.intp]
    sx: NDArray[np.intp]
    sy: NDArray[np.intp]
    codes: NDArray[np.intp]
    colors: NDArray[np.intp]
    names: tuple[str, ...]


_NEAR: list[tuple[_Placed, Region, tuple[int, int], _Near | None]] = []
"""The last ``_in_view`` asked for: a frame's camera seldom moves (never, on a floor the
view holds whole), so its cells are worked out once, not every frame."""


def _in_view(placed: _Placed, view: Region, origin: tuple[int, int]) -> _Near | None:
    """``placed``'s fixtures inside ``view`` with the camera at ``origin`` (None: none),
    kept for the same fixtures, view and origin."""
    if _NEAR and _NEAR[0][0] is placed and _NEAR[0][1] == view and _NEAR[0][2] == origin:
        return _NEAR[0][3]
    sx = (placed.xs - origin[0]) * view.columns + view.x
    sy = placed.ys - origin[1] + view.y
    inside = (sx >= view.x) & (sy >= view.y)
    inside &= (sx < view.x + view.across * view.columns) & (sy < view.y + view.height)
    near = None
    if inside.any():
        names = tuple(placed.names[n] for n in np.flatnonzero(inside))
        near = _Near(
            placed.xs[inside], placed.ys[inside], sx[inside], sy[inside],
            placed.codes[inside], placed.colors[inside], names,
        )  # fmt: skip
    _NEAR[:] = [(placed, view, origin, near)]
    return near


_FIXTURES: weakref.WeakKeyDictionary[Floor, tuple[object, int, Content, _Placed | None]] = (
    weakref.WeakKeyDictionary()
)


def _fixture_arrays(floor: Floor, content: Content) -> _Placed | None:
    """A floor's fixtures as arrays, made once per floor: a frame draws them in a few
    whole-array steps, not a Python step per torch."""
    fixtures = floor.fixtures
    kept = _FIXTURES.get(floor)
    if kept is not None and kept[0] is fixtures and kept[2] is content and kept[1] == len(fixtures):
        return kept[3]
    known = [
        (pos, n, content.lights.fixtures[n])
        for pos, n in fixtures.items()
        if n in content.lights.fixtures
    ]
    placed = None
    if known:
        placed = _Placed(
            np.array([p[0] for p, _, _ in known], dtype=np.intp),
            np.array([p[1] for p, _, _ in known], dtype=np.intp),
            np.array([ord(f.glyph) for _, _, f in known], dtype=np.intp),
            np.array([f.glyph_color for _, _, f in known], dtype=np.intp),
            tuple(n for _, n, _ in known),
        )
    _FIXTURES[floor] = (fixtures, len(fixtures), content, placed)
    return placed


def bench_turn(console: tcod.console.Console, step: int) -> None:
    """What a turn changes on a drawn play screen, for the frame benches (terminal and
    web): the player and a monster step back or forth, and the turn counter moves."""
    cells = console.rgb
    x = 30 + step % 2
    cells[x + 20, 20] = (ord("@"), (255, 255, 255), (30, 20, 10))
    cells[81 - x, 20] = (ord("."), (200, 180, 110), (30, 20, 10))
    cells[x + 30, 25] = (ord("o"), (63, 127, 63), (30, 20, 10))
    cells[91 - x, 25] = (ord("."), (200, 180, 110), (30, 20, 10))
    console.print(9, 0, f"Turn {step:<6}", fg=(200, 200, 200), bg=(0, 0, 0))
