"""The main game screen: the map and its creatures, the status panel and the message log.

In turn-based mode every command is one player action followed by the monsters'.
In real-time mode the presenter calls ``tick`` on a timer: the clock moves whether or
not a key is pressed, and a pressed (or held, through key repeat) command is carried
out as soon as the player is due. Every action, whether from a key here or from an
overlay (the inventory menu, targeting), goes through ``perform``, so both modes treat
them alike. Overlays are separate screens and are not ticked: the world waits while the
player chooses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import tcod.console

from emberdeep.config import Settings
from emberdeep.content.loader import RENDER_MODES, Content
from emberdeep.engine import autopilot
from emberdeep.engine.actions import Ascend, Descend, Move, PickUp, PlayerCommand, Wait
from emberdeep.engine.events import Event, Message, MessageKind, Refused
from emberdeep.engine.item_actions import Search
from emberdeep.engine.world import ACTION_TIME, World
from emberdeep.session.game import GameSession, now
from emberdeep.ui import look, render
from emberdeep.ui.input import (
    Click,
    FocusLost,
    InputEvent,
    KeyPress,
    MouseMove,
    UiCommand,
    Wheel,
)
from emberdeep.ui.keys import command_for, first_key
from emberdeep.ui.layout import FULL, Layout, layout_for
from emberdeep.ui.messages import MessageLog
from emberdeep.ui.screens import Next, Screen
from emberdeep.ui.screens.character import CharacterScreen
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.game_over import GameOverScreen
from emberdeep.ui.screens.history import HistoryScreen
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.level_up import LevelUpScreen
from emberdeep.ui.screens.look import LookScreen
from emberdeep.ui.sidebar import Sidebar

if TYPE_CHECKING:
    from emberdeep.ui.app import App

PATH_TINT = np.array((40, 110, 200))
PLAIN_TERRAIN = ("floor", "wall")
RUN_STEP_SECONDS = 0.03
"""Turn-based auto-explore and travel: a step every 30 ms, so the walk can be watched."""
TIME_PER_TICK = ACTION_TIME // 4
"""Real time: a normal action lasts four ticks (0.2 s at the default 20 ticks a second)."""
HINTS = (
    ("help", "help"), ("use_item", "use"), ("drop_item", "drop"), ("explore", "explore"),
    ("look", "look"), ("rest", "rest"), ("quit", "save & quit"),
)  # fmt: skip
"""The row of key hints under the log: (command, what to call it)."""
HINT_FG = (110, 110, 110)
HOVER_LIFT = 60
"""How much a hovered tile's background is lifted."""
ESCAPE_HINT = "Esc closes menus. To save and quit, press Q."


@dataclass
class Run:
    """Travel, auto-explore or rest in progress: one step a tick until something worth
    stopping for happens."""

    target: tuple[int, int] | None
    """Where travel goes; None explores."""
    watch: autopilot.Watch
    resting: bool = False
    """Wait until healed instead of walking."""


