"""Every command has a number; impossible ones are refused with nothing changed."""

from __future__ import annotations

import numpy as np
import pytest

from emberdeep.engine.acts.actions import (
    DIRECTIONS,
    Action,
    Ascend,
    Descend,
    Drop,
    LevelUp,
    Move,
    PickUp,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.core.actors import HUNT_MEMORY, Actor, Mode
from emberdeep.engine.core.events import Refused
from emberdeep.engine.things.items import INVENTORY_SIZE, Item
from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env import actions as numbering
from emberdeep.env.observation import KEYS, decode_message
from tests.env.helpers import digest


def test_every_number_is_a_command_and_back() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    env.reset(seed=2)
    assert len(ACTIONS) == len(set(ACTIONS)) == 8 + 4 + 3 + 3 * INVENTORY_SIZE + 2
    for number in range(len(ACTIONS)):
        command = numbering.command(number, env.game)
        if ACTIONS[number] == "look":
            assert command is None  # no game command: the environment answers it
        else:
            assert command is not None and numbering.number(command) == number


def test_the_numbers_are_stable() -> None:
    assert ACTIONS[:8] == tuple(f"move_{dx}_{dy}" for dx, dy in DIRECTIONS)
    assert ACTIONS[8:15] == (
        "wait", "pick_up", "descend", "ascend", "level_up_hp", "level_up_power",
        "level_up_defense",
    )  # fmt: skip
    assert ACTIONS[15] == "use_0" and ACTIONS[41] == "drop_0" and ACTIONS[66] == "drop_25"
    assert ACTIONS[67] == "search" and ACTIONS[68] == "throw_0" and ACTIONS[93] == "throw_25"
    assert ACTIONS[94] == "look" == ACTIONS[-1]
    commands: list[PlayerCommand] = [
        Move(1, 1),
        Wait(),
        PickUp(),
        Descend(),
        Ascend(),
        LevelUp("defense"),
        Use(3),
        Drop(25),
    ]
    assert [numbering.number(c) for c in commands] == [7, 8, 9, 10, 11, 14, 18, 66]


@pytest.mark.parametrize("name", ["descend", "ascend", "pick_up", "level_up_hp", "use_25"])
def test_a_refused_action_changes_nothing(name: str) -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    before, _ = env.reset(seed=5)
    turn, state = env.game.turn, env.game.state_hash()
    observation, reward, terminated, truncated, info = env.step(ACTIONS.index(name))
    assert info["refused"] and reward == 0.0 and not (terminated or truncated)
    assert env.game.turn == turn and env.game.state_hash() == state
    assert digest(observation) == digest(before)


def test_an_accepted_action_is_a_turn() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    env.reset(seed=5)
    _, _, _, _, info = env.step(ACTIONS.index("wait"))
    assert info["refused"] == "" and info["turn"] == 1


@pytest.mark.parametrize("bad", [-1, len(ACTIONS), 10**9])
def test_a_number_outside_the_space_is_a_clear_error(bad: int) -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    env.reset(seed=5)
    with pytest.raises(ValueError, match=rf"not in Discrete\({len(ACTIONS)}\)"):
        env.step(bad)


def test_aimed_items_aim_at_the_nearest_visible_monster() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    env.reset(seed=8)
    world, floor = env.game, env.game.floor
    scroll = next(k for k in env.content.population.items.kinds if k.effect == "confusion")
    world.inventory.append(Item(scroll))
    slot = len(world.inventory) - 1
    assert numbering.aim(world, slot) is None  # nobody in sight yet
    assert numbering.aim(world, 0) is None  # the starting kit needs no aim
    free = np.argwhere(floor.visible & floor.walkable & (floor.occupant == 0))
    px, py = world.player.position
    free = free[np.argsort(np.maximum(abs(free[:, 0] - px), abs(free[:, 1] - py)), kind="stable")]
    near, far = [a for a in floor.actors.values() if not a.is_player][:2]
    floor.move_actor(far, *map(int, free[-1]))
    floor.move_actor(near, *map(int, free[0]))
    assert numbering.aim(world, slot) == near.position != far.position
    _, _, _, _, info = env.step(numbering.USE_BASE + slot)
    assert info["refused"] == "" and slot >= len(world.inventory)  # read, and used up


def test_a_monsters_refusal_is_not_the_players(monkeypatch: pytest.MonkeyPatch) -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    before, _ = env.reset(seed=5)
    world = env.game
    for actor in world.floor.actors.values():  # every monster awake and after the player
        if not actor.is_player:
            actor.mode, actor.hunting = Mode.HUNTING, HUNT_MEMORY
    real_perform = world.perform
    stuck: list[Actor] = []

    def monsters_get_stuck(actor: Actor, action: Action) -> Refused | None:
        if actor.is_player or action == Wait():
            return real_perform(actor, action)
        stuck.append(actor)  # every monster's own choice is refused (it then waits)
        return Refused("hesitate")

    monkeypatch.setattr(world, "perform", monsters_get_stuck)
    after, _, _, _, info = env.step(ACTIONS.index("move_1_0"))
    assert stuck, "no monster acted: the test shows nothing"
    assert info["refused"] == "" and info["turn"] == 1
    assert all(event["type"] != "Refused" for event in info["events"])
    assert digest(after) != digest(before)


def test_look_tells_what_is_in_view_and_takes_no_time() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    env.reset(seed=5)
    world = env.game
    look = ACTIONS.index("look")
    observation, reward, terminated, truncated, info = env.step(look)
    assert decode_message(observation["messages"][0]) == "You see nothing of note."
    kind = env.content.population.monsters.kinds[0]
    x, y = world.player.x + 1, world.player.y
    monster = Actor.spawn(99, kind, x, y)
    world.floor.add_actor(monster)
    world.floor.visible[x, y] = True
    turn, state = world.turn, world.state_hash()
    observation, reward, terminated, truncated, info = env.step(look)
    told = decode_message(observation["messages"][0])
    assert told.startswith(kind.name.lower()) or told.lower().startswith(kind.name.lower())
    assert f"{monster.hp}/{monster.max_hp} HP" in told and "you hit it" in told
    assert (reward, terminated, truncated, info["refused"]) == (0.0, False, False, "")
    assert world.turn == turn and world.state_hash() == state
    far = Actor.spawn(100, kind, x + 1, y)  # one step farther: told after the near one
    world.floor.add_actor(far)
    world.floor.visible[x + 1, y] = True
    monster.hp -= 1
    observation, *_ = env.step(look)
    rows = [decode_message(line) for line in observation["messages"][:2]]
    assert f"{monster.hp}/{monster.max_hp} HP" in rows[0]  # the nearest shows first
    assert f"{far.hp}/{far.max_hp} HP" in rows[1]
