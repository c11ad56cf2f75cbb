"""Closing the window (or the terminal) goes through the stack, whatever is on top: the
game in progress is saved and changed settings are written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from emberdeep import config
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.things.items import Item
from emberdeep.ui.app import App
from emberdeep.ui.input import CloseRequested, KeyPress
from emberdeep.ui.screens import Ticking, as_ticking
from emberdeep.ui.screens.character import CharacterScreen
from emberdeep.ui.screens.help import HelpScreen
from emberdeep.ui.screens.history import HistoryScreen
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.level_up import LevelUpScreen
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.screens.options import OptionsScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.targeting import TargetingScreen
from emberdeep.ui.stack import ScreenStack

TURNS = 5


@pytest.fixture
def app(tmp_path: Path) -> App:
    return App(loader.load(), Settings(), data=tmp_path)


def playing(app: App) -> tuple[ScreenStack, PlayScreen]:
    """A new game from the title, ``TURNS`` turns in (waiting, so nothing else happens)."""
    stack = ScreenStack(MainMenu(app))
    stack.handle(KeyPress("a"))
    play = stack.top
    assert isinstance(play, PlayScreen)
    for _ in range(TURNS):
        stack.handle(KeyPress("."))
    assert play.world.turn == TURNS and stack.top is play
    return stack, play


def give_fireball(play: PlayScreen) -> None:
    kinds = {kind.key: kind for kind in loader.load().population.items.kinds}
    play.world.inventory[:] = [Item(kinds["fireball_scroll"])]  # the only item
    play.world.identity.learn(kinds["fireball_scroll"])  # known: aimed (unknown: read)


def ready_to_level(play: PlayScreen) -> None:
    play.world.player.xp = play.world.xp_to_next


OPENERS: dict[str, tuple[Callable[[PlayScreen], None], list[str], type]] = {
    "inventory": (lambda play: None, ["i"], InventoryScreen),
    "drop menu": (lambda play: None, ["d"], InventoryScreen),
    "targeting": (give_fireball, ["i", "enter"], TargetingScreen),
    "level-up": (ready_to_level, ["."], LevelUpScreen),
    "character": (lambda play: None, ["c"], CharacterScreen),
    "history": (lambda play: None, ["v"], HistoryScreen),
    "help": (lambda play: None, ["?"], HelpScreen),
}


@pytest.mark.parametrize("name", sorted(OPENERS))
def test_closing_the_window_from_any_overlay_keeps_the_games_progress(app: App, name: str) -> None:
    stack, play = playing(app)
    prepare, keys, expected = OPENERS[name]
    prepare(play)
    for key in keys:
        stack.handle(KeyPress(key))
    assert isinstance(stack.top, expected)
    turn = play.world.turn
    assert turn >= TURNS
    stack.handle(CloseRequested())
    assert stack.done
    saved = app.setup.continue_game(app.setup.saved_games()[0].game).world
    assert saved.turn == turn and saved.state_hash() == play.world.state_hash()


def test_closing_from_options_keeps_the_changed_settings(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    options = MainMenu(app).actions.index("options")
    stack.handle(KeyPress("abcdefgh"[options]))
    assert isinstance(stack.top, OptionsScreen)
    stack.handle(KeyPress("a"))  # render mode: the next one
    changed = app.settings.render_mode
    assert changed != Settings().render_mode
    stack.handle(CloseRequested())
    assert stack.done
    assert config.load_settings()[0].render_mode == changed


def test_closing_from_the_title_ends_without_a_save(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    stack.handle(CloseRequested())
    assert stack.done and not app.setup.saved_games()


def test_overlays_push_and_going_back_pops(app: App) -> None:
    stack, play = playing(app)
    stack.handle(KeyPress("c"))
    assert [type(s) for s in stack.screens] == [PlayScreen, CharacterScreen]
    stack.handle(KeyPress("escape"))
    assert stack.screens == [play]
    stack.handle(KeyPress("i"))
    stack.handle(KeyPress("escape"))
    assert stack.screens == [play]


def test_quitting_a_game_returns_to_the_title_alone(app: App) -> None:
    stack, _ = playing(app)
    stack.handle(KeyPress("Q"))
    stack.handle(KeyPress("y"))
    assert len(stack.screens) == 1 and isinstance(stack.top, MainMenu)
    assert app.setup.continue_game(app.setup.saved_games()[0].game).world.turn == TURNS


def test_as_ticking_agrees_with_the_ticking_protocol(app: App) -> None:
    """``as_ticking`` (the stack's every-frame check) says what ``isinstance`` says."""
    stack, play = playing(app)

    class TickOnly:
        def tick(self) -> None: ...

    class SecondsOnly:
        tick_seconds = 0.1

    class NotCallable:
        tick = None
        tick_seconds = 0.1

    help_screen = HelpScreen(None)
    for screen in (play, MainMenu(app), help_screen, TickOnly(), SecondsOnly(), NotCallable()):
        assert (as_ticking(screen) is screen) == isinstance(screen, Ticking), screen
    assert as_ticking(play) is play and as_ticking(MainMenu(app)) is None
    assert stack.tick_seconds == play.tick_seconds
    stack.screens.append(help_screen)  # an overlay that does not tick: no ticks
    assert stack.tick_seconds is None
