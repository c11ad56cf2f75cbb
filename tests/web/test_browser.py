"""The game in a real browser (Chromium): log in, play, reload, watch, and the refusals."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.live import Server

TURN = re.compile(r"Turn (\d+)")
TIMEOUT = 10_000


def screen(page: Page) -> str:
    lines: list[str] = page.evaluate("window.emberdeep.text()")
    return "\n".join(lines)


def wait_for_text(page: Page, text: str) -> None:
    page.wait_for_function(
        "text => window.emberdeep.text().join('\\n').includes(text)", arg=text, timeout=TIMEOUT
    )


def click_text(page: Page, text: str) -> None:
    """Click the middle of the first console cell of ``text`` on the canvas."""
    lines = screen(page).split("\n")
    y = next(row for row, line in enumerate(lines) if text in line)
    x = lines[y].index(text)
    box = page.locator("#screen").bounding_box()
    assert box is not None
    cell_width, cell_height = box["width"] / len(lines[0]), box["height"] / len(lines)
    page.mouse.click(box["x"] + (x + 0.5) * cell_width, box["y"] + (y + 0.5) * cell_height)


def turn(page: Page) -> int:
    found = TURN.search(screen(page))
    assert found is not None, screen(page)
    return int(found[1])


def register(page: Page, server: Server, name: str) -> None:
    page.goto(server.url + "/")
    page.fill("#name", name)
    page.fill("#password", "a long password")
    page.click("#register")
    expect(page.locator("#me")).to_have_text(f"Logged in as {name.lower()}", timeout=TIMEOUT)


@pytest.fixture
def page(browser: Browser) -> Any:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    context.set_default_timeout(TIMEOUT)
    yield context.new_page()
    context.close()


def test_play_move_inventory_reload_and_watch(browser: Browser, server: Server, page: Page) -> None:
    register(page, server, "Ann")
    page.click("#play")
    wait_for_text(page, "New game")
    page.keyboard.press("Enter")
    wait_for_text(page, "Turn 0")
    for key in ["l", "h", "j", "k", "ArrowRight", "ArrowLeft", "."]:
        page.keyboard.press(key)
        page.wait_for_function("() => window.emberdeep.state.pending.length === 0")
        if turn(page) > 0:
            break
    moved = turn(page)
    assert moved > 0

    page.keyboard.press("i")
    wait_for_text(page, "Select an item to use")
    page.keyboard.press("Escape")
    page.wait_for_function(
        "() => !window.emberdeep.text().join('\\n').includes('Select an item to use')"
    )

    page.reload()
    wait_for_text(page, f"Turn {moved}")
    assert "Select an item to use" not in screen(page)

    watcher = browser.new_page()
    watcher.goto(server.url + "/")
    expect(watcher.locator("#games")).to_contain_text("ann", timeout=TIMEOUT)
    watcher.click("#games a")
    watcher.wait_for_function(
        "expected => window.emberdeep.text().join('\\n') === expected",
        arg=screen(page),
        timeout=TIMEOUT,
    )
    # A move by the player reaches the watcher too.
    page.keyboard.press(".")
    wait_for_text(page, f"Turn {moved + 1}")
    wait_for_text(watcher, f"Turn {moved + 1}")
    assert screen(watcher) == screen(page)
    watcher.close()


def close_code(page: Page, url: str, message: str | None = None) -> Any:
    """Open a WebSocket from ``page`` to ``url``; (opened, close code)."""
    return page.evaluate(
        """([url, message]) => new Promise(resolve => {
            const ws = new WebSocket(url);
            let opened = false;
            ws.onopen = () => { opened = true; if (message !== null) ws.send(message); };
            ws.onclose = e => resolve([opened, e.code]);
            setTimeout(() => resolve([opened, "no close"]), 5000);
        })""",
        [url, message],
    )


def test_foreign_origin_is_refused(server: Server, page: Page) -> None:
    register(page, server, "Bob")
    page.click("#play")
    wait_for_text(page, "New game")
    # localhost and 127.0.0.1 are different origins: a page from one may not drive a game
    # on the other. (The game's own page could not even try: its Content-Security-Policy
    # allows connections to its own origin only; a 404 page has none.)
    click_text(page, "New game")  # the mouse works as in the window
    wait_for_text(page, "Turn 0")
    page.goto(f"http://localhost:{server.port}/elsewhere")
    opened, code = close_code(
        page, f"ws://127.0.0.1:{server.port}/ws/watch?client=abcdefgh&game=bob"
    )
    assert not opened
    assert code == 1006  # the upgrade was answered 403
    same_origin = f"ws://localhost:{server.port}/ws/watch?client=abcdefgh&game=bob"
    assert close_code(page, same_origin, "") == [True, 1003]  # let in (then refused: input)


def test_oversized_and_unknown_messages_are_refused(server: Server, page: Page) -> None:
    register(page, server, "Cy")
    page.click("#play")
    wait_for_text(page, "New game")
    base = f"ws://127.0.0.1:{server.port}"
    assert close_code(page, f"{base}/ws/play?client=other123", "x" * 5000) == [True, 1009]
    unknown = '{"t": "shell", "s": 1}'
    assert close_code(page, f"{base}/ws/play?client=other124", unknown) == [True, 1003]
    watching = '{"t": "key", "s": 1, "k": "h"}'
    url = f"{base}/ws/watch?client=other125&game=cy"
    assert close_code(page, url, watching) == [True, 1003]


def test_the_console_fills_a_large_page(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    register(page, server, "Big")
    page.click("#play")
    wait_for_text(page, "New game")
    box = page.locator("#screen").bounding_box()
    assert box is not None
    assert box["height"] >= 0.8 * 1080, box
    assert box["width"] <= 1920 and box["y"] + box["height"] <= 1080
    assert not page.locator("#pad").is_visible()  # a desktop needs no on-screen keys
    page.set_viewport_size({"width": 1280, "height": 700})  # and it re-fits on resize
    page.wait_for_function("() => document.getElementById('screen').offsetHeight <= 700")
    context.close()


PAD_SEED = "8"
"""A dungeon whose first floor the plain play below (explore, take the stairs, step at
the nearest creature) gets through: the test is of the controls, not of luck."""
DIRECTIONS = {(-1, -1): "kp_7", (0, -1): "kp_8", (1, -1): "kp_9", (-1, 0): "kp_4",
              (1, 0): "kp_6", (-1, 1): "kp_1", (0, 1): "kp_2", (1, 1): "kp_3"}  # fmt: skip
SIDEBAR, MAP_ROWS = 20, 45


def tap(page: Page, key: str) -> None:
    page.locator(f"#pad button[data-key='{key}']").tap()
    page.wait_for_function("() => window.emberdeep.state.pending.length === 0")


def settle(page: Page) -> str:
    """The screen once it stops changing (a run of steps has ended)."""
    last = screen(page)
    while True:
        page.wait_for_timeout(150)
        now = screen(page)
        if now == last:
            return now
        last = now


def toward_nearest_creature(text: str) -> str | None:
    """The pad key that steps from @ toward the nearest creature (a letter) on the map."""
    rows = text.split("\n")[:MAP_ROWS]
    cells = [(x, y, ch) for y, row in enumerate(rows) for x, ch in enumerate(row) if x > SIDEBAR]
    me = next(((x, y) for x, y, ch in cells if ch == "@"), None)
    them = [(x, y) for x, y, ch in cells if ch.isalpha() and ch.isascii()]
    if me is None or not them:
        return None
    x, y = min(them, key=lambda c: max(abs(c[0] - me[0]), abs(c[1] - me[1])))
    step = ((x > me[0]) - (x < me[0]), (y > me[1]) - (y < me[1]))
    return DIRECTIONS.get(step)


def test_a_phone_plays_down_to_depth_2_with_the_on_screen_controls(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    register(page, server, "Pocket")
    page.click("#play")
    wait_for_text(page, "New game with a seed")
    expect(page.locator("#pad")).to_be_visible()
    box = page.locator("#screen").bounding_box()
    pad = page.locator("#pad").bounding_box()
    assert box is not None and pad is not None
    assert box["width"] >= 0.9 * 390 - 16 and box["y"] + box["height"] <= pad["y"] + 1
    tap(page, "kp_2")  # down to "New game with a seed"
    tap(page, "enter")
    wait_for_text(page, "seed")
    page.keyboard.type(PAD_SEED)  # the phone's own keyboard: the seed is typed text
    tap(page, "enter")
    wait_for_text(page, "Turn 0")
    tap(page, "i")
    wait_for_text(page, "Select an item to use")
    tap(page, "escape")
    page.wait_for_function(
        "() => !window.emberdeep.text().join('\\n').includes('Select an item to use')"
    )
    text = settle(page)
    for _ in range(300):
        if "Depth 2" in text or "YOU DIED" in text:
            break
        if "Choose a stat to raise" in text:
            tap(page, "enter")  # a level to spend: the first choice
            text = settle(page)
            continue
        before = turn(page)
        tap(page, "x")  # explore
        text = settle(page)
        if turn(page) == before:
            tap(page, ">")  # explored, or the stairs known: take them
            text = settle(page)
        if turn(page) == before:
            tap(page, toward_nearest_creature(text) or "kp_5")  # something in the way
            text = settle(page)
    assert "Depth 2" in text, text
    context.close()
