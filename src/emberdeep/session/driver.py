"""The turn driver: runs a command to completion, below every screen and tool.

A command is one action (a step, a potion) or a run (explore, travel, rest, walk to the
stairs) that goes on, a step at a time, until something worth stopping for happens. In
turn-based play each step happens when the command or a tick asks; in real time the
clock moves on every tick and a command waits until the player is due. After every
step the driver applies what follows it: a monster coming into view is introduced in the
log whatever the player is doing ("You see an orc.", or, when a run is under way, in the
words that stop it), stops a run (and pauses real time), the save policy runs, a level
to spend or the game's end is reported. Every front-end (window, terminal, browser), the
bot, balance, soak, the replay viewer and the agent environment drive the game through a
``Driver``; none calls ``World.step`` itself.

Each call returns a ``Report``: the events the player perceived (for animation and for
agents), the log's lines for them (when a narrator is given; they are written into the
game's log as they are said), a refusal, a pause that began (as data: the screen words it
with the keys the player bound), and the state the game is left in: waiting for input,
running, paused, a level to spend, or over.
"""

from __future__ import annotations

from enum import Enum

import msgspec

from emberdeep.config import Settings
from emberdeep.engine.acts.actions import Ascend, Descend, PlayerCommand, Wait
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.events import Event, MessageKind, Refused
from emberdeep.engine.creatures import hunger, statuses
from emberdeep.engine.play import approach, autopilot
from emberdeep.engine.play.autopilot import Stop
from emberdeep.engine.play.replay import apply as apply_recorded
from emberdeep.engine.play.sleepers import Sleepers
from emberdeep.engine.play.world import ACTION_TIME, World
from emberdeep.session import left_lying
from emberdeep.session.full_pack import NEARLY_FULL, FullPack
from emberdeep.session.game import GameSession
from emberdeep.session.log import MessageLog
from emberdeep.session.log_line import Line
from emberdeep.session.narration import Narrator
from emberdeep.session.repeats import Repeats
from emberdeep.session.risk_words import ToldRisks
from emberdeep.session.shackles import shackles_step
from emberdeep.session.stairs_walk import stairs_of, stairs_step

RUN_STEP_SECONDS = 0.03
"""Turn-based runs: a step every 30 ms, so the walk can be watched."""


class Explore(msgspec.Struct, frozen=True):
    """Walk to the nearest unexplored place (or item), and on, until disturbed."""


class Travel(msgspec.Struct, frozen=True):
    """Walk to ``target`` over known ground, until there or disturbed; ``swim``: through
    deep water too, when the way lies there (the player was asked: ``swim_walk.py``)."""

    target: tuple[int, int]
    swim: bool = False


class Rest(msgspec.Struct, frozen=True):
    """Wait until healed, or disturbed."""


class FreeCaptive(msgspec.Struct, frozen=True):
    """Work at the shackles of the captive at ``target`` (next to the player) until it is
    free, or disturbed like a rest; with a threat in view, one turn's work only."""

    target: tuple[int, int]


class TakeStairs(msgspec.Struct, frozen=True):
    """Take the stairs down (or ``up``): at once when standing on them, else walk to
    them when they are known and take them on arriving, with the one press (with a
    threat in view, a step a press); ``swim`` as ``Travel``'s."""

    up: bool = False
    swim: bool = False


Command = PlayerCommand | Explore | Travel | Rest | FreeCaptive | TakeStairs
RunCommand = Explore | Travel | Rest | FreeCaptive | TakeStairs
"""The commands that go on a step at a time (``Run``)."""


class Pause(Enum):
    """Why real time's clock stopped (``session/pauses.py`` words it)."""

    ASKED = "asked"
    """The player pressed pause."""
    MONSTER = "monster"
    """A monster came into view (``pause_on_monster``)."""
    HURT = "hurt"
    """The player was hurt (``pause_on_hurt``)."""
    FOCUS = "focus"
    """The window went to the background."""


