"""Replay files: a game as its seed, the settings that shape the simulation, and the
journal of commands (after key lookup, so remapped keys replay the same).

Written next to the save whenever the game is saved and when it ends, as readable JSON.
``verify`` re-runs one headless and compares the per-command checksums and the final
state hash, naming the first command that went differently.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from emberdeep import __version__, bounds
from emberdeep.engine import replay
from emberdeep.engine.fov import FovSettings
from emberdeep.engine.journal import Journal, JournalError
from emberdeep.engine.rng import MAX_SEED
from emberdeep.engine.world import FloorBuilder, Hero, World
from emberdeep.storage.files import write_atomically

FORMAT = 1
MAX_BYTES = 16 * 1024 * 1024
"""A replay of ``bounds.MAX_COMMANDS`` commands is about 3 MB."""
LIMITS = bounds.Limits("it", MAX_BYTES, 4)
"""{"commands": [[code, arguments...]]}: three deep, one to spare."""


class ReplayError(Exception):
    """A replay file could not be read or written; the message is for the player."""


@dataclass(frozen=True)
class ReplayFile:
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
        return World(self.seed, build_floor, self.start_fov, hero)


def replay_name(seed: int, started: str) -> str:
    stamp = "".join(ch for ch in started if ch.isalnum()) or "game"
    return f"{stamp}-{seed}.replay.json"


def record(world: World, generator: str) -> ReplayFile:
    return ReplayFile(world.seed, generator, __version__, world.journal, world.state_hash())


def encode(replay_file: ReplayFile) -> bytes:
    journal = replay_file.journal
    payload = {
        "format": FORMAT,
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
    try:
        bounds.check_json(data, LIMITS)
    except bounds.InputError as exc:
        raise ReplayError(f"the replay file is damaged ({exc})") from None
    try:
        payload: Any = json.loads(data)
    except (ValueError, RecursionError):  # bad UTF-8 or JSON (the bounds rule out the rest)
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
    try:
        journal = Journal.from_data(payload)
        replay.check_bounds(journal.commands, bounds.MAX_COMMANDS, "the replay")
    except JournalError as exc:
        raise ReplayError(f"the replay file is damaged ({exc})") from None
    except bounds.InputError as exc:
        raise ReplayError(f"the replay file asks too much: {exc}") from None
    return ReplayFile(seed, generator, game_version, journal, final_hash)


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
    if world.state_hash() != replay_file.final_hash:
        return "every command matched, but the final state differs"
    return None
