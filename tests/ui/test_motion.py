"""Motion from events: a missile flies a cell a frame, a blow flashes the struck cell,
an area blooms from its centre, the dead fade; the play screen plays the film on its
ticks, and a key finishes it at once and is acted on in the same call, so the next
frame shows the key's result."""

from __future__ import annotations

import numpy as np
import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.core.events import Area, Attacked, Died, Missile, Thing, Who
from emberdeep.engine.things.items import Item
from emberdeep.session.driver import Report
from emberdeep.ui import loop, motion, render
from emberdeep.ui.input import CloseRequested, InputEvent, KeyPress
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import ORC, add_monster, world_from_text

HALL = """
###########
#@........#
#.........#
#.........#
###########
"""
PLAYER, KOBOLD = Who(1, "player"), Who(2, "kobold")
PATH = ((2, 1), (3, 1), (4, 1), (5, 1))
DART = Missile(PLAYER, PATH, "thrown", Thing("darts"))
HIT = Attacked(PLAYER, KOBOLD, (1, 1), (5, 1), hit=True, damage=2, verb="throw")


def screen(animation: str = "normal") -> PlayScreen:
    world = world_from_text(HALL)
    settings = Settings(animation=animation, lighting=False)
    return PlayScreen.of(world, loader.load(), settings)


def drawn(play: PlayScreen) -> tcod.console.Console:
    console = render.new_console()
    play.draw(console)
    return console


def at(
    play: PlayScreen, console: tcod.console.Console, pos: tuple[int, int]
) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    cell = render.to_screen(pos, play.layout.map, play.origin())
    assert cell is not None
    return chr(console.ch[cell]), tuple(console.fg[cell]), tuple(console.bg[cell])


def test_a_thrown_dart_flies_a_cell_a_frame_then_the_struck_cell_flashes() -> None:
    play = screen()
    plain = drawn(play)
    play.show(Report(events=[DART, HIT]))
    assert play.film is not None and play.tick_seconds == motion.SPEEDS["normal"]
    dart = loader.load().looks["darts"]
    for i, cell in enumerate(PATH):
        console = drawn(play)
        assert at(play, console, cell)[0] == dart.glyph, f"frame {i}"
        others = [c for c in PATH if c != cell]
        assert all(at(play, console, c) == at(play, plain, c) for c in others)
        play.tick()
    console = drawn(play)  # the flight is over: the kobold's cell flashes red
    glyph, _, bg = at(play, console, (5, 1))
    assert glyph == at(play, plain, (5, 1))[0] and bg[0] > 100 and bg[0] > bg[2]
    for _ in range(motion.FLASH_FRAMES):
        play.tick()
    assert play.film is None and play.tick_seconds is None  # back to waiting for keys
    assert np.array_equal(drawn(play).rgb, plain.rgb)


def test_an_area_blooms_outward_from_its_centre() -> None:
    cells = tuple((x, y) for x in range(3, 8) for y in range(1, 4))
    film = motion.film([Area(PLAYER, (5, 2), cells, "fire")], loader.load())
    assert film is not None
    first, second = (
        {(int(x), int(y)) for mark in frame for x, y in zip(mark.xs, mark.ys, strict=True)}
        for frame in film.frames[:2]
    )
    assert first == {(5, 2)}
    assert {(4, 1), (6, 3), (5, 2)} <= second and (3, 1) not in second
    assert len(film.frames) == 2 + 1 + motion.BLOOM_HOLD  # out to the edge, then it fades


def test_the_dead_fade_from_their_cell() -> None:
    kobold = loader.load().looks["kobold"]
    film = motion.film([Died(KOBOLD, (4, 2), PLAYER, "player")], loader.load())
    assert film is not None
    shades = [sum(frame[0].fg or ()) for frame in film.frames]
    assert [frame[0].glyph for frame in film.frames] == [kobold.glyph] * motion.FADE_FRAMES
    assert shades == sorted(shades, reverse=True) and shades[-1] < sum(kobold.fg) / 4


def test_a_key_pressed_during_a_film_ends_it_and_takes_effect_in_the_next_frame() -> None:
    play = screen()
    play.show(Report(events=[DART, HIT]))
    play.tick()  # the dart is in flight, at its second cell
    assert play.film is not None
    start = play.world.player.position
    play.handle(KeyPress("j"))  # down
    assert play.world.player.position == (start[0], start[1] + 1)
    assert play.film is None
    console = drawn(play)
    dart = loader.load().looks["darts"].glyph
    assert all(at(play, console, cell)[0] != dart for cell in PATH)
    assert at(play, console, (start[0], start[1] + 1))[0] == "@"


def test_off_shows_no_motion_and_a_step_makes_no_film() -> None:
    play = screen("off")
    play.show(Report(events=[DART, HIT]))
    assert play.film is None and play.tick_seconds is None
    play = screen()
    play.handle(KeyPress("l"))
    assert play.film is None


def test_a_real_throw_is_filmed_from_the_drivers_events() -> None:
    play = screen()
    world = play.world
    add_monster(world, ORC, 6, 1)
    darts = next(k for k in loader.load().population.items.kinds if k.key == "darts")
    world.inventory.append(Item(darts))
    world.identity.learn(darts)
    world.refresh_fov()
    play.perform(Throw(len(world.inventory) - 1, (6, 1)))
    assert play.film is not None
    flown = [
        (int(mark.xs[0]), int(mark.ys[0]))
        for frame in play.film.frames
        for mark in frame
        if mark.glyph == loader.load().looks["darts"].glyph
    ]
    assert flown[:4] == [(2, 1), (3, 1), (4, 1), (5, 1)]


class Recorder:
    """A presenter that shows nothing: it keeps each frame's characters and, once the
    film is over, closes the window."""

    paused = False

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.frames: list[np.ndarray] = []
        self.timeouts: list[float | None] = []

    def console_size(self) -> tuple[int, int]:
        return render.SCREEN_WIDTH, render.SCREEN_HEIGHT

    def present(self, console: tcod.console.Console) -> None:
        self.frames.append(console.ch.copy())

    def wait(self, timeout: float | None) -> list[InputEvent]:
        self.timeouts.append(timeout)
        return [] if self.play.film is not None else [CloseRequested()]


def test_the_presenter_loop_plays_a_film_frame_by_frame_then_waits() -> None:
    """Every front-end (window, terminal, browser) runs this loop: a film is shown a frame
    per tick, without a key, and then the loop goes back to waiting for input."""
    play = screen("fast")
    play.show(Report(events=[DART, HIT]))
    recorder = Recorder(play)
    loop.run(ScreenStack(play), recorder)
    dart = ord(loader.load().looks["darts"].glyph)
    cells = [render.to_screen(c, play.layout.map, play.origin()) for c in PATH]
    flights = [next(i for i, ch in enumerate(recorder.frames) if ch[c] == dart) for c in cells]
    assert flights == sorted(flights) and len(set(flights)) == len(PATH)
    assert len(recorder.frames) >= len(PATH) + motion.FLASH_FRAMES
    fast = motion.SPEEDS["fast"]
    assert fast is not None
    assert all(t is not None and t <= fast for t in recorder.timeouts[:-1])
