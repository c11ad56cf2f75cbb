"""``emberdeep bench``'s figures for the agent environment's single step: ``Emberdeep-v0``
stepped with random actions and with moves and waits, reset, and its observation built
(beyond a single step, snapshots and the vector envs, see ``bench_agents.py``).

The env is an optional extra: without gymnasium the figures are not measured and the
report says which were skipped and how to get them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from emberdeep.engine.core import rng
from emberdeep.tools.bench_report import Figure, Report
from emberdeep.tools.bench_timing import measure

ENV_MOVE_TARGET_MS = 1 / 25
"""Issue #28: moves and waits at least 25,000 steps a second on one core..."""
ENV_RANDOM_TARGET_MS = 1 / 60
"""...random actions (many refused, costing no turn) at least 60,000..."""
ENV_RESET_TARGET_MS = 0.8
"""...and a new game in at most 0.8 ms."""


ENV_FIGURES = (
    "env step, random actions",
    "env step, moves and waits only",
    "env reset",
    "env observation build",
)
"""The agent environment's figures, named here once so that a skipped run can say which."""


class NotMeasuredError(Exception):
    """Some figures cannot be measured here; the message says which, why and what to do.
    Raised instead of returning nothing, so that the report says so rather than leaving a
    newcomer to wonder where the env's figures went."""


def agent_env(steps: int, notes: list[str] | None = None) -> Iterator[Figure]:
    """Emberdeep-v0 (only where the optional ``env`` extra, gymnasium, is installed), one
    process, actions from a seeded stream: steps with uniformly random actions (many are
    refused: an empty slot, no stairs) and with moves and waits only (each one a turn of
    the game), both with the default observation and resetting when an episode ends;
    ``reset(seed=i)`` (a new game: its first floor generated and populated); and the
    observation's build alone, the env's own share of every step that is not refused.
    A step's median hides the dearer steps (a hunter's search when the player moves),
    so ``notes`` also gets each kind of step's throughput from its total CPU time, what
    the targets in steps a second are about, and the game turns a CPU-second beside it
    (a refused action is a step but no turn: what an agent's time buys in game).
    Without gymnasium, raises ``NotMeasuredError`` (saying so) before measuring anything."""
    try:
        from emberdeep.env import ACTIONS, EmberdeepEnv
    except ImportError as exc:
        missing = exc.name or ""
        why = (
            'gymnasium (the env extra) is not installed. To measure them: pip install -e ".[env]"'
            if missing.partition(".")[0] == "gymnasium"
            else f"emberdeep.env cannot be imported ({exc})."
        )
        names = "; ".join(ENV_FIGURES)
        raise NotMeasuredError(
            f"Skipped the agent env's {len(ENV_FIGURES)} figures ({names}): {why}"
        ) from exc
    env = EmberdeepEnv()
    stream = rng.stream(0, "bench-env")
    anything = stream.integers(len(ACTIONS), size=steps).tolist()
    moves = stream.integers(ACTIONS.index("wait") + 1, size=steps).tolist()

    turns = [0]
    """Game turns played by the steps (each game's clock, summed over resets)."""

    def step(actions: list[int]) -> Callable[[int], None]:
        def one(i: int) -> None:
            before = env.game.turn
            if any(env.step(actions[i % steps])[2:4]):
                turns[0] += env.game.turn - before
                env.reset()
            else:
                turns[0] += env.game.turn - before

        return one

    def throughput(name: str, actions: list[int], target_ms: float) -> Figure:
        env.reset(seed=0)
        turns[0] = 0
        start = time.process_time()
        found = measure(name, step(actions), steps, target_ms)
        seconds = max(time.process_time() - start, 1e-9)
        rate = (steps + 1) / seconds
        if notes is not None:
            target = 1000 / target_ms
            verdict = "ok" if rate >= target else "BELOW TARGET"
            notes.append(f"{name}: {rate:,.0f} steps and {turns[0] / seconds:,.0f} game "
                         f"turns a second of CPU time over all {steps} "
                         f"(target >= {target:,.0f} steps: {verdict})")  # fmt: skip
        return found

    random_steps, move_steps, resets, observations = ENV_FIGURES
    yield throughput(random_steps, anything, ENV_RANDOM_TARGET_MS)
    yield throughput(move_steps, moves, ENV_MOVE_TARGET_MS)
    yield measure(resets, lambda i: env.reset(seed=i + 1), max(10, steps // 4), ENV_RESET_TARGET_MS)
    env.reset(seed=0)
    walk = step(moves)

    def observe(_: None) -> None:
        env.observer.observe(env.game, env.log)

    yield measure(observations, observe, steps, setup=walk)


def agent_env_figures(report: Report, steps: int) -> None:
    """The env's figures into ``report``, or a note that says which were skipped and how
    to get them (the figures are optional; a silent gap in the table is not)."""
    try:
        report.figures += agent_env(steps, report.notes)
    except NotMeasuredError as skipped:
        report.notes.append(str(skipped))
