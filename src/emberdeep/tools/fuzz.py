"""Hostile saves, journals and replays, made from good ones, to prove the loaders trust
nothing: each case must load (into a world whose invariants hold) or be refused with a
message, never raise anything else and never run for more than ``SLOW_SECONDS``.

Besides damaged files, ``hostile_case`` makes files that are legal but ask for unbounded
work (``bounds.py`` must refuse them before they run, or they must finish quickly): many
maximal advances, millions of cheap commands, nesting thousands deep, integers thousands
of digits long, in replays of both formats and in write-ahead journals that Continue
replays on a save.

``scripts/fuzz-saves`` runs the long version; the test suite runs a short one.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from emberdeep import bounds
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import DIRECTIONS, Move
from emberdeep.engine.core import rng as rngs
from emberdeep.engine.play import replay
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.journal import JournalError
from emberdeep.session.game import GameSetup
from emberdeep.storage import replays, saves, wal

SLOW_SECONDS = 2.0
"""No case, hostile or not, may take longer to load, verify or continue: seconds of this
process's CPU, the work a case asks for, which other programs on a busy machine do not
stretch (wall-clock time did: a shared CI host made a 0.5 s case "slow")."""

HOSTILE_VALUES: list[object] = [
    None, -1, 0, 2**62, 2**64, -(2**63), 2**200, 1.5, "x", "", [], {},
    [[[[[]]]]], True, "9" * 5000,
]  # fmt: skip


def sample_game(seed: int = 5, turns: int = 40) -> Any:
    setup = GameSetup(loader.load(), Settings(), data=None)
    world = setup.new_game(seed).world
    for turn in range(turns):
        if world.player.alive:
            world.step(Move(*DIRECTIONS[(turn * 3) % 8]))
    return world


def paths(node: object, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        for key, child in node.items():
            yield (*prefix, key)
            yield from paths(child, (*prefix, key))
    elif isinstance(node, list):
        for index, child in enumerate(node[:8]):
            yield (*prefix, index)
            yield from paths(child, (*prefix, index))


def mutated_json(payload: Any, chooser: np.random.Generator) -> Any:
    """``payload`` with one to three values replaced by hostile ones (or removed)."""
    data = json.loads(json.dumps(payload))
    where = list(paths(data))
    for _ in range(int(chooser.integers(1, 4))):
        path = where[int(chooser.integers(len(where)))]
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            value = HOSTILE_VALUES[int(chooser.integers(len(HOSTILE_VALUES)))]
            if isinstance(parent, dict) and chooser.random() < 0.1:
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    return data


def flipped(data: bytes, chooser: np.random.Generator) -> bytes:
    raw = bytearray(data)
    for _ in range(int(chooser.integers(1, 6))):
        raw[int(chooser.integers(len(raw)))] ^= 1 << int(chooser.integers(8))
    if chooser.random() < 0.2:
        raw = raw[: int(chooser.integers(len(raw)))]
    return bytes(raw)


@functools.cache
def _deep_save() -> bytes:
    """A save at depth 3 with the two floors above kept: the loader checks every
    floor's creatures and items together, so a damaged one must be found among them."""
    world = sample_game()
    for depth in (2, 3):
        world.floor.move_actor(world.player, *world.floor.stairs)
        world.change_floor(depth)
    for turn in range(10):
        if world.player.alive:
            world.step(Move(*DIRECTIONS[turn % 8]))
    return saves.encode(world, saves.current_info("auto"))


def save_case(n: int) -> str:
    """One hostile save: "loaded" or "refused"; anything else raises. Every other case is
    a save with kept floors."""
    chooser = rngs.stream(n, "fuzz")
    good = _deep_save() if n % 2 else saves.encode(sample_game(), saves.current_info("auto"))
    if n % 3 == 0:
        data = flipped(good, chooser)
    else:
        payload = mutated_json(saves.decode_payload(good), chooser)
        body = json.dumps(payload).encode()
        data = saves.MAGIC + f"format {saves.FORMAT}\n".encode() + zlib.compress(body)
    setup = GameSetup(loader.load(), Settings(), data=None)
    kinds = {k.key: k for k in setup.content.population.items.kinds}
    try:
        world, _ = saves.decode(
            data, setup.builder_for, kinds, setup.content.looks, setup.content.hero.kinds
        )
    except saves.SaveError:
        return "refused"
    for _ in range(5):  # it loaded: it must also play
        if world.player.alive:
            world.step(Move(1, 0))
    assert violations(world) == [], violations(world)
    return "loaded"


