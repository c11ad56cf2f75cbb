"""``Table.color``: what a colour may be, read a thousand times at each start (every
sprite's palette), so its quick checks must refuse all that the slow ones did."""

from __future__ import annotations

import pytest

from emberdeep.content.tomldata import DataError, Table


def table(text: str) -> Table:
    return Table.parse("test.toml", text)


def test_a_colour_of_three_bytes_is_read() -> None:
    assert table("c = [0, 128, 255]").color("c") == (0, 128, 255)


@pytest.mark.parametrize(
    "value",
    ["[true, 0, 0]", "[0, 0, false]", "[0, 256, 0]", "[-1, 0, 0]", "[0, 0]", "[0, 0, 0, 0]",
     "[1.0, 2, 3]", '"red"', '[0, "1", 2]', "{ r = 1 }"],
)  # fmt: skip
def test_anything_else_is_refused_with_its_line(value: str) -> None:
    with pytest.raises(DataError, match=r"test\.toml:2: c: expected a colour \[r, g, b\]"):
        table(f"# a colour\nc = {value}").color("c")


def test_a_missing_colour_takes_the_default_or_is_refused() -> None:
    assert table("").color("c", (1, 2, 3)) == (1, 2, 3)
    with pytest.raises(DataError, match="expected a colour"):
        table("").color("c")