class Paused(msgspec.Struct, frozen=True):
    """A pause that began, as data: the screen words it (``session/pauses.py``) with the
    pause key as the player bound it."""

    why: Pause
    monsters: tuple[tuple[str, int], ...] = ()
    """``MONSTER``: the newcomers that stopped the clock, by kind and how many, nearest
    kind first (the line names them: "You see an orc: the clock stops.")."""
    first: bool = True
    """The first pause of its cause this game: only its line says how to go on."""


class State(Enum):
    INPUT = "input"
    """Waiting for a command (real time: the clock still runs)."""
    RUNNING = "running"
    """A run is under way: call ``tick`` (every ``tick_seconds``)."""
    PAUSED = "paused"
    """Real time, stopped until a command or ``resume``."""
    LEVEL_UP = "level_up"
    """A level to spend: the next command should be a ``LevelUp``."""
    OVER = "over"
    """Won or dead; ``Report.notes`` tells what was kept (hall of fame, morgue)."""


class Report(msgspec.Struct):
    """What one call of the driver did."""

    events: list[Event] = msgspec.field(default_factory=list)
    lines: list[Line] = msgspec.field(default_factory=list)
    refused: Refused | None = None
    """The command was impossible: no time passed."""
    state: State = State.INPUT
    paused: Paused | None = None
    """Real time's clock stopped in this call: why, and what its line names."""
    notes: list[str] = msgspec.field(default_factory=list)
    """At the end of a game: the hall-of-fame rank, the morgue file, the replay."""