def journal_case(n: int, folder: Path) -> str:
    chooser = rngs.stream(n, "fuzz-journal")
    world = sample_game(turns=10)
    pairs = zip(world.journal.commands, world.journal.checksums, strict=True)
    records = [wal.Record(i, command, checksum) for i, (command, checksum) in enumerate(pairs)]
    data = flipped(b"".join(wal.encode(r) for r in records), chooser)
    path = folder / f"case-{n}.journal"
    path.write_bytes(data)
    read = wal.read(path)
    path.unlink()
    return "loaded" if read else "refused"


def replay_case(n: int) -> str:
    chooser = rngs.stream(n, "fuzz-replay")
    good = replays.encode(replays.record(sample_game(turns=10), "auto"))
    data = (
        flipped(good, chooser)
        if n % 2
        else json.dumps(mutated_json(json.loads(good), chooser)).encode()
    )
    try:
        replay_file = replays.decode(data)
    except replays.ReplayError:
        return "refused"
    content = loader.load()
    setup = GameSetup(content, Settings(), data=None)
    problem = replays.verify(replay_file, setup.builder_for, content.hero)
    return "loaded" if problem is None else "refused"


@functools.cache
def _setup() -> GameSetup:
    return GameSetup(loader.load(), Settings(), data=None)


@functools.cache
def _good_replay() -> dict[str, Any]:
    """A short real game as a format 1 replay's payload (checksums and all)."""
    payload: dict[str, Any] = json.loads(
        replays.encode(replays.record(sample_game(turns=10), "auto"))
    )
    return payload


def _as_chunked(payload: dict[str, Any]) -> bytes:
    """A format 1 payload as a format 2 file: the header, then the commands in chunks."""
    header = {k: v for k, v in payload.items() if k not in ("commands", "checksums", "final_hash")}
    lines = [json.dumps({**header, "format": 2})]
    commands, checksums = payload["commands"], payload["checksums"]
    for start in range(0, len(commands), 100):
        chunk = {"from": start, "commands": commands[start : start + 100],
                 "checksums": checksums[start : start + 100]}  # fmt: skip
        lines.append(json.dumps(chunk))
    lines.append(json.dumps({"final_hash": payload["final_hash"], "at": len(commands)}))
    return ("\n".join(lines) + "\n").encode()


@functools.cache
def _sample_time() -> int:
    """The world time at the end of the sample game's replay."""
    recorded = replays.decode(json.dumps(_good_replay()).encode())
    world = recorded.fresh_world(_setup().builder_for("auto"), _setup().content.hero)
    replay.replay(world, recorded.journal)
    return world.time


def _with_real_checksums(commands: list[list[object]], limit: float) -> list[int]:
    """The checksums a real game would have recorded after ``commands`` (played on the
    sample game's fresh world), for as many as play within ``limit`` seconds; the rest
    get 0 (the replay then diverges there: it is legal up to that point)."""
    good = _good_replay()
    recorded = replays.decode(json.dumps(good).encode())
    world = recorded.fresh_world(_setup().builder_for("auto"), _setup().content.hero)
    replay.replay(world, recorded.journal)
    sums: list[int] = []
    started = time.perf_counter()
    for command in commands:
        if time.perf_counter() - started > limit:
            break
        try:
            replay.apply(world, command)
        except (JournalError, ValueError):  # an illegal command: the rest stay 0
            break
        sums.append(world.journal.checksums[-1])
    return sums + [0] * (len(commands) - len(sums))


