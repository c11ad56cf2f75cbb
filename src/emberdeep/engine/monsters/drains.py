"""A vampire: each bite takes maximum health for good, and hurt it breaks into a cloud of
bats and is gone, to come back mended. A long fight costs what no potion of healing
gives back, so it asks the player to end the fight quickly (strike hard, first, from
afar) or not to start it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Ability, Actor, Mode
from emberdeep.engine.core.events import Grew
from emberdeep.engine.creatures import awareness
from emberdeep.engine.monsters.abilities import Blink, Summon, ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

LEAST_MAX_HP = 5
"""Maximum health is never drained below this."""


@ability("wither", "strikes", amount=(1, 100, None))
def wither(world: World, striker: Actor, target: Actor, known: Ability) -> None:
    """Its blows that draw blood take ``amount`` of the victim's maximum health."""
    amount = min(known.number("amount"), target.max_hp - LEAST_MAX_HP)
    if amount <= 0 or not target.alive:
        return
    target.max_hp -= amount
    target.hp = min(target.hp, target.max_hp)
    if target.is_player:  # (an ally's loss shows on its health bar)
        world.emit(Grew("health", -amount, striker.who))


@ability(
    "scatter", "struck", words={"kind": "monster"},
    below=(1, 100, 50), count=(1, 8, 3), reach=(2, 20, 9), least=(2, 20, 5),
)  # fmt: skip
def scatter(world: World, struck: Actor, striker: Actor, known: Ability) -> None:
    """A blow that leaves it under ``below`` percent of its health breaks it into
    ``count`` creatures of ``kind`` around it, and it is gone to somewhere in sight at
    least ``least`` tiles off, fleeing (once: it must mend before it scatters again)."""
    if not struck.alive or struck.hp * 100 >= struck.max_hp * known.number("below"):
        return
    if struck.mode == Mode.FLEEING or not struck.hostile:
        return
    Summon(known.text("kind"), known.number("count"), "scatter").perform(world, struck)
    Blink(striker, known.number("reach"), known.number("least")).perform(world, struck)
    awareness.set_mode(world, struck, Mode.FLEEING)
