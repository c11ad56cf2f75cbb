"""``emberdeep train ENV_ID``: a PPO baseline (stable-baselines3; with ``--mask``,
sb3-contrib's MaskablePPO on the environment's action mask) and its learning curve.

The learner is stock: ``PPO("MultiInputPolicy", env)`` on ``gymnasium.make(ENV_ID)``
with no wrapper of ours, so what it learns is what any researcher's copy would. The
curve is its training episodes' success share (``curves.py``), and after training the
policy (sampled, as trained) and a uniform random policy play the same held-out seeds,
so the two levels compare like with like.

The ``rl`` extra (stable-baselines3, sb3-contrib, torch) is imported here only, and only
when training: the game, its tests and every other command never load torch.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium

from emberdeep import argtypes
from emberdeep.tools import curves

EVAL_SEED = 1_000_000
"""Held-out seeds start here: training resets draw their own games from ``--seed``."""
RL_EXTRA = 'the rl extra: pip install "emberdeep[rl]" (stable-baselines3, sb3-contrib, torch)'


class TrainError(Exception):
    """Training could not start (the extra is missing, an unknown id); says why."""


@dataclass(frozen=True)
class Result:
    """What a run measured: the curve, the levels on the held-out seeds, the CPU time."""

    points: list[curves.Point]
    learned: curves.Level
    random: curves.Level
    masked: curves.Level | None
    cpu_seconds: float
    steps: int
    """The steps trained: ``--steps`` rounded up to whole rollouts (``--envs`` x ``--n-steps``)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("env_id", metavar="ENV_ID", help="a registered id, e.g. Emberdeep-v0")
    parser.add_argument(
        "--steps",
        type=argtypes.positive,
        default=100_000,
        help="training steps (default %(default)s)",
    )
    parser.add_argument(
        "--seed",
        type=argtypes.natural,
        default=0,
        help="the learner's and the training games' seed (default 0)",
    )
    parser.add_argument(
        "--mask",
        action="store_true",
        help="MaskablePPO on the action mask (sb3-contrib) instead of PPO",
    )
    parser.add_argument(
        "--envs",
        type=argtypes.positive,
        default=4,
        help="environments stepped together (default %(default)s)",
    )
    parser.add_argument(
        "--n-steps",
        type=argtypes.positive,
        default=256,
        help="PPO's steps per environment per update (default %(default)s)",
    )
    parser.add_argument("--batch-size", type=argtypes.positive, default=256)
    parser.add_argument(
        "--ent-coef", type=argtypes.unit, default=0.01, help="entropy bonus (default %(default)s)"
    )
    parser.add_argument("--gamma", type=argtypes.unit, default=0.99, help="discount (default 0.99)")
    parser.add_argument("--learning-rate", type=argtypes.unit, default=3e-4)
    parser.add_argument(
        "--eval",
        type=argtypes.natural,
        default=50,
        metavar="EPISODES",
        help="held-out episodes for each policy after training (default 50)",
    )
    parser.add_argument(
        "--points",
        type=argtypes.positive,
        default=20,
        help="points on the curve (default %(default)s)",
    )
    parser.add_argument("--csv", type=Path, metavar="FILE", help="write the curve as CSV")
    parser.add_argument("--png", type=Path, metavar="FILE", help="draw the curve to a PNG")


def rl() -> Any:
    """The learner's class (``PPO``, or ``MaskablePPO``) loader; ``TrainError`` without the
    extra. Imported by name: the extra is not in the game's dependencies nor its typing."""
    try:
        torch = importlib.import_module("torch")
        sb3 = importlib.import_module("stable_baselines3")
        contrib = importlib.import_module("sb3_contrib")
    except ImportError as exc:
        raise TrainError(f"emberdeep train needs {RL_EXTRA} ({exc})") from None
    torch.set_num_threads(1)  # an MLP this small gains nothing from more; others share the CPU
    return argparse.Namespace(
        PPO=sb3.PPO,
        MaskablePPO=contrib.MaskablePPO,
        make_vec_env=importlib.import_module("stable_baselines3.common.env_util").make_vec_env,
    )


