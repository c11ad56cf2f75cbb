"""The deep floors' monsters: each ability does what its hint says (the invisible and the
submerged are hidden by the one perception rule, a touch saps enchantment, a lunge and a
charge close the distance, a bite withers, a hurt vampire scatters, negation strips
magic, images vanish at a blow)."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts import targets
from emberdeep.engine.acts.actions import Move, Use, Wait
from emberdeep.engine.chase.pursuit import gap
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import Died, Event, Moved, Refused, Teleported
from emberdeep.engine.core.perception import IMAGE, SUBMERGED, hidden, in_sight
from emberdeep.engine.creatures import statuses
from emberdeep.engine.monsters.abilities import Blink
from emberdeep.engine.monsters.images import Mirror
from emberdeep.engine.play import approach
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from tests.helpers import add_monster, texts, world_from_text

CONTENT = loader.load()
KINDS = CONTENT.hero.kinds
ITEMS = {kind.key: kind for kind in CONTENT.population.items.kinds}

HALL = """
##############
#@...........#
#............#
#............#
##############
"""
POOL = """
############
#@.........#
#...~~~~...#
#...~~~~...#
############
"""


def monster(world: World, key: str, x: int, y: int) -> Actor:
    return add_monster(world, KINDS[key], x, y)


def tough(world: World) -> Actor:
    player = world.player
    player.max_hp = player.hp = 500
    return player


def toward(player: Actor, other: Actor) -> Move:
    """The player's step into a creature beside it: a blow."""
    return Move(other.x - player.x, other.y - player.y)


def said(events: list[Event] | Refused) -> str:
    return " ".join(texts(events))


def events_of(result: list[Event] | Refused) -> list[Event]:
    assert not isinstance(result, Refused), result
    return result


def test_a_phantom_is_unseen_until_its_blow_lands_and_outlined_in_gas() -> None:
    world = world_from_text(HALL)
    tough(world)
    phantom = monster(world, "phantom", 8, 2)
    steps = events_of(world.step(Wait()))
    floor = world.floor
    assert hidden(floor, phantom) and not in_sight(floor, phantom)
    assert floor.visible[phantom.position]  # in view, yet not seen
    assert phantom.id not in approach.visible_monsters(floor, world.player)
    assert phantom not in targets.targets(floor, world.player, None)
    assert not any(isinstance(e, Moved) and e.who.id == phantom.id for e in steps)
    floor.gas[phantom.x, phantom.y] = 1.0
    assert in_sight(floor, phantom)
    floor.gas[phantom.x, phantom.y] = 0.0
    struck = False
    for _ in range(30):
        hp = world.player.hp
        world.step(Wait())
        if world.player.hp < hp:
            struck = True
            break
    assert struck and in_sight(floor, phantom)  # its blow showed it, until its next turn
    world.step(Wait())
    assert hidden(floor, phantom) or world.player.hp < hp


def test_a_naga_is_unseen_under_deep_water_and_seen_on_land() -> None:
    world = world_from_text(POOL)
    tough(world)
    naga = monster(world, "naga", 5, 3)
    world.step(Wait())
    floor = world.floor
    if floor.tiles[naga.position] == 6:  # still in the water (it may have come ashore)
        assert hidden(floor, naga)
    naga.statuses[SUBMERGED] = 10
    floor.move_actor(naga, 10, 3)  # on dry land the status hides nothing
    assert not hidden(floor, naga)
    floor.move_actor(naga, 6, 3)
    assert hidden(floor, naga)


def test_a_fiendlings_touch_drinks_enchantment_from_worn_gear() -> None:
    world = world_from_text(HALL)
    tough(world)
    sword = Item(ITEMS["sword"], enchant=2)
    world.inventory.append(sword)
    world.step(Use(0))
    power = world.player.power
    monster(world, "fiendling", 2, 1)
    text = ""
    for _ in range(40):
        text += said(world.step(Wait()))
        if sword.enchant < 2:
            break
    assert sword.enchant == 1
    assert world.player.power == power - 1
    assert "drinks the glow from your" in text


def test_a_blademaster_blinks_to_the_side_of_a_distant_foe() -> None:
    world = world_from_text(HALL)
    tough(world)
    blade = monster(world, "dar_blademaster", 12, 3)
    for _ in range(6):
        events = events_of(world.step(Wait()))
        if any(isinstance(e, Teleported) and e.cause == "lunge" for e in events):
            break
    else:
        raise AssertionError("it never lunged")
    assert gap(blade, world.player) <= 1
    assert "blinks to the attack" in said(events)


