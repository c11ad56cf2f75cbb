"""Aiming and the inventory's letters: the cursor offers only creatures the item can
strike, the flight is drawn as far as it would go, an unknown scroll is read rather than
aimed, the throw menu puts what is made for throwing first, and every item keeps its
letter while the list scrolls and from turn to turn."""

from __future__ import annotations

import numpy as np

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts import kindling, targets
from emberdeep.engine.acts.actions import PickUp, Use
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.events import Refused
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.session import aim_words
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import PopTo, Stay
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.targeting import NO_TARGET, PATH_BG, TargetingScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import ORC, add_monster, opened, texts, world_from_text

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
HALL = """
############
#@.........#
#..........#
#####......#
############
"""


def play(*keys: str, known: bool = True) -> PlayScreen:
    world = world_from_text(HALL)
    if known:
        for kind in KINDS.values():
            world.identity.learn(kind)
    world.inventory.extend(Item(KINDS[key]) for key in keys)
    return PlayScreen.of(world, loader.load(), Settings(lighting=False))


def test_the_cursor_offers_only_creatures_the_throw_can_reach() -> None:
    screen = play("darts")
    front = add_monster(screen.world, ORC, 4, 1, hunting=False)
    add_monster(screen.world, ORC, 7, 1, hunting=False)  # behind the first, in line
    screen.world.refresh_fov()
    aiming = TargetingScreen(screen, 0, throw=True)
    assert [a.position for a in aiming.targets()] == [front.position]
    assert aiming.cursor == front.position


def test_the_cursor_offers_foes_before_an_ally_or_a_captive_nearer_by() -> None:
    screen = play("darts")
    ally = add_monster(screen.world, ORC, 2, 2, hunting=False)
    ally.mode = Mode.ALLY
    captive = add_monster(screen.world, ORC, 3, 2, hunting=False)
    captive.mode = Mode.CAPTIVE
    foe = add_monster(screen.world, ORC, 6, 1, hunting=False)
    screen.world.refresh_fov()
    aiming = TargetingScreen(screen, 0, throw=True)
    assert aiming.targets() == [foe]
    assert aiming.cursor == foe.position


def test_the_flight_is_drawn_to_where_the_missile_stops() -> None:
    screen = play("darts")
    add_monster(screen.world, ORC, 4, 1, hunting=False)
    screen.world.refresh_fov()
    aiming = TargetingScreen(screen, 0, throw=True)
    aiming.cursor = (8, 1)  # beyond the orc: the dart stops at it
    console = render.new_console()
    screen.draw(console)
    plain = console.rgb["bg"].copy()
    aiming.draw(console)
    origin, view = screen.origin(), screen.layout.map

    def tinted(pos: tuple[int, int]) -> bool:
        cell = render.to_screen(pos, view, origin)
        assert cell is not None
        return not np.array_equal(console.rgb["bg"][cell], plain[cell])

    assert tinted((2, 1)) and tinted((3, 1)) and tinted((4, 1))
    assert not tinted((5, 1)) and not tinted((6, 1)) and not tinted((7, 1))
    stop = console.rgb["bg"][render.to_screen((4, 1), view, origin)].astype(int)
    assert (
        np.abs(stop - PATH_BG) < np.abs(plain[render.to_screen((4, 1), view, origin)] - PATH_BG)
    ).all()


CORNER = """
############
#@#........#
#..........#
#..........#
############
"""


def corner_with_a_wand() -> tuple[World, PlayScreen]:
    """``CORNER``'s world, every kind known and a wand of striking in the pack, and its
    play screen."""
    world = world_from_text(CORNER)
    for kind in KINDS.values():
        world.identity.learn(kind)
    world.inventory.append(Item(KINDS["striking_wand"]))
    return world, PlayScreen.of(world, loader.load(), Settings(lighting=False))


