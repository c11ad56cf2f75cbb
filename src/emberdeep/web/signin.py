"""Accounts over HTTP: register, log in, change a password, log out.

Every form must come from this server's own page and is capped in size. Password checks
run in a bounded pool of their own (``hashing.py``) and are counted when they start
(``limits.LoginLimiter``): a flood of logins is refused at once, slows only its own
(name, address) pair, and never holds up the lobby. A login replaces the page's session
rather than adding to it, and its cookie is ``Secure`` whenever the page came over HTTPS.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from emberdeep.web.accounts import AccountError, Accounts
from emberdeep.web.hashing import HashPool, PoolBusyError
from emberdeep.web.http import COOKIE, HEADERS, client_address, origin_allowed
from emberdeep.web.limits import LoginLimiter, RegistrationLimiter

MAX_BODY = 2048
T = TypeVar("T")
BUSY = "The server is busy checking passwords; try again in a moment."


def too_many(wait: float) -> Response:
    return JSONResponse(
        {"error": f"too many tries; wait {max(1, round(wait))} s"},
        429,
        headers={"Retry-After": str(max(1, round(wait)))},
    )


class SignIn:
    """The account routes, with the limits and the hashing pool they share."""

    def __init__(
        self, accounts: Accounts, registrations: int, origins: tuple[str, ...], secure: bool
    ) -> None:
        self.accounts = accounts
        self.origins = origins
        self.secure_cookies = secure
        self.logins = LoginLimiter()
        self.hashing = HashPool()
        self.registrations = RegistrationLimiter(registrations)

    async def form(self, request: Request) -> dict[str, Any] | Response:
        if not origin_allowed(request, self.origins):
            return JSONResponse({"error": "refused: another site's page"}, 403)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return JSONResponse({"error": "too long"}, 413)
        try:
            data = json.loads(body)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return JSONResponse({"error": "expected a JSON object"}, 400)
        return data

    def logged_in(self, request: Request, name: str) -> Response:
        """A new session for ``name``; the page's old one (if any) ends: a token planted
        before the login never becomes a logged-in one."""
        token = self.accounts.new_session(name, old=request.cookies.get(COOKIE))
        response = JSONResponse({"me": name}, headers=HEADERS)
        secure = self.secure_cookies or request.url.scheme == "https"
        response.set_cookie(
            COOKIE, token, max_age=30 * 24 * 3600, httponly=True, samesite="strict",
            secure=secure,
        )  # fmt: skip
        return response

    async def register(self, request: Request) -> Response:
        data = await self.form(request)
        if isinstance(data, Response):
            return data
        address = client_address(request)
        if not self.hashing.reserve(address):
            return JSONResponse({"error": BUSY}, 429, headers={"Retry-After": "1"})
        wait = self.registrations.begin(address)  # counted now: ten at once are ten
        if wait > 0:
            self.hashing.release(address)
            minutes = max(1, round(wait / 60))
            sentence = (
                f"Enough accounts have been made from your address for now; "
                f"try again in {minutes} minute{'s' if minutes > 1 else ''}."
            )
            return JSONResponse({"error": sentence}, 429)
        work = partial(self.accounts.register, data.get("name"), data.get("password"))
        try:
            name = await self.hashing.run(address, work, reserved=True)
        except AccountError as exc:
            self.registrations.refund(address)
            return JSONResponse({"error": str(exc).capitalize() + "."}, 400)
        return await asyncio.to_thread(self.logged_in, request, name)

    async def login(self, request: Request) -> Response:
        data = await self.form(request)
        if isinstance(data, Response):
            return data
        given = str(data.get("name"))[:40]
        work = partial(self.accounts.check, data.get("name"), data.get("password"))
        address = client_address(request)
        name = await self.guarded(address, given, work)
        if isinstance(name, Response):
            return name
        if name is None:
            return JSONResponse({"error": "Wrong name or password."}, 401)
        self.logins.succeeded(given, address)
        return await asyncio.to_thread(self.logged_in, request, name)

    async def guarded(self, address: str, name: str, work: Callable[[], T]) -> T | Response:
        """``work`` (a password check for ``name``) in the hashing pool, counted as a
        try when it starts; a 429 if the pair must wait or the pool has no room for this
        address."""
        if not self.hashing.reserve(address):
            return JSONResponse({"error": BUSY}, 429, headers={"Retry-After": "1"})
        wait = self.logins.begin(name, address)
        if wait > 0:
            self.hashing.release(address)
            return too_many(wait)
        try:
            return await self.hashing.run(address, work, reserved=True)
        except PoolBusyError:
            return JSONResponse({"error": BUSY}, 429, headers={"Retry-After": "1"})

    async def password(self, request: Request) -> Response:
        """A logged-in player's new password; their other sessions end."""
        data = await self.form(request)
        if isinstance(data, Response):
            return data
        token = request.cookies.get(COOKIE)
        name = await asyncio.to_thread(self.accounts.session_user, token)
        if name is None:
            return JSONResponse({"error": "Log in first."}, 401)
        old, new = data.get("old"), data.get("new")

        def change() -> str | None:
            """Why the change was refused, or None: it was made."""
            try:
                self.accounts.change_password(name, old, new, token)
            except AccountError as exc:
                return str(exc)
            return None

        address = client_address(request)
        refused = await self.guarded(address, name, change)
        if isinstance(refused, Response):
            return refused
        if refused is not None:
            return JSONResponse({"error": refused.capitalize() + "."}, 400)
        self.logins.succeeded(name, address)
        return JSONResponse({"me": name, "changed": True}, headers=HEADERS)

    async def logout(self, request: Request) -> Response:
        data = await self.form(request)
        if isinstance(data, Response):
            return data
        await asyncio.to_thread(self.accounts.end_session, request.cookies.get(COOKIE))
        response = JSONResponse({"me": None}, headers=HEADERS)
        response.delete_cookie(COOKIE)
        return response
