"""Every family of log message, in good English and in the order things happened: the
engine's events as the narration tells them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from emberdeep.content import loader
from emberdeep.engine.acts.actions import (
    ActionResult,
    Drop,
    Move,
    PickUp,
    Shoot,
    Succeeded,
    Use,
    Wait,
)
from emberdeep.engine.acts.item_actions import Search, Throw
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import (
    EVENT_KINDS,
    REFUSALS,
    Died,
    LevelGained,
    MessageKind,
    Missile,
    ModeChanged,
    Moved,
    Refused,
    StairsTaken,
    Victory,
)
from emberdeep.engine.creatures import combat, harm, statuses
from emberdeep.engine.monsters.abilities import Summon
from emberdeep.engine.play.autopilot import Stop, Watch
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain import hazards, traps
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.session.narration import NARRATORS, narrator_for
from tests.helpers import add_monster, lines, steps, texts, world_from_text

CONTENT = loader.load()
NARRATOR = narrator_for(CONTENT)
MONSTERS = CONTENT.hero.kinds
ITEMS = {kind.key: kind for kind in CONTENT.population.items.kinds}
assert CONTENT.population.traps is not None
TRAPS = {kind.key: kind for kind in CONTENT.population.traps.kinds}
HALL = """
##############
#....@.......#
#............#
##############
"""


def hall(seed: int = 1) -> World:
    world = world_from_text(HALL, seed)
    world.player.hp = world.player.max_hp = 10_000
    return world


def monster(world: World, key: str, x: int, y: int = 1) -> Actor:
    return add_monster(world, MONSTERS[key], x, y)


def done(world: World, result: ActionResult) -> list[str]:
    """The log lines of an action performed directly, which must have succeeded."""
    assert isinstance(result, Succeeded), result
    return texts(world.take_events())


def blows(world: World, attacker: Actor, target: Actor, count: int = 40) -> set[str]:
    found: set[str] = set()
    for _ in range(count):
        target.hp = target.max_hp
        combat.attack(world, attacker, target)
        found |= set(texts(world.take_events()))
    return found


def kinds_of(world: World, attacker: Actor, target: Actor) -> set[MessageKind]:
    combat.attack(world, attacker, target)
    return {kind for _, kind in lines(world.take_events())}


def test_melee_in_the_second_person_with_articles_and_hit_points() -> None:
    world = hall()
    orc = monster(world, "orc", 6)
    said = blows(world, world.player, orc) | blows(world, orc, world.player)
    assert "You miss the orc." in said and "The orc misses you." in said
    mine = [t for t in said if t.startswith("You hit the orc for ")]
    theirs = [t for t in said if t.startswith("The orc hits you for ")]
    assert mine and theirs
    for text in mine + theirs:  # "1 hit point.", "3 hit points."
        assert re.fullmatch(r".* for (1 hit point|([2-9]|\d\d+) hit points)\.", text), text


def test_blows_are_coloured_by_who_strikes_whom() -> None:
    world = hall()
    orc, troll = monster(world, "orc", 6), monster(world, "troll", 7)
    kinds = {
        (a.id, b.id): kinds_of(world, a, b)
        for a, b in ((world.player, orc), (orc, world.player), (orc, troll))
    }
    assert kinds[(1, orc.id)] == {MessageKind.PLAYER_ATTACK}
    assert kinds[(orc.id, 1)] == {MessageKind.ENEMY_ATTACK}
    assert kinds[(orc.id, troll.id)] == {MessageKind.INFO}


def test_a_sleeper_is_struck_as_such() -> None:
    world = hall()
    orc = monster(world, "orc", 6)
    orc.hp = orc.max_hp = 1000
    orc.mode = Mode.ASLEEP
    combat.attack(world, world.player, orc)
    text, woke = texts(world.take_events())
    assert re.fullmatch(r"You hit the sleeping orc for \d+ hit points!", text)
    assert woke == "The orc wakes up!" and orc.mode == Mode.WANDERING


def test_an_archer_shoots_you() -> None:
    world = hall()
    archer = monster(world, "goblin_archer", 9)
    said: set[str] = set()
    for _ in range(40):
        said |= set(done(world, Shoot(world.player, 8).perform(world, archer)))
    assert any(re.fullmatch(r"The goblin archer shoots you for \d+ hit points?\.", t) for t in said)
    assert "The goblin archer shoots at you, and misses." in said


def test_a_kill_is_yours_and_comes_after_the_blow_that_made_it() -> None:
    world = hall()
    orc = monster(world, "orc", 6)
    orc.hp = 1
    world.player.power = 50
    events = steps(world.step(Move(1, 0)))  # into the orc: an attack
    said = texts(events)
    assert said[0].startswith("You hit the orc for ") and said[1] == "You kill the orc!"
    assert Died(orc.who, orc.position, world.player.who, "", means="melee") in events
    assert ("You kill the orc!", MessageKind.ENEMY_DIED) in lines(events)
    assert world.kills == {"orc": 1}


def test_a_death_by_poison_is_told_in_the_third_person() -> None:
    world = hall()
    orc = monster(world, "orc", 9)
    orc.hp = 1
    statuses.apply(world, orc, statuses.POISONED, 5, "potion")
    statuses.tick(world, orc)
    assert "The orc dies." in texts(world.take_events())


def test_your_death_names_what_killed_you() -> None:
    world = hall()
    ogre = monster(world, "ogre", 6)
    world.player.hp = 1
    harm.take(world, world.player, 5, ogre)
    assert lines(world.take_events()) == [("You die...", MessageKind.PLAYER_DIED)]
    assert NARRATOR.cause_of_death(world.death) == "killed by an ogre"


def test_picking_up_counts_and_names_items_as_the_player_knows_them() -> None:
    world = hall()
    here = world.player.position
    world.floor.items.append(Item(ITEMS["darts"], *here, count=3))
    assert texts(world.step(PickUp())) == ["You pick up 3 darts."]
    world.identity.learn(ITEMS["health_potion"])
    world.floor.items.append(Item(ITEMS["health_potion"], *here))
    assert texts(world.step(PickUp())) == ["You pick up a potion of healing."]
    world.floor.items.append(Item(ITEMS["speed_potion"], *here))
    look = world.identity.looks["speed_potion"]
    (text,) = texts(world.step(PickUp()))
    assert text in (f"You pick up a {look} potion.", f"You pick up an {look} potion.")
    world.floor.items.append(Item(ITEMS["ember_heart"], *here))
    assert texts(world.step(PickUp())) == [
        "You pick up the Ember Heart.",
        "Its heat seeps into you: near it, resting will not heal you.",
    ]


def test_drinking_an_unknown_potion_is_told_in_order() -> None:
    world = hall()
    world.inventory.append(Item(ITEMS["speed_potion"]))
    look = f"the {world.identity.looks['speed_potion']} potion"
    said = texts(world.step(Use(0)))
    assert said[:3] == [
        f"You drink {look}.",
        "You speed up!",
        f"{look[0].upper()}{look[1:]} was a potion of speed!",
    ]


def test_reading_and_zapping() -> None:
    world = hall()
    orc = monster(world, "orc", 8)
    orc.hp = orc.max_hp = 500
    for key in ("identify_scroll", "striking_wand"):
        world.identity.learn(ITEMS[key])
    world.inventory += [Item(ITEMS["striking_wand"]), Item(ITEMS["identify_scroll"])]
    said = texts(world.step(Use(0, target=orc.position)))
    amount, full = ITEMS["striking_wand"].amount, ITEMS["striking_wand"].charges
    assert said[:2] == [
        f"You zap the wand of striking ({full - 1} of {full} charges left).",
        f"The bolt strikes the orc for {amount} hit points!",
    ]
    said = texts(world.step(Use(1)))
    assert said == ["You read the scroll of identify.", "You feel knowledgeable, about nothing."]


def test_a_staff_raised_says_the_charges_it_has_left() -> None:
    """Hand play read "You raise the staff of firebolt [2]" and the inventory's [0/2]:
    the message said nothing of the charge just spent."""
    world = hall()
    orc = monster(world, "orc", 8)
    orc.hp = orc.max_hp = 500
    world.identity.learn(ITEMS["firebolt_staff"])
    world.inventory.append(Item(ITEMS["firebolt_staff"]))
    staff = world.inventory[0]
    staff.known = True
    level = staff.capacity
    said = texts(world.step(Use(0, target=orc.position)))
    assert (
        said[0]
        == f"You raise the staff of firebolt [{level}] ({level - 1} of {level} charges left)."
    )
    assert staff.charges == level - 1


def test_equipment_is_worn_and_taken_off_in_order() -> None:
    world = hall()
    world.inventory += [Item(ITEMS["dagger"]), Item(ITEMS["sword"]), Item(ITEMS["leather_armor"])]
    assert texts(world.step(Use(0))) == ["You wield the dagger."]
    assert texts(world.step(Use(1))) == ["You put away the dagger.", "You wield the sword."]
    assert texts(world.step(Use(2))) == ["You put on the leather armor."]
    said = texts(world.step(Drop(2)))
    assert said == ["You take off the leather armor.", "You drop the leather armor."]
    world.inventory.append(Item(ITEMS["darts"], count=4))
    assert texts(world.step(Drop(2))) == ["You drop 4 darts."]


def test_a_throw_is_followed_by_where_it_went() -> None:
    world = hall()
    orc = monster(world, "orc", 8)
    orc.hp = orc.max_hp = 500
    said: set[tuple[str, ...]] = set()
    for _ in range(30):
        world.inventory.append(Item(ITEMS["darts"]))
        said.add(tuple(texts(world.step(Throw(len(world.inventory) - 1, orc.position)))[:2]))
    assert ("You throw a dart.", "The dart misses the orc.") in said
    assert any(
        first == "You throw a dart."
        and re.fullmatch(r"The dart hits the orc for \d+ hit points?\.", hit)
        for first, hit in said
    )


def test_traps_found_and_sprung() -> None:
    world = hall()
    x, y = world.player.x + 1, world.player.y
    world.floor.traps[(x, y)] = Trap(TRAPS["alarm_trap"], x, y)
    assert traps.search(world, world.player, chance=100) == 1
    assert texts(world.take_events()) == ["You find an alarm trap!"]
    assert texts(world.step(Search())) == ["You find nothing."]


def test_the_current_takes_what_you_carry_with_the_verb_agreeing() -> None:
    for seed in range(1, 60):
        world = hall(seed)
        world.inventory.append(Item(ITEMS["darts"], count=3))
        hazards.wade(world)
        lost = texts(world.take_events())
        if lost:
            assert lost == [
                "A dart from your pack slips away in the deep water: "
                "the current carries it to the shore."
            ]
            assert world.inventory[-1].count == 2  # one at a time, never the stack
            return
    raise AssertionError("the current never took anything")


def test_summoning_counts_what_came() -> None:
    world = hall()
    conjurer = monster(world, "goblin_conjurer", 9)
    said = done(world, Summon("spectral_blade", 2).perform(world, conjurer))
    assert said == ["The goblin conjurer calls up 2 spectral blades!"]
    blade = max(world.floor.actors.values(), key=lambda a: a.id)
    harm.take(world, blade, 999, world.player)
    assert texts(world.take_events()) == ["The spectral blade vanishes!"]


def test_a_healer_mends_another() -> None:
    world = hall()
    shaman = monster(world, "kobold_shaman", 9)
    orc = monster(world, "orc", 8)
    orc.hp = 1
    for _ in range(10):
        said = texts(world.step(Wait()))
        if "The kobold shaman chants, and the orc's wounds close." in said:
            return
    raise AssertionError(f"no mending seen ({shaman.hp}, {orc.hp})")


def test_auto_explore_names_what_it_sees_nearest_first() -> None:
    world = hall()
    watch = Watch.start(world)
    monster(world, "jackal", 11)
    monster(world, "ogre", 8)
    monster(world, "jackal", 12, 2)
    stop = watch.check(world)
    assert stop is not None and NARRATOR.stop(stop) == "You see an ogre and 2 jackals."
    world.floor.items.append(Item(ITEMS["darts"], 2, 2, count=5))
    for actor in [a for a in world.floor.actors.values() if not a.is_player]:
        world.floor.remove_actor(actor)
    stop = watch.check(world, pick_up=False)
    assert stop is not None and NARRATOR.stop(stop) == "You see 5 darts."


def refusal_codes_in_source() -> set[str]:
    """Every ``Refused("code")`` written anywhere in the game."""
    package = Path(__file__).resolve().parents[2] / "src" / "emberdeep"
    found: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Refused"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(str(node.args[0].value))
    return found


def test_every_refusal_is_listed_and_worded() -> None:
    used = refusal_codes_in_source()
    assert len(used) > 30 and used <= set(REFUSALS)
    worded = {NARRATOR.refusal(Refused(code)).text for code in REFUSALS}
    assert "You cannot do that." not in worded  # the fallback: a code without words
    assert all(text.endswith((".", "!")) and text[0].isupper() for text in worded)


def test_every_event_kind_is_perceived_somehow_and_narrated_or_only_seen() -> None:
    only_seen = {Moved, Missile}
    assert set(EVENT_KINDS) - only_seen <= set(NARRATORS)


def test_a_monster_that_notices_you_in_view_is_seen_and_a_guard_is_told() -> None:
    world = hall()
    orc = monster(world, "orc", 6)
    wanderer = ModeChanged(orc.who, orc.position, Mode.HUNTING, Mode.WANDERING)
    guard = ModeChanged(orc.who, orc.position, Mode.HUNTING, Mode.GUARDING)
    assert texts([wanderer]) == []  # "You see an orc." says it
    assert texts([guard]) == ["The orc notices you!"]


def test_coming_down_to_the_treasures_floor_says_it_lies_there() -> None:
    content = loader.load()
    goal = content.population.goal
    assert goal is not None
    teller = narrator_for(content)
    here = f"The {goal.treasure.name} lies somewhere on this floor."
    assert here in teller.texts([StairsTaken(goal.depth - 1, goal.depth, "down")])
    assert here in teller.texts([StairsTaken(goal.depth - 2, goal.depth, "fell", "descent")])
    assert here not in teller.texts([StairsTaken(goal.depth - 2, goal.depth - 1, "down")])
    assert here not in teller.texts([StairsTaken(goal.depth + 1, goal.depth, "up")])


def test_an_aim_at_nobody_names_the_staff_or_the_wand_it_was() -> None:
    """A staff aimed at an empty cell said "You must aim the wand"."""
    said = {}
    for key in ("lightning_staff", "firebolt_staff", "striking_wand", "slowness_wand"):
        world = world_from_text("""
            ########
            #@.....#
            ########
            """)
        world.identity.learn(ITEMS[key])
        world.inventory.append(Item(ITEMS[key]))
        said[key] = texts(world.step(Use(0, (5, 1))))
    assert said == {
        "lightning_staff": ["You must aim the staff of lightning at a creature in view."],
        "firebolt_staff": ["You must aim the staff of firebolt at a creature in view."],
        "striking_wand": ["You must aim the wand of striking at a creature in view."],
        "slowness_wand": ["You must aim the wand of slowness at a creature in view."],
    }


def test_the_stop_by_sleepers_agrees_with_one_or_many() -> None:
    """Hand play read "strike first while them sleep"."""
    one = NARRATOR.stop(Stop("sleeper", (("orc", 1),)))
    many = NARRATOR.stop(Stop("sleeper", (("orc", 2),)))
    assert one.endswith("walk past it yourself, or strike first while it sleeps.")
    assert many.endswith("walk past them yourself, or strike first while they sleep.")


def test_the_stop_by_a_sleeper_says_which_way_it_lies() -> None:
    """Hand play read a sleeper named that the map did not show (seen asleep, then out
    of sight: explore keeps its distance all the same): the stop says which way it lies."""
    said = NARRATOR.stop(Stop("sleeper", (("orc", 1),), at=(15, 7)), here=(10, 10))
    assert said.startswith("The way on passes close to an orc, asleep (north-east, 5 steps):")


def test_nothing_is_said_after_the_victory() -> None:
    """Hand play's morgue showed a sylph acting after "You win!": the monsters' turn
    that ends the winning step runs on, but the game's last line is the victory's."""
    said = NARRATOR.texts([LevelGained(2, "hp"), Victory(1), LevelGained(3, "hp")])
    assert said == ["You advance to level 2!", said[1]] and said[1].endswith("You win!")
