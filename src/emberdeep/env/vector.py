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

Infos are arrays, one value per game: ``depth``, ``turn``, ``steps``, ``refused`` (the
action was refused), ``reward_depth``/``reward_xp``/``reward_death``/``reward_victory``
(the reward's parts), and ``game_seed`` on the steps where a game began (``_game_seed``
marks which). The perceived events of single steps are the single env's
``info["events"]``: lists of dicts do not batch.
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
INFO_FLOATS = ("reward_depth", "reward_xp", "reward_death", "reward_victory")
INFO_BOOLS = ("refused", "_game_seed")


def info_arrays(num_envs: int) -> dict[str, NDArray[Any]]:
    """Zeroed info arrays for ``num_envs`` games (the names above)."""
    arrays: dict[str, NDArray[Any]] = {k: np.zeros(num_envs, np.int64) for k in INFO_INTS}
    arrays |= {k: np.zeros(num_envs, np.float64) for k in INFO_FLOATS}
    arrays |= {k: np.zeros(num_envs, np.bool_) for k in INFO_BOOLS}
    return arrays


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
        self.infos["_game_seed"][:] = False
        for row, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            self.begin(row, env, seed)
        self.ready.clear()
        self.rewards[:] = 0.0
        self.terminated[:] = self.truncated[:] = self.ended[:] = False
        self.infos["refused"][:] = False
        for key in ("reward_depth", "reward_xp", "reward_death", "reward_victory"):
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
        infos["game_seed"][row], infos["_game_seed"][row] = game_seed, True
        self.count(row, env)

    def step(self, actions: NDArray[Any]) -> None:
        infos, observations = self.infos, self.observations
        infos["_game_seed"][:] = False
        for row, env in enumerate(self.envs):
            if self.ended[row]:  # NEXT_STEP autoreset: this step begins a new game
                self.begin(row, env, None)
                self.rewards[row] = 0.0
                self.terminated[row] = self.truncated[row] = self.ended[row] = False
                infos["refused"][row] = False
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
            infos["refused"][row] = bool(info["refused"])
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
        return {key: array.copy() for key, array in self.infos.items()}
