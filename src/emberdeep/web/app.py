"""The web server: the page, the atlas, the game list, the WebSockets, and the routes.

Every request and socket must name an allowed host (``hosts.py``: no DNS rebinding), and
every WebSocket upgrade and form post must come from this server's own page
(``http.origin_allowed``: the ``Origin`` matches the ``Host``, or is one the operator
allowed): another site cannot drive a player's game with their cookie. Accounts (forms,
sessions, password checks) are ``signin.py``'s. Static files carry an ``ETag`` and are
revalidated, so a reload costs a 304. Messages from pages are capped in size (uvicorn
refuses a bigger frame, and so does ``protocol.parse_input``) and in rate (a token bucket
per connection: ``relay.py`` coalesces moves and drops keys over the rate; only a flood
closes the connection); anything that is not one of ours closes the connection.
Connections and games are capped (``capacity.Limits``), and each cap is shared per
address (``shares.py``; the address is the forwarded one only behind a
``--trusted-proxy``, ``proxies.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib.resources
import json
import re
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from emberdeep.storage import replays
from emberdeep.web import atlas, daily, hall, players, preload, protocol
from emberdeep.web.accounts import AccountError, Accounts, check_name, player_folder
from emberdeep.web.capacity import Limits, ServerFullError
from emberdeep.web.database import Database, DatabaseError
from emberdeep.web.directory import ELSEWHERE, EVERY, HOST_COOKIE, Directory
from emberdeep.web.games import Game, Games
from emberdeep.web.hall import Hall
from emberdeep.web.hosts import LOCAL, HostCheck
from emberdeep.web.http import COOKIE, HEADERS, client_address, origin_allowed
from emberdeep.web.peers import FULL, Peer
from emberdeep.web.proxies import TrustedProxies
from emberdeep.web.relay import Relay
from emberdeep.web.shared import TTL, HeldElsewhereError, SharedGames
from emberdeep.web.signin import SignIn

CLIENT_ID = re.compile(r"[A-Za-z0-9]{8,32}")
ENDED_NOT_RUNNING = 4004
REFUSED = 1008
UNSUPPORTED = 1003
TOO_BIG = 1009
NOT_LOGGED_IN = 4003
PLAYED = 4009
UNAVAILABLE = 1011
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/cells.js": ("cells.js", "text/javascript; charset=utf-8"),
    "/game.js": ("game.js", "text/javascript; charset=utf-8"),
    "/lettering.js": ("lettering.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}


@dataclass(frozen=True)
class Options:
    data: Path
    limits: Limits = field(default_factory=Limits)
    origins: tuple[str, ...] = ()
    """Origins allowed besides the page's own host (a reverse proxy's public address)."""
    secure_cookies: bool = False
    """Always mark the session cookie Secure (it is anyway when the page came over HTTPS)."""
    allowed_hosts: tuple[str, ...] = LOCAL
    """Names the ``Host`` header may give (``hosts.default_hosts`` by default)."""
    database: str | None = None
    """A ``postgresql://`` address shared by several hosts; None: SQLite in ``data``."""
    host_id: str = "local"
    """This host's name among those sharing the database (the proxy routes by it)."""
    lease: float = TTL
    """Seconds a game's lease lasts unless renewed (``shared.py``): how long the games of
    a host that died wait before another host resumes them."""
    trusted_proxies: tuple[str, ...] = ()
    """Proxies (addresses or networks) whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed; none by default."""


