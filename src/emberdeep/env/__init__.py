"""``Emberdeep-v0``, a Gymnasium environment (``pip install emberdeep[env]``).

Importing this package registers it: ``import emberdeep.env; gymnasium.make("Emberdeep-v0")``.
"""

from __future__ import annotations

import gymnasium

from emberdeep.env.game import ACTIONS, EmberdeepEnv, bot_policy

__all__ = ["ACTIONS", "EmberdeepEnv", "bot_policy"]

if "Emberdeep-v0" not in gymnasium.registry:
    gymnasium.register("Emberdeep-v0", entry_point="emberdeep.env.game:EmberdeepEnv")
