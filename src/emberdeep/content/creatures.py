"""How a monster in ``monsters.toml`` moves and what it can do: its way of moving, the
modifiers on it, and its abilities, each checked against what the engine's registry
(``engine/monsters/abilities.py``) says the ability takes."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from emberdeep.content.tomldata import Table
from emberdeep.engine.core.actors import Ability, KeepsDistance
from emberdeep.engine.core.flight import Stops
from emberdeep.engine.creatures.statuses import STATUSES
from emberdeep.engine.monsters.abilities import FORMS
from emberdeep.engine.monsters.repertoire import registry

MOVES = ("chase", "still")
HABITATS = ("", "water", "wall")
MAX_BAND = 8
DISTANCE_REASONS = ("always", "shot", "allies")
TRAIT_KEYS = ("moves", "strays", "flees_below", "keeps_distance", "guards", "leaves_remains",
              "abilities", "habitat", "band")  # fmt: skip
MAX_REACH = 40


def traits(table: Table, monsters: Collection[str]) -> dict[str, Any]:
    """The ``ActorKind`` fields a monster's table gives for moving and abilities;
    ``monsters`` are the kinds a summoning may name."""
    found: dict[str, Any] = {
        "moves": table.choice("moves", MOVES, "chase"),
        "strays": table.integer("strays", 0, 100, 0),
        "flees_below": table.integer("flees_below", 0, 100, 0),
        "guards": table.integer("guards", 0, MAX_REACH, 0),
        "leaves_remains": table.get("leaves_remains", bool, True),
        "habitat": table.choice("habitat", HABITATS, ""),
    }
    if "band" in table:
        band = table.get("band", list)
        if len(band) > MAX_BAND or not all(isinstance(k, str) and k in monsters for k in band):
            raise table.error("band", f"expected at most {MAX_BAND} monster kinds of monsters.toml")
        found["band"] = tuple(band)
    if "keeps_distance" in table:
        keeps = table.sub("keeps_distance")
        keeps.reject_unknown(("near", "far", "while"))
        near = keeps.integer("near", 1, MAX_REACH)
        far = keeps.integer("far", near, MAX_REACH)
        found["keeps_distance"] = KeepsDistance(
            near, far, keeps.choice("while", DISTANCE_REASONS, "always")
        )
    if "abilities" in table:
        listed = table.sub("abilities")
        found["abilities"] = tuple(ability(name, listed, monsters) for name in listed.names())
    return found


def ability(name: str, listed: Table, monsters: Collection[str]) -> Ability:
    """One entry of a monster's ``[abilities]``: a registered name and its numbers."""
    known = registry()
    spec = known.get(name)
    if spec is None:
        raise listed.error(name, f"unknown ability (known: {', '.join(sorted(known))})")
    table = listed.sub(name)
    table.reject_unknown(("rate", *spec.numbers, *spec.words))
    values: dict[str, int | str] = {}
    for key, (lo, hi, default) in spec.numbers.items():
        values[key] = table.integer(key, lo, hi, default)
    choices = {
        "monster": sorted(monsters), "status": sorted(STATUSES), "form": FORMS,
        "flight": tuple(Stops),
    }  # fmt: skip
    for key, names in spec.words.items():
        values[key] = table.choice(key, choices[names], FORMS[0] if names == "form" else None)
    return Ability(name, table.integer("rate", 1, 100, 100), values)
