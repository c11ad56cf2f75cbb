"""Motion from events: what the player perceived in a command, played over the map.

The turn driver reports the events of each command (``engine/core/events.py``); this turns
them into a short film, frame by frame, drawn over the world as it is after the command:
a missile or a bolt flies along its path a cell a frame, a blow or a wound flashes the
struck cell, an area effect blooms outward from its centre, the dead fade from their
cell. Each frame is a few marks (cells as arrays, a glyph, a colour, a tint), drawn with
numpy. Effects follow one another in the order they happened (the dart flies, then the
kobold it hit flashes), so a film is as long as what it shows, capped at ``MOST_FRAMES``.

Motion is presentation only, the same in every front-end: the play screen ticks it
(``tick_seconds`` is the speed setting's frame time while a film runs) and any key
finishes it at once and is then acted on (``PlayScreen.handle``), so it never holds up
play.
"""

from __future__ import annotations

import msgspec
import numpy as np
import tcod.console
from numpy.typing import NDArray

from emberdeep.content.loader import Content
from emberdeep.engine.core.events import Area, Attacked, Died, Event, Hurt, Missile
from emberdeep.ui.palette import Color
from emberdeep.ui.render import Region

SPEEDS: dict[str, float | None] = {"normal": 0.03, "fast": 0.015, "slow": 0.06, "off": None}
"""Seconds a frame is shown, by the ``animation`` setting (None: no motion)."""
MOST_FRAMES = 60
"""A film never runs longer (a long run of events is cut, not slowed)."""
FLASH_FRAMES = 4
FADE_FRAMES = 6
BLOOM_HOLD = 3
"""Frames an area's cell stays lit after the bloom reaches it."""

MISSILE_COLORS: dict[str, Color] = {
    "arrow": (210, 190, 150),
    "spark": (255, 220, 120),
    "bolt": (150, 200, 255),
    "lightning": (200, 230, 255),
    "thrown": (230, 230, 230),
}
AREA_COLORS: dict[str, Color] = {
    "fire": (255, 110, 20),
    "gas": (130, 210, 50),
    "light": (255, 250, 210),
}
HIT_COLOR: Color = (255, 40, 30)
MISS_COLOR: Color = (160, 160, 160)
DEFAULT_COLOR: Color = (255, 255, 255)


class Mark(msgspec.Struct, frozen=True):
    """Cells drawn alike in one frame: a glyph (or the cell's own) in ``fg`` (or the
    cell's own), and the cell's colours pulled toward ``tint`` by ``amount`` (0-1)."""

    xs: NDArray[np.intp]
    ys: NDArray[np.intp]
    glyph: str = ""
    fg: Color | None = None
    tint: Color | None = None
    amount: NDArray[np.float32] | float = 0.0


class Film(msgspec.Struct):
    """The frames of one command's events, and the one being shown."""

    frames: list[list[Mark]] = msgspec.field(default_factory=list)
    frame: int = 0

    @property
    def done(self) -> bool:
        return self.frame >= len(self.frames)

    def advance(self) -> None:
        self.frame += 1

    def draw(self, console: tcod.console.Console, view: Region, origin: tuple[int, int]) -> None:
        """The current frame's marks over what is drawn, inside ``view``."""
        if self.done:
            return
        for mark in self.frames[self.frame]:
            _draw_mark(console, mark, view, origin)


def _draw_mark(
    console: tcod.console.Console, mark: Mark, view: Region, origin: tuple[int, int]
) -> None:
    xs = (mark.xs - origin[0]) * view.columns + view.x
    ys = mark.ys - origin[1] + view.y
    inside = (xs >= view.x) & (ys >= view.y) & (xs < view.x + view.across * view.columns)
    inside &= ys < view.y + view.height
    if not inside.any():
        return
    xs, ys = xs[inside], ys[inside]
    if mark.glyph:
        console.ch[xs, ys] = ord(mark.glyph)
        for right in range(1, view.columns):  # a tile's other cells: its ground, no sprite
            console.ch[xs + right, ys] = ord(" ")
    if mark.fg is not None:
        console.fg[xs, ys] = mark.fg
    if mark.tint is not None:
        amount = mark.amount
        if isinstance(amount, np.ndarray):
            amount = amount[inside][:, None]
        if view.columns > 1:  # the whole tile is tinted
            xs = np.concatenate([xs + i for i in range(view.columns)])
            ys = np.tile(ys, view.columns)
            if isinstance(amount, np.ndarray):
                amount = np.tile(amount, (view.columns, 1))
        tint = np.asarray(mark.tint, dtype=np.float32)
        for layer in (console.bg, console.fg) if not mark.glyph else (console.bg,):
            old = layer[xs, ys].astype(np.float32)
            layer[xs, ys] = (old + (tint - old) * amount).astype(np.uint8)