class PlayScreen:
    @property
    def content(self) -> Content:
        """The app's content when there is an app, so a palette chosen in the options
        applies at once; else the content given."""
        return self.app.content if self.app is not None else self.own_content

    def __init__(
        self,
        world: World,
        content: Content,
        settings: Settings,
        log: MessageLog | None = None,
        *,
        app: App | None = None,
    ) -> None:
        self.world = world
        self.app = app
        """Saving and the title screen; None plays without them (tests, replays)."""
        self.session: GameSession | None = None
        if app is not None:
            if app.session is None or app.session.world is not world:
                app.session = GameSession(app.setup, world, started=now())
            self.session = app.session
        self.own_content = content
        self.render_mode = settings.render_mode
        self.real_time = settings.mode == "real-time"
        self.ticks_per_second = settings.ticks_per_second
        self.log = log or MessageLog()
        if self.session is not None:  # a continued game's last lines, then saved with it
            self.log.restore(self.session.take_log())
            self.session.messages = self.log.last
        self.mouse: tuple[int, int] | None = None
        self.pending: PlayerCommand | None = None
        self.run: Run | None = None
        """An auto-explore or travel run in progress: one step per tick until disturbed."""
        self.auto_pickup = settings.auto_pickup
        self.explore_stop_hp = settings.explore_stop_hp
        self.preview_key: tuple[object, ...] = ()
        self.preview: list[tuple[int, int]] = []
        self.layout: Layout = FULL
        """The layout of the console last drawn to: clicks are placed by it."""
        self.sidebar = Sidebar()
        self.hints: tuple[object, str] = (object(), "")
        """The hint row's text and the keymap it was made for."""
        self.paused = ""
        """Real time: why the clock is stopped ("" while it runs)."""
        self.pause_on_monster = settings.pause_on_monster
        self.pause_on_focus_loss = settings.pause_on_focus_loss
        self.in_view: set[int] = self.monsters_in_view()

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> Next:
        match event:
            case KeyPress(key):
                if self.run is not None:  # any key interrupts a run, and does nothing else
                    self.stop_run("Stopped.")
                    return self
                return self.run_command(key)
            case Click(x, y, button=1) if self.run is None and self.layout.map.contains(x, y):
                self.mouse = (x, y)
                target = render.to_floor((x, y), self.layout.map, self.origin())
                if self.world.floor.in_bounds(*target) and self.world.floor.explored[target]:
                    return self.start_run(target)
            case MouseMove(x, y) | Click(x, y):
                self.mouse = (x, y)
                entry = self.sidebar.entry_at(y) if self.layout.sidebar.contains(x, y) else None
                if isinstance(event, Click) and event.button == 1 and entry is not None:
                    return LookScreen(self, entry.position)  # a click on an entry looks at it
            case FocusLost() if self.real_time and self.pause_on_focus_loss:
                self.pause("Paused while the window is in the background.")
            case Wheel(dy) if dy > 0:  # scrolling back through the log opens it
                return HistoryScreen(self.log, parent=self)
        return self

    def save(self) -> bool:
        """Save now; a failure is told in the log and play goes on."""
        problem = self.session.save() if self.session is not None else None
        if problem:
            self.log.add(problem, MessageKind.REFUSED)
        return problem is None

    def on_close(self) -> None:
        self.save()

    def run_command(self, key: str) -> Next:
        keymap = self.app.keymap if self.app is not None else None
        command = command_for(key, keymap)
        if key == "escape" and command is None:
            self.log.add(ESCAPE_HINT)
            return self
        if self.paused and command is not UiCommand.PAUSE:
            self.resume()
        match command:
            case UiCommand.QUIT:
                question = "Save the game and return to the title?"
                return ConfirmScreen(self, question, yes=self.quit)
            case UiCommand.PAUSE:
                if not self.real_time:
                    self.log.add("The game waits for you: it is turn-based.")
                elif self.paused:
                    self.resume()
                else:
                    self.pause("Paused.")
            case UiCommand.LOOK:
                return LookScreen(self)
            case UiCommand.CHARACTER:
                return CharacterScreen(self)
            case UiCommand.CYCLE_RENDER_MODE:
                modes = RENDER_MODES
                self.render_mode = modes[(modes.index(self.render_mode) + 1) % len(modes)]
            case UiCommand.HISTORY:
                return HistoryScreen(self.log, parent=self)
            case UiCommand.HELP:
                from emberdeep.ui.screens.help import HelpScreen

                return HelpScreen(keymap, parent=self)
            case UiCommand.USE_ITEM:
                return InventoryScreen(self, "use")
            case UiCommand.DROP_ITEM:
                return InventoryScreen(self, "drop")
            case UiCommand.THROW_ITEM:
                return InventoryScreen(self, "throw")
            case UiCommand.EXPLORE:
                return self.start_run(None)
            case UiCommand.REST:
                return self.start_run(None, resting=True)
            case Descend() if self.world.player.position != self.world.floor.stairs:
                floor = self.world.floor
                if floor.explored[floor.stairs]:  # known stairs: walk there first
                    return self.start_run(floor.stairs)
                return self.perform(command)
            case Ascend() if self.world.player.position != self.world.floor.start:
                return self.start_run(self.world.floor.start)  # always known: you came in there
            case Move() | Wait() | PickUp() | Descend() | Ascend() | Search():
                return self.perform(command)
        return self.after_world()

    def perform(self, action: PlayerCommand) -> Next:
        """Carry out a player action in either mode; return the screen to show next.

        Turn-based: the action and the monsters' replies happen now. Real-time: it happens
        now if the player is due, else it waits (replacing any waiting one) for ``tick``.
        Refusals and everything that happened go to the log."""
        if not self.real_time:
            self.show(self.world.step(action))
        elif self.world.player_due:
            self.show(self.world.player_act(action))
        else:
            self.pending = action
        return self.after_world()

    @property
    def tick_seconds(self) -> float | None:
        if self.real_time:
            return None if self.paused else 1 / self.ticks_per_second
        return RUN_STEP_SECONDS if self.run is not None else None

    def tick(self) -> Next:
        """Real time: the clock moves on, and a waiting command (or the next step of an
        auto-explore or travel run) happens once the player is due. Turn-based: the next
        step of a run, so the player watches it walk."""
        world = self.world
        if not self.real_time:
            action = self.next_run_step()
            return self.perform(action) if action is not None else self.after_world()
        if self.paused:
            return self
        self.show(world.advance(world.time + TIME_PER_TICK))
        if world.player_due:
            action, self.pending = self.pending or self.next_run_step(), None
            if action is not None:
                self.show(world.player_act(action))
        return self.after_world()

    def pause(self, reason: str) -> None:
        """Real time: stop the clock until the player resumes (``p`` or any command)."""
        if not self.paused:
            self.paused = reason
            self.log.add(f"{reason} Press p to resume.")

    def resume(self) -> None:
        self.paused = ""

    def monsters_in_view(self) -> set[int]:
        return set(autopilot.visible_monsters(self.world))

    def notice_newcomers(self) -> None:
        """Real time: a monster that was not in view a moment ago stops the clock (the
        setting ``pause_on_monster``), so nothing new kills a player who looked away."""
        now = self.monsters_in_view()
        if self.real_time and self.pause_on_monster and now - self.in_view:
            self.pause("A monster comes into view.")
        self.in_view = now

    def start_run(self, target: tuple[int, int] | None, resting: bool = False) -> Screen:
        """Auto-explore (``target`` None), travel to ``target``, or rest until healed, one
        step per tick; anything that disturbs (a monster, damage) stops it."""
        if autopilot.visible_monsters(self.world):
            self.log.add("Not with a monster in view!", MessageKind.REFUSED)
            return self
        player = self.world.player
        if resting and player.hp >= player.max_hp:
            self.log.add("You are already at full health.", MessageKind.REFUSED)
            return self
        self.run = Run(target, autopilot.Watch.start(self.world), resting)
        return self

    def stop_run(self, reason: str) -> None:
        if self.run is not None:
            self.run = None
            if reason:  # "" stops without a word (what was picked up was just said)
                self.log.add(reason)

    def next_run_step(self) -> PlayerCommand | None:
        """The run's next action, or None (with the reason logged) when it must stop."""
        run, world = self.run, self.world
        if run is None:
            return None
        low = 0 if run.resting else self.explore_stop_hp
        reason = run.watch.check(world, self.auto_pickup, low)
        if reason is None and run.resting:
            player = world.player
            if player.hp < player.max_hp:
                return Wait()
            reason = "You feel rested."
        if reason is None:
            if run.target is None:
                choice = autopilot.explore_action(world, self.auto_pickup)
            else:
                choice = autopilot.travel_action(world, run.target)
            if not isinstance(choice, str):
                return choice
            reason = choice
        self.stop_run(reason)
        return None

    def show(self, events: list[Event]) -> None:
        for event in events:
            match event:
                case Refused(reason):
                    self.log.add(reason, MessageKind.REFUSED)
                case Message(text, kind):
                    self.log.add(text, kind)

    def quit(self) -> Next:
        """Save and go back to the title screen (or end, when there is none)."""
        saved = self.save()
        if self.session is not None:
            self.session.release()
        if self.app is None or self.app.title is None:
            return None
        self.app.session = None
        return self.app.title("" if saved else self.log.entries[-1].text)

    def after_world(self) -> Next:
        """What follows an action: death, a level to spend, or more play. A new floor is
        saved at once, so a killed process loses at most one floor."""
        world = self.world
        if world.over:
            return self.game_over()
        self.notice_newcomers()
        problem = self.session.after_turn() if self.session is not None else None
        if problem:
            self.log.add(problem, MessageKind.REFUSED)
        if world.can_level_up:
            return LevelUpScreen(self)
        return self

    def game_over(self) -> GameOverScreen:
        note, leave_to = "", None
        if self.session is not None:
            note = " ".join(self.session.end([entry.full_text for entry in self.log.entries]))
        if self.app is not None:
            self.app.session = None
            leave_to = self.app.title("") if self.app.title is not None else None
        return GameOverScreen(self.world, self.log, note=note, leave_to=leave_to)

    # -- drawing -------------------------------------------------------------------------

    def origin(self) -> tuple[int, int]:
        floor = self.world.floor
        return render.camera_origin(
            self.world.player.position, (floor.width, floor.height), self.layout.map
        )

    def draw(self, console: tcod.console.Console) -> None:
        self.draw_world(console, hover=True)
        self.draw_mouse_look(console, self.origin())

    def draw_backdrop(self, console: tcod.console.Console) -> None:
        """What overlays sit on (``ScreenStack.draw``): the world without the pointer's
        highlights and tooltip, which belong to the overlay while it is open."""
        self.draw_world(console)

    def draw_world(self, console: tcod.console.Console, *, hover: bool = False) -> None:
        """The map, its creatures, the sidebar and the log, without the mouse-look tooltip:
        what overlays draw under themselves (the pointer belongs to them while they are
        open). With ``hover``, the tile or sidebar entry under the pointer is lit, and its
        partner too."""
        self.layout = layout = layout_for(console.width, console.height)
        world, view = self.world, layout.map
        origin = self.origin()
        render.draw_map(
            console, world.floor, render.look_table(self.content, self.render_mode), view, origin
        )
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
                lift(console, cell)
        log = layout.log
        console.draw_rect(log.x, log.y, log.width, log.height, ch=ord(" "), bg=(0, 0, 0))
        self.log.draw(console, log.x + 1, log.y, log.width - 2, log.height)
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
        keymap = self.app.keymap if self.app is not None else None
        if self.hints[0] is not keymap:
            parts = []
            for command, what in HINTS:
                key = first_key(command, keymap)
                if key is not None:
                    parts.append(f"{key} {what}")
            self.hints = (keymap, "   ".join(parts))
        console.print(row.x + 1, row.y, self.hints[1][: row.width - 2], fg=HINT_FG)

    def draw_mouse_look(self, console: tcod.console.Console, origin: tuple[int, int]) -> None:
        view = self.layout.map
        if self.mouse is None or not view.contains(*self.mouse):
            return
        pos = render.to_floor(self.mouse, view, origin)
        if not self.world.floor.in_bounds(*pos):
            return
        if self.run is None:
            self.draw_path_preview(console, pos, origin)
        lines = look.describe_tile(self.world, pos)
        if len(lines) > 1 or (lines and not lines[0].startswith(PLAIN_TERRAIN)):
            # Bare floor and wall need no box, which would hide the travel path.
            look.draw_tooltip(console, self.mouse, lines, view)

    def draw_path_preview(
        self, console: tcod.console.Console, target: tuple[int, int], origin: tuple[int, int]
    ) -> None:
        """Tint the tiles a click would walk through (cached until something moves)."""
        world, view = self.world, self.layout.map
        key = (target, world.player.position, world.turn, id(world.floor))
        if key != self.preview_key:
            self.preview_key = key
            self.preview = autopilot.path_preview(world, target)
        if not self.preview:
            return
        cells = np.array(self.preview) - origin + (view.x, view.y)
        inside = (cells[:, 0] >= view.x) & (cells[:, 1] >= view.y)
        inside &= (cells[:, 0] < view.x + view.width) & (cells[:, 1] < view.y + view.height)
        xs, ys = cells[inside].T
        bg = console.rgb["bg"][xs, ys].astype(np.int32)
        console.rgb["bg"][xs, ys] = (bg + PATH_TINT) // 2


def lift(console: tcod.console.Console, cell: tuple[int, int]) -> None:
    """Light one cell's background (what the pointer is on, or its sidebar partner)."""
    bg = console.rgb["bg"][cell].astype(np.int32)
    console.rgb["bg"][cell] = np.minimum(bg + HOVER_LIFT, 255)
