"""The Host allow-list: every request and every WebSocket must name this server.

A page on another site can point its own name at this server's address (DNS rebinding)
and then talk to it as "same origin": its requests carry that foreign name in ``Host``
(and ``Origin``), so checking the Origin against the Host is not enough. Only the names
the operator allows (``--allowed-host``; by default the address the server is bound to
and localhost) get an answer; anything else gets 400 (a WebSocket upgrade, 403).
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

LOCAL = ("localhost", "127.0.0.1", "::1")
ANY_ADDRESS = ("0.0.0.0", "::", "")


def hostname(host: str) -> str:
    """The name in a ``Host`` header, without the port (IPv6 without its brackets)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else ""
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def default_hosts(bound: str) -> tuple[str, ...]:
    """The bound address (unless it is every address) and localhost."""
    extra = () if bound in ANY_ADDRESS else (hostname(bound) or bound.lower(),)
    return tuple(dict.fromkeys((*extra, *LOCAL)))


class HostCheck:
    """ASGI middleware: requests and sockets for a host not in ``allowed`` are refused."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = frozenset(hostname(host) or host.lower() for host in allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if hostname(Headers(scope=scope).get("host", "")) in self.allowed:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # before accept: 403
        else:
            await PlainTextResponse("Unknown host.", status_code=400)(scope, receive, send)
