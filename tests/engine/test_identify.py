"""Unknown items: looks dealt per seed, learnt by use or identify, kept in saves; stacks,
charges and throwing."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move, PickUp, Use
from emberdeep.engine.acts.item_actions import Search, Throw
from emberdeep.engine.core.events import ItemMoved, Refused
from emberdeep.engine.core.floor import REMAINS_KEY
from emberdeep.engine.creatures import statuses
from emberdeep.engine.creatures.harm import die
from emberdeep.engine.play.journal import decode_action, encode_action
from emberdeep.engine.saves import snapshot
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.identify import Identity
from emberdeep.engine.things.items import Item
from emberdeep.session.names import describe, item_name
from emberdeep.session.setup import new_world
from tests.helpers import STATUE, add_monster, builder_for, texts, world_from_text

ARENA = """
###########
#.........#
#..@......#
#.........#
#.........#
###########
"""
CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}


def test_looks_are_dealt_from_the_seed_alone_and_differ_between_games() -> None:
    catalogue = CONTENT.hero.catalogue
    first, again = Identity.deal(7, catalogue), Identity.deal(7, catalogue)
    assert first.looks == again.looks
    assert any(Identity.deal(seed, catalogue).looks != first.looks for seed in range(8, 12))
    potions = [look for key, look in first.looks.items() if KINDS[key].category == "potion"]
    hidden_potions = [k for k in KINDS.values() if k.category == "potion" and not k.known]
    assert len(potions) == len(set(potions)) == len(hidden_potions)
    assert {KINDS[key].category for key in first.looks} == {"potion", "scroll", "wand", "staff"}
    assert "enchant_scroll" not in first.looks  # the currency is known from the start


def test_a_game_hides_potions_scrolls_and_wands_but_not_its_starting_kit() -> None:
    world = new_world(3, Settings(), CONTENT)
    identity = world.identity
    assert item_name(identity, KINDS["health_potion"]).endswith(" potion")
    assert item_name(identity, KINDS["fireball_scroll"]).startswith("scroll labelled")
    assert item_name(identity, KINDS["striking_wand"]).endswith(" wand")
    assert item_name(identity, KINDS["sword"]) == "Sword"
    assert all(world.identity.is_known(item.kind) for item in world.inventory)


def test_using_an_item_teaches_it_and_identify_teaches_another() -> None:
    world = world_from_text(ARENA)
    world.inventory += [Item(KINDS["identify_scroll"]), Item(KINDS["speed_potion"])]
    events = world.step(Use(0))
    assert world.identity.is_known(KINDS["identify_scroll"])
    assert world.identity.is_known(KINDS["speed_potion"])
    assert any(line.endswith(" potion is a potion of speed.") for line in texts(events))
    assert describe(world.identity, world.inventory[0]) == "Potion of Speed"


def test_an_unknown_potion_that_does_nothing_is_still_drunk() -> None:
    world = world_from_text(ARENA)
    world.inventory.append(Item(KINDS["health_potion"]))
    world.step(Use(0))  # full health: known, this would be refused and kept
    assert world.inventory == [] and world.identity.is_known(KINDS["health_potion"])
    world.inventory.append(Item(KINDS["health_potion"]))
    assert world.step(Use(0)) == Refused("full_health")


def test_potions_stack_and_use_takes_one() -> None:
    world = world_from_text(ARENA)
    for _ in range(2):
        world.floor.items.append(Item(KINDS["speed_potion"], *world.player.position, count=2))
        world.step(PickUp())
    assert len(world.inventory) == 1 and world.inventory[0].count == 4
    assert describe(world.identity, world.inventory[0]).startswith("4 x ")
    world.step(Use(0))
    assert world.inventory[0].count == 3 and statuses.has(world.player, statuses.HASTED)


def test_a_thrown_dart_hits_the_first_creature_in_line_and_lands_there() -> None:
    world = world_from_text(ARENA)
    statue = add_monster(world, STATUE, 7, 2)
    world.refresh_fov()
    world.inventory.append(Item(KINDS["darts"], count=5))
    hp = statue.hp
    broke = 0
    for _ in range(4):
        events = world.step(Throw(0, (9, 2)))  # aimed past it
        assert isinstance(events, list)
        broke += sum(isinstance(e, ItemMoved) and e.change == "broke" for e in events)
    assert world.inventory[0].count == 1
    assert statue.hp < hp
    landed = [item for item in world.floor.items if item.kind is KINDS["darts"]]
    assert len(landed) + broke == 4  # a dart may break on a hit
    assert all(item.position == statue.position for item in landed)


def test_wands_run_out_of_charges() -> None:
    world = world_from_text(ARENA)
    statue = add_monster(world, STATUE, 6, 2)
    world.refresh_fov()
    world.inventory.append(Item(KINDS["striking_wand"]))
    for _ in range(KINDS["striking_wand"].charges):
        world.step(Use(0, statue.position))
    assert world.inventory[0].charges == 0
    refused = world.step(Use(0, statue.position))
    assert isinstance(refused, Refused) and refused.reason == "no_charges"
    assert texts(refused) == ["The wand of striking has no charges left."]


def test_new_commands_round_trip_through_the_journal() -> None:
    for action in (Throw(2, (5, 7)), Search()):
        assert decode_action(encode_action(action)) == action


def test_a_save_keeps_what_is_known_stacks_charges_statuses_traps_and_gas() -> None:
    world = new_world(11, Settings(), CONTENT)
    world.identity.learn(KINDS["speed_potion"])
    world.inventory.append(Item(KINDS["darts"], count=7))
    world.inventory.append(Item(KINDS["slowness_wand"], used=2))
    statuses.apply(world, world.player, statuses.LEVITATING, 9, "potion")
    x, y = world.player.position
    free = next(
        (x + dx, y + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and world.floor.is_free(x + dx, y + dy)
    )
    world.floor.traps[free] = Trap(CONTENT.population.traps.kinds[0], *free)  # type: ignore[union-attr]
    world.floor.gas[x, y] = 3.0
    world.floor.gas_active = True
    data = snapshot.dump(world)
    loaded = snapshot.load(data, builder_for("auto"), KINDS, CONTENT.hero.kinds)
    assert loaded.state_hash() == world.state_hash()
    assert loaded.identity.looks == world.identity.looks
    assert loaded.identity.known == world.identity.known
    assert [(i.count, i.used) for i in loaded.inventory][-2:] == [(7, 0), (1, 2)]
    assert statuses.active(loaded.player) == [(statuses.LEVITATING, 9)]
    assert loaded.floor.traps[free].hidden and loaded.floor.gas[x, y] == 3.0


def test_the_remembered_map_keeps_items_last_seen() -> None:
    world = world_from_text(
        """
        #########
        #@......#
        #####.###
        #...#.#>#
        #########
        """
    )
    potion = Item(KINDS["speed_potion"], 7, 1)
    world.floor.items.append(potion)
    world.step(Move(1, 0))
    # Remembered as the player knows it: an unknown potion, not which one.
    assert world.floor.seen_items == {(7, 1): "unknown_potion"}
    world.identity.learn(potion.kind)
    world.step(Move(-1, 0))
    world.step(Move(1, 0))
    assert world.floor.seen_items == {(7, 1): "speed_potion"}
    for step in ((1, 0), (1, 0), (1, 1), (0, 1)):
        world.step(Move(*step))
    assert not world.floor.visible[7, 1]
    world.floor.items.remove(potion)  # gone while out of sight: still remembered
    assert world.floor.seen_items == {(7, 1): "speed_potion"}
    for step in ((0, -1), (1, -1)):
        world.step(Move(*step))
    assert world.floor.visible[7, 1] and world.floor.seen_items == {}


def test_the_remembered_map_keeps_remains_under_items() -> None:
    world = world_from_text(
        """
        #########
        #@......#
        #########
        """
    )
    statue = add_monster(world, STATUE, 5, 1)
    statue.hp = 0
    die(world, statue)
    dead = statue
    world.step(Move(1, 0))
    assert world.floor.seen_items == {dead.position: REMAINS_KEY}
    world.floor.items.append(Item(KINDS["speed_potion"], *dead.position))
    world.step(Move(-1, 0))
    assert world.floor.seen_items == {dead.position: "unknown_potion"}


def test_looks_are_dealt_when_first_read_and_known_kinds_need_no_deal() -> None:
    catalogue = CONTENT.hero.catalogue
    lazy, eager = Identity.deal(9, catalogue), Identity.deal(9, catalogue)
    eager_looks = dict(eager.looks)
    assert lazy._pending is not None  # nothing dealt yet
    before = {key: lazy.is_known(kind) for key, kind in KINDS.items()}
    assert before == {key: eager.is_known(kind) for key, kind in KINDS.items()}
    assert not all(before.values()) and any(before.values())
    assert lazy._pending is not None  # asking what is known dealt nothing
    assert lazy.looks == eager_looks and lazy == eager
    assert Identity.deal(9, catalogue).looks == catalogue.dealt(9)
