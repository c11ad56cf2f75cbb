"""Freeing a captive as the player does it: asked once, then a run of work at its
shackles that a threat interrupts; telling allies to wait or follow with a key."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.actors import Mode
from emberdeep.session.driver import FreeCaptive
from emberdeep.session.look_words import FREE_HINT, describe_in_detail, doing
from emberdeep.ui import render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.layout import MIN_SIZE
from emberdeep.ui.screens import Pop, PopTo
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.details import monster_lines
from emberdeep.ui.screens.help import help_lines
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.sidebar import ALLY_HEALTH, HEALTH_FULL
from tests.helpers import ORC, add_monster, opened, world_from_text

CONTENT = loader.load()
GOBLIN = CONTENT.hero.kinds["goblin"]
ROOM = """
###########
#.........#
#.@.......#
#.........#
###########
"""


def with_captive(shackles: int = 5) -> PlayScreen:
    screen = PlayScreen.of(world_from_text(ROOM), CONTENT, Settings())
    goblin = add_monster(screen.world, GOBLIN, 3, 2, hunting=False)
    goblin.mode, goblin.shackles = Mode.CAPTIVE, shackles
    screen.world.refresh_fov()
    return screen


def ticks(screen: PlayScreen, limit: int = 100) -> int:
    count = 0
    while screen.running and count < limit:
        screen.tick()
        count += 1
    return count


def test_walking_into_a_captive_asks_once_then_works_until_it_is_free() -> None:
    screen = with_captive()
    goblin = screen.world.floor.blocker_at(3, 2)
    assert goblin is not None and doing(goblin) == "captive, in shackles"
    asked = opened(screen.handle(KeyPress("l")), ConfirmScreen)
    assert asked.question.startswith("Free the goblin?")
    assert screen.world.turn == 0
    assert asked.handle(KeyPress("y")) == PopTo(screen)
    run = screen.driver.run
    assert run is not None and isinstance(run.command, FreeCaptive)
    ticks(screen)
    assert goblin.mode == Mode.ALLY and screen.world.turn == 5
    texts = [entry.text for entry in screen.log.entries]
    assert "You work at the goblin's shackles (4 more to go)." in texts
    assert texts[-1] == "You free the goblin from its shackles. It joins you!"
    assert doing(goblin) == "your ally"


def test_no_leaves_the_captive_in_its_shackles() -> None:
    screen = with_captive()
    asked = opened(screen.handle(KeyPress("l")), ConfirmScreen)
    assert asked.handle(KeyPress("n")) == Pop()
    assert screen.world.turn == 0 and not screen.running


def test_a_threat_in_view_allows_one_turn_of_work_at_a_time() -> None:
    screen = with_captive()
    add_monster(screen.world, ORC, 8, 3)
    screen.world.refresh_fov()
    asked = opened(screen.handle(KeyPress("l")), ConfirmScreen)
    asked.handle(KeyPress("y"))
    assert not screen.running and screen.world.turn == 1
    screen.handle(KeyPress("l"))  # asked once: the next bump is the next turn's work
    assert screen.world.turn == 2


def test_the_captors_interrupt_the_work() -> None:
    screen = with_captive(shackles=20)
    asked = opened(screen.handle(KeyPress("l")), ConfirmScreen)
    asked.handle(KeyPress("y"))
    screen.tick()
    orc = add_monster(screen.world, ORC, 8, 3)
    screen.world.refresh_fov()
    ticks(screen)
    assert not screen.running and orc.alive
    assert screen.log.entries[-1].text.endswith("an orc.")
    assert screen.world.turn < 20


def test_f_tells_the_allies_to_wait_then_to_follow() -> None:
    screen = with_captive(shackles=1)
    ally = screen.world.floor.blocker_at(3, 2)
    assert ally is not None
    ally.mode, ally.shackles = Mode.ALLY, 0
    screen.handle(KeyPress("f"))
    assert ally.stays and screen.log.entries[-1].text == "You tell your goblin to wait here."
    assert doing(ally) == "your ally, waiting"
    screen.handle(KeyPress("f"))
    assert not ally.stays and screen.log.entries[-1].text == "You tell your goblin to follow you."
    said = " ".join(" ".join(text.split()) for text, _ in help_lines({"f": "order_allies"}, 80))
    assert "wait here, or to follow: f" in said


def test_the_compact_sidebar_tells_a_captive_and_an_ally_from_a_foe() -> None:
    """At 80x24 a creature gets one row: its mode leads, so a long name cannot hide it."""
    screen = with_captive()
    add_monster(screen.world, ORC, 5, 2, hunting=False).mode = Mode.ASLEEP
    screen.world.refresh_fov()
    console = render.new_console(*MIN_SIZE)
    screen.draw(console)
    sidebar = ["".join(map(chr, console.ch[: screen.layout.sidebar.width, y])) for y in range(12)]
    assert screen.layout.compact
    assert any("captive: Goblin" in row for row in sidebar)
    assert any("asleep: Orc" in row for row in sidebar)


def test_a_captive_looked_at_says_how_to_free_it() -> None:
    screen = with_captive()
    goblin = screen.world.floor.blocker_at(3, 2)
    assert goblin is not None
    assert f"  {FREE_HINT}" in describe_in_detail(screen.world, (3, 2))
    _, lines = monster_lines(screen, goblin)
    assert any(line.startswith("Walk into it to free it") for line in lines)
    foe = add_monster(screen.world, ORC, 6, 2)
    screen.world.refresh_fov()
    assert f"  {FREE_HINT}" not in describe_in_detail(screen.world, foe.position)


def test_an_allys_health_bar_is_not_a_foes_red() -> None:
    """Hand play read an ally's red bar in the sidebar as an enemy's."""
    screen = with_captive()
    goblin = screen.world.floor.blocker_at(3, 2)
    assert goblin is not None
    goblin.mode, goblin.shackles = Mode.ALLY, 0
    foe = add_monster(screen.world, ORC, 6, 2)
    screen.world.refresh_fov()
    console = render.new_console(100, 52)
    screen.draw(console)
    bars = {}
    for entry in screen.sidebar.entries:
        actor = screen.world.floor.blocker_at(*entry.position)
        if actor is not None:
            bars[actor.id] = tuple(
                int(c) for c in console.rgb["bg"][screen.layout.sidebar.x + 3, entry.top]
            )
    assert bars[foe.id] == HEALTH_FULL and bars[goblin.id] == ALLY_HEALTH[0] != HEALTH_FULL


POCKET = """
#####
#@..#
#####
"""


def test_a_confused_stumble_into_a_captive_never_starts_freeing_it() -> None:
    """Hand play: confused, a step elsewhere lurched into a captive and began working at
    its shackles with no question, where a deliberate step asks "Free the goblin?". A
    stumble only bumps it (the turn lost, as against a wall)."""
    screen = PlayScreen.of(world_from_text(POCKET), CONTENT, Settings())
    world = screen.world
    goblin = add_monster(world, GOBLIN, 2, 1, hunting=False)
    goblin.mode, goblin.shackles = Mode.CAPTIVE, 5
    world.refresh_fov()
    world.player.confused = 1000
    turns = 0
    for _ in range(80):  # west, into the wall: only a stumble can reach the goblin
        before = world.turn
        screen.handle(KeyPress("h"))
        turns += world.turn - before
    assert turns > 20  # the stumbles were taken
    assert goblin.mode == Mode.CAPTIVE and goblin.shackles == 5
    assert not isinstance(screen.driver.run and screen.driver.run.command, FreeCaptive)
