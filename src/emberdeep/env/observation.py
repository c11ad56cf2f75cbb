"""The observation: what the player knows, as a dict of numpy arrays.

A fixed window of ``view`` cells (79x21 by default, NetHack's map) centred on the player,
so floors of any size (80x45 today, up to 200x200) give the same shapes; cells beyond the
floor's edge read as never seen. Arrays are ``[row, column]`` (``[y, x]``, as NLE and
images are), built with numpy from slices of the floor's own arrays: no per-tile Python.

Aliasing contract: every call hands out new arrays (``check_env`` insists: no array is
shared between two observations), read-only, never written again, so an agent may keep
them (a replay buffer) without copying. What changes less often than every step (the
terrain in the window, the inventory, the messages) is built only when it changes and
handed out as a copy (a memcpy of a few KB: Gymnasium forbids handing out the same
array twice); creatures and items are stamped on the copy.
"""

from __future__ import annotations

import copy as copy_module
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from emberdeep.content.loader import Content
from emberdeep.content.looks import Look
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import INVENTORY_SIZE
from emberdeep.env.terrain import KnownTerrain

Observation = dict[str, NDArray[Any]]

VIEW = (79, 21)
"""Default width and height of the observed window (NetHack's map size)."""
MESSAGE_LINES = 4
MESSAGE_BYTES = 128
"""The latest ``MESSAGE_LINES`` messages, newest first, UTF-8 zero padded to this many
bytes (cut at a character boundary)."""
STATS = (
    "hp", "max_hp", "power", "defense", "level", "xp", "xp_to_next", "can_level_up",
    "depth", "turn", "nourishment",
)  # fmt: skip
STAT_LIMIT = 2**31 - 1
"""Stats are clipped to int32's range so the space has finite bounds."""
UNKNOWN_GLYPH = ord("?")
"""Shown for a content glyph beyond uint16 (none today)."""

KEYS = (
    "glyphs", "colors", "visible", "remembered", "stats", "inventory", "equipped",
    "carried", "messages",
)  # fmt: skip


def _codepoint(look: Look) -> int:
    code = ord(look.glyph)
    return code if code <= 0xFFFF else UNKNOWN_GLYPH


