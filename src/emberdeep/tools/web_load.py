"""Load on ``emberdeep serve``, measured: games at once, each sent a key every 100 ms.

Starts a server on 127.0.0.1 (loopback only, a throwaway data folder), then for each
count of games (1, 25, 50 by default; each ``--repeat`` times) opens that many players'
games, starts a new game in each, and sends each a random move or wait every
``interval`` seconds for ``seconds`` seconds. Key-to-frame latency is the time from
sending a key to receiving the frame that acknowledges it (``ack``, ``protocol.py``),
checked against issue #29's targets (``TARGETS``). CPU per key is read from ``/proc`` for
the server and for the games' processes; unlike latency it hardly depends on what else
the machine runs, so the machine's load average and this generator's own CPU are printed
beside it. Memory per game is read from ``/proc`` for each worker process: PSS (its share
of pages shared with the fork server) and USS (pages only it has). Then ``--idle`` games
are opened and held connected, and each is sent one key at the end; last, a summary table
of every count. Bounded: at most ``MAX_GAMES`` games and ``--deadline`` seconds in all.

With ``--hog N`` it measures the share per address instead (issue 42): one honest game
from 127.0.0.3, a key every ``interval``, alone and then beside N games from 127.0.0.2
(another address: loopback has a whole /8) each sent keys as fast as a page may
(``limits.KEY_RATE``); it prints how many of the N the server let in, and the honest
player's key-to-frame p50 and p99 unloaded and loaded, with the load average.

Usage: scripts/web-load [--games 1,25,50] [--repeat 1] [--seconds 15] [--idle 200]
       scripts/web-load --hog 10 [--seconds 15]
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
from emberdeep.web.limits import KEY_RATE

MAX_GAMES = 300
KEYS = "hjklyubn."
DROPPED = re.compile(r"(\d+) keys? dropped")
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
    dropped: int = 0
    """Keys the server said it dropped (its notes)."""
    source: str = "127.0.0.1"
    """The loopback address the player connects from (its address for the server)."""


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
            local_addr=(player.source, 0),
        )
        asyncio.get_running_loop().create_task(self.read(player))

    async def read(self, player: Player) -> None:
        try:
            async for message in player.ws:
                text = message if isinstance(message, str) else message.decode()
                now = time.perf_counter()
                if text.startswith('{"t":"note"') or text.startswith('{"t": "note"'):
                    found = DROPPED.search(text)
                    player.dropped += int(found[1]) if found else 0
                    continue
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


TARGETS = {25: 100.0, 50: 250.0}
"""Issue #29's key-to-frame p99 targets in ms, by busy games, on the 2-core machine."""


@dataclass
class Result:
    """One count of busy games, measured."""

    games: int
    keys: int
    p50: float
    p99: float
    worst: float
    unanswered: int
    server_ms: float
    """CPU per key in the server process."""
    game_ms: float
    """CPU per key in the games' processes."""
    busy: float
    """Cores the server and the games kept busy."""
    driver: float
    """Cores this load generator itself kept busy (it shares the machine)."""
    pss: float
    uss: float
    load: tuple[float, float]
    """The machine's 1-minute load average before and after."""

    def verdict(self) -> str:
        target = TARGETS.get(self.games)
        if target is None:
            return ""
        return f"p99 target {target:.0f} ms: {'met' if self.p99 <= target else 'MISSED'}"


def per_game_memory(server: int) -> tuple[float, float]:
    """Mean PSS and USS of the games' processes, in MB."""
    figures = [memory(pid) for pid in workers(server)]
    if not figures:
        return 0.0, 0.0
    pss = statistics.mean(f["Pss"] for f in figures) / 1024
    return pss, statistics.mean(f["Uss"] for f in figures) / 1024


async def measure(
    load: Load, players: list[Player], args: argparse.Namespace, server: int
) -> Result:
    count = len(players)
    await load.start(players)
    load_before = os.getloadavg()[0]
    before = cpu_split(server)
    driver_before = time.process_time()
    await load.drive(players, args.seconds, args.interval)
    driver = (time.process_time() - driver_before) / (args.seconds + 1)
    after = cpu_split(server)
    latencies = [lat * 1000 for p in players for lat in p.latencies]
    keys = max(1, len(latencies))
    per_key = [(b - a) * 1000 / keys for a, b in zip(before, after, strict=True)]
    busy = sum(b - a for a, b in zip(before, after, strict=True)) / (args.seconds + 1)
    pss, uss = per_game_memory(server)
    result = Result(
        count,
        len(latencies),
        percentile(latencies, 0.5),
        percentile(latencies, 0.99),
        max(latencies, default=0.0),
        sum(len(p.sent) for p in players),
        per_key[0],
        per_key[1],
        busy,
        driver,
        pss,
        uss,
        (load_before, os.getloadavg()[0]),
    )
    print(
        f"{count:3d} games, a key every {args.interval * 1000:.0f} ms each for "
        f"{args.seconds:.0f} s: {result.keys} keys, key-to-frame p50 {result.p50:.1f} ms, "
        f"p99 {result.p99:.1f} ms, max {result.worst:.1f} ms, unanswered {result.unanswered}"
        + (f"; {result.verdict()}" if result.verdict() else ""),
        flush=True,
    )
    print(
        f"    CPU per key: {result.server_ms:.2f} ms in the server, {result.game_ms:.2f} ms in "
        f"the game's process; {busy:.2f} of the machine's {os.cpu_count()} cores busy with "
        f"them, {driver:.2f} with this load generator; load average {load_before:.1f} "
        f"before, {result.load[1]:.1f} after",
        flush=True,
    )
    print("    " + report_memory(server, count), flush=True)
    return result


