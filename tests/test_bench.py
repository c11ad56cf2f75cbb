"""The benchmark's machinery (never its speed: figures live in ``emberdeep bench``)."""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from emberdeep.engine.acts.actions import Wait
from emberdeep.tools import (
    bench_agents,
    bench_compare,
    bench_engine,
    bench_env,
    bench_probe,
    bench_reference,
    bench_report,
    bench_saves,
    bench_startup,
    bench_timing,
    bench_turns,
)


def test_reference_pickle_saves_round_trip() -> None:
    world = bench_engine.played_world(60)
    copy = bench_reference.decode_save(bench_reference.encode_save(world), world.build_floor)
    assert copy.state_hash() == world.state_hash()
    copy.step(Wait())  # and the copy still plays
    assert copy.turn == world.turn + 1


def test_save_figures_and_the_report_format() -> None:
    report = bench_report.Report(True)
    plan = replace(bench_timing.QUICK, saves=1, reference_saves=1)
    bench_saves.save_figures(report, plan)
    names = [figure.name for figure in report.figures]
    assert any(name.startswith("save ") for name in names)
    assert any(name.startswith("load ") for name in names)
    assert report.comparisons and report.sizes
    text = bench_report.format_report(report)
    assert "pickle" in text and "ref/ours" in text
    assert all(f.median_ms >= 0 for f in report.figures)


def test_monster_phase_worlds_are_crowded_and_due() -> None:
    world = bench_engine.crowded_world(80, 45, 200, 1)
    monsters = [a for a in world.floor.actors.values() if a.id != 1]
    assert len(monsters) == 200
    assert all(m.next_time <= world.time < world.player.next_time for m in monsters)
    world.advance(world.player.next_time, stop_for_player=True)
    assert all(m.next_time >= world.player.next_time for m in monsters)


def test_the_sleepers_floor_rests_and_is_compared_with_the_tutorial() -> None:
    world = bench_engine.sleeping_world(300, 1)
    resting = world.schedule.resting
    assert len(resting) == 300  # every sleeper off the schedule after its first turn
    assert not any(world.floor.visible.item(m.x, m.y) for m in resting.values())
    report = bench_report.Report(True)
    plan = replace(bench_timing.QUICK, steps=5, phase=2)
    bench_engine.sleepers_phase(report, plan)
    assert [f.name for f in report.figures] == ["monster phase 80x45, 1000 asleep out of view"]
    assert report.comparisons[0].approach.startswith("every monster asks")


def test_agent_env_figures_are_measured() -> None:
    notes: list[str] = []
    figures = list(bench_env.agent_env(40, notes))
    assert [f.name for f in figures] == [
        "env step, random actions",
        "env step, moves and waits only",
        "env reset",
        "env observation build",
    ]
    assert all(f.median_ms > 0 for f in figures)
    assert [f.runs for f in figures] == [40, 40, 10, 40]
    targets = {f.name: f.target_ms for f in figures}
    assert targets["env reset"] == 0.8 and targets["env step, random actions"] == 1 / 60
    assert targets["env step, moves and waits only"] == 1 / 25
    assert [n.split(":")[0] for n in notes] == [
        "env step, random actions",
        "env step, moves and waits only",
    ]
    assert all("a second of CPU time over all 40" in n and "target >= " in n for n in notes)
    turns = [re.search(r"steps and ([\d,]+) game turns a second", n) for n in notes]
    assert all(turns) and int(turns[1].group(1).replace(",", "")) > 0  # type: ignore[union-attr]


def test_start_up_is_timed_in_cpu_beside_its_anchors() -> None:
    figures = bench_startup.startup(1)
    game, platform, version, nothing, title = figures
    assert "first frame" in game.name and "anchor" in platform.name and "title" in title.name
    assert version.target_ms == bench_startup.VERSION_TARGET_MS and "anchor" in nothing.name
    assert all(f.median_ms > 0 for f in figures)
    assert nothing.median_ms < game.median_ms  # a game's start does more than nothing
    assert nothing.median_ms < title.median_ms
    share = bench_startup.floor_share(figures)
    assert "to first frame: the platform's floor" in share and "to the title screen" in share


