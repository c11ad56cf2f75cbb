"""What the aiming line warns of before a use is confirmed: the engine's answer
(``targets.plan``) in words, so the screen never works a rule out for itself.

A throw at what is farther than the thing flies used to go and fall short with only
"The dart strikes nothing and falls.", and a fire bolt cast from the grass set the
caster's own ground alight unwarned: both are said while the cursor is on them.
"""

from __future__ import annotations

from emberdeep.session.grammar import Noun


def too_far(name: str, reach: int) -> str:
    """``name`` (the item as the player knows it) flies ``reach`` steps, short of the
    cell aimed at: "Too far: darts fly 8 steps."."""
    return f"Too far: {Noun.named(name).plural} fly {reach} steps."


def out_of_range(name: str, reach: int) -> str:
    """A staff or wand aimed at a creature farther than it reaches (``targets.plan``'s
    "out_of_range"): "Too far: the Staff of Spears reaches 6 steps."."""
    return f"Too far: the {name} reaches {reach} steps."


NO_CLEAR_LINE = "A wall is in the way: it cannot reach there in a straight line."
"""Aimed past a corner at what is in view: the flight meets the wall first."""

FIRE_NEAR = {
    "under": "Fire would spread to where you stand!",
    "beside": "Fire would catch right beside you!",
}
"""Where the fire an aimed use sets may reach its user (``kindling.near_user``); said
only of a kind the player knows (``TargetingScreen.fire_near``)."""
