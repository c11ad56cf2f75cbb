"""What a researcher's tools expect of the environment, checked without those tools:
stable-baselines3's spaces (no image-like box by default), unique glyph ids, the action
mask (``info["action_mask"]``, ``action_masks()``) and keys chosen at ``make`` time."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env

import emberdeep.env
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.things.items import Item
from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env.observation import DEFAULT_KEYS, KEYS, glyph_table


def image_like(space: spaces.Space[object]) -> bool:
    """stable-baselines3's ``is_image_space`` as ``MultiInputPolicy`` asks it (channels
    unchecked): a 3-d uint8 box from 0 to 255 goes to its CNN, which needs 36x36 or more."""
    return (
        isinstance(space, spaces.Box)
        and len(space.shape) == 3
        and space.dtype == np.uint8
        and bool(np.all(space.low == 0))
        and bool(np.all(space.high == 255))
    )


def test_the_default_spaces_are_what_multi_input_policy_takes_as_they_are() -> None:
    env = gymnasium.make(emberdeep.env.ENV_ID)
    space = env.observation_space
    assert isinstance(space, spaces.Dict) and set(space) == set(DEFAULT_KEYS)
    for key, sub in space.items():
        assert isinstance(sub, spaces.Box | spaces.Discrete | spaces.MultiBinary), key
        assert not image_like(sub), key
    assert isinstance(env.action_space, spaces.Discrete) and env.action_space.n == len(ACTIONS)
    every = EmberdeepEnv(observation_keys=KEYS).observation_space
    assert isinstance(every, spaces.Dict) and image_like(every["colors"])
    check_env(env.unwrapped)


def test_observation_keys_are_chosen_at_make_and_only_those_computed() -> None:
    env = gymnasium.make(emberdeep.env.ENV_ID, observation_keys=("messages", "glyphs"))
    observation, _ = env.reset(seed=2)
    space, inner = env.observation_space, env.unwrapped
    assert isinstance(space, spaces.Dict) and isinstance(inner, EmberdeepEnv)
    assert set(observation) == {"messages", "glyphs"} == set(space.keys())
    assert space.contains(observation)
    assert set(inner.observer.known.planes) == {"glyphs"}  # no colours kept
    for wrong in ((), ("glyphs", "glyphs"), ("pixels",), "glyphs"):
        with pytest.raises(ValueError, match="observation_keys"):
            EmberdeepEnv(observation_keys=wrong)  # type: ignore[arg-type]


def test_glyph_ids_give_one_id_per_kind_where_characters_repeat() -> None:
    env = EmberdeepEnv(observation_keys=("glyphs", "glyph_ids"))
    table = glyph_table(env.content)
    ids = [row[0] for row in table]
    assert ids == list(range(len(table)))  # dense, each once
    by_name = {(kind, name): (number, char) for number, kind, name, char in table}
    lava, water = by_name["terrain", "lava"], by_name["terrain", "deep_water"]
    closed, locked = by_name["terrain", "closed_door"], by_name["terrain", "locked_door"]
    assert lava[1] == water[1] and lava[0] != water[0]
    assert closed[1] == locked[1] and closed[0] != locked[0]
    blades = [row for row in table if row[3] == "|"]
    assert {row[1] for row in blades} == {"item"} and len(blades) > 1  # the weapons
    assert len({row[0] for row in blades}) == len(blades)
    env.reset(seed=4)
    world = env.game
    px, py = world.player.position
    for dx, tile in ((1, Tile.LAVA), (-1, Tile.DEEP_WATER)):
        world.floor.set_tile(px + dx, py, tile)
    world.floor.visible[px - 1 : px + 2, py] = True
    observation = env.observer.observe(world, [])
    row, column = 10, 39
    assert observation["glyphs"][row, column + 1] == observation["glyphs"][row, column - 1]
    assert observation["glyph_ids"][row, column + 1] == lava[0]
    assert observation["glyph_ids"][row, column - 1] == water[0]
    assert observation["glyph_ids"][row, column] == by_name["player", "player"][0]
    space = env.observation_space
    assert isinstance(space, spaces.Dict) and space["glyph_ids"].contains(observation["glyph_ids"])


def states(seed: int, count: int) -> list[tuple[bytes, np.ndarray]]:
    """``count`` snapshots along a random game, each with the mask its step gave."""
    env = EmberdeepEnv(max_steps=100_000)
    _, info = env.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    found = []
    for step in range(count * 25):
        if step % 25 == 0:
            found.append((env.snapshot(), info["action_mask"]))
        _, _, terminated, _, info = env.step(int(chooser.integers(len(ACTIONS))))
        if terminated:
            break
    return found


@pytest.mark.parametrize("seed", [1, 7, 12])
def test_the_mask_is_true_exactly_where_the_game_takes_the_action(seed: int) -> None:
    env = EmberdeepEnv(max_steps=100_000)
    allowed = refused = 0
    for data, mask in states(seed, 6):
        assert mask.shape == (len(ACTIONS),) and mask.dtype == np.bool_
        env.restore(data)
        assert np.array_equal(env.action_masks(), mask)
        for action in range(len(ACTIONS)):
            env.restore(data)
            info = env.step(action)[4]
            assert bool(info["refused"]) != bool(mask[action]), (ACTIONS[action], info)
            allowed += bool(mask[action])
            refused += not mask[action]
    assert allowed > 20 and refused > 200  # both kinds were met


def test_with_the_mask_a_random_policy_is_almost_never_refused() -> None:
    env = gymnasium.make(emberdeep.env.ENV_ID, max_steps=100_000)
    chooser = np.random.default_rng(3)
    shares = {}
    for masked in (False, True):
        steps = refused = 0
        for seed in range(4):
            _, info = env.reset(seed=seed)
            for _ in range(300):
                allowed = np.flatnonzero(info["action_mask"]) if masked else np.arange(95)
                _, _, terminated, _, info = env.step(int(chooser.choice(allowed)))
                steps, refused = steps + 1, refused + bool(info["refused"])
                if terminated:
                    break
        shares[masked] = refused / steps
    assert shares[True] < 0.05 and shares[False] > 0.5


def test_a_game_over_masks_everything() -> None:
    env = EmberdeepEnv(max_steps=1)
    env.reset(seed=1)
    info = env.step(ACTIONS.index("wait"))[4]
    assert not info["action_mask"].any() and not env.action_masks().any()


def test_an_unknown_item_is_observed_as_its_unknown_look_not_its_kind() -> None:
    env = EmberdeepEnv(observation_keys=("glyph_ids",))
    env.reset(seed=4)
    world = env.game
    ids = {name: number for number, _, name, _ in glyph_table(env.content)}
    potion = next(k for k in env.content.population.items.kinds if k.category == "potion")
    world.identity.known.discard(potion.key)
    item = Item(potion)
    item.x, item.y = world.player.x + 1, world.player.y
    world.floor.items.append(item)
    world.floor.visible[item.x, item.y] = True
    seen = env.observer.observe(world, [])["glyph_ids"][10, 40]
    assert seen == ids["unknown_potion"] != ids[potion.key]
    world.identity.learn(potion)
    assert env.observer.observe(world, [])["glyph_ids"][10, 40] == ids[potion.key]
