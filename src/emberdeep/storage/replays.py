"""Replay files: a game as its seed, the settings that shape the simulation, and the
journal of commands (after key lookup, so remapped keys replay the same).

Two layouts, both read by ``decode``. Format 1 is one JSON object (``encode``: soak, the
fuzzer and tests export whole games this way). Format 2 is what a saved game keeps in the
data folder's ``replays/``: JSON lines, appended at every checkpoint and never rewritten
(``ReplayLog``), so a checkpoint costs the same at turn 60,000 as at turn 60. Its first
line is the header (seed, generator, starting FOV); each later line a chunk,
``{"from": n, "commands": [...], "checksums": [...]}``, whose commands are the game's
from index ``n`` on; the game's end adds ``{"final_hash": h, "at": n}``. A chunk from an
index already read replaces what followed it (a save older than the replay was
continued), and a line a kill tore is skipped, so the file always reads as the game.

``verify`` re-runs one headless and compares the per-command checksums and the final
state hash, naming the first command that went differently.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from emberdeep import __version__, bounds
from emberdeep.engine.core.floor import FloorBuilder
from emberdeep.engine.core.fov import FovSettings
from emberdeep.engine.core.rng import MAX_SEED
from emberdeep.engine.play.hero import Hero
from emberdeep.storage.files import write_atomically

if TYPE_CHECKING:
    from emberdeep.engine.play import replay
    from emberdeep.engine.play.journal import Journal
    from emberdeep.engine.play.world import World

# The journal, the world and replaying them are imported where a replay is read or
# played, not here: the title screen's first frame imports this module (through the
# session's records) and none of them.

FORMAT = 2
MAX_BYTES = 8 * 1024 * 1024
"""A replay of ``bounds.MAX_COMMANDS`` commands is about 5 MB."""
MAX_LISTS = bounds.MAX_COMMANDS + 16
"""A list per command, plus the command lists, checksums and FOV of each chunk... (a
format 2 file holds three lists per chunk: ``MAX_COMMANDS // 100`` chunks at least)."""
LIMITS = bounds.Limits("it", MAX_BYTES, 4, max_lists=MAX_LISTS)
"""{"commands": [[code, arguments...]]}: three deep, one to spare."""
LIMITS_LINES = bounds.Limits(
    "it", MAX_BYTES, 10**9, max_lists=MAX_LISTS + bounds.MAX_COMMANDS // 30
)
"""A format 2 file as a whole: its size and numbers (the nesting is each line's)."""
LINE_LIMITS = bounds.Limits("a line", MAX_BYTES, 4)


class ReplayError(Exception):
    """A replay file could not be read or written; the message is for the player."""


class ReplayFile(msgspec.Struct, frozen=True):
    """A replay as read from its file: enough to play the game again from its seed."""

    seed: int
    generator: str
    game_version: str
    journal: Journal
    final_hash: str

    @property
    def start_fov(self) -> FovSettings:
        algorithm, radius, light_walls = self.journal.start_fov
        return FovSettings(str(algorithm), int(str(radius)), bool(light_walls))

    def fresh_world(self, build_floor: FloorBuilder, hero: Hero) -> World:
        """The world as it was before the first command."""
        from emberdeep.engine.play.world import World

        return World(self.seed, build_floor, self.start_fov, hero)


def replay_name(seed: int, started: str, suffix: str = ".replay.json") -> str:
    stamp = "".join(ch for ch in started if ch.isalnum()) or "game"
    return f"{stamp}-{seed}{suffix}"


CHUNKED = ".replay.jsonl"
"""The name a saved game's appended replay (format 2) ends with."""


def _line(data: dict[str, Any]) -> bytes:
    import json  # the standard library's (its exact text): not before a game's first frame

    return json.dumps(data, separators=(",", ":")).encode("utf-8") + b"\n"


class ReplayLog:
    """One saved game's replay file, appended a chunk at a time (format 2)."""

    def __init__(self, path: Path, generator: str) -> None:
        self.path = path
        self.generator = generator

    def append(self, world: World, final: bool = False, sync: bool = True) -> str | None:
        """Append the commands ``world.journal`` holds (and with ``final`` the final
        state's hash); None when they are on disk, else why not. The caller then drops
        them from the journal (``Journal.forget_before``). Without ``sync`` they are only
        given to the OS (safe from a kill, not yet from a power cut): the caller fsyncs
        the file later (``files.fsync_file``), before a save that relies on them."""
        journal = world.journal
        lines = []
        try:
            with open(self.path, "ab") as handle:
                if handle.tell() == 0:
                    lines.append(_line(_header(world, self.generator)))
                elif not _ends_a_line(self.path):  # a kill tore the last append
                    lines.append(b"\n")
                if journal.commands:
                    chunk = {
                        "from": journal.base,
                        "commands": journal.commands,
                        "checksums": journal.checksums,
                    }
                    lines.append(_line(chunk))
                if final:
                    lines.append(_line({"final_hash": world.state_hash(), "at": journal.total}))
                handle.write(b"".join(lines))
                handle.flush()
                if sync:
                    os.fsync(handle.fileno())
        except OSError as exc:
            return f"could not write the replay {self.path}: {exc.strerror or exc}"
        return None


def _ends_a_line(path: Path) -> bool:
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) == b"\n"


def _header(world: World, generator: str) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": "emberdeep",
        "game_version": __version__,
        "seed": world.seed,
        "generator": generator,
        "start_fov": world.journal.start_fov,
    }


def record(world: World, generator: str) -> ReplayFile:
    return ReplayFile(world.seed, generator, __version__, world.journal, world.state_hash())


