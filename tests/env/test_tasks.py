"""The task families: every level registered (with its text version and older aliases)
and valid, set up deterministically, its success flag and reward following its goal;
a bad task file names its file, line and key."""

from __future__ import annotations

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

import emberdeep.env  # noqa: F401 (registers every environment)
from emberdeep.content import tasks as task_data
from emberdeep.content.loader import load
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.things.items import Item
from emberdeep.env.actions import NUMBERS, WAIT
from emberdeep.env.scripted import ScriptedPolicy
from emberdeep.env.tasks import TaskEnv, task_id, text_id
from emberdeep.env.text_env import EmberdeepTextEnv
from tests.env.helpers import digest

NAMES = list(task_data.load_tasks())


def test_six_families_of_three_levels_each_registered_with_text_versions() -> None:
    tasks = task_data.load_tasks()
    families: dict[str, list[str]] = {}
    for task in tasks.values():
        families.setdefault(task.family, []).append(task.level)
    assert sum(len(levels) >= 3 for levels in families.values()) >= 6
    assert len(NAMES) >= 18
    for name in NAMES:
        env = gymnasium.make(task_id(name))
        assert isinstance(env.unwrapped, TaskEnv) and env.unwrapped.task.name == name
        text = gymnasium.make(text_id(name)).unwrapped
        assert isinstance(text, EmberdeepTextEnv) and isinstance(text.game_env, TaskEnv)
        assert text.game_env.task.name == name
    for old in ("CorridorPack", "IdentifyByUse", "CrossLava", "FindTheStairs",
                "WardensFloor", "EscapeWithTheHeart"):  # fmt: skip
        assert isinstance(gymnasium.make(f"Emberdeep-Task-{old}-v0").unwrapped, TaskEnv)


@pytest.mark.parametrize(
    "env_id",
    sorted(i for i in gymnasium.registry if i.startswith("Emberdeep")),
)
def test_check_env_for_every_registered_environment(env_id: str) -> None:
    check_env(gymnasium.make(env_id).unwrapped)


@pytest.mark.parametrize("name", NAMES)
def test_a_task_is_set_up_the_same_way_for_the_same_seed(name: str) -> None:
    one, other = TaskEnv(name), TaskEnv(name)
    first, info = one.reset(seed=4)
    assert digest(first) == digest(other.reset(seed=4)[0])
    assert one.game.state_hash() == other.game.state_hash()
    assert info["success"] is False and one.game.depth == one.task.depth
    assert violations(one.game) == []  # nothing a save would refuse
    *_, info = one.step(WAIT)
    assert info["success"] in (True, False)


def test_killing_the_pack_succeeds_once_with_reward_one_and_a_tenth_a_kill() -> None:
    env = TaskEnv("CorridorPack")
    env.reset(seed=1)
    pack = [env.game.floor.actors[i] for i in env.added]
    assert len(pack) == 4 and all(m.kind == "jackal" and m.hunting for m in pack)
    for monster in pack:
        monster.hp = 0
        env.game.floor.remove_actor(monster)
    _, reward, terminated, _, info = env.step(WAIT)
    assert (reward, terminated, info["success"]) == (1.0 + 4 * env.task.shaping, True, True)


def test_dying_fails_with_reward_minus_one() -> None:
    env = TaskEnv("CorridorPack")
    env.reset(seed=1)
    for _ in range(200):
        env.game.player.hp = 1
        _, reward, terminated, _, info = env.step(WAIT)
        if terminated:
            break
    assert (reward, terminated, info["success"]) == (-1.0, True, False)


def test_identifying_two_by_use_succeeds() -> None:
    env = TaskEnv("IdentifyByUse")
    env.reset(seed=2)
    world = env.game
    carried = [i.kind.key for i in world.inventory]
    assert all(key in carried and key not in world.identity.known for key in env.task.items)
    slots = [carried.index(key) for key in env.task.items]
    _, _, terminated, _, info = env.step(NUMBERS[f"use_{slots[0]}"])
    assert not info["success"] and not terminated
    _, reward, terminated, _, info = env.step(NUMBERS[f"use_{slots[1] - 1}"])
    assert info["success"] and reward == 1.0 + env.task.shaping and terminated


