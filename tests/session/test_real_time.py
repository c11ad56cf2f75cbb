"""Real time a person can play: a pace, and a clock that stops when you are hurt, so an
idle player is never worn down while looking away."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Wait
from emberdeep.engine.core.actors import HUNT_MEMORY, Mode
from emberdeep.engine.play.replay import apply
from emberdeep.engine.play.world import HALT_WHEN_HURT
from emberdeep.session.driver import Driver, Pause, Paused, Report, Rest, RunRules, State
from emberdeep.session.narration import narrator_for
from emberdeep.session.pauses import pause_line
from tests.helpers import ORC, add_monster, world_from_text

ARENA = """
#########
#.......#
#...@...#
#.......#
#########
"""
JACKAL = loader.load().hero.kinds["jackal"]


def crowded() -> Driver:
    """The player among an orc and three jackals, all hunting."""
    world = world_from_text(ARENA)
    add_monster(world, ORC, 3, 1)
    for x, y in ((5, 1), (3, 3), (5, 3)):
        add_monster(world, JACKAL, x, y)
    rules = RunRules(real_time=True, pause_on_monster=False)
    return Driver(world, narrator_for(loader.load()), rules=rules)


def test_the_pace_sets_how_much_time_a_tick_moves() -> None:
    assert RunRules(ticks_per_second=20, pace=3).time_per_tick == 15
    assert RunRules(ticks_per_second=20, pace=10).time_per_tick == 50
    assert RunRules(ticks_per_second=240, pace=1).time_per_tick == 1


def test_a_blow_stops_the_clock_and_says_so() -> None:
    driver = crowded()
    world = driver.world
    for _ in range(40):
        report = driver.tick()
        if report.state is State.PAUSED:
            break
    assert report.state is State.PAUSED and driver.paused is Pause.HURT
    assert world.player.hp < world.player.max_hp
    assert report.paused == Paused(Pause.HURT)  # said as data: the screen words it with its keys
    assert not any("clock" in line.text for line in report.lines)
    time = world.time
    driver.tick()
    assert world.time == time  # stopped until the player acts or resumes


def idle_loss(rules: RunRules, seconds: int = 1) -> float:
    """The share of its health an idle player loses in its first ``seconds`` of being
    hit, surrounded (ticks as the screen would call them)."""
    driver = crowded()
    driver.rules = rules
    player = driver.world.player
    ticks = 0
    while player.hp == player.max_hp and ticks < 1000:
        driver.tick()
        ticks += 1
    start = player.hp + 0  # after the first blows landed
    first = player.max_hp - start
    for _ in range(seconds * rules.ticks_per_second - 1):
        driver.tick()
    return (first + start - player.hp) / player.max_hp


def test_an_idle_player_never_loses_a_fifth_of_their_health_in_a_second() -> None:
    assert idle_loss(RunRules(real_time=True, pause_on_monster=False)) < 0.2
    unguarded = RunRules(real_time=True, pause_on_monster=False, pause_on_hurt=False, pace=5)
    assert idle_loss(unguarded) >= 0.2  # what the pause prevents


def test_a_clock_halted_by_a_blow_replays_the_same() -> None:
    driver, twin = crowded(), crowded().world
    for _ in range(200):
        driver.tick()
        if driver.paused is not None:
            driver.resume()
    played = driver.world
    assert any(c[0] == "t" and int(str(c[2])) & HALT_WHEN_HURT for c in played.journal.commands)
    for command in played.journal.commands:
        apply(twin, command)
    assert twin.state_hash() == played.state_hash()


def test_each_pause_says_its_cause_once_and_how_to_go_on_only_the_first_time() -> None:
    """A run stopped by a bite says so in the pause's one line (not "You are hurt." and
    then the pause, nor "Stopped." at the next key); the second bite's pause is short."""
    driver = crowded()
    world = driver.world
    narrator = narrator_for(loader.load())
    world.player.hp -= 1  # worth a rest
    driver.rules = RunRules(real_time=True, pause_on_monster=False)
    for monster in [a for a in world.floor.actors.values() if a is not world.player]:
        monster.mode = Mode.ASLEEP  # asleep while the rest begins
    assert driver.command(Rest()).refused is None and driver.run is not None
    for monster in [a for a in world.floor.actors.values() if a is not world.player]:
        monster.mode, monster.hunting = Mode.HUNTING, HUNT_MEMORY

    def until_paused() -> tuple[list[str], Paused | None]:
        said: list[str] = []
        for _ in range(200):
            report: Report = driver.tick()
            said += [line.text for line in report.lines]
            if report.paused is not None:
                return said, report.paused
        return said, None

    said, paused = until_paused()
    assert driver.paused is Pause.HURT and driver.run is None  # the rest ended with it
    assert paused == Paused(Pause.HURT, first=True)
    assert "You are hurt." not in said  # the run's stop is the pause's line
    assert pause_line(paused, "p", narrator) == (
        "You are hurt: the clock stops. Press p to resume, or act."
    )
    assert driver.interrupt().lines == []  # no bare "Stopped." for the next key
    driver.command(Wait())
    _, again = until_paused()
    assert driver.paused is Pause.HURT and again == Paused(Pause.HURT, first=False)
    assert pause_line(again, "p", narrator) == "You are hurt: the clock stops."


def test_a_newcomers_pause_names_it_as_data_and_the_screen_words_it() -> None:
    """The driver says which monsters stopped the clock (kind and count, no English);
    the line names them, and only the first such pause says how to go on."""
    world = world_from_text("#" * 14 + "\n#@" + "." * 11 + "#\n" + "#" * 14)
    narrator = narrator_for(loader.load())
    driver = Driver(world, narrator, rules=RunRules(real_time=True))
    add_monster(world, ORC, 6, 1, hunting=False)
    report = driver.tick()
    assert report.paused == Paused(Pause.MONSTER, ((ORC.key, 1),), first=True)
    assert not any("You see" in line.text for line in report.lines)  # the pause says it
    assert pause_line(report.paused, None, narrator) == (
        "You see an orc: the clock stops. Act to resume."
    )
    driver.resume()
    add_monster(world, JACKAL, 8, 1, hunting=False)
    again = driver.tick().paused
    assert again == Paused(Pause.MONSTER, ((JACKAL.key, 1),), first=False)
    assert pause_line(again, "p", narrator) == "You see a jackal: the clock stops."
