"""The message log drawn: each line coloured by its kind, wrapped to the panel. The log
itself (its lines, repeats folded, what a save keeps) is the game's, below the screens
(``session/log.py``); this module only draws it."""

from __future__ import annotations

import functools
import textwrap

import tcod.console

from emberdeep.engine.core.events import MessageKind
from emberdeep.session.log import MessageLog
from emberdeep.ui.palette import Color

DEFAULT_KIND_COLORS: dict[MessageKind, Color] = {
    MessageKind.INFO: (200, 200, 210),  # plain news: near white
    MessageKind.REFUSED: (128, 128, 128),  # nothing happened: grey
    MessageKind.PLAYER_ATTACK: (150, 220, 255),  # your blows: pale blue
    MessageKind.ENEMY_ATTACK: (255, 120, 110),  # what hurts you: red
    MessageKind.ENEMY_DIED: (255, 165, 50),  # a kill: orange
    MessageKind.PLAYER_DIED: (255, 40, 40),  # your death: bright red
    MessageKind.STATUS: (110, 230, 110),  # statuses, healing, levels: green
    MessageKind.ITEM: (225, 205, 150),  # things taken, dropped, worn: parchment
    MessageKind.DISCOVERY: (255, 235, 90),  # learnt or found: yellow
    MessageKind.ALERT: (230, 120, 255),  # danger stirs: violet
}
"""Every kind's colour, in one table (so a palette can replace it whole): fights read at
a glance, and what is only news stays quiet."""
KIND_COLORS: dict[MessageKind, Color] = dict(DEFAULT_KIND_COLORS)
"""What the log draws with: the defaults, or a palette's (``ui/theme.py`` updates it in
place, so it is read at draw time)."""


WRAP_KEPT = 2048
"""Wrapped texts remembered (``wrap``): the newest lines a frame draws, and a history."""


@functools.lru_cache(maxsize=WRAP_KEPT)
def wrap(text: str, width: int) -> tuple[str, ...]:
    """``text`` as display lines ``width`` wide (``textwrap.wrap``), remembered: the log
    draws its newest lines every frame, and wrapping them afresh was a tenth of a web
    game's CPU a key. Keyed by the text and the width, it cannot serve stale lines: a
    repeat's count is in the text ("(x3)"), and a new width is a new key."""
    return tuple(textwrap.wrap(text, width))


def wrapped(log: MessageLog, width: int) -> list[tuple[str, Color]]:
    """Every entry of ``log`` as display lines, oldest first."""
    lines: list[tuple[str, Color]] = []
    for entry in log.entries:
        color = KIND_COLORS[entry.kind]
        lines.extend((line, color) for line in wrap(entry.full_text, width) or ("",))
    return lines


def draw(
    log: MessageLog, console: tcod.console.Console, x: int, y: int, *, width: int, height: int
) -> None:
    """The newest messages of ``log`` that fit whole in ``width`` by ``height`` at
    (x, y), bottom-aligned: an older one that would show only its wrapped tail ("are
    full." read as a line of its own) is left out. The newest alone taller than the
    box shows its beginning."""
    lines: list[tuple[str, Color]] = []
    for entry in reversed(log.entries):
        color = KIND_COLORS[entry.kind]
        more = [(line, color) for line in wrap(entry.full_text, width)]
        if len(lines) + len(more) > height:
            if not lines:
                lines = more[:height]
            break
        lines[:0] = more
    for row, (text, color) in enumerate(lines):
        console.print(x, y + height - len(lines) + row, text, fg=color)