def test_the_other_goals() -> None:
    env = TaskEnv("EscapeWithTheHeart")
    env.reset(seed=3)
    goal = env.content.population.goal
    assert goal is not None and any(i.kind is goal.treasure for i in env.game.inventory)
    assert env.game.depth == 3 and env.game.player.max_hp == 45
    assert env.step(NUMBERS["ascend"])[4]["success"] is False  # depth 2: not out yet
    lava = TaskEnv("CrossLava")
    lava.reset(seed=3)
    assert (lava.game.floor.tiles == 7).any()  # Tile.LAVA
    lava.game.floor.move_actor(lava.game.player, *lava.game.floor.stairs)
    assert lava.step(NUMBERS["descend"])[4]["success"]
    warden = TaskEnv("WardensFloor")
    warden.reset(seed=3)
    warden.game.inventory.append(Item(goal.treasure))
    assert warden.step(WAIT)[4]["success"]


HEAD = '[Bad]\ndescription = "x"\n'
LEVEL = "[Bad.levels.Easy]\nmax_steps = 5\n"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (HEAD + 'goal = "kill"\nmonsters = [{ kind = "moon_beast", count = 1 }]\n' + LEVEL,
         "tasks.toml:4: Bad.monsters.kind"),
        (HEAD + 'goal = "kill"\n' + LEVEL + 'monsters = [{ kind = "moon_beast" }]\n',
         "tasks.toml:6: Bad.levels.Easy.monsters.kind"),
        (HEAD + 'goal = "fly"\n' + LEVEL, "tasks.toml:3: Bad.goal: expected one of"),
        (HEAD + 'goal = "identify"\nitems = ["moon_potion"]\n' + LEVEL,
         "tasks.toml:4: Bad.items: unknown item"),
        (HEAD + 'goal = "kill"\n' + LEVEL, "Bad.goal: a kill task needs monsters"),
        (HEAD + 'goal = "descend"\n' + LEVEL + "colour = 3\n",
         "tasks.toml:6: Bad.levels.Easy.colour: unknown key"),
        (HEAD + 'goal = "kill"\nnear = 3\nmonsters = [{ kind = "jackal" }]\n' + LEVEL,
         "tasks.toml:4: Bad.near: only a descend or escape task"),
        (HEAD + 'goal = "descend"\n', "Bad.levels: expected a table"),
        (HEAD + 'goal = "descend"\n' + LEVEL + "shaping = 2.0\n",
         "tasks.toml:6: Bad.levels.Easy.shaping: expected a number from 0 to 1"),
    ],
)  # fmt: skip
def test_a_bad_task_file_says_where(text: str, problem: str) -> None:
    with pytest.raises(DataError, match=problem.replace(".", r"\.")):
        task_data.parse(Table.parse("tasks.toml", text), load())


def test_a_level_overrides_its_family() -> None:
    text = (HEAD + 'goal = "descend"\nmax_steps = 9\nshaping = 0.5\n[Bad.levels.Easy]\n'
            "near = 2\n[Bad.levels.Hard]\nmax_steps = 90\nalias = \"Old\"\n")  # fmt: skip
    tasks = task_data.parse(Table.parse("tasks.toml", text), load())
    easy, hard = tasks["Bad-Easy"], tasks["Bad-Hard"]
    assert (easy.max_steps, easy.near, easy.shaping, easy.alias) == (9, 2, 0.5, "")
    assert (hard.max_steps, hard.near, hard.alias) == (90, 0, "Old")


def test_shaping_pays_for_each_step_nearer_the_stairs_and_takes_back_each_farther() -> None:
    env = TaskEnv("Navigate-Medium")
    observation, _ = env.reset(seed=1)
    start = -env.made  # steps to the stairs by the shortest way
    assert 1 <= start <= env.task.near
    policy, total, done = ScriptedPolicy(env, 1), 0.0, False
    while not done:
        observation, reward, terminated, truncated, info = env.step(policy(observation))
        total, done = total + reward, terminated or truncated
    assert info["success"]
    assert total == pytest.approx(1.0 + env.task.shaping * start)  # however it wandered
