"""Save files players can trust: versioned, compressed, checked, written atomically.

Layout: a text header naming the game and the format version, then a zlib-compressed
JSON snapshot (see ``engine/snapshot.py``). zlib's checksum catches damage; the header
tells a foreign or newer file apart from a damaged one. Writing goes to a temporary file
that is flushed and fsynced before it atomically replaces the save, and the previous
save is kept as a backup, so a crash or full disk at any moment leaves a loadable save.
Nothing here deletes a file it could not read.
"""

from __future__ import annotations

import glob
import json
import os
import zlib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from emberdeep import __version__
from emberdeep.config import APP_NAME
from emberdeep.engine import snapshot
from emberdeep.engine.invariants import violations
from emberdeep.engine.items import ItemKind
from emberdeep.engine.world import FloorBuilder, World
from emberdeep.storage.files import backup_path, write_atomically

MAGIC = b"EMBERDEEP SAVE\n"
FORMAT = 1
MAX_PAYLOAD = 64 * 1024 * 1024
"""A save of the largest allowed floor is a few MB; anything bigger is not ours."""
SAVE_NAME = "save.emberdeep"
BuilderFor = Callable[[str], FloorBuilder]
"""Makes the floor builder for a generator setting ("auto" or a generator name)."""


class SaveError(Exception):
    """A save could not be read or written; the message is for the player."""


@dataclass(frozen=True)
class SaveInfo:
    """What a save says about itself, beyond the world: the settings that shaped it."""

    generator: str
    game_version: str
    started: str = ""
    """When the game began (ISO 8601, UTC): names its replay file."""


def data_dir() -> Path:
    """Where saves live; ``EMBERDEEP_DATA_DIR`` overrides it (tests, portable installs)."""
    override = os.environ.get("EMBERDEEP_DATA_DIR")
    return Path(override) if override else platformdirs.user_data_path(APP_NAME)


def save_path() -> Path:
    return data_dir() / SAVE_NAME


def encode(world: World, info: SaveInfo) -> bytes:
    payload: dict[str, Any] = {
        "game_version": info.game_version,
        "generator": info.generator,
        "started": info.started,
    }
    payload["world"] = snapshot.dump(world)
    body = zlib.compress(json.dumps(payload, separators=(",", ":")).encode("utf-8"), 6)
    return MAGIC + f"format {FORMAT}\n".encode("ascii") + body


def decode_payload(data: bytes) -> dict[str, Any]:
    """The checked header and the decompressed JSON, or a SaveError saying what is wrong."""
    if not data.startswith(MAGIC):
        raise SaveError("this is not an Emberdeep save file")
    header_end = data.find(b"\n", len(MAGIC))
    header = data[len(MAGIC) : header_end] if header_end != -1 else b""
    try:
        version = int(header.removeprefix(b"format ").decode("ascii"))
    except (ValueError, UnicodeDecodeError):
        raise SaveError("the save file's header is damaged") from None
    if version > FORMAT:
        raise SaveError(f"this save was made by a newer Emberdeep (format {version})")
    if version < 1:
        raise SaveError("the save file's header is damaged")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data[header_end + 1 :], MAX_PAYLOAD)
    except zlib.error:
        raise SaveError("the save file is damaged (corrupted data)") from None
    if inflater.unconsumed_tail:
        raise SaveError("the save file is too large to be an Emberdeep save")
    if not inflater.eof:
        raise SaveError("the save file is damaged (it was cut short)")
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # bad UTF-8 or JSON, or an integer of 4,300 digits
        raise SaveError("the save file is damaged (unreadable contents)") from None
    if not isinstance(payload, dict):
        raise SaveError("the save file is damaged (unexpected contents)")
    return payload


def decode(
    data: bytes,
    builder_for: BuilderFor,
    item_kinds: dict[str, ItemKind],
    creature_kinds: Collection[str] | None = None,
) -> tuple[World, SaveInfo]:
    """A world from save bytes. ``builder_for(generator) -> FloorBuilder`` makes the floor
    builder the game was using, so later floors come out as they would have. With
    ``creature_kinds`` (the content's looks), a creature of any other kind is refused
    here rather than crashing the first frame that draws it."""
    payload = decode_payload(data)
    generator = payload.get("generator")
    version = payload.get("game_version")
    started = payload.get("started", "")
    if not all(isinstance(v, str) for v in (generator, version, started)):
        raise SaveError("the save file is damaged (missing header fields)")
    try:
        build: FloorBuilder = builder_for(str(generator))
    except ValueError:
        raise SaveError(f"the save uses an unknown map generator {generator!r}") from None
    try:
        world = snapshot.load(payload.get("world"), build, item_kinds)
    except snapshot.SnapshotError as exc:
        raise SaveError(f"the save file is damaged ({exc})") from None
    broken = violations(world)
    if broken:
        raise SaveError(f"the save file is damaged ({broken[0]})")
    if creature_kinds is not None:
        unknown = sorted({a.kind for a in world.floor.actors.values()} - set(creature_kinds))
        if unknown:
            raise SaveError(
                f"the save has a kind of creature this game does not know: {unknown[0]!r}"
            )
    return world, SaveInfo(str(generator), str(version), str(started))


def write_save(world: World, info: SaveInfo, path: Path | None = None) -> None:
    store(encode(world, info), path or save_path())


def store(data: bytes, path: Path) -> None:
    """Replace the file at ``path`` with ``data``, the old one becoming the backup."""
    try:
        if path.exists():  # the backup, too, is replaced whole: a crash mid-copy left it torn
            write_atomically(backup_path(path), path.read_bytes())
        write_atomically(path, data)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveError(f"could not save the game to {path}: {reason}") from None


def read_save(
    builder_for: BuilderFor,
    item_kinds: dict[str, ItemKind],
    path: Path | None = None,
    creature_kinds: Collection[str] | None = None,
) -> tuple[World, SaveInfo]:
    path = path or save_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("there is no saved game") from None
    except OSError as exc:
        raise SaveError(f"could not read {path}: {exc.strerror or exc}") from None
    return decode(data, builder_for, item_kinds, creature_kinds)


def delete_save(path: Path | None = None) -> None:
    """Permadeath: the dead character's save, its backup and any temp files left by a
    killed write go; a SaveError says why not (a read-only folder, say)."""
    path = path or save_path()
    temps = [*path.parent.glob(f"{glob.escape(path.name)}.*tmp")] if path.parent.is_dir() else []
    try:
        journal = path.with_name(path.name + ".journal")
        for victim in (path, backup_path(path), journal, *temps):
            victim.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(f"could not remove {path}: {exc.strerror or exc}") from None


def current_info(generator: str, started: str = "") -> SaveInfo:
    return SaveInfo(generator, __version__, started)
