"""What the player's allies did: how many were freed, whom they killed, how each died.

Kept on the world (``World.fellowship``) and saved with it, for the morgue and for
``emberdeep balance`` (``allies_freed``). Told here as it happens, from the two moments
the engine already has: a creature killed (``harm.take``) and a creature dead
(``harm.die``). No English: the morgue words it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.core.actors import Actor, Mode, saturating
from emberdeep.engine.core.events import AllyDied
from emberdeep.records import MutableRecord

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World


class Loss(msgspec.Struct, frozen=True):
    """An ally dead for good: its kind, the depth, its killer's kind ("" when no creature
    did it) and the cause ("poison", "faded"; "" for a blow)."""

    kind: str
    depth: int
    killer: str = ""
    cause: str = ""


@dataclass(eq=False, repr=False)
class Fellowship(MutableRecord):
    """The allies' record over a game."""

    freed: int = 0
    """Captives freed (each became an ally)."""
    kills: dict[str, int] = field(default_factory=dict)
    """Kind -> how many of them the allies killed."""
    lost: list[Loss] = field(default_factory=list)
    """The allies that died, in order."""

    def state(self) -> tuple[object, ...]:
        """For ``World.state_hash`` (empty in a game without allies, so older games keep
        their hashes)."""
        if not (self.freed or self.kills or self.lost):
            return ()
        return (self.freed, sorted(self.kills.items()), self.lost)


def credit(world: World, victim: Actor, killer: Actor | None) -> None:
    """``killer`` killed ``victim``: an ally's kill is counted for the morgue, and the
    player learns from it as from their own (Brogue's allies share experience)."""
    if killer is None or killer.mode != Mode.ALLY or victim.friendly:
        return
    kills = world.fellowship.kills
    kills[victim.kind] = kills.get(victim.kind, 0) + 1
    world.player.xp = saturating(world.player.xp, victim.xp)


def mourn(world: World, dead: Actor, killer: Actor | None, cause: str) -> None:
    """``dead`` died: an ally's death is recorded and told (``AllyDied``); a conjured
    ally (a spectral blade, ``leaves_remains`` false) only ever fades, unmourned."""
    kind = world.kinds.get(dead.kind)
    if dead.mode != Mode.ALLY or (kind is not None and not kind.leaves_remains):
        return
    world.fellowship.lost.append(
        Loss(dead.kind, world.depth, killer.kind if killer is not None else "", cause)
    )
    world.emit(AllyDied(dead.who, dead.position, killer.who if killer else None, cause))