class RunRules(msgspec.Struct, frozen=True):
    """The player's settings for runs and real time."""

    auto_pickup: bool = True
    explore_stop_hp: int = 50
    """A walk stops below this percent of full health (rest first)."""
    real_time: bool = False
    ticks_per_second: int = 20
    pace: int = 3
    """Real time: ordinary actions per second."""
    pause_on_monster: bool = True
    pause_on_hurt: bool = True

    @property
    def time_per_tick(self) -> int:
        """World time one real-time tick moves the clock by."""
        return max(1, ACTION_TIME * self.pace // self.ticks_per_second)


def rules_for(settings: Settings) -> RunRules:
    return RunRules(
        auto_pickup=settings.auto_pickup,
        explore_stop_hp=settings.explore_stop_hp,
        real_time=settings.mode == "real-time",
        ticks_per_second=settings.ticks_per_second,
        pace=settings.pace,
        pause_on_monster=settings.pause_on_monster,
        pause_on_hurt=settings.pause_on_hurt,
    )


class Run(msgspec.Struct):
    command: RunCommand
    watch: autopilot.Watch
    waited: int = 0
    """Turns a walk to the stairs has waited on them for an ally (``stairs_walk``)."""


class Driver:
    """One game's turns. ``narrator`` None skips the English (bots, benchmarks);
    ``session`` None plays without saving (tests, replays, agents); ``log`` is the
    game's one log, which every line said goes into: by default the session's (which
    saves it), else a new one."""

    def __init__(
        self,
        world: World,
        narrator: Narrator | None = None,
        *,
        session: GameSession | None = None,
        rules: RunRules | None = None,
        log: MessageLog | None = None,
    ) -> None:
        self.world = world
        self.narrator = narrator
        self.session = session
        self.rules = rules or RunRules()
        self.run: Run | None = None
        self.pending: PlayerCommand | None = None
        """Real time: the command waiting for the player to be due."""
        self.paused: Pause | None = None
        """Real time: why the clock is stopped (None while it runs)."""
        self.standoff = approach.Standoff()
        """How long each monster in view has stood out of reach (one that does not
        come does not keep a run from starting)."""
        self.standoff.update(world)
        self.sleepers = Sleepers()
        """The sleepers seen on this floor: explore keeps its distance from them out of
        view too, and one seen again still asleep stops no run and is not introduced."""
        self.in_view: set[int] = set(approach.visible_monsters(world.floor, world.player))
        """The monsters in view a moment ago: one not among them is a newcomer (those in
        view when play begins or resumes are not)."""
        self.view_floor = world.floor
        """The floor ``in_view`` was seen on (ids are a floor's own)."""
        self.hinted: set[Pause] = set()
        """Real time: the causes of pause already reported (their line said how to go on)."""
        self.unannounced: set[int] = set()
        """Newcomers a run's stop will name (its next step stops for them), until it
        does or the run ends otherwise."""
        self.full_pack = FullPack()
        self.told_risks = ToldRisks()
        self.log = log if log is not None else session.log if session else MessageLog()
        self.repeats = Repeats()
        """A refusal the same command meets again is not said again (a held key)."""
        self.report = Report()
        self.ended = False

    # -- what the screens ask -----------------------------------------------------------

    @property
    def state(self) -> State:
        world = self.world
        if world.over:
            return State.OVER
        if world.can_level_up:
            return State.LEVEL_UP
        if self.paused is not None:
            return State.PAUSED
        return State.RUNNING if self.run is not None else State.INPUT

    @property
    def tick_seconds(self) -> float | None:
        """How soon to call ``tick``; None: only on input."""
        if self.world.over:
            return None
        if self.rules.real_time:
            return None if self.paused is not None else 1 / self.rules.ticks_per_second
        return RUN_STEP_SECONDS if self.run is not None else None

    # -- commands -----------------------------------------------------------------------

    def command(self, command: Command) -> Report:
        """Carry out ``command``: an action now (real time: when the player is due), or
        the start of a run. A command resumes a paused clock."""
        self.paused = None
        self.repeats.issued(command)
        match command:
            case Explore() | Rest() | Travel() | FreeCaptive():
                self.start_run(command)
            case TakeStairs(up):
                floor = self.world.floor
                stairs = stairs_of(floor, up)  # the way up is where you came in
                if self.world.player.position == stairs or (up and not floor.explored[stairs]):
                    self.act(Ascend() if up else Descend())
                elif not floor.explored[stairs]:  # not "no stairs here": none found yet
                    self.take(Refused("stairs_not_found"))
                else:
                    self.start_run(command)  # walk there, and take them on arrival
            case _:
                self.act(command)
        return self.finish()

    def tick(self) -> Report:
        """Time passes: the next step of a run (turn-based), or the clock moves on and a
        waiting command or run step happens once the player is due (real time)."""
        world = self.world
        if not self.rules.real_time:
            action = self.next_run_step()
            if action is not None:
                self.act(action)
            return self.finish()
        if self.paused is None and not world.over:
            hp, halt = world.player.hp, self.rules.pause_on_hurt
            self.take(world.advance(world.time + self.rules.time_per_tick, halt_when_hurt=halt))
            if world.player.hp < hp and halt and not world.over:
                self.stop_clock(Pause.HURT)  # a run under way stops with it, in its words
                return self.finish()
            if world.player_due:
                action, self.pending = self.pending or self.next_run_step(), None
                if action is not None:
                    self.act_now(action)
        return self.finish()

    def interrupt(self) -> Report:
        """A key pressed during a run stops it (and does nothing else)."""
        self.stop_run(Stop("interrupted"))
        return self.finish()

    def pause(self, why: Pause) -> Report:
        """Real time: stop the clock until a command or ``resume``."""
        self.stop_clock(why)
        return self.finish()

    def stop_clock(self, why: Pause, monsters: tuple[tuple[str, int], ...] = ()) -> None:
        """Real time: stop the clock. The report says why as data (``Paused``: the
        screen words it, with the keys the player bound): ``monsters``, the newcomers
        that did it, and whether it is the first pause of its cause (whose line says how
        to go on). A run under way ends with it, its stop said by the pause's line
        (never a bare "Stopped." at the next key)."""
        if self.rules.real_time and self.paused is None:
            self.paused = why
            if self.run is not None:
                self.run = None
                self.introduce()  # newcomers the run's stop would have named
            self.report.paused = Paused(why, monsters, first=why not in self.hinted)
            self.hinted.add(why)

    def resume(self) -> None:
        self.paused = None

    def replay(self, command: list[object]) -> Report:
        """One recorded command (``JournalError`` if it is malformed), as the game did it."""
        self.take(apply_recorded(self.world, command))
        return self.finish(save=False)

    # -- the rest -----------------------------------------------------------------------

    def act(self, action: PlayerCommand) -> None:
        if not self.rules.real_time or self.world.player_due:
            self.act_now(action)
        else:
            self.pending = action

    def act_now(self, action: PlayerCommand) -> None:
        """The player's ``action``, now; after a step, what a full pack leaves lying
        where the player stands is said (a full pack is never silent), once."""
        world, was = self.world, self.world.player.position
        self.take(world.step(action) if not self.rules.real_time else world.player_act(action))
        if self.narrator is not None and world.player.position != was and not world.over:
            left = self.full_pack.news(world)
            if left is not None:
                self.say(self.narrator.left_here(world.identity.thing(left)))

    def take(self, result: list[Event] | Refused) -> None:
        """What the world reported, added to the report under way (and narrated)."""
        report = self.report
        if isinstance(result, Refused):
            report.refused = result
            if self.narrator is not None and self.repeats.news(result):
                self.say(self.narrator.refusal(result))
            return
        if result:
            self.repeats.happened()
        report.events += result
        if self.narrator is not None and result:
            if self.world.floor is self.view_floor and not self.world.over:
                self.notice_newcomers()  # "You see a jackal." before what it did
            self.narrator.names.allies = allies_of(self.world)
            for line in self.narrator.lines(result):
                self.say(line)

    def say(self, line: Line) -> None:
        self.report.lines.append(line)
        self.log.add(line.text, line.kind)

    def start_run(self, command: RunCommand) -> None:
        world = self.world
        threats = approach.threats(world, self.standoff)
        if isinstance(command, FreeCaptive):
            step = shackles_step(world, command.target)
            if step is None:
                self.take(Refused("no_target"))
            elif threats:
                self.act(step)  # one turn's work: the player watches the threat
            else:
                self.run = Run(command, autopilot.Watch.start(world))
            return
        if threats and isinstance(command, Travel | TakeStairs):
            self.flee_step(command)  # Brogue's way: one step a key while they are in view
            return
        if threats:
            self.take(approach.refusal(world, threats[0]))
            return
        player = world.player
        if isinstance(command, Rest) and player.hp >= player.max_hp:
            self.take(Refused("already_rested"))
            return
        if isinstance(command, Rest) and not world.heals_by_resting:
            self.take(Refused("no_healing"))  # it would burn food for nothing
            return
        if isinstance(command, Rest) and hunger.state(world.nourishment) == "faint":
            self.take(Refused("too_hungry"))  # a rest now would pass out and starve
            return
        if isinstance(command, Rest) and statuses.poison_left(player) >= player.hp:
            self.take(Refused("deadly_poison"))  # a rest would wait for it to kill
            return
        if isinstance(command, Explore) and self.full_pack.nearly_full(world):
            self.say(Line(NEARLY_FULL))
        self.sleepers.update(world.floor, world.player)
        self.run = Run(command, autopilot.Watch.start(world))

    def flee_step(self, command: Travel | TakeStairs) -> None:
        """One step of a travel with a threat in view (the player chooses every step
        while something hunts them), or why there is none."""
        world = self.world
        target = (
            command.target if isinstance(command, Travel) else stairs_of(world.floor, command.up)
        )
        step = autopilot.travel_action(world, target, swim=command.swim)
        if isinstance(step, Stop):
            self.say_stop(step)  # as a run's: "Something is in the way: ..."
        else:
            self.act(step)

    def stop_run(self, stop: Stop) -> None:
        if self.run is None:
            return
        self.run = None
        self.say_stop(stop)

    def say_stop(self, stop: Stop) -> None:
        if stop.why == "monsters":
            self.unannounced.clear()  # the stop's words name every monster in view
        else:
            self.introduce()
        if self.narrator is not None:
            again = self.told_risks.again(self.world.depth, stop)
            text = self.narrator.stop(stop, self.world.player.position, again)
            if text:  # "" stops without a word (what was picked up was just said)
                self.say(Line(text))
            if lying := left_lying.words(self.world, stop.why):
                self.say(Line(lying))

    def next_run_step(self) -> PlayerCommand | None:
        """The run's next action, or None (with why it stopped said) when it must stop."""
        run, world = self.run, self.world
        if run is None:
            return None
        rules = self.rules
        resting = isinstance(run.command, Rest)
        low = rules.explore_stop_hp if isinstance(run.command, Explore) else 0  # a walk
        # to a place is the player's choice at any health (fleeing to the stairs, say)
        quiet = self.sleepers.quiet(world.floor)
        stop = run.watch.check(world, rules.auto_pickup, low, self.standoff, quiet)
        self.sleepers.update(world.floor, world.player)
        if stop is None and isinstance(run.command, FreeCaptive):
            step = shackles_step(world, run.command.target)
            if step is not None:
                return step
            stop = Stop("freed")
        if stop is None and resting:
            player = world.player
            if player.hp < player.max_hp:
                return Wait()
            stop = Stop("rested")
        if stop is None and isinstance(run.command, TakeStairs):
            choice = stairs_step(world, run.command, run)
            if isinstance(choice, Ascend | Descend):
                self.run = None  # arrived: down (or up) at once, with the same press
            if not isinstance(choice, Stop):
                return choice
            stop = choice
        if stop is None:
            if isinstance(run.command, Travel):
                choice = autopilot.travel_action(world, run.command.target, swim=run.command.swim)
            else:
                sleepers = self.sleepers.on(world.floor)
                choice = autopilot.explore_action(
                    world, rules.auto_pickup, sleepers=sleepers, shunned_kinds=True, spare=1,
                    risky_items=False,
                )  # fmt: skip
                choice = autopilot.or_stairs(world, choice) if isinstance(choice, Stop) else choice
            if not isinstance(choice, Stop):
                return choice
            stop = choice
        self.stop_run(stop)
        return None

    def finish(self, save: bool = True) -> Report:
        """What follows every call: the end of the game, a newcomer in view, the save
        policy; the report handed over, and a new one begun."""
        world = self.world
        if world.over:
            self.run = None
            if not self.ended:
                self.ended = True
                if self.session is not None:
                    self.report.notes = self.session.end()
        else:
            self.standoff.update(world)
            self.notice_newcomers()
            if save and self.session is not None:
                problem = self.session.after_turn()
                if problem:
                    self.say(Line(problem, MessageKind.REFUSED))
        report, self.report = self.report, Report()
        report.state = self.state
        return report

    def notice_newcomers(self) -> None:
        """A monster that was not in view a moment ago: the log introduces it (a run's
        stop does, at its next step), and real time pauses (``pause_on_monster``) so
        nothing new kills a player who looked away."""
        pausing = self.rules.real_time and self.rules.pause_on_monster
        if self.narrator is None and not pausing:
            return
        world = self.world
        if world.floor is not self.view_floor:  # a new floor: all in view are new
            self.view_floor, self.in_view = world.floor, set()
            self.unannounced.clear()
        now = set(approach.visible_monsters(world.floor, world.player))
        new = now - self.in_view - self.sleepers.quiet(world.floor)
        self.in_view = now
        if self.run is None:  # a run's next check names them, then remembers them
            self.sleepers.update(world.floor, world.player)
        self.unannounced = (self.unannounced | new) & now
        if new and pausing and self.paused is None:  # the pause's line names them
            self.run = None
            monsters = autopilot.seen(world.floor, world.player, among=self.unannounced)
            self.unannounced.clear()
            self.stop_clock(Pause.MONSTER, monsters)
        elif self.run is None:
            self.introduce()

    def introduce(self) -> None:
        """Name the newcomers still in view not yet named, in one line."""
        text = self.sighting()
        if text:
            self.say(Line(text))
        self.unannounced.clear()

    def sighting(self) -> str:
        """The newcomers not yet named, in words ("You see an orc."), or ""."""
        if not self.unannounced or self.narrator is None:
            return ""
        monsters = autopilot.seen(self.world.floor, self.world.player, among=self.unannounced)
        return self.narrator.sighting(monsters) if monsters else ""

    def save(self) -> str | None:
        """Save now (quitting, closing): None when done, else why not."""
        return self.session.save() if self.session is not None else None


def allies_of(world: World) -> set[int]:
    """The ids of the allies on the player's floor, alive or lying dead (for the log)."""
    return {a.id for a in world.floor.actors.values() if a.mode == Mode.ALLY}
