"""The running games: one worker process each, the pages attached to it, the grace period.

A ``Game`` owns its worker (started through ``multiprocessing``'s fork server, warm from
``preload.py``) and a socket to it; one task reads the worker's frames and hands them to
each attached page's own queue (``Peer``), so a slow page or a stalled game holds up
nobody else. One page plays a game (opening it elsewhere takes it over and tells the old
page); others watch, up to their own cap (``max_watchers``), so watchers never take a
player's place. When the player's page goes, the game waits ``grace`` seconds for them,
then is told to close (it saves and exits); but it keeps its slot only while there is
room: a player who finds the server full takes the slot of the game left longest ago,
which is saved and stopped first, and continues when its owner returns. A worker that
dies, however it dies, ends its ``Game``; its save and journal are there for the next
start. Every cap is also shared per address (``shares.py``): an address runs at most its
allowance of games (a new one first evicts that address's own game left longest ago),
and its pages together pass at most its budget of inputs and chat. When an address runs
more than one game, all of its games run at a lower priority (``NICE``), so that its
games together weigh about as much as one player's game when they want the CPU at once.

With several hosts on one database (``shared``), a game is started only under its lease
(``shared.py``), with its folder first rebuilt from the database; the worker's changed
files (``mirror.py``) are written there before the frames after them are passed on, so a
page's key is acknowledged only once it is in the database; the lease is renewed while
the game runs and given up when it ends. A game whose lease was taken by another host,
or whose files cannot be stored, is fenced: its frames are no longer passed on, its
pages are told, and it is closed without another write.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import socket
import time
from collections.abc import Callable
from multiprocessing.context import ForkServerContext
from pathlib import Path
from typing import Any

from emberdeep import bounds
from emberdeep.web import chat, daily, mirror, pipe, protocol, replay_view, worker
from emberdeep.web.capacity import Limits, ServerFullError
from emberdeep.web.peers import ENDED, TAKEN, Peer
from emberdeep.web.shared import LeaseLostError, SharedGames

WORKER_BUFFER = 256 * 1024
"""Bytes of input waiting for a worker; beyond that the game is stalled and inputs wait
in the page (it resends those not acknowledged)."""
STOP_SECONDS = 10.0
PRELOAD = [
    "emberdeep.web.preload",
    "emberdeep.web.worker",
    "emberdeep.web.replay_view",
    "emberdeep.web.frozen",
]
"""What the fork server imports before it forks a game. The workers' own modules too:
imported in each game after the fork, they were half of a game's private memory (USS 23
MB a game; 11 MB with them preloaded). Then all of it is frozen out of the collector
(``frozen.py``), so it must come last."""

NICE = 5
"""How much lower the priority of the games of an address that runs several is: at nice
5 a game has a third of the scheduler's weight of one at 0, so the three games an
address may run weigh about as much as another player's one. (It stays lower when the
address is back to one game: an unprivileged server cannot raise a priority again.)"""


class Game:
    """One player's game in its worker process, and who is attached to it."""

    def __init__(
        self,
        owner: str,
        folder: Path,
        games: Games,
        replay: Path | None = None,
        daily: str | None = None,
        *,
        address: str = "?",
    ) -> None:
        self.owner = owner
        self.address = address
        """The address that started the game: it counts among that address's games."""
        self.nice = 0
        """How much lower its worker's priority is (``lower_priority``)."""
        """The game's name in the lobby: the player's (``NAME~daily`` for a daily game)."""
        self.folder = folder
        self.replay = replay
        self.daily = daily
        """The UTC day of a daily game, which starts with that day's seed."""
        """A replay file to show instead of the player's game (``replay_view.py``)."""
        self.games = games
        self.player: Peer | None = None
        self.watchers: set[Peer] = set()
        self.status: dict[str, Any] = {}
        self.started = asyncio.Event()
        self.ended = asyncio.Event()
        self.process: multiprocessing.process.BaseProcess | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.grace_task: asyncio.Task[None] | None = None
        self.pump_task: asyncio.Task[None] | None = None
        self.finishing = False
        self.chat = chat.Chat()
        self.left = time.monotonic()
        """When the player's page last went (or the game started): the longest left is
        evicted first."""
        self.active = time.monotonic()
        """When the player last sent an input (the lobby shows the idle time)."""
        self.epoch: int | None = None
        """Our lease's epoch, with several hosts on one database (``shared.py``)."""
        self.fenced = False
        """The lease is lost or the database failed: nothing more is written or shown."""
        self.pending: list[mirror.Change] = []
        self.lease_task: asyncio.Task[None] | None = None

    @property
    def shared(self) -> SharedGames | None:
        return self.games.shared if self.replay is None else None

    def claim(self) -> bool:
        """(A thread.) Take the lease, let an earlier process of this game on this host
        finish saving, and rebuild the folder from the database; whether it was rebuilt
        (``shared.SharedGames.restore``). ``HeldElsewhereError`` if another host runs it."""
        shared = self.shared
        assert shared is not None
        self.epoch = shared.take(self.owner)
        for save in self.folder.glob("games/*/save.emberdeep"):
            worker.wait_for_lock(self.folder, save.parent.name)
        return shared.restore(self.place, self.folder)

    @property
    def place(self) -> str:
        """The game's folder as the database files it: the same on every host (a
        player's, or their daily game's of one day)."""
        return self.folder.relative_to(self.games.data).as_posix()

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    async def start(self, context: ForkServerContext) -> None:
        try:
            told = None if self.shared is None else await asyncio.to_thread(self.claim)
            await self._start(context, told)
        except BaseException:  # the lease, if taken, is given up
            await self.release()
            raise
        if told is not None:
            self.lease_task = asyncio.create_task(self.keep_lease())

    async def _start(self, context: ForkServerContext, told: bool | None) -> None:
        ours, theirs = socket.socketpair()
        target: Callable[..., None]
        args: tuple[Any, ...]
        if self.replay is None:
            seed = None if self.daily is None else daily.seed_for(self.daily)
            target, args = worker.run, (theirs, str(self.folder), seed, told)
        else:
            target, args = replay_view.run, (theirs, str(self.folder), str(self.replay))
        process = context.Process(target=target, args=args, name=f"emberdeep-{self.owner}")
        try:
            await asyncio.to_thread(process.start)
        finally:
            theirs.close()
        self.process = process
        self.lower_priority(self.nice)
        reader, self.writer = await asyncio.open_unix_connection(sock=ours)
        self.pump_task = asyncio.create_task(self.pump(reader))
        self.started.set()

    async def pump(self, reader: asyncio.StreamReader) -> None:
        """Hand the worker's frames to the pages, until it exits."""
        try:
            while True:
                message = await pipe.read_message(reader)
                kind, body = message[:1], message[1:]
                if kind == protocol.STATUS:
                    self.status = pipe.decode(body)
                    continue
                if kind == protocol.FILES:
                    await self.store(*mirror.unpack(body))
                    continue
                if self.fenced:
                    continue
                if kind == protocol.READER:
                    words = body.decode()
                    for peer in self.peers():
                        if peer.reader:
                            peer.send(words)
                    continue
                if kind == protocol.RECORD:
                    if self.games.on_record is not None:
                        self.games.on_record(self, json.loads(body))
                    continue
                text = body.decode()
                for peer in self.peers():
                    if kind == protocol.FULL and not peer.live:
                        peer.live = True
                        peer.send(text)
                    elif kind == protocol.DIFF and peer.live:
                        peer.send(text)
        except pipe.PipeClosedError:
            pass
        finally:
            await self.finish()

    async def store(self, whole: bool, changes: list[mirror.Change]) -> None:
        """Write the worker's changed files to the database once the batch is whole, before
        any frame after it is passed on; retried while the lease lasts, then fenced."""
        shared, epoch = self.shared, self.epoch
        if shared is None or epoch is None or self.fenced:
            return
        self.pending += changes
        if not whole:
            return
        batch, self.pending = self.pending, []
        deadline = time.monotonic() + shared.ttl
        while True:
            try:
                await asyncio.to_thread(shared.write, self.owner, epoch, self.place, batch)
                return
            except LeaseLostError:
                self.fence("This game was taken over by another server.")
                return
            except Exception as exc:  # the database is away: wait, while the lease lasts
                if time.monotonic() >= deadline:
                    print(f"emberdeep: cannot store {self.owner}'s game: {exc}", flush=True)
                    self.fence("This game could not be stored; it is closed.")
                    return
                await asyncio.sleep(0.2)

    async def keep_lease(self) -> None:
        """Renew the lease every third of its time; a lost one fences the game."""
        shared, epoch = self.shared, self.epoch
        assert shared is not None and epoch is not None
        while not self.fenced:
            await asyncio.sleep(shared.ttl / 3)
            try:
                await asyncio.to_thread(shared.renew, self.owner, epoch)
            except LeaseLostError:
                self.fence("This game was taken over by another server.")
            except Exception as exc:  # the database is away: the next round tries again
                print(f"emberdeep: cannot renew {self.owner}'s lease: {exc}", flush=True)

    async def holds_lease(self) -> bool:
        """Before a page is attached: whether this host still has the game (its lease
        renewed now), else it is fenced; so a page never sees a game another host has
        taken (this host was too slow to renew, say). True without a shared database,
        and when the database cannot be asked (every write still checks the lease)."""
        shared, epoch = self.shared, self.epoch
        if shared is None or epoch is None or self.fenced:
            return not self.fenced
        try:
            await asyncio.to_thread(shared.renew, self.owner, epoch)
        except LeaseLostError:
            self.fence("This game was taken over by another server.")
            return False
        except Exception:  # the database is away: every write still checks the lease
            return True
        return True

    def fence(self, why: str) -> None:
        """Never write or show this game again here: its pages are told, and it closes."""
        if self.fenced:
            return
        self.fenced = True
        for peer in self.peers():
            peer.send(json.dumps({"t": "ended", "why": why}))
            peer.close(ENDED, "game ended")
        self.tell({"t": "close"})

    async def release(self) -> None:
        """Give up the lease (unless fenced: then it is another host's)."""
        shared, epoch = self.shared, self.epoch
        if self.lease_task is not None:
            self.lease_task.cancel()
        if shared is None or epoch is None or self.fenced:
            return
        try:
            await asyncio.to_thread(shared.release, self.owner, epoch)
        except Exception as exc:  # it expires by itself
            print(f"emberdeep: cannot release {self.owner}'s lease: {exc}", flush=True)

    async def finish(self) -> None:
        self.finishing = True
        process = self.process
        if process is not None:
            await asyncio.to_thread(process.join, STOP_SECONDS)
        await self.release()
        crashed = process is not None and process.exitcode not in (0, None)
        why = "The game stopped unexpectedly." if crashed else "The game is closed."
        if self.daily is not None and not crashed:
            why = "Today's daily game is over; see the daily results."
        for peer in self.peers():
            peer.send(json.dumps({"t": "ended", "why": why}))
            peer.close(ENDED, "game ended")
        self.player, self.watchers = None, set()
        if self.grace_task is not None:
            self.grace_task.cancel()
        if self.writer is not None:
            self.writer.close()
        self.games.forget(self)
        self.ended.set()

    def lower_priority(self, nice: int) -> None:
        """Run the worker at ``nice`` (now, or when it starts)."""
        self.nice = nice
        pid = self.pid
        if nice and pid is not None:
            with contextlib.suppress(AttributeError, OSError):  # not on this system
                os.setpriority(os.PRIO_PROCESS, pid, nice)

    def peers(self) -> list[Peer]:
        return ([self.player] if self.player else []) + list(self.watchers)

    def tell(self, message: dict[str, Any]) -> None:
        """A message to the worker (never waits: a stalled worker stalls only itself)."""
        writer = self.writer
        if writer is None or writer.is_closing():
            return
        if writer.transport.get_write_buffer_size() > WORKER_BUFFER and message["t"] == "in":
            return
        writer.write(pipe.pack(bounds.to_json(message)))

    def attach(self, peer: Peer) -> None:
        if peer.watching:
            self.watchers.add(peer)
        else:
            old, self.player = self.player, peer
            if old is not None:
                old.send(json.dumps({"t": "taken"}))
                old.close(TAKEN, "opened elsewhere")
            if self.grace_task is not None:
                self.grace_task.cancel()
                self.grace_task = None
        for line in self.chat.history:
            peer.send(line)
        if self.chat.muted:
            peer.send(self.chat.mute(True))
        self.tell({"t": "full"})
        if peer.reader:
            self.tell({"t": "reader", "on": True})
        self.tell_watchers()

    def tell_watchers(self) -> None:
        """Every page hears who is watching now."""
        message = chat.watchers(peer.name for peer in self.watchers)
        for peer in self.peers():
            peer.send(message)

    def social(self, peer: Peer, message: dict[str, Any]) -> None:
        """A chat line (to every page, or a note to the speaker why not) or a mute (the
        player's alone)."""
        if message["t"] == "mute":
            if peer is self.player:
                muted = self.chat.mute(bool(message["on"]))
                for each in self.peers():
                    each.send(muted)
            return
        if peer.name is not None and not self.games.shares.chat(peer.address):
            peer.send(chat.note("Your address is chatting too fast; wait a moment."))
            return
        kind, text = self.chat.say(peer, peer.name, peer is self.player, message["text"])
        for each in self.peers() if kind == "chat" else [peer]:
            each.send(text)

    def detach(self, peer: Peer) -> None:
        self.chat.forget(peer)
        if peer.reader and not any(p.reader for p in self.peers() if p is not peer):
            self.tell({"t": "reader", "on": False})
        if peer in self.watchers:
            self.watchers.discard(peer)
            self.tell_watchers()
        if peer is self.player:
            self.player = None
            self.left = time.monotonic()
            self.grace_task = asyncio.create_task(self.grace())

    async def grace(self) -> None:
        await asyncio.sleep(self.games.limits.grace)
        if self.player is None:
            self.tell({"t": "close"})

    def input(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer is self.player:
            self.active = time.monotonic()
            self.tell({"t": "in", "c": peer.client, "s": message["s"], "m": message})

    async def stop(self) -> None:
        """Close the game (it saves); end the process if it does not exit in time."""
        self.tell({"t": "close"})
        try:
            await asyncio.wait_for(self.ended.wait(), STOP_SECONDS)
        except asyncio.TimeoutError:  # not the builtin before Python 3.11
            if self.process is not None:
                self.process.kill()


class Games:
    """Every running game, by player."""

    def __init__(
        self,
        data: Path,
        limits: Limits,
        on_record: Callable[[Game, Any], None] | None = None,
        shared: SharedGames | None = None,
    ) -> None:
        self.data = data
        self.shared = shared
        """The leases and files of games any host resumes (None: one host)."""
        self.limits = limits
        self.on_record = on_record
        """Told each finished game a worker reports (its hall-of-fame entry)."""
        self.games: dict[str, Game] = {}
        self.connections = 0
        self.watchers = 0
        self.replays = 0
        self.shares = limits.shares()
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(PRELOAD)

    async def open(
        self, owner: str, folder: Path, day: str | None = None, address: str = "?"
    ) -> Game:
        """``owner``'s game, started if it is not running (the daily game of ``day``, if
        given) for a page at ``address``; ``ServerFullError`` at the cap, or at the
        address's own."""
        game = self.games.get(owner)
        if game is not None and not await game.holds_lease():
            await game.ended.wait()  # fenced: closing; another host has the game now
            game = self.games.get(owner)
        if game is not None and game.finishing:
            await game.ended.wait()  # its worker is saving: the next one continues that
            game = self.games.get(owner)
        if game is None:
            if self.shares.full("games", address):
                await self.evict(address)
            if len(self.games) >= self.limits.max_games:
                await self.evict()
            game = self.games.get(owner)  # it may have been opened meanwhile
        if game is None:
            if not self.shares.take("games", address):  # taken meanwhile
                raise ServerFullError(self.shares.count("games", address), "address")
            game = self.games[owner] = Game(owner, folder, self, daily=day, address=address)
            if self.shares.count("games", address) > 1:
                for each in self.games.values():
                    if each.address == address:
                        each.lower_priority(NICE)
            try:
                await game.start(self.context)
            except BaseException:
                self.forget(game)
                raise
        await game.started.wait()
        return game

    def playing(self) -> int:
        """Games whose player is there."""
        return sum(game.player is not None for game in self.games.values())

    async def evict(self, address: str | None = None) -> None:
        """Make room: save and stop the game whose player left longest ago (of those
        ``address`` started, if given); ``ServerFullError`` if every such game has its
        player."""
        left = [
            g
            for g in self.games.values()
            if g.player is None and not g.finishing and address in (None, g.address)
        ]
        if address is not None and not left:
            raise ServerFullError(self.shares.count("games", address), "address")
        if not left:
            raise ServerFullError(self.playing())
        oldest = min(left, key=lambda game: game.left)
        await oldest.stop()
        if address is not None and self.shares.full("games", address):
            raise ServerFullError(self.shares.count("games", address), "address")
        if address is None and len(self.games) >= self.limits.max_games:
            raise ServerFullError(self.playing())  # somebody else took it meanwhile

    def watch(self, owner: str) -> Game | None:
        game = self.games.get(owner)
        return game if game is not None and game.started.is_set() else None

    def forget(self, game: Game) -> None:
        if self.games.get(game.owner) is game:
            del self.games[game.owner]
            self.shares.give("games", game.address)

    def listing(self) -> list[dict[str, Any]]:
        now = time.monotonic()
        return [
            {
                "player": owner,
                "watchers": len(game.watchers),
                "watching": sorted(p.name for p in game.watchers if p.name is not None),
                "here": game.player is not None,
                "idle": round(now - game.active),
                **game.status,
            }
            for owner, game in sorted(self.games.items())
            if game.started.is_set()
        ]

    async def stop_all(self) -> None:
        await asyncio.gather(*(game.stop() for game in list(self.games.values())))
