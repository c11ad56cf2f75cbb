from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Drop, Move, PickUp, Use, Wait
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.core.events import ItemMoved, MessageKind, Refused
from emberdeep.engine.play.autopilot import explore_action
from emberdeep.engine.things.items import INVENTORY_SIZE, Item, ItemKind
from emberdeep.session.names import describe, item_name
from tests.helpers import ORC, add_monster, lines, steps, texts, world_from_text

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
ARENA = """
############
#..........#
#..........#
#....@.....#
#..........#
#..........#
############
"""


def test_health_potion_heals_up_to_max_and_is_refused_at_full_health() -> None:
    world = world_from_text(ARENA)
    world.identity.learn(KINDS["health_potion"])  # unknown, it would be drunk for nothing
    world.inventory.append(Item(KINDS["health_potion"]))
    assert texts(world.step(Use(0))) == ["Your health is already full."]
    assert len(world.inventory) == 1 and world.turn == 0
    world.player.hp = world.player.max_hp - 2
    events = world.step(Use(0))
    assert world.player.hp == world.player.max_hp
    assert texts(events)[:2] == [
        "You drink the potion of healing.",
        "You feel better, and recover 2 hit points.",
    ]
    assert world.inventory == []


def test_lightning_strikes_the_closest_visible_enemy_in_range() -> None:
    world = world_from_text(ARENA)
    far = add_monster(world, ORC, 9, 3)
    near = add_monster(world, ORC, 5, 5)
    world.inventory.append(Item(KINDS["lightning_scroll"]))
    events = world.step(Use(0))
    assert not near.alive and far.alive
    assert any("lightning bolt strikes the orc" in line for line in texts(events))
    assert world.player.xp == ORC.xp


def test_lightning_reaches_as_far_as_creatures_step_diagonals_included() -> None:
    world = world_from_text(ARENA)
    corner = add_monster(world, ORC, 10, 1, hunting=False)  # 5 steps (5.4 as the crow flies)
    world.inventory.append(Item(KINDS["lightning_scroll"]))
    world.step(Use(0))
    assert corner.hp < corner.max_hp


def test_a_throw_at_your_own_feet_says_why_it_is_refused() -> None:
    """Hand play read only "You must throw it somewhere else", and did not know why."""
    world = world_from_text(ARENA)
    world.inventory.append(Item(KINDS["darts"], count=2))
    said = texts(world.step(Throw(0, world.player.position)))
    assert said == ["You cannot throw it at your own feet: move the aim to where it should land."]


def test_lightning_with_nobody_in_range_is_refused() -> None:
    world = world_from_text(ARENA.replace(".#", "..#").replace("##\n", "###\n"))
    world.identity.learn(KINDS["lightning_scroll"])  # unknown, it would be read for nothing
    add_monster(world, ORC, 11, 1, hunting=False)  # 6 steps away: out of range 5
    world.inventory.append(Item(KINDS["lightning_scroll"]))
    assert texts(world.step(Use(0))) == ["No enemy in view is within 5 steps for it to strike."]
    assert len(world.inventory) == 1


def test_fireball_hits_everyone_in_the_radius_including_the_player() -> None:
    world = world_from_text(ARENA)
    inside = add_monster(world, ORC, 7, 3, hunting=False)
    outside = add_monster(world, ORC, 10, 5, hunting=False)
    world.inventory.append(Item(KINDS["fireball_scroll"]))
    world.step(Use(0, target=(6, 3)))
    assert not inside.alive
    assert outside.hp == outside.max_hp
    assert world.player.hp == world.player.max_hp - 12


def test_fireball_needs_a_visible_target_with_someone_in_it() -> None:
    world = world_from_text(ARENA)
    world.inventory.append(Item(KINDS["fireball_scroll"]))
    world.identity.learn(KINDS["fireball_scroll"])  # known: aimed, and refused for free
    world.floor.visible[10, 1] = False
    assert texts(world.step(Use(0, target=(10, 1)))) == [
        "You cannot target an area that you cannot see."
    ]
    assert texts(world.step(Use(0, target=(10, 5)))) == ["There are no targets in the radius."]
    assert texts(world.step(Use(0))) == ["You cannot target an area that you cannot see."]


def test_an_unknown_scroll_read_strikes_the_nearest_creature_or_fizzles() -> None:
    world = world_from_text(ARENA)
    near = add_monster(world, ORC, 8, 3, hunting=False)
    far = add_monster(world, ORC, 10, 5, hunting=False)
    world.inventory.append(Item(KINDS["confusion_scroll"]))
    said = texts(world.step(Use(0)))  # read, not aimed
    assert near.confused and not far.confused, said
    assert not world.inventory and world.identity.is_known(KINDS["confusion_scroll"])
    alone = world_from_text(ARENA)
    alone.inventory.append(Item(KINDS["fireball_scroll"]))
    said = texts(alone.step(Use(0)))
    assert "Nothing much seems to happen." in said and not alone.inventory


def test_confusion_needs_an_enemy_and_wears_off() -> None:
    world = world_from_text(ARENA)
    orc = add_monster(world, ORC, 8, 3)
    world.inventory.append(Item(KINDS["confusion_scroll"]))
    world.identity.learn(KINDS["confusion_scroll"])  # known: aimed, and refused for free
    assert texts(world.step(Use(0, target=(7, 3)))) == ["You must select an enemy to target."]
    assert texts(world.step(Use(0, target=(5, 3)))) == ["You cannot confuse yourself!"]
    events = steps(world.step(Use(0, target=(8, 3))))
    assert orc.confused == KINDS["confusion_scroll"].turns - 1  # it has stumbled once
    assert texts(events)[0].startswith("You read the scroll")
    assert texts(events)[1] == "The eyes of the orc look vacant, as it starts to stumble around!"
    for _ in range(orc.confused):
        events += steps(world.step(Wait()))
    assert orc.confused == 0
    assert "The orc is no longer confused." in texts(events)


