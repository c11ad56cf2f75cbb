"""``emberdeep bench``'s figures for saves: writing and loading a new game, a default game
500 moves in and a 200x200 floor with 1000 monsters, against pickle+lzma stored the same way, and
the bytes each takes on disk. (Checkpoints of long games are ``bench_checkpoints.py``.)
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.session.game import GameSetup
from emberdeep.storage import saves
from emberdeep.tools import bench_checkpoints
from emberdeep.tools import bench_reference as reference
from emberdeep.tools.bench_engine import crowd_builder, crowded_world, played_world
from emberdeep.tools.bench_report import Report, Size
from emberdeep.tools.bench_timing import Plan, measure


def save_figures(report: Report, plan: Plan) -> None:
    """Save (encode, then the game's atomic write with a backup) and load (read +
    decode), ours and pickle+lzma stored the same way; plus the bytes on disk."""
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    info = saves.current_info("auto")
    shipped = GameSetup(content, Settings(), data=None).builder_for("auto")
    cases = [
        ("new game", played_world(0), shipped),
        ("default game, 500 moves", played_world(500), shipped),
        ("200x200 floor, 1000 monsters", crowded_world(200, 200, 1000, 1), crowd_builder(200, 200)),
    ]  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="emberdeep-bench-") as folder:
        ours_path, ref_path = Path(folder) / "ours.emberdeep", Path(folder) / "reference.pickle"
        for name, world, build in cases:
            save = measure(
                f"save {name}",
                lambda i, world=world: saves.write_save(world, info, ours_path),  # type: ignore[misc]
                plan.saves,
            )
            ref_save = measure(
                f"reference: save {name}",
                lambda i, world=world: saves.store(reference.encode_save(world), ref_path),  # type: ignore[misc]
                plan.reference_saves,
            )
            load, ref_load = bench_checkpoints.in_turns(
                f"load {name}",
                lambda build=build: saves.read_save(  # type: ignore[misc]
                    lambda _: build, kinds, ours_path, content.looks, content.hero.kinds
                ),
                lambda build=build: reference.decode_save(ref_path.read_bytes(), build),  # type: ignore[misc]
                plan.saves,
            )
            report.figures += [save, load]
            report.compare(save, "pickle + lzma, same atomic write", ref_save)
            report.compare(load, "pickle + lzma", ref_load)
            ours_bytes, ref_bytes = ours_path.stat().st_size, ref_path.stat().st_size
            report.sizes.append(Size(f"save file, {name}", ours_bytes, ref_bytes))
