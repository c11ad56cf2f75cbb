"""Gear's figures in words, from the engine's one answer (``items.worth``'s bonus): what
wearing it does to the player's own figures. The details screen lists them all; a ring's
pack row leads with them, where its description alone once read "worn; Power" (the
kind's "Power: +1 for each point of its enchantment", cut at its colon).
"""

from __future__ import annotations

import re

from emberdeep.engine.play.world import ACTION_TIME
from emberdeep.engine.things.items import Bonus


def bonus_figures(gain: Bonus) -> list[str]:
    """Each figure of ``gain`` that is not zero, in its unit: "Power +2", "Defense +3",
    "moves take 12% less time", "healing 100% faster"..."""
    numbers = []
    if gain.power:
        numbers.append(f"Power {gain.power:+d}")
    if gain.defense:
        numbers.append(f"Defense {gain.defense:+d}")
    if gain.move_time:
        numbers.append(f"moves take {percent_longer(gain.move_time)}")
    if gain.noise:
        often = "likelier" if gain.noise > 0 else "less often"
        numbers.append(f"sleepers wake {abs(gain.noise)}% {often}")
    for amount, words in (
        (gain.regeneration, "healing {}% faster"),
        (gain.recharging, "staffs recharge {}% faster"),
        (gain.awareness, "{}% likelier to notice a trap"),
        (gain.clairvoyance, "walls seen through within {} tiles"),
    ):
        if amount:
            numbers.append(words.format(amount))
    return numbers


def percent_longer(time: int) -> str:
    """Time added to an action's, in words: "30% longer", "6% less time"."""
    share = abs(time) * 100 // ACTION_TIME
    return f"{share}% longer" if time > 0 else f"{share}% less time"


RING_FIGURES = (
    ("power", "Power", "", 1), ("defense", "Defense", "", 1), ("move_time", "Speed", "%", -1),
    ("noise", "Stealth", "%", -1), ("regeneration", "Healing", "%", 1),
    ("recharging", "Recharge", "%", 1), ("awareness", "Searching", "%", 1),
    ("clairvoyance", "Clairvoyance", "", 1),
)  # fmt: skip
"""A ring's figure, short enough for its pack row: the ``Bonus`` field, its label, its
unit, and the sign that makes more better (less time is more speed)."""
RING_LABEL = re.compile(r"^[^:.]+:")
"""A ring's description opens with what it betters ("Power: +1 for each point...")."""


def ring_figures(gain: Bonus) -> str:
    """What a ring gives, short: "Power +2", "Speed +12%", "Stealth -10%" (a cursed
    one); "" when it gives nothing known."""
    figures = [
        f"{label} {getattr(gain, name) * sign:+d}{unit}"
        for name, label, unit, sign in RING_FIGURES
        if getattr(gain, name)
    ]
    return ", ".join(figures)


def ring_description(text: str, gain: Bonus) -> str:
    """A ring's description led by what it gives now ("Power +2: +1 for each point of
    its enchantment.", "Speed +12%: 6% less time for each point..."), so its pack row,
    cut at the colon, still shows its figure; as written when it gives nothing known
    (its enchantment not learnt yet)."""
    figures = ring_figures(gain)
    return RING_LABEL.sub(figures + ":", text, count=1) if figures else text
