"""The details panel: one monster or item, told in full, opened from look and inventory.

Its flavour text (``content/descriptions.toml``), then what it does and its numbers as
far as the player knows them: a creature's health, attack, defense, speed, what it is
doing and the odds of a fight (the look cursor's own lines); an item's effect and
numbers once known, and for an unknown one only what its category says, with what is
still to learn. Any key or click closes it, back to the screen it was opened from.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import tcod.console

from emberdeep.engine.acts import targets
from emberdeep.engine.core.actors import Actor
from emberdeep.engine.creatures import gear
from emberdeep.engine.things import items
from emberdeep.engine.things.effects import Measure
from emberdeep.engine.things.items import Item
from emberdeep.session import gear_words, look_words, names
from emberdeep.session.names import describe
from emberdeep.ui import palette, render
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.screens import Pop, Result, Stay

if TYPE_CHECKING:
    from emberdeep.ui.play_view import PlayView

WIDTH = 60
FOOTER = " any key to close "
NORMAL_TIME = 100
"""An action's time at normal speed (``engine.world.ACTION_TIME``)."""


def speed_words(time: int) -> str:
    if time < NORMAL_TIME:
        return f"fast ({NORMAL_TIME / time:.1f} moves to your one)"
    if time > NORMAL_TIME:
        return f"slow (one move to your {time / NORMAL_TIME:.1f})"
    return "as fast as you"


def monster_lines(play: PlayView, actor: Actor) -> tuple[str, list[str]]:
    """A creature's title and lines: its flavour, numbers and what look says of it."""
    content = play.content
    flavour = content.descriptions.monsters.get(actor.kind, "")
    lines = [flavour, ""] if flavour else []
    lines.append(
        f"Health {actor.hp}/{actor.max_hp} · Power {actor.power} · Defense {actor.defense}"
    )
    lines.append(f"Speed: {speed_words(actor.move_time)}")
    # The look cursor's own words for what it is doing and the odds ("  10/10 HP,
    # hunting you", "  hits you 78% for 2-4"), without the health said above.
    for line in look_words.describe_in_detail(play.world, actor.position)[1:]:
        if not line.startswith("  "):
            continue
        text = line.strip()
        if " HP" in text:
            doing = text.partition(", ")[2]
            if doing:
                lines.append(f"Doing: {doing}")
        else:
            lines.append(text[:1].upper() + text[1:])
    return actor.name, lines


def item_lines(play: PlayView, item: Item) -> tuple[str, list[str]]:
    """An item's title and lines: what is known of it, and what is not."""
    world, content = play.world, play.content
    identity = world.identity
    kind = item.kind
    known = identity.is_known(kind)
    texts = content.descriptions
    flavour = texts.items.get(kind.key, "") if known else texts.unknown.get(kind.category, "")
    lines = [flavour, ""] if flavour else []
    if not known:
        lines.append("You do not know what it does yet: use it, or read identify.")
        return describe(identity, item), lines
    numbers = figures(play, item)
    said = names.description(item, world.strength) if kind.description else ""
    if said and numbers:  # the figures are on their own line
        said = names.beyond_figure(said)
    if said:
        lines.append(said)
    if numbers:
        lines.append(" · ".join(numbers))
    if item.equipped:
        lines.append(WORN[kind.slot])
    return describe(identity, item), lines


AMOUNTS = {
    Measure.DAMAGE: "{} damage",
    Measure.HEALTH: "heals {}% of health",
    Measure.FOOD: "{} turns of food",
    Measure.CREATURES: "calls up {}",
}
"""A kind's ``amount`` in words, by what it counts (a gas's volume is not shown)."""
WORN = {"weapon": "Wielded.", "armor": "Worn.", "ring": "Worn on a finger."}
"""What a worn item's details end with (they read "Worn (armor).")."""


def figures(play: PlayView, item: Item) -> list[str]:
    """Its numbers as they work for the player now: gear's (``gear_figures``), a
    staff's damage, turns and range at its level; the charges are in its name already."""
    kind, world = item.kind, play.world
    if kind.slot:
        return gear_figures(item, world.strength)
    numbers = []
    if kind.amount and kind.facts.measures in AMOUNTS:
        numbers.append(AMOUNTS[kind.facts.measures].format(gear.staff_power(item, kind.amount)))
    if kind.turns:
        numbers.append(f"{gear.staff_power(item, kind.turns)} turns")
    if kind.radius:
        numbers.append(f"Radius {kind.radius}")
    far = targets.reach(item)
    if far:
        numbers.append(f"Range {far}")
    return numbers


def gear_figures(item: Item, strength: int) -> list[str]:
    """Worn gear's figures, every one from ``items.worth`` (what wearing it does to the
    player's, the sidebar's, figures): its power or defense, the time and noise it adds
    in their units, the strength it needs and what the lack costs, and what its known
    enchantment gives (hand play read "moves take 30" and the strength's cost called
    the enchantment's)."""
    kind = item.kind
    value = items.worth(item, strength)
    numbers = gear_words.bonus_figures(value.bonus)
    if value.enchantment:
        numbers.append(f"its enchantment gives {value.enchantment:+d}")
    if kind.strength:
        needs = f"needs Strength {kind.strength}"
        if value.lacking:
            needs = f"{needs}, you have {strength}: {value.shortfall:+d}"
        numbers.append(needs)
    return numbers


class DetailsScreen:
    def __init__(self, play: PlayView, title: str, lines: list[str]) -> None:
        self.play = play
        self.title = title
        self.lines = lines

    @classmethod
    def of_item(cls, play: PlayView, item: Item) -> DetailsScreen:
        return cls(play, *item_lines(play, item))

    @classmethod
    def of_monster(cls, play: PlayView, actor: Actor) -> DetailsScreen:
        return cls(play, *monster_lines(play, actor))

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress() | Click():
                return Pop()
        return Stay()

    def wrapped(self, width: int) -> list[str]:
        out: list[str] = []
        for line in self.lines:
            out += textwrap.wrap(line, width, break_long_words=False) or [""]
        return out

    def draw(self, console: tcod.console.Console) -> None:
        view = self.play.layout.map
        width = min(WIDTH, view.width, console.width)
        lines = self.wrapped(width - 4)
        height = min(len(lines) + 4, view.height)
        x = view.x + (view.width - width) // 2
        y = view.y + max(0, (view.height - height) // 2)
        region = render.Region(x, y, width, height)
        render.draw_box(console, region, self.title, fg=palette.FRAME_FG, bg=palette.BOX_BG)
        for row, line in enumerate(lines[: height - 4]):
            console.print(x + 2, y + 2 + row, line, fg=palette.TEXT_FG)
        if len(FOOTER) + 4 <= width:
            console.print(x + width - len(FOOTER) - 2, y + height - 1, FOOTER, fg=palette.INFO_FG)
