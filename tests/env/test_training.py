"""``emberdeep train``'s parts that need no learner: the curve (episodes binned by the
step they ended at), the random policy's level, the CSV and the chart, the learner's
callback fed a step as stable-baselines3 feeds it, and a clear line without the extra."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import emberdeep.env  # noqa: F401 (registers every environment)
from emberdeep import cli
from emberdeep.tools import curves
from emberdeep.tools.curves import Episode, Point

TASK = "Emberdeep-Task-IdentifyByUse-v0"


def test_episodes_are_binned_by_the_step_they_ended_at() -> None:
    episodes = [Episode(10, 0.0, False), Episode(50, 1.0, True), Episode(60, 1.0, True),
                Episode(100, 0.0, False), Episode(400, 1.0, True)]  # fmt: skip
    points = curves.curve(episodes, total=400, points=4)
    assert [p.steps for p in points] == [100, 200, 300, 400]
    assert [p.episodes for p in points] == [4, 0, 0, 1]
    assert points[0].success == 0.5 and points[0].reward == 0.5
    assert points[1] == Point(200, 0, 0.5, 0.5)  # none ended: the last figures go on
    assert points[3].success == 1.0
    with pytest.raises(ValueError):
        curves.curve(episodes, total=0, points=4)


def test_the_recorder_reads_a_learners_step_as_stable_baselines3_passes_it() -> None:
    """SB3 calls a plain-function callback with its locals after every batched step:
    ``self`` (the learner), ``rewards``, ``dones`` and ``infos``."""
    recorder = curves.Recorder()
    learner = type("Learner", (), {"num_timesteps": 2})()
    step: dict[str, Any] = {"self": learner, "rewards": np.array([0.5, 0.0]),
                            "dones": np.array([False, False]), "infos": [{}, {}]}  # fmt: skip
    assert recorder(step, {}) is True
    learner.num_timesteps = 4
    step |= {"rewards": np.array([1.0, -1.0]), "dones": np.array([True, True]),
             "infos": [{"success": True}, {"success": False}]}  # fmt: skip
    recorder(step, {})
    assert recorder.episodes == [Episode(4, 1.5, True), Episode(4, -1.0, False)]
    learner.num_timesteps = 6
    step |= {"rewards": np.array([0.25, 0.0]), "dones": np.array([True, False]), "infos": [{}, {}]}
    recorder(step, {})
    assert recorder.episodes[-1] == Episode(6, 0.25, False)  # its return began again at 0


def test_the_random_level_is_measured_over_whole_episodes() -> None:
    seeds = range(4)
    random = curves.level(TASK, seeds, lambda seed: curves.uniform(seed, 95))
    again = curves.level(TASK, seeds, lambda seed: curves.uniform(seed, 95))
    assert random == again and random.episodes == 4  # seeded: the same level twice
    assert 0 <= random.success <= 1 and 0 < random.refused < 1
    waits = curves.level(TASK, seeds, lambda _: lambda observation, info: 8)
    assert waits.success == 0 and waits.refused == 0  # waiting identifies nothing


def test_a_policy_that_chooses_no_action_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="chose 95"):
        curves.level(TASK, [0], lambda _: lambda observation, info: 95)


def test_the_csv_holds_the_curve_and_the_random_level(tmp_path: Path) -> None:
    points = [Point(100, 3, 0.25, 0.5), Point(200, 5, 0.75, 1.0)]
    path = tmp_path / "curve.csv"
    curves.write_csv(path, points, curves.Level(50, 0.1, -0.5, 0.8))
    assert path.read_text().splitlines()[0] == ",".join(curves.COLUMNS)
    assert curves.read_csv(path) == (points, 0.1)
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    with pytest.raises(curves.CurveError, match="not a learning curve"):
        curves.read_csv(tmp_path / "other.csv")


def test_the_chart_draws_the_curve_above_the_random_line(tmp_path: Path) -> None:
    points = [Point(250, 0, 0.0, 0.0), Point(500, 2, 0.2, 0.0), Point(1000, 2, 1.0, 1.0)]
    pixels = curves.draw("a title", points, random=0.0, masked=0.5)
    assert pixels.shape == (curves.HEIGHT, curves.WIDTH, 4)
    colours = {tuple(c) for c in pixels[..., :3].reshape(-1, 3)}
    for colour in (curves.PPO_COLOUR, curves.RANDOM_COLOUR, curves.MASKED_COLOUR):
        assert colour in colours
    ppo = np.argwhere((pixels[..., :3] == curves.PPO_COLOUR).all(axis=2))
    random = np.argwhere((pixels[..., :3] == curves.RANDOM_COLOUR).all(axis=2))
    legend = curves.HEIGHT - 30
    ppo, random = ppo[ppo[:, 0] < legend], random[random[:, 0] < legend]
    assert ppo[:, 0].min() < random[:, 0].min()  # 100% drawn above 0%
    middle = (random[:, 1].min() + random[:, 1].max()) / 2
    assert ppo[:, 1].min() >= middle - 2  # no curve before an episode ended (step 500)
    curves.plot(tmp_path / "curve.png", "a title", points, 0.0)
    assert (tmp_path / "curve.png").read_bytes().startswith(b"\x89PNG")


def test_train_without_the_rl_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # as if torch were not installed
    assert cli.main(["train", "Emberdeep-v0", "--steps", "500"]) == 2
    err = capsys.readouterr().err
    assert 'pip install "emberdeep[rl]"' in err and len(err.splitlines()) == 1


DOCS = Path(__file__).resolve().parents[2] / "docs"


def summaries() -> dict[str, dict[int, dict[str, str]]]:
    """``scripts/ppo-curves``' summaries in docs/curves: level -> seed -> policy -> success."""
    found: dict[str, dict[int, dict[str, str]]] = {}
    for path in sorted((DOCS / "curves").glob("*-seed*.txt")):
        level, seed = path.stem.rsplit("-seed", 1)
        rates = re.findall(r"^  (\S.*?) +(\d+%) ", path.read_text(encoding="utf-8"), re.M)
        found.setdefault(level, {})[int(seed)] = dict(rates)
    return found


def test_the_docs_curves_table_says_what_the_runs_measured() -> None:
    """docs/agents.md's table of PPO against random is the summaries' figures, and every
    curve it shows is a chart and a CSV `emberdeep train` wrote."""
    doc = (DOCS / "agents.md").read_text(encoding="utf-8")
    runs = summaries()
    assert len(runs) >= 3
    for level, seeds in runs.items():
        learned = ", ".join(seeds[s]["PPO"] for s in sorted(seeds))
        row = f"| `Emberdeep/{level}-v0` | {seeds[0]['uniform random']} | {learned} |"
        assert row in doc, row
        assert all(seeds[s]["uniform random"] == seeds[0]["uniform random"] for s in seeds)
    for image in re.findall(r"\]\((curves/[^)]+\.png)\)", doc):
        assert (DOCS / image).read_bytes().startswith(b"\x89PNG"), image
        curves.read_csv((DOCS / image).with_suffix(".csv"))
