"""``emberdeep serve``'s options and its start: what the command line knows of the
web server, kept here so that ``cli.py`` stays the game's commands and ``--help``
imports nothing of the web stack (this module needs only the standard library until
``main`` runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from emberdeep import argtypes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``emberdeep serve``."""
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on "
        "(default 127.0.0.1: this machine only; see the README to serve others)",
    )
    parser.add_argument("--port", type=argtypes.port, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--data",
        type=Path,
        metavar="DIR",
        help="the players' accounts, games and saves (default: a `web` folder "
        "in the game's data folder)",
    )
    parser.add_argument(
        "--grace",
        type=argtypes.minutes,
        default=10.0,
        metavar="MINUTES",
        help="how long a game waits for its player to come back before it is "
        "saved and stopped (default 10)",
    )
    parser.add_argument(
        "--max-games",
        type=argtypes.positive,
        default=100,
        metavar="N",
        help="games running at once (default 100)",
    )
    parser.add_argument(
        "--max-connections",
        type=argtypes.positive,
        default=500,
        metavar="N",
        help="players' pages connected at once (default 500)",
    )
    parser.add_argument(
        "--max-watchers",
        type=argtypes.natural,
        default=200,
        metavar="N",
        help="watchers' pages connected at once, apart from players' (default 200)",
    )
    parser.add_argument(
        "--registrations",
        type=argtypes.natural,
        default=5,
        metavar="N",
        help="accounts one address may make in an hour (default 5; 0: none)",
    )
    parser.add_argument(
        "--games-per-address",
        type=argtypes.positive,
        default=3,
        metavar="N",
        help="games one address (an IPv6 /64) may run at once, never more than half "
        "of --max-games (default 3)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy (address or network) whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed, e.g. 127.0.0.1 (repeatable; default: none)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another origin the page may be served from, e.g. "
        "https://play.example.org behind a proxy (repeatable)",
    )
    parser.add_argument(
        "--secure-cookies",
        action="store_true",
        help="always mark the login cookie Secure (it is anyway for a page that came "
        "over HTTPS, directly or through a --trusted-proxy that says so)",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a name the server answers to in the Host header, e.g. play.example.org "
        "(repeatable; default: the --host address and localhost)",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="a postgresql:// database that several hosts share for accounts, the hall "
        "of fame, the daily results and the running games (default: SQLite in --data)",
    )
    parser.add_argument(
        "--host-id",
        metavar="NAME",
        help="this host's name among those sharing a --database; the proxy routes a "
        "player to their game's host by it (default: the machine's name and the port)",
    )
    parser.add_argument(
        "--lease",
        type=argtypes.seconds,
        metavar="SECONDS",
        help="with a --database: how long a game's lease on its host lasts unless renewed, "
        "so how soon another host resumes the games of a host that died (default 10)",
    )


def main(args: argparse.Namespace) -> int:
    """``emberdeep serve``: the web stack is imported only here (and only if installed)."""
    try:
        from emberdeep.web import server
        from emberdeep.web.capacity import Limits
    except ImportError as exc:
        print(
            f"emberdeep: serve needs the web extra ({exc.name} is missing): "
            "pip install 'emberdeep[web]'",
            file=sys.stderr,
        )
        return 1
    from emberdeep.storage import saves
    from emberdeep.web.proxies import networks

    try:
        networks(args.trusted_proxy)
    except ValueError as exc:
        print(f"emberdeep: --trusted-proxy: {exc}", file=sys.stderr)
        return 2
    data = args.data if args.data is not None else saves.data_dir() / "web"
    limits = Limits(
        args.max_games, args.max_connections, args.grace * 60, args.max_watchers,
        args.registrations, games_per_address=args.games_per_address,
    )  # fmt: skip
    return server.serve(
        host=args.host,
        port=args.port,
        data=data,
        limits=limits,
        origins=tuple(args.allow_origin),
        secure_cookies=args.secure_cookies,
        allowed_hosts=tuple(args.allowed_host),
        database=args.database,
        host_id=args.host_id,
        trusted_proxies=tuple(args.trusted_proxy),
        lease=args.lease,
    )
