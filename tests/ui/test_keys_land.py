"""Keys land where they were meant: a box that has just opened takes no key sent before it
was shown, throwing with nothing made for throwing preselects nothing, and the level-up
box waits for a deliberate choice."""

from __future__ import annotations

import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.things.items import Item
from emberdeep.ui import loop, render
from emberdeep.ui.input import Click, CloseRequested, InputEvent, KeyPress, MouseMove
from emberdeep.ui.menu import Chosen
from emberdeep.ui.screens import Stay
from emberdeep.ui.screens.inventory import NOTHING_TO_THROW, InventoryScreen
from emberdeep.ui.screens.level_up import LevelUpScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.targeting import TargetingScreen
from emberdeep.ui.stack import SETTLE_SECONDS, ScreenStack
from tests.helpers import opened, world_from_text

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
HALL = """
##########
#@.......#
#........#
##########
"""


def play(*keys: str) -> PlayScreen:
    world = world_from_text(HALL)
    for kind in KINDS.values():
        world.identity.learn(kind)
    world.inventory.extend(Item(KINDS[key]) for key in keys)
    return PlayScreen.of(world, loader.load(), Settings(lighting=False, animation="off"))


class Script:
    """A presenter whose input is a script: each ``wait`` hands over the next batch; a
    ``wait(0)`` (what is already waiting) only when the script says so. It records which
    screen was on top at each frame."""

    paused = False

    def __init__(self, stack: ScreenStack, batches: list[tuple[float | None, list[InputEvent]]]):
        self.stack = stack
        self.batches = batches
        self.shown: list[object] = []
        self.now = 0.0
        """The stack's clock: a batch handed over with ``when`` > 0 arrives at that time."""
        stack.clock = lambda: self.now

    def console_size(self) -> tuple[int, int]:
        return render.SCREEN_WIDTH, render.SCREEN_HEIGHT

    def present(self, console: tcod.console.Console) -> None:
        self.shown.append(self.stack.top)

    def wait(self, timeout: float | None) -> list[InputEvent]:
        if not self.batches:
            return [CloseRequested()]
        when, batch = self.batches[0]
        if (timeout == 0) != (when == 0):
            return []  # nothing was waiting (or this batch comes only after a wait)
        self.batches.pop(0)
        if when:
            self.now = when
        return batch


def level_up_ready(screen: PlayScreen) -> None:
    screen.world.player.xp = screen.world.xp_to_next


def test_a_key_pressed_before_the_level_up_box_opened_is_not_taken_by_it() -> None:
    """The volley: "." (the level is reached) then Enter and "a" in the same batch, then
    "b" already waiting when the box was first drawn: none of them spends the level. The
    "c" pressed after the box was seen does."""
    screen = play()
    level_up_ready(screen)
    player = screen.world.player
    hp, power, defense = player.max_hp, player.power, player.defense
    stack = ScreenStack(screen)
    script = Script(
        stack,
        [
            (None, [KeyPress("."), KeyPress("enter"), KeyPress("a")]),
            (0, [KeyPress("b"), MouseMove(1, 1)]),
            (SETTLE_SECONDS + 0.1, [KeyPress("c")]),
        ],
    )
    loop.run(stack, script)
    assert any(isinstance(top, LevelUpScreen) for top in script.shown)
    assert player.max_hp == hp and player.power <= power  # neither a nor b (nor Enter)
    assert player.defense > defense and player.level == 2  # c: Agility, chosen once seen


def test_keys_still_streaming_in_after_the_level_up_box_was_shown_are_not_taken() -> None:
    """The volley, as hand play met it: "t c Enter" for a throw typed as a stream while
    the kill before it opened the box. Each key comes after the box was shown but before
    the player could read it (0.2 s apart): none chooses a stat, and each keeps the box
    settling. After a pause, "a" is a deliberate choice: Constitution."""
    screen = play()
    level_up_ready(screen)
    player = screen.world.player
    hp, power, defense = player.max_hp, player.power, player.defense
    stack = ScreenStack(screen)
    typed: list[tuple[float | None, list[InputEvent]]]
    typed = [(0.2 * n, [KeyPress(key)]) for n, key in enumerate("tc", start=1)]
    script = Script(
        stack,
        [
            (None, [KeyPress(".")]),
            *typed,
            (0.6, [KeyPress("enter")]),
            (0.6 + SETTLE_SECONDS - 0.05, [KeyPress("b")]),  # still a stream: dropped
            (0.6 + 2 * SETTLE_SECONDS + 0.1, [KeyPress("a")]),
        ],
    )
    loop.run(stack, script)
    assert isinstance(script.shown[1], LevelUpScreen)
    assert (player.power, player.defense) == (power, defense)  # neither b nor c
    assert player.level == 2 and player.max_hp == hp + screen.world.progression.hp  # a


