"""The run as a player lives it: title screen, saves, levels, death."""

from __future__ import annotations

from pathlib import Path

import pytest

from emberdeep import config
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Descend
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.session.letters import ItemLetters
from emberdeep.storage import saves
from emberdeep.storage.games import Listing
from emberdeep.ui import render
from emberdeep.ui.app import App
from emberdeep.ui.input import CloseRequested, KeyPress
from emberdeep.ui.screens import Reset, Screen
from emberdeep.ui.screens.character import CharacterScreen
from emberdeep.ui.screens.game_over import GameOverScreen
from emberdeep.ui.screens.level_up import LevelUpScreen
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.screens.options import OptionsScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.prompt import PromptScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import opened


@pytest.fixture
def app(tmp_path: Path) -> App:
    return App(loader.load(), Settings(), data=tmp_path)


def press(stack: ScreenStack, *keys: str) -> Screen | None:
    """The screen on top after ``keys`` are pressed, as the presenter loop hands them."""
    for key in keys:
        stack.handle(KeyPress(key))
    return stack.top


def only_game(app: App) -> Listing:
    (listing,) = app.setup.saved_games()
    return listing


def load(app: App) -> World:
    return app.setup.continue_game(only_game(app).game).world


def menu_labels(menu: MainMenu) -> list[str]:
    return [option.label for option in menu.menu.options]


def test_new_game_saves_at_once_and_continue_restores_it(app: App) -> None:
    title = MainMenu(app)
    assert "Continue" not in menu_labels(title)
    stack = ScreenStack(title)
    play = press(stack, "a")  # New game
    assert isinstance(play, PlayScreen) and app.setup.saved_games()
    press(stack, "l", "j")
    assert press(stack, "escape") is play  # Esc only closes overlays
    assert press(stack, "Q", "n") is play  # leaving asks first
    back = press(stack, "Q", "y")  # saves and returns to the title
    assert isinstance(back, MainMenu) and menu_labels(back)[0] == "Continue (depth 1, level 1)"
    resumed = press(stack, "a")
    assert isinstance(resumed, PlayScreen)
    assert resumed.world.state_hash() == play.world.state_hash()


