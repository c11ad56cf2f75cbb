"""``Emberdeep-Text-v0``: the game for language agents, text in and text out.

The observation is ``text_view.render``: statuses and numbers, what is in view with
directions and distances, the inventory with letters, the newest messages and an ASCII
window of the map around the player. The action is a command in words
(``text_commands.py``: "move north", "attack the orc", "quaff b", "descend", "look").

It plays through an ``EmberdeepEnv`` (the same games, rewards, ``terminated`` and
``truncated``; the inner env is ``.game_env``), so a seed gives the same game in both.
A command that cannot be parsed or carried out is answered in the observation's first
line and in ``info["refused"]``; no time passes, and like any refused action it counts
towards ``max_steps``. ``help`` lists the commands, also passing no time.
"""

from __future__ import annotations

import string
from typing import Any

import gymnasium
from gymnasium import spaces

from emberdeep.env import text_view
from emberdeep.env.environment import MAX_STEPS, EmberdeepEnv
from emberdeep.env.observation import Observer
from emberdeep.env.text_commands import HELP, CommandError, parse

MAP_VIEW = (41, 15)
"""The ASCII window's width and height (the player at its centre)."""
MAX_TEXT = 16_384
MAX_COMMAND = 200
REPLACEMENT = "?"


class EmberdeepTextEnv(gymnasium.Env[str, str]):
    """Emberdeep-Text-v0. ``max_steps`` as Emberdeep-v0's; ``map_view`` the ASCII
    window's (width, height)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 10}  # noqa: RUF012

    def __init__(
        self,
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        map_view: tuple[int, int] = MAP_VIEW,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.game_env = EmberdeepEnv(max_steps=max_steps)
        self.map = Observer(self.game_env.content, map_view, ("glyphs",))
        self.charset = self.characters()
        self.allowed = frozenset(self.charset)
        self.observation_space = spaces.Text(MAX_TEXT, min_length=0, charset=self.charset)
        self.action_space = spaces.Text(MAX_COMMAND, min_length=1, charset=string.printable)
        self.text = ""

    def characters(self) -> str:
        """Every character an observation may hold: printable ASCII, the map's glyphs,
        and the letters of content's names (anything else is shown as ``?``)."""
        content = self.game_env.content
        glyphs = {chr(int(g)) for g in self.map.thing_glyphs} | {
            chr(int(g)) for g in self.map.terrain_glyphs
        }
        names = "".join(k.name for k in content.population.items.kinds)
        names += "".join(kind.name for kind in content.hero.kinds.values())
        return "".join(sorted(set(string.printable) | glyphs | set(names)))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        _, info = self.game_env.reset(seed=seed, options=options)
        return self.observe(""), info

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        inner = self.game_env
        try:
            parsed = parse(action, inner.game)
        except CommandError as error:
            outcome = inner.refuse(str(error))
            text = self.observe(str(error))
            return text, 0.0, outcome.terminated, outcome.truncated, outcome.info
        if parsed.action is None:  # help: an answer, no action
            outcome = inner.refuse(HELP)
            outcome.info["refused"] = ""
            return self.observe(HELP), 0.0, outcome.terminated, outcome.truncated, outcome.info
        outcome = inner.play(parsed.action)
        said = outcome.info["refused"]
        text = self.observe(f"Not done: {said}" if said else "")
        return text, outcome.reward, outcome.terminated, outcome.truncated, outcome.info

    def observe(self, said: str) -> str:
        inner = self.game_env
        world = inner.game
        glyphs = self.map.observe(world, ())["glyphs"]  # the things in view stamped on it
        text = text_view.render(world, inner.log, glyphs, said)
        charset = self.allowed
        if not charset.issuperset(text):
            text = "".join(c if c in charset else REPLACEMENT for c in text)
        self.text = text[:MAX_TEXT]
        return self.text

    @property
    def help(self) -> str:
        """The commands, in a sentence (what ``help`` answers): for a model's prompt."""
        return HELP

    def render(self) -> str | None:
        return self.text if self.render_mode == "ansi" else None