def test_every_start_is_measured_with_one_openblas_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The game gives OpenBLAS one thread; the platform's floor is started the same way
    whatever process runs the harness (its default threads cost the floor 40-60 ms)."""
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    with bench_startup.start_env() as env:
        assert env["OPENBLAS_NUM_THREADS"] == "1"


def test_turn_figures_are_the_tail_against_a_frame() -> None:
    times = [1.0] * 98 + [3.0, 20.0]
    median, p99, longest, floor = bench_turns.turn_figures(times, [5.0, 7.0])
    assert median.median_ms == 1.0 and median.runs == 100
    assert p99.target_ms == 4.0 and 3.0 <= p99.median_ms <= 20.0
    assert longest.median_ms == 20.0 and longest.verdict == "SLOW"
    assert floor.median_ms == 7.0 and floor.verdict == "ok"


def test_compare_refuses_a_folder_that_is_no_checkout(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a checkout"):
        bench_compare.compare(tmp_path)


def test_comparison_table_says_whether_the_games_are_the_same(tmp_path: Path) -> None:
    values = {
        "start-up to first frame, CPU ms": {"this": [100.0, 110.0], "ref": [200.0, 220.0]},
        "bot games' digest (crc32)": {"this": [7.0, 7.0], "ref": [7.0, 8.0]},
    }
    text = bench_compare.format_comparison(tmp_path, values, [1.0, 2.0])
    assert "2.00x" in text and "GAMES DIFFER" in text and "1.0, 2.0" in text
    assert "platform's floor" not in text  # no anchor measured, no share
    values[bench_compare.PLATFORM] = {"this": [75.0, 75.0], "ref": [75.0, 75.0]}
    text = bench_compare.format_comparison(tmp_path, values, [1.0, 2.0])
    assert text.endswith("this 0.71x, REF 0.36x (target >= 0.75x)")


def without_modules(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """Make ``names`` (and their submodules) fail to import, as if not installed; the
    env package is forgotten too, so that it is imported afresh (all undone after)."""
    for name in [m for m in sys.modules if m == "emberdeep.env" or m.startswith("emberdeep.env.")]:
        monkeypatch.delitem(sys.modules, name)
    for name in names:
        monkeypatch.setitem(sys.modules, name, None)


def test_without_gymnasium_the_report_says_which_figures_were_skipped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    without_modules(monkeypatch, "gymnasium")
    report = bench_report.Report(True)
    bench_env.agent_env_figures(report, 40)
    assert report.figures == []
    [note] = report.notes  # one line: which figures, why, and how to get them
    assert "\n" not in note
    assert all(name in note for name in bench_env.ENV_FIGURES)
    assert "gymnasium" in note and 'pip install -e ".[env]"' in note
    assert bench_report.format_report(report).endswith(note)  # printed, as the last line
    assert bench_report.to_json(report)["notes"] == [note]


def test_a_broken_env_package_is_not_blamed_on_gymnasium(monkeypatch: pytest.MonkeyPatch) -> None:
    without_modules(monkeypatch, "emberdeep.env")
    report = bench_report.Report(True)
    bench_env.agent_env_figures(report, 40)
    [note] = report.notes
    assert "emberdeep.env cannot be imported" in note and "pip install" not in note


def test_agent_platform_figures_and_the_nle_note() -> None:
    report = bench_report.Report(True)
    report.figures += bench_agents.snapshot_figures(3)
    report.figures += bench_agents.text_figures(3)
    bench_agents.vector_figures(report, 2)
    names = [f.name for f in report.figures]
    assert names[:3] == ["env snapshot, depth 1", "env restore, depth 1", "env branch(1), depth 1"]
    assert [f.target_ms for f in report.figures[:3]] == [1.0] * 3
    assert "not restored before" in names[3] and report.figures[3].target_ms is None
    assert sum("vector env" in name for name in names) == 3 and "text env step" in names[4]
    assert any("2 workers / 1 worker" in note for note in report.notes)
    bench_agents.compare_nle(report, 5, rounds=1)
    assert "NetHackScore-v0" in report.notes[-1]


def test_the_monster_phase_growth_is_the_exponent_from_100_to_1000_hunters() -> None:
    report = bench_report.Report(quick=True)
    for count, ms in ((100, 1.0), (1000, 10.0**0.8), (10, 0.5)):
        report.figures.append(
            bench_report.figure(f"monster phase 80x45, {count} chasing", [ms], None)
        )
    assert bench_engine.growth(report).endswith("hunters ** 0.80 (target k <= 1.0) ok")
    report.figures[1] = bench_report.figure("monster phase 80x45, 1000 chasing", [12.0], None)
    assert bench_engine.growth(report).endswith("hunters ** 1.08 (target k <= 1.0) SLOW")


def test_the_phase_probe_times_a_crowd_of_each_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_probe, "PHASE_RUNS", 2)
    medians = bench_probe.crowd_phase()
    assert list(medians) == ["100", "1000"] and all(ms > 0 for ms in medians.values())
