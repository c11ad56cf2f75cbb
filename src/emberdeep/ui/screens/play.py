"""The main game screen: the map and its creatures, the status panel and the message log.

It draws the world and maps keys and clicks to commands; the game itself is held below
the screens (``session/playing.py``: world, turn driver, session, log) and run by its turn
driver (``session/driver.py``): one action, a run of steps, real time's clock. Every
command, whether from a key here or from an overlay (the inventory menu, targeting, a
level to spend), goes through ``perform``; the driver writes its lines into the game's
log, and its report says what to animate, any pause to word, and the screen to show
next. Overlays are separate screens and are not ticked: the world waits while the player
chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import tcod.console

from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.content.looks import RENDER_MODES
from emberdeep.engine.acts.actions import Ascend, Descend, Move, PickUp, Wait
from emberdeep.engine.acts.item_actions import Search
from emberdeep.engine.chase.allies import next_order
from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.events import Event, MessageKind
from emberdeep.engine.play import way_ahead
from emberdeep.engine.play.world import World
from emberdeep.session import collector, look_words, stairs_walk
from emberdeep.session.driver import (
    Command,
    Explore,
    FreeCaptive,
    Pause,
    Report,
    Rest,
    State,
    TakeStairs,
    Travel,
)
from emberdeep.session.narration import narrator_for
from emberdeep.session.pauses import pause_line
from emberdeep.session.playing import Game
from emberdeep.ui import asking, lighting, look, messages, motion, render, sprites, travel_path
from emberdeep.ui.commands import UiCommand
from emberdeep.ui.fitting import fit
from emberdeep.ui.input import (
    Click,
    FocusLost,
    InputEvent,
    KeyPress,
    MouseMove,
    Wheel,
)
from emberdeep.ui.keys import command_for, first_key, key_label
from emberdeep.ui.layout import FULL, Layout, layout_for, with_map_columns
from emberdeep.ui.screens import PopTo, Push, Quit, Reset, Result, Screen, Stay
from emberdeep.ui.screens.character import CharacterScreen
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.game_over import GameOverScreen
from emberdeep.ui.screens.history import HistoryScreen
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.level_up import LevelUpScreen
from emberdeep.ui.screens.look import LookScreen
from emberdeep.ui.screens.pile import PileScreen, asks_which
from emberdeep.ui.sidebar import Sidebar
from emberdeep.ui.swim_asking import swim_first

if TYPE_CHECKING:
    from emberdeep.ui.app import App

PLAIN_TERRAIN = ("floor", "wall")
HINTS = (
    ("help", "help"), ("use_item", "use"), ("drop_item", "drop"), ("explore", "explore"),
    ("look", "look"), ("rest", "rest"), ("quit", "save & quit"),
)  # fmt: skip
"""The row of key hints under the log: (command, what to call it)."""
HINT_GAP = "   "
HINT_FG = (110, 110, 110)
HOVER_LIFT = 60
"""How much a hovered tile's background is lifted."""
ESCAPE_HINT = "Esc closes menus. To save and quit, press Q."
LOOK_NAMES = {"ascii": "letters and symbols", "solid": "solid blocks", "tiles": "pixel tiles"}
"""How the log names each render mode when Tab changes to it ("Map: solid blocks.")."""


def whole_hints(hints: str, width: int) -> str:
    """The hints that fit in ``width``, each whole, from the first ("? help" leads, and
    is the one a newcomer needs); a rebound key that lengthens them drops the last."""
    while len(hints) > width and HINT_GAP in hints:
        hints = hints.rsplit(HINT_GAP, 1)[0]
    return fit(hints, width)


