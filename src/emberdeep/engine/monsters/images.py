"""A monster that casts images of itself (Brogue's phantasms and mirrored totems): copies
that look, move and shoot like it but vanish at one blow and strike feebly, so it asks
the player which one is real, and to find out by striking, not by guessing. An image is a
creature of the same kind with the ``image`` status (``core/perception.IMAGE``), which no
panel lists; it leaves nothing when it dies, and ends when the status runs out
(``creatures/statuses.tick``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import msgspec

from emberdeep.engine.acts.actions import Action, ActionResult, bring_forth, done, summoned
from emberdeep.engine.chase.allies import foe_of, friends_near
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import HUNT_MEMORY, Ability, Actor, Mode
from emberdeep.engine.core.events import Refused
from emberdeep.engine.core.perception import IMAGE
from emberdeep.engine.creatures import harm
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

IMAGE_POWER = 1
"""An image's blows and shots: a sting, not a wound."""


@ability(
    "images", "turn", count=(1, 6, 3), lasts=(2, 100, 15), reach=(1, 20, 7), cost=(0, 100, 3)
)  # fmt: skip
def images(batch: Batch, i: int, known: Ability) -> Action | None:
    """When it sees its foe within ``reach`` and fewer than ``count`` of its images are
    about, cast images of itself to make up ``count``, each lasting ``lasts`` turns, at a
    ``cost`` in its own life (so striking images down wears the caster too, and a chase
    ends). An image casts none."""
    monster = batch.monsters[i]
    if monster.hp <= known.number("cost"):
        return None
    foe = foe_of(batch, i)
    if IMAGE in monster.statuses or foe is None or gap(monster, foe) > known.number("reach"):
        return None
    if monster.hostile and not batch.floor.visible.item(monster.x, monster.y):
        return None  # cast where the player sees it
    about = sum(
        1
        for o in friends_near(batch, monster, known.number("reach"))
        if o.kind == monster.kind and IMAGE in o.statuses
    )
    if about >= known.number("count"):
        return None
    monster.hp -= known.number("cost")
    return Mirror(known.number("count") - about, known.number("lasts"))


@ability("illusory", "struck")
def illusory(world: World, struck: Actor, striker: Actor, known: Ability) -> None:
    """An image that is struck and hurt is gone (the real one only bleeds)."""
    if IMAGE in struck.statuses and struck.alive:
        struck.hp = 0
        harm.die(world, struck, striker, "faded")


class Mirror(msgspec.Struct, frozen=True):
    """``count`` images of the caster around it, its health shown, lasting ``lasts``."""

    count: int
    lasts: int

    def perform(self, world: World, actor: Actor) -> ActionResult:
        made: list[Actor] = []
        template = replace(actor, next_time=world.time + actor.attack_time)
        for _ in range(self.count):
            where = world.floor.free_near(actor.x, actor.y, 2)
            if where is None:
                break
            image = bring_forth(world, template, *where, hp=actor.hp)
            image.statuses = {IMAGE: self.lasts}
            image.power, image.xp = IMAGE_POWER, 0
            if actor.mode != Mode.ALLY:
                image.mode, image.hunting = Mode.HUNTING, HUNT_MEMORY
            made.append(image)
        if not made:
            return Refused("no_room")
        world.emit(summoned(actor, made, actor.kind, "images"))
        return done(actor.attack_time)