class Server:
    """What the handlers share."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.db = Database(options.database, options.data)
        self.accounts = Accounts(self.db)
        self.hall = Hall(self.db)
        self.daily = daily.Daily(self.db)
        self.directory = Directory(self.db, options.host_id)
        self.shared = (
            SharedGames(self.db, options.host_id, options.lease) if self.db.postgres else None
        )
        self.games = Games(options.data, options.limits, self.recorded, self.shared)
        self.background: set[asyncio.Task[Any]] = set()
        self.signin = SignIn(
            self.accounts, options.limits.registrations, options.origins, options.secure_cookies
        )
        self.static = {
            path: (
                importlib.resources.files(__package__).joinpath(f"static/{name}").read_bytes(),
                kind,
            )
            for path, (name, kind) in STATIC.items()
        }
        self.etags = {path: etag(body) for path, (body, _) in self.static.items()}
        self._atlas: atlas.Atlas | None = None

    def atlas(self) -> atlas.Atlas:
        if self._atlas is None:
            self._atlas = atlas.build(preload.content())
        return self._atlas

    def later(self, work: Any, *args: Any) -> None:
        """Run ``work(*args)`` in a thread without waiting (kept until done)."""
        task = asyncio.get_running_loop().create_task(asyncio.to_thread(work, *args))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    def recorded(self, game: Game, told: Any) -> None:
        """A worker's finished game, kept in the shared hall of fame."""
        player = game.owner.removesuffix(daily.MARK) if game.daily else game.owner
        new = hall.entry(player, told, game.daily) if isinstance(told, dict) else None
        if new is not None:
            papers = [told.get(kind) for kind in hall.PAPERS]
            self.later(self.hall.add, new, *(p if isinstance(p, str) else None for p in papers))

    async def publish(self) -> None:
        """This host's games in the shared directory, every ``EVERY`` seconds."""
        while self.directory.shared:
            try:
                await asyncio.to_thread(self.directory.publish, self.local_listing())
            except Exception as exc:  # the database is away: the next round tries again
                print(f"emberdeep: cannot update the games directory: {exc}", flush=True)
            await asyncio.sleep(EVERY)

    def local_listing(self) -> list[dict[str, Any]]:
        return [{**game, "host": self.options.host_id} for game in self.games.listing()]

    def host_cookie(self, host: str | None = None) -> tuple[bytes, bytes]:
        """The cookie the proxy routes by: this host's, or ``host``'s."""
        host = host or self.options.host_id
        return (b"set-cookie", f"{HOST_COOKIE}={host}; Path=/; SameSite=Strict".encode())

    async def elsewhere(self, ws: WebSocket, owner: str) -> bool:
        """If another host runs ``owner``'s game (holds its lease), send the page there
        (True)."""
        if owner in self.games.games or self.shared is None:
            return False
        host = await asyncio.to_thread(self.shared.holder, owner)
        if host is None:
            return False
        await ws.accept(headers=[self.host_cookie(host)])
        await ws.close(ELSEWHERE, host[:100])
        return True

    def user(self, conn: HTTPConnection) -> str | None:
        return self.accounts.session_user(conn.cookies.get(COOKIE))

    # -- pages ----------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        body, kind = self.static[request.url.path]
        return cached(request, body, kind, self.etags[request.url.path])

    async def atlas_png(self, request: Request) -> Response:
        built = self.atlas()
        return cached(request, built.png, "image/png", built.png_etag)

    async def atlas_json(self, request: Request) -> Response:
        built = self.atlas()
        return cached(request, built.index, "application/json", built.index_etag)

    async def running(self) -> list[dict[str, Any]]:
        """Every host's running games, as the lobby lists them (this host's first word)."""
        others = await asyncio.to_thread(self.directory.others)
        here = self.local_listing()
        mine = {game["player"] for game in here}
        return sorted(
            here + [g for g in others if g["player"] not in mine], key=lambda g: g["player"]
        )

    async def listing(self, request: Request) -> Response:
        me = await asyncio.to_thread(self.user, request)
        return JSONResponse({"me": me, "games": await self.running()}, headers=HEADERS)

    async def player_page(self, request: Request) -> Response:
        """A player's page (``players.py``): a 400 for what cannot be a name, a 404 for a
        name nobody has."""
        try:
            name = check_name(request.path_params["name"])
        except AccountError as exc:
            return JSONResponse({"error": f"No such player: {exc}."}, 400, headers=HEADERS)
        running = await self.running()
        found = await asyncio.to_thread(
            players.page, name, self.accounts, self.hall, self.options.data, running
        )
        if found is None:
            return JSONResponse({"error": "No such player."}, 404, headers=HEADERS)
        return JSONResponse(found, headers=HEADERS)

    async def hall_of_fame(self, request: Request) -> Response:
        entries = await asyncio.to_thread(self.hall.top, 50)
        return JSONResponse({"entries": [e.as_dict() for e in entries]}, headers=HEADERS)

    async def morgue(self, request: Request) -> Response:
        """A finished game's morgue: its entry and the text the game wrote."""
        game = request.query_params.get("id", "")
        found = await asyncio.to_thread(self.hall.paper, game, "morgue")
        if found is None:
            return JSONResponse({"error": "No such morgue."}, 404, headers=HEADERS)
        entry, text = found
        return JSONResponse({**entry.as_dict(), "text": text}, headers=HEADERS)

    # -- games ------------------------------------------------------------------------

    async def play(self, ws: WebSocket) -> None:
        """The player's own game: started (or continued) if it is not running."""
        await self.connect(ws, watching=False)

    async def watch(self, ws: WebSocket) -> None:
        """Somebody's game, live; nothing sent is taken as input."""
        await self.connect(ws, watching=True)

    async def replay(self, ws: WebSocket) -> None:
        """A finished game's replay, shown by a worker of its own for this page alone."""
        if not origin_allowed(ws, self.options.origins):
            await ws.close(REFUSED)
            return
        games = self.games
        await ws.accept(headers=[self.host_cookie()])
        client, game_id = ws.query_params.get("client", ""), ws.query_params.get("id", "")
        if not CLIENT_ID.fullmatch(client) or not re.fullmatch(r"[0-9a-f]{16}", game_id):
            await ws.close(UNSUPPORTED, "bad client or replay id")
            return
        if games.replays >= self.options.limits.max_replays:
            await ws.close(FULL, f"replays:{games.replays}")
            return
        address = client_address(ws)
        if not games.shares.take("replays", address):
            await ws.close(FULL, f"address:{games.shares.count('replays', address)}")
            return
        games.replays += 1
        try:
            path = await asyncio.to_thread(self.replay_file, game_id)
            if path is None:
                await ws.close(ENDED_NOT_RUNNING, "no such replay")
                return
            game = Game(f"replay-{game_id}", path.parent, games, replay=path)
            await game.start(games.context)
            await ws.send_text(json.dumps({"t": "hello", "game": game_id, "replay": True}))
            peer = Peer(ws, client, False, address=address)
            game.attach(peer)
            try:
                await self.receive(ws, peer, game)
            finally:
                game.detach(peer)
                peer.close(1000, "")
                await game.stop()
        finally:
            games.shares.give("replays", address)
            games.replays -= 1

    async def daily_allowed(self, me: str, key: str, day: str, folder: Path) -> bool:
        """Whether ``me`` may open the daily game of ``day``: it is running or under way
        (continued), or this is the first time (the attempt is taken now)."""
        if key in self.games.games or daily.in_progress(folder):
            return True
        shared = self.shared
        if shared is not None:
            place = folder.relative_to(self.options.data).as_posix()
            if await asyncio.to_thread(shared.in_progress, place):
                return True  # under way, saved by another host
        return await asyncio.to_thread(self.daily.begin, me, day)

    async def daily_results(self, request: Request) -> Response:
        """Today's daily game: its day and seed, whether I have played it, the results."""
        day = daily.today()
        me = await asyncio.to_thread(self.user, request)
        played = me is not None and await asyncio.to_thread(self.daily.played, me, day)
        entries = await asyncio.to_thread(self.hall.top, 50, day)
        return JSONResponse(
            {"day": day, "seed": str(daily.seed_for(day)), "played": played,
             "entries": [e.as_dict() for e in entries]},
            headers=HEADERS,
        )  # fmt: skip

    def replay_file(self, game_id: str) -> Path | None:
        """The replay of the kept game ``game_id`` as a file the viewer reads (written once
        per host), or None if there is none or it is damaged."""
        found = self.hall.paper(game_id, "replay")
        if found is None:
            return None
        try:
            replays.decode(found[1].encode())
        except replays.ReplayError:
            return None
        path = self.options.data / "viewing" / f"{game_id}.replay.json"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(f".{secrets.token_hex(4)}.part")
            partial.write_text(found[1], encoding="utf-8")
            partial.replace(path)
        return path

    async def connect(self, ws: WebSocket, watching: bool) -> None:
        if not origin_allowed(ws, self.options.origins):
            await ws.close(REFUSED)  # before accepting: the upgrade is refused (403)
            return
        games, limits = self.games, self.options.limits
        if watching and games.watchers >= limits.max_watchers:
            await ws.accept()
            await ws.close(FULL, f"watching:{games.watchers}")
            return
        if not watching and games.connections >= limits.max_connections:
            await ws.accept()
            await ws.close(FULL, f"full:{games.playing()}")
            return
        address, kind = client_address(ws), "watchers" if watching else "connections"
        if not games.shares.take(kind, address):
            await ws.accept()
            await ws.close(FULL, f"address:{games.shares.count(kind, address)}")
            return
        if watching:
            games.watchers += 1
        else:
            games.connections += 1
        try:
            await self.session(ws, watching, address)
        finally:
            games.shares.give(kind, address)
            if watching:
                games.watchers -= 1
            else:
                games.connections -= 1

    async def session(self, ws: WebSocket, watching: bool, address: str) -> None:
        """Accept the page (with the cookie that routes it to this host) and attach it to
        its game; or send it to the host that runs the game; or close saying why not."""
        me = await asyncio.to_thread(self.user, ws)
        day = daily.today() if not watching and ws.query_params.get("daily") == "1" else None
        target = ws.query_params.get("game", "").lower()[:40] if watching else me
        if target is not None and day is not None:
            target += daily.MARK
        if target is not None and await self.elsewhere(ws, target):
            return
        await ws.accept(headers=[self.host_cookie()])
        client = ws.query_params.get("client", "")
        if not CLIENT_ID.fullmatch(client):
            await ws.close(UNSUPPORTED, "bad client id")
            return
        if target is None:
            await ws.close(NOT_LOGGED_IN, "log in first")
            return
        if watching:
            game = self.games.watch(target)
            if game is None:
                await ws.close(ENDED_NOT_RUNNING, "that game is not running")
                return
        else:
            assert me is not None
            folder = player_folder(self.options.data, me)
            if day is not None:
                folder = daily.folder(folder, day)
                if not await self.daily_allowed(me, target, day, folder):
                    await ws.close(PLAYED, "today's daily has been played")
                    return
            try:
                game = await self.games.open(target, folder, day, address)
            except ServerFullError as exc:
                await ws.close(FULL, str(exc))
                return
            except HeldElsewhereError as exc:  # taken by another host a moment ago
                await ws.close(ELSEWHERE, exc.host[:100])
                return
            except DatabaseError:  # never a fresh game instead of the stored one
                await ws.close(UNAVAILABLE, "the games' database cannot be reached")
                return
        await ws.send_text(json.dumps({"t": "hello", "game": game.owner, "watching": watching}))
        peer = Peer(ws, client, watching, me, ws.query_params.get("reader") == "1", address=address)
        game.attach(peer)
        try:
            await self.receive(ws, peer, game)
        finally:
            game.detach(peer)
            peer.close(1000, "")
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(peer.task, 5)

    async def receive(self, ws: WebSocket, peer: Peer, game: Game) -> None:
        budget = self.games.shares.key_budget(peer.address)
        relay = Relay(lambda message: game.input(peer, message), peer.send, shared=budget)
        try:
            await self._receive(ws, peer, game, relay)
        finally:
            relay.close()

    async def _receive(self, ws: WebSocket, peer: Peer, game: Game, relay: Relay) -> None:
        while not peer.closing:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                peer.close(UNSUPPORTED, "text messages only")
                return
            if len(text) > protocol.MAX_MESSAGE:
                peer.close(TOO_BIG, "message too big")
                return
            try:
                parsed = protocol.parse_input(text)
            except protocol.ProtocolError as exc:
                peer.close(UNSUPPORTED, str(exc)[:100])
                return
            if parsed["t"] in ("chat", "mute"):
                if not relay.gate.flood.take():
                    peer.close(REFUSED, "too many messages")
                    return
                game.social(peer, parsed)
                continue
            if peer.watching:
                peer.close(UNSUPPORTED, "watchers send no input")
                return
            if not relay.take(parsed):
                peer.close(REFUSED, "too many messages")
                return


