"""``Emberdeep-v0`` as a Gymnasium vector environment: N games stepped in one process.

Gymnasium's ``SyncVectorEnv`` builds every game's observation as a dict of new arrays,
then copies each into the batch and deep-copies the batch: a step's observation is made
three times. Here each game writes its observation straight into its row of the batched
arrays (``Observer.observe_into``), and a refused action writes nothing (its row already
holds what the game shows). With ``copy`` (the default, as Gymnasium's) the caller gets
one copy of the batch per step; without, the batch itself, overwritten by the next step.

Made by ``gymnasium.make_vec("Emberdeep-v0", num_envs=N)`` (the registered
``vector_entry_point``; ``workers=W`` gives ``EmberdeepAsyncVectorEnv``, ``async_vector.py``).
Episodes reset themselves on the step after they end (Gymnasium's ``NEXT_STEP``: that
step's action is ignored and it returns the new game's first observation, reward 0).

Infos are laid out as Gymnasium's own vector envs lay out this env's infos (each key
an array with one value per game, and ``_key`` a mask of the games that have it):
``depth``, ``turn``, ``steps`` and ``action_mask`` (``(N, 95)`` booleans) for every
game; ``game_seed`` for the games that began on this call; ``refused`` (the reason, an
object array of texts, ``""`` when taken), ``reward_parts`` (a dict of arrays, each
with its mask) and ``events`` (an object array of each game's lists) for the games that
stepped. A reset, or a step where every game began anew, has no ``refused``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from emberdeep.env.actions import ACTIONS
from emberdeep.env.environment import EmberdeepEnv
from emberdeep.env.observation import Observation

Seeds = int | Sequence[int | None] | None
Flags = NDArray[np.bool_]
Batch = tuple[Observation, NDArray[np.float64], Flags, Flags, dict[str, Any]]
"""What ``step`` returns: observations, rewards, terminated, truncated, infos."""
INFO_INTS = ("depth", "turn", "steps", "game_seed")
REWARD_PARTS = ("depth", "xp", "death", "victory")
INFO_FLOATS = tuple(f"reward_{part}" for part in REWARD_PARTS)


def info_arrays(num_envs: int) -> dict[str, NDArray[Any]]:
    """Zeroed arrays for the infos' numbers of ``num_envs`` games (the names above,
    ``begun``: the game began on this call, and ``action_mask``): what ``gym_infos``
    reads, with each game's refusal and events."""
    arrays: dict[str, NDArray[Any]] = {k: np.zeros(num_envs, np.int64) for k in INFO_INTS}
    arrays |= {k: np.zeros(num_envs, np.float64) for k in INFO_FLOATS}
    arrays["begun"] = np.zeros(num_envs, np.bool_)
    arrays["action_mask"] = np.zeros((num_envs, len(ACTIONS)), np.bool_)
    return arrays


def gym_infos(
    arrays: dict[str, NDArray[Any]], refused: Sequence[str], events: Sequence[object]
) -> dict[str, Any]:
    """The infos as Gymnasium's vector envs give them (see the module's notes), from the
    numbers in ``arrays`` (``info_arrays``) and each game's refusal and events (read
    only for the games that stepped)."""
    begun = arrays["begun"]
    stepped = ~begun
    count = len(begun)
    infos: dict[str, Any] = {}
    for key in ("depth", "turn", "steps", "action_mask"):
        infos[key], infos[f"_{key}"] = arrays[key].copy(), np.ones(count, np.bool_)
    if begun.any():
        infos["game_seed"] = np.where(begun, arrays["game_seed"], 0)
        infos["_game_seed"] = begun.copy()
    if stepped.any():
        rows = np.flatnonzero(stepped).tolist()
        reasons = np.full(count, None, dtype=object)
        happened = np.full(count, None, dtype=object)
        for row in rows:
            reasons[row], happened[row] = refused[row], events[row]
        parts: dict[str, Any] = {}
        for part in REWARD_PARTS:
            parts[part] = np.where(stepped, arrays[f"reward_{part}"], 0.0)
            parts[f"_{part}"] = stepped.copy()
        for key, value in (("refused", reasons), ("reward_parts", parts), ("events", happened)):
            infos[key], infos[f"_{key}"] = value, stepped.copy()
    return infos