def test_a_bolt_is_not_offered_a_creature_a_wall_corner_shields() -> None:
    """The player sees (3, 2) past the corner, but a bolt's straight line meets the wall
    (the wand refused the kobold the cursor itself had chosen)."""
    world, screen = corner_with_a_wand()
    shielded = add_monster(world, ORC, 3, 2, hunting=False)
    open_line = add_monster(world, ORC, 1, 3, hunting=False)
    world.refresh_fov()
    assert world.floor.visible[shielded.position]
    aiming = TargetingScreen(screen, 0)
    assert aiming.targets() == [open_line]
    assert aiming.cursor == open_line.position
    aiming.next_target()
    assert aiming.cursor == open_line.position  # Tab never lands on the shielded one
    world.floor.remove_actor(open_line)
    alone = TargetingScreen(screen, 0)
    assert alone.cursor == world.player.position and alone.warning == NO_TARGET


def test_an_unknown_scroll_is_read_not_aimed() -> None:
    screen = play("fireball_scroll", known=False)
    add_monster(screen.world, ORC, 5, 1, hunting=False)
    screen.world.refresh_fov()
    menu = opened(screen.handle(KeyPress("i")), InventoryScreen)
    assert menu.handle(KeyPress("a")) == PopTo(screen)  # a turn taken, no aiming
    assert not screen.world.inventory  # read at once, and used up
    known = play("fireball_scroll")
    menu = opened(known.handle(KeyPress("i")), InventoryScreen)
    opened(menu.handle(KeyPress("a")), TargetingScreen)  # known: aimed


def test_the_throw_menu_lists_throwables_first_and_worn_things_last() -> None:
    screen = play("dagger", "health_potion", "darts")
    screen.world.inventory[0].equipped = True
    menu = InventoryScreen(screen, "throw")
    labels = [o.label for o in menu.menu.options]
    assert "Dart" in labels[0] and "Dagger" in labels[-1]
    assert menu.menu.options[-1].disabled
    assert menu.menu.highlight == 0  # the darts, not the worn dagger
    assert [o.key for o in menu.menu.options] == ["c", "b", "a"]  # each item's own letter
    aiming = opened(menu.handle(KeyPress("c")), TargetingScreen)
    assert aiming.slot == 2


def test_letters_stay_with_their_items_while_scrolling_and_turn_to_turn() -> None:
    potions = [k for k in KINDS if k.endswith("_potion")]
    keys = (potions * 4)[:20]
    screen = play(*keys)
    screen.world.player.hp = 1
    console = render.new_console(80, 24)
    screen.draw(console)
    menu = InventoryScreen(screen, "use")
    menu.draw(console)
    rows = menu.menu.layout().rows
    assert rows < 20  # at 80x24 the list scrolls
    before = {o.key: o.label for o in menu.menu.options}
    menu.menu.handle(KeyPress("pagedown"))
    menu.draw(console)
    assert menu.menu.top > 0
    shown = ["".join(map(chr, console.ch[:, y])) for y in range(24)]
    last = menu.menu.options[-1]
    assert any(f"({last.key}) " in row for row in shown)  # its own letter, not its row's
    assert {o.key: o.label for o in menu.menu.options} == before
    # Turn to turn: drinking (a) leaves every other item its letter.
    second = screen.world.inventory[1]
    letter = screen.letters.of(screen.world.inventory)[1]
    screen.perform(Use(0))
    assert screen.letters.of(screen.world.inventory)[screen.world.inventory.index(second)] == letter
    again = InventoryScreen(screen, "use")
    assert "a" not in [o.key for o in again.menu.options]
    chosen = again.handle(KeyPress(letter))
    assert second not in screen.world.inventory or chosen != Stay()