def create_app(options: Options) -> Starlette:
    server = Server(options)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        publisher = asyncio.create_task(server.publish())
        yield
        publisher.cancel()
        await server.games.stop_all()
        server.signin.hashing.close()
        with contextlib.suppress(Exception):  # the database may be gone too
            await asyncio.to_thread(server.directory.withdraw)

    routes = [
        *(Route(path, server.page) for path in STATIC),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/atlas.png", server.atlas_png),
        Route("/atlas.json", server.atlas_json),
        Route("/api/games", server.listing),
        Route("/api/hall", server.hall_of_fame),
        Route("/api/morgue", server.morgue),
        Route("/api/players/{name:path}", server.player_page),
        Route("/api/daily", server.daily_results),
        Route("/api/register", server.signin.register, methods=["POST"]),
        Route("/api/login", server.signin.login, methods=["POST"]),
        Route("/api/logout", server.signin.logout, methods=["POST"]),
        Route("/api/password", server.signin.password, methods=["POST"]),
        WebSocketRoute("/ws/play", server.play),
        WebSocketRoute("/ws/watch", server.watch),
        WebSocketRoute("/ws/replay", server.replay),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(HostCheck, allowed=options.allowed_hosts)
    app.add_middleware(TrustedProxies, trusted=options.trusted_proxies)
    app.state.server = server
    return app


def etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


def cached(request: Request, body: bytes, kind: str, tag: str) -> Response:
    """A static file with its ``ETag``, revalidated on each use: 304 when unchanged."""
    headers = {**HEADERS, "ETag": tag, "Cache-Control": "no-cache"}
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=kind, headers=headers)
