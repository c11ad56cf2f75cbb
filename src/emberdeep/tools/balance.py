"""How hard the game is, measured: the bot plays many seeded games to the end and the
figures come out as a table (and JSON): the win rate, where and to what it dies, how long
each floor takes, what it used.

A balance claim without numbers is a guess, and numbers from a bot that plays badly say
nothing: the bot (``agents/bot.py``) fights with its items, rests, creeps past strong
sleepers and climbs out with the treasure. Run once per level-up build ("mixed", and each
single stat) to see whether one stat solves the game, and per enchanting policy (weapon,
armour, staffs, mixed) to see whether one investment does: none should. The variant
``--careful`` (also spelt ``--rest-to-full``) rests to full after every fight, as a
careful person does (every bot explores every room): it must be able to finish the
game, neither starving nor winning much less than the plain bot, and resting must not
be an exploit either: it should not win much more. ``--stair-dance`` measures whether
the stairs are one.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from emberdeep import argtypes
from emberdeep.agents.bot import BUILDS, POLICIES, Bot, random_seed, take_turn
from emberdeep.agents.bot_items import wins
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.events import Arrived, Died
from emberdeep.engine.play.world import World
from emberdeep.session.driver import Driver
from emberdeep.session.game import GameSetup
from emberdeep.session.narration import narrator_for

TURN_CAP = 60_000
"""No game goes on longer: generous for a person (several hours of play); a bot game
that reaches it counts as stuck, and the figures say how many did."""


@dataclass
class Outcome:
    seed: int
    build: str
    policy: str = "mixed"
    """Where the bot spent its scrolls of enchanting (``bot.POLICIES``)."""
    variant: str = ""
    """"careful" or "stair-dance" when the bot played so."""
    result: str = "stuck"
    """"victory", "stuck" (reached the turn cap) or the cause of death."""
    killer: str = ""
    """The kind of monster that dealt the killing blow, if any."""
    depth: int = 1
    deepest: int = 1
    level: int = 1
    turns: int = 0
    floor_turns: dict[int, int] = field(default_factory=dict)
    """Turns spent on each depth, summed over visits."""
    items_used: dict[str, int] = field(default_factory=dict)
    took_heart: bool = False
    died_on_climb: bool = False
    """Died carrying the Heart."""
    close_calls: int = 0
    """Times health fell under ``CLOSE_CALL[0]`` of full and came back above ``[1]``."""
    lowest: dict[int, float] = field(default_factory=dict)
    """The lowest share of full health on each depth."""
    arrival: dict[int, float] = field(default_factory=dict)
    """The share of full health on first arriving at each depth."""
    enchanted: dict[str, int] = field(default_factory=dict)
    """Scrolls of enchanting spent, by the category of item."""
    strength: int = 0
    """The strength it ended with (potions of strength drunk)."""
    kills: dict[str, int] = field(default_factory=dict)
    """What the player killed, by kind."""
    allies_freed: int = 0
    ally_kills: int = 0
    food_eaten: int = 0
    """Food eaten (rations): with healing, the clock a careful player plays against."""
    arrivals: int = 0
    """Visitors a calm floor drew (``Arrived``): the other price of a long rest."""
    kinds_met_early: int = 0
    """Distinct monster kinds seen on depths 1 to ``EARLY`` (hostile, in view): whether
    the first floors ask more than one question."""
    kills_by_means: dict[str, int] = field(default_factory=dict)
    """The player's side's kills by means (``MEANS``), from each kill's ``Died.means``
    (allies' from their record: theirs may happen out of sight)."""

    @property
    def label(self) -> str:
        return f"policy {self.policy}, build {self.build}" + (
            f", {self.variant}" if self.variant else ""
        )


EARLY = 4
"""The depths whose monster kinds met are counted (``kinds_met_early``)."""
MEANS = {"melee": "melee", "thrown": "thrown", "magic": "magic", "other": "other"}
"""``Died.means`` -> the balance's name for it; allies are counted from their record."""
KILL_MEANS = ("melee", "thrown", "magic", "allies", "other")
"""The kinds of kill ``kills_by_means`` reports (staff, wand and scroll are "magic")."""
CLOSE_CALL = (0.2, 0.5)
VARIANTS = ("careful", "stair-dance")
"""The ways of playing ``--careful`` and ``--stair-dance`` name."""


def play(
    seed: int, build: str, cap: int = TURN_CAP, policy: str = "mixed", variant: str = ""
) -> Outcome:
    world = GameSetup(loader.load(), Settings(), data=None).new_game(seed).world
    bot = Bot(
        seed, build, policy,
        rest_to_full=variant == "careful", stair_dance=variant == "stair-dance",
    )  # fmt: skip
    outcome = Outcome(seed, build, policy, variant)
    turns = collections.Counter[int]()
    driver = Driver(world)
    player, brink = world.player, False
    outcome.arrival[1] = 1.0
    met: set[str] = set()
    means = collections.Counter[str]()
    while not world.over and outcome.turns < cap:
        for event in take_turn(driver, bot):
            if type(event) is Died and event.means in MEANS:
                means[MEANS[event.means]] += 1
            elif type(event) is Arrived:
                outcome.arrivals += 1
        if world.depth <= EARLY:
            met |= in_view(world)
        outcome.turns += 1
        turns[world.depth] += 1
        health = player.hp / player.max_hp
        outcome.arrival.setdefault(world.depth, health)
        outcome.lowest[world.depth] = min(outcome.lowest.get(world.depth, 1.0), health)
        if health < CLOSE_CALL[0]:
            brink = True
        elif brink and health > CLOSE_CALL[1]:
            brink, outcome.close_calls = False, outcome.close_calls + 1
        outcome.took_heart = outcome.took_heart or bot.find(world, wins) is not None
    outcome.died_on_climb = not player.alive and bot.find(world, wins) is not None
    if world.won:
        outcome.result = "victory"
    elif not world.player.alive:
        death = world.death
        outcome.result = narrator_for(loader.load()).cause_of_death(death)
        killer = death.killer if death is not None else None
        outcome.killer = killer.kind if killer is not None else (death.cause if death else "")
    outcome.depth, outcome.deepest, outcome.level = world.depth, world.deepest, world.player.level
    outcome.floor_turns, outcome.items_used = dict(turns), dict(bot.items_used)
    outcome.enchanted, outcome.strength = dict(bot.enchanted), world.strength
    outcome.kills = dict(world.kills)
    food = {kind.key for kind in loader.load().population.items.kinds if kind.facts.feeds}
    outcome.food_eaten = sum(n for key, n in bot.items_used.items() if key in food)
    outcome.allies_freed = world.fellowship.freed
    outcome.ally_kills = sum(world.fellowship.kills.values())
    means["allies"] = outcome.ally_kills
    outcome.kinds_met_early = len(met)
    outcome.kills_by_means = {name: means[name] for name in KILL_MEANS}
    return outcome


def in_view(world: World) -> set[str]:
    """The kinds of the hostile creatures the player sees now."""
    floor = world.floor
    return {
        a.kind for a in floor.actors.values() if a.hostile and a.alive and floor.visible[a.position]
    }


Job = tuple[int, str, int, str, str]
"""(seed, build, turn cap, policy, variant): one game's arguments to ``play``."""


def _play(job: Job) -> Outcome:
    return play(*job)


def run(
    games: int,
    seed: int,
    builds: list[str],
    jobs: int,
    cap: int,
    *,
    ray: str | None = None,
    policies: tuple[str, ...] = ("mixed",),
    variant: str = "",
) -> list[Outcome]:
    """Every game's outcome, in order: in this process, in ``jobs`` local processes, or
    with ``ray`` (an address, or "" for a local Ray) as Ray tasks (``env/ray_tasks.py``:
    progress on standard error, a lost worker's games played again). The same seeds give
    the same outcomes every way."""
    work: list[Job] = [
        (random_seed(seed, n), build, cap, policy, variant)
        for policy in policies
        for build in builds
        for n in range(games)
    ]
    if ray is not None:
        from emberdeep.env import ray_tasks

        progress = ray_tasks.print_progress("balance on Ray")
        return ray_tasks.run(play, work, address=ray or None, progress=progress)
    if jobs <= 1:
        return [told(_play(job), n, len(work)) for n, job in enumerate(work, 1)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        played = pool.imap(_play, work, chunksize=1)
        return [told(outcome, n, len(work)) for n, outcome in enumerate(played, 1)]


def told(outcome: Outcome, n: int, total: int) -> Outcome:
    """``outcome``, after a line on standard error: a long run shows it is alive."""
    print(
        f"game {n}/{total}: {outcome.label}, seed {outcome.seed}: {outcome.result} on "
        f"depth {outcome.depth} after {outcome.turns} turns",
        file=sys.stderr,
    )
    return outcome


def report(outcomes: list[Outcome]) -> str:
    lines = []
    for label in dict.fromkeys(o.label for o in outcomes):
        games = [o for o in outcomes if o.label == label]
        won = sum(o.result == "victory" for o in games)
        stuck = sum(o.result == "stuck" for o in games)
        dead = [o for o in games if o.result not in ("victory", "stuck")]
        killers = collections.Counter(o.killer for o in dead)
        depths = collections.Counter(o.depth for o in dead)
        floor_turns = collections.Counter[int]()
        for o in games:
            floor_turns.update(o.floor_turns)
        used = collections.Counter[str]()
        for o in games:
            used.update(o.items_used)
        per_floor = ", ".join(f"{d}: {floor_turns[d] // len(games)}" for d in sorted(floor_turns))
        climbs = sum(o.died_on_climb for o in games)
        enchanted, kills = collections.Counter[str](), collections.Counter[str]()
        for o in games:
            enchanted.update(o.enchanted)
            kills.update(o.kills)
        by_means = collections.Counter[str]({name: 0 for name in KILL_MEANS})
        for o in games:
            by_means.update(o.kills_by_means)
        floors = sum(o.deepest for o in games)
        killed = sum(kills.values())
        lines += [
            f"{label}: {len(games)} games, won {won} ({100 * won / len(games):.0f}%), "
            f"died {len(dead)}, stuck at the turn cap {stuck}",
            "  depth of death: " + ", ".join(f"{d}: {n}" for d, n in sorted(depths.items())),
            f"  starved {killers['starvation']} ({share(killers['starvation'], len(dead))} of "
            f"deaths); food eaten per game {sum(o.food_eaten for o in games) / len(games):.1f}; "
            f"arrivals per game {sum(o.arrivals for o in games) / len(games):.1f}",
            f"  causes of death ({len(killers)} kinds): "
            + ", ".join(f"{k}: {n}" for k, n in killers.most_common()),
            f"  mean turns per game {sum(o.turns for o in games) // len(games)}; "
            f"turns per floor (mean per game): {per_floor}",
            "  items used: " + ", ".join(f"{k}: {n}" for k, n in used.most_common()),
            f"  mean deepest floor {sum(o.deepest for o in games) / len(games):.1f}, "
            f"mean level {sum(o.level for o in games) / len(games):.1f}",
            f"  took the Heart {sum(o.took_heart for o in games)}, died on the climb "
            f"{climbs} ({share(climbs, len(dead))} of deaths); "
            f"close calls per game {sum(o.close_calls for o in games) / len(games):.2f}",
            f"  mean health on arrival at depths 8-16: {arrival(games, range(8, 17))}; "
            f"at 1-7: {arrival(games, range(2, 8))}",
            "  scrolls of enchanting spent per game: "
            + ", ".join(f"{k}: {n / len(games):.1f}" for k, n in enchanted.most_common())
            + f"; strength at the end {sum(o.strength for o in games) / len(games):.1f}",
            f"  kills per floor reached {killed / max(1, floors):.1f}; most killed: "
            + ", ".join(f"{k}: {share(n, killed)}" for k, n in kills.most_common(4)),
            f"  allies freed per game {sum(o.allies_freed for o in games) / len(games):.1f}, "
            f"their kills per game {sum(o.ally_kills for o in games) / len(games):.1f}",
            f"  median monster kinds met on depths 1-{EARLY}: "
            f"{statistics.median(o.kinds_met_early for o in games):g}; kills by means: "
            + ", ".join(f"{k}: {share(n, by_means.total())}" for k, n in by_means.items())
            + f" (thrown share {share(by_means['thrown'], by_means.total())})",
        ]
    return "\n".join(lines)


def share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def arrival(games: list[Outcome], depths: range) -> str:
    """Mean share of full health on arriving at ``depths``, over the games that did."""
    found = [h for o in games for d, h in o.arrival.items() if d in depths]
    return f"{100 * sum(found) / len(found):.0f}% ({len(found)} arrivals)" if found else "-"


def draw_plot(path: Path, records: object) -> int:
    """``--plot``: the charts of ``records`` (as ``--json`` writes them) to ``path``."""
    from emberdeep.tools import balance_plot  # only when asked: it loads the font

    try:
        balance_plot.plot(records, path)
    except balance_plot.PlotError as exc:
        print(f"emberdeep balance: cannot plot: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"emberdeep balance: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"charts: {path}", file=sys.stderr)
    return 0


def plot_from(args: argparse.Namespace) -> int:
    """``--from FILE.json --plot FILE.png``: an earlier run's charts, no game played."""
    if args.plot is None:
        print("emberdeep balance: --from needs --plot FILE.png", file=sys.stderr)
        return 2
    try:
        records = json.loads(args.records.read_bytes())
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not JSON"
        print(f"emberdeep balance: cannot read {args.records}: {reason}", file=sys.stderr)
        return 1
    return draw_plot(args.plot, records)


def main(args: argparse.Namespace) -> int:
    if args.records is not None:
        return plot_from(args)
    started = time.perf_counter()
    builds = list(BUILDS) if args.build == "all" else [args.build]
    policies = POLICIES if args.policy == "all" else (args.policy,)
    variant = next((name for name in VARIANTS if getattr(args, name.replace("-", "_"))), "")
    jobs = args.jobs or max(1, os.cpu_count() or 1)
    try:
        outcomes = run(
            args.games, args.seed, builds, jobs, args.turns,
            ray=args.ray, policies=policies, variant=variant,
        )  # fmt: skip
    except RuntimeError as exc:  # ray_tasks.RayError: Ray missing, unreachable, a job failed
        if args.ray is None:
            raise
        print(f"emberdeep balance: {exc}", file=sys.stderr)
        return 1
    print(report(outcomes))
    print(f"({len(outcomes)} games in {time.perf_counter() - started:.0f} s)")
    if args.json:
        args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    if args.plot:
        return draw_plot(args.plot, json.loads(json.dumps([asdict(o) for o in outcomes])))
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games", type=argtypes.positive, default=100, help="games per build (default 100)"
    )
    parser.add_argument(
        "--seed", type=argtypes.seed, default=0, help="seed of the whole run: a number or any word"
    )
    parser.add_argument(
        "--build", choices=[*BUILDS, "all"], default="mixed",
        help="the bot's level-up choice: mixed, one stat, or all of them in turn",
    )  # fmt: skip
    parser.add_argument(
        "--policy", choices=[*POLICIES, "all"], default="mixed",
        help="where the bot spends its scrolls of enchanting: weapon first, armor first, "
        "staffs (and allies) first, mixed, or all of them in turn",
    )  # fmt: skip
    variants = parser.add_mutually_exclusive_group()
    variants.add_argument(
        "--stair-dance", action="store_true",
        help="hurt by a foe beside the stairs, the bot takes them and comes straight back",
    )  # fmt: skip
    variants.add_argument(
        "--careful", "--rest-to-full", action="store_true", dest="careful",
        help="the bot rests to full health after every fight (every bot explores every room)",
    )  # fmt: skip
    parser.add_argument(
        "--turns", type=argtypes.positive, default=TURN_CAP, help="turn cap per game"
    )
    parser.add_argument("--jobs", type=argtypes.positive, help="processes (default: one per core)")
    parser.add_argument("--json", type=Path, help="also write every game's figures here")
    parser.add_argument(
        "--plot", type=Path, metavar="FILE.png",
        help="also draw deaths by depth and cause, health on arrival and wins by policy",
    )  # fmt: skip
    parser.add_argument(
        "--from", dest="records", type=Path, metavar="FILE.json",
        help="plot the games an earlier --json wrote instead of playing (with --plot)",
    )  # fmt: skip
    parser.add_argument(
        "--ray", nargs="?", const="", metavar="ADDRESS",
        help="run the games as Ray tasks: on a new local Ray, or the cluster at ADDRESS "
        '("auto": the one started on this machine with `ray start --head`)',
    )  # fmt: skip