def learner_policy(model: Any, mask: bool) -> curves.Policy:
    """The trained policy, sampled as in training (a greedy one repeats a refused move
    for ever: a refusal leaves the observation as it was)."""

    def policy(observation: Mapping[str, Any], info: Mapping[str, Any]) -> int:
        extra = {"action_masks": info["action_mask"]} if mask else {}
        action, _ = model.predict(dict(observation), deterministic=False, **extra)
        return int(action)

    return policy


def train(args: argparse.Namespace) -> Result:
    """Train as ``args`` say and measure; ``TrainError`` if it cannot start."""
    lib = rl()
    import emberdeep.env  # noqa: F401 (registers the environments)

    if args.env_id not in gymnasium.registry:
        known = ", ".join(sorted(i for i in gymnasium.registry if i.startswith("Emberdeep")))
        raise TrainError(f"unknown environment {args.env_id!r}; registered: {known}")
    started = time.process_time()
    envs = lib.make_vec_env(args.env_id, n_envs=args.envs, seed=args.seed)
    learner = lib.MaskablePPO if args.mask else lib.PPO
    model = learner(
        "MultiInputPolicy",
        envs,
        seed=args.seed,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        ent_coef=args.ent_coef,
        gamma=args.gamma,
        learning_rate=args.learning_rate,
        device="cpu",
        verbose=0,
    )
    recorder = curves.Recorder()
    model.learn(total_timesteps=args.steps, callback=recorder)
    cpu = time.process_time() - started
    envs.close()
    seeds = range(EVAL_SEED, EVAL_SEED + args.eval)
    learned = curves.level(args.env_id, seeds, lambda _: learner_policy(model, args.mask))
    count = int(gymnasium.make(args.env_id).action_space.n)  # type: ignore[attr-defined]
    random = curves.level(args.env_id, seeds, lambda s: curves.uniform(s, count))
    masked = (
        curves.level(args.env_id, seeds, lambda s: curves.uniform(s, count, mask=True))
        if args.mask
        else None
    )
    # PPO collects whole rollouts (``--envs`` x ``--n-steps``): it may pass ``--steps``
    points = curves.curve(recorder.episodes, max(args.steps, model.num_timesteps), args.points)
    return Result(points, learned, random, masked, cpu, model.num_timesteps)


def report(args: argparse.Namespace, result: Result) -> str:
    name = "MaskablePPO" if args.mask else "PPO"
    lines = [
        f"{args.env_id}: {name}, {result.steps} steps, seed {args.seed}, "
        f"{result.cpu_seconds:.0f} CPU s of training",
        f"  {'policy':<22} {'success':>8} {'return':>8} {'refused':>8}"
        f"  ({args.eval} held-out seeds)",
    ]
    rows = [(name, result.learned), ("uniform random", result.random)]
    if result.masked is not None:
        rows.append(("random over the mask", result.masked))
    for label, level in rows:
        lines.append(
            f"  {label:<22} {100 * level.success:>7.0f}% {level.reward:>8.2f} "
            f"{100 * level.refused:>7.0f}%"
        )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    try:
        result = train(args)
    except TrainError as exc:
        print(f"emberdeep train: {exc}", file=sys.stderr)
        return 2
    print(report(args, result))
    try:
        if args.csv:
            curves.write_csv(args.csv, result.points, result.random)
        if args.png:
            name = "MaskablePPO" if args.mask else "PPO"
            title = f"{args.env_id}: {name}, seed {args.seed}, {result.cpu_seconds:.0f} CPU s"
            masked = result.masked.success if result.masked else None
            curves.plot(
                args.png, title, result.points, result.random.success, masked=masked, learner=name
            )
    except OSError as exc:
        print(f"emberdeep train: cannot write: {exc}", file=sys.stderr)
        return 1
    return 0
