"""The investment economy: found gear's quality, scrolls of enchanting, strength, two
ring slots, staffs that recharge, runics, gear learnt by wearing it, and all of it kept
by a save."""

from __future__ import annotations

import json

import numpy as np

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move, Use, Wait
from emberdeep.engine.core.events import Attacked, Enchanted, Identified, Refused, RunicFlared
from emberdeep.engine.creatures import gear
from emberdeep.engine.creatures.statuses import SLOWED
from emberdeep.engine.play.invariants import item_problems
from emberdeep.engine.play.journal import decode_action
from emberdeep.engine.saves import snapshot
from emberdeep.engine.things.items import ARMOUR_PER_POINT, Item, bonus
from emberdeep.mapgen.vaults import choices
from tests.helpers import ORC, add_monster, floor_from_text, world_from_text

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
ROOM = "#######\n#@....#\n#.....#\n#######"


def test_found_gear_is_unknown_and_comes_good_bad_and_plain() -> None:
    rng = np.random.default_rng(5)
    swords = [gear.forge(KINDS["sword"], 6, rng) for _ in range(400)]
    assert not any(s.known for s in swords)
    enchants = {s.enchant for s in swords}
    assert min(enchants) < 0 < max(enchants) and 0 in enchants
    good = {s.runic for s in swords if s.enchant > 0} - {""}
    bad = {s.runic for s in swords if s.enchant < 0} - {""}
    assert good and bad and not good & bad


def test_a_vaults_choice_is_of_different_kinds_of_thing() -> None:
    rng = np.random.default_rng(3)
    for _ in range(20):
        loot = choices(CONTENT.population.items, 6, rng)
        assert 2 <= len(loot) <= 4
        assert len({kind.category for kind in loot}) == len(loot)


def test_a_scroll_of_enchanting_is_spent_on_the_item_chosen() -> None:
    world = world_from_text(ROOM)
    dagger = Item(KINDS["dagger"])
    world.inventory += [dagger, Item(KINDS["enchant_scroll"]), Item(KINDS["health_potion"])]
    world.step(Use(0))
    power = world.player.power
    assert isinstance(world.step(Use(1, on=2)), Refused)  # a potion cannot be enchanted
    events = world.step(Use(1, on=0))
    assert not isinstance(events, Refused)
    assert any(isinstance(e, Enchanted) for e in events)
    assert dagger.enchant == 1 and world.player.power == power + 1
    assert [i.kind.key for i in world.inventory] == ["dagger", "health_potion"]
    world.step(Use(0))  # off again: exactly what it gave comes off
    assert world.player.power == power - 2


def test_a_use_on_an_item_is_journalled_and_read_back() -> None:
    command = Use(3, on=5)
    assert decode_action([command.code, *command.arguments()]) == command


def test_heavy_gear_costs_a_point_for_each_point_of_strength_lacking() -> None:
    world = world_from_text(ROOM)
    world.inventory.append(Item(KINDS["war_axe"]))  # needs 17 strength
    base = world.player.power
    world.step(Use(0))
    assert world.player.power == base + 8 - (17 - world.strength)
    world.inventory.append(Item(KINDS["strength_potion"]))
    world.identity.learn(KINDS["strength_potion"])
    world.step(Use(1))
    assert world.strength == 13
    assert world.player.power == base + 8 - (17 - 13)
    world.step(Use(0))
    assert world.player.power == base


def test_two_rings_are_worn_and_a_third_takes_the_oldest_off() -> None:
    rings = [Item(KINDS[k], enchant=2) for k in ("protection_ring", "strength_ring")]
    world = world_from_text(ROOM)
    world.inventory += [*rings, Item(KINDS["protection_ring"], enchant=1)]
    defense, power = world.player.defense, world.player.power
    world.step(Use(0))
    world.step(Use(1))
    assert (world.player.defense, world.player.power) == (defense + 2, power + 2)
    world.step(Use(2))
    assert [i.equipped for i in world.inventory] == [False, True, True]
    assert (world.player.defense, world.player.power) == (defense + 1, power + 2)


