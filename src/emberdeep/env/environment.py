"""``EmberdeepEnv``: the game as a Gymnasium environment, for agents.

Built to get right what roguelike environments are blamed for:

- ``reset(seed=s)`` is the same game bit for bit in any process and any order: the game
  seed is drawn from Gymnasium's ``np_random``, which ``seed`` sets; ``reset()`` draws the
  next game from that same generator (the game seed is in ``info["game_seed"]``).
- ``terminated`` means the game is over (death, or victory: out of the dungeon with the
  treasure);
  ``truncated`` means only that ``max_steps`` environment steps were taken. Refused
  actions count as steps, so an agent that only fumbles is still cut off.
- A refused action (no stairs here, an empty slot...) passes no time: reward 0, the same
  observation (equal arrays), and the reason in ``info["refused"]``. It never raises.
- The world is made with default ``Settings()``: a player's settings file never changes
  what an agent sees.
- It installs from wheels (numpy, tcod, gymnasium) with no compiler.

Observation: see ``observation.py``. Actions: ``actions.ACTIONS``. Reward: ``reward.py``.
The game is played as every front-end plays it (``session/playing.Game``): its turn
driver, and its one log, whose newest lines but refusals are the observed messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.events import MessageKind, as_dict
from emberdeep.engine.core.rng import MAX_SEED
from emberdeep.engine.play.world import World
from emberdeep.env import actions, reward, snapshots
from emberdeep.env.look import look
from emberdeep.env.mask import action_mask
from emberdeep.env.observation import DEFAULT_KEYS, VIEW, Observation, Observer, copy
from emberdeep.env.render import STYLES, frame, text
from emberdeep.session.driver import Driver
from emberdeep.session.narration import narrator_for
from emberdeep.session.playing import Game
from emberdeep.session.records import LogLine
from emberdeep.session.setup import floor_builder

MAX_STEPS = 5000
MESSAGE_LOG = 16
"""Messages read from the game's log for the observation (it shows the newest few)."""
GAME_OVER = "The game is over: call reset()."
MAX_BRANCHES = 4096
"""The most branches one ``branch`` call makes: each is a whole game (a few hundred KB
deep down), so more is a mistake, not a search (make them in rounds)."""


class Outcome(NamedTuple):
    """What a step did, but its observation: ``changed`` says whether the observation
    may differ from the last one (a refused action's never does)."""

    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any]
    changed: bool


