"""emberdeep balance: the figures a game's measures are made of."""

from __future__ import annotations

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


def test_each_policy_and_variant_is_reported_apart() -> None:
    games = [
        Outcome(1, "mixed", "weapon", result="victory"),
        Outcome(2, "mixed", "weapon", "stair-dance", result="stuck"),
    ]
    text = report(games)
    assert "policy weapon, build mixed: 1 games, won 1" in text
    assert "policy weapon, build mixed, stair-dance: 1 games, won 0" in text


def test_the_careful_variant_plays_and_its_starvation_is_counted() -> None:
    outcome = play(3, "mixed", cap=300, variant="careful")
    assert outcome.variant == "careful" and outcome.label.endswith(", careful")
    games = [
        Outcome(1, "mixed", variant="careful", result="starved to death", killer="starvation"),
        Outcome(2, "mixed", variant="careful", result="killed by an orc", killer="orc"),
    ]
    assert "starved 1 (50% of deaths)" in report(games)
