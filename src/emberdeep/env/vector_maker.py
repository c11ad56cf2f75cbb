"""What ``gymnasium.make_vec("Emberdeep-v0", ...)`` calls (the registered
``vector_entry_point``): the in-process vector env, or the one over worker processes."""

from __future__ import annotations

from typing import Any

import gymnasium

from emberdeep.env.async_vector import EmberdeepAsyncVectorEnv
from emberdeep.env.vector import EmberdeepVectorEnv


def make_vector(num_envs: int = 1, workers: int = 0, **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """``num_envs`` games in this process, or with ``workers`` > 0 split over that many
    processes in shared memory."""
    if workers:
        return EmberdeepAsyncVectorEnv(num_envs, workers=workers, **kwargs)
    return EmberdeepVectorEnv(num_envs, **kwargs)