def test_the_inventory_lists_items_by_their_letters() -> None:
    """Hand play: a new item passes over the letters that just left the pack, so it may
    get a letter below items carried before it; the list went e, f, a. It is in the
    letters' order, whatever the pack's."""
    screen = play("health_potion", "darts", "dagger", "sword", "mace")
    world = screen.world
    letters = screen.letters
    assert letters.of(world.inventory) == ["a", "b", "c", "d", "e"]
    world.inventory.pop(0)  # a leaves
    letters.of(world.inventory)
    world.inventory.append(Item(KINDS["war_axe"]))  # passes over a: f
    letters.of(world.inventory)
    for _ in range(3):  # b, c and d leave: a is no longer among the last to leave
        world.inventory.pop(0)
        letters.of(world.inventory)
    world.inventory.append(Item(KINDS["leather_armor"]))  # a again
    assert letters.of(world.inventory) == ["e", "f", "a"]
    for purpose in ("use", "drop", "throw"):  # the throw menu's own order first
        menu = InventoryScreen(screen, purpose)
        assert [o.key for o in menu.menu.options] == ["a", "e", "f"]
        assert menu.slots == [2, 0, 1]


def test_a_throw_that_strikes_no_one_is_reported() -> None:
    screen = play("darts")
    screen.perform(Throw(0, (6, 1)))
    said = [entry.full_text for entry in screen.log.entries]
    assert "You throw a dart." in said and "The dart strikes nothing and falls." in said
    assert any(item.position == (6, 1) for item in screen.world.floor.items)


def test_the_aiming_words_never_cover_the_map() -> None:
    """Hand play: the prompt hid the map's top rows, where a foe one might aim at stood."""
    screen = play("darts")
    add_monster(screen.world, ORC, 4, 1, hunting=False)
    screen.world.refresh_fov()
    for size in ((80, 24), (100, 34), (100, 52)):
        console = render.new_console(*size)
        screen.draw(console)
        view = screen.layout.map
        before = console.ch[view.x : view.x + view.width, view.y : view.y + view.height].copy()
        aiming = TargetingScreen(screen, 0, throw=True)
        aiming.draw(console)
        after = console.ch[view.x : view.x + view.width, view.y : view.y + view.height]
        assert (after == before).all(), size  # the map's characters all still there
        rows = ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]
        below = "\n".join(rows[view.y + view.height :])
        assert "Aim the Dart:" in below and "Here: Orc" in below


def test_the_aiming_words_on_the_bottom_row_keep_the_sidebars_edge() -> None:
    """Hand play at 80x24: the "Here:" line wrapped onto the bottom row, which spans the
    whole width there, and the sidebar's edge was gone beside it."""
    screen = play("darts")
    add_monster(screen.world, ORC, 4, 1, hunting=False)
    for key in ("health_potion", "identify_scroll", "sword", "darts", "chain_mail"):
        screen.world.floor.items.append(Item(KINDS[key], 4, 1))
    screen.world.refresh_fov()
    console = render.new_console(80, 24)
    screen.draw(console)
    aiming = TargetingScreen(screen, 0, throw=True)
    aiming.draw(console)
    view, bottom = screen.layout.map, console.height - 1
    row = "".join(map(chr, console.ch[:, bottom]))
    assert "floor" in row  # the last words of "Here:" reached the bottom row
    assert row[: view.x - 1].strip() == ""  # none of the key hints left there
    assert [chr(c) for c in console.ch[view.x - 1, view.y : console.height]] == ["│"] * (
        console.height - view.y
    )


def test_the_cursor_starts_on_an_awake_foe_before_a_nearer_sleeper() -> None:
    """The engine's one choice (``targets.choices``) puts a sleeper after an awake foe:
    hand play met the aim on a sleeping kobold beside an orc that was hitting. The
    cursor, the bot's aim and a scroll of lightning all ask it."""
    screen = play("darts")
    world = screen.world
    sleeper = add_monster(world, ORC, 3, 1, hunting=False)
    sleeper.mode = Mode.ASLEEP
    awake = add_monster(world, ORC, 3, 2)
    world.refresh_fov()
    item = world.inventory[0]
    assert targets.choices(world.floor, world.player, item, throw=True) == [awake, sleeper]
    assert TargetingScreen(screen, 0, throw=True).cursor == awake.position
    awake.mode = Mode.ASLEEP  # both asleep: the nearest again
    assert targets.aim_for(world.floor, world.player, item, throw=True) is sleeper


