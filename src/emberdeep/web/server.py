"""``emberdeep serve``: check the options, then run the app on uvicorn."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import uvicorn

from emberdeep.web import protocol
from emberdeep.web.app import Options, create_app
from emberdeep.web.games import Limits


def serve(
    *,
    host: str,
    port: int,
    data: Path,
    limits: Limits,
    origins: tuple[str, ...] = (),
    secure_cookies: bool = False,
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
    options = Options(data.resolve(), limits, origins, secure_cookies)
    print(f"emberdeep: serving on http://{host}:{port}/ (data in {options.data})", flush=True)
    uvicorn.run(
        create_app(options),
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=protocol.MAX_MESSAGE,
        ws_per_message_deflate=True,
        log_level="warning",
        timeout_graceful_shutdown=15,
    )
    return 0