class PlayScreen:
    @property
    def content(self) -> Content:
        """The app's content when there is an app, so a palette chosen in the options
        applies at once; else the content given."""
        return self.app.content if self.app is not None else self.own_content

    def __init__(
        self, game: Game, content: Content, settings: Settings, *, app: App | None = None
    ) -> None:
        self.game = game
        """The game shown: its world, turn driver, session and log, all below the screens."""
        self.world = game.world
        self.driver = game.driver
        self.log = game.log
        self.app = app
        """The keymap and the title screen; None plays without them (tests, replays)."""
        self.own_content = content
        self.render_mode = settings.render_mode
        self.font = settings.font_size, settings.font
        """The cells' font, which decides whether a sprite tile is one cell or two."""
        self.real_time = settings.mode == "real-time"
        self.narrator = narrator_for(content)
        self.freeing: set[tuple[int, int]] = set()
        """Captives the player said yes to freeing (asked once each)."""
        self.events: list[Event] = []
        """What the player perceived in the last command, for the presenters to show."""
        self.mouse: tuple[int, int] | None = None
        self.preview_key: tuple[object, ...] = ()
        self.preview: list[tuple[int, int]] = []
        self.layout: Layout = FULL
        """The layout of the console last drawn to: clicks are placed by it."""
        self.sidebar = Sidebar()
        self.letters = game.letters
        """Each carried item's letter, kept from turn to turn and in the save (the
        game's, ``session/letters.py``)."""
        self.lighting = lighting.Lighting() if settings.lighting else None
        """The dungeon's light, or None (the setting is off): cells in view at full colour."""
        self.hints: tuple[object, str] = (object(), "")
        """The hint row's text and the keymap it was made for."""
        self.pause_on_focus_loss = settings.pause_on_focus_loss
        self.frame_seconds = motion.frame_seconds(settings.animation)
        """How long each frame of a film is shown; None: no motion (the setting is off)."""
        self.film: motion.Film | None = None
        """The last command's events in motion, while they play (``ui/motion.py``)."""
        self.settled_depth = self.world.depth
        """The floor last frozen out of the collector (``session/collector.py``)."""
        self.aimed: tuple[int, int] | None = None
        """The cell last aimed at: where the next aim with no foe in reach starts."""
        self.focus: tuple[int, int] | None = None
        """Where the camera looks instead of at the player (the look cursor)."""

    @classmethod
    def of(cls, world: World, content: Content, settings: Settings) -> PlayScreen:
        """A screen playing ``world`` with no app: nothing saved, the default keys
        (replays, tools, tests)."""
        return cls(Game.start(world, content, settings), content, settings)

    @property
    def running(self) -> bool:
        """A run (explore, travel, rest) is under way."""
        return self.driver.run is not None

    @property
    def paused(self) -> bool:
        return self.driver.paused is not None

    @property
    def seed_name(self) -> str:
        """The seed as the player typed it (a word), else its number."""
        session = self.game.session
        return (session.seed_name if session is not None else "") or str(self.world.seed)

    @property
    def keymap(self) -> dict[str, str] | None:
        """The app's key bindings; None (no app): the defaults."""
        return self.app.keymap if self.app is not None else None

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress(key):
                self.film = None  # a key finishes the film at once, and is acted on
                self.mouse = None  # playing by keys: the pointer's path and box go
                if self.running:  # any key interrupts a run, and does nothing else
                    if self.own_stairs_key(key):  # but the walk's own < or >: it goes on
                        return Stay()
                    return self.after(self.driver.interrupt())
                return self.run_command(key)
            case Click(x, y, button=1) if not self.running and self.layout.map.contains(x, y):
                self.mouse = (x, y)
                target = render.to_floor((x, y), self.layout.map, self.origin())
                if self.world.floor.in_bounds(*target) and self.world.floor.explored[target]:
                    return self.perform(Travel(target))
            case MouseMove(x, y) | Click(x, y):
                self.mouse = (x, y)
                entry = self.sidebar.entry_at(y) if self.layout.sidebar.contains(x, y) else None
                if isinstance(event, Click) and event.button == 1 and entry is not None:
                    return Push(LookScreen(self, entry.position))  # a click looks at it
            case FocusLost() if self.real_time and self.pause_on_focus_loss:
                return self.after(self.driver.pause(Pause.FOCUS))
            case Wheel(dy) if dy > 0:  # scrolling back through the log opens it
                return Push(HistoryScreen(self.log))
        return Stay()

    def own_stairs_key(self, key: str) -> bool:
        """Whether ``key`` is the < or > of the walk to the stairs under way (hand play
        pressed it again while walking, and the second press stopped the walk)."""
        command, run = command_for(key, self.keymap), self.driver.run
        walk = run.command if run is not None else None
        up = isinstance(command, Ascend)
        return (
            isinstance(command, Ascend | Descend) and isinstance(walk, TakeStairs) and walk.up == up
        )

    def save(self) -> bool:
        """Save now; a failure is told in the log and play goes on."""
        problem = self.driver.save()
        if problem:
            self.log.add(problem, MessageKind.REFUSED)
        return problem is None

    def on_close(self) -> None:
        self.save()

    def run_command(self, key: str) -> Result:
        keymap = self.keymap
        command = command_for(key, keymap)
        if key == "escape" and command is None:
            self.log.add(ESCAPE_HINT)
            return Stay()
        if self.paused and command is not UiCommand.PAUSE:
            self.driver.resume()
        match command:
            case UiCommand.QUIT:
                question = "Save the game and return to the title?"
                return Push(ConfirmScreen(question, yes=self.quit))
            case UiCommand.PAUSE:
                if not self.real_time:
                    self.log.add("The game waits for you: it is turn-based.")
                elif self.paused:
                    self.driver.resume()
                else:
                    return self.after(self.driver.pause(Pause.ASKED))
            case UiCommand.LOOK:
                return Push(LookScreen(self))
            case UiCommand.CHARACTER:
                return Push(CharacterScreen(self))
            case UiCommand.CYCLE_RENDER_MODE:
                modes = RENDER_MODES
                self.render_mode = modes[(modes.index(self.render_mode) + 1) % len(modes)]
                self.log.add(f"Map: {LOOK_NAMES.get(self.render_mode, self.render_mode)}.")
            case UiCommand.HISTORY:
                return Push(HistoryScreen(self.log))
            case UiCommand.HELP:
                from emberdeep.ui.screens.help import HelpScreen

                return Push(HelpScreen(keymap))
            case UiCommand.USE_ITEM:
                return Push(InventoryScreen(self, "use"))
            case UiCommand.DROP_ITEM:
                return Push(InventoryScreen(self, "drop"))
            case UiCommand.THROW_ITEM:
                return Push(InventoryScreen(self, "throw"))
            case UiCommand.EXPLORE:
                return self.perform(Explore())
            case UiCommand.REST:
                return self.perform(Rest())
            case UiCommand.ORDER_ALLIES:
                return self.perform(next_order(self.world.floor, self.world.player))
            case Move(dx, dy) if (captive := self.captive_at(dx, dy)) is not None:
                return self.free(captive)
            case Move(dx, dy) if ask := asking.step_question(
                self.world, dx, dy, self.narrator.names
            ):
                return Push(
                    ConfirmScreen(ask, yes=lambda: self.perform(Move(dx, dy)), unbidden=True)
                )
            case PickUp() if ask := asking.pick_up_question(self.world, self.narrator.names):
                return Push(ConfirmScreen(ask, yes=lambda: self.perform(PickUp())))
            case Descend() | Ascend():
                take = TakeStairs(up=isinstance(command, Ascend))
                if ask := stairs_walk.question(self.world, take.up, self.narrator.names):
                    return Push(ConfirmScreen(ask, yes=lambda: self.perform(take), unbidden=True))
                return self.perform(take)
            case PickUp() if asks_which(self.world):
                return Push(PileScreen(self))
            case Move() | Wait() | PickUp() | Search():
                return self.perform(command)
        return self.next_screen(self.driver.state)

    def captive_at(self, dx: int, dy: int) -> Actor | None:
        """The captive a step (dx, dy) would walk into, if any."""
        player, floor = self.world.player, self.world.floor
        x, y = player.x + dx, player.y + dy
        found = floor.blocker_at(x, y) if floor.in_bounds(x, y) else None
        return found if found is not None and found.mode == Mode.CAPTIVE else None

    def free(self, captive: Actor) -> Result:
        """Walking into a captive: asked once per captive, then work at its shackles
        until it is free (a run the driver stops when disturbed)."""
        if (self.world.depth, captive.id) in self.freeing:
            return self.perform(FreeCaptive(captive.position))
        name = self.narrator.who(captive.who).the

        def yes() -> Result:
            self.freeing.add((self.world.depth, captive.id))
            return self.perform(FreeCaptive(captive.position))

        return Push(ConfirmScreen(f"Free {name}? It will fight at your side.", yes=yes))

    def back(self) -> Result:
        """Close every overlay over this screen."""
        return PopTo(self)

    def perform(self, command: Command) -> Result:
        """Hand a command to the turn driver; show what it reports, and go back to this
        screen (closing the overlay the command was chosen in) or to what it calls for.
        A walk whose way swims asks first (``ui/swim_asking.py``)."""
        if (asked := swim_first(self, command)) is not None:
            return asked
        return self.after(self.driver.command(command))

    @property
    def tick_seconds(self) -> float | None:
        """A film's frame time while one plays (the world waits for it), else the
        driver's."""
        if self.film is not None:
            return self.frame_seconds
        return self.driver.tick_seconds

    def tick(self) -> Result:
        """The film's next frame while one plays; else time passes (real time's clock,
        or the next step of a run)."""
        if self.film is not None:
            self.film.advance()
            if self.film.done:
                self.film = None
            return Stay()
        return self.after(self.driver.tick())

    def after(self, report: Report) -> Result:
        """Show a report: its lines to the log, its events to the presenters; then what
        its state calls for."""
        self.show(report)
        if self.world.depth != self.settled_depth:
            self.settled_depth = self.world.depth
            collector.settle_floor()  # no full collection's pause while it is played
        if report.state is State.OVER:
            return Push(self.game_over(report.notes))
        return self.next_screen(report.state)

    def show(self, report: Report) -> None:
        """A report's events to the presenters (its lines are in the log already), and a
        pause it began worded with the pause key as the player bound it."""
        self.events = report.events
        if self.frame_seconds is not None and report.events:
            self.film = motion.film(report.events, self.content)
        if report.paused is not None:
            keymap = self.app.keymap if self.app is not None else None
            key = first_key(UiCommand.PAUSE.value, keymap)
            label = key_label(key) if key else None
            self.log.add(pause_line(report.paused, label, self.narrator))

    def next_screen(self, state: State) -> Result:
        """The game over, a level to spend (both over whatever is open, as the world
        waits), else back to this screen: every overlay above it closes."""
        if state is State.OVER:
            return Push(self.game_over([]))
        if state is State.LEVEL_UP:
            return Push(LevelUpScreen(self))
        return PopTo(self)

    def quit(self) -> Result:
        """Save and go back to the title screen (or end, when there is none)."""
        saved = self.save()
        if self.game.session is not None:
            self.game.session.release()
        if self.app is None or self.app.title is None:
            return Quit()
        self.app.game = None
        return Reset(self.app.title("" if saved else self.log.entries[-1].text))

    def game_over(self, notes: list[str]) -> GameOverScreen:
        """The end's screen over the map; the game stays the app's (its last lines still
        read) until the player leaves for the title."""
        app = self.app
        leave = None
        if app is not None and app.title is not None:
            title = app.title

            def leave() -> Screen:
                app.game = None
                return title("")

        return GameOverScreen(self.world, self.log, notes=notes, content=self.content, leave=leave)

    # -- drawing -------------------------------------------------------------------------

    def origin(self) -> tuple[int, int]:
        floor = self.world.floor
        focus = self.focus or self.world.player.position
        return render.camera_origin(focus, (floor.width, floor.height), self.layout.map)

    def draw(self, console: tcod.console.Console) -> None:
        self.draw_world(console, hover=True)
        if self.film is not None:
            self.film.draw(console, self.layout.map, self.origin())
        self.draw_mouse_look(console, self.origin())

    def draw_backdrop(self, console: tcod.console.Console) -> None:
        """What overlays sit on (``ScreenStack.draw``): the world without the pointer's
        highlights and tooltip, which belong to the overlay while it is open."""
        self.draw_world(console)

    def layout_of(self, console: tcod.console.Console) -> Layout:
        """The layout of ``console``, its map at this render mode's columns per tile."""
        layout = layout_for(console.width, console.height)
        columns = sprites.map_columns(self.render_mode, *self.font)
        if columns == 1 or (self.app is not None and not self.app.square_tiles):
            return layout
        return with_map_columns(layout, columns)

    def draw_world(self, console: tcod.console.Console, *, hover: bool = False) -> None:
        """The map, its creatures, the sidebar and the log, without the mouse-look tooltip:
        what overlays draw under themselves (the pointer belongs to them while they are
        open). With ``hover``, the tile or sidebar entry under the pointer is lit, and its
        partner too."""
        self.layout = layout = self.layout_of(console)
        world, view = self.world, layout.map
        origin = self.origin()
        content = self.content
        table = render.look_table(content, self.render_mode)
        light = self.lighting.light(world, content) if self.lighting is not None else None
        render.draw_map(console, world.floor, table, view, origin, light=light)
        render.draw_fixtures(console, world.floor, content, view, origin)
        render.draw_surroundings(console, world.floor, self.content, view, origin)
        render.draw_actors(
            console, world.floor, self.content, view, origin, identity=world.identity
        )
        hovered = self.hovered_position(origin) if hover else None
        self.sidebar.draw(
            console,
            layout.sidebar,
            world,
            self.content,
            compact=layout.compact,
            hovered=hovered,
            flag="PAUSED" if self.paused else "",
        )
        if hovered is not None:
            cell = render.to_screen(hovered, view, origin)
            if cell is not None:
                lift(console, render.tile_cells(cell, view))
        log = layout.log
        console.draw_rect(log.x, log.y, log.width, log.height, ch=ord(" "), bg=(0, 0, 0))
        messages.draw(self.log, console, log.x + 1, log.y, width=log.width - 2, height=log.height)
        if layout.hints is not None:
            self.draw_hints(console, layout.hints)

    def hovered_position(self, origin: tuple[int, int]) -> tuple[int, int] | None:
        """The floor position the pointer is on: a map tile, or a sidebar entry's."""
        if self.mouse is None:
            return None
        if self.layout.map.contains(*self.mouse):
            return render.to_floor(self.mouse, self.layout.map, origin)
        if self.layout.sidebar.contains(*self.mouse):
            entry = self.sidebar.entry_at(self.mouse[1])
            return entry.position if entry is not None else None
        return None

    def draw_hints(self, console: tcod.console.Console, row: render.Region) -> None:
        """A quiet row of the keys a new player needs first, as this keymap binds them."""
        keymap = self.keymap
        if self.hints[0] is not keymap:
            parts = []
            for command, what in HINTS:
                key = first_key(command, keymap)
                if key is not None:
                    parts.append(f"{key} {what}")
            self.hints = (keymap, HINT_GAP.join(parts))
        console.print(row.x + 1, row.y, whole_hints(self.hints[1], row.width - 2), fg=HINT_FG)

    def draw_mouse_look(self, console: tcod.console.Console, origin: tuple[int, int]) -> None:
        view = self.layout.map
        if self.mouse is None or not view.contains(*self.mouse):
            return
        pos = render.to_floor(self.mouse, view, origin)
        if not self.world.floor.in_bounds(*pos):
            return
        if not self.running:
            self.draw_path_preview(console, pos, origin)
        lines = look_words.describe_tile(self.world, pos, self.content)
        if len(lines) > 1 or (lines and not lines[0].startswith(PLAIN_TERRAIN)):
            # Bare floor and wall need no box, which would hide the travel path.
            player = render.to_screen(self.world.player.position, view, origin)
            avoid = [(player[0] + i, player[1]) for i in range(view.columns)] if player else []
            look.draw_tooltip(console, self.mouse, lines, view, avoid=avoid)

    def draw_path_preview(
        self, console: tcod.console.Console, target: tuple[int, int], origin: tuple[int, int]
    ) -> None:
        """Tint the tiles a click would walk through (cached until something moves)."""
        world, view = self.world, self.layout.map
        key = (target, world.player.position, world.turn, id(world.floor))
        if key != self.preview_key:
            self.preview_key = key
            self.preview = way_ahead.path_preview(world, target)
        if self.preview:
            travel_path.tint(console, self.preview, view, origin)


def lift(console: tcod.console.Console, cell: tuple[int, int] | tuple[slice, int]) -> None:
    """Light one cell's background (what the pointer is on, or its sidebar partner)."""
    bg = console.rgb["bg"][cell].astype(np.int32)
    console.rgb["bg"][cell] = np.minimum(bg + HOVER_LIFT, 255)
