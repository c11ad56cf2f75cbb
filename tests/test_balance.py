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
        Outcome(1, "mixed", "killed by a wraith", "wraith", 9, 16, took_heart=True,
                died_on_climb=True, close_calls=3, arrival={1: 1.0, 9: 0.5}),
        Outcome(2, "mixed", "victory", took_heart=True, close_calls=1,
                arrival={1: 1.0, 8: 0.7}),
    ]  # fmt: skip
    text = report(games)
    assert "took the Heart 2, died on the climb 1 (100% of deaths)" in text
    assert "close calls per game 2.00" in text
    assert "arrival at depths 8-16: 60% (2 arrivals)" in text
