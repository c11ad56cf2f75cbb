from __future__ import annotations

import pytest
import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.creatures import hunger
from emberdeep.session.driver import Pause
from emberdeep.session.playing import Game
from emberdeep.ui import render
from emberdeep.ui.app import App
from emberdeep.ui.input import Click, KeyPress
from emberdeep.ui.keys import DEFAULT_KEYS, command_for
from emberdeep.ui.layout import FULL, FULL_SIZE, MIN_SIZE
from emberdeep.ui.screens import Pop, PopTo, Quit, Stay
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.help import HelpScreen
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, opened, world_from_text

ROOM = """
#####
#...#
#.@.#
#...#
#####
"""


def screen() -> PlayScreen:
    return PlayScreen.of(world_from_text(ROOM), loader.load(), Settings())


def test_arrows_numpad_and_vi_keys_all_move() -> None:
    for keys, delta in [
        (("up", "kp_8", "k"), (0, -1)),
        (("down", "kp_2", "j"), (0, 1)),
        (("left", "kp_4", "h"), (-1, 0)),
        (("right", "kp_6", "l"), (1, 0)),
        (("home", "kp_7", "y"), (-1, -1)),
        (("pageup", "kp_9", "u"), (1, -1)),
        (("end", "kp_1", "b"), (-1, 1)),
        (("pagedown", "kp_3", "n"), (1, 1)),
    ]:
        for key in keys:
            s = screen()
            assert s.handle(KeyPress(key)) == PopTo(s)
            assert s.world.player.position == (2 + delta[0], 2 + delta[1]), key


def test_wait_keys_pass_time_without_moving() -> None:
    for key in (".", "kp_5"):
        s = screen()
        s.handle(KeyPress(key))
        assert s.world.turn == 1 and s.world.player.position == (2, 2)


def test_bumping_a_wall_logs_the_reason_once_while_the_key_is_held() -> None:
    s = screen()
    s.handle(KeyPress("k"))
    s.handle(KeyPress("k"))
    s.handle(KeyPress("k"))
    last = s.log.entries[-1]
    assert (last.text, last.kind, last.count) == ("That way is blocked.", MessageKind.REFUSED, 1)
    assert s.world.turn == 1


def test_tab_cycles_render_mode_and_escape_quits() -> None:
    s = screen()
    assert s.render_mode == "ascii"
    s.handle(KeyPress("tab"))
    assert s.render_mode == "solid"  # the order the README gives
    assert s.log.entries[-1].text == "Map: solid blocks."  # the new look is named
    s.handle(KeyPress("tab"))
    assert s.render_mode == "tiles" and s.log.entries[-1].text == "Map: pixel tiles."
    s.handle(KeyPress("tab"))
    assert s.render_mode == "ascii" and s.log.entries[-1].text == "Map: letters and symbols."
    assert s.world.turn == 0  # no time passes
    assert s.handle(KeyPress("escape")) == Stay()  # Esc closes overlays only: here, a hint
    assert "press Q" in s.log.entries[-1].text
    confirm = opened(s.handle(KeyPress("Q")), ConfirmScreen)
    assert confirm.handle(KeyPress("escape")) == Pop()
    assert confirm.handle(KeyPress("y")) == Quit()  # no title to go back to: the end


def test_unbound_keys_and_clicks_do_nothing() -> None:
    s = screen()
    before = s.world.state_hash()
    assert command_for("F") is None
    s.handle(KeyPress("F"))
    s.handle(Click(3, 3, 1))
    assert s.world.state_hash() == before and s.mouse == (3, 3)


