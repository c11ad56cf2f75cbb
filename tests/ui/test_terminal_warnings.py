"""The terminal leaves no warning behind: in the one-file binary blessed cannot list the
capability names it knows, and warned about each one the terminal lacks
(`unknown terminal capability: 'ssupm'`) after every game."""

from __future__ import annotations

import io
import warnings

import blessed.formatters
import pytest

from emberdeep.ui import terminal


def test_a_terminal_without_superscript_warns_of_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blessed.formatters, "_KNOWN_CAPABILITY_NAMES", frozenset())  # as frozen
    monkeypatch.setattr(blessed.formatters, "_NOWARN_UNKNOWN_CAPS", False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        blessed.Terminal("xterm-256color", io.StringIO(), force_styling=True)  # as the binary
    assert "unknown terminal capability: 'ssupm'" in [str(w.message) for w in caught]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        term = terminal.open_terminal("xterm-256color", io.StringIO(), force_styling=True)
        assert terminal._capability(term, "superscript", "none") == "none"
