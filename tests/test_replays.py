from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import DIRECTIONS, Move, Use, Wait
from emberdeep.engine.core.fov import FovSettings
from emberdeep.engine.play import autopilot
from emberdeep.engine.play.world import World
from emberdeep.session.driver import Driver
from emberdeep.session.setup import new_world
from emberdeep.storage import replays
from tests.helpers import builder_for

CONTENT = loader.load()


def bot_game(seed: int, turns: int, fov: FovSettings | None = None) -> World:
    """A small bot: explores, fights what blocks it, drinks when hurt, mixes in real-time
    ticks and a change of field of view, so every kind of command is recorded."""
    world = new_world(seed, Settings(), CONTENT)
    chooser = np.random.default_rng(seed)
    if fov is not None:
        world.set_fov(fov)
    for turn in range(turns):
        if not world.player.alive:
            break
        roll = int(chooser.integers(20))
        if roll == 0:
            world.advance(world.time + 25)
        elif roll == 1 and world.player_due:
            world.player_act(Wait())
        elif roll == 2 and world.inventory:
            world.step(Use(int(chooser.integers(len(world.inventory)))))
        else:
            action = autopilot.explore_action(world)
            if isinstance(action, autopilot.Stop):
                action = Move(*DIRECTIONS[int(chooser.integers(8))])
            world.step(action)
        if turn == turns // 2:
            world.set_fov(FovSettings("shadow", 6, True))
    return world


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**40), turns=st.integers(1, 400))
def test_recorded_games_verify(seed: int, turns: int) -> None:
    world = bot_game(seed, turns, FovSettings("basic", 8, False))
    recorded = replays.decode(replays.encode(replays.record(world, "auto")))
    assert replays.verify(recorded, builder_for, CONTENT.hero) is None


def test_a_tampered_replay_says_where_it_diverged() -> None:
    world = bot_game(3, 200)
    payload = json.loads(replays.encode(replays.record(world, "auto")))
    moves = [i for i, c in enumerate(payload["commands"]) if c[:2] == ["s", "m"]]
    located = []
    for victim in moves[len(moves) // 2 :][:5]:  # not every move differs from a wait
        changed = json.loads(json.dumps(payload))
        dx, dy = changed["commands"][victim][2:]
        changed["commands"][victim] = ["s", "w"] if (dx, dy) != (0, 0) else ["s", "m", 1, 0]
        tampered = replays.decode(json.dumps(changed).encode())
        problem = replays.verify(tampered, builder_for, CONTENT.hero)
        assert problem is not None
        if problem != "every command matched, but the final state differs":
            found = re.search(r"command (\d+) ", problem)
            assert found is not None, problem
            # a blow that missed and a wait can leave the same cheap checksum (the time,
            # the player, the dice drawn): then the next command is the first to differ
            assert victim + 1 <= int(found.group(1)) <= victim + 2, problem
            located.append(victim)
    assert located


def test_the_final_hash_is_checked() -> None:
    world = bot_game(4, 50)
    recorded = replays.record(world, "auto")
    wrong = replays.ReplayFile(
        recorded.seed, recorded.generator, recorded.game_version, recorded.journal, "0" * 32
    )
    assert replays.verify(wrong, builder_for, CONTENT.hero) == (
        "every command matched, but the final state differs"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xfe", "not a replay file"),
        (b'{"game": "other"}', "not an Emberdeep replay"),
        (b'{"game": "emberdeep", "format": 99}', "newer Emberdeep"),
        (b'{"game": "emberdeep", "format": 1, "seed": 1}', "damaged"),
    ],
)
def test_bad_replay_files_give_clean_errors(data: bytes, message: str) -> None:
    with pytest.raises(replays.ReplayError, match=message):
        replays.decode(data)


def test_malformed_commands_are_refused_before_running() -> None:
    payload = json.loads(replays.encode(replays.record(bot_game(5, 5), "auto")))
    for bad in (["s", "m", 5, 0], ["x"], ["t", -1, 0], ["u", "a"], ["f", "nope", 1, True]):
        payload["commands"][0] = bad
        with pytest.raises(replays.ReplayError, match="damaged"):
            replays.decode(json.dumps(payload).encode())


FIXED = Path(__file__).parent / "replays"


@pytest.mark.parametrize("path", sorted(FIXED.glob("*.replay.json")), ids=lambda p: p.name)
def test_stored_replays_still_verify(path: Path) -> None:
    """Regression: games recorded with an earlier build must play out identically."""
    recorded = replays.read(path)
    assert replays.verify(recorded, builder_for, CONTENT.hero) is None


def test_there_are_stored_replays() -> None:
    assert len(list(FIXED.glob("*.replay.json"))) >= 3


@pytest.mark.parametrize("seed", [3, 14, 159, 2653])
def test_bot_games_round_trip_through_replay_files(seed: int, tmp_path: Path) -> None:
    from emberdeep.agents.bot import Bot, take_turn

    world = new_world(seed, Settings(), CONTENT)
    driver, bot = Driver(world), Bot(seed)
    for _ in range(250):
        if not world.player.alive:
            break
        take_turn(driver, bot)
    path = tmp_path / replays.replay_name(seed, "2026-01-01T00:00:00+00:00")
    replays.write(replays.record(world, "auto"), path)
    assert replays.verify(replays.read(path), builder_for, CONTENT.hero) is None


def hostile_replay(**changes: object) -> bytes:
    world = new_world(3, Settings(), CONTENT)
    world.step(Wait())
    payload = json.loads(replays.encode(replays.record(world, "auto")))
    payload.update(changes)
    return json.dumps(payload).encode()


@pytest.mark.parametrize("seed", [-1, 2**64, 2**200])
def test_a_replay_with_an_impossible_seed_is_refused(seed: int) -> None:
    with pytest.raises(replays.ReplayError, match="damaged"):
        replays.decode(hostile_replay(seed=seed))


def test_a_replay_that_advances_to_the_end_of_time_is_refused_not_run() -> None:
    data = hostile_replay(commands=[["t", 2**62, 0]], checksums=[0])
    with pytest.raises(replays.ReplayError, match="runs the clock to 4611686018427387904"):
        replays.decode(data)  # before anything runs (bounds.check_run)


def test_a_game_with_an_ally_and_its_orders_replays_identically(tmp_path: Path) -> None:
    """Freeing (moves into a captive), the ally's turns, its orders and its taking the
    stairs are all in the journal: the replay and a save of it come out the same."""
    from emberdeep.agents.bot import Bot, take_turn
    from emberdeep.engine.chase.allies import Order
    from emberdeep.engine.saves import snapshot

    world = new_world(6, Settings(), CONTENT)  # a game whose bot frees a captive early
    driver, bot = Driver(world), Bot(6)
    for _ in range(1500):
        if world.over or world.fellowship.freed:
            break
        take_turn(driver, bot)
    assert world.fellowship.freed == 1
    for order in (Order(stay=True), Wait(), Wait(), Order(stay=False), Wait()):
        driver.command(order)
    assert ["s", "order", 1] in world.journal.commands
    for _ in range(200):
        if world.over:
            break
        take_turn(driver, bot)
    path = tmp_path / replays.replay_name(6, "2026-01-01T00:00:00+00:00")
    replays.write(replays.record(world, "auto"), path)
    assert replays.verify(replays.read(path), builder_for, CONTENT.hero) is None
    items = {kind.key: kind for kind in CONTENT.population.items.kinds}
    loaded = snapshot.load(snapshot.dump(world), builder_for("auto"), items, CONTENT.hero.kinds)
    assert loaded.state_hash() == world.state_hash()
