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
from emberdeep.engine.core.perception import hidden
from emberdeep.engine.play.world import World
from emberdeep.engine.things.identify import display_key
from emberdeep.engine.things.items import INVENTORY_SIZE
from emberdeep.env.terrain import PLANES, KnownTerrain

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
INVENTORY_KEYS = ("inventory", "equipped", "carried")
UNKNOWN_GLYPH = ord("?")
"""Shown for a content glyph beyond uint16 (none today)."""

KEYS = (
    "glyphs", "glyph_ids", "colors", "visible", "remembered", "stats", "inventory",
    "equipped", "carried", "messages",
)  # fmt: skip
"""Every observation key (``docs/agents.md`` describes each)."""
DEFAULT_KEYS = (
    "glyph_ids", "visible", "remembered", "stats", "inventory", "equipped", "carried",
)  # fmt: skip
"""What ``gymnasium.make(ID)`` observes: no image-like ``uint8`` HxWx3 box (``colors``,
too small for stable-baselines3's image encoder) and no raw text bytes (``messages``),
so stock ``PPO("MultiInputPolicy", env)`` takes it as it is. Choose others with
``observation_keys``."""
UNKNOWN_ID = 0
"""The glyph id of a cell never seen."""


def _codepoint(look: Look) -> int:
    code = ord(look.glyph)
    return code if code <= 0xFFFF else UNKNOWN_GLYPH


def checked_keys(keys: object) -> tuple[str, ...]:
    """``keys`` as a tuple of observation keys, or a ``ValueError`` naming what is wrong."""
    if isinstance(keys, str) or not isinstance(keys, Sequence) or not keys:
        raise ValueError(f"observation_keys must be a non-empty sequence of {KEYS}, not {keys!r}")
    unknown = [key for key in keys if key not in KEYS]
    if unknown or len(set(keys)) != len(keys):
        raise ValueError(f"observation_keys: each of {KEYS} at most once, not {keys!r}")
    return tuple(keys)


def glyph_table(content: Content) -> list[tuple[int, str, str, str]]:
    """Every glyph id with its kind of thing, its name and its character: (id, kind,
    name, char). NLE-style, one id per kind of thing, so lava and deep water, a closed
    and a locked door, a weapon and a spectral blade are all different ids where the
    characters are not. Terrain first (as remembered or seen), then the things the game
    draws over it: an item not yet identified as its category's unknown look, as the
    game draws it (traps have ids, but are not drawn in observations today).
    ``docs/agents.md`` shows the table."""
    items = {kind.key for kind in content.population.items.kinds}
    monsters = {kind.key for kind in content.population.monsters.kinds}
    looks = content.tiles["ascii"]
    table = [(UNKNOWN_ID, "unknown", "never seen", content.shroud.glyph)]
    table += [(n + 1, "terrain", name, looks[name].lit.glyph) for n, name in enumerate(TILE_NAMES)]
    first = len(table)
    table.append((first, "remains", "remains", content.remains.glyph))
    for n, key in enumerate(sorted(content.looks), start=first + 1):
        kind = (
            "item" if key in items else "monster" if key in monsters
            else "player" if key == "player"
            else "unknown item" if key.startswith("unknown_") else "trap"
        )  # fmt: skip
        table.append((n, kind, key, content.looks[key].glyph))
    return table


