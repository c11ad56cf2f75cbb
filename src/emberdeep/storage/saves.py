"""Save files players can trust: versioned, compressed, checked, written atomically.

Layout: a text header naming the game and the format version, a one-line JSON summary
(seed, depth, level, turns, when: what a list of saved games shows, read without
inflating the world), then a zlib-compressed JSON snapshot (see ``engine/saves/snapshot.py``)
and the last lines of the message log, so Continue shows what was happening. Format 1
(Emberdeep 0.1.0) had no summary line, format 2 no log; both still load. The carried
items' letters are kept too, so an item keeps its letter through Continue (a save made
before has none, and the letters are dealt again). Format 4 splits
the body into sections, each compressed on its own (a ``sections`` line gives their
lengths): the world first, then one per kept floor, so a checkpoint reuses the bytes of
every kept floor that did not change (``SaveWriter``) and its cost does not grow with the
floors behind the player; the world's journal holds only the commands since the replay
file's last chunk (``Journal.base``). zlib's checksum catches
damage; the header tells a foreign or newer file apart from a damaged one. Writing goes
to a temporary file that is flushed and fsynced before it atomically replaces the save,
and the previous save is kept as a backup, so a crash or full disk at any moment leaves
a loadable save. Nothing here deletes a file it could not read.
"""

from __future__ import annotations

import gc
import os
import re
import zlib
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import platformdirs

from emberdeep import APP_NAME, __version__, bounds
from emberdeep.engine.core.actors import PLAYER_ID, ActorKind
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.core.floor import Floor, FloorBuilder
from emberdeep.engine.things.items import ItemKind
from emberdeep.storage import files
from emberdeep.storage.files import Staged

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

# The snapshot code (and through it the world and all it plays with) is imported where
# a world is written or read, not here: the title screen lists saved games by their
# summary lines, and its first frame imports neither.

MAGIC = b"EMBERDEEP SAVE\n"
FORMAT = 5
MAX_SECTIONS = 1 + 1000
"""The world and at most ``snapshot.MAX_DEPTH`` kept floors."""
MAX_SUMMARY = 1024
"""The summary line is a few dozen bytes; a longer one is damage."""
MAX_PAYLOAD = 64 * 1024 * 1024
"""A save of the largest allowed floor is a few MB; anything bigger is not ours."""
LIMITS = bounds.Limits("it", MAX_PAYLOAD, 8, max_digits=39)
"""The world nests 6 deep (a kept floor's creature's statuses); the random generator's
state holds 128-bit integers (39 digits)."""
SUMMARY_LIMITS = bounds.Limits("it", MAX_SUMMARY, 1)
SAVE_NAME = "save.emberdeep"
LOG_LINES = 50
"""How many of the newest log entries a save keeps (and the most it may hold)."""
MAX_LOG_TEXT = 400
MAX_SEED_NAME = 200
"""The longest seed word a save may hold (a seed prompt takes less)."""
"""The longest log line a save may hold (the engine's are under 120 characters)."""
MAX_REPEATS = 1_000_000
BuilderFor = Callable[[str], FloorBuilder]
"""Makes the floor builder for a generator setting ("auto" or a generator name)."""


class SaveError(Exception):
    """A save could not be read or written; the message is for the player."""


class LogLine(msgspec.Struct, frozen=True):
    """One entry of the message log as saved: its text, its kind (for its colour) and how
    many times in a row it happened ("(x3)")."""

    text: str
    kind: MessageKind
    count: int = 1


class SaveInfo(msgspec.Struct, frozen=True):
    """What a save says about itself, beyond the world: the settings that shaped it, and
    the last lines of the log."""

    generator: str
    game_version: str
    started: str = ""
    """When the game began (ISO 8601, UTC): names its replay file."""
    log: tuple[LogLine, ...] = ()
    """The newest ``LOG_LINES`` log entries, oldest first (none in formats 1 and 2)."""
    letters: str = ""
    """Each carried item's letter, in inventory order ("": none kept, dealt again)."""
    seed_name: str = ""
    """The seed as the player typed it, when a word ("ember"; "": the number)."""


