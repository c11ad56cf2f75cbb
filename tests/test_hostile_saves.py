"""Hostile save files: thousands of damaged, foreign and crafted files, and saves killed
mid-write.

The one rule under test: reading a save either gives a world or raises ``SaveError``
with a message for the player. Any other exception is a bug (it would crash the game or
lose the save), and so is a world that loads but cannot be drawn or played. Every case
is bounded by construction: the files are a few KB, inflating is capped at
``saves.MAX_PAYLOAD``, and a loaded world's clock gaps are bounded (see
``snapshot.MAX_ACTION_TIME``), so nothing here can hang or allocate without limit.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emberdeep.config import Settings
from emberdeep.content import loader, shared_keys
from emberdeep.content.looks import RENDER_MODES
from emberdeep.engine.acts.actions import Move, Wait
from emberdeep.engine.core.actors import AWARE, PLAYER_ID, Mode
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.storage import saves
from emberdeep.storage.files import backup_path
from emberdeep.ui import render
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import builder_for
from tests.helpers import randomly_played as played

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
CREATURES = CONTENT.hero.kinds
LOG = (
    saves.LogLine("You hit the orc for 3 hit points.", MessageKind.PLAYER_ATTACK),
    saves.LogLine("The orc misses you.", MessageKind.ENEMY_ATTACK, 3),
)
INFO = saves.current_info("auto", log=LOG)
CONSOLE = render.new_console()


WORLD = played(5, 12)
GOOD = saves.encode(WORLD, INFO)
HEADER = GOOD[: GOOD.index(b"\n", GOOD.index(b"\nsummary ") + 1) + 1]
"""The format line and the summary line: what comes before the compressed world."""
PAYLOAD = saves.decode_payload(GOOD)
COLUMNS = PAYLOAD["world"]["floor"]["actors"]
"""The creatures as formats 4 and 5 store them: columns (``test_columns_*`` below)."""
PAYLOAD["world"]["floor"]["actors"] = [
    snapshot._actor_fields(a) for a in WORLD.floor.actors.values()
]  # a table per creature, as formats 1 to 3 stored them: the one-by-one checks below


def wrap(payload: object) -> bytes:
    """Valid header and zlib around any JSON value, as ``saves.encode`` writes them."""
    return HEADER + zlib.compress(json.dumps(payload, separators=(",", ":")).encode())


def read(data: bytes) -> World | None:
    """The loaded world, or None after a clean SaveError; anything else fails the test."""
    try:
        world, _ = saves.decode(data, builder_for, KINDS, CONTENT.looks, CREATURES)
    except saves.SaveError as exc:
        assert str(exc), "a SaveError needs a message for the player"
        return None
    return world


def read_and_play(data: bytes) -> World | None:
    """As ``read``, and a world that loads must draw in every mode and play a few turns."""
    world = read(data)
    if world is not None:
        for mode in RENDER_MODES:
            PlayScreen.of(world, CONTENT, Settings(render_mode=mode)).draw(CONSOLE)
        for action in (Wait(), Move(1, 0), Move(-1, -1)):
            world.step(action)
    return world


def test_the_unmodified_save_loads() -> None:
    world = read_and_play(GOOD)
    assert world is not None


def test_every_truncation_of_the_file_is_refused() -> None:
    for cut in range(len(GOOD)):
        with pytest.raises(saves.SaveError) as err:
            saves.decode(GOOD[:cut], builder_for, KINDS, CONTENT.looks, CREATURES)
        assert str(err.value)


def test_json_cut_at_every_structural_boundary_is_refused() -> None:
    text = json.dumps(PAYLOAD, separators=(",", ":"))
    cuts = [i for i, ch in enumerate(text) if ch in ',:{}[]"'] + [i + 1 for i in range(8)]
    assert len(cuts) > 500
    for cut in cuts:
        data = HEADER + zlib.compress(text[:cut].encode())
        with pytest.raises(saves.SaveError, match="damaged"):
            saves.decode(data, builder_for, KINDS, CONTENT.looks, CREATURES)


def test_random_bit_flips_anywhere_load_or_are_refused() -> None:
    chooser = np.random.default_rng(2024)
    for n in range(2000):
        data = bytearray(GOOD)
        for bit in chooser.integers(0, len(data) * 8, size=1 + n % 4):
            data[bit // 8] ^= 1 << (bit % 8)
        read(bytes(data))


def test_every_bit_of_the_header_flipped_loads_or_is_refused() -> None:
    for bit in range(len(HEADER) * 8 + 16):
        data = bytearray(GOOD)
        data[bit // 8] ^= 1 << (bit % 8)
        read(bytes(data))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=st.integers(0, 10**9), bit=st.integers(0, 7))
def test_bit_flips_inside_the_json_behind_a_valid_zlib_load_or_are_refused(
    position: int, bit: int
) -> None:
    """zlib's checksum stops most flips; these get past it, to the field checks."""
    text = bytearray(json.dumps(PAYLOAD, separators=(",", ":")).encode())
    text[position % len(text)] ^= 1 << bit
    read_and_play(HEADER + zlib.compress(bytes(text)))


