"""The game's message log: what happened, newest last, a line said again in a row
counted up ("(x3)") instead of repeated.

One log a game, below every screen (``session/playing.py``): the turn driver writes its
lines into it, the play screen draws it (``ui/messages.py``), the agent environment
observes its newest lines, the web's screen-reader mode reads its new ones, the morgue
takes its last ones, and a save keeps its newest ``LOG_LINES`` entries and gives them
back on Continue (``restore``).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from emberdeep.engine.core.events import MessageKind
from emberdeep.storage.saves import LOG_LINES, LogLine

LIMIT = 1000
"""Entries a log keeps (the history screen scrolls through them all)."""


class Entry(msgspec.Struct):
    """One line of the log; a message said again in a row counts up instead of repeating."""

    text: str
    kind: MessageKind
    count: int = 1

    @property
    def full_text(self) -> str:
        return f"{self.text} (x{self.count})" if self.count > 1 else self.text


class MessageLog:
    """A view of events in words, not the engine's: it survives floors, and holds the
    lines front-ends add of their own (a failed save, a pause)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.entries: list[Entry] = []
        self.limit = limit

    def add(self, text: str, kind: MessageKind = MessageKind.INFO) -> None:
        last = self.entries[-1] if self.entries else None
        if last is not None and last.text == text and last.kind == kind:
            last.count += 1
            return
        self.entries.append(Entry(text, kind))
        if len(self.entries) > self.limit:
            del self.entries[: -self.limit]

    def restore(self, lines: Iterable[LogLine]) -> None:
        """Put a saved game's last lines before what the log holds now (Continue)."""
        older = [Entry(line.text, line.kind, line.count) for line in lines]
        self.entries[:0] = older
        del self.entries[: -self.limit]

    def last(self, count: int = LOG_LINES) -> list[LogLine]:
        """The newest ``count`` entries, oldest first, as a save keeps them."""
        return [LogLine(e.text, e.kind, e.count) for e in self.entries[-count:]]

    def texts(self, count: int, *, leaving_out: MessageKind | None = None) -> list[str]:
        """The newest ``count`` entries as read (a repeat with its count), oldest first;
        ``leaving_out`` one kind's entries (the agent environment's refusals, which it
        reports on their own)."""
        if leaving_out is None:
            return [e.full_text for e in self.entries[-count:]]
        found: list[str] = []
        for entry in reversed(self.entries):
            if entry.kind is not leaving_out:
                found.append(entry.full_text)
                if len(found) == count:
                    break
        return found[::-1]