class Summary(msgspec.Struct, frozen=True):
    """A saved game as a list shows it."""

    seed: int
    depth: int
    level: int
    turn: int
    started: str
    saved: str
    """When it was saved (ISO 8601, UTC); empty for 0.1.0 saves."""

    @classmethod
    def of(cls, world: World, started: str, saved: str) -> Summary:
        return cls(world.seed, world.depth, world.player.level, world.turn, started, saved)

    def to_line(self) -> bytes:
        return b"summary " + _json_text(msgspec.structs.asdict(self)) + b"\n"

    @classmethod
    def from_data(cls, data: object) -> Summary:
        """Checked: every field of its type and in range, or a SaveError."""
        if not isinstance(data, dict):
            raise SaveError("the save file's summary is damaged")
        numbers = {name: data.get(name) for name in ("seed", "depth", "level", "turn")}
        texts = {name: data.get(name) for name in ("started", "saved")}
        if not all(type(v) is int and 0 <= v < 2**64 for v in numbers.values()) or not all(
            isinstance(v, str) and len(v) <= 64 for v in texts.values()
        ):
            raise SaveError("the save file's summary is damaged")
        return cls(**numbers, **texts)  # type: ignore[arg-type]


def data_dir() -> Path:
    """Where saves live; ``EMBERDEEP_DATA_DIR`` overrides it (tests, portable installs)."""
    override = os.environ.get("EMBERDEEP_DATA_DIR")
    return Path(override) if override else platformdirs.user_data_path(APP_NAME)


def _compressed(data: object, level: int = 6) -> bytes:
    return zlib.compress(bounds.to_json(data), level)