def summary(results: list[Result]) -> str:
    """Every count measured, as one table (the figures to quote)."""
    lines = [
        "",
        "summary (key-to-frame in ms; CPU per key in ms; cores = cores kept busy by the "
        "server and games / by this generator; memory per game in MB; load = the machine's "
        "1-minute load average before/after):",
        f"{'games':>5} {'keys':>6} {'p50':>8} {'p99':>8} {'target':>7} {'server':>7} "
        f"{'game':>6} {'cores':>9} {'PSS':>6} {'USS':>6} {'load':>9}",
    ]
    for r in results:
        target = TARGETS.get(r.games)
        mark = "" if target is None else ("ok" if r.p99 <= target else "MISSED")
        lines.append(
            f"{r.games:5d} {r.keys:6d} {r.p50:8.1f} {r.p99:8.1f} "
            f"{'' if target is None else f'<={target:.0f}':>7} {r.server_ms:7.2f} "
            f"{r.game_ms:6.2f} {f'{r.busy:.2f}/{r.driver:.2f}':>9} {r.pss:6.1f} {r.uss:6.1f} "
            f"{r.load[0]:4.1f}/{r.load[1]:<4.1f} {mark}"
        )
    return "\n".join(lines)


async def run(args: argparse.Namespace, port: int, server: int, tokens: list[Player]) -> None:
    load = Load(port)
    pool = iter(tokens)
    results = []
    for _ in range(args.repeat):
        for count in args.games:
            players = [next(pool) for _ in range(count)]
            results.append(await measure(load, players, args, server))
            await load.close(players)
            while load.running():
                await asyncio.sleep(0.5)
    if args.idle:
        await idle(load, [next(pool) for _ in range(args.idle)], args, server)
    print(summary(results), flush=True)


async def idle(load: Load, players: list[Player], args: argparse.Namespace, server: int) -> None:
    """``--idle`` games opened and held, then one key each."""
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


async def hog(load: Load, players: list[Player], args: argparse.Namespace) -> None:
    """The honest player (the last) alone, then beside ``--hog`` games from one address
    at the highest key rate a page may send."""
    honest, hogs = players[-1], players[:-1]
    await load.start([honest])
    load_alone = os.getloadavg()[0]
    await load.drive([honest], args.seconds, args.interval)
    alone = [lat * 1000 for lat in honest.latencies]
    honest.latencies.clear()
    for player in hogs:
        await load.open(player)
    await asyncio.sleep(2.0)  # the refused ones are closed (4029) by now
    admitted = [player for player in hogs if player.closed is None]
    await asyncio.gather(*(load.key_and_wait(player, "enter") for player in admitted))
    admitted = [player for player in admitted if player.closed is None]
    load_before = os.getloadavg()[0]
    fastest = 1.0 / KEY_RATE[0]

    async def flood(player: Player) -> int:
        sent = 0
        end = time.monotonic() + args.seconds
        while time.monotonic() < end and player.closed is None:
            await load.key(player, random.choice(KEYS))
            sent += 1
            await asyncio.sleep(fastest)
        return sent

    sent, _ = await asyncio.gather(
        asyncio.gather(*(flood(p) for p in admitted)),
        load.drive([honest], args.seconds, args.interval),
    )
    await asyncio.sleep(1.5)  # the last notes of dropped keys
    loaded = [lat * 1000 for lat in honest.latencies]
    answered = sum(sent) - sum(p.dropped for p in admitted)
    print(
        f"hog: {len(admitted)} of {len(hogs)} games from one address let in; they sent "
        f"{sum(sent)} keys in {args.seconds:.0f} s ({sum(sent) / args.seconds:.0f} a second), "
        f"{answered} were played ({answered / args.seconds:.0f} a second; the rest dropped)",
        flush=True,
    )
    print(
        f"honest player, a key every {args.interval * 1000:.0f} ms: key-to-frame p50 "
        f"{percentile(alone, 0.5):.1f} ms alone (p99 {percentile(alone, 0.99):.1f}), "
        f"{percentile(loaded, 0.5):.1f} ms beside them (p99 {percentile(loaded, 0.99):.1f}); "
        f"load average {load_alone:.1f} alone, {load_before:.1f} -> {os.getloadavg()[0]:.1f} "
        f"loaded",
        flush=True,
    )
    await load.close(players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/web-load", description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="1,25,50", help="counts of games at once")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds per count")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between keys")
    parser.add_argument("--repeat", type=int, default=1, help="times each count is measured")
    parser.add_argument("--idle", type=int, default=200, help="idle games held (0: none)")
    parser.add_argument("--hold", type=float, default=10.0, help="seconds they are held")
    parser.add_argument("--deadline", type=float, default=900.0, help="seconds in all")
    parser.add_argument(
        "--hog", type=int, default=0, help="games from one address beside one honest game"
    )
    args = parser.parse_args(argv)
    if args.hog:
        args.games, args.repeat, args.idle = str(args.hog + 1), 1, 0
    args.games = [int(n) for n in args.games.split(",") if n]
    total = sum(args.games) * args.repeat + args.idle
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
    if args.hog:
        for player in players:
            player.source = "127.0.0.2"
        players[-1].source = "127.0.0.3"
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
        work = hog(Load(port), players, args) if args.hog else run(args, port, server.pid, players)
        asyncio.run(asyncio.wait_for(work, args.deadline))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