def hostile_payload(n: int) -> bytes:
    """One legal-but-hostile replay (both formats): see the module's docstring."""
    chooser = rngs.stream(n, "fuzz-hostile")
    payload = json.loads(json.dumps(_good_replay()))
    commands: list[list[object]] = payload["commands"]
    kind = n % 6
    if kind == 0:  # many maximal advances, each as far as one may go
        count = int(chooser.integers(2, 50_000))
        extra: list[list[object]] = [
            ["t", replay.MAX_ADVANCE * (i + 1), int(chooser.integers(2))] for i in range(count)
        ]
    elif kind == 1:  # millions of cheap commands (built as text: no list of millions)
        count = int(chooser.integers(bounds.MAX_COMMANDS // 2, 3_000_000))
        text = json.dumps(payload, separators=(",", ":"))
        cheap = ',["s","w"]' * count
        sums = ",0" * count
        text = text.replace('"checksums":[', '"checksums":[' + sums[1:] + ",", 1)
        text = text.replace('"commands":[', '"commands":[' + cheap[1:] + ",", 1)
        return text.encode()
    elif kind == 2:  # nesting thousands deep, where a command goes
        depth = int(chooser.integers(5, 200_000))
        text = json.dumps(payload, separators=(",", ":"))
        text = text.replace('"commands":[', '"commands":[' + "[" * depth, 1)
        return (text + "]" * depth).encode()
    elif kind == 3:  # an integer thousands of digits long, in a field or a command
        digits = "9" * int(chooser.integers(21, 20_000))
        where = int(chooser.integers(3))
        if where == 0:
            payload["seed"] = "HUGE"
        elif where == 1:
            payload["checksums"][0] = "HUGE"
        else:
            commands.append(["t", "HUGE", 0])
            payload["checksums"].append(0)
        return json.dumps(payload).replace('"HUGE"', digits, 1).encode()
    else:  # legal commands with real checksums: advances within the clock's limit, or waits
        count = int(chooser.integers(1, 40))
        now = _sample_time()
        extra = (
            [["t", now + replay.MAX_ADVANCE * (i + 1) // 50, 0] for i in range(count)]
            if kind == 4
            else [["s", "w"]] * count
        )
        payload["checksums"] += _with_real_checksums(extra, 1.0)
        commands += extra
        payload["final_hash"] = ""
        data = json.dumps(payload).encode()
        return _as_chunked(json.loads(data)) if n % 2 else data
    payload["commands"] = commands + extra
    payload["checksums"] += [0] * len(extra)
    return _as_chunked(payload) if n % 2 else json.dumps(payload).encode()


def hostile_case(n: int, data: bytes) -> tuple[str, float]:
    """One legal-but-hostile replay (``hostile_payload(n)``) verified, or a journal of
    its commands continued: the outcome, and the seconds the game spent on it."""
    if n % 5 == 4:
        return hostile_journal_case(data if n % 6 != 1 else None)
    started = time.process_time()
    try:
        replay_file = replays.decode(data)
    except replays.ReplayError:
        return "refused", time.process_time() - started
    setup = _setup()
    problem = replays.verify(replay_file, setup.builder_for, setup.content.hero)
    return "loaded" if problem is None else "refused", time.process_time() - started


def hostile_journal_case(data: bytes | None) -> tuple[str, float]:
    """The hostile replay's commands as a write-ahead journal after a save of the sample
    game's start: Continue replays what it may and must not take long (only Continue is
    timed, not the making of the files). None: millions of cheap commands (only as many
    as a journal is read are written: parsing millions here would be the fuzzer's time)."""
    try:
        commands = json.loads(data)["commands"] if data is not None else None
    except (ValueError, KeyError, TypeError, RecursionError):
        return "refused", 0.0  # no list of commands to write (deep nesting, huge numbers)
    if commands is None:
        commands = [["s", "w"]] * (wal.MAX_RECORDS + 1)
    with tempfile.TemporaryDirectory(prefix="emberdeep-fuzz-") as folder:
        setup = GameSetup(loader.load(), Settings(), data=Path(folder))
        session = setup.new_game(5)
        session.save()
        start = session.world.journal.total
        sums = _with_real_checksums(commands[:50], 0.5) + [0] * max(0, len(commands) - 50)
        lines = [
            wal.encode(wal.Record(start + i, c, s))
            for i, (c, s) in enumerate(zip(commands[: wal.MAX_RECORDS + 1], sums, strict=False))
            if isinstance(c, list)
        ]
        assert session.save_file is not None
        wal.journal_path(session.save_file).write_bytes(b"".join(lines))
        game = session.save_file.parent.name
        session.release()
        started = time.process_time()
        again = setup.continue_game(game)
        seconds = time.process_time() - started
        again.release()
        return "loaded" if again.recovered else "refused", seconds


def run_case(job: tuple[str, int, str]) -> tuple[str, float]:
    """One case: its outcome ("loaded", "refused", or a finding: "traceback: ...",
    "slow: ...") and the seconds it took (the game's share only, for a hostile case)."""
    kind, n, folder = job
    started = time.process_time()
    try:
        if kind == "save":
            outcome = save_case(n)
        elif kind == "journal":
            outcome = journal_case(n, Path(folder))
        elif kind == "hostile":  # what the game spends, not the making of the files
            outcome, seconds = hostile_case(n, hostile_payload(n))
        else:
            outcome = replay_case(n)
    except Exception as exc:  # the point: anything but a refusal is a finding
        return f"traceback: {kind} case {n}: {exc!r}"[:300], time.process_time() - started
    if kind != "hostile":
        seconds = time.process_time() - started
    if seconds > SLOW_SECONDS:
        return f"slow: {kind} case {n}: {seconds:.1f} s ({outcome})", seconds
    return outcome, seconds


def fuzz(
    saves_count: int,
    replays_count: int,
    folder: Path,
    timeout: float = 30.0,
    report: Callable[[str], None] = print,
    *,
    hostile_count: int = 0,
) -> Counter[str]:
    """Run every case in worker processes; one still running after ``timeout`` seconds
    (the making of a hostile file included) is a hang, one whose loading took over
    ``SLOW_SECONDS`` is slow."""
    jobs = [("save", n, str(folder)) for n in range(saves_count)]
    jobs += [("journal", n, str(folder)) for n in range(saves_count // 4)]
    jobs += [("replay", n, str(folder)) for n in range(replays_count)]
    jobs += [("hostile", n, str(folder)) for n in range(hostile_count)]
    tally: Counter[str] = Counter()
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(2)
    slowest = (0.0, "none")
    try:
        pending = [(job, pool.apply_async(run_case, (job,))) for job in jobs]
        for job, result in pending:
            tally["tried"] += 1
            try:
                outcome, seconds = result.get(timeout)
            except multiprocessing.TimeoutError:
                tally["hangs"] += 1
                report(f"hang: {job[0]} case {job[1]}")
                continue
            slowest = max(slowest, (seconds, f"{job[0]} case {job[1]}"))
            if outcome.startswith("traceback"):
                tally["tracebacks"] += 1
                report(outcome)
            elif outcome.startswith("slow"):
                tally["slow"] += 1
                report(outcome)
            else:
                tally[outcome] += 1
    finally:
        pool.terminate()
    tally["slowest_ms"] = round(slowest[0] * 1000)
    report(f"slowest: {slowest[1]}, {slowest[0]:.2f} s")
    return tally


def main(argv: list[str] | None = None) -> int:
    """``python -m emberdeep.tools.fuzz [SAVES] [REPLAYS] [HOSTILE]``: the counts, one
    line."""
    import sys
    import tempfile
    import time

    args = sys.argv[1:] if argv is None else argv
    saves_count = int(args[0]) if args else 10_000
    replays_count = int(args[1]) if len(args) > 1 else 1_000
    hostile_count = int(args[2]) if len(args) > 2 else 10_000
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        tally = fuzz(saves_count, replays_count, Path(folder), hostile_count=hostile_count)
    order = ("tried", "refused", "loaded", "tracebacks", "hangs", "slow")
    counts = ", ".join(f"{name}: {tally[name]}" for name in order)
    print(
        f"{counts} (slow: over {SLOW_SECONDS:.0f} s); slowest case "
        f"{tally['slowest_ms'] / 1000:.2f} s; in {time.perf_counter() - started:.0f} s"
    )
    return 1 if tally["tracebacks"] or tally["hangs"] or tally["slow"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
