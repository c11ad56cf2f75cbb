"""Text and pixel renders, headless."""

from __future__ import annotations

import numpy as np

from emberdeep.env import EmberdeepEnv


def test_ansi_is_the_observed_window_and_the_stats() -> None:
    env = EmberdeepEnv(render_mode="ansi")
    observation, _ = env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    lines = text.splitlines()
    assert len(lines) >= 22 and lines[10][39] == "@"
    assert lines[21].startswith(f"hp {observation['stats'][0]} ")


def test_rgb_array_frames_in_both_styles() -> None:
    frames = []
    for style, size in (("tiles", (720, 1280, 3)), ("ascii", (360, 640, 3))):
        env = EmberdeepEnv(render_mode="rgb_array", render_style=style)
        env.reset(seed=2)
        frame = env.render()
        assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
        assert frame.shape == size and frame.max() > 0 and (frame == 0).all(axis=-1).any()
        frames.append(frame)
    env.step(8)
    assert isinstance(env.render(), np.ndarray)


def test_no_render_mode_renders_nothing() -> None:
    env = EmberdeepEnv()
    env.reset(seed=2)
    assert env.render() is None
