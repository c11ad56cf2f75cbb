"""The grass's cut (``vegetation.percentile``) is numpy's ``percentile`` to the bit, on
noise fields like a floor's and on arrays made to be awkward (ties, one value, few)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import tcod.noise
from numpy.typing import NDArray

from emberdeep.mapgen import vegetation


def fields() -> list[NDArray[np.float32]]:
    rng = np.random.default_rng(7)
    made: list[NDArray[np.float32]] = []
    for seed in range(40):
        noise = tcod.noise.Noise(2, algorithm=tcod.noise.Algorithm.SIMPLEX, seed=seed)
        field = noise[tcod.noise.grid((80, 45), vegetation.SCALE, indexing="ij")]
        made.append(field[rng.random(field.shape) < rng.uniform(0.05, 0.9)])
    awkward = ([0.25], [1, 1, 1, 2], [3, -1])
    made += [np.array(values, dtype=np.float32) for values in awkward]
    made += [rng.integers(0, 4, 200).astype(np.float32), rng.standard_normal(7).astype(np.float32)]
    return made


@pytest.mark.parametrize("q", [0, 1, 13, 37, 50, 63, 85, 99, 100])
def test_the_cut_is_numpys_percentile_to_the_bit(q: int) -> None:
    for values in fields():
        ours, numpys = vegetation.percentile(values, q), np.percentile(values, q)
        assert ours.dtype == numpys.dtype and ours.tobytes() == numpys.tobytes(), (q, values.size)


def test_the_first_floor_imports_no_masked_arrays() -> None:
    code = (
        "import sys\n"
        "from emberdeep.config import Settings\n"
        "from emberdeep.content import loader\n"
        "from emberdeep.session.setup import new_world\n"
        "new_world(1, Settings(), loader.load())\n"
        "print('numpy.ma' in sys.modules)\n"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=os.environ | {"PYTHONPATH": src})  # fmt: skip
    assert done.stdout.split()[-1] == "False"
