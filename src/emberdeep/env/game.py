"""The game as a Gymnasium environment, for agents.

Built to get right what roguelike environments are blamed for: ``reset(seed=s)`` gives
the same game bit for bit in any process and any order (the game seed comes from the
environment's seeded ``np_random``); death (or victory, once the game has one) is
``terminated`` and only the step cap is ``truncated``; it installs from wheels with no
compiler; and ``rgb_array`` renders the game's own font headless.

Observation (a dict of numpy arrays, a window of ``VIEW`` cells centred on the player):
``glyphs`` (the character shown, as in the ascii render mode), ``colors`` (its colour),
``visible`` and ``remembered`` masks, ``stats`` (``STATS``), ``inventory`` (item kind
numbers + 1 per slot, 0 empty) and ``message`` (the latest message, UTF-8, zero padded).

Actions (``ACTIONS``, a ``Discrete`` space): the eight moves, wait, pick up, descend,
ascend (kept for when floors can be returned to; refused today), a level-up per stat,
use item slot k (an aimed item is aimed at the nearest visible monster), drop slot k.
A refused action takes no time and earns nothing. Reward: 1 per new depth, 0.01 per
experience point, -1 for dying.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine import autopilot
from emberdeep.engine.actions import (
    DIRECTIONS,
    LEVEL_UP_STATS,
    Descend,
    Drop,
    LevelUp,
    Move,
    PickUp,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.events import Message, Refused
from emberdeep.engine.floor import TILE_NAMES
from emberdeep.engine.items import INVENTORY_SIZE
from emberdeep.engine.rng import MAX_SEED
from emberdeep.engine.world import World
from emberdeep.session.game import GameSetup
from emberdeep.tools.bot import Bot

VIEW = (79, 21)
"""Width and height of the observed window (NetHack's map size)."""
MESSAGE_BYTES = 256
STATS = ("hp", "max_hp", "power", "defense", "level", "xp", "depth", "turn")
ACTIONS: tuple[str, ...] = (
    *(f"move_{dx}_{dy}" for dx, dy in DIRECTIONS),
    "wait", "pick_up", "descend", "ascend",
    *(f"level_up_{stat}" for stat in LEVEL_UP_STATS),
    *(f"use_{slot}" for slot in range(INVENTORY_SIZE)),
    *(f"drop_{slot}" for slot in range(INVENTORY_SIZE)),
)  # fmt: skip
USE_BASE = ACTIONS.index("use_0")
DROP_BASE = ACTIONS.index("drop_0")
STAT_MAX = 2**31 - 1


class EmberdeepEnv(gymnasium.Env[dict[str, NDArray[Any]], int]):
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 10}  # noqa: RUF012 (Gymnasium's own)

    def __init__(self, render_mode: str | None = None, max_steps: int = 5000) -> None:
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.content = loader.load()
        self.setup = GameSetup(self.content, Settings(), save_file=None)
        self.table = _look_table(self.content)
        self.kind_numbers = {
            k.key: n + 1 for n, k in enumerate(self.content.population.items.kinds)
        }
        w, h = VIEW
        self.observation_space = spaces.Dict({  # type: ignore[assignment]
            "glyphs": spaces.Box(0, 255, (h, w), np.uint8),
            "colors": spaces.Box(0, 255, (h, w, 3), np.uint8),
            "visible": spaces.Box(0, 1, (h, w), np.uint8),
            "remembered": spaces.Box(0, 1, (h, w), np.uint8),
            "stats": spaces.Box(-STAT_MAX, STAT_MAX, (len(STATS),), np.int64),
            "inventory": spaces.Box(0, 255, (INVENTORY_SIZE,), np.uint8),
            "message": spaces.Box(0, 255, (MESSAGE_BYTES,), np.uint8),
        })  # fmt: skip
        self.action_space = spaces.Discrete(len(ACTIONS))  # type: ignore[assignment]
        self.world: World | None = None
        self.steps = 0
        self.last_message = ""

    # -- the Gymnasium API -------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, MAX_SEED, endpoint=True))
        self.world = self.setup.new_game(game_seed).world
        self.steps, self.last_message = 0, "Welcome to Emberdeep."
        return self.observe(), {"seed": game_seed}

    def step(
        self, action: int
    ) -> tuple[dict[str, NDArray[Any]], float, bool, bool, dict[str, Any]]:
        world = self.game
        before_depth, before_xp = world.depth, self.xp_total()
        command = self.command(int(action))
        refused = command is None
        if command is not None:
            events = world.step(command)
            refused = any(isinstance(e, Refused) for e in events)
            texts = [e.text if isinstance(e, Message) else e.reason for e in events
                     if isinstance(e, Message | Refused)]  # fmt: skip
            if texts:
                self.last_message = texts[-1]
        self.steps += 1
        died = not world.player.alive
        reward = (world.depth - before_depth) + 0.01 * (self.xp_total() - before_xp)
        reward -= 1.0 if died else 0.0
        terminated = died or bool(getattr(world, "victory", False))
        truncated = not terminated and self.steps >= self.max_steps
        info = {"refused": refused, "depth": world.depth, "turn": world.turn}
        return self.observe(), float(reward), terminated, truncated, info

    def render(self) -> str | NDArray[np.uint8] | None:
        if self.render_mode == "ansi":
            glyphs = self.observe()["glyphs"]
            return "\n".join(row.tobytes().decode("ascii", "replace") for row in glyphs)
        if self.render_mode == "rgb_array":
            from emberdeep.env.pictures import picture

            return picture(self.game, self.content)
        return None

    # -- helpers -----------------------------------------------------------------------

    @property
    def game(self) -> World:
        if self.world is None:
            raise RuntimeError("call reset() before step()")
        return self.world

    def xp_total(self) -> int:
        player = self.game.player
        return player.xp + 1000 * (player.level - 1)

    def command(self, action: int) -> PlayerCommand | None:
        """The player command behind action number ``action``; None if it has none now."""
        name = ACTIONS[action]
        if action < len(DIRECTIONS):
            return Move(*DIRECTIONS[action])
        if name == "wait":
            return Wait()
        if name == "pick_up":
            return PickUp()
        if name == "descend":
            return Descend()
        if name.startswith("level_up_"):
            return LevelUp(name.removeprefix("level_up_"))
        if action >= DROP_BASE:
            return Drop(action - DROP_BASE)
        if action >= USE_BASE:
            return Use(action - USE_BASE, self.aim())
        return None  # ascend: no floor to return to yet

    def aim(self) -> tuple[int, int] | None:
        world = self.game
        seen = autopilot.visible_monsters(world)
        if not seen:
            return None
        px, py = world.player.position
        target = min(
            (world.floor.actors[i] for i in seen),
            key=lambda a: (max(abs(a.x - px), abs(a.y - py)), a.id),
        )
        return target.position

    def observe(self) -> dict[str, NDArray[Any]]:
        world = self.game
        floor, player = world.floor, world.player
        w, h = VIEW
        n = len(TILE_NAMES)
        index = np.where(
            floor.visible, floor.tiles, np.where(floor.explored, floor.tiles + n, 2 * n)
        )
        ox, oy = player.x - w // 2, player.y - h // 2
        window = np.full((w, h), 2 * n, dtype=np.intp)
        x0, y0 = max(ox, 0), max(oy, 0)
        x1, y1 = min(ox + w, floor.width), min(oy + h, floor.height)
        window[x0 - ox : x1 - ox, y0 - oy : y1 - oy] = index[x0:x1, y0:y1]
        cells = self.table[window]
        glyphs = cells["ch"].astype(np.uint8)
        colors = cells["fg"].copy()
        for thing, key in self.shown_things(world):
            x, y = thing[0] - ox, thing[1] - oy
            if 0 <= x < w and 0 <= y < h:
                look = self.content.looks.get(key) or self.content.remains
                glyphs[x, y] = ord(look.glyph) if ord(look.glyph) < 256 else ord("?")
                colors[x, y] = look.fg
        visible = np.zeros((w, h), dtype=np.uint8)
        remembered = np.zeros((w, h), dtype=np.uint8)
        visible[x0 - ox : x1 - ox, y0 - oy : y1 - oy] = floor.visible[x0:x1, y0:y1]
        remembered[x0 - ox : x1 - ox, y0 - oy : y1 - oy] = floor.explored[x0:x1, y0:y1]
        stats = np.array(
            [player.hp, player.max_hp, player.power, player.defense, player.level,
             player.xp, world.depth, world.turn], dtype=np.int64,
        ).clip(-STAT_MAX, STAT_MAX)  # fmt: skip
        inventory = np.zeros(INVENTORY_SIZE, dtype=np.uint8)
        for slot, item in enumerate(world.inventory):
            inventory[slot] = self.kind_numbers.get(item.kind.key, 0)
        message = np.zeros(MESSAGE_BYTES, dtype=np.uint8)
        encoded = self.last_message.encode("utf-8")[:MESSAGE_BYTES]
        message[: len(encoded)] = np.frombuffer(encoded, dtype=np.uint8)
        return {
            "glyphs": glyphs.T.copy(),
            "colors": colors.transpose(1, 0, 2).copy(),
            "visible": visible.T.copy(),
            "remembered": remembered.T.copy(),
            "stats": stats,
            "inventory": inventory,
            "message": message,
        }

    @staticmethod
    def shown_things(world: World) -> list[tuple[tuple[int, int], str]]:
        """Visible items, then visible creatures (drawn over them), the player last."""
        floor = world.floor
        things = [(i.position, i.kind.key) for i in floor.items if floor.visible[i.position]]
        actors = sorted(floor.actors.values(), key=lambda a: (a.alive, a.is_player))
        for actor in actors:
            if floor.visible[actor.position]:
                key = ("player" if actor.is_player else actor.kind) if actor.alive else ""
                things.append((actor.position, key))
        return things


def _look_table(content: loader.Content) -> NDArray[np.void]:
    from emberdeep.ui import render

    return render.look_table(content, "ascii")


def bot_policy(env: EmberdeepEnv, seed: int = 0) -> Any:
    """The project's bot as a baseline: a function of the observation returning an action
    number. It reads the environment's world directly (it plays as a person would, from
    what the player knows)."""
    bot = Bot(seed)
    numbers = {name: n for n, name in enumerate(ACTIONS)}

    def act(observation: dict[str, NDArray[Any]]) -> int:
        command = bot.choose(env.game)
        match command:
            case Move(dx, dy):
                return DIRECTIONS.index((dx, dy))
            case Wait():
                return numbers["wait"]
            case PickUp():
                return numbers["pick_up"]
            case Descend():
                return numbers["descend"]
            case LevelUp(stat):
                return numbers[f"level_up_{stat}"]
            case Use(slot, _):
                return USE_BASE + slot
            case Drop(slot):
                return DROP_BASE + slot
        return numbers["wait"]

    return act
