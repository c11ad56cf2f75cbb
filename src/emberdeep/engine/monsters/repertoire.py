"""Every module that registers monster abilities, imported together: the registry
(``abilities.ABILITIES``) holds an ability once the module that defines it has run, so
whoever reads the registry (content's loader, the minds) reads it through here and sees
them all. A new module of abilities is added to ``MODULES``."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from emberdeep.engine.monsters import (
    abilities,
    burrows,
    bursts,
    charges,
    corrosion,
    drains,
    grapplers,
    images,
    leaps,
    lurkers,
    negation,
    sapping,
    thieves,
    veils,
    wards,
)

MODULES: tuple[ModuleType, ...] = (
    abilities, thieves, lurkers, grapplers, corrosion, wards, bursts,
    veils, sapping, leaps, charges, drains, negation, images, burrows,
)  # fmt: skip
"""The modules whose ``@ability`` functions make up the registry."""


def registry() -> Mapping[str, abilities.Spec]:
    """Every ability content may name, by name."""
    return abilities.ABILITIES