def test_a_staff_recharges_and_a_wand_does_not() -> None:
    world = world_from_text(ROOM)
    staff, wand = Item(KINDS["firebolt_staff"]), Item(KINDS["striking_wand"])
    world.inventory += [staff, wand]
    orc = add_monster(world, ORC, 5, 1)
    orc.hp = orc.max_hp = 1000
    assert staff.charges == 2
    world.step(Use(0, orc.position))
    world.step(Use(1, orc.position))
    assert (staff.charges, wand.charges) == (1, 4)
    period = gear.recharge_period(world, staff)
    assert period == gear.STAFF_RECHARGE // 2
    orc.hp = 0  # out of the way: only the clock matters now
    world.floor.stop_blocking(orc)
    for _ in range(period):
        world.step(Wait())
    assert (staff.charges, wand.charges) == (2, 4)


def test_an_enchanted_staff_holds_more_and_strikes_harder() -> None:
    staff = Item(KINDS["firebolt_staff"])
    low = gear.staff_power(staff, 9)
    staff.enchant = 2
    assert staff.capacity == 4 and gear.staff_power(staff, 9) > low


def test_a_runic_flares_tells_the_player_and_does_its_work() -> None:
    world = world_from_text(ROOM)
    blade = Item(KINDS["sword"], enchant=30, runic="slowing", known=False)
    world.inventory.append(blade)
    world.step(Use(0))
    orc = add_monster(world, ORC, 2, 1)
    orc.hp = orc.max_hp = 1000
    events: list[object] = []
    for _ in range(10):
        result = world.step(Move(1, 0))
        assert not isinstance(result, Refused)
        events += result
        if blade.known:
            break
    assert any(isinstance(e, RunicFlared) and e.runic == "slowing" for e in events)
    assert blade.known and SLOWED in orc.statuses


def blows_taken(runic: str, turns: int = 200) -> list[Attacked]:
    """The orc's blows at a player in +5 plate armour with ``runic``."""
    world = world_from_text(ROOM)
    world.inventory.append(Item(KINDS["plate_armor"], enchant=5, runic=runic))
    world.strength = 17
    world.step(Use(0))
    orc = add_monster(world, ORC, 2, 1)
    orc.power = 12
    world.player.hp = world.player.max_hp = 100_000
    blows: list[Attacked] = []
    for _ in range(turns):
        result = world.step(Wait())
        assert not isinstance(result, Refused)
        blows += [e for e in result if isinstance(e, Attacked) and e.attacker == orc.who]
    return blows


def test_vulnerability_lets_every_blow_land_and_absorption_softens_them() -> None:
    plain, vulnerable = blows_taken(""), blows_taken("vulnerability")
    assert not all(b.hit for b in plain)
    assert vulnerable and all(b.hit for b in vulnerable)
    mean = [
        sum(b.damage for b in hits) / len(hits)
        for hits in ([b for b in blows_taken(r) if b.hit] for r in ("", "absorption"))
    ]
    assert mean[1] < mean[0] - 1


def test_gear_worn_long_enough_becomes_known() -> None:
    world = world_from_text(ROOM)
    mail = Item(KINDS["chain_mail"], enchant=2, known=False)
    world.inventory.append(mail)
    world.step(Use(0))
    seen: list[object] = []
    for _ in range(gear.PROOF_TURNS):
        result = world.step(Wait())
        assert not isinstance(result, Refused)
        seen += result
    assert mail.known
    assert any(isinstance(e, Identified) and e.thing.enchant == 2 for e in seen)


def test_a_ring_whose_figure_moves_is_known_when_put_on_and_others_are_not() -> None:
    """Hand play: a ring put on took Def 3 to 1, and still read "(?)"."""
    world = world_from_text(ROOM)
    cursed = Item(KINDS["protection_ring"], enchant=-2, known=False)
    stealth = Item(KINDS["stealth_ring"], enchant=2, known=False)
    world.inventory += [cursed, stealth]
    defense = world.player.defense
    events = world.step(Use(0))
    assert not isinstance(events, Refused)
    assert world.player.defense == defense - 2 and cursed.known
    assert any(isinstance(e, Identified) and e.thing.enchant == -2 for e in events)
    world.step(Use(1))
    assert stealth.equipped and not stealth.known  # nothing on screen moved: worn a while