def test_real_time_the_clock_runs_without_keys_and_a_held_key_acts_when_due() -> None:
    from tests.helpers import ORC, add_monster

    world = world_from_text("#" * 14 + "\n#@" + "." * 11 + "#\n" + "#" * 14)
    orc = add_monster(world, ORC, 12, 1)
    settings = Settings(mode="real-time", ticks_per_second=20, pace=5, pause_on_monster=False)
    s = PlayScreen.of(world, loader.load(), settings)
    assert s.tick_seconds == 1 / 20
    for _ in range(8):  # two normal actions' worth of ticks at 5 a second, no key pressed
        s.tick()
    assert world.time == 8 * 25 and world.turn == 0
    assert orc.x < 12  # the monster did not wait for the player
    s.handle(KeyPress("l"))  # due: acts at once
    assert world.player.position == (2, 1)
    s.handle(KeyPress("l"))  # not due yet: waits for its moment
    assert world.player.position == (2, 1) and s.driver.pending is not None
    for _ in range(4):
        s.tick()
    assert world.player.position == (3, 1) and s.driver.pending is None


def test_mouse_look_boxes_creatures_but_not_bare_floor() -> None:
    from emberdeep.ui import render
    from emberdeep.ui.input import MouseMove
    from tests.helpers import ORC, add_monster

    s = screen()
    add_monster(s.world, ORC, 3, 3, hunting=False)
    origin = s.origin()

    def frame_drawn_over(tile: tuple[int, int]) -> bool:
        cell = render.to_screen(tile, FULL.map, origin)
        assert cell is not None
        s.handle(MouseMove(*cell))
        console = render.new_console()
        s.draw(console)
        view = FULL.map  # the sidebar names the orc anyway: look for the tooltip's box
        return any(chr(c) in "┌┐└┘" for c in console.ch[view.x :, : view.height].flatten())

    assert frame_drawn_over((3, 3))
    assert not frame_drawn_over((1, 1))


def test_real_time_pauses_for_a_newcomer_and_lost_focus_and_p_resumes() -> None:
    from emberdeep.ui.input import FocusLost
    from tests.helpers import ORC, add_monster

    world = world_from_text("#" * 14 + "\n#@" + "." * 11 + "#\n" + "#" * 14)
    orc = add_monster(world, ORC, 12, 1)
    s = PlayScreen.of(world, loader.load(), Settings(mode="real-time", ticks_per_second=20))
    assert not world.floor.visible[orc.position]
    while not s.paused:  # the orc walks into view: the clock stops by itself
        s.tick()
    assert world.floor.visible[orc.position] and s.tick_seconds is None
    stopped = world.time
    s.tick()
    assert world.time == stopped and "PAUSED" in "".join(
        chr(c) for c in drawn_console(s).ch[: FULL.sidebar.width, 0]
    )
    s.handle(KeyPress("p"))
    assert not s.paused and s.tick_seconds == 1 / 20
    s.tick()
    assert world.time > stopped
    s.handle(FocusLost())
    assert s.paused
    s.handle(KeyPress("l"))  # any command resumes, and is carried out
    assert not s.paused
    quiet = Settings(mode="real-time", pause_on_focus_loss=False, pause_on_monster=False)
    calm = PlayScreen.of(world, loader.load(), quiet)
    calm.handle(FocusLost())
    assert not calm.paused


def test_real_time_does_not_pause_for_a_monster_in_view_from_the_start() -> None:
    world = world_from_text("#" * 14 + "\n#@" + "." * 11 + "#\n" + "#" * 14)
    orc = add_monster(world, ORC, 5, 1, hunting=False)
    world.refresh_fov()
    assert world.floor.visible[orc.position]
    s = PlayScreen.of(world, loader.load(), Settings(mode="real-time", ticks_per_second=20))
    s.tick()
    assert not s.paused and world.time > 0
    newcomer = add_monster(world, ORC, 7, 1, hunting=False)  # one more steps into view
    assert world.floor.visible[newcomer.position]
    s.tick()
    assert s.paused and s.log.entries[-1].text == (
        "You see an orc: the clock stops. Press p to resume, or act."
    )  # one line: the pause, named by its cause