class Observer:
    """Turns a world into observations of ``keys``; holds the look tables, made once
    per content. Only the keys asked for are computed."""

    def __init__(self, content: Content, view: tuple[int, int] = VIEW, keys: object = KEYS) -> None:
        width, height = view
        if not (1 <= width <= 1000 and 1 <= height <= 1000):
            raise ValueError(f"view must be 1 to 1000 cells each way, not {width}x{height}")
        self.view = view
        self.keys = checked_keys(keys)
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
        self.terrain_ids = np.array(
            [
                tile + 1 if seen or known else UNKNOWN_ID
                for tile in range(len(TILE_NAMES))
                for seen in (False, True)
                for known in (False, True)
            ],
            dtype=np.uint16,
        )
        things = ["remains", *sorted(content.looks)]
        self.thing_numbers = {key: n for n, key in enumerate(things)}
        shown = [content.remains, *(content.looks[key] for key in things[1:])]
        self.thing_glyphs = np.array([_codepoint(c) for c in shown], dtype=np.uint16)
        self.thing_colors = np.array([c.fg for c in shown], dtype=np.uint8)
        self.thing_glyph_list: list[int] = self.thing_glyphs.tolist()
        self.thing_color_rows = list(self.thing_colors)
        """The same as Python ints and as rows made once: what a stamp writes fastest."""
        self.thing_id_list = [len(TILE_NAMES) + 1 + n for n in range(len(things))]
        """Each thing's glyph id (``glyph_table``): after the unknown id and the terrain."""
        self.most_id = self.thing_id_list[-1]
        self.item_kinds = [kind.key for kind in content.population.items.kinds]
        self.item_numbers = {key: n + 1 for n, key in enumerate(self.item_kinds)}
        self.player_glyph = self.thing_glyphs[self.thing_numbers["player"]]
        self.player_color = self.thing_colors[self.thing_numbers["player"]]
        self.player_id = self.thing_id_list[self.thing_numbers["player"]]
        self.planes = tuple(key for key in self.keys if key in PLANES)
        self.reads_messages = "messages" in self.keys
        self.known = KnownTerrain(
            self.terrain_glyphs, self.terrain_colors, self.terrain_ids, view, self.planes
        )
        self._inventory_key: list[tuple[str, bool]] | None = None
        self._inventory: tuple[NDArray[Any], ...] = ()
        self._messages_key: tuple[str, ...] | None = None
        self._messages: NDArray[np.uint8] = np.zeros(0, dtype=np.uint8)

    def fresh(self) -> Observer:
        """An observer with these tables and no caches: for another game (a branch)."""
        other = copy_module.copy(self)
        other.known = KnownTerrain(
            self.terrain_glyphs, self.terrain_colors, self.terrain_ids, self.view,
            self.known.planes,
        )  # fmt: skip
        other.known.blank = self.known.blank
        other._inventory_key, other._messages_key = None, None
        return other

    @property
    def space(self) -> spaces.Dict:
        width, height = self.view
        kinds = len(self.item_kinds)
        every: dict[str, spaces.Space[Any]] = {
            "glyphs": spaces.Box(0, 0xFFFF, (height, width), np.uint16),
            "glyph_ids": spaces.Box(0, self.most_id, (height, width), np.uint16),
            "colors": spaces.Box(0, 255, (height, width, 3), np.uint8),
            "visible": spaces.Box(0, 1, (height, width), np.uint8),
            "remembered": spaces.Box(0, 1, (height, width), np.uint8),
            "stats": spaces.Box(-STAT_LIMIT, STAT_LIMIT, (len(STATS),), np.int64),
            "inventory": spaces.Box(0, kinds, (INVENTORY_SIZE,), np.uint8),
            "equipped": spaces.Box(0, 1, (INVENTORY_SIZE,), np.uint8),
            "carried": spaces.Box(0, INVENTORY_SIZE, (kinds + 1,), np.uint8),
            "messages": spaces.Box(0, 255, (MESSAGE_LINES, MESSAGE_BYTES), np.uint8),
        }
        return spaces.Dict({key: every[key] for key in self.keys})

    def origin(self, world: World) -> tuple[int, int]:
        """Floor position of the window's top-left cell: the player is at its centre."""
        (px, py), (width, height) = world.player.position, self.view
        return px - width // 2, py - height // 2

    def observe(
        self, world: World, messages: Sequence[str], keys: tuple[str, ...] | None = None
    ) -> Observation:
        """The observation of ``world`` with ``messages`` (oldest first) as the log: its
        ``keys`` (this observer's unless given), and nothing else computed."""
        keys = self.keys if keys is None else keys
        planes = self.planes if keys is self.keys else tuple(k for k in keys if k in PLANES)
        built: dict[str, Any] = (
            self.known.window(world.floor, self.origin(world), planes) if planes else {}
        )
        if planes:
            self.stamp_things(world, built)
        carried: tuple[NDArray[Any], ...] = ()
        for key in keys:
            if key in built:
                continue
            if key == "stats":
                built[key] = self.stats(world)
            elif key == "messages":
                built[key] = self.messages(messages).copy()
            else:
                carried = carried or self.inventory(world)
                built[key] = carried[INVENTORY_KEYS.index(key)].copy()
        for array in built.values():
            # write=False, passed by position: a third of the cost of setting
            # ``flags.writeable`` (which makes a flags object first).
            array.setflags(False)
        return {key: built[key] for key in keys}

    def observe_into(
        self, world: World, messages: Sequence[str], out: Mapping[str, NDArray[Any]], row: int
    ) -> None:
        """The observation of ``world`` written into row ``row`` of the batched arrays
        ``out`` (a vector environment's, keyed as this observer's keys): no arrays of its
        own."""
        planes = {key: out[key][row] for key in self.planes}
        if planes:
            self.known.window_into(world.floor, self.origin(world), planes)
            self.stamp_things(world, planes)
        for key in self.keys:
            if key == "stats":
                out["stats"][row] = self.stats(world)
            elif key == "messages":
                np.copyto(out["messages"][row], self.messages(messages))
            elif key in INVENTORY_KEYS:
                np.copyto(out[key][row], self.inventory(world)[INVENTORY_KEYS.index(key)])

    def terrain(self, world: World) -> dict[str, NDArray[Any]]:
        """The window's terrain planes as the player knows it, in new arrays, from the
        floor-sized codes of ``KnownTerrain`` (tests check them against a fresh build)."""
        return self.known.window(world.floor, self.origin(world), self.planes)

    def stamp_things(self, world: World, planes: Mapping[str, NDArray[Any]]) -> None:
        """Remains, then items, then the living, the player last, as the game draws
        them, so where several share a cell the last one shows, on the ``glyphs``,
        ``colors`` and ``glyph_ids`` of ``planes`` there are. A loop over the things
        on the floor (a few dozen): each is placed in the window first (two integer
        comparisons) and only then looked up in the floor's sight."""
        glyphs, colors, ids = (planes.get(k) for k in ("glyphs", "colors", "glyph_ids"))
        if glyphs is None and colors is None and ids is None:
            return
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
                    if not hidden(floor, actor):  # under water, or invisible
                        living.append((row, column, numbers[actor.kind]))
                else:
                    drawn.append((row, column, remains))
        identity = world.identity
        for item in floor.items:
            x, y = item.x, item.y
            column, row = x - ox, y - oy
            if 0 <= column < width and 0 <= row < height and in_view(x, y):
                # As the game draws it: an unknown potion as any unknown potion.
                drawn.append((row, column, numbers[display_key(identity, item.kind)]))
        centre = (height // 2, width // 2)
        for plane, table, player_look in (
            (glyphs, self.thing_glyph_list, self.player_glyph),
            (colors, self.thing_color_rows, self.player_color),
            (ids, self.thing_id_list, self.player_id),
        ):
            if plane is None:
                continue
            for row, column, thing in drawn + living:
                plane[row, column] = table[thing]
            plane[centre] = player_look

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