def test_seeded_game_from_the_title(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    prompt = press(stack, "b")
    assert isinstance(prompt, PromptScreen)
    play = press(stack, "e", "m", "b", "e", "r", "enter")
    assert isinstance(play, PlayScreen)
    other = App(loader.load(), Settings(), data=None)
    again = press(
        ScreenStack(PromptScreen("", "", MainMenu(other).seed_entered)),
        "e",
        "m",
        "b",
        "e",
        "r",
        "enter",
    )
    assert isinstance(again, PlayScreen)
    assert again.world.floor.tiles.tobytes() == play.world.floor.tiles.tobytes()
    assert press(ScreenStack(PromptScreen("", "", MainMenu(app).seed_entered)), "enter") is not None


def test_a_damaged_save_is_reported_on_the_title_and_left_alone(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    save = only_game(app).save
    save.write_bytes(b"EMBERDEEP SAVE\nformat 1\n\x00garbage")
    stack = ScreenStack(MainMenu(app))
    result = press(stack, "a")  # Continue
    assert isinstance(result, MainMenu)
    assert "could not be loaded" in result.message and "damaged" in result.message
    assert save.read_bytes().endswith(b"garbage")
    console = render.new_console()
    result.draw(console)  # the message is on screen
    text = "".join(chr(c) for c in console.ch.T.flatten())
    assert "could not be loaded" in text
    assert menu_labels(result)[1] == "New game"  # and a new game is offered


def test_a_damaged_save_with_a_good_backup_offers_the_backup(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    play.save()  # the first save becomes the backup
    save = only_game(app).save
    save.write_bytes(save.read_bytes()[:50])
    stack = ScreenStack(MainMenu(app))
    title = press(stack, "a")
    assert isinstance(title, MainMenu)
    assert menu_labels(title)[1] == "Continue from the backup (one save earlier)"
    resumed = press(stack, "b")
    assert isinstance(resumed, PlayScreen)


def test_closing_the_window_saves(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    press(stack, "l")
    stack.handle(CloseRequested())
    assert stack.done
    assert load(app).state_hash() == play.world.state_hash()


def test_a_new_floor_is_saved_at_once(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    world = play.world
    world.floor.move_actor(world.player, *world.floor.stairs)
    play.perform(Descend())
    assert world.depth == 2
    session = play.driver.session
    assert session is not None
    session.durable.wait()  # the checkpoint's rename into place runs off the turn
    assert load(app).depth == 2


def test_death_removes_the_save_and_says_so(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    play.world.player.hp = 0
    over = opened(
        play.tick(), GameOverScreen
    )  # what follows every turn: the driver finds the game over
    assert not app.setup.saved_games() and "saved game is gone" in " ".join(over.notes)
    leaving = over.handle(KeyPress("enter"))
    assert isinstance(leaving, Reset) and isinstance(leaving.screen, MainMenu)


def test_the_morgue_of_a_continued_game_keeps_the_lines_from_before(
    app: App, tmp_path: Path
) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    play.log.add("You hit the orc for 3 hit points.", MessageKind.PLAYER_ATTACK)
    resumed = press(stack, "Q", "y", "a")  # save and quit, then continue
    assert isinstance(resumed, PlayScreen) and resumed is not play
    resumed.world.player.hp = 0
    opened(resumed.tick(), GameOverScreen)
    (morgue,) = (tmp_path / "morgue").glob("*.txt")
    last = morgue.read_text().split("messages\n", 1)[1]
    assert "  You hit the orc for 3 hit points." in last.splitlines()


def test_enough_experience_opens_the_level_up_menu(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    play.world.player.xp = play.world.xp_to_next
    defense, power = play.world.player.defense, play.world.player.power
    screen = press(stack, ".")
    assert isinstance(screen, LevelUpScreen)
    assert press(stack, "escape") is screen  # a level must be spent
    after = press(stack, "b")  # Might: power for a point of defense
    assert after is play
    gains = app.content.hero.progression
    assert play.world.player.level == 2 and play.world.player.power == power + gains.power
    assert play.world.player.defense == defense - gains.might_costs == defense - 1


def test_character_sheet_shows_the_seed(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    sheet = press(stack, "c")
    assert isinstance(sheet, CharacterScreen)
    console = render.new_console()
    sheet.draw(console)
    text = "".join(chr(c) for c in console.ch.T.flatten())
    assert (
        f"Seed: {sheet.parent.world.seed}" in text
        and f"Power: {sheet.parent.world.player.power}" in text
    )
    assert "Stomach: 2150 of 2150 turns" in text
    assert press(stack, "escape") is play


def test_options_cycle_values_and_are_written(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    options = press(stack, "d")  # New, Seed, Hall of fame, Options (no save yet)
    assert isinstance(options, OptionsScreen)
    press(stack, "a")  # render mode: ascii -> solid
    press(stack, "e")  # time: turn-based -> real-time
    assert app.settings.render_mode == "solid" and app.settings.mode == "real-time"
    assert isinstance(press(stack, "escape"), MainMenu)
    written, problems = config.load_settings()
    assert problems == [] and written == app.settings


def test_title_screen_text_is_centred(app: App) -> None:
    console = render.new_console()
    MainMenu(app).draw(console)
    lines = ["".join(chr(c) for c in console.ch[:, y]).rstrip() for y in range(console.height)]
    row = next(line for line in lines if "a descent" in line)
    text = row.strip()
    left = len(row) - len(row.lstrip())
    assert text.startswith("a descent") and abs(left - (console.width - len(text)) // 2) <= 1


def test_a_save_naming_an_unknown_creature_is_refused_not_drawn(app: App) -> None:

    from emberdeep.storage import saves

    stack = ScreenStack(MainMenu(app))

    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    monster = next(a for a in play.world.floor.actors.values() if a.id != 1)
    monster.kind = "basilisk"
    saves.write_save(play.world, saves.current_info("auto"), only_game(app).save)
    with pytest.raises(saves.SaveError, match="basilisk"):
        load(app)


def test_a_data_folder_that_cannot_be_written_costs_messages_never_the_game(
    tmp_path: Path,
) -> None:
    """A "folder" that is a file: every save, and the death, say why; nothing raises."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("in the way")
    app = App(loader.load(), Settings(), data=blocked)
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")  # New game: the first save fails and says so
    assert isinstance(play, PlayScreen)
    assert "Could not save" in play.log.entries[-1].full_text
    assert "Your game goes on, unsaved." in play.log.entries[-1].full_text
    play.world.player.hp = 0
    over = opened(play.tick(), GameOverScreen)
    assert "Could not write to the hall of fame" in " ".join(over.notes)
    assert "Could not write the morgue file" in " ".join(over.notes)
    leaving = over.handle(KeyPress("enter"))
    assert isinstance(leaving, Reset) and isinstance(leaving.screen, MainMenu)
    assert blocked.read_text() == "in the way"


def test_the_last_messages_come_back_on_continue(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    play.log.add("You hit the orc for 3 hit points.", MessageKind.PLAYER_ATTACK)
    for _ in range(3):
        play.log.add("The orc misses you.", MessageKind.ENEMY_ATTACK)
    before = [(e.text, e.kind, e.count) for e in play.log.entries]
    press(stack, "Q", "y")
    resumed = press(stack, "a")
    assert isinstance(resumed, PlayScreen)
    entries = [(e.text, e.kind, e.count) for e in resumed.log.entries]
    assert entries[: len(before)] == before  # kinds and repeats too, oldest first
    assert entries[len(before)][0].startswith("Welcome back.")
    # Saved again and continued again: the newest lines, once each, never doubled.
    again = press(stack, "Q", "y", "a")
    assert isinstance(again, PlayScreen)
    texts = [e.text for e in again.log.entries]
    assert texts.count("The orc misses you.") == 1 and texts[-1].startswith("Welcome back.")
    assert len(again.log.last()) <= saves.LOG_LINES


def test_a_game_continued_without_a_screen_keeps_its_log(app: App) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    play.log.add("You pick up 3 darts.", MessageKind.ITEM)
    press(stack, "Q", "y")
    session = app.setup.continue_game(only_game(app).game)
    assert session.log.last()[-1] == saves.LogLine("You pick up 3 darts.", MessageKind.ITEM)
    assert session.save() is None  # no play screen took the log: the save keeps it
    session.release()
    assert app.setup.continue_game(only_game(app).game).log.last() == session.log.last()


def test_items_keep_their_letters_through_save_and_continue(app: App) -> None:
    """Letters with gaps (items dropped or used since they were dealt) are not dealt
    again in inventory order on Continue: the staff that was (i) is still (i)."""
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    kinds = {kind.key: kind for kind in app.content.population.items.kinds}
    inventory = play.world.inventory
    inventory.clear()
    inventory.extend(Item(kinds[key]) for key in ("health_potion", "darts", "dagger", "darts"))
    dealt = play.letters.of(inventory)
    del inventory[:2]  # the potion drunk, the first darts thrown
    inventory.append(Item(kinds["health_potion"]))  # the potion's letter again
    before = play.letters.of(inventory)
    assert before == [dealt[2], dealt[3], dealt[0]] and before != sorted(before)
    resumed = press(stack, "Q", "y", "a")  # save and quit, then continue
    assert isinstance(resumed, PlayScreen) and resumed is not play
    assert resumed.letters.of(resumed.world.inventory) == before
    # Saved again by the continued game (not only kept from the file it was read from).
    again = press(stack, "Q", "y", "a")
    assert isinstance(again, PlayScreen)
    assert again.letters.of(again.world.inventory) == before


def test_a_save_without_letters_deals_them_in_inventory_order(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    stack = ScreenStack(MainMenu(app))
    play = press(stack, "a")
    assert isinstance(play, PlayScreen)
    kinds = {kind.key: kind for kind in app.content.population.items.kinds}
    play.world.inventory.extend(Item(kinds[key]) for key in ("darts", "dagger"))
    # As a save made before letters were kept: none in the file.
    monkeypatch.setattr(ItemLetters, "saved", lambda self, inventory: "")
    resumed = press(stack, "Q", "y", "a")
    assert isinstance(resumed, PlayScreen)
    carried = len(resumed.world.inventory)
    assert carried >= 2
    assert resumed.letters.of(resumed.world.inventory) == list("abcdefghijklmnop"[:carried])


def test_settings_mistakes_are_shown_on_the_title_screen_at_80x24(app: App) -> None:
    notice = "Settings: settings.toml:1: render_mode: expected one of ascii, solid, tiles"
    app.notices.append(notice)
    console = render.new_console(80, 24)
    MainMenu(app).draw(console)
    text = " ".join(
        "".join(chr(c) for c in console.ch[:, y]).strip() for y in range(console.height)
    )
    assert notice in text and "New game" in text


def sheet_text(stack: ScreenStack, size: tuple[int, int]) -> str:
    assert isinstance(press(stack, "c"), CharacterScreen)
    console = render.new_console(*size)
    stack.draw(console)
    return "\n".join("".join(map(chr, console.ch[:, y])) for y in range(console.height))


def test_the_sheet_shows_a_word_seed_as_typed_after_continue_and_every_ring(app: App) -> None:
    """Hand play: "Seed: 2304758843" for a game begun with "ember", and no rings at 80x24."""
    stack = ScreenStack(MainMenu(app))
    press(stack, "b")
    play = press(stack, "e", "m", "b", "e", "r", "enter")
    assert isinstance(play, PlayScreen)
    kinds = {kind.key: kind for kind in loader.load().population.items.kinds}
    for key in ("protection_ring", "strength_ring"):
        ring = Item(kinds[key], equipped=True, known=True, enchant=2)
        play.world.inventory.append(ring)
    press(stack, "Q", "y")
    resumed = press(stack, "a")  # Continue
    assert isinstance(resumed, PlayScreen)
    for size in ((80, 24), (100, 34), (100, 52)):
        text = sheet_text(stack, size)
        assert "Seed: ember" in text
        assert "ring: +2 Ring of Protection" in text and "ring: +2 Ring of Might" in text
        press(stack, "escape")
