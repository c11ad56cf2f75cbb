"""The registry of item effects: what each ``effect`` named in content does when used,
and the facts about it everything else asks instead of its name.

One entry per effect, registered where its function is written (``magic.py``) with
``@effect("name", aims=..., flight=..., ...)``, so adding one is a function and a line of
content. Like a row of Brogue's bolt table, an entry carries its facts: how it flies,
what it may be aimed at, whether it is made for throwing, what using it gives away, and
what the bot and the screens need to know of it (that it strikes foes, feeds, opens
doors, wins the game). Nothing outside the engine and content compares an effect's
name with a literal (``tests/test_seams.py``): it reads these facts.

Kept apart from the functions so ``items.py`` can ask how a kind is aimed without
importing what the effects need.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, TypeAlias

import msgspec

from emberdeep.engine.core.flight import Rule, Stops

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.events import Refused
    from emberdeep.engine.play.world import World
    from emberdeep.engine.things.items import Item

Target: TypeAlias = "tuple[int, int] | Item | None"
"""What a use is aimed at: a cell, one of the user's items, or nothing."""
Use: TypeAlias = "Callable[[World, Actor, Item, Target], Refused | None]"
"""Does the effect, emitting what happens; or says why it cannot (nothing changed)."""
Fits: TypeAlias = "Callable[[World, Item], bool]"
"""Whether an effect aimed at the user's items may be spent on this one."""


class Aim(str, Enum):
    """What the player aims a use at."""

    NOTHING = "nothing"
    """Not aimed: it acts on its user, or finds its own mark (a scroll of lightning)."""
    FOES = "foes"
    """A creature hostile to the user (a bolt, a scroll of confusion)."""
    ALLIES = "allies"
    """A creature on the user's side."""
    CELLS = "cells"
    """A cell in view, whoever is there (a fireball's centre, a blink's landing)."""
    ITEMS = "items"
    """One of the user's own items (a scroll of enchanting)."""


class Measure(str, Enum):
    """What content's ``amount`` counts for an effect, so the screens can give the figure
    its unit (hand play read a ration's "Strength 1800")."""

    NOTHING = "nothing"
    """Nothing the player reads (the gas a thrown potion lets out)."""
    DAMAGE = "damage"
    """Damage to what it strikes."""
    HEALTH = "health"
    """Percent of the health of whom it mends."""
    FOOD = "food"
    """Turns of food."""
    CREATURES = "creatures"
    """Creatures it calls up."""


AIMED = frozenset({Aim.FOES, Aim.ALLIES, Aim.CELLS})
"""Aims chosen on the map (the targeting screen)."""

BOLT = Rule(Stops.FIRST)
"""A bolt: to the cell aimed at, striking the first creature in line, stopped by walls."""
ARC = Rule(Stops.THROUGH, reach=10, past=True)
"""Lightning from a staff: through every creature along the line, ten cells past its
start whatever cell it is aimed at, stopped by walls."""
THROWN = Rule(Stops.FIRST, reach=8, low=True)
"""Anything thrown: eight cells at most, to the first creature; it falls into a chasm."""
LEAP = Rule(Stops.BEFORE, low=True)
"""A blink: along the ground, halting before a wall or a creature (reach by the staff)."""
SEEK = Rule(Stops.THROUGH)
"""A scroll of lightning: to the creature it finds, through any on the way."""


class Effect(msgspec.Struct, frozen=True):
    use: Use
    aims: Aim = Aim.NOTHING
    flight: Rule | None = None
    """How it flies from its user (None: it strikes its cell, or its user, directly)."""
    consumes: bool = True
    """Using it spends one (a potion) or a charge (a wand), and is announced ("You drink
    the murky violet potion."); equipment is worn instead, and some kinds are never used."""
    reveals: bool = True
    """Using it teaches the player what it is."""
    thrown: bool = False
    """Made for throwing (a dart): thrown first, and hits as a weapon."""
    worn: bool = False
    """Worn, not used up: weapons, armour, rings."""
    strikes: bool = False
    """It harms or hinders the foes it reaches: what a fighter uses on them."""
    backfires: bool = False
    """Bad for whoever uses it, whatever it meets (aggravation, a potion of caustic gas)."""
    mends: bool = False
    """It restores its user's health."""
    feeds: bool = False
    """It is eaten."""
    lasting: bool = False
    """It improves its user or their gear for good (strength, life, enchanting)."""
    identifies: bool = False
    """It tells what other items are."""
    opens: bool = False
    """It opens a locked door (a vault's key)."""
    wins: bool = False
    """The game's goal: carried out of the dungeon, it wins."""
    fits: Fits | None = None
    """For ``Aim.ITEMS``: which of the user's items it may be spent on."""
    gamble: bool = False
    """What it does to a foe is as likely worse as better (a polymorph): worth it only
    against a foe that would win anyway."""
    binds: bool = False
    """It may make the creature struck an ally, likelier the more hurt it is."""
    pulls: bool = False
    """It brings the creature struck to its user (a foe that strikes from afar)."""
    negates: bool = False
    """It strips magic: conjured things vanish, statuses end."""
    escapes: bool = False
    """It takes its user out of a fight (to elsewhere on the floor, or below)."""
    recharges: bool = False
    """It fills the user's staffs."""
    measures: Measure = Measure.NOTHING
    """What its kind's ``amount`` counts."""


EFFECTS: dict[str, Effect] = {}


def effect(
    name: str,
    aims: Aim = Aim.NOTHING,
    *,
    flight: Rule | None = None,
    consumes: bool = True,
    reveals: bool = True,
    thrown: bool = False,
    worn: bool = False,
    strikes: bool = False,
    backfires: bool = False,
    mends: bool = False,
    feeds: bool = False,
    lasting: bool = False,
    identifies: bool = False,
    opens: bool = False,
    wins: bool = False,
    fits: Fits | None = None,
    gamble: bool = False,
    binds: bool = False,
    pulls: bool = False,
    negates: bool = False,
    escapes: bool = False,
    recharges: bool = False,
    measures: Measure = Measure.NOTHING,
) -> Callable[[Use], Use]:
    """Decorator: the function is what content's ``effect = "name"`` does, with its
    facts (``Effect``)."""
    if (fits is not None) != (aims is Aim.ITEMS):
        raise ValueError(f"effect {name!r}: fits is for what is aimed at items, and only it")

    def register(use: Use) -> Use:
        EFFECTS[name] = Effect(
            use, aims, flight, consumes, reveals, thrown, worn, strikes, backfires, mends,
            feeds, lasting, identifies, opens, wins, fits, gamble, binds, pulls, negates,
            escapes, recharges, measures,
        )  # fmt: skip
        return use

    return register
