"""Load on ``emberdeep serve``, measured: games at once, each sent a key every 100 ms.

Starts a server on 127.0.0.1 (loopback only, a throwaway data folder), then for each
count of games (1, 10, 50 by default) opens that many players' games, starts a new game
in each, and sends each a random move or wait every ``interval`` seconds for ``seconds``
seconds. Key-to-frame latency is the time from sending a key to receiving the frame that
acknowledges it (``ack``, ``protocol.py``). Memory per game is read from ``/proc`` for
each worker process: PSS (its share of pages shared with the fork server) and USS (pages
only it has). Then ``--idle`` games are opened and held connected, and each is sent one
key at the end. Bounded: at most ``MAX_GAMES`` games and ``--deadline`` seconds in all.

Usage: scripts/web-load [--games 1,10,50] [--seconds 15] [--idle 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from emberdeep.web.accounts import Accounts
from emberdeep.web.database import Database

MAX_GAMES = 300
KEYS = "hjklyubn."
ACK = re.compile(r'"ack":\["([0-9a-z]+)",(\d+)\]')


@dataclass
class Player:
    name: str
    token: str
    client: str
    ws: Any = None
    seq: int = 0
    sent: dict[int, float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    acked: asyncio.Event = field(default_factory=asyncio.Event)
    last_ack: int = 0
    closed: str | None = None


class Load:
    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    async def open(self, player: Player) -> None:
        player.ws = await websockets.connect(
            f"ws://127.0.0.1:{self.port}/ws/play?client={player.client}",
            origin=self.url,  # type: ignore[arg-type]
            additional_headers={"Cookie": f"emberdeep_session={player.token}"},
            max_size=None,
            open_timeout=60,
        )
        asyncio.get_running_loop().create_task(self.read(player))

    async def read(self, player: Player) -> None:
        try:
            async for message in player.ws:
                text = message if isinstance(message, str) else message.decode()
                now = time.perf_counter()
                if '"full":true' in text:
                    acks = json.loads(text)["acks"]
                    self.acknowledge(player, acks.get(player.client, 0), now)
                    continue
                found = ACK.search(text[-60:])
                if found and found[1] == player.client:
                    self.acknowledge(player, int(found[2]), now)
        except websockets.ConnectionClosed as exc:
            player.closed = str(exc)
        player.acked.set()

    @staticmethod
    def acknowledge(player: Player, seq: int, now: float) -> None:
        player.last_ack = max(player.last_ack, seq)
        for number in [n for n in player.sent if n <= seq]:
            player.latencies.append(now - player.sent.pop(number))
        player.acked.set()

    async def key(self, player: Player, key: str, record: bool = True) -> None:
        player.seq += 1
        if record:
            player.sent[player.seq] = time.perf_counter()
        await player.ws.send(json.dumps({"t": "key", "s": player.seq, "k": key}))

    async def key_and_wait(self, player: Player, key: str, timeout: float = 60) -> None:
        await self.key(player, key, record=False)
        deadline = time.monotonic() + timeout
        while player.last_ack < player.seq and player.closed is None:
            player.acked.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{player.name}: no acknowledgement")
            await asyncio.wait_for(player.acked.wait(), left)

    async def start(self, players: list[Player]) -> None:
        """Connect every player and start a new game in each (Enter on the title)."""
        for chunk in range(0, len(players), 25):  # not 200 forks in the same instant
            batch = players[chunk : chunk + 25]
            await asyncio.gather(*(self.open(p) for p in batch))
            await asyncio.gather(*(self.key_and_wait(p, "enter") for p in batch))
        for player in players:
            player.latencies.clear()

    async def drive(self, players: list[Player], seconds: float, interval: float) -> None:
        rng = random.Random(1)

        async def one(player: Player, offset: float) -> None:
            await asyncio.sleep(offset)
            due = time.monotonic()
            end = due + seconds
            while due < end and player.closed is None:
                await self.key(player, rng.choice(KEYS))
                due += interval
                await asyncio.sleep(max(0.0, due - time.monotonic()))

        await asyncio.gather(*(one(p, i * interval / len(players)) for i, p in enumerate(players)))
        await asyncio.sleep(1.0)  # the last acknowledgements

    async def close(self, players: list[Player]) -> None:
        await asyncio.gather(*(p.ws.close() for p in players if p.ws is not None))

    def running(self) -> int:
        with urllib.request.urlopen(self.url + "/api/games", timeout=10) as response:
            return len(json.loads(response.read())["games"])


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's game workers), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def memory(pid: int) -> dict[str, int]:
    """kB figures from ``/proc/PID/smaps_rollup``: Rss, Pss, and USS (private pages)."""
    values: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
            name, _, rest = line.partition(":")
            values[name] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        return {"Rss": 0, "Pss": 0, "Uss": 0}
    values["Uss"] = values.get("Private_Clean", 0) + values.get("Private_Dirty", 0)
    return values


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used, from ``/proc/PID/stat``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_split(server: int) -> tuple[float, float]:
    """CPU seconds so far of the server process and of all its games' processes."""
    return cpu_seconds(server), sum(cpu_seconds(pid) for pid in workers(server))


