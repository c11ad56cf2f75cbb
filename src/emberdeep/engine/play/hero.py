"""Who the player starts as: the one thing content hands the engine to make a new world.

A module of its own, below ``world``, so that content (which builds the hero from its
tables) and the saves and replays that make worlds name the hero without importing the
world and everything it plays with: the title screen's first frame loads content and
imports neither.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from emberdeep.engine.core.actors import ActorKind, Progression
from emberdeep.engine.things import identify, items

TUTORIAL_PLAYER = ActorKind("player", "Player", hp=30, defense=1, power=2)


class Hero(msgspec.Struct, frozen=True):
    """Who the player starts as: stats, starting kit (worn if wearable), progression."""

    kind: ActorKind = TUTORIAL_PLAYER
    start_items: tuple[items.ItemKind, ...] = ()
    progression: Progression = msgspec.field(default_factory=Progression)
    catalogue: identify.Catalogue = msgspec.field(default_factory=identify.Catalogue)
    """The kinds the hero does not know yet, and the looks dealt to them."""
    kinds: Mapping[str, ActorKind] = msgspec.field(default_factory=dict)
    """Every creature kind by key: what play may bring forth (a summoner's summons).
    Carried by the hero because every new world is made with one."""
