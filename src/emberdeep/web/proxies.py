"""The client's address (and scheme) behind a trusted reverse proxy.

Every share is counted per address (``shares.py``), so the address must be one a client
cannot choose. Directly, it is the socket's peer. Behind a reverse proxy every request
comes from the proxy, and the client's address is in ``X-Forwarded-For``, which anyone
can write: it is believed only from the proxies the operator names
(``--trusted-proxy``; none by default, so by default nothing forwarded is believed and a
local proxy's clients all count as one address). From a trusted proxy the client is the
right-most address in ``X-Forwarded-For`` that is not itself a trusted proxy (the ones
to its left were written by the client), without the port some proxies write after it (a
new one each connection, which would make each connection a new address), and
``X-Forwarded-Proto: https`` marks the page as HTTPS (the session cookie is then
``Secure``). uvicorn's own proxy handling is off (``server.py``), so this is the one
place the address comes from.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(trusted: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (``10.0.0.0/8``); ``ValueError`` names a bad one."""
    found = []
    for text in trusted:
        try:
            found.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"not an address or network: {text!r}") from None
    return tuple(found)


def _host(hop: str) -> str:
    """A hop's address without the port some proxies write after it
    (``203.0.113.5:4711``, ``[2001:db8::7]:443``): the port is a new one on each
    connection, so with it one client would be a new address each time and its shares
    would never fill."""
    hop = hop.strip()
    if hop.startswith("["):
        return hop[1:].split("]", 1)[0]
    if hop.count(":") == 1:  # IPv4 and a port (a bare IPv6 address has two or more)
        return hop.split(":", 1)[0]
    return hop


def _within(host: str, trusted: tuple[Network, ...]) -> bool:
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    return any(address in network for network in trusted)


def forwarded_client(peer: str, forwarded: str, trusted: tuple[Network, ...]) -> str:
    """The client's address: ``peer`` unless it is a trusted proxy, else the right-most
    address in ``forwarded`` (``X-Forwarded-For``) that is not one (without a port)."""
    if not _within(peer, trusted):
        return peer
    hops = [_host(hop) for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _within(hop, trusted):
            return hop
    return hops[0] if hops else peer


class TrustedProxies:
    """ASGI middleware: the forwarded client address and scheme from trusted proxies."""

    def __init__(self, app: ASGIApp, trusted: Iterable[str]) -> None:
        self.app = app
        self.trusted = networks(trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.trusted and scope.get("client"):
            peer, port = scope["client"]
            if _within(peer, self.trusted):
                headers = Headers(scope=scope)
                client = forwarded_client(peer, headers.get("x-forwarded-for", ""), self.trusted)
                scope = {**scope, "client": (client, port)}
                if headers.get("x-forwarded-proto", "").strip().lower() == "https":
                    scope["scheme"] = "wss" if scope["type"] == "websocket" else "https"
        await self.app(scope, receive, send)