def test_pick_up_and_drop_round_trip() -> None:
    world = world_from_text(ARENA)
    potion = Item(KINDS["health_potion"], 5, 3)
    world.floor.items.append(potion)
    hidden = item_name(world.identity, KINDS["health_potion"])
    assert hidden.endswith(" potion") and "Healing" not in hidden  # its look, dealt per seed
    article = "an" if hidden[0] in "aeiou" else "a"
    assert lines(world.step(PickUp())) == [(f"You pick up {article} {hidden}.", MessageKind.ITEM)]
    assert world.inventory == [potion] and world.floor.items == []
    assert texts(world.step(PickUp())) == ["There is nothing here to pick up."]
    world.step(Drop(0))
    assert world.inventory == [] and world.floor.items == [potion]
    assert potion.position == world.player.position
    assert texts(world.step(Drop(0))) == ["You have no such item."]


def test_inventory_holds_26_and_says_when_full() -> None:
    world = world_from_text(ARENA)
    kind = ItemKind("pebble", "Pebble", "heal")
    world.inventory.extend(Item(kind) for _ in range(INVENTORY_SIZE))
    world.floor.items.append(Item(kind, 5, 3))
    assert texts(world.step(PickUp())) == ["Your pack is full: no room for the pebble."]
    assert len(world.floor.items) == 1 and world.turn == 0


def test_taking_one_of_a_choice_cages_the_others_and_explore_takes_none() -> None:
    world = world_from_text("""
    #######
    #@....#
    #######
    """)
    kinds = loader.load().population.items.kinds
    for x, kind in zip((3, 4, 5), kinds[:3], strict=True):
        world.floor.items.append(Item(kind, x, 1, choice=1))
    world.floor.items.append(Item(kinds[0], 2, 1))  # no part of it
    assert describe(world.identity, world.floor.items[0]).endswith("(choose one)")
    assert explore_action(world) == Move(1, 0)  # for the plain item only
    world.floor.move_actor(world.player, 4, 1)
    events = steps(world.step(PickUp()))
    caged = [e for e in events if isinstance(e, ItemMoved) and e.change == "caged"]
    assert len(caged) == 2 and [i.position for i in world.floor.items] == [(2, 1)]
    assert world.inventory[-1].choice == 0 and world.inventory[-1].kind is kinds[1]
    assert any(t.startswith("Bars slam down over") for t in texts(events))


def test_teleporting_never_lands_behind_a_locked_door() -> None:
    """A vault's inside cannot be left without its key: a teleport there would shut the
    player in for good (a bot was found so, 50,000 turns on)."""
    for seed in range(30):
        world = world_from_text("""
        ##########
        #@....#..#
        #.....L..#
        #....>#..#
        ##########
        """, seed=seed)  # fmt: skip
        world.inventory.append(Item(KINDS["teleport_scroll"]))
        steps(world.step(Use(0)))
        assert world.player.x < 6, world.player.position


def test_a_full_pack_picks_up_what_it_stacks_from_under_what_it_cannot_take() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    world.inventory.append(Item(KINDS["darts"], count=3))
    while len(world.inventory) < INVENTORY_SIZE:
        world.inventory.append(Item(KINDS["dagger"]))
    x, y = world.player.position
    world.floor.items += [Item(KINDS["darts"], x, y), Item(KINDS["javelins"], x, y)]
    steps(world.step(PickUp()))  # the javelins are on top, and there is no slot for them
    assert world.inventory[0].count == 4
    assert [i.kind.key for i in world.floor.items] == ["javelins"]
    refused = world.step(PickUp())
    assert isinstance(refused, Refused) and refused.reason == "inventory_full"


def test_picking_up_takes_what_was_not_dropped_before_what_was() -> None:
    world = world_from_text("#####\n#@..#\n#####")
    world.inventory.append(Item(KINDS["dagger"]))
    x, y = world.player.position
    world.floor.items.append(Item(KINDS["darts"], x, y))
    steps(world.step(Drop(0)))  # the dagger now lies on top of the darts
    steps(world.step(PickUp()))
    assert [i.kind.key for i in world.inventory] == ["darts"]


def test_g_gathers_a_whole_stack_lying_in_pieces_in_one_turn() -> None:
    """Thrown darts land one by one; hand play had to press g for each."""
    world = world_from_text("#####\n#@..#\n#####")
    darts = next(k for k in loader.load().population.items.kinds if k.key == "darts")
    potion = next(k for k in loader.load().population.items.kinds if k.key == "health_potion")
    world.floor.items += [Item(darts, 1, 1), Item(potion, 1, 1), Item(darts, 1, 1, count=2)]
    turn = world.turn
    events = steps(world.step(PickUp()))
    assert world.turn == turn + 1
    assert [(i.kind.key, i.count) for i in world.inventory] == [("darts", 3)]
    assert [i.kind.key for i in world.floor.items] == ["health_potion"]
    picked = [e for e in events if isinstance(e, ItemMoved) and e.change == "picked"]
    assert [e.thing.quantity for e in picked] == [3]
