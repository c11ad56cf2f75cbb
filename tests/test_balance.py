"""emberdeep balance: the figures a game's measures are made of."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from emberdeep.tools import balance
from emberdeep.tools.balance import Outcome, play, report


def test_a_game_records_its_health_on_each_floor_and_its_close_calls() -> None:
    outcome = play(3, "mixed", cap=400)
    assert outcome.turns == 400 or outcome.result != "stuck"
    assert outcome.arrival[1] == 1.0 and set(outcome.lowest) == set(outcome.arrival)
    assert all(0 <= outcome.lowest[d] <= outcome.arrival[d] for d in outcome.arrival)
    assert not outcome.took_heart and not outcome.died_on_climb


def test_the_report_counts_climbs_close_calls_and_arrivals() -> None:
    games = [
        Outcome(1, "mixed", result="killed by a wraith", killer="wraith", depth=9, deepest=16,
                took_heart=True, died_on_climb=True, close_calls=3, arrival={1: 1.0, 9: 0.5},
                enchanted={"armor": 3}),
        Outcome(2, "mixed", result="victory", took_heart=True, close_calls=1,
                arrival={1: 1.0, 8: 0.7}, enchanted={"armor": 1, "ring": 2}),
    ]  # fmt: skip
    text = report(games)
    assert text.startswith("policy mixed, build mixed: 2 games, won 1 (50%)")
    assert "scrolls of enchanting spent per game: armor: 2.0, ring: 1.0" in text
    assert "took the Heart 2, died on the climb 1 (100% of deaths)" in text
    assert "close calls per game 2.00" in text
    assert "arrival at depths 8-16: 60% (2 arrivals)" in text


def test_a_game_counts_the_kinds_met_early_and_its_kills_by_means() -> None:
    outcome = play(3, "mixed", cap=600)
    means = outcome.kills_by_means
    assert list(means) == ["melee", "thrown", "magic", "allies", "other"]
    assert sum(means.values()) > 0 and means["allies"] == outcome.ally_kills
    assert sum(means.values()) - means["allies"] <= sum(outcome.kills.values())
    assert 1 <= outcome.kinds_met_early <= len(outcome.kills) + 10
    assert set(json.loads(json.dumps(asdict(outcome)))) >= {"kinds_met_early", "kills_by_means"}


def test_the_report_gives_the_median_kinds_met_and_the_thrown_share() -> None:
    games = [
        Outcome(1, "mixed", kinds_met_early=5, kills_by_means={"melee": 6, "thrown": 2}),
        Outcome(2, "mixed", kinds_met_early=9, kills_by_means={"melee": 1, "thrown": 1}),
        Outcome(3, "mixed", kinds_met_early=8, kills_by_means={"magic": 0}),
    ]
    text = report(games)
    assert "median monster kinds met on depths 1-4: 8;" in text
    assert "(thrown share 30%)" in text and "melee: 70%" in text


def test_each_policy_and_variant_is_reported_apart() -> None:
    games = [
        Outcome(1, "mixed", "weapon", result="victory"),
        Outcome(2, "mixed", "weapon", "stair-dance", result="stuck"),
    ]
    text = report(games)
    assert "policy weapon, build mixed: 1 games, won 1" in text
    assert "policy weapon, build mixed, stair-dance: 1 games, won 0" in text


def test_plot_draws_the_three_charts_from_the_json_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--from`` reads what ``--json`` wrote; the bars are as tall as the figures."""
    from dataclasses import asdict

    from emberdeep import cli
    from emberdeep.tools import balance_plot

    games = [
        balance.Outcome(1, "mixed", result="killed by an orc", depth=2, arrival={1: 1.0, 2: 0.5}),
        balance.Outcome(2, "mixed", result="killed by an orc", depth=2, arrival={1: 1.0, 2: 0.3}),
        balance.Outcome(3, "mixed", "weapon", result="victory", depth=1, arrival={1: 1.0}),
    ]
    records = tmp_path / "games.json"
    records.write_text(json.dumps([asdict(g) for g in games]))
    picture = tmp_path / "charts.png"
    assert cli.main(["balance", "--from", str(records), "--plot", str(picture)]) == 0
    assert picture.read_bytes().startswith(b"\x89PNG")
    pixels = balance_plot.draw(balance_plot.games_from(json.loads(records.read_bytes())))
    assert pixels.shape == (3 * balance_plot.PANEL, balance_plot.WIDTH, 4)

    def painted(colour: tuple[int, int, int], panel: int) -> int:
        rows = pixels[panel * balance_plot.PANEL : (panel + 1) * balance_plot.PANEL, :, :3]
        return int((rows == colour).all(axis=2).sum())

    orc = balance_plot.CAUSE_COLOURS[0]
    assert painted(orc, 0) > 0 and painted(orc, 1) == 0  # two orc deaths, in the first chart
    # Health on arrival: depth 1 at 100%, depth 2 at 40%; wins: mixed 0%, weapon 100%.
    assert 0.65 < painted(balance_plot.HEALTH, 1) / (2 * painted(balance_plot.WINS, 2)) < 0.75
    records.write_text(json.dumps({"not": "games"}))
    assert cli.main(["balance", "--from", str(records), "--plot", str(picture)]) == 1
    assert "cannot plot" in capsys.readouterr().err


def test_the_careful_variant_plays_and_its_starvation_is_counted() -> None:
    outcome = play(3, "mixed", cap=300, variant="careful")
    assert outcome.variant == "careful" and outcome.label.endswith(", careful")
    games = [
        Outcome(1, "mixed", variant="careful", result="starved to death", killer="starvation"),
        Outcome(2, "mixed", variant="careful", result="killed by an orc", killer="orc"),
    ]
    assert "starved 1 (50% of deaths)" in report(games)


def test_the_visitors_a_calm_floor_draws_are_counted() -> None:
    """Each ``Arrived`` the player heard is one visitor: the price of resting on."""
    outcome = play(3, "mixed", cap=1500, variant="careful")
    assert outcome.arrivals > 0
    games = [Outcome(1, "mixed", arrivals=3), Outcome(2, "mixed", arrivals=0)]
    assert "arrivals per game 1.5" in report(games)
