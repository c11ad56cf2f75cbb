"""The observation is the game as the player knows it, in a window centred on them."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.acts.magic import blink, mapping
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.things.items import Item
from emberdeep.env import ACTIONS, BotPolicy, EmberdeepEnv
from emberdeep.env.observation import KEYS, MESSAGE_LINES, STATS, Observer, decode_message
from tests.env.helpers import digest


def test_the_player_is_at_the_centre_and_the_window_matches_the_floor() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    observation, _ = env.reset(seed=6)
    floor, (px, py) = env.game.floor, env.game.player.position
    assert observation["glyphs"].shape == (21, 79)
    assert chr(observation["glyphs"][10, 39]) == "@"
    for dx, dy in ((-3, 0), (0, 2), (5, -4), (-30, 9)):
        x, y = px + dx, py + dy
        inside = floor.in_bounds(x, y)
        row, column = 10 + dy, 39 + dx
        assert observation["visible"][row, column] == (inside and floor.visible[x, y])
        assert observation["remembered"][row, column] == (inside and floor.explored[x, y])


def test_terrain_looks_follow_what_is_seen_and_remembered() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    observation, _ = env.reset(seed=6)
    looks = env.content.tiles["ascii"]
    glyphs, visible, remembered = (observation[k] for k in ("glyphs", "visible", "remembered"))
    unknown = (visible == 0) & (remembered == 0)
    assert set(map(chr, np.unique(glyphs[unknown]))) == {env.content.shroud.glyph}
    lit_floor = np.all(observation["colors"] == looks["floor"].lit.fg, axis=-1)
    assert np.all(visible[lit_floor & (glyphs == ord(looks["floor"].lit.glyph))] == 1)


def test_a_floor_smaller_than_the_window_and_its_edges_read_as_never_seen() -> None:
    env = EmberdeepEnv(observation_keys=KEYS, view=(9, 5))
    env.reset(seed=2)
    world = env.game
    tiles = np.full((3, 3), Tile.FLOOR, dtype=np.uint8)
    tiles[2, 2] = Tile.STAIRS_DOWN
    tiny = Floor(tiles, start=(1, 1), stairs=(2, 2))
    tiny.visible[:] = tiny.explored[:] = True
    world.floor.remove_actor(world.player)
    world.floor = tiny
    world.player.x, world.player.y = 1, 1
    tiny.add_actor(world.player)
    glyphs, visible = (env.observer.observe(world, [])[k] for k in ("glyphs", "visible"))
    assert visible.sum() == 9 and np.all(visible[1:4, 3:6] == 1)
    assert chr(glyphs[2, 4]) == "@" and chr(glyphs[3, 5]) == ">"
    assert chr(glyphs[0, 0]) == env.content.shroud.glyph


def test_stats_inventory_and_messages() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    observation, _ = env.reset(seed=6)
    world = env.game
    stats = dict(zip(STATS, observation["stats"].tolist(), strict=True))
    assert stats["hp"] == world.player.hp and stats["depth"] == 1 and stats["turn"] == 0
    kit = [item.kind.key for item in world.inventory]
    numbers = env.observer.item_numbers
    assert observation["inventory"][: len(kit)].tolist() == [numbers[k] for k in kit]
    assert observation["inventory"][len(kit) :].sum() == 0
    assert observation["carried"].sum() == len(kit)
    assert observation["equipped"].tolist()[: len(kit)] == [i.equipped for i in world.inventory]
    world.inventory.append(Item(env.content.population.items.kinds[0]))
    observation, *_ = env.step(8)  # wait: the new item shows, a message arrives
    assert observation["carried"].sum() == len(kit) + 1
    env.played.log.add("older")
    env.played.log.add("ünïcode " * 30)
    lines = env.observer.observe(world, env.log)["messages"]
    assert lines.shape[0] == MESSAGE_LINES
    assert decode_message(lines[1]) == "older"
    assert decode_message(lines[0]).startswith("ünïcode")  # cut whole, never mid-letter


def test_the_cached_terrain_always_matches_a_fresh_build() -> None:
    env = EmberdeepEnv(observation_keys=KEYS, max_steps=100_000)
    env.reset(seed=6)  # a game that reaches depth 2 in time (every third action is arbitrary)
    env.game.player.hp = env.game.player.max_hp = 1000  # arbitrary actions are no way to live
    bot = BotPolicy(env, seed=6)
    observation: dict[str, NDArray[Any]] = {}
    depths, doors_opened = set(), 0
    for step in range(3000):  # till a while on the second floor (rule changes move it)
        action = bot(observation) if step % 3 else step % len(ACTIONS)
        observation, _, terminated, _, _ = env.step(action)
        fresh = Observer(env.content).observe(env.game, env.log)
        assert digest(observation) == digest(fresh), step
        depths.add(env.game.depth)
        doors_opened += env.game.floor.terrain_version
        if terminated or (env.game.floor.terrain_version > 1 and len(depths) > 1):
            break
    assert len(depths) > 1 and doors_opened > 0  # the cache met new floors and opened doors


def test_a_magic_map_and_a_teleport_reach_the_cached_terrain() -> None:
    """The cache redraws only where the sight changed: a magic map changes ``explored``
    far beyond the field of view, a teleport moves the field of view across the floor."""
    env = EmberdeepEnv(observation_keys=KEYS, max_steps=100_000)
    env.reset(seed=3)
    world = env.game
    wait = ACTIONS.index("wait")
    env.step(wait)
    mapping(world, world.player, None, None)  # type: ignore[arg-type]
    observation = env.step(wait)[0]
    assert digest(observation) == digest(Observer(env.content).observe(world, env.log))
    assert blink(world, world.player)
    world.refresh_fov()
    observation = env.step(wait)[0]
    assert digest(observation) == digest(Observer(env.content).observe(world, env.log))