class SaveWriter:
    """Encodes one game's saves, keeping each kept floor's compressed section while that
    floor stays kept. A floor changes only while it is the current one, and the session
    saves on every change of floor, so a floor that was current at a save is encoded
    afresh the next time it is kept (the cache holds only floors kept at the last save)."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Floor, bytes]] = {}

    def encode(
        self,
        world: World,
        info: SaveInfo,
        saved: str = "",
        *,
        level: int = 6,
        extra: Mapping[str, object] | None = None,
    ) -> bytes:
        """The save's bytes. ``level`` is zlib's (the agent environment's in-memory
        snapshots take 1: a third of the time for a slightly larger body, read the same
        way; a checkpoint 0, the world stored as it is, and a kept floor 1); ``extra``
        is stored under the payload's ``"extra"`` key for a caller that keeps more than
        the game (the environment's step count), plain JSON data that a game ignores."""
        from emberdeep.engine.saves import snapshot

        payload: dict[str, Any] = {
            "game_version": info.game_version,
            "generator": info.generator,
            "started": info.started,
        }
        payload["world"] = snapshot.dump(world, kept=False)
        payload["log"] = [
            [line.text, line.kind.value, line.count] for line in info.log[-LOG_LINES:]
        ]
        if info.letters:
            payload["letters"] = info.letters
        if info.seed_name:
            payload["seed_name"] = info.seed_name
        if extra is not None:
            payload["extra"] = dict(extra)
        sections = [_compressed(payload, level)]
        kept: dict[int, tuple[Floor, bytes]] = {}
        for depth, floor in sorted(world.kept.items()):
            cached = self._kept.get(depth)
            if cached is None or cached[0] is not floor:  # encoded once while it stays kept
                section = {"depth": depth, **snapshot.dump_floor(floor)}
                cached = (floor, _compressed(section, max(level, 1)))
            kept[depth] = cached
            sections.append(cached[1])
        self._kept = kept
        summary = Summary.of(world, info.started, saved).to_line()
        lengths = b"sections " + b" ".join(b"%d" % len(s) for s in sections) + b"\n"
        return b"".join([MAGIC, f"format {FORMAT}\n".encode("ascii"), summary, lengths, *sections])

    def write(self, world: World, info: SaveInfo, path: Path, saved: str = "") -> None:
        store(self.encode(world, info, saved), path)

    def stage(
        self, world: World, info: SaveInfo, path: Path, saved: str = "", level: int = 6
    ) -> Staged:
        """The save written to a temp file beside ``path``, for ``commit_staged`` later."""
        return stage(self.encode(world, info, saved, level=level), path)


def encode(
    world: World,
    info: SaveInfo,
    saved: str = "",
    *,
    level: int = 6,
    extra: Mapping[str, object] | None = None,
) -> bytes:
    return SaveWriter().encode(world, info, saved, level=level, extra=extra)


def _header(data: bytes) -> tuple[int, int]:
    """The format version and where the compressed body starts."""
    if not data.startswith(MAGIC):
        raise SaveError("this is not an Emberdeep save file")
    header_end = data.find(b"\n", len(MAGIC))
    header = data[len(MAGIC) : header_end] if header_end != -1 else b""
    if not re.fullmatch(rb"format [1-9][0-9]{0,8}", header):
        raise SaveError("the save file's header is damaged")
    version = int(header[7:])
    if version > FORMAT:
        raise SaveError(f"this save was made by a newer Emberdeep (format {version})")
    body = header_end + 1
    if version >= 2:
        line_end = data.find(b"\n", body, body + MAX_SUMMARY)
        if not data.startswith(b"summary ", body) or line_end == -1:
            raise SaveError("the save file's summary is damaged")
        body = line_end + 1
    return version, body


def _player_level(world: dict[str, Any]) -> object:
    floor = world.get("floor")
    actors = floor.get("actors") if isinstance(floor, dict) else None
    for actor in actors if isinstance(actors, list) else []:
        if isinstance(actor, dict) and actor.get("id") == PLAYER_ID:
            return actor.get("level")
    return None


def read_summary(path: Path) -> Summary:
    """What the save at ``path`` says about its game, reading only its first lines (the
    whole world only for a 0.1.0 save, which has no summary)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(MAGIC) + 32 + MAX_SUMMARY)
            version, body = _header(head)
            if version == 1:
                world = decode_payload(head + handle.read(MAX_PAYLOAD)).get("world")
                if not isinstance(world, dict):
                    raise SaveError("the save file is damaged (unexpected contents)")
                level = _player_level(world)
                data: object = {
                    "seed": world.get("seed"), "depth": world.get("depth"), "level": level,
                    "turn": world.get("turn"), "started": "", "saved": "",
                }  # fmt: skip
            else:
                line = head[head.index(b"summary ", len(MAGIC)) + 8 : body - 1]
                try:
                    data = bounds.parse_json(line, SUMMARY_LIMITS)
                except bounds.InputError:
                    raise SaveError("the save file's summary is damaged") from None
    except FileNotFoundError:
        raise SaveError("there is no saved game") from None
    except OSError as exc:
        raise SaveError(f"could not read {path}: {exc.strerror or exc}") from None
    return Summary.from_data(data)


def _sections(data: bytes, body: int) -> list[bytes]:
    """The compressed sections of a format 4 body (one, if it has no ``sections`` line)."""
    if not data.startswith(b"sections ", body):
        return [data[body:]]
    line_end = data.find(b"\n", body, body + 16 * MAX_SECTIONS)
    fields = data[body + 9 : line_end].split(b" ") if line_end != -1 else []
    if (
        not fields
        or len(fields) > MAX_SECTIONS
        or not all(f.isdigit() and len(f) <= 10 for f in fields)
    ):
        raise SaveError("the save file's list of sections is damaged")
    lengths = [int(f) for f in fields]
    start = line_end + 1
    if start + sum(lengths) != len(data):
        raise SaveError("the save file is damaged (it was cut short)")
    sections = []
    for length in lengths:
        sections.append(data[start : start + length])
        start += length
    return sections


def _inflate(section: bytes, budget: int) -> bytes:
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(section, budget)
    except zlib.error:
        raise SaveError("the save file is damaged (corrupted data)") from None
    if inflater.unconsumed_tail:
        raise SaveError("the save file is too large to be an Emberdeep save")
    if not inflater.eof or inflater.unused_data:
        raise SaveError("the save file is damaged (it was cut short)")
    return raw


def _parsed(raw: bytes) -> dict[str, Any]:
    """A section already checked (``bounds.check_json_texts``), parsed."""
    try:
        payload = bounds.parse_checked_json(raw, LIMITS)
    except bounds.InputError as exc:
        raise SaveError(f"the save file is damaged ({exc})") from None
    if not isinstance(payload, dict):
        raise SaveError("the save file is damaged (unexpected contents)")
    return payload


def decode_payload(data: bytes) -> dict[str, Any]:
    """The checked header and the decompressed JSON (a format 4 save's kept floors put
    back into ``world.kept``), or a SaveError saying what is wrong. All sections together
    inflate to at most ``MAX_PAYLOAD``."""
    version, body = _header(data)
    sections = _sections(data, body) if version >= 4 else [data[body:]]
    budget = MAX_PAYLOAD
    texts = []
    for section in sections:
        texts.append(_inflate(section, budget))
        budget -= len(texts[-1])
    try:
        bounds.check_json_texts(texts, LIMITS)
    except bounds.InputError as exc:
        raise SaveError(f"the save file is damaged ({exc})") from None
    parts = [_parsed(text) for text in texts]
    payload = parts[0]
    if len(parts) > 1:
        world = payload.get("world")
        if not isinstance(world, dict) or "kept" in world:
            raise SaveError("the save file is damaged (unexpected contents)")
        world["kept"] = parts[1:]
    return payload


def decode(
    data: bytes,
    builder_for: BuilderFor,
    item_kinds: dict[str, ItemKind],
    creature_kinds: Collection[str] | None = None,
    kinds: Mapping[str, ActorKind] | None = None,
) -> tuple[World, SaveInfo]:
    """A world from save bytes. ``builder_for(generator) -> FloorBuilder`` makes the floor
    builder the game was using, so later floors come out as they would have. With
    ``creature_kinds`` (the content's looks), a creature of any other kind is refused
    here rather than crashing the first frame that draws it."""
    # Loading makes thousands of objects and no garbage: the cyclic collector, which
    # would walk them again and again as they are made, waits (a tenth of a 16-floor
    # save's load).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return decode_world(decode_payload(data), builder_for, item_kinds, creature_kinds, kinds)
    finally:
        if collecting:
            gc.enable()


def decode_world(
    payload: dict[str, Any],
    builder_for: BuilderFor,
    item_kinds: dict[str, ItemKind],
    creature_kinds: Collection[str] | None = None,
    kinds: Mapping[str, ActorKind] | None = None,
) -> tuple[World, SaveInfo]:
    """``decode`` once the payload is read (``decode_payload``): for a caller that reads
    its own keys of the same payload too."""
    generator = payload.get("generator")
    version = payload.get("game_version")
    started = payload.get("started", "")
    if not all(isinstance(v, str) for v in (generator, version, started)):
        raise SaveError("the save file is damaged (missing header fields)")
    from emberdeep.engine.saves import snapshot

    try:
        build: FloorBuilder = builder_for(str(generator))
    except ValueError:
        raise SaveError(f"the save uses an unknown map generator {generator!r}") from None
    try:
        world = snapshot.load(payload.get("world"), build, item_kinds, kinds)
    except snapshot.SnapshotError as exc:
        raise SaveError(f"the save file is damaged ({exc})") from None
    if creature_kinds is not None:
        unknown = sorted({a.kind for a in world.floor.actors.values()} - set(creature_kinds))
        if unknown:
            raise SaveError(
                f"the save has a kind of creature this game does not know: {unknown[0]!r}"
            )
    letters = payload.get("letters", "")
    if not (letters == "" or fits_letters(letters, len(world.inventory))):
        raise SaveError("the save file is damaged (the inventory's letters)")
    lines = log_lines(payload)
    seed_name = payload.get("seed_name", "")
    if not (isinstance(seed_name, str) and len(seed_name) <= MAX_SEED_NAME):
        raise SaveError("the save file is damaged (the seed's name)")
    info = SaveInfo(str(generator), str(version), str(started), lines, letters, seed_name)
    return world, info


def fits_letters(letters: object, carried: int) -> bool:
    """Whether ``letters`` can be the letters of ``carried`` items: one each, every one
    a different ASCII letter."""
    return (
        isinstance(letters, str)
        and len(letters) == carried
        and letters.isascii()
        and (letters.isalpha() or not letters)
        and len(set(letters)) == carried
    )


KINDS = {kind.value: kind for kind in MessageKind}


def log_lines(payload: dict[str, Any]) -> tuple[LogLine, ...]:
    """The saved log, checked: at most ``LOG_LINES`` entries of [text, kind, count], each
    text a short string, each kind one the game knows, each count in range. A save made
    before the log was kept has none."""
    return tuple(LogLine(text, KINDS[kind], count) for text, kind, count in _checked_log(payload))


def _checked_log(payload: dict[str, Any]) -> list[list[Any]]:
    raw = payload.get("log", [])
    if not isinstance(raw, list) or len(raw) > LOG_LINES:
        raise SaveError(f"the save file is damaged (a log of more than {LOG_LINES} lines)")
    for n, entry in enumerate(raw):
        ok = isinstance(entry, list) and len(entry) == 3
        text, kind, count = entry if ok else ("", "", 0)
        if not (
            ok
            and isinstance(text, str)
            and len(text) <= MAX_LOG_TEXT
            and text.isprintable()
            and isinstance(kind, str)
            and kind in KINDS
            and type(count) is int
            and 1 <= count <= MAX_REPEATS
        ):
            raise SaveError(f"the save file is damaged (log line {n + 1})")
    return raw


def write_save(world: World, info: SaveInfo, path: Path, saved: str = "") -> None:
    store(encode(world, info, saved), path)


def store(data: bytes, path: Path) -> None:
    """Replace the file at ``path`` with ``data``, the old one becoming the backup."""
    commit_staged(stage(data, path))


def stage(data: bytes, path: Path) -> Staged:
    """``data`` beside ``path`` in a temp file given to the OS, not yet synced nor in
    place (``commit_staged``); a SaveError (a full disk) with nothing left behind."""
    try:
        return files.stage(path, data)
    except OSError as exc:
        raise SaveError(f"could not save the game to {path}: {exc.strerror or exc}") from None


def commit_staged(staged: Staged) -> None:
    """The staged save synced and put in place, the old one becoming the backup."""
    try:
        staged.commit(backup=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveError(f"could not save the game to {staged.path}: {reason}") from None


def read_save(
    builder_for: BuilderFor,
    item_kinds: dict[str, ItemKind],
    path: Path,
    creature_kinds: Collection[str] | None = None,
    kinds: Mapping[str, ActorKind] | None = None,
) -> tuple[World, SaveInfo]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("there is no saved game") from None
    except OSError as exc:
        raise SaveError(f"could not read {path}: {exc.strerror or exc}") from None
    return decode(data, builder_for, item_kinds, creature_kinds, kinds)


def current_info(
    generator: str,
    started: str = "",
    log: tuple[LogLine, ...] = (),
    letters: str = "",
    seed_name: str = "",
) -> SaveInfo:
    return SaveInfo(generator, __version__, started, log[-LOG_LINES:], letters, seed_name)


def _json_text(data: object) -> bytes:
    """``json.dumps``'s compact text (a save's summary line, as every save has written
    it): ``json`` is imported with a game's first save, after its first frame."""
    import json

    return json.dumps(data, separators=(",", ":")).encode()
