"""How fast ``Emberdeep-v0`` runs: env steps and resets a second, and its own overhead.

The env step is the engine's step plus the env's work around it; the engine dominates
(about 0.3 ms a step today), so the observation's build time is measured on its own:
that is the part of each step the env adds. Random actions from a seeded stream, the
default observation, one process. Run ``python -m emberdeep.tools.bench_env``.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from emberdeep.engine import rng
from emberdeep.env import ACTIONS, EmberdeepEnv


@dataclass(frozen=True)
class EnvFigures:
    steps_per_second: float
    """Env steps with uniformly random actions (many are refused: an empty slot, no
    stairs), resetting when an episode ends."""
    taken_steps_per_second: float
    """Env steps with random moves and waits only: each one is a turn of the game."""
    resets_per_second: float
    """``reset(seed=i)``: a new game, its first floor generated."""
    observe_microseconds: float
    """Building one observation (the env's overhead on every step that is not refused)."""


def _steps_per_second(env: EmberdeepEnv, actions: list[int]) -> float:
    start = time.perf_counter()
    for action in actions:
        if any(env.step(action)[2:4]):
            env.reset()
    return len(actions) / (time.perf_counter() - start)


def measure(steps: int = 5000, resets: int = 200, seed: int = 0) -> EnvFigures:
    """The figures, from ``steps`` env steps of each kind and ``resets`` resets."""
    if steps < 1 or resets < 1:
        raise ValueError("steps and resets must be positive")
    stream = rng.stream(seed, "bench-env")
    env = EmberdeepEnv()
    env.reset(seed=seed)
    anything = stream.integers(len(ACTIONS), size=steps).tolist()
    random_steps = _steps_per_second(env, anything)
    env.reset(seed=seed)
    moves = stream.integers(ACTIONS.index("wait") + 1, size=steps).tolist()
    moving_steps = _steps_per_second(env, moves)
    start = time.perf_counter()
    for i in range(resets):
        env.reset(seed=seed + i)
    reset_rate = resets / (time.perf_counter() - start)
    env.reset(seed=seed)
    observe_time = 0.0
    for action in moves:
        if any(env.step(action)[2:4]):
            env.reset()
        start = time.perf_counter()
        env.observer.observe(env.game, env.log)
        observe_time += time.perf_counter() - start
    return EnvFigures(random_steps, moving_steps, reset_rate, observe_time / steps * 1e6)


def main() -> None:
    for name, value in asdict(measure()).items():
        print(f"{name:24} {value:10.1f}")


if __name__ == "__main__":
    main()
