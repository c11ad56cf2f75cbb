"""``emberdeep bench``'s figures for drawing: the play screen's whole frame (lit, unlit,
everything in view, a film playing) against the tutorial's per-tile Python loop, and
the terminal and web presenters' frame encodings.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.session.setup import new_world
from emberdeep.tools import bench_reference as reference
from emberdeep.tools import screenshots
from emberdeep.tools.bench_report import Figure, Report
from emberdeep.tools.bench_timing import Plan, measure
from emberdeep.ui import ansi, layout, lighting, render
from emberdeep.ui.screens.play import PlayScreen

LIT_FRAME_TARGET_MS = 0.6
"""The whole play frame at 100x52 with the dungeon's light on (issue #26)."""


def frame(report: Report, plan: Plan) -> None:
    """The play screen's whole frame: map, sidebar, log and hints, on a floor explored
    end to end. Typical: a moment of play with monsters and an item in view (the target);
    worst: the whole floor in view, every monster and item drawn and listed. At 100x52
    also with the light off, and with a film playing (an explosion blooming)."""
    content = loader.load()
    for size in (layout.FULL_SIZE, layout.MIN_SIZE):
        console = render.new_console(*size)
        for mode in ("in play", "all in view", "light off", "in motion"):
            if size != layout.FULL_SIZE and mode in ("light off", "in motion"):
                continue
            world = new_world(1, Settings(), content)
            settings = Settings(render_mode="ascii", lighting=mode != "light off")
            screen = PlayScreen.of(world, content, settings)
            screenshots.interesting_moment(screen)
            world.floor.explored[...] = True
            world.floor.visible[...] |= mode == "all in view"
            if mode == "in motion":
                screen.film = screenshots.explosion(screen)
            screen.draw(console)
            shown = len(screen.sidebar.entries)
            target = None
            if mode == "in play":
                target = LIT_FRAME_TARGET_MS if size == layout.FULL_SIZE else 0.5
            elif mode == "light off":
                target = 0.5
            lit = "lit" if settings.lighting else "unlit"
            ours = measure(
                f"render frame {size[0]}x{size[1]} {lit}, sidebar listing {shown} ({mode})",
                lambda i, screen=screen, console=console: screen.draw(console),  # type: ignore[misc]
                plan.frame,
                target,
            )
            report.figures.append(ours)
            if size != layout.FULL_SIZE or mode != "in play":
                continue
            light = screen.lighting
            assert light is not None and light.still is not None
            report.figures.append(
                measure(
                    "  the light of a new turn, worked out afresh (frames reuse it)",
                    lambda i, world=world, still=light.still: lighting.Lighting.moving_light(  # type: ignore[misc]
                        world, content.lights, still
                    ),
                    plan.frame,
                )
            )
            ref = measure(
                "reference: per-tile Python loop",
                lambda i, world=world, console=console: reference.render_map(  # type: ignore[misc]
                    console, world, content, "ascii"
                ),
                plan.reference_frame,
            )
            report.compare(ours, "per-tile Python loop (map and creatures, no sidebar)", ref)
            tiles = reference.tutorial_tiles(world.floor, content, "ascii")
            said = screen.log.texts(5) or ["Welcome, adventurer."]
            v2_frame = partial(reference.render_v2, console, world, content, tiles, said)
            v2 = measure("reference: tutorial v2 frame", lambda i, f=v2_frame: f(), plan.frame)  # type: ignore[misc]
            report.compare(ours, "tutorial v2: np.select map, entities, bar, log", v2)


TERMINAL_TARGETS_MS = {"full": 5.0, "typical": 0.5}


def terminal(runs: int) -> Iterator[Figure]:
    """The terminal presenter's frame encoding (``ui/ansi.py`` supplies the cases)."""
    for name, case in ansi.bench_cases():
        target = next((ms for word, ms in TERMINAL_TARGETS_MS.items() if word in name), None)
        yield measure(name, lambda i, case=case: case(), runs, target)  # type: ignore[misc]


def web_frames(runs: int) -> Iterator[Figure]:
    """The web presenter's frame encoding, on the play screen at the web's console size
    (``web/protocol.py`` supplies the cases)."""
    from emberdeep.web import protocol

    content = loader.load()
    world = new_world(1, Settings(), content)
    screen = PlayScreen.of(world, content, Settings(render_mode="ascii"))
    screenshots.interesting_moment(screen)
    console = render.new_console(render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
    screen.draw(console)
    for name, case in protocol.bench_cases(console):
        yield measure(name, lambda i, case=case: case(), runs)  # type: ignore[misc]