def test_a_behemoth_charges_down_a_straight_line_but_lumbers_off_it() -> None:
    world = world_from_text(HALL)
    tough(world)
    behemoth = monster(world, "behemoth", 7, 1)  # in the player's row
    text = said(world.step(Wait()))
    assert gap(behemoth, world.player) == 1 and "charges" in text
    other = world_from_text(HALL)
    tough(other)
    slow = monster(other, "behemoth", 7, 3)  # a knight's move off every line
    other.step(Wait())
    assert gap(slow, other.player) > 1


def test_a_vampires_bite_withers_maximum_health_for_good() -> None:
    world = world_from_text(HALL)
    player = tough(world)
    monster(world, "vampire", 2, 1)
    text = ""
    for _ in range(30):
        text += said(world.step(Wait()))
        if player.max_hp < 500:
            break
    assert player.max_hp == 498
    assert "withers you" in text


def test_a_hurt_vampire_bursts_into_bats_and_flees() -> None:
    world = world_from_text(HALL)
    player = tough(world)
    player.power = 12
    vampire = monster(world, "vampire", 2, 1)
    text = ""
    for _ in range(40):
        if not vampire.alive or vampire.mode == Mode.FLEEING:
            break
        if gap(vampire, player) <= 1:
            text += said(world.step(toward(player, vampire)))
        else:
            text += said(world.step(Wait()))
    bats = [a for a in world.floor.actors.values() if a.kind == "vampire_bat" and a.alive]
    assert vampire.alive and vampire.mode == Mode.FLEEING
    assert bats and "bursts into" in text
    assert gap(vampire, player) >= 2


def test_a_priestess_negates_the_players_haste() -> None:
    world = world_from_text(HALL)
    tough(world)
    statuses.apply(world, world.player, statuses.HASTED, 100, "potion")
    monster(world, "dar_priestess", 5, 1)
    text = ""
    for _ in range(10):
        text += said(world.step(Wait()))
        if not statuses.has(world.player, statuses.HASTED):
            break
    assert not statuses.has(world.player, statuses.HASTED)
    assert "chants a negation" in text


def test_a_sylph_casts_images_that_vanish_at_a_blow_and_in_time() -> None:
    world = world_from_text(HALL)
    tough(world)
    sylph = monster(world, "glamour_sylph", 6, 2)
    world.step(Wait())
    images = [a for a in world.floor.actors.values() if IMAGE in a.statuses and a.alive]
    assert len(images) == 3 and all(a.kind == "glamour_sylph" for a in images)
    assert sylph.hp == KINDS["glamour_sylph"].hp - 3  # the casting's cost
    assert all(statuses.active(a) == [] for a in images)  # no panel tells them apart
    # an image beside the player, struck, is gone without remains
    near = world_from_text(HALL)
    player = tough(near)
    player.power = 5
    real = monster(near, "glamour_sylph", 2, 1)
    assert Mirror(3, 10).perform(near, real) is not None
    image = next(
        a for a in near.floor.actors.values() if IMAGE in a.statuses and gap(a, player) <= 1
    )
    events: list[Event] = []
    for _ in range(30):
        if not image.alive:
            break
        events += events_of(near.step(toward(player, image)))
    assert not image.alive and image.id not in near.floor.actors
    assert near.kills.get("glamour_sylph", 0) == 0  # no kill to count, no experience
    assert any(isinstance(e, Died) and e.who.id == image.id and e.vanished for e in events)
    for _ in range(16):  # an image lasts 15 of its own turns
        world.step(Wait())
    assert all(not a.alive and a.id not in world.floor.actors for a in images)
    assert sylph.alive


SPLIT = """
###########
#@...#....#
#....#....#
#....#....#
###########
"""


def test_a_delving_worm_burrows_through_rock_toward_its_foe() -> None:
    world = world_from_text(SPLIT)
    tough(world)
    worm = monster(world, "delving_worm", 7, 1)
    assert world.floor.tiles[5, 1] == 0  # the wall between
    text = ""
    for _ in range(12):
        text += said(world.step(Wait()))
        if worm.x <= 5:
            break
    assert worm.x == 5 and world.floor.tiles[5, 1] == 1 and world.floor.walkable[5, 1]
    assert "burrows through" in text


def test_a_blink_never_lands_in_a_shut_door() -> None:
    """Found by a soak of deep games: a fiendling blinked into a closed door."""
    world = world_from_text("""
        #####
        #@..#
        ###.#
        ###.#
        ###+#
        #####
    """)
    imp = monster(world, "fiendling", 3, 1)  # the door is the one tile far enough
    result = Blink(world.player, 7, 3).perform(world, imp)
    assert isinstance(result, Refused) and imp.position == (3, 1)
