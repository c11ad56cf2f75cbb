"""Emberdeep-Text-v0: text observations, text commands, clear answers to bad ones."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

import emberdeep.env  # noqa: F401 (registers the environments)
from emberdeep.content.tasks import load_tasks
from emberdeep.engine.acts.actions import DIRECTIONS
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.things.items import Item
from emberdeep.env import text_commands
from emberdeep.env.actions import ACTIONS
from emberdeep.env.tasks import TaskEnv, text_id
from emberdeep.env.text_commands import COMMANDS, CommandError, parse
from emberdeep.env.text_env import EmberdeepTextEnv
from emberdeep.env.text_view import LAVA
from emberdeep.session.surroundings import bearing


def env_with_kit(seed: int = 3) -> EmberdeepTextEnv:
    """A game whose inventory holds a potion (b), a scroll (c), a wand (d), armour (e)
    and more, and an orc standing north-east of the player."""
    env = EmberdeepTextEnv()
    env.reset(seed=seed)
    world = env.game_env.game
    kinds = {kind.category: kind for kind in env.game_env.content.population.items.kinds}
    wearable = next(k for k in env.game_env.content.population.items.kinds if k.effect == "equip")
    world.inventory[:] = [Item(kinds["potion"]), Item(kinds["potion"]), Item(kinds["scroll"]),
                          Item(kinds["wand"]), Item(wearable), Item(kinds["potion"])]  # fmt: skip
    orc = env.game_env.content.hero.kinds["orc"]
    x, y = world.player.x + 1, world.player.y - 1
    world.floor.tiles[x, y] = world.floor.tiles[world.player.position]
    world.floor.walkable[x, y] = world.floor.transparent[x, y] = True
    world.floor.add_actor(Actor.spawn(999, orc, x, y))
    world.refresh_fov()
    return env


def test_every_documented_command_parses() -> None:
    env = env_with_kit()
    world = env.game_env.game
    world.inventory[2].kind = next(
        k for k in env.game_env.content.population.items.kinds if k.category == "scroll"
    )
    world.identity.looks[world.inventory[2].kind.key] = "ZELGO MER"
    world.identity.known.discard(world.inventory[2].kind.key)
    for command in COMMANDS:
        if command in ("help", "map"):
            parsed = parse(command, world)
            assert parsed.action is None and (parsed.help or parsed.floor_map)
            continue
        action = parse(command, world).action
        assert action is not None and 0 <= action < len(ACTIONS), command


def test_commands_become_the_right_actions() -> None:
    env = env_with_kit()
    world = env.game_env.game
    number = {name: n for n, name in enumerate(ACTIONS)}
    assert parse("move north", world).action == DIRECTIONS.index((0, -1))
    assert parse("SW", world).action == DIRECTIONS.index((-1, 1))
    assert parse("attack the orc", world).action == DIRECTIONS.index((1, -1))
    assert parse("quaff b", world).action == number["use_1"]
    assert parse("read c", world).action == number["use_2"]
    with pytest.raises(CommandError, match="not a scroll"):
        parse("read a", world)  # 'a' is the letter here, not an article: a potion
    assert parse("drop f", world).action == number["drop_5"]
    assert parse("level up strength", world).action == number["level_up_power"]
    assert parse("go down", world).action == number["descend"]


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        ("xyzzy", "Unknown command 'xyzzy'"),
        ("", "Say what to do"),
        ("quaff z", "nothing as 'z'"),
        ("read b", "not a scroll"),
        ("attack the dragon", "no dragon next to you (next to you: Orc)"),
        ("move up-left", "not a direction"),
        ("wear b", "cannot wear"),
    ],
)
def test_a_bad_command_is_answered_and_no_time_passes(command: str, answer: str) -> None:
    env = env_with_kit()
    turn = env.game_env.game.turn
    text, reward, terminated, _, info = env.step(command)
    assert answer in info["refused"] and text.splitlines()[0] == info["refused"]
    assert env.game_env.game.turn == turn and reward == 0.0 and not terminated


def test_the_observation_tells_what_an_agent_needs() -> None:
    env = env_with_kit()
    text, *_ = env.step("look")
    assert text.startswith("Status: HP ")
    assert "- Orc (unhurt, " in text and ": 1 north-east" in text
    assert "- b) " in text and "Messages (newest last):" in text
    assert "Map (you are @ at (" in text and "@" in text.split("Map (you are @ at")[1]
    assert env.observation_space.contains(text)


def test_a_step_plays_the_game_and_help_lists_the_commands() -> None:
    env = EmberdeepTextEnv()
    env.reset(seed=5)
    text, *_ = env.step("help")
    assert text.startswith(text_commands.HELP)
    before = env.game_env.game.turn
    env.step("wait")
    assert env.game_env.game.turn == before + 1


def test_bearings() -> None:
    assert [bearing(*d) for d in ((1, 0), (0, -1), (-3, 3), (5, -2), (0, 0))] == [
        "east", "north", "south-west", "east", "here",
    ]  # fmt: skip


def test_check_env_and_the_same_game_as_emberdeep_v0() -> None:
    env = gymnasium.make("Emberdeep-Text-v0")
    check_env(env.unwrapped)
    text_env = EmberdeepTextEnv()
    text_env.reset(seed=9)
    plain = gymnasium.make("Emberdeep-v0").unwrapped
    plain.reset(seed=9)
    assert text_env.game_env.game.state_hash() == plain.game.state_hash()  # type: ignore[attr-defined]
    with pytest.raises(CommandError):
        parse("dance", text_env.game_env.game)


def test_the_rule_based_text_agent_plays() -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / "scripts" / "text-agent"), "1", "80"],
        capture_output=True, text=True, check=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(root / "src")},  # this tree's code, not an install
    )  # fmt: skip
    assert re.fullmatch(
        r"text agent episode 0: return +-?\d+\.\d\d, depth \d+, 80 steps, \d+ refused\n",
        done.stdout,
    )


def test_every_task_has_a_text_version_that_states_its_goal_and_succeeds_alike() -> None:
    for name, task in load_tasks().items():
        env = gymnasium.make(text_id(name)).unwrapped
        assert isinstance(env, EmberdeepTextEnv) and isinstance(env.game_env, TaskEnv)
        text, info = env.reset(seed=1)
        assert text.startswith(f"Goal: {task.description}\n") and info["success"] is False
    text_env = EmberdeepTextEnv(task="Combat-Easy")
    text_env.reset(seed=1)
    inner = text_env.game_env
    assert isinstance(inner, TaskEnv)
    for i in inner.added:
        inner.game.floor.remove_actor(inner.game.floor.actors[i])
    _, reward, terminated, _, info = text_env.step("wait")
    assert (reward, terminated, info["success"]) == (1.0 + inner.task.shaping, True, True)


def test_lava_is_named_and_drawn_apart_from_deep_water_with_coordinates_and_a_legend() -> None:
    env = EmberdeepTextEnv()
    env.reset(seed=3)
    world = env.game_env.game
    px, py = world.player.position
    for x, tile in ((px + 2, Tile.LAVA), (px - 2, Tile.DEEP_WATER)):
        world.floor.set_tile(x, py, tile)
    world.refresh_fov()
    text = env.step("look")[0]
    assert f"- lava: 1 tile, 2 east at ({px + 2}, {py})" in text
    assert f"- deep water: 1 tile, 2 west at ({px - 2}, {py})" in text
    assert f"at ({px}, {py}), turn" in text  # the player's place in the status
    row = next(line for line in text.splitlines() if line.startswith(f"{py:3d} "))
    assert row[4:].index("@") - row[4:].index("~") == 2  # x by the ruler: the map is true
    assert row[4:].index(LAVA) - row[4:].index("@") == 2
    legend = next(line for line in text.splitlines() if line.startswith("Legend: "))
    assert f"~ deep water, {LAVA} lava" in legend and "@ you" in legend


def test_a_blocked_move_says_what_blocks_it() -> None:
    env = EmberdeepTextEnv()
    env.reset(seed=3)
    world = env.game_env.game
    px, py = world.player.position
    world.floor.set_tile(px, py - 1, Tile.LAVA)
    world.floor.set_tile(px + 1, py, Tile.WALL)
    world.refresh_fov()
    text, _, _, _, info = env.step("north")
    assert f"lava (certain death) is north of you at ({px}, {py - 1})" in info["refused"]
    assert text.startswith("Not done: ") and "lava" in text.splitlines()[0]
    assert "a wall is east of you" in env.step("east")[4]["refused"]


def test_map_shows_the_whole_remembered_floor_and_passes_no_time() -> None:
    env = EmberdeepTextEnv()
    env.reset(seed=3)
    world = env.game_env.game
    turn = world.turn
    text, reward, _, _, info = env.step("map")
    assert world.turn == turn and reward == 0.0 and info["refused"] == ""
    assert text.startswith("The whole floor as you remember it.")
    width = world.floor.tiles.shape[0]
    ruler = next(line for line in text.splitlines() if line.startswith("    0123456789"))
    assert len(ruler) == 4 + width  # every column of the floor, from x = 0
    px, py = world.player.position
    row = next(line for line in text.splitlines() if line.startswith(f"{py:3d} "))
    assert row[4 + px] == "@"
