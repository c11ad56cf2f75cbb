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
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from emberdeep.engine.acts.actions import DIRECTIONS
from emberdeep.engine.play.world import World
from emberdeep.env import text_view
from emberdeep.env.environment import MAX_STEPS, EmberdeepEnv
from emberdeep.env.observation import Observer
from emberdeep.env.tasks import TaskEnv
from emberdeep.env.text_commands import DIRECTION_NAMES, HELP, CommandError, parse

NAMES = {way: name for name, way in DIRECTION_NAMES.items()}
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
        max_steps: int | None = None,
        map_view: tuple[int, int] = MAP_VIEW,
        task: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.game_env: EmberdeepEnv = (
            EmberdeepEnv(max_steps=MAX_STEPS if max_steps is None else max_steps)
            if task is None
            else TaskEnv(task)
            if max_steps is None
            else TaskEnv(task, max_steps=max_steps)
        )
        self.goal = self.game_env.task.description if isinstance(self.game_env, TaskEnv) else ""
        """The task's goal in a sentence, the observation's first line ("" for the game)."""
        self.map = Observer(self.game_env.content, map_view, ("glyphs",))
        self.charset = self.characters()
        self.allowed = frozenset(self.charset)
        self.observation_space = spaces.Text(MAX_TEXT, min_length=0, charset=self.charset)
        self.action_space = spaces.Text(MAX_COMMAND, min_length=1, charset=string.printable)
        self.text = ""
        self.whole: Observer | None = None
        """The observer of ``floor_glyphs``, made on the first ``map``."""

    def characters(self) -> str:
        """Every character an observation may hold: printable ASCII, the map's glyphs,
        and the letters of content's names (anything else is shown as ``?``)."""
        content = self.game_env.content
        glyphs = (
            {chr(int(g)) for g in self.map.thing_glyphs}
            | {chr(int(g)) for g in self.map.terrain_glyphs}
            | {text_view.LAVA}
        )
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
        if parsed.action is None:  # help or the map: an answer, no action
            answer = "The whole floor as you remember it." if parsed.floor_map else HELP
            outcome = inner.refuse(answer)
            outcome.info["refused"] = ""
            text = self.observe(answer, whole=parsed.floor_map)
            return text, 0.0, outcome.terminated, outcome.truncated, outcome.info
        outcome = inner.play(parsed.action)
        said = outcome.info["refused"]
        if said and parsed.action < len(DIRECTIONS):  # a move: say what is in the way
            way = DIRECTIONS[parsed.action]
            said = f"{said.rstrip('.')}: {text_view.blocked(inner.game, way, NAMES[way])}."
            outcome.info["refused"] = said
        text = self.observe(f"Not done: {said}" if said else "")
        return text, outcome.reward, outcome.terminated, outcome.truncated, outcome.info

    def observe(self, said: str, *, whole: bool = False) -> str:
        """The text observation; ``whole``: the map is the whole remembered floor."""
        inner = self.game_env
        world = inner.game
        if whole:
            glyphs, origin = self.floor_glyphs(world)
        else:
            glyphs = self.map.observe(world, ())["glyphs"].copy()  # things in view stamped
            origin = self.map.origin(world)
        text = text_view.render(world, inner.log, glyphs, said, origin=origin, goal=self.goal)
        charset = self.allowed
        if not charset.issuperset(text):
            text = "".join(c if c in charset else REPLACEMENT for c in text)
        self.text = text[:MAX_TEXT]
        return self.text

    def floor_glyphs(self, world: World) -> tuple[NDArray[np.uint16], tuple[int, int]]:
        """The whole floor's glyphs as the player knows it, things in view on it: a
        window twice the floor's size round the player always holds it, cut to it."""
        width, height = world.floor.tiles.shape
        if self.whole is None or self.whole.view != (2 * width + 1, 2 * height + 1):
            view = (2 * width + 1, 2 * height + 1)
            self.whole = Observer(self.game_env.content, view, ("glyphs",))
        px, py = world.player.position
        glyphs = self.whole.observe(world, ())["glyphs"].copy()  # ours to mark lava on
        return glyphs[height - py : 2 * height - py, width - px : 2 * width - px], (0, 0)

    @property
    def help(self) -> str:
        """The commands, in a sentence (what ``help`` answers): for a model's prompt."""
        return HELP

    def render(self) -> str | None:
        return self.text if self.render_mode == "ansi" else None