VERSIONS = [
    b"0", b"2", b"99", b"-1", b"-0", b"+1", b" 1", b"1 ", b"01", b"1_0", b"1.0", b"1e0",
    b"0x1", b"", b"x", b"\x00", b"\xff\xfe", "\u0661".encode(), b"9" * 5000, b"-" + b"9" * 40,
]  # fmt: skip


@pytest.mark.parametrize("version", VERSIONS)
def test_header_version_numbers_load_or_are_refused(version: bytes) -> None:
    """Only the canonical spelling of a known format loads: here the world with no summary
    line, which is format 1 (0.1.0's saves)."""
    world = read(saves.MAGIC + b"format " + version + b"\n" + GOOD[len(HEADER) :])
    assert (world is not None) == (version == b"1")


def test_newer_and_older_formats_are_named() -> None:
    for version, message in (
        (str(saves.FORMAT + 1).encode(), "newer"),
        (b"99", "newer"),
        (b"0", "header"),
        (b"-1", "header"),
    ):
        data = saves.MAGIC + b"format " + version + b"\n" + GOOD[len(HEADER) :]
        with pytest.raises(saves.SaveError, match=message):
            saves.decode(data, builder_for, KINDS, kinds=CREATURES)


@settings(max_examples=200, deadline=None)
@given(line=st.binary(max_size=40), body=st.sampled_from([GOOD[len(HEADER) :], b"", b"\n"]))
def test_any_header_line_loads_or_is_refused(line: bytes, body: bytes) -> None:
    read(saves.MAGIC + line + b"\n" + body)


def test_a_stored_zlib_block_declaring_more_than_is_there_is_refused() -> None:
    # zlib header, then a final stored block claiming 65535 bytes but holding ten.
    stored = b"\x78\x01" + b"\x01" + b"\xff\xff\x00\x00" + b'{"world":1'
    with pytest.raises(saves.SaveError, match="cut short"):
        saves.decode(HEADER + stored, builder_for, KINDS, kinds=CREATURES)


def payload_with(path: tuple[Any, ...], value: object) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(PAYLOAD))
    node: Any = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("world", "floor", "width"), snapshot.MAX_SIDE + 1),
        (("world", "floor", "width"), 10**9),
        (("world", "floor", "height"), 2**70),
        (("world", "floor", "tiles"), "A" * 4 * 10**5),
        (("world", "floor", "rooms"), [[1, 1, 3, 3]] * (snapshot.MAX_COUNT + 1)),
        (("world", "inventory"), [{"kind": "healing_potion", "equipped": False}] * 27),
        (("world", "depth"), 10**12),
    ],
)
def test_huge_declared_sizes_and_counts_are_refused(path: tuple[Any, ...], value: object) -> None:
    with pytest.raises(saves.SaveError):
        saves.decode(wrap(payload_with(path, value)), builder_for, KINDS, kinds=CREATURES)


def test_a_floor_of_the_largest_declared_size_is_checked_not_trusted() -> None:
    side = snapshot.MAX_SIDE
    floor = PAYLOAD["world"]["floor"]
    walls = base64.b64encode(bytes(side * side)).decode("ascii")  # every tile a wall
    changed = payload_with(("world", "floor"), floor | {"width": side, "height": side})
    changed["world"]["floor"]["tiles"] = walls
    changed["world"]["floor"]["explored"] = walls
    with pytest.raises(saves.SaveError, match=r"not on a floor tile|a staircase is missing"):
        saves.decode(wrap(changed), builder_for, KINDS, kinds=CREATURES)


