"""A page that reads too slowly is dropped (it reconnects), never queued without bound."""

from __future__ import annotations

import asyncio
from typing import Any

from emberdeep.web.games import QUEUE, Peer


class StuckPage:
    """A WebSocket whose page never reads: the first send blocks for good."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.stuck = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await self.stuck.wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_a_page_too_far_behind_is_closed() -> None:
    async def scenario() -> tuple[Any, int]:
        page = StuckPage()
        peer = Peer(page, "client1", watching=False)  # type: ignore[arg-type]
        peer.send("first")
        await asyncio.sleep(0)  # the page is sent it, and never reads it
        for number in range(QUEUE + 10):
            peer.send(str(number))
        await asyncio.sleep(0)
        page.stuck.set()
        await asyncio.wait_for(peer.task, 5)
        return page.closed, len(page.sent)

    closed, sent = asyncio.run(scenario())
    assert closed is not None and closed[0] == 1013
    assert sent == 1  # the rest was dropped with the close
