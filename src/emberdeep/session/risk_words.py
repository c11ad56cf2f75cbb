"""The words for a run that stopped before a risky step: what lies there, which way,
and what the player can do about it.

The engine's stop names the cell and the kind of risk (``autopilot.risk_at``); a stop
that said only "deep water, a trap or gas" left a tester who had crossed a pressure
plate wondering what explore still feared (it was the next risk on, unnamed).

Explore stops before a risk only when all it has left lies past one (a risk costs
``autopilot.RISK_COST`` steps: a dry way round is taken when there is one), and its
"or_stairs" words apply only when the stairs down are known and reachable dry. Hand play
met a pressure plate that was the only way to a room, with the stairs not found yet (or
past the plate too): every press of explore walked back to it and said the same "step
on it yourself, or go round", 25 times. A risk told of once on a floor (``ToldRisks``)
is told next time as what it is: the end of what explore will do here.
"""

from __future__ import annotations

from emberdeep.engine.play.autopilot import Stop
from emberdeep.session.grammar import capitalized
from emberdeep.session.names import Names
from emberdeep.session.surroundings import bearing

ADVICE = {
    "deep_water": "wade in yourself (the current may wash what you carry ashore), or go round",
    "fire": "wait for it to burn out, or go round",
    "gas": "wait for it to clear, or go round",
}
"""What to do about each risk that is not a trap (a trap: step on it yourself, or go
round)."""
STAIRS = ", or press > to walk round to the stairs down"
"""Added when the stairs down can be reached without the risk ("risky_stairs")."""


def risk_stop(names: Names, stop: Stop, here: tuple[int, int], again: bool = False) -> str:
    """ "A pressure plate lies in the way (north-east): step on it yourself, or go
    round." for a stop before a risky step from ``here``; ``again`` (told before): "All
    explore can reach lies past the pressure plate (north-east): ..."."""
    what = stop.risk
    if what in ADVICE:
        noun, advice = what.replace("_", " "), ADVICE[what]
    elif what:
        noun, advice = names.trap(what).a, "step on it yourself, or go round"
    else:
        noun, advice = "danger", "take that step yourself, or go round"
    stairs = STAIRS if stop.why == "risky_stairs" else ""
    where = way_to(stop.at, here)
    if again:
        the = names.trap(what).the if what and what not in ADVICE else f"the {noun}"
        onward = "press > for the stairs down" if stairs else "search (s) for another way"
        return f"All explore can reach lies past {the}{where}: cross it, or {onward}."
    return f"{capitalized(noun)} lies in the way{where}: {advice}{stairs}."


class ToldRisks:
    """The risks a run stopped before, by floor and cell: a stop told once is told
    again as the end of the way (``risk_stop``'s ``again``)."""

    def __init__(self) -> None:
        self.told: set[tuple[int, tuple[int, int]]] = set()

    def again(self, depth: int, stop: Stop) -> bool:
        """Whether ``stop`` (a stop before a risk at ``stop.at`` on floor ``depth``) was
        told before; remembers it."""
        if stop.why not in ("risky", "risky_stairs") or stop.at is None:
            return False
        key = (depth, stop.at)
        told = key in self.told
        self.told.add(key)
        return told


def way_to(at: tuple[int, int] | None, here: tuple[int, int]) -> str:
    """ " (north-east, 5 steps)" from ``here`` to ``at``; " (north-east)" next to it; ""
    for no cell."""
    if at is None:
        return ""
    steps = max(abs(at[0] - here[0]), abs(at[1] - here[1]))
    direction = bearing(at[0] - here[0], at[1] - here[1])
    return f" ({direction})" if steps == 1 else f" ({direction}, {steps} steps)"
