"""A page connected to a game, with its own queue of what is still to be sent to it, so
a slow page holds up nobody else; and the WebSocket close codes the page knows."""

from __future__ import annotations

import asyncio

from starlette.websockets import WebSocket, WebSocketDisconnect

QUEUE = 512
"""Frames waiting for one page; a page this far behind is dropped (it reconnects and gets
one whole frame instead)."""
ENDED = 4000
TAKEN = 4001
FULL = 4029


class Peer:
    """One connected page and the queue of what is still to be sent to it."""

    def __init__(
        self,
        ws: WebSocket,
        client: str,
        watching: bool,
        name: str | None = None,
        reader: bool = False,
        *,
        address: str = "?",
    ) -> None:
        self.ws = ws
        self.address = address
        """Where the page is (``shares.address_key``): its chat is counted there."""
        self.client = client
        self.watching = watching
        self.name = name
        """The page's account (None: a guest, who may watch but not chat)."""
        self.reader = reader
        """In screen-reader mode: it gets the log's new lines and "around you" as text."""
        self.live = False
        """Has had a whole frame: changes may follow."""
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(QUEUE)
        self.task = asyncio.create_task(self._drain())
        self.closing = False

    def send(self, text: str) -> None:
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.live = False
            self.close(1013, "too far behind; reconnecting")

    def close(self, code: int, reason: str) -> None:
        """Close after what is queued (so a last message arrives before the close)."""
        if not self.closing:
            self.closing = True
            if self.queue.full():  # too far behind: what is queued no longer matters
                while not self.queue.empty():
                    self.queue.get_nowait()
            self.queue.put_nowait((code, reason))

    async def _drain(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self.ws.close(*item)
                    return
                await self.ws.send_text(item)
        except (OSError, RuntimeError, WebSocketDisconnect):
            pass  # the page has gone: its handler notices and detaches it
