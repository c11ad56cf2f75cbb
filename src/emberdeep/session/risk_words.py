"""The words for a run that stopped before a risky step: what lies there, which way,
and what the player can do about it.

The engine's stop names the cell and the kind of risk (``autopilot.risk_at``); a stop
that said only "deep water, a trap or gas" left a tester who had crossed a pressure
plate wondering what explore still feared (it was the next risk on, unnamed).
"""

from __future__ import annotations

from emberdeep.engine.play.autopilot import Stop
from emberdeep.session.grammar import capitalized
from emberdeep.session.names import Names
from emberdeep.session.surroundings import bearing

ADVICE = {
    "deep_water": "wade in yourself (it may sweep away what you carry), or go round",
    "fire": "wait for it to burn out, or go round",
    "gas": "wait for it to clear, or go round",
}
"""What to do about each risk that is not a trap (a trap: step on it yourself, or go
round)."""
STAIRS = ", or press > to walk round to the stairs down"
"""Added when the stairs down can be reached without the risk ("risky_stairs")."""


def risk_stop(names: Names, stop: Stop, here: tuple[int, int]) -> str:
    """ "A pressure plate lies in the way (north-east): step on it yourself, or go
    round." for a stop before a risky step from ``here``."""
    what = stop.risk
    if what in ADVICE:
        noun, advice = what.replace("_", " "), ADVICE[what]
    elif what:
        noun, advice = names.trap(what).a, "step on it yourself, or go round"
    else:
        noun, advice = "danger", "take that step yourself, or go round"
    stairs = STAIRS if stop.why == "risky_stairs" else ""
    return f"{capitalized(noun)} lies in the way{way_to(stop.at, here)}: {advice}{stairs}."


def way_to(at: tuple[int, int] | None, here: tuple[int, int]) -> str:
    """ " (north-east, 5 steps)" from ``here`` to ``at``; " (north-east)" next to it; ""
    for no cell."""
    if at is None:
        return ""
    steps = max(abs(at[0] - here[0]), abs(at[1] - here[1]))
    direction = bearing(at[0] - here[0], at[1] - here[1])
    return f" ({direction})" if steps == 1 else f" ({direction}, {steps} steps)"
