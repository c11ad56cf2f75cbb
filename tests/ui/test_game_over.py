from __future__ import annotations

from pathlib import Path

import numpy as np
import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.events import Died, MessageKind, Who
from emberdeep.engine.things.items import Item
from emberdeep.session.game import SAVE_GONE, GameSetup, forget
from emberdeep.session.log import MessageLog
from emberdeep.tools import screenshots
from emberdeep.ui import fitting, render
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.screens import Pop, Push, Quit, Reset, Result, Screen, Stay, game_over
from emberdeep.ui.screens.game_over import GameOverScreen
from emberdeep.ui.screens.history import HistoryScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import opened, world_from_text

ROOM = """
#####
#.@.#
#####
"""

MAP_FG = (200, 100, 50)
MAP_BG = (100, 150, 250)


class PaintedMap:
    """The screen the game over box is opened over."""

    def handle(self, event: InputEvent) -> Result:
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        console.draw_rect(0, 0, console.width, console.height, ch=ord("."), fg=MAP_FG, bg=MAP_BG)


def screen(log: MessageLog | None = None) -> GameOverScreen:
    world = world_from_text(ROOM, seed=4242)
    world.turn, world.player.xp = 77, 135
    return GameOverScreen(world, log or MessageLog())


def rows(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]


def drawn(*screens: Screen) -> tcod.console.Console:
    """The console as the stack draws it, with the game over box over a painted map."""
    stack = ScreenStack(PaintedMap())
    for shown in screens:
        stack.follow(Push(shown))
    console = render.new_console()
    stack.draw(console)
    return console


def test_box_tells_the_killer_depth_turns_last_messages_and_character() -> None:
    log = MessageLog()
    for n in range(8):
        log.add(f"Old news {n}.")
    log.add("Orc attacks Player for 3 hit points.", MessageKind.ENEMY_ATTACK)
    log.add("Troll attacks Player for 5 hit points.", MessageKind.ENEMY_ATTACK)
    log.add("You died!", MessageKind.PLAYER_DIED)
    over = screen(log)
    troll = next(k for k in loader.load().population.monsters.kinds if k.key == "troll")
    over.world.death = Died(over.world.player.who, (2, 1), Who(7, troll.key), "")
    over.world.turn = 9028
    over.content = loader.load()
    text = "\n".join(rows(drawn(over)))
    for expected in (
        "YOU DIED",
        f"Killed by a {troll.name.lower()} on depth 1 after 9,028 turns.",
        "Deepest floor 1",
        "Seed 4242",
        "XP 135",
        "Level 1",
        "Last messages:",
        "Troll attacks Player for 5 hit points.",
        "Orc attacks Player for 3 hit points.",
        "You died!",
        "Enter or Esc to leave, v for the message history",
    ):
        assert expected in text, expected
    assert "Old news 0" not in text  # only the last few


def test_at_80x24_the_last_messages_give_way_and_the_box_is_whole() -> None:
    log = MessageLog()
    for n in range(12):
        log.add(f"A long line of news number {n} that takes most of a row to say in full.")
    over = screen(log)
    over.notes = [f"Morgue file: {Path.home()}/.local/share/emberdeep/morgue/morgue-1.txt."]
    console = render.new_console(80, 24)
    over.draw(console)
    text = "\n".join(rows(console))
    assert "YOU DIED" in text and "Enter or Esc to leave" in text
    assert screenshots.layout_problems(console) == []


