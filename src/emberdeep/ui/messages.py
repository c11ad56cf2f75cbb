"""The message log: what happened, newest last, repeats collapsed into "(x3)"."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

import tcod.console

from emberdeep.engine.events import MessageKind
from emberdeep.ui.palette import Color

# The tutorial's palette, so fights read at a glance.
DEFAULT_KIND_COLORS: dict[MessageKind, Color] = {
    MessageKind.INFO: (32, 160, 255),
    MessageKind.REFUSED: (128, 128, 128),
    MessageKind.PLAYER_ATTACK: (224, 224, 224),
    MessageKind.ENEMY_ATTACK: (255, 192, 192),
    MessageKind.ENEMY_DIED: (255, 160, 48),
    MessageKind.PLAYER_DIED: (255, 48, 48),
    MessageKind.STATUS: (63, 255, 63),
}
KIND_COLORS: dict[MessageKind, Color] = dict(DEFAULT_KIND_COLORS)
"""What the log draws with: the defaults, or a palette's (``ui/theme.py`` updates it in
place, so it is read at draw time)."""


@dataclass
class Entry:
    text: str
    kind: MessageKind
    count: int = 1

    @property
    def full_text(self) -> str:
        return f"{self.text} (x{self.count})" if self.count > 1 else self.text


class MessageLog:
    """Kept by the UI, not the engine: it is a view of events, and survives floors."""

    def __init__(self, limit: int = 1000) -> None:
        self.entries: list[Entry] = []
        self.limit = limit

    def add(self, text: str, kind: MessageKind = MessageKind.INFO) -> None:
        last = self.entries[-1] if self.entries else None
        if last is not None and last.text == text and last.kind == kind:
            last.count += 1
            return
        self.entries.append(Entry(text, kind))
        del self.entries[: -self.limit]

    def wrapped(self, width: int) -> list[tuple[str, Color]]:
        """Every entry as display lines, oldest first."""
        lines: list[tuple[str, Color]] = []
        for entry in self.entries:
            color = KIND_COLORS[entry.kind]
            lines.extend((line, color) for line in textwrap.wrap(entry.full_text, width) or [""])
        return lines

    def draw(self, console: tcod.console.Console, x: int, y: int, width: int, height: int) -> None:
        """The newest lines that fit, bottom-aligned."""
        lines: list[tuple[str, Color]] = []
        for entry in reversed(self.entries):
            color = KIND_COLORS[entry.kind]
            lines[:0] = [(line, color) for line in textwrap.wrap(entry.full_text, width)]
            if len(lines) >= height:
                break
        for row, (text, color) in enumerate(lines[-height:]):
            console.print(x, y + row, text, fg=color)