def seeds_for(seed: int | Sequence[int | None] | None, num_envs: int) -> list[int | None]:
    """Gymnasium's convention: one seed ``s`` seeds game i with ``s + i``; a list, each."""
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, int):
        return [seed + i for i in range(num_envs)]
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(f"{len(seeds)} seeds for {num_envs} games")
    return seeds


def checked_actions(actions: Any, num_envs: int) -> NDArray[np.int64]:
    """``actions`` as one action number per game, or a ``ValueError`` before any game
    moves (so a bad batch leaves every game as it was)."""
    chosen = np.asarray(actions)
    if chosen.shape != (num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
        raise ValueError(
            f"expected {num_envs} actions (integers), got {chosen.dtype} {chosen.shape}"
        )
    bad = chosen[(chosen < 0) | (chosen >= len(ACTIONS))]
    if bad.size:
        raise ValueError(f"action {int(bad[0])} is not in Discrete({len(ACTIONS)})")
    return chosen.astype(np.int64, copy=False)


class Games:
    """N ``EmberdeepEnv`` games that write into caller-owned batched arrays (rows
    ``0..N-1`` of ``observations``, ``rewards``, ... ``infos``): the working part of
    both vector environments (a worker of the asynchronous one holds one over its rows of
    shared memory)."""

    def __init__(
        self,
        num_envs: int,
        observations: Observation,
        *,
        rewards: NDArray[np.float64],
        terminated: NDArray[np.bool_],
        truncated: NDArray[np.bool_],
        infos: dict[str, NDArray[Any]],
        **env_kwargs: Any,
    ) -> None:
        self.envs = [EmberdeepEnv(**env_kwargs) for _ in range(num_envs)]
        self.observations, self.rewards, self.infos = observations, rewards, infos
        self.terminated, self.truncated = terminated, truncated
        self.ended = np.zeros(num_envs, dtype=np.bool_)
        self.refused: list[str] = [""] * num_envs
        self.events: list[list[dict[str, object]]] = [[] for _ in range(num_envs)]
        """Each game's last step's refusal and events (beside ``infos``' numbers)."""
        self.ready: dict[int, int] = {}
        """Rows whose next game ``prepare`` has begun already: its game seed."""

    def prepare(self) -> None:
        """Begin now the next game of every game that ended: the step after the end
        would (NEXT_STEP), drawing the same game, but a worker does this while it has
        nothing else to do, between answering a step and the next, so a new game's
        making (about 1.7 ms, as much as nine steps) is off the batch's critical path.
        Only the games change: the shared rows still show the step the caller has."""
        for row in np.flatnonzero(self.ended).tolist():
            if row not in self.ready:
                self.ready[row] = int(self.envs[row].reset()[1]["game_seed"])

    def reset(self, seeds: Sequence[int | None]) -> None:
        for row, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            self.begin(row, env, seed)
        self.ready.clear()
        self.rewards[:] = 0.0
        self.terminated[:] = self.truncated[:] = self.ended[:] = False
        for key in INFO_FLOATS:
            self.infos[key][:] = 0.0

    def begin(self, row: int, env: EmberdeepEnv, seed: int | None) -> None:
        """Start ``row``'s next game (or show the one ``prepare`` began, when it is the
        one this would draw: no seed given)."""
        if seed is None and row in self.ready:
            game_seed = self.ready.pop(row)
        else:
            self.ready.pop(row, None)
            game_seed = env.reset(seed=seed)[1]["game_seed"]
        self.observe(row, env)
        infos = self.infos
        infos["game_seed"][row], infos["begun"][row] = game_seed, True
        infos["action_mask"][row] = env.action_masks()
        self.refused[row], self.events[row] = "", []
        self.count(row, env)

    def step(self, actions: NDArray[Any]) -> None:
        infos, observations = self.infos, self.observations
        infos["begun"][:] = False
        for row, env in enumerate(self.envs):
            if self.ended[row]:  # NEXT_STEP autoreset: this step begins a new game
                self.begin(row, env, None)
                self.rewards[row] = 0.0
                self.terminated[row] = self.truncated[row] = self.ended[row] = False
                for key in INFO_FLOATS:
                    infos[key][row] = 0.0
                continue
            outcome = env.play(actions[row])
            if outcome.changed:
                env.observer.observe_into(env.game, env.observed_log, observations, row)
            info = outcome.info
            self.rewards[row] = outcome.reward
            self.terminated[row], self.truncated[row] = outcome.terminated, outcome.truncated
            self.ended[row] = outcome.terminated or outcome.truncated
            self.refused[row], self.events[row] = info["refused"], info["events"]
            infos["action_mask"][row] = info["action_mask"]
            parts = info["reward_parts"]
            infos["reward_depth"][row], infos["reward_xp"][row] = parts["depth"], parts["xp"]
            infos["reward_death"][row] = parts["death"]
            infos["reward_victory"][row] = parts["victory"]
            self.count(row, env)

    def observe(self, row: int, env: EmberdeepEnv) -> None:
        env.observer.observe_into(env.game, env.observed_log, self.observations, row)

    def count(self, row: int, env: EmberdeepEnv) -> None:
        world, infos = env.game, self.infos
        infos["depth"][row], infos["turn"][row], infos["steps"][row] = (
            world.depth, world.turn, env.steps,
        )  # fmt: skip


class EmberdeepVectorEnv(gymnasium.vector.VectorEnv[Observation, NDArray[np.int64], Any]):
    """``num_envs`` games of Emberdeep-v0 in this process, batched (see the module's
    notes). ``env_kwargs`` go to every ``EmberdeepEnv`` (``max_steps``, ``view``)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, copy: bool = True, **env_kwargs: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.num_envs = num_envs
        self.copy = copy
        probe = EmberdeepEnv(**env_kwargs)
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.buffers: Observation = {
            key: np.zeros((num_envs, *space.shape), dtype=space.dtype)  # type: ignore[misc]
            for key, space in probe.observer.space.items()
        }
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self.terminated = np.zeros(num_envs, dtype=np.bool_)
        self.truncated = np.zeros(num_envs, dtype=np.bool_)
        self.infos = info_arrays(num_envs)
        self.games = Games(
            num_envs, self.buffers, rewards=self.rewards, terminated=self.terminated,
            truncated=self.truncated, infos=self.infos, **env_kwargs,
        )  # fmt: skip
        self.started = False

    @property
    def envs(self) -> list[EmberdeepEnv]:
        """The games (for baselines, snapshots and analysis)."""
        return self.games.envs

    def reset(
        self,
        *,
        seed: Seeds = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observation, dict[str, Any]]:
        self.games.reset(seeds_for(seed, self.num_envs))
        self.started = True
        return self.handed(), self.info_copy()

    def step(self, actions: NDArray[np.int64]) -> Batch:
        if not self.started:
            raise RuntimeError("call reset() before step()")
        self.games.step(checked_actions(actions, self.num_envs).tolist())
        rewards, terminated, truncated = self.rewards, self.terminated, self.truncated
        if self.copy:
            rewards, terminated, truncated = rewards.copy(), terminated.copy(), truncated.copy()
        return self.handed(), rewards, terminated, truncated, self.info_copy()

    def handed(self) -> Observation:
        """The batch as the caller gets it: one copy per key, or the buffers themselves."""
        if self.copy:
            return {key: array.copy() for key, array in self.buffers.items()}
        return dict(self.buffers)

    def info_copy(self) -> dict[str, Any]:
        return gym_infos(self.infos, self.games.refused, self.games.events)
