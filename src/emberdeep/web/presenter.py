"""The browser presenter: the third beside the window and the terminal (``ui/loop.py``).

It runs in a game's worker process. ``present`` sends the server the cells that changed
since the last frame (the whole console the first time, and again whenever the server
asks: a page attached); ``wait`` returns the inputs the server relays, each applied once:
a page numbers its inputs and resends those not yet acknowledged after a reconnect, and
inputs at or below a client's last applied number are dropped. A ``close`` from the server
(the grace period ran out, the server is stopping) or a vanished server closes the game
as a stop signal does, so it is saved: a broken pipe while sending too (the server was
killed), never an error that would end the process unsaved. With a ``Mirror`` (several
hosts on one database), the game's changed files go before each frame (``mirror.py``).
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

import tcod.console

from emberdeep import bounds
from emberdeep.ui import loop
from emberdeep.ui.input import InputEvent
from emberdeep.ui.render import SCREEN_HEIGHT, SCREEN_WIDTH
from emberdeep.web import mirror, pipe, protocol
from emberdeep.web.mirror import Mirror
from emberdeep.web.pipe import PipeClosedError, PipeEnd

MAX_CLIENTS = 16
"""Pages remembered for deduplication (a player reloads now and then; old ids go)."""


class Reader(Protocol):
    """The screen-reader mode's words (``reader.Reader``)."""

    def update(self) -> dict[str, Any] | None: ...
    def reset(self) -> None: ...


Status = Callable[[], dict[str, Any]]
Records = Callable[[], list[dict[str, Any]]]


class WebPresenter:
    paused = False

    @staticmethod
    def console_size() -> tuple[int, int]:
        return SCREEN_WIDTH, SCREEN_HEIGHT

    def __init__(
        self,
        pipe: PipeEnd,
        status: Status | None = None,
        records: Records | None = None,
        finished: Callable[[], bool] | None = None,
        reader: Reader | None = None,
        *,
        files: Mirror | None = None,
    ) -> None:
        self.pipe = pipe
        self.files = files
        """The game's folder as the shared database has it (None: one host, no database)."""
        self.status = status
        self.records = records
        """New hall-of-fame entries since the last call (a game just ended)."""
        self.finished = finished
        """Asked after each frame: True stops the game (the daily game has ended)."""
        self.stopping = False
        self.reader = reader
        self.reading = False
        """A page in screen-reader mode is attached (the server says)."""
        self.instance = secrets.token_hex(8)
        """Names this worker: a page whose unacknowledged inputs were sent to an earlier
        worker (the server restarted) drops them instead of applying them twice."""
        self.frame = 0
        self.last: protocol.Cells | None = None
        self.acks: dict[str, int] = {}
        self.ack: tuple[str, int] | None = None
        self.last_status: dict[str, Any] | None = None

    def present(self, console: tcod.console.Console) -> None:
        """Send what changed: the frame and, with it in one write (one wake-up of the
        server), the status, any finished game's records and the reader's words."""
        now = protocol.cells(console)
        self.frame += 1
        out = self.changed_files()
        if self.last is None:
            out.append(self.full(now))
        else:
            runs = protocol.changed(self.last, now)
            if runs.size or self.ack is not None:
                out.append(protocol.DIFF + protocol.diff_frame(self.frame, runs, self.ack))
        self.ack = None
        self.last = now
        out += self.new_status()
        for entry in self.records() if self.records is not None else []:
            out.append(protocol.RECORD + json.dumps(entry).encode())
        if self.finished is not None and self.finished():
            self.stopping = True
        out += self.reader_words()
        if out:
            self.send(*out)

    def send(self, *payloads: bytes) -> None:
        """To the server; a vanished server stops the game (it is saved)."""
        try:
            self.pipe.send(*payloads)
        except PipeClosedError:
            raise loop.Stopped from None

    def changed_files(self) -> list[bytes]:
        """The game's files changed since the last frame, for the server to store before
        it passes on this frame (and the acknowledgement in it)."""
        if self.files is None:
            return []
        changes = self.files.changes()
        return [protocol.FILES + m for m in mirror.pack(changes)] if changes else []

    def flush(self) -> None:
        """The last changes (the save made as the game closed), if the server is there."""
        with contextlib.suppress(PipeClosedError):
            if out := self.changed_files():
                self.pipe.send(*out)

    def reader_words(self) -> list[bytes]:
        if self.reading and self.reader is not None:
            words = self.reader.update()
            if words is not None:
                return [protocol.READER + bounds.to_json(words)]
        return []

    def full(self, now: protocol.Cells) -> bytes:
        frame = protocol.full_frame(self.frame, now, SCREEN_WIDTH, self.acks, self.instance)
        return protocol.FULL + frame

    def new_status(self) -> list[bytes]:
        if self.status is None:
            return []
        status = self.status()
        if status == self.last_status:
            return []
        self.last_status = status
        return [protocol.STATUS + bounds.to_json(status)]

    def wait(self, timeout: float | None) -> list[InputEvent]:
        if self.stopping:
            raise loop.Stopped
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                message = self.pipe.receive(left)
                events: list[InputEvent] = []
                while message is not None:
                    events += self.handle(pipe.decode(message))
                    message = self.pipe.receive(0)
            except PipeClosedError:
                raise loop.Stopped from None
            if events or (deadline is not None and time.monotonic() >= deadline):
                return events

    def handle(self, message: dict[str, Any]) -> list[InputEvent]:
        """One message from the server: inputs become events (once each); ``full`` sends
        the whole console; ``close`` stops the game (it is saved)."""
        match message.get("t"):
            case "close":
                raise loop.Stopped
            case "full":
                if self.last is not None:
                    self.send(self.full(self.last))
                return []
            case "reader":
                self.reading = bool(message.get("on"))
                if self.reading and self.reader is not None:
                    self.reader.reset()
                    if words := self.reader_words():
                        self.send(*words)
                return []
            case "in":
                client, seq = str(message["c"]), int(message["s"])
                if seq <= self.acks.get(client, -1):
                    return []
                self.acks.pop(client, None)
                self.acks[client] = seq
                while len(self.acks) > MAX_CLIENTS:
                    del self.acks[next(iter(self.acks))]
                self.ack = (client, seq)
                return [protocol.to_event(message["m"])]
        return []
