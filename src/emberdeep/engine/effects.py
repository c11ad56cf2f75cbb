"""The registry of item effects: what each ``effect`` named in content does when used,
how the player aims it, and what using it gives away.

One entry per effect, registered where its function is written (``magic.py``) with
``@effect("name", targeting=...)``, so adding one is a function and a line of content.
Kept apart from the functions so ``items.py`` can ask how a kind is aimed without
importing what the effects need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from emberdeep.engine.actors import Actor
    from emberdeep.engine.events import Refused
    from emberdeep.engine.items import Item
    from emberdeep.engine.world import World

Target: TypeAlias = "tuple[int, int] | Item | None"
"""What a use is aimed at: a cell, one of the user's items, or nothing."""
Use: TypeAlias = "Callable[[World, Actor, Item, Target], Refused | None]"
"""Does the effect, emitting what happens; or says why it cannot (nothing changed)."""
TARGETINGS = ("none", "single", "area", "item")
"""How the player aims: not at all, at a creature, at a tile, at one of their items."""


@dataclass(frozen=True)
class Effect:
    use: Use
    targeting: str = "none"
    consumes: bool = True
    """Using it spends one (a potion) or a charge (a wand), and is announced ("You drink
    the murky violet potion."); equipment is worn instead, and some kinds are never used."""
    reveals: bool = True
    """Using it teaches the player what it is."""


EFFECTS: dict[str, Effect] = {}


def effect(
    name: str, targeting: str = "none", *, consumes: bool = True, reveals: bool = True
) -> Callable[[Use], Use]:
    """Decorator: the function is what content's ``effect = "name"`` does."""
    if targeting not in TARGETINGS:
        raise ValueError(f"unknown targeting {targeting!r}")

    def register(use: Use) -> Use:
        EFFECTS[name] = Effect(use, targeting, consumes, reveals)
        return use

    return register
