"""Learning curves for ``emberdeep train``: the episodes a learner finished, binned by
the training step they ended at, beside a uniform random policy's level on the same
environment, as CSV and as a PNG chart.

Apart from the learner (``train.py``, which needs the ``rl`` extra) on purpose: what a
curve is, how the random level is measured and how both are drawn need no torch, so
they are tested with the game's own dependencies and a chart can be redrawn from its
CSV where no learner is installed. Drawn like the balance charts (``balance_plot.py``):
the game's font and PNG writer, no plotting library.
"""

from __future__ import annotations

import csv
import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray

from emberdeep.tools.balance_plot import FAINT, INK, MARGIN, Canvas
from emberdeep.ui.png import write_png

Policy = Callable[[Mapping[str, Any], Mapping[str, Any]], int]
"""``policy(observation, info) -> action``: ``info`` is the last step's (or reset's)."""

PPO_COLOUR, RANDOM_COLOUR, MASKED_COLOUR = (232, 170, 66), (150, 150, 150), (86, 150, 210)
WIDTH, HEIGHT = 640, 300
COLUMNS = ("steps", "episodes", "success", "return", "random_success", "random_return")
"""The CSV's header: one row per point of the curve; the random columns repeat the
random policy's level on every row so that one file draws the chart (but a ``--mask``
run's masked random level, which its printed summary gives)."""


class CurveError(Exception):
    """A curve's CSV could not be read (not ``emberdeep train``'s); the message says why."""


@dataclass(frozen=True)
class Episode:
    """One finished training episode: the training steps taken when it ended, its
    return, and whether the task's ``info["success"]`` was set (False where none is)."""

    steps: int
    reward: float
    success: bool


@dataclass(frozen=True)
class Point:
    """The episodes that ended in one window of training steps (up to ``steps``)."""

    steps: int
    episodes: int
    success: float
    reward: float


@dataclass(frozen=True)
class Level:
    """A policy's level over some episodes: success share, mean return and the share of
    its steps the game refused (``info["refused"]``)."""

    episodes: int
    success: float
    reward: float
    refused: float


class Recorder:
    """The finished episodes of a vector of environments, fed one batched step at a time
    (``record``); also stable-baselines3's plain-function callback (``__call__``), which
    reads the same from the learner's locals, so no class of the ``rl`` extra is needed."""

    def __init__(self) -> None:
        self.episodes: list[Episode] = []
        self.returns: NDArray[np.float64] = np.zeros(0)

    def record(
        self, steps: int, rewards: Sequence[float], dones: Sequence[bool], infos: Sequence[Any]
    ) -> None:
        """One step of every environment, ``steps`` the training steps taken after it."""
        if len(self.returns) != len(rewards):
            self.returns = np.zeros(len(rewards))
        self.returns += np.asarray(rewards, dtype=np.float64)
        for index, done in enumerate(dones):
            if done:
                success = bool(infos[index].get("success", False))
                self.episodes.append(Episode(steps, float(self.returns[index]), success))
                self.returns[index] = 0.0

    def __call__(self, local: dict[str, Any], _globals: dict[str, Any]) -> bool:
        learner = local["self"]
        self.record(learner.num_timesteps, local["rewards"], local["dones"], local["infos"])
        return True  # go on training


def curve(episodes: Iterable[Episode], total: int, points: int) -> list[Point]:
    """The episodes binned into ``points`` equal windows of ``total`` training steps:
    each point's success share and mean return over the episodes that ended in its
    window (a window where none ended repeats the last point's figures)."""
    if total < 1 or points < 1:
        raise ValueError(f"total and points must be positive, not {total} and {points}")
    bins: list[list[Episode]] = [[] for _ in range(points)]
    for episode in episodes:
        window = min(points - 1, max(0, math.ceil(episode.steps * points / total) - 1))
        bins[window].append(episode)
    made: list[Point] = []
    for index, ended in enumerate(bins):
        steps = round(total * (index + 1) / points)
        if ended:
            success = sum(e.success for e in ended) / len(ended)
            reward = sum(e.reward for e in ended) / len(ended)
        else:
            success, reward = (made[-1].success, made[-1].reward) if made else (0.0, 0.0)
        made.append(Point(steps, len(ended), success, reward))
    return made


def uniform(seed: int, count: int, mask: bool = False) -> Policy:
    """The uniform random policy over ``count`` actions, or with ``mask`` over the
    actions ``info["action_mask"]`` allows."""
    choose = np.random.default_rng(seed)

    def policy(observation: Mapping[str, Any], info: Mapping[str, Any]) -> int:
        del observation
        if mask:
            return int(choose.choice(np.flatnonzero(info["action_mask"])))
        return int(choose.integers(count))

    return policy