def test_paths_are_shown_from_home_and_whole_going_on_after_a_folder() -> None:
    deep = "/srv/games/" + "/".join(f"folder{n}" for n in range(12)) + "/morgue-2026.txt"
    over = screen()
    over.notes = [f"Morgue file: {Path.home()}/emberdeep/morgue/m.txt.", f"Replay: {deep}."]
    console = render.new_console(80, 24)
    with fitting.watching() as cuts:
        over.draw(console)
    assert cuts == []
    text = "\n".join(rows(console))
    assert "~/emberdeep/morgue/m.txt." in text and str(Path.home()) not in text
    assert "…" not in text
    inside = [row.split("║")[1].strip() for row in rows(console) if row.count("║") == 2]
    first = next(n for n, line in enumerate(inside) if line.startswith("Replay: "))
    last = next(n for n in range(first, len(inside)) if inside[n].endswith(".txt."))
    shown = inside[first : last + 1]
    assert "".join(shown) == f"Replay: {deep}."  # nothing left out
    assert len(shown) > 1 and all(line.endswith("/") for line in shown[:-1])  # after a folder


def test_a_path_that_fits_a_line_is_never_broken_and_the_box_widens_for_one() -> None:
    """Hand play read the morgue file's and the replay's paths broken across lines: a
    path goes whole onto a line of its own, and the box widens to a path where the
    console has the room (at 100 columns the default data folder's paths fit)."""
    data = f"{Path.home()}/.local/share/emberdeep"
    morgue = f"{data}/morgue/morgue-20261129-065432-seed2962089486538027911.txt"
    replay = f"{data}/replays/20261129T0650100000-2962089486538027911.replay.jsonl"
    short = "/tmp/hand/data/morgue/morgue-20261129-065549-seed3.txt"
    assert fitting.wrap(f"Morgue file: {short}.", 60) == ["Morgue file:", f"{short}."]
    for width, height in ((80, 24), (100, 34)):
        over = screen()
        over.notes = [f"Morgue file: {morgue}.", f"Replay: {replay}.", f"Morgue file: {short}."]
        console = render.new_console(width, height)
        with fitting.watching() as cuts:
            over.draw(console)
        assert cuts == []
        inside = [row.split("║")[1].strip() for row in rows(console) if row.count("║") == 2]
        assert any(f"{short}." in line for line in inside)  # whole, at either size
        at_home = [morgue.replace(str(Path.home()), "~"), replay.replace(str(Path.home()), "~")]
        if width == 100:
            assert all(any(f"{path}." in line for line in inside) for path in at_home)
        else:  # longer than the widest box: after a folder, the file's name whole
            assert all(f"{Path(path).name}." in inside for path in at_home)
            assert all(f"{Path(path).parent}/" in " ".join(inside) for path in at_home)


def test_without_an_enemy_attack_no_blow_is_invented() -> None:
    log = MessageLog()
    log.add("Player attacks Orc for 1 hit points.", MessageKind.PLAYER_ATTACK)
    text = "\n".join(rows(drawn(screen(log))))
    assert "YOU DIED" in text and "Died on depth 1 after 77 turns." in text
    assert "Killed" not in text and "died:" not in text


