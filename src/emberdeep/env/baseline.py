"""The project's bot (``agents/bot.py``) as a baseline policy for ``Emberdeep-v0``.

It does not read the observation: it reads the environment's world directly, as it does
in soak runs, and plays from what the player knows (explores, fights, drinks, reads
scrolls, wears better gear, spends levels, takes the stairs). A score to beat, not an
agent. Deterministic: the same seed and game play the same way.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from emberdeep.agents.bot import Bot
from emberdeep.env import actions
from emberdeep.env.environment import EmberdeepEnv
from emberdeep.env.observation import Observation


class BotPolicy:
    """``policy(observation) -> action number`` for ``env`` (``gymnasium.make``'s
    wrappers are looked through)."""

    def __init__(self, env: gymnasium.Env[Any, Any], seed: int = 0) -> None:
        unwrapped = env.unwrapped
        if not isinstance(unwrapped, EmberdeepEnv):
            raise TypeError(f"BotPolicy plays Emberdeep-v0, not {type(unwrapped).__name__}")
        self.env = unwrapped
        self.bot = Bot(seed)

    def __call__(self, observation: Observation) -> int:
        del observation  # the bot reads the world itself
        if self.env.last_refused:
            return actions.WAIT  # as agents/bot.take_turn: never insist on a refused move
        return actions.number(self.bot.choose(self.env.game))
