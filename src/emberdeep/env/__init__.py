"""``Emberdeep-v0``, a Gymnasium environment (``pip install "emberdeep[env]"``).

Importing this package registers it::

    import gymnasium
    import emberdeep.env

    env = gymnasium.make("Emberdeep-v0", max_steps=5000)

or without the import, ``gymnasium.make("emberdeep.env:Emberdeep-v0")`` (Gymnasium 1.x
imports the module named before the colon; it no longer reads entry points). N games at
once, batched: ``gymnasium.make_vec("Emberdeep-v0", num_envs=N)`` in this process
(``vector.py``), with ``workers=W`` over W processes in shared memory (``async_vector.py``).

``environment.py`` is the env, ``observation.py`` what it sees, ``actions.py`` what it
can do, ``reward.py`` what it earns, ``render.py`` its pictures, ``baseline.py`` the bot.
"""

from __future__ import annotations

import gymnasium

from emberdeep.content.loader import read_table
from emberdeep.env.actions import ACTIONS
from emberdeep.env.baseline import BotPolicy
from emberdeep.env.environment import EmberdeepEnv

__all__ = ["ACTIONS", "BotPolicy", "EmberdeepEnv"]

ENV_ID = "Emberdeep-v0"

if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        ENV_ID,
        entry_point="emberdeep.env.environment:EmberdeepEnv",
        vector_entry_point="emberdeep.env.vector_maker:make_vector",
    )
TEXT_ENV_ID = "Emberdeep-Text-v0"
if TEXT_ENV_ID not in gymnasium.registry:
    gymnasium.register(TEXT_ENV_ID, entry_point="emberdeep.env.text_env:EmberdeepTextEnv")

for _task in read_table("tasks.toml").names():  # the names only: content loads on first use
    if f"Emberdeep-Task-{_task}-v0" not in gymnasium.registry:
        gymnasium.register(
            f"Emberdeep-Task-{_task}-v0",
            entry_point="emberdeep.env.tasks:TaskEnv",
            kwargs={"task": _task},
        )
