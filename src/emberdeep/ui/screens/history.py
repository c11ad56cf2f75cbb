"""The message history: the whole log, scrollable, over the screen that opened it.

The panel under the map only has room for the last few lines, and fights scroll past
faster than they can be read; this screen lets the player look back at everything the
log still holds. It opens at the newest line, and never costs game time.
"""

from __future__ import annotations

from emberdeep.session.log import MessageLog
from emberdeep.ui import messages
from emberdeep.ui.pager import Line, Pager, text_area

EMPTY = "(no messages yet)"

__all__ = ["EMPTY", "HistoryScreen", "text_area"]


class HistoryScreen(Pager):
    title = "Message history"
    empty = EMPTY
    close_keys = frozenset({"escape", "v", "q"})
    start_at_end = True

    def __init__(self, log: MessageLog) -> None:
        super().__init__()
        self.log = log
        self._wrapped: tuple[tuple[object, ...], list[Line]] = ((), [])

    def lines(self, columns: int) -> list[Line]:
        """``messages.wrapped(log, columns)``, re-wrapped only when the log or the width changed
        (a long log takes milliseconds to wrap, and every key would do it)."""
        entries = self.log.entries
        key = (columns, len(entries), *(id(e) for e in entries[:1] + entries[-1:]))
        key += (entries[-1].count,) if entries else ()
        if key != self._wrapped[0]:
            self._wrapped = (key, messages.wrapped(self.log, columns))
        return self._wrapped[1]
