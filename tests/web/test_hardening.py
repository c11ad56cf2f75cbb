"""A public server's hardening: the Host allow-list (no DNS rebinding), Secure cookies
over HTTPS, sessions replaced at login, password change, and cached static files."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import websockets

from emberdeep.web.hosts import default_hosts, hostname
from tests.web.live import Server, post


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(
        tmp_path_factory.mktemp("web"), "--registrations", "50", "--trusted-proxy", "127.0.0.1"
    ).start()
    yield running
    running.stop()


def request(
    server: Server, path: str, body: dict[str, Any] | None = None, **headers: str
) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of a GET, or a POST of ``body`` from the server's page."""
    data = None if body is None else json.dumps(body).encode()
    sent = {"Origin": server.url, **{k.replace("_", "-"): v for k, v in headers.items()}}
    if data is not None:
        sent["Content-Type"] = "application/json"
    try:
        with urllib.request.urlopen(
            urllib.request.Request(server.url + path, data=data, headers=sent), timeout=10
        ) as response:
            return response.status, lower(response.headers.items()), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, lower(exc.headers.items()), exc.read()


def lower(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers}


def test_host_names() -> None:
    assert hostname("Example.org:8000") == "example.org"
    assert hostname("[::1]:8000") == "::1"
    assert hostname("::1") == "::1"
    assert default_hosts("0.0.0.0") == ("localhost", "127.0.0.1", "::1")
    assert default_hosts("192.0.2.7")[0] == "192.0.2.7"


def test_a_foreign_host_gets_nothing(server: Server) -> None:
    """What a DNS-rebinding page sends: its own name in both Host and Origin."""
    evil = {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"}
    body = {"name": "rebound", "password": "long enough"}
    status, _, answer = request(server, "/api/register", body, **evil)
    assert status == 400 and answer == b"Unknown host."
    assert request(server, "/", None, **evil)[0] == 400
    assert request(server, "/api/games", None, **evil)[0] == 400

    async def socket() -> int:
        with pytest.raises(websockets.InvalidStatus) as refused:
            await websockets.connect(  # to evil.example's name, at this server's address
                f"ws://evil.example:{server.port}/ws/watch?client=abcdefgh&game=x",
                origin=evil["Origin"],  # type: ignore[arg-type]
                host="127.0.0.1",
                port=server.port,
            )
        return refused.value.response.status_code

    assert asyncio.run(socket()) == 403
    assert post(server, "/api/login", body)[0] == 401  # no account was made


def test_cookies_are_secure_behind_a_proxy_that_says_https(server: Server) -> None:
    body = {"name": "secure1", "password": "long enough"}
    _, plain, _ = request(server, "/api/register", body)
    assert "secure" not in plain["set-cookie"].lower()
    _, proxied, _ = request(server, "/api/login", body, X_Forwarded_Proto="https")
    assert "; secure" in proxied["set-cookie"].lower()


def test_a_login_replaces_the_session_and_a_password_change_ends_the_others(
    server: Server,
) -> None:
    body = {"name": "rotor", "password": "long enough"}
    first = post(server, "/api/register", body)[2]
    status, headers, _ = request(server, "/api/login", body, Cookie=first)
    assert status == 200
    second = headers["set-cookie"].split(";")[0]
    assert second != first
    assert json.loads(request(server, "/api/games", Cookie=first)[2])["me"] is None
    assert json.loads(request(server, "/api/games", Cookie=second)[2])["me"] == "rotor"

    other = post(server, "/api/login", body)[2]
    wrong = {"old": "not the password", "new": "a newer password"}
    assert request(server, "/api/password", wrong, Cookie=second)[0] == 400
    change = {"old": "long enough", "new": "a newer password"}
    assert request(server, "/api/password", change, Cookie=second)[0] == 200
    assert json.loads(request(server, "/api/games", Cookie=other)[2])["me"] is None
    assert json.loads(request(server, "/api/games", Cookie=second)[2])["me"] == "rotor"
    assert post(server, "/api/login", {**body, "password": "a newer password"})[0] == 200
    assert request(server, "/api/password", change)[0] == 401


@pytest.mark.parametrize("path", ["/", "/game.js", "/atlas.png", "/atlas.json"])
def test_static_files_are_revalidated_by_etag(server: Server, path: str) -> None:
    status, headers, body = request(server, path)
    assert status == 200 and body and headers["cache-control"] == "no-cache"
    assert request(server, path, If_None_Match=headers["etag"])[0] == 304
    assert request(server, path, If_None_Match='"other"')[0] == 200
