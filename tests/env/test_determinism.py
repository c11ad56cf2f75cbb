"""A seed means the same game in any process, in any order."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np

from emberdeep.env import ACTIONS, EmberdeepEnv
from tests.env.helpers import digest

ROOT = Path(__file__).resolve().parents[2]
THOUSAND_ACTIONS = textwrap.dedent("""
    import numpy as np
    from emberdeep.env import EmberdeepEnv
    from tests.env.helpers import digest
    env = EmberdeepEnv()
    observation, _ = env.reset(seed=7)
    print(digest(observation))
    for action in np.random.default_rng(3).integers(env.action_space.n, size=1000):
        observation, *_ = env.step(int(action))
        print(digest(observation))
    print(env.game.turn)
""")


def test_two_processes_see_the_same_observations() -> None:
    """Issue #18's "done when": two processes (different hash seeds, nothing inherited
    but the path) doing reset(seed=7) and the same 1,000 actions give the same digest
    of every observation, step by step; and so does this process."""
    runs = [
        subprocess.run(
            [sys.executable, "-c", THOUSAND_ACTIONS],
            capture_output=True, text=True, check=True, cwd=ROOT,
            env={"PYTHONHASHSEED": str(n), "PYTHONPATH": str(ROOT / "src")},
        ).stdout.split()
        for n in (1, 2)
    ]  # fmt: skip
    *digests, turn = runs[0]
    assert len(digests) == 1001
    assert runs[1] == runs[0], f"first different observation: step {first_difference(runs)}"
    assert int(turn) > 100  # the game moved on: these were not all refusals
    assert len(set(digests)) > 100  # and what was observed changed with it
    env = EmberdeepEnv()
    here = [digest(env.reset(seed=7)[0])]
    actions = np.random.default_rng(3).integers(len(ACTIONS), size=1000)
    here += [digest(env.step(int(action))[0]) for action in actions]
    assert here == digests


def first_difference(runs: list[list[str]]) -> int:
    return next(i for i, (a, b) in enumerate(zip(*runs, strict=False)) if a != b)


def test_a_seeded_reset_is_the_same_game_in_any_order() -> None:
    env = EmberdeepEnv()
    first, info = env.reset(seed=42)
    env.reset(seed=1)
    env.step(8)
    again, again_info = env.reset(seed=42)
    assert np.array_equal(again_info.pop("action_mask"), info.pop("action_mask"))
    assert digest(again) == digest(first) and again_info == info
    assert digest(env.reset(seed=43)[0]) != digest(first)


def test_unseeded_resets_follow_the_first_seed() -> None:
    def games(env: EmberdeepEnv) -> list[int]:
        env.reset(seed=5)
        return [env.reset()[1]["game_seed"] for _ in range(3)]

    one, other = games(EmberdeepEnv()), games(EmberdeepEnv())
    assert one == other and len(set(one)) == 3


def test_the_same_actions_give_the_same_world() -> None:
    actions = np.random.default_rng(9).integers(80, size=400).tolist()
    hashes = []
    for _ in range(2):
        env = EmberdeepEnv()
        env.reset(seed=3)
        for action in actions:
            env.step(action % len(ACTIONS))
        hashes.append(env.game.state_hash())
    assert hashes[0] == hashes[1]


def test_the_journal_checksum_is_always_the_worlds_own() -> None:
    """A refused command journals the checksum before it again instead of taking it
    afresh (``World._record``): right only while refusing leaves the world as it was.
    After every step of random play, refused or not, the last checksum journaled must be
    what the world's state gives now."""
    env = EmberdeepEnv()
    refused = 0
    for seed in (0, 1, 2):
        env.reset(seed=seed)
        for action in np.random.default_rng(seed).integers(len(ACTIONS), size=700):
            *_, terminated, truncated, info = env.step(int(action))
            refused += bool(info["refused"])
            world = env.game
            assert world.journal.checksums[-1] == world.checksum()
            if terminated or truncated:
                env.reset()
    assert refused > 300  # refusals of every kind were tried
