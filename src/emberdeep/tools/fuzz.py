"""Hostile saves, journals and replays, made from good ones, to prove the loaders trust
nothing: each case must load (into a world whose invariants hold) or be refused with a
message, never raise anything else and never run for more than a few seconds.

``scripts/fuzz-saves`` runs the long version; the test suite runs a short one.
"""

from __future__ import annotations

import json
import multiprocessing
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine import rng as rngs
from emberdeep.engine.actions import DIRECTIONS, Move
from emberdeep.engine.invariants import violations
from emberdeep.session.game import GameSetup
from emberdeep.storage import replays, saves, wal

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


def save_case(n: int) -> str:
    """One hostile save: "loaded" or "refused"; anything else raises."""
    chooser = rngs.stream(n, "fuzz")
    good = saves.encode(sample_game(), saves.current_info("auto"))
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


def run_case(job: tuple[str, int, str]) -> str:
    kind, n, folder = job
    try:
        if kind == "save":
            return save_case(n)
        if kind == "journal":
            return journal_case(n, Path(folder))
        return replay_case(n)
    except Exception as exc:  # the point: anything but a refusal is a finding
        return f"traceback: {kind} case {n}: {exc!r}"[:300]


def fuzz(
    saves_count: int,
    replays_count: int,
    folder: Path,
    timeout: float = 5.0,
    report: Callable[[str], None] = print,
) -> Counter[str]:
    """Run every case in worker processes, each within ``timeout`` seconds."""
    jobs = [("save", n, str(folder)) for n in range(saves_count)]
    jobs += [("journal", n, str(folder)) for n in range(saves_count // 4)]
    jobs += [("replay", n, str(folder)) for n in range(replays_count)]
    tally: Counter[str] = Counter()
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(2)
    try:
        pending = [(job, pool.apply_async(run_case, (job,))) for job in jobs]
        for job, result in pending:
            tally["tried"] += 1
            try:
                outcome = result.get(timeout)
            except multiprocessing.TimeoutError:
                tally["hangs"] += 1
                report(f"hang: {job[0]} case {job[1]}")
                continue
            if outcome.startswith("traceback"):
                tally["tracebacks"] += 1
                report(outcome)
            else:
                tally[outcome] += 1
    finally:
        pool.terminate()
    return tally


def main(argv: list[str] | None = None) -> int:
    """``python -m emberdeep.tools.fuzz [SAVES] [REPLAYS]``: the counts, one line."""
    import sys
    import tempfile
    import time

    args = sys.argv[1:] if argv is None else argv
    saves_count = int(args[0]) if args else 10_000
    replays_count = int(args[1]) if len(args) > 1 else 1_000
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        tally = fuzz(saves_count, replays_count, Path(folder))
    order = ("tried", "refused", "loaded", "tracebacks", "hangs")
    counts = ", ".join(f"{name}: {tally[name]}" for name in order)
    print(f"{counts} in {time.perf_counter() - started:.0f} s")
    return 1 if tally["tracebacks"] or tally["hangs"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
