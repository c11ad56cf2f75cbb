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
The task families (``tasks.py``, docs/agents.md) are registered too, each level as
``Emberdeep/<Family>-<Level>-v0`` and ``Emberdeep/<Family>-<Level>-Text-v0``.
"""

from __future__ import annotations

import gymnasium

from emberdeep.content.loader import read_table
from emberdeep.content.tasks import names as task_names
from emberdeep.env.actions import ACTIONS
from emberdeep.env.baseline import BotPolicy
from emberdeep.env.environment import EmberdeepEnv
from emberdeep.env.tasks import alias_id, task_id, text_id

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

# Every level of every task family, its text version and an older id it keeps working
# (``env/tasks.py``), from the file's names alone: the content loads on first use.
for _name, _alias in task_names(read_table("tasks.toml")):
    _ids = [(task_id(_name), "tasks:TaskEnv"), (text_id(_name), "text_env:EmberdeepTextEnv")]
    _ids += [(alias_id(_alias), "tasks:TaskEnv")] if _alias else []
    for _id, _entry in _ids:
        if _id not in gymnasium.registry:
            gymnasium.register(_id, entry_point=f"emberdeep.env.{_entry}", kwargs={"task": _name})