def test_a_pause_names_the_pause_key_as_the_player_bound_it() -> None:
    """The driver reports a pause as data; the screen words it with the live keymap, so
    a player who moved pause to another key is told that key, not the default's."""
    settings = Settings(mode="real-time", ticks_per_second=20)
    keymap = {key: name for key, name in DEFAULT_KEYS.items() if name != "pause"}
    keymap["z"] = "pause"
    app = App(loader.load(), settings, data=None, keymap=keymap)
    world = world_from_text("#" * 14 + "\n#@" + "." * 11 + "#\n" + "#" * 14)
    s = PlayScreen(Game.start(world, app.content, settings), app.content, settings, app=app)
    s.handle(KeyPress("z"))
    assert s.paused and s.log.entries[-1].text == "Paused. Press z to resume."
    s.handle(KeyPress("z"))
    assert not s.paused
    newcomer = add_monster(world, ORC, 7, 1, hunting=False)  # steps into view
    assert world.floor.visible[newcomer.position]
    s.tick()
    assert s.paused and s.log.entries[-1].text == (
        "You see an orc: the clock stops. Press z to resume, or act."
    )
    del keymap["z"]  # nothing bound to pause: the player is told to act
    s.driver.resume()
    s.after(s.driver.pause(Pause.FOCUS))
    assert s.log.entries[-1].text == (
        "Paused while the window is in the background. Act to resume."
    )


def test_pause_in_turn_based_play_says_the_game_already_waits() -> None:
    s = screen()
    s.handle(KeyPress("p"))
    assert not s.paused and "turn-based" in s.log.entries[-1].text


def drawn_console(s: PlayScreen) -> tcod.console.Console:
    console = render.new_console()
    s.draw(console)
    return console


HALL = """
##########
#........#
#........#
#...@....#
#........#
#........#
#........#
##########
"""


@pytest.mark.parametrize("size", [MIN_SIZE, (90, 30), (100, 39), FULL_SIZE])
def test_every_size_shows_how_to_get_help(size: tuple[int, int]) -> None:
    """The 80x24 terminal is where newcomers start (and SSH): its play screen, too, must
    say which key opens the help, even with a sidebar crowded to its last row."""
    world = world_from_text(HALL)
    for x in range(1, 9):  # more creatures in view than the sidebar has rows
        for y in range(1, 7):
            if (x, y) != world.player.position:
                add_monster(world, ORC, x, y, hunting=False)
    world.refresh_fov()
    s = PlayScreen.of(world, loader.load(), Settings())
    console = render.new_console(*size)
    s.draw(console)
    rows = ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]
    assert "? help" in rows[-1]  # the bottom row, so it is always in the same place
    opened(s.handle(KeyPress("?")), HelpScreen)  # and it does open the help
    above_hints = rows[:-1] if s.layout.compact else rows  # (beside them in the full one)
    assert "more" in "".join(above_hints)  # the crowded sidebar stopped above the hints
    if s.layout.compact:  # the hints cost the sidebar and the log a row, not the map
        assert (s.layout.map.height, s.layout.log.height) == (size[1] - 4, 3)
        for line in ("One.", "Two.", "Three.", "The newest line is the one to see."):
            s.log.add(line)
        s.draw(console)
        rows = ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]
        assert "The newest line is the one to see." in rows[-2]  # not under the hints
        assert "Q save & quit" in rows[-1]  # the whole row of default hints fits


def test_the_sidebar_always_shows_the_stomach_with_the_turns_of_food_left() -> None:
    s = screen()

    def sidebar() -> str:
        console = drawn_console(s)
        return "\n".join(
            "".join(chr(c) for c in console.ch[: FULL.sidebar.width, y]) for y in range(12)
        )

    assert not any(word in sidebar() for word in ("Hungry", "Weak", "Faint"))
    assert f"Stomach {hunger.STOMACH}" in sidebar()  # fed: the gauge is there all the same
    for nourishment, word in ((hunger.HUNGRY, "Hungry"), (hunger.WEAK, "Weak"), (10, "Faint")):
        s.world.nourishment = nourishment
        assert f"{word} {nourishment}" in sidebar()