def test_escape_while_aiming_closes_the_menu_it_was_chosen_in_too() -> None:
    """One Esc: back to the map, not to the inventory the item was chosen in."""
    screen = play("darts")
    add_monster(screen.world, ORC, 5, 1)
    screen.world.refresh_fov()
    stack = ScreenStack(screen)
    for key in ("t", "a", "escape"):
        stack.handle(KeyPress(key))
        if key == "a":
            assert isinstance(stack.top, TargetingScreen)
    assert stack.screens == [screen] and len(screen.world.inventory) == 1


def test_after_the_target_dies_the_next_aim_starts_where_it_fell_not_on_the_player() -> None:
    screen = play("darts")
    world = screen.world
    orc = add_monster(world, ORC, 4, 1)
    orc.hp = 1
    world.inventory[0].count = 3
    world.refresh_fov()
    aiming = opened(opened(screen.handle(KeyPress("t")), InventoryScreen).handle(KeyPress("a")),
                    TargetingScreen)  # fmt: skip
    assert aiming.cursor == orc.position
    aiming.handle(KeyPress("enter"))
    assert not orc.alive and world.inventory
    again = TargetingScreen(screen, 0, throw=True)
    assert again.cursor == (4, 1) != world.player.position and again.warning == NO_TARGET


def test_with_no_foe_in_view_enter_throws_nothing_until_the_cursor_is_moved() -> None:
    """Hand play: ``t`` then Enter with no foe in view threw the dart at the empty cell
    where the last target fell. Enter alone now keeps the dart and says what to do; a
    cursor moved (or a click) is a choice, and throws."""
    screen = play("darts")
    world = screen.world
    world.inventory[0].count = 3
    screen.aimed = (4, 1)  # where the last target fell, still in view
    world.refresh_fov()
    aiming = opened(opened(screen.handle(KeyPress("t")), InventoryScreen).handle(KeyPress("a")),
                    TargetingScreen)  # fmt: skip
    assert aiming.cursor == (4, 1)
    aiming.warning = ""
    assert aiming.handle(KeyPress("enter")) == Stay()
    assert aiming.warning == NO_TARGET and world.inventory[0].count == 3 and world.turn == 0
    aiming.handle(KeyPress("l"))
    aiming.handle(KeyPress("h"))  # back on the same cell: chosen now
    assert aiming.cursor == (4, 1) and aiming.warning == ""
    aiming.handle(KeyPress("enter"))
    assert world.inventory[0].count == 2 and world.turn > 0


def test_a_bolt_with_no_foe_waits_for_a_cursor_move_but_a_fireball_may_go_at_your_feet() -> None:
    """Fireproof's own advice is a fireball read at your own feet: a cell aimed at is a
    choice even unmoved. A bolt at foes with none in view is not."""
    screen = play("striking_wand", "fireball_scroll")
    bolt = TargetingScreen(screen, 0)
    bolt.warning = ""
    assert bolt.handle(KeyPress("enter")) == Stay()
    assert bolt.warning == NO_TARGET and screen.world.turn == 0
    blast = TargetingScreen(screen, 1)
    assert blast.cursor == screen.world.player.position
    blast.handle(KeyPress("enter"))
    assert screen.world.turn > 0


def test_a_stack_used_up_and_gathered_again_gets_its_letter_back() -> None:
    """Hand play threw its last dart (b) and, after drinking its potion (a), picked the
    dart up as (a): a stack that comes back takes the letter its kind had, when free;
    the other items keep theirs."""
    screen = play("health_potion", "darts", "fireball_scroll")
    world = screen.world
    world.player.hp = 1
    assert screen.letters.of(world.inventory) == ["a", "b", "c"]
    screen.perform(Use(0))  # the potion: (a) is free
    add_monster(world, ORC, 4, 1, hunting=False)
    world.refresh_fov()
    screen.perform(Throw(0, (4, 1)))  # the last dart: (b) is free
    assert screen.letters.of(world.inventory) == ["c"]
    dart = next(item for item in world.floor.items if item.kind.key == "darts")
    world.floor.move_actor(world.player, *dart.position)
    screen.perform(PickUp())
    assert [i.kind.key for i in world.inventory] == ["fireball_scroll", "darts"]
    assert screen.letters.of(world.inventory) == ["c", "b"]
    world.inventory.append(Item(KINDS["health_potion"]))
    assert screen.letters.of(world.inventory)[-1] == "a"  # its kind's letter again


