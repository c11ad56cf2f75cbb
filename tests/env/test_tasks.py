"""The task suite: every task registered and valid, set up deterministically, its success
flag and reward following its goal; a bad task file names its file, line and key."""

from __future__ import annotations

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

import emberdeep.env  # noqa: F401 (registers every environment)
from emberdeep.content import tasks as task_data
from emberdeep.content.loader import load
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.things.items import Item
from emberdeep.env.actions import NUMBERS, WAIT
from emberdeep.env.tasks import TaskEnv, task_id
from tests.env.helpers import digest

NAMES = list(task_data.load_tasks())


def test_there_are_at_least_six_tasks_each_registered() -> None:
    assert len(NAMES) >= 6
    for name in NAMES:
        env = gymnasium.make(task_id(name))
        assert isinstance(env.unwrapped, TaskEnv) and env.unwrapped.task.name == name


@pytest.mark.parametrize(
    "env_id",
    sorted(i for i in gymnasium.registry if i.startswith("Emberdeep-")),
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
    *_, info = one.step(WAIT)
    assert info["success"] in (True, False)


def test_killing_the_pack_succeeds_once_with_reward_one() -> None:
    env = TaskEnv("CorridorPack")
    env.reset(seed=1)
    pack = [env.game.floor.actors[i] for i in env.added]
    assert len(pack) == 4 and all(m.kind == "jackal" and m.hunting for m in pack)
    for monster in pack:
        monster.hp = 0
        env.game.floor.remove_actor(monster)
    _, reward, terminated, _, info = env.step(WAIT)
    assert (reward, terminated, info["success"]) == (1.0, True, True)


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
    assert info["success"] and reward == 1.0 and terminated


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


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[Bad]\ndescription = "x"\ndepth = 1\ngoal = "kill"\nmax_steps = 5\n'
         'monsters = [{ kind = "moon_beast", count = 1 }]\n', "tasks.toml:6: Bad.monsters.kind"),
        ('[Bad]\ndescription = "x"\ndepth = 1\ngoal = "fly"\nmax_steps = 5\n',
         "tasks.toml:4: Bad.goal: expected one of"),
        ('[Bad]\ndescription = "x"\ndepth = 1\ngoal = "identify"\nmax_steps = 5\n'
         'items = ["moon_potion"]\n', "tasks.toml:6: Bad.items: unknown item"),
        ('[Bad]\ndescription = "x"\ndepth = 1\ngoal = "kill"\nmax_steps = 5\n',
         "Bad.goal: a kill task needs monsters"),
    ],
)  # fmt: skip
def test_a_bad_task_file_says_where(text: str, problem: str) -> None:
    with pytest.raises(DataError, match=problem.replace(".", r"\.")):
        task_data.parse(Table.parse("tasks.toml", text), load())