def workers(server: int) -> list[int]:
    """The games: children of the server's children (the fork server forks them)."""
    return [pid for child in children(server) for pid in children(child)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report_memory(server: int, games: int) -> str:
    pids = workers(server)
    figures = [memory(pid) for pid in pids]
    if not figures:
        return "no worker processes found"
    pss = statistics.mean(f["Pss"] for f in figures) / 1024
    uss = statistics.mean(f["Uss"] for f in figures) / 1024
    rss = statistics.mean(f["Rss"] for f in figures) / 1024
    main = memory(server)["Rss"] / 1024
    return (
        f"{len(pids)} workers for {games} games: per game PSS {pss:.1f} MB, USS {uss:.1f} MB "
        f"(RSS {rss:.1f} MB, mostly shared); server RSS {main:.0f} MB"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def run(args: argparse.Namespace, port: int, server: int, tokens: list[Player]) -> None:
    load = Load(port)
    pool = iter(tokens)
    for count in args.games:
        players = [next(pool) for _ in range(count)]
        await load.start(players)
        before = cpu_split(server)
        await load.drive(players, args.seconds, args.interval)
        after = cpu_split(server)
        latencies = [lat * 1000 for p in players for lat in p.latencies]
        lost = sum(len(p.sent) for p in players)
        keys = max(1, len(latencies))
        per_key = [(b - a) * 1000 / keys for a, b in zip(before, after, strict=True)]
        busy = sum(b - a for a, b in zip(before, after, strict=True)) / (args.seconds + 1)
        print(
            f"{count:3d} games, a key every {args.interval * 1000:.0f} ms each for "
            f"{args.seconds:.0f} s: {len(latencies)} keys, key-to-frame p50 "
            f"{percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, "
            f"max {max(latencies, default=0):.1f} ms, unanswered {lost}",
            flush=True,
        )
        print(
            f"    CPU per key: {per_key[0]:.2f} ms in the server, {per_key[1]:.2f} ms in the "
            f"game's process; {busy:.2f} of the machine's {os.cpu_count()} cores busy with them",
            flush=True,
        )
        print("    " + report_memory(server, count), flush=True)
        await load.close(players)
        while load.running():
            await asyncio.sleep(0.5)
    if args.idle:
        players = [next(pool) for _ in range(args.idle)]
        started = time.monotonic()
        await load.start(players)
        opened = time.monotonic() - started
        await asyncio.sleep(args.hold)
        held = sum(p.closed is None for p in players)
        print(
            f"{args.idle} idle games: opened and started in {opened:.1f} s, "
            f"{held} still connected after {args.hold:.0f} s",
            flush=True,
        )
        print("    " + report_memory(server, args.idle), flush=True)
        for player in players:
            player.latencies.clear()
        for player in players:  # one key each, one game after another
            await load.key(player, "." if player.seq % 2 else "h")
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.0)
        latencies = [lat * 1000 for p in players for lat in p.latencies]
        print(
            f"    then one key each, 10 ms apart: p50 {percentile(latencies, 0.5):.1f} ms, "
            f"p99 {percentile(latencies, 0.99):.1f} ms, answered {len(latencies)}/{args.idle}",
            flush=True,
        )
        await load.close(players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/web-load", description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="1,10,50", help="counts of games at once")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds per count")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between keys")
    parser.add_argument("--idle", type=int, default=200, help="idle games held (0: none)")
    parser.add_argument("--hold", type=float, default=10.0, help="seconds they are held")
    parser.add_argument("--deadline", type=float, default=900.0, help="seconds in all")
    args = parser.parse_args(argv)
    args.games = [int(n) for n in args.games.split(",") if n]
    total = sum(args.games) + args.idle
    if total > MAX_GAMES or min(args.games, default=1) < 1 or args.interval < 0.01:
        print(f"web-load: at most {MAX_GAMES} games in all, a key at most every 10 ms")
        return 2
    data = Path(tempfile.mkdtemp(prefix="emberdeep-load-"))
    accounts = Accounts(Database(None, data))
    print(f"web-load: {total} accounts...", flush=True)
    players = []
    for number in range(total):
        name = accounts.register(f"load{number}", "load password")
        players.append(Player(name, accounts.new_session(name), f"load{number}client"))
    port = free_port()
    command = [sys.executable, "-m", "emberdeep", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--data", str(data), "--grace", "0.02"]
    command += ["--max-games", str(MAX_GAMES), "--max-connections", str(2 * MAX_GAMES)]
    server = subprocess.Popen(command, start_new_session=True)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        asyncio.run(asyncio.wait_for(run(args, port, server.pid, players), args.deadline))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