@pytest.mark.parametrize("value", [len(TILE_NAMES), 255])
def test_a_tile_of_a_kind_the_game_does_not_know_is_refused(value: int) -> None:
    floor = PAYLOAD["world"]["floor"]
    tiles = bytearray(base64.b64decode(floor["tiles"]))
    tiles[len(tiles) // 2] = value
    changed = payload_with(("world", "floor", "tiles"), base64.b64encode(tiles).decode("ascii"))
    with pytest.raises(saves.SaveError, match="unknown tile kind"):
        saves.decode(wrap(changed), builder_for, KINDS, kinds=CREATURES)


@pytest.mark.parametrize(
    "inflated",
    [
        b"\0" * (saves.MAX_PAYLOAD + 1),
        b" " * (2 * saves.MAX_PAYLOAD),
        b'{"world":"' + b"a" * saves.MAX_PAYLOAD + b'"}',
    ],
    ids=["zeros just past the cap", "twice the cap", "a string past the cap"],
)
def test_streams_inflating_past_the_cap_are_refused_within_bounded_memory(
    inflated: bytes,
) -> None:
    bomb = HEADER + zlib.compress(inflated, 9)
    del inflated
    tracemalloc.start()
    try:
        with pytest.raises(saves.SaveError, match="too large"):
            saves.decode(bomb, builder_for, KINDS, kinds=CREATURES)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * saves.MAX_PAYLOAD


def test_a_stream_inflating_to_exactly_the_cap_is_read_and_refused() -> None:
    nested = b"[" * saves.MAX_PAYLOAD  # deeper than any parser's stack
    with pytest.raises(saves.SaveError, match="nested 67108864 deep"):  # before parsing
        saves.decode(HEADER + zlib.compress(nested, 9), builder_for, KINDS, kinds=CREATURES)


def json_paths(node: object, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON tree: each dict value and each list element."""
    if isinstance(node, dict):
        items: Any = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, child in items:
        yield (*prefix, key)
        yield from json_paths(child, (*prefix, key))


WRONG_VALUES: list[object] = [None, -1, 2**70, "x", [], {}, 2**60]
MISSING = object()


def test_every_field_replaced_by_every_wrong_type_loads_or_is_refused() -> None:
    """Each value in the decoded JSON tree, replaced one at a time by each wrong value
    (and removed), re-encoded behind a valid header and zlib: thousands of files."""
    payload: Any = json.loads(json.dumps(PAYLOAD))
    paths = list(json_paths(payload))
    assert len(paths) > 300
    loaded = cases = 0
    for path in paths:
        parent = payload
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        original = parent[key]
        for value in [*WRONG_VALUES, MISSING]:
            if value is MISSING:
                if isinstance(parent, list):
                    continue  # removing an element shifts the rest: covered by bit flips
                del parent[key]
            else:
                parent[key] = value
            try:
                cases += 1
                loaded += read_and_play(wrap(payload)) is not None
            except AssertionError:
                raise
            except Exception as exc:
                raise AssertionError(f"{'.'.join(map(str, path))} = {value!r}") from exc
            finally:
                parent[key] = original
    assert cases > 2000 and 0 < loaded < cases


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
PATHS = list(json_paths(PAYLOAD))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.integers(0, len(PATHS) - 1), value=JSON_VALUES)
def test_any_json_value_in_any_field_loads_or_is_refused(where: int, value: object) -> None:
    read_and_play(wrap(payload_with(PATHS[where], value)))


@settings(max_examples=100, deadline=None)
@given(value=JSON_VALUES)
def test_any_json_document_loads_or_is_refused(value: object) -> None:
    read(wrap(value))


def test_a_creature_of_a_kind_the_game_does_not_know_is_refused() -> None:
    actors = PAYLOAD["world"]["floor"]["actors"]
    renamed = [a | {"kind": "basilisk"} if a["id"] != PLAYER_ID else a for a in actors]
    data = wrap(payload_with(("world", "floor", "actors"), renamed))
    with pytest.raises(saves.SaveError, match="basilisk"):
        saves.decode(data, builder_for, KINDS, CONTENT.looks, CREATURES)


def test_saves_of_0_1_0_with_ai_names_and_of_0_2_with_behaviours_still_load() -> None:
    """0.1.0 named a creature's behaviour ``ai`` ("hostile", "corpse"...); 0.2 called it
    ``behaviour`` and had an ``asleep`` flag. Both are now a mode."""
    legacy = {PLAYER_ID: "player"}
    actors = [
        {k: v for k, v in a.items() if k != "mode"}
        | {"ai": "corpse" if a["hp"] <= 0 else legacy.get(a["id"], "hostile")}
        for a in PAYLOAD["world"]["floor"]["actors"]
    ]
    world, _ = saves.decode(wrap(payload_with(("world", "floor", "actors"), actors)),
                            builder_for, KINDS, CONTENT.looks, CREATURES)  # fmt: skip
    loaded = {a.id: a.mode for a in world.floor.actors.values()}
    assert loaded[PLAYER_ID] == Mode.WANDERING and set(loaded.values()) <= {*AWARE, Mode.WANDERING}
    sleepy = [
        {k: v for k, v in a.items() if k != "mode"}
        | {
            "behaviour": "player" if a["id"] == PLAYER_ID else "pack",
            "asleep": a["id"] != PLAYER_ID and a["hunting"] == 0,
        }
        for a in PAYLOAD["world"]["floor"]["actors"]
    ]
    world, _ = saves.decode(wrap(payload_with(("world", "floor", "actors"), sleepy)),
                            builder_for, KINDS, CONTENT.looks, CREATURES)  # fmt: skip
    for actor in world.floor.actors.values():
        expected = Mode.HUNTING if actor.hunting else Mode.ASLEEP
        assert actor.mode == (Mode.WANDERING if actor.is_player else expected)
    bad = [a | {"ai": "sorcery"} for a in actors]
    with pytest.raises(saves.SaveError, match="impossible creature"):
        saves.decode(
            wrap(payload_with(("world", "floor", "actors"), bad)),
            builder_for,
            KINDS,
            kinds=CREATURES,
        )


@pytest.mark.parametrize(
    ("field", "value"),
    [("move_time", 0), ("attack_time", -5), ("move_time", snapshot.MAX_ACTION_TIME + 1)],
)
def test_creatures_whose_actions_take_no_or_endless_time_are_refused(
    field: str, value: int
) -> None:
    """Zero or negative times would make the next turn loop forever."""
    actors = PAYLOAD["world"]["floor"]["actors"]
    changed = [dict(actors[0], **{field: value}), *actors[1:]]
    data = wrap(payload_with(("world", "floor", "actors"), changed))
    with pytest.raises(saves.SaveError, match="action times"):
        saves.decode(data, builder_for, KINDS, kinds=CREATURES)


def test_a_clock_that_would_make_monsters_catch_up_for_ages_is_refused() -> None:
    actors = PAYLOAD["world"]["floor"]["actors"]
    player = next(a for a in actors if a["id"] == 1)
    monster = next(a for a in actors if a["id"] != 1 and a["hp"] > 0)
    for who, due in ((player, 2**60), (monster, -(2**60))):
        changed = [dict(a, next_time=due) if a is who else a for a in actors]
        data = wrap(payload_with(("world", "floor", "actors"), changed))
        with pytest.raises(saves.SaveError, match="impossible time"):
            saves.decode(data, builder_for, KINDS, kinds=CREATURES)


def test_time_bounds_allow_every_creature_the_content_can_describe() -> None:
    assert snapshot.MAX_ACTION_TIME >= shared_keys.MAX_STAT


WRITER = """
import os, sys
from pathlib import Path
from emberdeep.storage import saves
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.session.setup import new_world

content = loader.load()
worlds = [new_world(seed, Settings(), content) for seed in (1, 2)]
path = Path(sys.argv[1])
info = saves.current_info("auto")
saves.write_save(worlds[0], info, path)
print(" ".join(w.state_hash() for w in worlds), flush=True)
for line in sys.stdin:  # "go": fork a writer and say its pid; "wait PID": reap it
    words = line.split()
    if words[0] == "go":
        pid = os.fork()
        if pid == 0:
            n = 0
            try:
                while True:
                    n += 1
                    saves.write_save(worlds[n % 2], info, path)
            finally:
                os._exit(0)
        print(pid, flush=True)
    else:
        os.waitpid(int(words[1]), 0)
        print("reaped", flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")
def test_a_save_killed_mid_write_leaves_a_loadable_save_and_backup(tmp_path: Path) -> None:
    """A process writing saves in a loop (two worlds in turn) is killed with SIGKILL at
    a random moment, thirty times; each time the save, and the backup if there is one,
    must load as one of the two worlds. The writers are forked from one helper process
    (single-threaded, everything already imported) so each round costs milliseconds."""
    path = tmp_path / "save.emberdeep"
    helper = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(WRITER), str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ | {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},  # no threads
    )
    assert helper.stdin is not None and helper.stdout is not None
    pid = 0
    try:
        hashes = set(helper.stdout.readline().split())
        assert len(hashes) == 2
        chooser = np.random.default_rng(7)
        for _ in range(30):
            helper.stdin.write("go\n")
            helper.stdin.flush()
            pid = int(helper.stdout.readline())
            time.sleep(float(chooser.uniform(0.0, 0.03)))
            os.kill(pid, signal.SIGKILL)
            helper.stdin.write(f"wait {pid}\n")
            helper.stdin.flush()
            assert helper.stdout.readline().strip() == "reaped"
            for candidate in (path, backup_path(path)):
                if candidate == path or candidate.exists():
                    world, _ = saves.read_save(
                        builder_for, KINDS, candidate, CONTENT.looks, CREATURES
                    )
                    assert world.state_hash() in hashes
    finally:
        if pid:  # a failed check must not leave a writer running
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        helper.stdin.close()
        helper.wait(timeout=10)


def with_actor_field(index: int, field: str, value: object) -> bytes:
    actors = [dict(a) for a in PAYLOAD["world"]["floor"]["actors"]]
    actors[index][field] = value
    return wrap(payload_with(("world", "floor", "actors"), actors))


@pytest.mark.parametrize(
    ("index", "field", "value", "reason"),
    [
        (0, "level", 2**62, "impossible creature"),  # would hang the hall of fame
        (0, "id", 0, "impossible creature"),
        (1, "power", -5, "impossible creature"),
        (1, "blocks", False, "the living must block"),
        (1, "max_hp", 10**7, "impossible creature"),
    ],
)
def test_creatures_outside_what_play_can_reach_are_refused(
    index: int, field: str, value: object, reason: str
) -> None:
    with pytest.raises(saves.SaveError, match=reason):
        saves.decode(with_actor_field(index, field, value), builder_for, KINDS, kinds=CREATURES)


def test_an_integer_of_thousands_of_digits_is_refused_not_a_traceback() -> None:
    text = json.dumps(PAYLOAD).replace('"seed": ', '"seed": ' + "9" * 5000 + "0 * ", 1)
    raw = text.replace(" * ", "", 1).encode()
    with pytest.raises(saves.SaveError, match="longer than 39 digits"):
        saves.decode(HEADER + zlib.compress(raw), builder_for, KINDS, kinds=CREATURES)


def test_a_dead_creature_that_still_blocks_is_refused() -> None:
    actors = [dict(a) for a in PAYLOAD["world"]["floor"]["actors"]]
    victim = next(a for a in actors if a["id"] != 1)
    victim["hp"] = 0
    data = wrap(payload_with(("world", "floor", "actors"), actors))
    with pytest.raises(saves.SaveError, match="the living must block"):
        saves.decode(data, builder_for, KINDS, kinds=CREATURES)


def with_column(field: str, index: int, value: int) -> bytes:
    """The save with one number of one creature's column changed (columns: a matrix of
    numbers, a row per field, of the narrowest integer type since format 5; written
    back as int64, as format 4 stored them)."""
    columns = dict(COLUMNS)
    names = columns["number_fields"]
    stored = np.frombuffer(base64.b64decode(columns["numbers"]), dtype=columns["int_type"])
    matrix = stored.astype(np.int64).reshape(len(names), -1)
    matrix[names.index(field), index] = value
    columns["numbers"] = base64.b64encode(matrix.tobytes()).decode()
    columns["int_type"] = "<i8"
    return wrap(payload_with(("world", "floor", "actors"), columns))


@pytest.mark.parametrize("int_type", ["<u8", ">i8", "<f8", "", 8])
def test_columns_stored_as_a_type_of_our_own_only(int_type: object) -> None:
    columns = dict(COLUMNS, int_type=int_type)
    with pytest.raises(saves.SaveError, match="int_type: expected one of"):
        saves.decode(
            wrap(payload_with(("world", "floor", "actors"), columns)),
            builder_for,
            KINDS,
            kinds=CREATURES,
        )


@pytest.mark.parametrize(
    ("field", "index", "value", "reason"),
    [
        ("level", 0, 2**62, "level: out of range"),
        ("id", 1, 0, "id: out of range"),
        ("id", 1, 1, "duplicate creature ids"),
        ("power", 1, -5, "power: out of range"),
        ("max_hp", 1, 10**7, "max_hp: out of range"),
        ("hp", 1, 0, "the living must block"),
        ("x", 1, -1, "not on a floor tile"),
        ("move_time", 1, 0, "move_time: out of range"),
    ],
)
def test_columns_outside_what_play_can_reach_are_refused(
    field: str, index: int, value: int, reason: str
) -> None:
    with pytest.raises(saves.SaveError, match=reason):
        saves.decode(with_column(field, index, value), builder_for, KINDS, kinds=CREATURES)


def test_columns_of_the_wrong_length_or_type_are_refused() -> None:
    short = dict(COLUMNS, count=COLUMNS["count"] + 1)
    with pytest.raises(saves.SaveError, match=r"numbers: .* bytes, expected"):
        saves.decode(
            wrap(payload_with(("world", "floor", "actors"), short)),
            builder_for,
            KINDS,
            kinds=CREATURES,
        )
    names = dict(COLUMNS, mode=[1] * COLUMNS["count"])
    with pytest.raises(saves.SaveError, match="mode: expected"):
        saves.decode(
            wrap(payload_with(("world", "floor", "actors"), names)),
            builder_for,
            KINDS,
            kinds=CREATURES,
        )
    statuses = dict(COLUMNS, statuses=[[0, "no such status", 3]])
    with pytest.raises(saves.SaveError, match="statuses: expected"):
        saves.decode(wrap(payload_with(("world", "floor", "actors"), statuses)), builder_for, KINDS)


def test_a_field_the_save_lacks_takes_its_default() -> None:
    """A field added to ``Actor`` since the save was made (as the monsters' mode will be)."""
    columns = dict(COLUMNS)
    names = columns["number_fields"]
    matrix = np.frombuffer(base64.b64decode(columns["numbers"]), dtype=columns["int_type"])
    matrix = matrix.reshape(len(names), -1)
    keep = [n for n, name in enumerate(names) if name != "detour"]
    columns["numbers"] = base64.b64encode(matrix[keep].tobytes()).decode()
    columns["number_fields"] = [names[n] for n in keep]
    world = read(wrap(payload_with(("world", "floor", "actors"), columns)))
    assert world is not None
    assert all(a.detour == 0 for a in world.floor.actors.values())


def test_columns_load_the_same_creatures_as_the_tables() -> None:
    from_columns = read(GOOD)
    from_tables = read(wrap(PAYLOAD))
    assert from_columns is not None and from_tables is not None
    assert from_columns.state_hash() == from_tables.state_hash() == WORLD.state_hash()


def _as_int64(table: dict[str, Any], names: list[str]) -> None:
    """A format 5 table's integer columns as format 4 stored them: int64, no type."""
    stored = table.pop("int_type")
    for name in names:
        values = np.frombuffer(base64.b64decode(table[name]), dtype=stored).astype(np.int64)
        table[name] = base64.b64encode(values.tobytes()).decode()


@pytest.mark.parametrize("enchanted", [False, True])
def test_a_format_4_save_loads_the_same_world(enchanted: bool) -> None:
    """Format 4 stored integer columns as int64, an item's a column each (its gear's
    only when it had any), the explored map a byte a tile and a creature's text columns
    as lists; such a save loads as it did."""
    original = played(5, 12)
    for item in original.floor.items:  # no gear on the floor: no gear columns...
        item.enchant, item.runic, item.known, item.proof, item.recharge = 0, "", True, 0, 0
    if enchanted:  # ...or an item with gear: the gear's columns
        original.floor.items[0].enchant, original.floor.items[0].known = 1, False
    payload = saves.decode_payload(saves.encode(original, INFO))
    floor = payload["world"]["floor"]
    tiles = floor["width"] * floor["height"]
    bits = np.frombuffer(base64.b64decode(floor.pop("explored_bits")), dtype=np.uint8)
    explored = np.unpackbits(bits, count=tiles).astype(np.bool_)
    floor["explored"] = base64.b64encode(explored.tobytes()).decode()
    actors, items = floor["actors"], floor["items"]
    _as_int64(actors, ["numbers"])
    names = items.pop("number_fields")
    assert ("known" in names) == enchanted
    stored = np.frombuffer(base64.b64decode(items.pop("numbers")), dtype=items.pop("int_type"))
    for name, row in zip(names, stored.reshape(len(names), -1), strict=True):
        flag = name in ("dropped", "known")
        column = row.astype(np.uint8 if flag else np.int64)
        items[name] = base64.b64encode(column.tobytes()).decode()
    for name in ("kind", "name", "mode"):
        which = np.frombuffer(base64.b64decode(actors[name]["which"]), dtype=np.uint8)
        actors[name] = [actors[name]["names"][n] for n in which.tolist()]
    old = GOOD[: GOOD.index(b"\n", len(saves.MAGIC)) + 1].replace(b"format 5", b"format 4")
    header = old + HEADER[len(old) :]
    world, _ = saves.decode(
        header + zlib.compress(json.dumps(payload).encode()), builder_for, KINDS, kinds=CREATURES
    )
    assert world.state_hash() == original.state_hash()
    assert (world.floor.explored == original.floor.explored).all()
    assert [(i.enchant, i.known) for i in world.floor.items] == [
        (i.enchant, i.known) for i in original.floor.items
    ]


ITEMS = PAYLOAD["world"]["floor"]["items"]


def with_item_number(field: str, index: int, value: int) -> bytes:
    """The save with one number of one item on the floor changed, its numbers written
    back as int64 with the gear's rows (``snapshot_items``)."""
    from emberdeep.engine.saves.snapshot_items import ITEM_GEAR, ITEM_NUMBERS

    items = dict(ITEMS)
    names = items["number_fields"]
    stored = np.frombuffer(base64.b64decode(items["numbers"]), dtype=items["int_type"])
    matrix = stored.astype(np.int64).reshape(len(names), -1)
    if len(names) == len(ITEM_NUMBERS):  # no gear on the floor: the defaults
        gear = np.repeat(np.array([[0], [0], [0], [1]], dtype=np.int64), matrix.shape[1], 1)
        matrix = np.vstack([matrix, gear])
    full = [*ITEM_NUMBERS, *ITEM_GEAR]
    matrix[full.index(field), index] = value
    items |= {"numbers": base64.b64encode(matrix.tobytes()).decode(), "int_type": "<i8"}
    items |= {"number_fields": full, "runic": [""] * matrix.shape[1]}
    return wrap(payload_with(("world", "floor", "items"), items))


def _single() -> int:
    """The index of an item on the floor of a kind that does not stack."""
    return next(n for n, key in enumerate(ITEMS["kind"]) if not KINDS[key].stacks)


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("x", -1, "not on open ground"),
        ("y", 10**6, "not on open ground"),
        ("stack", 0, "impossible stack"),
        ("stack", 10**6, "impossible stack"),
        ("used", -1, "impossible stack"),
        ("dropped", 2, "neither true nor false"),
        ("known", -1, "neither true nor false"),
        ("choice", -1, "choice: out of range"),
        ("enchant", -(2**63), "impossible enchantment"),  # its absolute value overflows
        ("enchant", 10**6, "impossible enchantment"),
        ("proof", -1, "impossible enchantment"),
        ("recharge", 10**6, "impossible enchantment"),
    ],
)
def test_item_numbers_outside_what_play_can_reach_are_refused(
    field: str, value: int, reason: str
) -> None:
    assert read(with_item_number("x", 0, WORLD.floor.items[0].x)) is not None  # unchanged
    with pytest.raises(saves.SaveError, match=reason):
        saves.decode(with_item_number(field, 0, value), builder_for, KINDS, kinds=CREATURES)


def test_a_heap_of_an_item_that_does_not_stack_is_refused() -> None:
    with pytest.raises(saves.SaveError, match="impossible stack"):
        saves.decode(with_item_number("stack", _single(), 2), builder_for, KINDS, kinds=CREATURES)
