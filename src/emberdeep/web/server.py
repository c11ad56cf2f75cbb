"""``emberdeep serve``: check the options, then run the app on uvicorn."""

from __future__ import annotations

import importlib.util
import os
import socket
import sys
from pathlib import Path

import uvicorn

from emberdeep.web import protocol
from emberdeep.web.app import Options, create_app
from emberdeep.web.capacity import Limits
from emberdeep.web.database import DatabaseError
from emberdeep.web.hosts import default_hosts


def event_loop() -> str:
    """uvicorn's event loop: uvloop where it is installed (the web extra installs it but
    on Windows), else asyncio's own. Measured with ``scripts/web-load`` at 5 games, the
    server's CPU a key fell from 0.85-1.03 ms to 0.73-0.83 ms on uvloop."""
    return "uvloop" if importlib.util.find_spec("uvloop") is not None else "asyncio"


def serve(
    *,
    host: str,
    port: int,
    data: Path,
    limits: Limits,
    origins: tuple[str, ...] = (),
    secure_cookies: bool = False,
    allowed_hosts: tuple[str, ...] = (),
    database: str | None = None,
    host_id: str | None = None,
    trusted_proxies: tuple[str, ...] = (),
    lease: float | None = None,
) -> int:
    """Serve until interrupted; every running game is closed (saved) on the way out."""
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"emberdeep: cannot use {data} for the players' data: {exc}", file=sys.stderr)
        return 1
    try:  # a clear line rather than uvicorn's log when the port is taken
        socket.create_server((host, port)).close()
    except OSError as exc:
        why = str(exc.strerror or exc).split(" (while")[0]
        print(f"emberdeep: cannot listen on {host}:{port}: {why}", file=sys.stderr)
        return 1
    # One thread of BLAS each: the game does no linear algebra, and 50 games x N threads
    # only cost memory.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    hosts = allowed_hosts or default_hosts(host)
    host_id = host_id or f"{socket.gethostname()}-{port}"
    options = Options(
        data.resolve(), limits, origins, secure_cookies, hosts, database, host_id,
        trusted_proxies=trusted_proxies, **({} if lease is None else {"lease": lease}),
    )  # fmt: skip
    try:
        app = create_app(options)
    except DatabaseError as exc:
        print(f"emberdeep: {exc}", file=sys.stderr)
        return 1
    where = "PostgreSQL" if database else f"{options.data}"
    print(f"emberdeep: serving on http://{host}:{port}/ (data in {options.data})", flush=True)
    print(f"emberdeep: accounts and records in {where}; answering to {', '.join(hosts)}")
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        loop=event_loop(),
        ws_max_size=protocol.MAX_MESSAGE,
        ws_per_message_deflate=True,
        log_level="warning",
        proxy_headers=False,  # the forwarded address only from --trusted-proxy (proxies.py)
        timeout_graceful_shutdown=15,
    )
    return 0