def test_a_ring_of_quickness_is_known_when_put_on_as_the_sheet_shows_its_speed() -> None:
    """Hand play: a ring of quickness worn stayed "(?)" while might and protection told."""
    world = world_from_text(ROOM)
    quick = Item(KINDS["quickness_ring"], enchant=2, known=False)
    world.inventory.append(quick)
    move_time = world.player.move_time
    events = world.step(Use(0))
    assert not isinstance(events, Refused)
    assert world.player.move_time < move_time and quick.known
    assert any(isinstance(e, Identified) and e.thing.enchant == 2 for e in events)


def test_identify_learns_unknown_gear_once_kinds_are_known() -> None:
    world = world_from_text(ROOM)
    ring = Item(KINDS["protection_ring"], enchant=-2, known=False)
    world.inventory += [ring, Item(KINDS["identify_scroll"])]
    world.identity.learn(KINDS["identify_scroll"])
    world.step(Use(1))
    assert ring.known


def test_a_save_keeps_what_gear_is_and_the_strength() -> None:
    room = "#######\n#@...>#\n#.....#\n#######"
    world = world_from_text(room)
    carried = Item(KINDS["firebolt_staff"], enchant=2, used=1, recharge=40)
    lying = Item(KINDS["mace"], 2, 2, enchant=-1, runic="mercy", known=False, proof=7)
    world.inventory.append(carried)
    world.floor.items.append(lying)
    world.strength = 14
    data = json.loads(json.dumps(snapshot.dump(world)))
    loaded = snapshot.load(data, lambda depth, rng: floor_from_text(room), KINDS)
    assert loaded.state_hash() == world.state_hash()
    assert loaded.strength == 14
    item = loaded.floor.items[0]
    assert (item.enchant, item.runic, item.known, item.proof) == (-1, "mercy", False, 7)
    data["floor"]["items"]["runic"] = ["no such runic"]
    try:
        snapshot.load(data, lambda depth, rng: floor_from_text(room), KINDS)
    except snapshot.SnapshotError as exc:
        assert "runic" in str(exc)
    else:
        raise AssertionError("a save with an unknown runic loaded")


def test_identify_read_at_a_chosen_item_teaches_that_one() -> None:
    world = world_from_text(ROOM)
    first = Item(KINDS["protection_ring"], enchant=2, known=False)
    chosen = Item(KINDS["sword"], enchant=-1, runic="mercy", known=False)
    world.inventory += [first, chosen, Item(KINDS["identify_scroll"], count=2)]
    world.identity.learn(KINDS["identify_scroll"])
    world.step(Use(2, on=1))
    assert chosen.known and not first.known
    assert world.step(Use(2, on=1)) == Refused("nothing_to_learn", world.identity.thing(chosen))


def test_an_enchanted_staff_spent_to_its_level_breaks_no_invariant() -> None:
    staff = Item(KINDS["firebolt_staff"], enchant=1, used=3)
    assert item_problems([staff]) == []
    staff.used = 4
    assert item_problems([staff]) == [
        "Staff of Firebolt: an impossible charge: 4 of 3 spent (charges_fit)"
    ]


def test_a_size_is_drawn_as_numpy_choice_draws_it() -> None:
    """Found gear's sizes skip ``Generator.choice``'s checks: the same sizes, and the
    same draws left in the stream, as a ``choice`` each."""
    for sizes in (gear.GEAR_SIZES, gear.RING_SIZES):
        ours, numpys = np.random.default_rng(11), np.random.default_rng(11)
        drawn = [gear._one_of(sizes, ours) for _ in range(300)]
        assert drawn == [int(numpys.choice(sizes)) for _ in range(300)]
        assert ours.random() == numpys.random()


def test_a_point_on_armour_is_two_of_defense_and_a_point_below_zero_one() -> None:
    mail = KINDS["chain_mail"]
    plain = bonus(Item(mail), strength=20).defense
    assert bonus(Item(mail, enchant=2), strength=20).defense == plain + 2 * ARMOUR_PER_POINT
    assert bonus(Item(mail, enchant=-1), strength=20).defense == plain - 1
    sword = KINDS["sword"]
    assert bonus(Item(sword, enchant=2), strength=20).power == bonus(Item(sword), 20).power + 2