def test_map_underneath_is_dimmed_and_the_box_is_centred() -> None:
    console = drawn(screen())
    corner = console.rgb[0, 0]
    assert chr(corner["ch"]) == "."  # the map still shows...
    dim = render.OVERLAY_DIM
    assert np.array_equal(corner["fg"], (np.array(MAP_FG) * dim).astype(np.uint8))
    assert np.array_equal(corner["bg"], (np.array(MAP_BG) * dim).astype(np.uint8))
    title_row = next(y for y, row in enumerate(rows(console)) if "YOU DIED" in row)
    row = rows(console)[title_row]
    start = row.index("YOU DIED")
    left, right = start, console.width - (start + len("YOU DIED"))
    assert abs(left - right) <= 1
    assert abs(title_row - console.height // 2) < console.height // 3


def test_leaving_keys_end_the_game_and_v_opens_the_history() -> None:
    for event in (KeyPress("enter"), KeyPress("escape"), Click(5, 5, 1)):
        assert screen().handle(event) == Quit(), event
    title = PaintedMap()
    leaving = GameOverScreen(world_from_text(ROOM), MessageLog(), leave=lambda: title)
    assert leaving.handle(KeyPress("enter")) == Reset(title)
    s = screen()
    assert s.handle(KeyPress("x")) == Stay()
    assert s.handle(Click(5, 5, 3)) == Stay()
    history = opened(s.handle(KeyPress("v")), HistoryScreen)
    assert history.log is s.log
    assert history.handle(KeyPress("escape")) == Pop()


def test_history_opened_from_game_over_draws_over_it() -> None:
    log = MessageLog()
    log.add("Troll attacks Player for 5 hit points.", MessageKind.ENEMY_ATTACK)
    over = screen(log)
    history = opened(over.handle(KeyPress("v")), HistoryScreen)
    text = "\n".join(rows(drawn(over, history)))
    assert "Message history" in text and "Troll attacks Player" in text


def test_a_victory_is_its_own_screen_and_never_says_death_is_permanent() -> None:
    over = screen()
    over.world.won = True
    over.content = loader.load()
    over.notes = ["You rank #1 in the hall of fame.", SAVE_GONE[True]]
    console = drawn(over)
    text = "\n".join(rows(console))
    assert "YOU ESCAPED WITH THE TREASURE" in text and "YOU DIED" not in text
    assert "You climbed out with the treasure after 77 turns." in text
    assert "Death is permanent" not in text and "Killed" not in text
    assert "╔" not in text and "Last messages" not in text  # not the death box in gold
    frame = next(tuple(console.fg[x, y]) for y in range(52) for x in range(100)
                 if chr(console.ch[x, y]) == "┌")  # fmt: skip
    assert frame == game_over.VICTORY_FRAME_FG  # gold, not the death's red
    lines = [line for line in rows(console) if "│" in line and line.strip("│ ")]
    inner = [line[line.index("│") + 1 : line.rindex("│")] for line in lines]
    for row in inner:  # every line centred in its box
        assert abs(len(row) - len(row.rstrip()) - (len(row) - len(row.lstrip()))) <= 1, row
    assert any("═" * 10 in row for row in inner)  # a rule under the title


def test_the_box_names_what_was_worn_as_the_inventory_does() -> None:
    over = screen()
    kinds = {kind.key: kind for kind in loader.load().population.items.kinds}
    dagger, armour = Item(kinds["dagger"], enchant=1), Item(kinds["leather_armor"], enchant=5)
    for item in (dagger, armour):
        item.equipped = True
        over.world.identity.learn(item.kind)
        over.world.inventory.append(item)
    text = " ".join(rows(drawn(over)))
    assert f"Wore +1 {dagger.kind.name}, +5 {armour.kind.name}." in text


def test_the_session_tells_a_victory_its_save_is_finished_not_that_death_is_permanent(
    tmp_path: Path,
) -> None:
    save = tmp_path / "game" / "game.sav"
    save.parent.mkdir()
    save.write_bytes(b"x")
    assert forget(save, won=True) == SAVE_GONE[True]
    assert "Death" not in SAVE_GONE[True] and "Death is permanent" in SAVE_GONE[False]


def test_an_ending_names_its_files_from_the_data_folder_named_once(tmp_path: Path) -> None:
    """Hand play (a data folder under /tmp) read the morgue file's and the replay's whole
    absolute paths in the death box: each file is named from the data folder, and the
    folder once, from ``~`` where it is under home."""
    session = GameSetup(loader.load(), Settings(), data=tmp_path).new_game(3)
    session.world.player.hp = 0
    session.log.add("The end.")
    notes = session.end()
    morgue = next(note for note in notes if note.startswith("Morgue file: "))
    replay = next(note for note in notes if note.startswith("Replay: "))
    assert morgue.startswith("Morgue file: morgue/morgue-")
    assert replay.startswith("Replay: replays/")
    assert (tmp_path / morgue.removeprefix("Morgue file: ").rstrip(".")).is_file()
    assert (tmp_path / replay.removeprefix("Replay: ").rstrip(".")).is_file()
    assert [note for note in notes if str(tmp_path) in note] == [f"In the data folder {tmp_path}."]
