"""A real ``emberdeep serve`` in a subprocess on a free port, and a small WebSocket client
that keeps the screen as the page does (``protocol.apply``)."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import websockets

from emberdeep.tools.web_load import children
from emberdeep.web import protocol
from emberdeep.web.relay import NOTE_EVERY

ROOT = Path(__file__).resolve().parents[2]
TURN = re.compile(r"Turn (\d+)")


PATIENCE = 30.0
"""Seconds a page waits for the server's next message before the test fails: generous,
as a game's process may start (or resume from the database) on a machine busy with
other work; a test that measures time measures it itself."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``emberdeep serve`` on 127.0.0.1 in its own process group (so a test can kill it
    and every game with it, as a crash or a power cut would)."""

    def __init__(self, data: Path, *args: str) -> None:
        self.data = data
        self.args = args
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        command = [sys.executable, "-m", "emberdeep", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--data", str(self.data), *self.args],
            env=env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=1):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("the server exited") from None
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        """Ctrl-C, as an operator stops it: every game is saved."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(30)

    def kill(self) -> None:
        """SIGKILL to the server and every game at once: nothing is saved on the way."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


def post(server: Server, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], str]:
    """(status, JSON answer, session cookie) of a form post from the server's own page."""
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": server.url},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            cookie = response.headers.get("set-cookie", "")
            return response.status, json.loads(response.read()), cookie.split(";")[0]
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read()), ""


def workers(server: int) -> list[int]:
    """The games' processes: children of the fork server, the server's child."""
    return [pid for child in children(server) for pid in children(child)]


def owner(pid: int) -> str | None:
    """Whose game a worker plays: the player folder of a file it holds open (its lock)."""
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            parts = Path(os.readlink(fd)).parts
            if "players" in parts:
                return parts[parts.index("players") + 1]
    return None


def games(server: Server) -> list[dict[str, Any]]:
    """The front page's list of running games."""
    with urllib.request.urlopen(server.url + "/api/games", timeout=5) as response:
        listing: list[dict[str, Any]] = json.loads(response.read())["games"]
        return listing


@dataclass
class Client:
    """A page's side of ``/ws/play`` or ``/ws/watch``, without a browser."""

    ws: Any
    client: str
    screen: protocol.Screen = field(default_factory=lambda: np.zeros((3, 0), np.int64))
    seq: int = 0
    acks: dict[str, int] = field(default_factory=dict)
    messages: list[dict[str, Any]] = field(default_factory=list)

    async def next(self, timeout: float = PATIENCE) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.messages.append(message)
        if message["t"] == "frame":
            self.screen = protocol.apply(self.screen, message)
            if message.get("full"):
                self.acks = message["acks"]
        return message

    async def until_full(self) -> None:
        while not (await self.next()).get("full"):
            pass

    async def key(self, key: str, timeout: float = PATIENCE) -> float:
        """Send a key; seconds until the frame that acknowledges it. A key the server
        dropped for coming too fast (``limits.KEY_RATE``; the page is told, at most once a
        second) is sent again a second later, as a person would press it again: a test
        that plays as fast as the game answers would otherwise wait for it forever."""
        self.seq += 1
        started = time.perf_counter()
        await self.ws.send(json.dumps({"t": "key", "s": self.seq, "k": key}))
        while (message := await self.next(timeout)).get("ack") != [self.client, self.seq]:
            if message["t"] == "note" and "dropped" in message["text"]:
                await asyncio.sleep(NOTE_EVERY + 0.05)
                self.seq += 1
                await self.ws.send(json.dumps({"t": "key", "s": self.seq, "k": key}))
        return time.perf_counter() - started

    def text(self) -> list[str]:
        return protocol.text(self.screen)

    def turn(self) -> int | None:
        found = TURN.search("\n".join(self.text()))
        return None if found is None else int(found[1])


def connect(
    server: Server,
    path: str,
    cookie: str = "",
    client: str = "testclient1",
    source: str = "127.0.0.1",
) -> Any:
    """A page's socket from the loopback address ``source`` (another 127.x.y.z is
    another client address for the server's shares)."""
    headers = {"Cookie": cookie} if cookie else {}
    sep = "&" if "?" in path else "?"
    return websockets.connect(
        f"ws://127.0.0.1:{server.port}{path}{sep}client={client}",
        origin=server.url,  # type: ignore[arg-type]
        additional_headers=headers,
        local_addr=(source, 0),
    )


class Address:
    """How a test client appears: its own loopback source address (``source``), or a
    forwarded address sent through the trusted proxy's address (``forwarded``)."""

    def __init__(self, source: str = "127.0.0.1", forwarded: str | None = None) -> None:
        self.source = source
        self.forwarded = forwarded

    def headers(self, cookie: str = "") -> dict[str, str]:
        sent = {"X-Forwarded-For": self.forwarded} if self.forwarded else {}
        return {**sent, **({"Cookie": cookie} if cookie else {})}

    def post(self, server: Server, path: str, body: dict[str, Any]) -> tuple[int, str]:
        connection = http.client.HTTPConnection(
            "127.0.0.1", server.port, timeout=30, source_address=(self.source, 0)
        )
        headers = {"Content-Type": "application/json", "Origin": server.url}
        try:
            connection.request("POST", path, json.dumps(body), {**headers, **self.headers()})
            response = connection.getresponse()
            cookie = (response.getheader("set-cookie") or "").split(";")[0]
            response.read()
            return response.status, cookie
        finally:
            connection.close()

    def connect(self, server: Server, path: str, cookie: str = "", client: str = "guard123") -> Any:
        sep = "&" if "?" in path else "?"
        return websockets.connect(
            f"ws://127.0.0.1:{server.port}{path}{sep}client={client}",
            origin=server.url,  # type: ignore[arg-type]
            additional_headers=self.headers(cookie),
            local_addr=(self.source, 0),
        )


async def refusal(page: Any, client: str) -> str:
    """The reason a page was closed with 4029 (accepted first, so the page can tell)."""
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await Client(page, client).until_full()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4029
    return closed.value.rcvd.reason
