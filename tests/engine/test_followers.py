"""Who takes the stairs with the player, and who stays: one rule in the engine
(``monsters/stairs.followers``), told as it happened (hand play saw a paralysed bloat
follow, and an ally "follow you down the stairs" after a potion of descent)."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Descend, Move, Use
from emberdeep.engine.core.actors import Actor, ActorKind, Mode
from emberdeep.engine.core.events import Followed, LeftBehind
from emberdeep.engine.creatures import statuses
from emberdeep.engine.monsters import stairs
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from tests.helpers import ORC, add_monster, steps, texts, world_from_text

CONTENT = loader.load()
KINDS = CONTENT.hero.kinds
ITEMS = {k.key: k for k in CONTENT.population.items.kinds}
TRAPS = {k.key: k for k in CONTENT.population.traps.kinds} if CONTENT.population.traps else {}

ROOM = """
##############
#@...........#
#............#
#...........>#
##############
"""


def ally(world: World, kind: ActorKind, x: int, y: int) -> Actor:
    monster = add_monster(world, kind, x, y, hunting=False)
    monster.mode = Mode.ALLY
    return monster


def on_the_stairs() -> World:
    world = world_from_text(ROOM)
    world.floor.move_actor(world.player, 12, 3)
    return world


def test_a_paralysed_hunter_at_your_heels_stays_behind() -> None:
    world = on_the_stairs()
    bloat = add_monster(world, ORC, 11, 3)
    statuses.apply(world, bloat, statuses.PARALYSED, 3, "trap")
    assert stairs.followers(world.floor, world.player, world.kinds) == []
    events = steps(world.step(Descend()))
    assert world.depth == 2 and not any(isinstance(e, Followed) for e in events)
    assert bloat in world.kept[1].actors.values()


def test_an_entranced_hunter_stays_behind() -> None:
    world = on_the_stairs()
    orc = add_monster(world, ORC, 11, 3)
    statuses.apply(world, orc, statuses.CONFUSED, 6, "bolt")
    assert stairs.followers(world.floor, world.player, world.kinds) == []


def test_a_held_or_paralysed_ally_is_left_and_told_why() -> None:
    world = on_the_stairs()
    near = ally(world, KINDS["goblin"], 11, 3)
    statuses.apply(world, near, statuses.HELD, 3, "grip")
    assert stairs.left_behind(world.floor, world.player, world.kinds) == [near]
    events = steps(world.step(Descend()))
    assert [e for e in events if isinstance(e, LeftBehind)] == [
        LeftBehind(near.who, (11, 3), "down", stuck=True)
    ]
    assert "You go down the stairs without your goblin: it was in no state to follow." in texts(
        events
    )


def test_no_creature_follows_a_potion_of_descent_and_the_ally_left_is_told_so() -> None:
    world = on_the_stairs()
    friend = ally(world, KINDS["goblin"], 11, 3)
    add_monster(world, ORC, 11, 2)  # at the drinker's heels: by the stairs it would follow
    assert stairs.left_behind(world.floor, world.player, world.kinds, by_stairs=False) == [friend]
    world.inventory.append(Item(ITEMS["descent_potion"]))
    events = steps(world.step(Use(0)))
    assert world.depth == 2
    assert [a.kind for a in world.floor.actors.values()] == ["player"]
    said = texts(events)
    assert not any("follows you" in line for line in said)
    assert "Your goblin is left behind on the floor above." in said


def test_no_creature_follows_a_fall_through_a_trapdoor() -> None:
    world = world_from_text(ROOM)
    world.floor.traps[(2, 1)] = Trap(TRAPS["trapdoor"], 2, 1)
    add_monster(world, ORC, 1, 2)
    friend = ally(world, KINDS["goblin"], 2, 2)
    events = steps(world.step(Move(1, 0)))
    assert world.depth == 2
    assert [a.kind for a in world.floor.actors.values()] == ["player"]
    assert not any(isinstance(e, Followed) for e in events)
    assert [e for e in events if isinstance(e, LeftBehind)] == [
        LeftBehind(friend.who, (2, 2), "fell")
    ]
