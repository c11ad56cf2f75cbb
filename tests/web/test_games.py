"""A page that reads too slowly is dropped (it reconnects), never queued without bound."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from typing import Any

from emberdeep.web.games import PRELOAD
from emberdeep.web.peers import QUEUE, Peer


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


def test_the_fork_server_freezes_what_every_game_shares_last() -> None:
    """After the fork server's preloads, what they loaded is in the collector's permanent
    generation (``frozen.py``), so a game's collections never walk it; it comes last, so
    nothing preloaded after it is left out."""
    assert PRELOAD[-1] == "emberdeep.web.frozen"
    imports = "; ".join(f"import {name}" for name in PRELOAD)
    script = f"import gc; {imports}; print(gc.get_freeze_count(), len(gc.get_objects()))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True)
    frozen, tracked = map(int, done.stdout.split())
    assert frozen > 10_000 and tracked < frozen // 10
