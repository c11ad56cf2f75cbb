"""``emberdeep bench``'s start-up figures, each in a fresh process's CPU time beside its
anchor: ``emberdeep play`` until its first frame beside a process that only opens a
window and presents one frame on the same stack (the platform's floor), and
``emberdeep --version`` beside ``python -c pass``.

CPU time, not the wall clock: on a shared machine a start-up's wall time is mostly the
other processes' turns. The processes are started by ``start`` (also used by
``bench_compare``, with another checkout's ``src`` on ``PYTHONPATH``).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from emberdeep.tools import bench_probe
from emberdeep.tools.bench_report import Figure, figure

VERSION_TARGET_MS = 100.0
FLOOR_SHARE_TARGET = 0.75
"""Start-up to the first frame: the platform's floor at least 0.75 of the game's."""


class StartupError(RuntimeError):
    pass


@contextmanager
def start_env(src: Path | None = None) -> Iterator[dict[str, str]]:
    """The environment of a measured start: SDL's dummy drivers, throwaway settings,
    save and cache folders, and ``src`` (a checkout's) first on the path when given. The
    cache is each tree's own: in the user's, two trees whose content differs (or any
    other checkout started meanwhile) undid each other's parsed content and its stamp,
    so every start parsed the TOML afresh and loaded the content before the title. Compiled
    bytecode is written and used, as on a player's machine (where
    PYTHONDONTWRITEBYTECODE is set, as in some sandboxes, every start compiles afresh).
    OpenBLAS gets one thread, as the game gives itself (``cli.py``) and as ``emberdeep
    bench`` has it already: the platform's floor started from a plain Python process
    took its default threads, whose start-up cost the floor's process 40-60 ms of CPU
    (about 185 ms against 130), so a harness outside ``emberdeep`` measured the game
    against a floor half as high again as ``bench`` did."""
    with tempfile.TemporaryDirectory(prefix="emberdeep-bench-") as folder:
        env = os.environ | {
            "OPENBLAS_NUM_THREADS": "1",
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "EMBERDEEP_CONFIG_DIR": str(Path(folder) / "config"),
            "EMBERDEEP_DATA_DIR": str(Path(folder) / "data"),
            "EMBERDEEP_CACHE_DIR": str(Path(folder) / "cache"),
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if src is not None:
            env["PYTHONPATH"] = str(src)
        yield env


def children_cpu_ms() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (used.ru_utime + used.ru_stime) * 1000


def start(command: list[str], env: Mapping[str, str]) -> tuple[str, float]:
    """Run ``command`` to its end: its standard output and the CPU time it used."""
    before = children_cpu_ms()
    done = subprocess.run(
        command, check=False, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=300
    )
    used = children_cpu_ms() - before
    if done.returncode != 0:
        reason = done.stderr.decode(errors="replace").strip().splitlines()
        raise StartupError(reason[-1] if reason else f"exit status {done.returncode}")
    return done.stdout.decode(errors="replace"), used


def probe(name: str, env: Mapping[str, str]) -> dict[str, object]:
    """``bench_probe.py NAME`` in a new process; its last line, read as JSON."""
    said, _ = start([sys.executable, "-P", bench_probe.__file__, name], env)
    result: dict[str, object] = json.loads(said.strip().splitlines()[-1])
    return result


def first_frame_ms(env: Mapping[str, str]) -> float:
    """The game's CPU time until its first frame (``bench_probe.first_frame``)."""
    return float(probe("first-frame", env)["cpu_ms"])  # type: ignore[arg-type]


def title_ms(env: Mapping[str, str]) -> float:
    """The game's CPU time until the title screen's first frame (``bench_probe.title_frame``)."""
    return float(probe("title-frame", env)["cpu_ms"])  # type: ignore[arg-type]


def platform_ms(env: Mapping[str, str]) -> float:
    """The bare platform's CPU time until its frame (``PLATFORM_FIRST_FRAME``)."""
    said, _ = start([sys.executable, "-c", bench_probe.PLATFORM_FIRST_FRAME], env)
    words = said.split()
    if len(words) != 3 or words[0] != "presented":
        raise StartupError(f"no time of the first frame in {said[:80]!r}")
    return float(words[2]) * 1000


def version_ms(env: Mapping[str, str]) -> float:
    return start([sys.executable, "-m", "emberdeep", "--version"], env)[1]


def nothing_ms(env: Mapping[str, str]) -> float:
    return start([sys.executable, "-c", "pass"], env)[1]


def startup(runs: int) -> list[Figure]:
    """Each figure's process started ``runs`` times in turns (so a busy moment weighs on
    all alike), after one warm-up each (the disk cache, bytecode, the parsed content)."""
    with start_env() as env:
        takes = {"game": first_frame_ms, "platform": platform_ms, "version": version_ms,
                 "pass": nothing_ms, "title": title_ms}  # fmt: skip
        for take in takes.values():
            take(env)
        samples: dict[str, list[float]] = {name: [] for name in takes}
        for _ in range(runs):
            for name, take in takes.items():
                samples[name].append(take(env))
    return [
        figure("start-up to first frame, CPU (new process)", samples["game"], None),
        figure("  anchor: python + numpy + tcod + a window + one frame", samples["platform"],
               None),
        figure("emberdeep --version, CPU (new process)", samples["version"], VERSION_TARGET_MS),
        figure("  anchor: python -c pass", samples["pass"], None),
        figure("start-up to the title screen, CPU (new process)", samples["title"], None),
    ]  # fmt: skip


def floor_share(figures: list[Figure]) -> str:
    """The note that says how near the platform's floor the game starts: into a new
    game (``--seed``) and to the title screen."""
    platform = figures[1].median_ms
    notes = []
    for what, game in (("first frame", figures[0]), ("the title screen", figures[4])):
        share = platform / game.median_ms if game.median_ms > 0 else float("inf")
        verdict = "ok" if share >= FLOOR_SHARE_TARGET else "SLOW"
        notes.append(
            f"start-up to {what}: the platform's floor is {share:.2f}x the game's "
            f"(target >= {FLOOR_SHARE_TARGET}x) {verdict}"
        )
    return "; ".join(notes)
