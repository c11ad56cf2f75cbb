"""``setpieces.toml``: the set pieces (Brogue's "machines") the floor builder lays, each a
form from ``mapgen/setpiece_forms.py`` with its depths, weight, monsters, trap and reward,
and how many a floor tries by depth. The monsters and traps it names come from
``monsters.toml`` and ``traps.toml``."""

from __future__ import annotations

from emberdeep.content.shared_keys import MAX_DEPTH, by_depth
from emberdeep.content.tomldata import Table
from emberdeep.engine.core.actors import ActorKind
from emberdeep.engine.creatures.spawning import SpawnTable
from emberdeep.engine.terrain.traps import TrapKind
from emberdeep.mapgen.setpiece_forms import FORMS
from emberdeep.mapgen.setpiece_site import SetPieceKind, SetPieces

KEYS = ("form", "depths", "weight", "monsters", "captive", "trap", "treasure", "bonus")
"""What a set piece's section may hold."""
MAX_WEIGHT = 1000
MAX_MONSTERS = 8
"""The most monsters one set piece holds."""
MAX_TREASURE = 4
MAX_BONUS = 5
MAX_PER_FLOOR = 6
NEEDS_TRAP = ("plate", "ambush")
"""Forms that are nothing without their trap."""


def parse_setpieces(
    table: Table, monsters: SpawnTable[ActorKind], traps: SpawnTable[TrapKind]
) -> SetPieces:
    """Every section is a set piece; ``per_floor`` says how many a floor tries by depth."""
    by_monster = {kind.key: kind for kind in monsters.kinds}
    by_trap = {kind.key: kind for kind in traps.kinds}
    per_floor = by_depth(table, "per_floor")
    if any(count > MAX_PER_FLOOR for _, count in per_floor.steps):
        raise table.error("per_floor", f"at most {MAX_PER_FLOOR} set pieces a floor")
    kinds = []
    for key in table.names():
        if key == "per_floor":
            continue
        entry = table.sub(key)
        entry.reject_unknown(KEYS)
        form = entry.choice("form", sorted(FORMS))
        depths = entry.get("depths", list)
        ok = (
            len(depths) == 2
            and all(type(d) is int and 1 <= d <= MAX_DEPTH for d in depths)
            and depths[0] <= depths[1]
        )
        if not ok:
            raise entry.error("depths", f"expected [first, last] depths from 1 to {MAX_DEPTH}")
        names = entry.get("monsters", list, [])
        if len(names) > MAX_MONSTERS or not all(isinstance(n, str) for n in names):
            raise entry.error("monsters", f"expected a list of at most {MAX_MONSTERS} monster keys")
        for name in names:
            if name not in by_monster:
                raise entry.error("monsters", f"{name!r} is not a monster in monsters.toml")
        captive = None
        if form == "war_party":
            captive = by_monster[entry.choice("captive", sorted(by_monster))]
        elif "captive" in entry:
            raise entry.error("captive", 'only a form = "war_party" holds a captive')
        trap = None
        if form in NEEDS_TRAP:
            trap = by_trap[entry.choice("trap", sorted(by_trap))]
        elif "trap" in entry:
            raise entry.error(
                "trap", f"only the forms {', '.join(NEEDS_TRAP)} are laid with a trap"
            )
        kinds.append(
            SetPieceKind(
                key=key,
                form=form,
                depths=(depths[0], depths[1]),
                weight=entry.integer("weight", 0, MAX_WEIGHT),
                monsters=tuple(by_monster[n] for n in names),
                captive=captive,
                trap=trap,
                treasure=entry.integer("treasure", 0, MAX_TREASURE, 0),
                bonus=entry.integer("bonus", 0, MAX_BONUS, 0),
            )
        )
    return SetPieces(tuple(kinds), per_floor)