def aiming_text(screen: PlayScreen, aiming: TargetingScreen) -> str:
    console = render.new_console()
    screen.draw(console)
    aiming.draw(console)
    return "\n".join("".join(chr(c) for c in row) for row in console.ch.T)


def test_a_piercing_bolt_through_an_ally_names_the_ally() -> None:
    """A tester's staff of lightning went through their ally to the foe behind with no
    word: the aim names whom the engine says the bolt strikes on its way. The cursor no
    longer starts on that foe (``targets.clean``): the player moves it there."""
    screen = play("lightning_staff")
    ally = add_monster(screen.world, ORC, 3, 1, hunting=False)
    ally.mode = Mode.ALLY
    foe = add_monster(screen.world, ORC, 6, 1, hunting=False)
    screen.world.refresh_fov()
    aiming = TargetingScreen(screen, 0)
    assert aiming.cursor == screen.world.player.position  # not offered: the ally is in line
    aiming.set_cursor(foe.position)
    assert "Through your orc: hit as well!" in aiming_text(screen, aiming)
    aiming.cursor = (2, 2)  # a line that misses the ally: no warning
    assert "your" not in aiming.friends_struck()


def test_a_bolt_aimed_at_a_captive_says_it_would_hit_it() -> None:
    screen = play("lightning_staff")
    captive = add_monster(screen.world, ORC, 4, 1, hunting=False)
    captive.mode = Mode.CAPTIVE
    screen.world.refresh_fov()
    aiming = TargetingScreen(screen, 0)
    aiming.cursor = captive.position
    assert aiming.friends_struck() == "This would hit the captive orc!"


NICHE = """
##########
####.#####
#........#
#........#
#@.......#
##########
"""


def test_a_turret_in_its_niche_is_offered_to_every_aimed_kind_while_in_view() -> None:
    """A tester could not aim at a turret in view: a stationary monster in a wall's niche
    is offered like any foe wherever the player sees it."""
    turret_kind = loader.load().hero.kinds["arrow_turret"]
    for key, throw in (("darts", True), ("striking_wand", False), ("firebolt_staff", False)):
        world = world_from_text(NICHE)
        for kind in KINDS.values():
            world.identity.learn(kind)
        world.inventory.append(Item(KINDS[key]))
        screen = PlayScreen.of(world, loader.load(), Settings(lighting=False))
        turret = add_monster(world, turret_kind, 4, 1)
        world.refresh_fov()
        assert world.floor.visible[turret.position]
        aiming = TargetingScreen(screen, 0, throw=throw)
        assert aiming.targets() == [turret] and aiming.cursor == turret.position, key


LONG_HALL = """
################
#@.............#
################
"""


def test_a_throw_at_what_is_farther_than_it_flies_is_warned_of_before_it_goes() -> None:
    world = world_from_text(LONG_HALL)
    for kind in KINDS.values():
        world.identity.learn(kind)
    world.inventory.append(Item(KINDS["darts"]))
    screen = PlayScreen.of(world, loader.load(), Settings(lighting=False))
    far = add_monster(world, ORC, 10, 1, hunting=False)  # 9 steps: darts fly 8
    world.refresh_fov()
    aiming = TargetingScreen(screen, 0, throw=True)
    assert aiming.targets() == []
    aiming.cursor = far.position
    planned = targets.plan(world.floor, world.player, world.inventory[0], far.position, throw=True)
    assert not isinstance(planned, Refused) and planned.short == 8
    assert aiming.falls_short() == "Too far: darts fly 8 steps."
    assert "Too far: darts fly 8 steps." in aiming_text(screen, aiming)
    aiming.cursor = (9, 1)  # within reach: no word
    assert aiming.falls_short() == ""


MEADOW = '''
############
#""""""....#
#""@"""....#
#""""""....#
############
'''