def test_keys_typed_before_a_menu_opened_are_dropped_but_not_other_input() -> None:
    """ "i" then "a" in one read: the inventory opens and is shown; the "a" was typed
    before it could be seen, so the potion is not drunk. Once shown, "a" drinks it."""
    screen = play("health_potion")
    screen.world.player.hp = 1  # so the potion is drunk, not refused
    stack = ScreenStack(screen)
    script = Script(stack, [(None, [KeyPress("i"), KeyPress("a")]), (None, [KeyPress("a")])])
    loop.run(stack, script)
    inventory = [top for top in script.shown if isinstance(top, InventoryScreen)]
    assert len(inventory) == 1 and not screen.world.inventory  # drunk by the second "a"
    assert script.shown.count(inventory[0]) == 1


def test_a_box_once_shown_takes_keys_and_the_screen_below_keeps_its_own() -> None:
    """Only a screen not yet shown drops input: the play screen under a closed box takes
    every key of a batch."""
    screen = play()
    stack = ScreenStack(screen)
    script = Script(stack, [(None, [KeyPress("."), KeyPress("."), KeyPress(".")])])
    loop.run(stack, script)
    assert screen.world.turn == 3
    assert not stack.too_soon(KeyPress("."))


def test_the_stack_names_the_unseen_screen_until_it_is_shown() -> None:
    screen = play("health_potion")
    stack = ScreenStack(screen)
    stack.handle(KeyPress("i"))
    menu = stack.top
    assert isinstance(menu, InventoryScreen) and stack.unseen is menu
    assert stack.too_soon(KeyPress("a")) and stack.too_soon(Click(1, 1, 1))
    assert not stack.too_soon(MouseMove(1, 1)) and not stack.too_soon(CloseRequested())
    stack.seen(menu)
    assert not stack.too_soon(KeyPress("a"))


def test_throw_with_nothing_made_for_throwing_says_so_and_preselects_nothing() -> None:
    screen = play("health_potion", "dagger")
    menu = InventoryScreen(screen, "throw")
    assert menu.menu.header == NOTHING_TO_THROW and menu.menu.highlight is None
    assert menu.handle(KeyPress("enter")) == Stay()  # Enter alone throws nothing
    assert menu.handle(KeyPress("down")) == Stay() and menu.menu.highlight == 0
    opened(menu.handle(KeyPress("enter")), TargetingScreen)  # chosen: aimed
    console = render.new_console(80, 24)
    screen.draw(console)
    fresh = InventoryScreen(screen, "throw")
    fresh.draw(console)
    text = "".join(chr(c) for c in console.ch.T.flatten())
    assert "nothing made for throwing" in text
    opened(fresh.handle(KeyPress("a")), TargetingScreen)  # a letter still throws


def test_throw_with_darts_still_highlights_them() -> None:
    menu = InventoryScreen(play("health_potion", "darts"), "throw")
    assert menu.menu.header == "" and menu.menu.highlight == 0
    opened(menu.handle(KeyPress("enter")), TargetingScreen)


def test_the_level_up_box_waits_for_a_deliberate_choice() -> None:
    screen = play()
    level_up_ready(screen)
    box = opened(screen.handle(KeyPress(".")), LevelUpScreen)
    assert box.menu.highlight is None
    assert box.handle(KeyPress("enter")) == Stay() and screen.world.player.level == 1
    assert box.menu.handle_key("up") is not None and box.menu.highlight == 2
    assert isinstance(box.menu.handle_key("enter"), Chosen)


class Lockstep:
    """A presenter that answers each frame at once, as a page in lockstep does: once it
    has shown ``opens``, its ``answer`` arrives right after that frame, in whatever
    ``wait`` the loop makes next."""

    paused = False

    def __init__(self, stack: ScreenStack, first: InputEvent, opens: type, answer: InputEvent):
        self.stack = stack
        self.pending: list[InputEvent] = [first]
        self.opens, self.answer = opens, answer
        self.shown: list[object] = []

    def console_size(self) -> tuple[int, int]:
        return render.SCREEN_WIDTH, render.SCREEN_HEIGHT

    def present(self, console: tcod.console.Console) -> None:
        self.shown.append(self.stack.top)
        if isinstance(self.stack.top, self.opens) and self.answer not in self.pending:
            self.pending.append(self.answer)

    def wait(self, timeout: float | None) -> list[InputEvent]:
        if not self.pending:
            return [CloseRequested()] if timeout is None else []
        events, self.pending = self.pending, []
        return events


def test_a_key_sent_the_moment_a_box_was_shown_is_the_boxs() -> None:
    """A browser answers the frame that shows the pack at once: its Escape is read after
    that frame and closes the pack (it was read as already waiting, and dropped)."""
    stack = ScreenStack(play("darts"))
    page = Lockstep(stack, KeyPress("i"), InventoryScreen, KeyPress("escape"))
    loop.run(stack, page)
    kinds = [type(screen).__name__ for screen in page.shown]
    assert kinds[:3] == ["PlayScreen", "InventoryScreen", "PlayScreen"], kinds