class EmberdeepEnv(gymnasium.Env[Observation, np.int64]):
    """Emberdeep-v0. ``max_steps`` caps an episode (then ``truncated``); ``view`` is the
    observed window's (width, height); ``render_style`` is ``tiles`` or ``ascii`` for
    ``rgb_array`` frames; ``observation_keys`` are the keys observed (``observation.KEYS``,
    by default ``DEFAULT_KEYS``): the others are never computed."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 10}  # noqa: RUF012

    def __new__(cls, *args: Any, **kwargs: Any) -> EmberdeepEnv:
        """A new environment that remembers how it was made (``__getstate__``)."""
        made = super().__new__(cls)
        made.made_with = (args, kwargs)
        return made

    def __getstate__(self) -> dict[str, Any]:
        """How it was made, its game as a snapshot and its generator of resets: what
        ``pickle`` and ``copy.deepcopy`` take (a copy is restored from the snapshot, in
        any process, and plays on as this one would). Nothing else is kept: the content,
        tables and caches are made again."""
        return {
            "made_with": self.made_with,
            "snapshot": None if self.world is None else self.snapshot(),
            "np_random": self._np_random,
            "np_random_seed": self._np_random_seed,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        args, kwargs = state["made_with"]
        self.__init__(*args, **kwargs)  # type: ignore[misc]
        self.made_with = (args, kwargs)
        if state["snapshot"] is not None:
            self.restore(state["snapshot"])
        self._np_random, self._np_random_seed = state["np_random"], state["np_random_seed"]

    def __init__(
        self,
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        view: tuple[int, int] = VIEW,
        render_style: str = "tiles",
        observation_keys: tuple[str, ...] = DEFAULT_KEYS,
    ) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be ansi, rgb_array or None, not {render_mode!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a positive integer, not {max_steps!r}")
        if render_style not in STYLES:
            raise ValueError(f"render_style must be one of {STYLES}, not {render_style!r}")
        self.render_mode = render_mode
        self.render_style = render_style
        self.max_steps = max_steps
        self.content = loader.load()
        self.settings = Settings()
        self.build_floor = floor_builder(self.settings, self.content)
        self.observer = Observer(self.content, view, observation_keys)
        self.narrator = narrator_for(self.content)
        self.observation_space = self.observer.space  # type: ignore[assignment]
        self.action_space = spaces.Discrete(len(actions.ACTIONS))
        self.world: World | None = None
        self.playing: Game | None = None
        """The game played: its world, turn driver and log (``session/playing.py``)."""
        self.steps = 0
        self.last: Observation = {}
        self.last_refused = ""
        self.masked: NDArray[np.bool_] | None = None
        """The last step's action mask (``mask``)."""
        self.terminated = self.truncated = False
        self.verified = snapshots.Verified()
        """The snapshots restored before (``restore``), shared with the branches."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, MAX_SEED, endpoint=True))
        world = World(game_seed, self.build_floor, self.settings.fov, self.content.hero)
        self.start(world, (), 0, "", truncated=False)
        return dict(self.last), {"game_seed": game_seed, **self.info()}

    def start(
        self, world: World, log: Iterable[LogLine], steps: int, refused: str, *, truncated: bool
    ) -> None:
        """Play ``world`` from here on (a new game, or a restored one and its log)."""
        self.world = world
        self.playing = Game(world, self.narrator)
        self.playing.log.restore(log)
        self.steps, self.last_refused = steps, refused
        self.terminated, self.truncated = world.over, truncated
        self.masked = None
        self.last = self.observer.observe(world, self.observed_log)

    # -- snapshots and branches (``snapshots.py``) ----------------------------------------

    def snapshot(self) -> bytes:
        """The game and this environment's counters as bytes: the save format, so a
        snapshot is also a save. ``restore`` takes it back, in this process or another."""
        return snapshots.encode(
            self.game, self.kept_log(), self.steps, self.last_refused, self.truncated,
            more=self.state(),
        )  # fmt: skip

    def state(self) -> dict[str, object]:
        """What a snapshot keeps besides the game and the counters: nothing here; a
        task's own state (``tasks.py``)."""
        return {}

    def restore(self, data: bytes) -> Observation:
        """Continue from ``snapshot``'s bytes: the same observations follow the same
        actions. Checked as strictly as a save; ``snapshots.RestoreError`` (a
        ``ValueError``) says what is wrong, and leaves this environment as it was.
        Returns the restored observation."""
        restored = self.verified.decode(data, self.content, self.build_floor)
        self.resume(restored)
        return dict(self.last)

    def resume(self, restored: snapshots.Restored) -> None:
        """Play on from a decoded snapshot (a task takes back its state, or refuses)."""
        self.start(
            restored.world, restored.log, restored.steps, restored.refused,
            truncated=restored.truncated,
        )  # fmt: skip

    def branch(self, n: int, reseed: bool = False) -> list[EmberdeepEnv]:
        """``n`` new environments in this one's state (and with its settings). With
        ``reseed``, branch ``i``'s game draws its chances from a stream of its own, so
        the branches' futures differ, the same way in every process; each branch's
        ``reset()`` stream is then its own too. Without, all ``n`` play as this one would.
        ``n`` is at most ``MAX_BRANCHES``."""
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_BRANCHES:
            raise ValueError(f"n must be a count of branches up to {MAX_BRANCHES}, not {n!r}")
        world = self.game
        branches = []
        for index in range(n):
            branch = self.twin()
            restored = snapshots.copied(
                world, self.kept_log(), self.steps, self.last_refused, self.truncated
            )  # what restoring a snapshot would give, without the bytes
            if reseed:
                snapshots.reseed(restored.world, index)
            branch.start(
                restored.world, restored.log, restored.steps, restored.refused,
                truncated=restored.truncated,
            )  # fmt: skip
            branch.np_random = snapshots.next_resets(self.np_random, index if reseed else None)
            branches.append(branch)
        return branches

    def twin(self) -> EmberdeepEnv:
        """A new environment with this one's settings, sharing what never changes (the
        content, its tables, the narrator, the spaces) instead of making it again: a
        branch costs its game's restore, not a whole environment's set-up."""
        twin = object.__new__(type(self))  # a shallow copy (``copy.copy`` would pickle)
        twin.__dict__.update(self.__dict__)
        twin.observer = self.observer.fresh()
        twin.world, twin.playing, twin.last = None, None, {}
        return twin

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        outcome = self.play(action)
        if outcome.changed:
            self.last = self.observer.observe(self.game, self.observed_log)
            observation = dict(self.last)
        else:
            observation = copy(self.last)
        return observation, outcome.reward, outcome.terminated, outcome.truncated, outcome.info

    def play(self, action: Any) -> Outcome:
        """One step without its observation (the vector environments write theirs into
        their batch): the game moves on, the counters and the messages with it."""
        world = self.game
        command = actions.command(actions.checked(action), world)
        if self.terminated or self.truncated:
            return self.refuse(GAME_OVER)
        if command is None:  # look: no time passes, the messages tell what is in view
            return self.told(look(world)[::-1])  # the nearest newest: the first shown
        before = reward.Progress.of(world)
        report = self.turns.command(command)
        if report.refused is not None:  # why, in the driver's words (each time: the log
            narrator = self.turns.narrator  # says a refusal repeated by the same action once)
            refused = report.refused
            return self.refuse(narrator.refusal(refused).text if narrator else refused.reason)
        self.steps += 1
        self.last_refused = ""
        parts = reward.parts(before, reward.Progress.of(world))
        self.terminated = world.over
        self.truncated = not self.terminated and self.steps >= self.max_steps
        info = self.step_info(world, "", parts, [as_dict(event) for event in report.events])
        return Outcome(sum(parts.values()), self.terminated, self.truncated, info, True)

    def told(self, lines: list[str]) -> Outcome:
        """A step that only adds ``lines`` to the messages: no time passes in the game."""
        self.steps += 1
        self.truncated = self.steps >= self.max_steps
        self.last_refused = ""
        for line in lines:
            self.played.log.add(line)
        info = self.step_info(self.game, "", reward.nothing(), [])
        return Outcome(0.0, False, self.truncated, info, True)

    def refuse(self, reason: str) -> Outcome:
        """An action the game would not take: nothing happened, but the step counts."""
        if not (self.terminated or self.truncated):
            self.steps += 1
            self.truncated = self.steps >= self.max_steps
        self.last_refused = reason
        info = self.step_info(self.game, reason, reward.nothing(), [])
        return Outcome(0.0, self.terminated, self.truncated, info, False)

    @property
    def progress(self) -> reward.Progress:
        return reward.Progress.of(self.game)

    def info(self, **extra: Any) -> dict[str, Any]:
        world = self.game
        return {"depth": world.depth, "turn": world.turn, "steps": self.steps,
                "action_mask": self.action_masks(), **extra}  # fmt: skip

    def action_masks(self) -> NDArray[np.bool_]:
        """True for each action the game would take now (``mask.py``): what
        ``info["action_mask"]`` holds, by the name ``sb3_contrib.MaskablePPO`` calls."""
        return action_mask(self.game, self.terminated or self.truncated)

    def step_info(
        self, world: World, refused: str, parts: dict[str, float], events: list[dict[str, object]]
    ) -> dict[str, Any]:
        """A step's ``info``: ``info(refused=..., reward_parts=..., events=...)`` written
        out (on every step, the keyword arguments' merge cost as much as the rest)."""
        return {"depth": world.depth, "turn": world.turn, "steps": self.steps,
                "refused": refused, "reward_parts": parts, "events": events,
                "action_mask": self.mask(world, refused)}  # fmt: skip

    def mask(self, world: World, refused: str) -> NDArray[np.bool_]:
        """The step's action mask: after a refused action, the last one again (nothing
        changed, but perhaps the clock: it is made again when the episode ended)."""
        over = self.terminated or self.truncated
        masked = self.masked
        if not refused or over or masked is None:
            masked = self.masked = action_mask(world, over)
        copied: NDArray[np.bool_] = masked.copy()
        return copied

    def render(self) -> str | NDArray[np.uint8] | None:
        if self.render_mode == "ansi":
            return text(self.observer.observe(self.game, self.log, ("glyphs", "stats", "messages")))
        if self.render_mode == "rgb_array":
            return frame(self.game, self.content, self.render_style)
        return None

    @property
    def played(self) -> Game:
        """The game played (``session/playing.py``): its turn driver and its log."""
        if self.playing is None:
            raise RuntimeError("call reset() before step() or render()")
        return self.playing

    @property
    def turns(self) -> Driver:
        """The game's turn driver (``session/driver.py``): every step goes through it."""
        return self.played.driver

    @property
    def log(self) -> list[str]:
        """The messages observed: the game log's newest ``MESSAGE_LOG`` lines as read
        (a repeat with its count), oldest first, but its refusals (``info["refused"]``
        says those)."""
        return self.played.log.texts(MESSAGE_LOG, leaving_out=MessageKind.REFUSED)

    @property
    def observed_log(self) -> list[str]:
        """``log`` where the observation shows it (``messages``), else nothing: reading
        the log's texts cost a step 3%, for a key most agents do not ask for."""
        return self.log if self.observer.reads_messages else []

    def kept_log(self) -> list[LogLine]:
        """What a snapshot keeps of the log: its newest lines, as many as a save holds
        (all ``log`` shows unless refusals came more than that many times in a row)."""
        return self.played.log.last()

    @property
    def game(self) -> World:
        """The world being played (for baselines and analysis: agents get observations)."""
        if self.world is None:
            raise RuntimeError("call reset() before step() or render()")
        return self.world