def _cells(
    cells: list[tuple[int, int]] | tuple[tuple[int, int], ...],
) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    array = np.array(cells, dtype=np.intp).reshape(-1, 2)
    return array[:, 0], array[:, 1]


ARROWS = {(0, 1): "|", (0, -1): "|", (1, 0): "-", (-1, 0): "-"}


def missile_glyph(form: str, step: tuple[int, int]) -> str:
    """An arrow points along its flight; a bolt or a spark is a star."""
    if form != "arrow":
        return "*"
    dx, dy = (int(np.sign(step[0])), int(np.sign(step[1])))
    return ARROWS.get((dx, dy), "/" if dx * dy < 0 else "\\")


class Cutter:
    """Builds a film: effects are laid on frames from a moving start, one after another."""

    def __init__(self) -> None:
        self.frames: list[list[Mark]] = []
        self.start = 0

    def put(self, frame: int, mark: Mark) -> None:
        if frame >= MOST_FRAMES:
            return
        while len(self.frames) <= frame:
            self.frames.append([])
        self.frames[frame].append(mark)

    def missile(self, event: Missile, content: Content) -> None:
        path = event.path
        if not path:
            return
        glyph, color = "", MISSILE_COLORS.get(event.form, DEFAULT_COLOR)
        if event.thing is not None and event.form == "thrown":
            key = event.thing.look or event.thing.kind
            look = content.looks.get(key) or content.looks.get(event.thing.kind)
            if look is not None:
                glyph, color = look.glyph, look.fg
        for i, cell in enumerate(path):
            before, after = path[max(i - 1, 0)], path[min(i + 1, len(path) - 1)]
            step = (after[0] - before[0], after[1] - before[1])
            xs, ys = _cells([cell])
            self.put(self.start + i, Mark(xs, ys, glyph or missile_glyph(event.form, step), color))
        self.start += len(path)

    def flash(self, cell: tuple[int, int], color: Color) -> None:
        xs, ys = _cells([cell])
        for i in range(FLASH_FRAMES):
            self.put(self.start + i, Mark(xs, ys, tint=color, amount=0.7 * (1 - i / FLASH_FRAMES)))

    def bloom(self, event: Area) -> None:
        cells = event.cells or (event.centre,)
        xs, ys = _cells(cells)
        reach = np.maximum(np.abs(xs - event.centre[0]), np.abs(ys - event.centre[1]))
        color = AREA_COLORS.get(event.form, DEFAULT_COLOR)
        widest = int(reach.max(initial=0))
        for i in range(widest + BLOOM_HOLD + 1):
            age = i - reach  # frames since the bloom reached each cell
            lit = (age >= 0) & (age <= BLOOM_HOLD)
            if lit.any():
                amount = (0.85 * (1 - age[lit] / (BLOOM_HOLD + 1))).astype(np.float32)
                self.put(self.start + i, Mark(xs[lit], ys[lit], tint=color, amount=amount))
        self.start += widest + 1

    def fade(self, event: Died, content: Content) -> None:
        look = content.looks.get(event.who.kind)
        if look is None or event.who.kind == "player":
            return
        xs, ys = _cells([event.at])
        for i in range(FADE_FRAMES):
            share = 1 - (i + 1) / (FADE_FRAMES + 1)
            fg = (int(look.fg[0] * share), int(look.fg[1] * share), int(look.fg[2] * share))
            self.put(self.start + i, Mark(xs, ys, look.glyph, fg))


def film(events: list[Event], content: Content) -> Film | None:
    """The film of ``events``, or None when nothing in them moves (a step, a door)."""
    cut = Cutter()
    for event in events:
        match event:
            case Missile():
                cut.missile(event, content)
            case Attacked(hit=hit, end=end):
                cut.flash(end, HIT_COLOR if hit else MISS_COLOR)
            case Hurt(at=at):
                cut.flash(at, HIT_COLOR)
            case Area():
                cut.bloom(event)
            case Died():
                cut.fade(event, content)
    return Film(cut.frames) if cut.frames else None


def frame_seconds(speed: str) -> float | None:
    return SPEEDS.get(speed, SPEEDS["normal"])
