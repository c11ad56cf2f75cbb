"""What every handler needs of a request: the address its shares are counted by, the
check that it came from this server's own page, the session cookie's name and the
headers every answer carries."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from emberdeep.web.shares import address_key

COOKIE = "emberdeep_session"
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def client_address(conn: HTTPConnection) -> str:
    """The address a client's shares are counted by (``shares.address_key``)."""
    return address_key(conn.client.host if conn.client else None)


def origin_allowed(conn: HTTPConnection, origins: tuple[str, ...]) -> bool:
    origin = conn.headers.get("origin")
    if not origin:
        return False
    if origin in origins:
        return True
    host = conn.headers.get("host")
    return host is not None and urlsplit(origin).netloc == host
