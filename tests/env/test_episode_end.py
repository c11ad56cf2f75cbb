"""Death (or victory) terminates, the step cap truncates, and the two are never confused."""

from __future__ import annotations

from emberdeep.engine.things.items import Item
from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env.actions import WAIT
from emberdeep.env.reward import VICTORY
from tests.env.helpers import play_to_death


def test_the_step_cap_truncates_on_the_last_step_only() -> None:
    env = EmberdeepEnv(max_steps=5)
    env.reset(seed=3)
    flags = [env.step(WAIT)[2:4] for _ in range(5)]
    assert flags == [(False, False)] * 4 + [(False, True)]


def test_refused_actions_count_towards_the_cap() -> None:
    env = EmberdeepEnv(max_steps=3)
    env.reset(seed=3)
    results = [env.step(ACTIONS.index("drop_25")) for _ in range(3)]  # from an empty slot
    assert [r[4]["refused"] != "" for r in results] == [True] * 3
    assert [r[3] for r in results] == [False, False, True]


def test_death_terminates_with_the_penalty() -> None:
    env = EmberdeepEnv()
    env.reset(seed=0)
    reward, terminated, truncated, _ = play_to_death(env)
    assert terminated and not truncated and reward == -1.0
    assert not env.game.player.alive


def test_death_on_the_last_allowed_step_is_still_termination() -> None:
    env = EmberdeepEnv()
    env.reset(seed=0)
    *_, steps = play_to_death(env)
    capped = EmberdeepEnv(max_steps=steps)
    capped.reset(seed=0)
    _, terminated, truncated, taken = play_to_death(capped)
    assert (terminated, truncated, taken) == (True, False, steps)


def with_the_treasure(env: EmberdeepEnv) -> None:
    goal = env.content.population.goal
    assert goal is not None
    env.game.inventory.append(Item(goal.treasure))


def test_climbing_out_with_the_treasure_terminates_with_the_prize() -> None:
    env = EmberdeepEnv()
    env.reset(seed=4)
    ascend = ACTIONS.index("ascend")
    assert env.step(ascend)[4]["refused"]  # not without the treasure
    with_the_treasure(env)
    _, reward, terminated, truncated, info = env.step(ascend)
    assert (terminated, truncated) == (True, False) and env.game.won
    assert info["reward_parts"]["victory"] == reward == VICTORY


def test_only_a_floor_never_reached_before_is_rewarded() -> None:
    env = EmberdeepEnv()
    env.reset(seed=4)
    world = env.game
    down, up = ACTIONS.index("descend"), ACTIONS.index("ascend")
    world.floor.move_actor(world.player, *world.floor.stairs)
    assert env.step(down)[1] == 1.0 and world.depth == 2
    assert env.step(up)[1] == 0.0 and world.depth == 1  # back up: no loss
    world.floor.move_actor(world.player, *world.floor.stairs)
    assert env.step(down)[1] == 0.0 and world.depth == 2  # a floor already seen


def test_stepping_after_the_end_changes_nothing_and_never_raises() -> None:
    env = EmberdeepEnv()
    env.reset(seed=1)
    play_to_death(env)
    turn = env.game.turn
    _, reward, terminated, truncated, info = env.step(WAIT)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert "reset" in info["refused"] and env.game.turn == turn