def level(env_id: str, seeds: Sequence[int], make_policy: Callable[[int], Policy]) -> Level:
    """``make_policy(seed)``'s level on ``env_id``: one episode per seed, reset with it."""
    env = gymnasium.make(env_id)
    actions = env.action_space
    successes, total, refused, steps = 0, 0.0, 0, 0
    for seed in seeds:
        policy = make_policy(seed)
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            action = policy(observation, info)
            if not actions.contains(action):
                raise ValueError(f"the policy chose {action!r}, not an action of {env_id}")
            observation, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            refused += bool(info.get("refused"))
            steps += 1
            done = terminated or truncated
        successes += bool(info.get("success", False))
    env.close()
    episodes = max(1, len(seeds))
    return Level(len(seeds), successes / episodes, total / episodes, refused / max(1, steps))


def write_csv(path: Path, points: Sequence[Point], random: Level) -> None:
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(COLUMNS)
        for point in points:
            writer.writerow((
                point.steps, point.episodes, f"{point.success:.4f}", f"{point.reward:.4f}",
                f"{random.success:.4f}", f"{random.reward:.4f}",
            ))  # fmt: skip


def read_csv(path: Path) -> tuple[list[Point], float]:
    """The points and the random success share of a CSV ``write_csv`` wrote."""
    try:
        with path.open(newline="", encoding="utf-8") as file:
            rows = list(csv.DictReader(file))
        points = [
            Point(int(r["steps"]), int(r["episodes"]), float(r["success"]), float(r["return"]))
            for r in rows
        ]
        random = float(rows[0]["random_success"]) if rows else 0.0
    except (KeyError, TypeError, ValueError) as exc:
        raise CurveError(f"{path}: not a learning curve of `emberdeep train` ({exc!r})") from None
    if not points:
        raise CurveError(f"{path}: no points")
    return points, random


def draw(
    title: str,
    points: Sequence[Point],
    random: float,
    *,
    masked: float | None = None,
    learner: str = "PPO",
) -> NDArray[np.uint8]:
    """The success share against training steps, with the random policy's level (and
    the masked random policy's) as flat lines: an RGBA array. The curve starts at the
    first point where an episode had ended (before, there is no share to show)."""
    canvas = Canvas(WIDTH, HEIGHT)
    canvas.text(MARGIN, 8, title[: (WIDTH - MARGIN) // canvas.cell[0]])
    left, right, top, bottom = MARGIN + 40, WIDTH - MARGIN, 40, HEIGHT - 64
    total = max(point.steps for point in points)

    def at(steps: float, share: float) -> tuple[int, int]:
        return left + round((right - left) * steps / total), bottom - round((bottom - top) * share)

    for share in (0.0, 0.5, 1.0):
        y = at(0, share)[1]
        canvas.box(left, y, right - left, 1, FAINT)
        canvas.text(MARGIN - 8, y - 8, f"{100 * share:.0f}%".rjust(5), FAINT)
    canvas.text(left, bottom + 6, "0", FAINT)
    label = f"{total:,} steps"
    canvas.text(right - canvas.text_width(label), bottom + 6, label, FAINT)
    canvas.line(at(0, random), at(total, random), RANDOM_COLOUR)
    if masked is not None:
        canvas.line(at(0, masked), at(total, masked), MASKED_COLOUR)
    started = list(itertools.dropwhile(lambda point: point.episodes == 0, points))
    corners = [at(point.steps, point.success) for point in started]
    for start, end in itertools.pairwise(corners[:1] + corners):
        canvas.line(start, end, PPO_COLOUR, thick=3)
    x, y = MARGIN, HEIGHT - 24
    keys = [(f"{learner} (training)", PPO_COLOUR), ("uniform random", RANDOM_COLOUR)]
    if masked is not None:
        keys.append(("random on the mask", MASKED_COLOUR))
    for word, colour in keys:
        canvas.box(x, y + 6, 12, 4, colour)
        x = canvas.text(x + 16, y, word, INK) + 20
    return canvas.pixels


def plot(
    path: Path,
    title: str,
    points: Sequence[Point],
    random: float,
    *,
    masked: float | None = None,
    learner: str = "PPO",
) -> None:
    """Write ``draw``'s chart to the PNG at ``path`` (``OSError`` if it cannot)."""
    write_png(path, draw(title, points, random, masked=masked, learner=learner))