def test_a_fire_bolt_cast_from_the_grass_warns_that_the_caster_stands_in_its_way() -> None:
    world = world_from_text(MEADOW)
    for kind in KINDS.values():
        world.identity.learn(kind)
    world.inventory.append(Item(KINDS["firebolt_staff"]))
    screen = PlayScreen.of(world, loader.load(), Settings(lighting=False))
    add_monster(world, ORC, 9, 2, hunting=False)
    world.refresh_fov()
    aiming = TargetingScreen(screen, 0)
    assert aiming.cursor == (9, 2)
    lit = kindling.kindled(world.floor, world.player, world.inventory[0], (9, 2))
    assert (4, 2) in lit and (9, 2) not in lit  # the grass beside the caster; not the bare floor
    staff = world.inventory[0]
    assert kindling.near_user(world.floor, world.player, staff, (9, 2)) == "beside"
    assert "Fire would catch right beside you!" in aiming_text(screen, aiming)
    world.floor.set_tile(*world.player.position, Tile.GRASS)  # and the caster on grass
    assert kindling.near_user(world.floor, world.player, staff, (9, 2)) == "under"
    assert "Fire would spread to where you stand!" in aiming_text(screen, aiming)


def test_a_fire_bolt_over_bare_floor_gives_no_fire_warning() -> None:
    screen = play("firebolt_staff")
    add_monster(screen.world, ORC, 6, 1, hunting=False)
    screen.world.refresh_fov()
    aiming = TargetingScreen(screen, 0)
    assert kindling.near_user(screen.world.floor, screen.world.player, aiming.item, (6, 1)) == ""
    assert "Fire would" not in aiming_text(screen, aiming)


BLOAT_HALL = """
##################
#@...............#
##################
"""


def test_a_staff_aimed_at_a_bloat_in_view_beyond_its_reach_says_too_far() -> None:
    """Hand play: a staff aimed at a pale bloat drawn on the map was refused "must aim at
    a creature in view". The bloat was in view, farther than the staff reaches (a staff
    of spears at level 1: 6 steps): the aiming line and the refusal now both say so."""
    key, reach = "spear_staff", 6
    world = world_from_text(BLOAT_HALL)
    for kind in KINDS.values():
        world.identity.learn(kind)
    world.inventory.append(Item(KINDS[key], enchant=-1))  # level 1
    screen = PlayScreen.of(world, loader.load(), Settings(lighting=False))
    bloat = add_monster(world, loader.load().hero.kinds["bloat"], reach + 3, 1, hunting=False)
    world.refresh_fov()
    assert in_sight(world.floor, bloat)
    aiming = TargetingScreen(screen, 0)
    aiming.set_cursor(bloat.position)
    name = KINDS[key].name
    assert aiming.falls_short() == f"Too far: the {name} reaches {reach} steps."
    assert aiming.falls_short() in aiming_text(screen, aiming)
    result = world.step(Use(0, bloat.position))
    assert isinstance(result, Refused) and result.reason == "out_of_range"
    assert texts(result) == [f"Too far: the {name.lower()} reaches {reach} steps."]
    aiming.set_cursor((reach + 1, 1))  # within reach, nobody there: no word of reach
    assert aiming.falls_short() == ""


def test_a_creature_in_view_past_a_corner_is_said_to_be_out_of_a_straight_line() -> None:
    """In view round a corner, but the bolt's straight line meets the wall: the aiming
    line and the refusal say so, not "aim at a creature in view"."""
    world, screen = corner_with_a_wand()
    shielded = add_monster(world, ORC, 3, 2, hunting=False)
    world.refresh_fov()
    assert in_sight(world.floor, shielded)
    aiming = TargetingScreen(screen, 0)
    aiming.set_cursor(shielded.position)
    assert aiming.falls_short() == aim_words.NO_CLEAR_LINE
    result = world.step(Use(0, shielded.position))
    assert isinstance(result, Refused) and result.reason == "no_clear_line"
    assert texts(result) == [
        "Something is in the way: the wand of striking cannot reach there in a straight line."
    ]
