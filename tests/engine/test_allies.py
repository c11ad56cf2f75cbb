"""Captives and allies: freeing takes turns, allies follow, fight, swap, wait, take the
stairs and die for good; hostiles fight them back and leave captives alone."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Ascend, Descend, Move, Wait
from emberdeep.engine.chase.allies import Order, next_order
from emberdeep.engine.core.actors import Actor, ActorKind, Mode
from emberdeep.engine.core.events import (
    AllyDied,
    Followed,
    Freed,
    Hurt,
    LeftBehind,
    Ordered,
    Refused,
    Shackles,
)
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.journal import decode_action, encode_action
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.engine.terrain import fire
from tests.helpers import ORC, STATUE, add_monster, steps, texts, world_from_text

CONTENT = loader.load()
KINDS = CONTENT.hero.kinds

ROOM = """
##############
#@...........#
#............#
#............#
#............#
#...........>#
##############
"""


def captive(world: World, kind: ActorKind, x: int, y: int, shackles: int = 3) -> Actor:
    monster = add_monster(world, kind, x, y, hunting=False)
    monster.mode, monster.shackles = Mode.CAPTIVE, shackles
    return monster


def ally(world: World, kind: ActorKind, x: int, y: int) -> Actor:
    monster = add_monster(world, kind, x, y, hunting=False)
    monster.mode = Mode.ALLY
    return monster


def test_freeing_a_captive_takes_a_turn_per_bump_and_makes_an_ally() -> None:
    world = world_from_text(ROOM)
    goblin = captive(world, KINDS["goblin"], 2, 1, shackles=3)
    first = steps(world.step(Move(1, 0)))
    assert [e.left for e in first if isinstance(e, Shackles)] == [2]
    assert world.player.position == (1, 1) and world.turn == 1
    steps(world.step(Move(1, 0)))
    last = steps(world.step(Move(1, 0)))
    assert any(isinstance(e, Freed) for e in last)
    assert goblin.mode == Mode.ALLY and goblin.shackles == 0
    assert world.fellowship.freed == 1
    assert "You free the goblin from its shackles. It joins you!" in texts(last)
    assert violations(world) == []


def test_a_captive_does_nothing_and_hostiles_leave_it_alone() -> None:
    world = world_from_text(ROOM)
    goblin = captive(world, KINDS["goblin"], 6, 3)
    orc = add_monster(world, ORC, 7, 3)
    for _ in range(5):
        steps(world.step(Wait()))
    assert goblin.hp == goblin.max_hp and goblin.position == (6, 3)
    assert goblin.mode == Mode.CAPTIVE and orc.mode == Mode.HUNTING


def test_moving_into_an_ally_swaps_places() -> None:
    world = world_from_text(ROOM)
    friend = ally(world, KINDS["goblin"], 2, 1)
    steps(world.step(Move(1, 0)))
    assert world.player.position == (2, 1) and friend.position == (1, 1)
    assert world.floor.occupant[2, 1] == 1 and world.floor.occupant[1, 1] == friend.id
    assert violations(world) == []


def test_an_ally_follows_the_player_and_fights_a_hostile() -> None:
    world = world_from_text(ROOM)
    friend = ally(world, KINDS["goblin"], 2, 2)
    friend.hp = friend.max_hp = 500
    friend.power = 20
    for _ in range(6):
        steps(world.step(Move(1, 0)))
    assert max(abs(friend.x - world.player.x), abs(friend.y - world.player.y)) <= 2
    orc = add_monster(world, ORC, 11, 4)
    for _ in range(12):
        steps(world.step(Wait()))
        if not orc.alive:
            break
    assert not orc.alive
    assert world.fellowship.kills == {"orc": 1}
    assert violations(world) == []


def test_a_hostile_strikes_an_ally_next_to_it_when_the_player_is_not() -> None:
    world = world_from_text(ROOM)
    world.player.hp = world.player.max_hp = 500
    friend = ally(world, STATUE, 5, 3)
    friend.hp = friend.max_hp = 200
    orc = add_monster(world, ORC, 6, 3)
    for _ in range(8):
        steps(world.step(Wait()))
    assert friend.hp < friend.max_hp
    assert orc.alive or world.fellowship.kills


def test_an_ally_dies_for_good_and_is_told() -> None:
    world = world_from_text(ROOM)
    world.player.hp = world.player.max_hp = 500
    friend = ally(world, KINDS["rat"], 3, 1)
    friend.hp = 1
    troll = add_monster(world, KINDS["troll"], 4, 1)
    troll.hp = troll.max_hp = 300
    events = []
    for _ in range(10):
        events += steps(world.step(Wait()))
        if not friend.alive:
            break
    assert not friend.alive
    assert any(isinstance(e, AllyDied) for e in events)
    assert [(x.kind, x.killer) for x in world.fellowship.lost] == [("rat", "troll")]


def test_allies_can_be_told_to_wait_and_to_follow() -> None:
    world = world_from_text(ROOM)
    friend = ally(world, KINDS["goblin"], 2, 2)
    assert next_order(world.floor, world.player) == Order(stay=True)
    told = steps(world.step(Order(stay=True)))
    assert any(isinstance(e, Ordered) and e.stay for e in told) and friend.stays
    for _ in range(8):
        steps(world.step(Move(1, 0)))
    assert friend.position == (2, 2)
    steps(world.step(Order(stay=False)))
    for _ in range(8):
        steps(world.step(Wait()))
    assert max(abs(friend.x - world.player.x), abs(friend.y - world.player.y)) <= 2
    assert decode_action(encode_action(Order(stay=True))) == Order(stay=True)


def test_telling_nobody_is_refused() -> None:
    world = world_from_text(ROOM)
    assert world.step(Order(stay=True)) == Refused("no_allies")


def test_a_following_ally_takes_the_stairs_and_a_waiting_one_does_not() -> None:
    world = world_from_text(ROOM)
    world.floor.move_actor(world.player, 11, 4)
    near = ally(world, KINDS["goblin"], 10, 4)
    waiting = ally(world, KINDS["kobold"], 10, 3)
    waiting.stays = True
    steps(world.step(Move(1, 1)))
    events = steps(world.step(Descend()))
    assert world.depth == 2
    here = [a for a in world.floor.actors.values() if a.mode == Mode.ALLY]
    assert [a.kind for a in here] == ["goblin"]
    assert "The goblin follows you down the stairs." in texts(events)
    assert near.id not in world.kept[1].actors and waiting.id in world.kept[1].actors
    assert violations(world) == []


def test_a_summoning_ally_calls_up_allies() -> None:
    world = world_from_text(ROOM)
    world.player.hp = world.player.max_hp = 500
    conjurer = ally(world, KINDS["goblin_conjurer"], 2, 2)
    conjurer.hp = conjurer.max_hp = 100
    orc = add_monster(world, ORC, 8, 2)
    orc.hp = orc.max_hp = 300
    for _ in range(3):
        steps(world.step(Wait()))
    blades = [a for a in world.floor.actors.values() if a.kind == "spectral_blade" and a.alive]
    assert blades and all(b.mode == Mode.ALLY and b.hunting == 0 for b in blades)
    assert violations(world) == []


def test_an_allied_archer_shoots_hostiles() -> None:
    world = world_from_text(ROOM)
    archer = ally(world, KINDS["goblin_archer"], 2, 2)
    orc = add_monster(world, ORC, 7, 2)
    orc.hp = orc.max_hp = 300
    steps(world.step(Wait()))
    steps(world.step(Wait()))
    assert orc.hp < orc.max_hp and archer.position == (2, 2)


def test_captives_and_allies_survive_a_save() -> None:
    world = world_from_text(ROOM)
    captive(world, KINDS["goblin"], 6, 3, shackles=4)
    friend = ally(world, KINDS["kobold"], 2, 2)
    friend.stays = True
    world.fellowship.freed = 2
    world.fellowship.kills["orc"] = 3
    data = snapshot.dump(world)
    items = {kind.key: kind for kind in CONTENT.population.items.kinds}
    loaded = snapshot.load(data, lambda depth, rng: world.floor, items, world.kinds)
    assert loaded.state_hash() == world.state_hash()
    assert loaded.fellowship == world.fellowship


def test_a_freed_captive_acts_at_once() -> None:
    """Regression: freeing moved its due time without scheduling it, and it stood for ever."""
    world = world_from_text(ROOM)
    goblin = captive(world, KINDS["goblin"], 2, 1, shackles=1)
    steps(world.step(Move(1, 0)))
    assert goblin.mode == Mode.ALLY
    for _ in range(6):
        steps(world.step(Move(1, 0)))
    assert max(abs(goblin.x - world.player.x), abs(goblin.y - world.player.y)) <= 2


def test_allies_fighting_out_of_sight_are_heard_not_seen() -> None:
    world = world_from_text(
        """
        ###########
        #@..#.....#
        #...#.....#
        #...#....>#
        ###########
        """
    )
    friend = ally(world, KINDS["goblin"], 6, 2)
    friend.stays = True
    orc = add_monster(world, ORC, 7, 2, hunting=False)
    orc.hp = orc.max_hp = 100
    world.refresh_fov()
    told: list[str] = []
    for _ in range(4):
        told += texts(steps(world.step(Wait())))
    assert orc.hp < orc.max_hp  # they fought
    assert "You hear fighting nearby." in told
    assert not any("goblin" in line or "orc" in line for line in told)


def test_a_following_ally_comes_back_up_the_stairs_too() -> None:
    world = world_from_text(ROOM)
    world.floor.move_actor(world.player, 12, 5)
    ally(world, KINDS["goblin"], 11, 5)
    steps(world.step(Descend()))
    assert world.depth == 2 and world.player.position == world.floor.start
    events = steps(world.step(Ascend()))
    assert world.depth == 1
    assert [a.kind for a in world.floor.actors.values() if a.mode == Mode.ALLY] == ["goblin"]
    assert any(isinstance(e, Followed) and e.ally and e.way == "up" for e in events)
    assert violations(world) == []


def test_an_allied_archer_behind_the_player_finds_a_shot() -> None:
    world = world_from_text(
        """
        ###########
        #.........#
        #.........#
        #@........#
        ###########
        """
    )
    world.player.hp = world.player.max_hp = 500
    archer = ally(world, KINDS["goblin_archer"], 2, 3)
    world.floor.move_actor(world.player, 3, 3)
    orc = add_monster(world, STATUE, 7, 3, hunting=False)
    world.refresh_fov()
    for _ in range(3):
        steps(world.step(Wait()))
    assert archer.position != (2, 3) and orc.hp < orc.max_hp


def test_lightning_passes_over_an_ally_and_a_captive_for_the_nearest_foe() -> None:
    from emberdeep.engine.acts.actions import Use
    from emberdeep.engine.things.items import Item

    world = world_from_text(ROOM)
    scroll = next(k for k in CONTENT.population.items.kinds if k.effect == "lightning")
    world.identity.learn(scroll)
    world.inventory.append(Item(scroll))
    friend = ally(world, KINDS["goblin"], 2, 1)
    held = captive(world, KINDS["kobold"], 1, 2)
    orc = add_monster(world, STATUE, 5, 4, hunting=False)
    world.refresh_fov()
    struck = [e.who for e in steps(world.step(Use(0))) if isinstance(e, Hurt)]
    assert struck == [orc.who]
    assert friend.hp == friend.max_hp and held.hp == held.max_hp


def test_an_ally_too_far_to_follow_is_left_behind_with_a_word() -> None:
    world = world_from_text(ROOM)
    world.floor.move_actor(world.player, 12, 5)
    far = ally(world, KINDS["goblin"], 2, 5)
    events = steps(world.step(Descend()))
    assert world.depth == 2
    assert [e for e in events if isinstance(e, LeftBehind)] == [LeftBehind(far.who, (2, 5), "down")]
    assert "You go down the stairs without your goblin: it was too far away to follow." in texts(
        events
    )
    assert far in world.kept[1].actors.values()


def test_an_ally_in_fire_steps_out_of_it_toward_the_player() -> None:
    """A goblin burned to death in a doorway beside a grass fire (hand play): an ally
    standing in flames steps to the unburning cell beside it nearest the player."""
    world = world_from_text(ROOM)
    friend = ally(world, KINDS["goblin"], 3, 2)  # near enough that it would keep its place
    friend.hp = friend.max_hp = 500
    floor = world.floor
    floor.fire[2:5, 2:4] = fire.MOST  # flames round it, but not on the player's row
    floor.fire_active = True
    floor.hazard_version += 1
    steps(world.step(Wait()))
    assert friend.position == (2, 1) and floor.fire.item(2, 1) == 0


def test_an_ally_stays_put_where_no_fire_burns() -> None:
    world = world_from_text(ROOM)
    friend = ally(world, KINDS["goblin"], 2, 2)
    steps(world.step(Wait()))
    assert friend.position == (2, 2)


def test_an_ally_going_for_its_foe_never_steps_into_fire() -> None:
    world = world_from_text(ROOM)
    friend = ally(world, KINDS["goblin"], 3, 3)
    friend.hp = friend.max_hp = 500
    add_monster(world, ORC, 8, 3, hunting=False)
    floor = world.floor
    seen = []
    for _ in range(6):
        floor.fire[5, 1:6] = fire.MOST  # a wall of flame across the room, kept burning
        floor.fire_active = True
        floor.hazard_version += 1
        steps(world.step(Wait()))
        seen.append(friend.position)
    assert (4, 3) in seen or (4, 2) in seen or (4, 4) in seen  # it went for the orc
    assert all(x != 5 for x, _ in seen)  # and stopped at the flames