def encode(replay_file: ReplayFile) -> bytes:
    import json

    journal = replay_file.journal
    payload = {
        "format": 1,
        "game": "emberdeep",
        "game_version": replay_file.game_version,
        "seed": replay_file.seed,
        "generator": replay_file.generator,
        "final_hash": replay_file.final_hash,
        **journal.to_data(),
    }
    return json.dumps(payload, separators=(",", ":")).encode("utf-8")


def write(replay_file: ReplayFile, path: Path) -> None:
    try:
        write_atomically(path, encode(replay_file))
    except OSError as exc:
        raise ReplayError(f"could not write the replay {path}: {exc.strerror or exc}") from None


def decode(data: bytes) -> ReplayFile:
    import json

    chunked = data.lstrip()[:1] == b"{" and b"\n{" in data.strip()
    try:
        bounds.check_json(data, LIMITS if not chunked else LIMITS_LINES)
    except bounds.InputError as exc:
        raise ReplayError(f"the replay file is damaged ({exc})") from None
    if chunked:
        payload: Any = _chunked(data)
    else:
        try:
            payload = json.loads(data)
        except (ValueError, RecursionError):  # bad UTF-8 or JSON (bounds ruled out the rest)
            raise ReplayError("this is not a replay file (unreadable JSON)") from None
    if not isinstance(payload, dict) or payload.get("game") != "emberdeep":
        raise ReplayError("this is not an Emberdeep replay file")
    version = payload.get("format")
    if type(version) is not int or version < 1:
        raise ReplayError("the replay file's header is damaged")
    if version > FORMAT:
        raise ReplayError(f"this replay was made by a newer Emberdeep (format {version})")
    seed, generator = payload.get("seed"), payload.get("generator")
    game_version, final_hash = payload.get("game_version"), payload.get("final_hash")
    if (
        type(seed) is not int
        or not 0 <= seed <= MAX_SEED
        or not isinstance(generator, str)
        or not isinstance(game_version, str)
        or not isinstance(final_hash, str)
    ):
        raise ReplayError("the replay file is damaged (missing or mistyped fields)")
    from emberdeep.engine.play import replay
    from emberdeep.engine.play.journal import Journal, JournalError

    commands = payload.get("commands")
    try:  # the bounds first: no command is checked of a file that asks too much
        replay.check_bounds(
            commands if isinstance(commands, list) else [], bounds.MAX_COMMANDS, "the replay"
        )
        journal = Journal.from_data(payload)
    except JournalError as exc:
        raise ReplayError(f"the replay file is damaged ({exc})") from None
    except bounds.InputError as exc:
        raise ReplayError(f"the replay file asks too much: {exc}") from None
    return ReplayFile(seed, generator, game_version, journal, final_hash)


def _chunked(data: bytes) -> dict[str, Any]:
    """A format 2 file as the one object format 1 is: its header, every chunk joined
    (a later chunk from an earlier index replaces what followed it), the final hash if
    the game ended. Torn or damaged lines are skipped; a gap ends the reading."""
    import json

    lines = data.split(b"\n")
    try:
        payload = bounds.parse_json(lines[0], LINE_LIMITS)
    except bounds.InputError:
        raise ReplayError("this is not a replay file (unreadable JSON)") from None
    if not isinstance(payload, dict):
        raise ReplayError("this is not an Emberdeep replay file")
    commands: list[Any] = []
    checksums: list[Any] = []
    final_hash = ""
    # The whole file's size and numbers were checked (``LIMITS_LINES``); each line's
    # nesting is, in one pass, here: a line too deep is damage, skipped like a torn one.
    depths = bounds.line_depths(data).tolist()
    for line, depth in zip(lines[1:], depths[1:], strict=True):
        if depth > LINE_LIMITS.max_depth:
            continue
        with contextlib.suppress(ValueError, RecursionError):  # a torn line
            entry = json.loads(line)
            if not isinstance(entry, dict):
                continue
            start = entry.get("from")
            more, sums = entry.get("commands"), entry.get("checksums")
            if type(start) is int and isinstance(more, list) and isinstance(sums, list):
                if not 0 <= start <= len(commands):
                    break  # a gap: what follows is not this game's next commands
                del commands[start:], checksums[start:]
                commands += more
                checksums += sums
                final_hash = ""
            elif entry.get("at") == len(commands) and isinstance(entry.get("final_hash"), str):
                final_hash = entry["final_hash"]
    return {**payload, "commands": commands, "checksums": checksums, "final_hash": final_hash}


def read(path: Path) -> ReplayFile:
    try:
        if os.path.getsize(path) > MAX_BYTES:
            raise ReplayError(f"{path} is too large to be a replay")
        return decode(path.read_bytes())
    except OSError as exc:
        raise ReplayError(f"could not read {path}: {exc.strerror or exc}") from None


def divergence_text(divergence: replay.Divergence) -> str:
    """Where a replay went differently, for the player (the viewer, ``replay --verify``)."""
    return (
        f"the replay diverged at command {divergence.index + 1} (turn {divergence.turn}): "
        f"checksum {divergence.actual:08x}, recorded {divergence.expected:08x}"
    )


def verify(
    replay_file: ReplayFile, builder_for: Callable[[str], FloorBuilder], hero: Hero
) -> str | None:
    """Re-run headless. None when everything matched, else what went differently."""
    from emberdeep.engine.play import replay
    from emberdeep.engine.play.journal import JournalError

    try:
        build = builder_for(replay_file.generator)
    except ValueError:
        return f"the replay uses an unknown map generator {replay_file.generator!r}"
    world = replay_file.fresh_world(build, hero)
    try:
        divergence = replay.replay(world, replay_file.journal)
    except JournalError as exc:
        return f"the replay is damaged ({exc})"
    if divergence is not None:
        return divergence_text(divergence)
    if replay_file.final_hash and world.state_hash() != replay_file.final_hash:
        return "every command matched, but the final state differs"
    return None
