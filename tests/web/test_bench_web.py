"""The web game's per-key figure's machinery (never its speed: that is ``emberdeep bench``)."""

from __future__ import annotations

import os
import time

import numpy as np

from emberdeep.tools import bench_web


def test_play_keys_plays_a_web_game_key_by_key() -> None:
    before = {name: os.environ.get(name) for name in ("EMBERDEEP_DATA_DIR", "EMBERDEEP_CONFIG_DIR")}
    samples, status = bench_web.play_keys(3 * bench_web.BATCH)
    assert len(samples) == 3  # one a batch of keys
    assert all(sample > 0 for sample in samples)
    assert status["playing"] and status["turn"] > bench_web.WARM_UP  # the keys were turns
    after = {name: os.environ.get(name) for name in before}
    assert after == before  # the worker's folders were put back


def test_the_cold_figure_leaves_out_the_time_spent_emptying_the_caches() -> None:
    samples, status = bench_web.play_keys(2 * bench_web.BATCH, cold=True)
    assert len(samples) == 2 and status["playing"]
    junk = np.zeros(bench_web.COLD_BYTES // 8)
    start = time.process_time()
    np.add(junk, 1.0, out=junk)
    emptying = (time.process_time() - start) * 1000
    assert all(sample < emptying for sample in samples)  # its writing is not counted