class Observer:
    """Turns a world into observations; holds the look tables, made once per content."""

    def __init__(self, content: Content, view: tuple[int, int] = VIEW) -> None:
        width, height = view
        if not (1 <= width <= 1000 and 1 <= height <= 1000):
            raise ValueError(f"view must be 1 to 1000 cells each way, not {width}x{height}")
        self.view = view
        looks = content.tiles["ascii"]
        # One look per terrain code: tile * 4 + seen * 2 + known (see ``terrain.py``).
        if len(TILE_NAMES) * 4 > 256:
            raise ValueError("too many terrain kinds for a uint8 terrain code")
        codes = [
            looks[name].lit if seen else looks[name].dark if known else content.shroud
            for name in TILE_NAMES
            for seen in (False, True)
            for known in (False, True)
        ]
        self.terrain_glyphs = np.array([_codepoint(c) for c in codes], dtype=np.uint16)
        self.terrain_colors = np.array([c.fg for c in codes], dtype=np.uint8)
        things = ["remains", *sorted(content.looks)]
        self.thing_numbers = {key: n for n, key in enumerate(things)}
        shown = [content.remains, *(content.looks[key] for key in things[1:])]
        self.thing_glyphs = np.array([_codepoint(c) for c in shown], dtype=np.uint16)
        self.thing_colors = np.array([c.fg for c in shown], dtype=np.uint8)
        self.thing_glyph_list: list[int] = self.thing_glyphs.tolist()
        self.thing_color_rows = list(self.thing_colors)
        """The same as Python ints and as rows made once: what a stamp writes fastest."""
        self.item_kinds = [kind.key for kind in content.population.items.kinds]
        self.item_numbers = {key: n + 1 for n, key in enumerate(self.item_kinds)}
        self.player_glyph = self.thing_glyphs[self.thing_numbers["player"]]
        self.player_color = self.thing_colors[self.thing_numbers["player"]]
        self.known = KnownTerrain(self.terrain_glyphs, self.terrain_colors, view)
        self._inventory_key: list[tuple[str, bool]] | None = None
        self._inventory: tuple[NDArray[Any], ...] = ()
        self._messages_key: tuple[str, ...] | None = None
        self._messages: NDArray[np.uint8] = np.zeros(0, dtype=np.uint8)

    def fresh(self) -> Observer:
        """An observer with these tables and no caches: for another game (a branch)."""
        other = copy_module.copy(self)
        other.known = KnownTerrain(self.terrain_glyphs, self.terrain_colors, self.view)
        other.known.blank = self.known.blank
        other._inventory_key, other._messages_key = None, None
        return other

    @property
    def space(self) -> spaces.Dict:
        width, height = self.view
        kinds = len(self.item_kinds)
        return spaces.Dict({
            "glyphs": spaces.Box(0, 0xFFFF, (height, width), np.uint16),
            "colors": spaces.Box(0, 255, (height, width, 3), np.uint8),
            "visible": spaces.Box(0, 1, (height, width), np.uint8),
            "remembered": spaces.Box(0, 1, (height, width), np.uint8),
            "stats": spaces.Box(-STAT_LIMIT, STAT_LIMIT, (len(STATS),), np.int64),
            "inventory": spaces.Box(0, kinds, (INVENTORY_SIZE,), np.uint8),
            "equipped": spaces.Box(0, 1, (INVENTORY_SIZE,), np.uint8),
            "carried": spaces.Box(0, INVENTORY_SIZE, (kinds + 1,), np.uint8),
            "messages": spaces.Box(0, 255, (MESSAGE_LINES, MESSAGE_BYTES), np.uint8),
        })  # fmt: skip

    def origin(self, world: World) -> tuple[int, int]:
        """Floor position of the window's top-left cell: the player is at its centre."""
        (px, py), (width, height) = world.player.position, self.view
        return px - width // 2, py - height // 2

    def observe(self, world: World, messages: Sequence[str]) -> Observation:
        """The observation of ``world`` with ``messages`` (oldest first) as the log."""
        glyphs, colors, visible, remembered = self.window(world)
        inventory, equipped, carried = self.inventory(world)
        built = {
            "glyphs": glyphs,
            "colors": colors,
            "visible": visible,
            "remembered": remembered,
            "stats": self.stats(world),
            "inventory": inventory.copy(),
            "equipped": equipped.copy(),
            "carried": carried.copy(),
            "messages": self.messages(messages).copy(),
        }
        for array in built.values():
            # write=False, passed by position: a third of the cost of setting
            # ``flags.writeable`` (which makes a flags object first).
            array.setflags(False)
        return built

    def observe_into(
        self, world: World, messages: Sequence[str], out: Mapping[str, NDArray[Any]], row: int
    ) -> None:
        """The observation of ``world`` written into row ``row`` of the batched arrays
        ``out`` (a vector environment's, keyed as ``KEYS``): no arrays of its own."""
        glyphs, colors = out["glyphs"][row], out["colors"][row]
        window = (glyphs, colors, out["visible"][row], out["remembered"][row])
        self.known.window_into(world.floor, self.origin(world), window)
        self.stamp_things(world, glyphs, colors)
        out["stats"][row] = self.stats(world)
        inventory, equipped, carried = self.inventory(world)
        np.copyto(out["inventory"][row], inventory)
        np.copyto(out["equipped"][row], equipped)
        np.copyto(out["carried"][row], carried)
        np.copyto(out["messages"][row], self.messages(messages))

    def window(self, world: World) -> tuple[NDArray[Any], ...]:
        """Glyphs, colours, visible and remembered masks of the window, in new arrays: the
        terrain (``terrain.py``: kept floor-sized, sliced and looked up here) with the
        things in view stamped over it."""
        glyphs, colors, visible, remembered = self.known.window(world.floor, self.origin(world))
        self.stamp_things(world, glyphs, colors)  # the same as ``terrain`` and then this
        return glyphs, colors, visible, remembered

    def terrain(self, world: World) -> tuple[NDArray[Any], ...]:
        """The window's terrain as the player knows it, in new arrays, from the
        floor-sized codes of ``KnownTerrain`` (tests check them against a fresh build)."""
        return self.known.window(world.floor, self.origin(world))

    def stamp_things(
        self, world: World, glyphs: NDArray[np.uint16], colors: NDArray[np.uint8]
    ) -> None:
        """Remains, then items, then the living, the player last, as the game draws
        them, so where several share a cell the last one shows. A loop over the things
        on the floor (a few dozen): each is placed in the window first (two integer
        comparisons) and only then looked up in the floor's sight."""
        floor, player = world.floor, world.player
        in_view = floor.visible.item  # a cell as a Python bool
        numbers = self.thing_numbers
        remains = numbers["remains"]
        (width, height), (px, py) = self.view, player.position
        ox, oy = px - width // 2, py - height // 2
        living: list[tuple[int, int, int]] = []
        drawn: list[tuple[int, int, int]] = []
        for actor in floor.actors.values():
            x, y = actor.x, actor.y
            column, row = x - ox, y - oy
            if 0 <= column < width and 0 <= row < height and in_view(x, y):
                if actor is player:
                    continue
                if actor.hp > 0:
                    living.append((row, column, numbers[actor.kind]))
                else:
                    drawn.append((row, column, remains))
        for item in floor.items:
            x, y = item.x, item.y
            column, row = x - ox, y - oy
            if 0 <= column < width and 0 <= row < height and in_view(x, y):
                drawn.append((row, column, numbers[item.kind.key]))
        thing_glyphs, thing_colors = self.thing_glyph_list, self.thing_color_rows
        for row, column, thing in drawn + living:
            glyphs[row, column] = thing_glyphs[thing]
            colors[row, column] = thing_colors[thing]
        glyphs[height // 2, width // 2] = self.player_glyph
        colors[height // 2, width // 2] = self.player_color

    @staticmethod
    def stats(world: World) -> NDArray[np.int64]:
        player = world.player
        values = (
            player.hp, player.max_hp, player.power, player.defense, player.level,
            player.xp, world.xp_to_next, int(world.can_level_up), world.depth, world.turn,
            world.nourishment,
        )  # fmt: skip
        limit = STAT_LIMIT
        if max(values) > limit or min(values) < -limit:
            return np.array([min(max(v, -limit), limit) for v in values], dtype=np.int64)
        return np.array(values, dtype=np.int64)

    def inventory(self, world: World) -> tuple[NDArray[Any], ...]:
        """Item kind number per slot (0: empty), worn per slot, and how many of each
        kind are carried (index = kind number). Rebuilt only when the inventory changes."""
        key = [(item.kind.key, item.equipped) for item in world.inventory]
        if key != self._inventory_key:
            kinds = np.zeros(INVENTORY_SIZE, dtype=np.uint8)
            kinds[: len(key)] = [self.item_numbers[k] for k, _ in key]
            equipped = np.zeros(INVENTORY_SIZE, dtype=np.uint8)
            equipped[: len(key)] = [worn for _, worn in key]
            carried = np.bincount(kinds[: len(key)], minlength=len(self.item_kinds) + 1)
            arrays = (kinds, equipped, carried.astype(np.uint8))
            self._inventory_key, self._inventory = key, arrays
        return self._inventory

    def messages(self, log: Sequence[str]) -> NDArray[np.uint8]:
        """The newest ``MESSAGE_LINES`` messages; rebuilt only when one is added."""
        key = tuple(log[-MESSAGE_LINES:])
        if key != self._messages_key:
            lines = np.zeros((MESSAGE_LINES, MESSAGE_BYTES), dtype=np.uint8)
            for row, text in enumerate(reversed(key)):
                data = text.encode("utf-8")[:MESSAGE_BYTES]
                data = data.decode("utf-8", "ignore").encode("utf-8")
                lines[row, : len(data)] = np.frombuffer(data, dtype=np.uint8)
            self._messages_key, self._messages = key, lines
        return self._messages


def copy(observation: Observation) -> Observation:
    """The same observation in new read-only arrays (what a refused action returns)."""
    copied = {key: array.copy() for key, array in observation.items()}
    for array in copied.values():
        array.setflags(False)  # write=False (see ``Observer.observe``)
    return copied


def decode_message(line: NDArray[np.uint8]) -> str:
    """One row of ``messages`` back to text."""
    return bytes(line).rstrip(b"\0").decode("utf-8")
