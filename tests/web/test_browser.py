"""The game in a real browser (Chromium): log in, play, reload, watch, and the refusals."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import websockets
from playwright.sync_api import Browser, Page, expect

from emberdeep.web import daily
from tests.web.deaths import SEED, play_to_death
from tests.web.live import Client, Server, connect, post

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


def test_a_full_server_says_so_and_lets_the_player_in_once_a_slot_frees(
    browser: Browser, tmp_path: Path
) -> None:
    server = Server(tmp_path, "--max-games", "1").start()
    contexts = [browser.new_context(viewport={"width": 1000, "height": 900}) for _ in range(2)]
    try:
        first, second = (context.new_page() for context in contexts)
        register(first, server, "Ona")
        first.click("#play")
        wait_for_text(first, "New game")
        register(second, server, "Pip")
        second.click("#play")
        expect(second.locator("#state")).to_contain_text(
            "The server is full (1 playing); trying again in 2 s", timeout=TIMEOUT
        )
        expect(second.locator("#state")).to_contain_text(  # tried, and waits longer
            "The server is full (1 playing); trying again in 4 s", timeout=TIMEOUT
        )
        first.click("#leave")  # Ona's game keeps its slot only while nobody needs it
        wait_for_text(second, "New game")
        expect(second.locator("#state")).to_have_text("Playing as pip")
    finally:
        for context in contexts:
            context.close()
        server.stop()


def test_keys_typed_while_the_server_is_down_wait_and_are_sent_after(
    browser: Browser, tmp_path: Path
) -> None:
    server = Server(tmp_path).start()
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        page = context.new_page()
        register(page, server, "Wes")
        page.click("#play")
        wait_for_text(page, "New game")
        page.keyboard.press("Enter")
        wait_for_text(page, "Turn 0")
        server.kill()  # the server and the game, at once
        expect(page.locator("#state")).to_have_text("Connection lost; reconnecting...")
        for _ in range(3):
            page.keyboard.press(".")
        expect(page.locator("#waiting")).to_have_text("3 keys wait; sent when the game is back.")
        server.start()  # the game continues from its journal, then gets the three keys
        wait_for_text(page, "Turn 3")
        expect(page.locator("#waiting")).to_have_text("")
    finally:
        context.close()
        server.stop()


def test_watch_a_game_and_chat_with_its_player(browser: Browser, server: Server) -> None:
    contexts = [browser.new_context(viewport={"width": 1000, "height": 900}) for _ in range(2)]
    try:
        player, watcher = (context.new_page() for context in contexts)
        register(player, server, "Vic")
        player.click("#play")
        wait_for_text(player, "New game")
        player.keyboard.press("Enter")
        wait_for_text(player, "Turn 0")
        register(watcher, server, "Wren")
        watcher.click("#games a:text('vic')")
        wait_for_text(watcher, "Turn 0")
        expect(player.locator("#watchers")).to_have_text("Watching: wren.")
        expect(watcher.locator("#mute")).to_be_hidden()

        watcher.fill("#chat-text", "hello <b>there</b>")
        watcher.press("#chat-text", "Enter")
        expect(player.locator("#chat-log li")).to_have_text(["wren: hello <b>there</b>"])
        assert player.locator("#chat-log b").count() == 0  # text, never HTML

        # The game has the keys, Tab too; Ctrl+M gives them back to the page.
        assert player.evaluate("document.activeElement.id") == "screen"
        player.keyboard.press("Tab")
        assert player.evaluate("document.activeElement.id") == "screen"
        player.keyboard.press("Control+m")
        assert player.evaluate("document.activeElement.id") == "leave"
        player.keyboard.press("Tab")
        assert player.evaluate("document.activeElement.id") == "chat-text"
        player.fill("#chat-text", "hi")
        player.press("#chat-text", "Enter")
        expect(watcher.locator("#chat-log li").last).to_have_text("vic (playing): hi")
        assert "Turn 0" in screen(player)  # typing in the chat moved nobody

        player.click("#mute")
        expect(watcher.locator("#note")).to_have_text("The chat is muted.")
        watcher.fill("#chat-text", "again")
        watcher.press("#chat-text", "Enter")
        expect(watcher.locator("#note")).to_have_text("The player has muted the chat.")
        expect(player.locator("#chat-log li")).to_have_count(2)

        player.locator("#screen").click()  # back to the game
        player.keyboard.press(".")
        wait_for_text(player, "Turn 1")
        watcher.close()
        expect(player.locator("#watchers")).to_have_text("Nobody is watching.")
    finally:
        for context in contexts:
            context.close()


def test_the_hall_of_fame_a_morgue_and_a_replay_are_pages(
    browser: Browser, server: Server, page: Page
) -> None:
    cookie = post(server, "/api/register", {"name": "Yul", "password": "long enough"})[2]

    async def die() -> int:
        async with connect(server, "/ws/play", cookie, "yulpage1") as ws:
            return await play_to_death(Client(ws, "yulpage1"))

    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
        turns = thread.submit(asyncio.run, die()).result()
    page.goto(server.url + "/#hall")
    row = page.locator("#hall-table tbody tr", has_text="yul")
    expect(row).to_contain_text(str(turns))
    game_id = row.locator("a", has_text="morgue").get_attribute("href")
    assert game_id is not None and game_id.startswith("#morgue=")

    row.locator("a", has_text="morgue").click()
    expect(page.locator("#records-title")).to_have_text(re.compile(r"^Morgue: yul, .*"))
    expect(page.locator("#morgue-text")).to_contain_text(f"Seed: {SEED}")

    page.goto(server.url + "/" + game_id.replace("morgue", "replay"))  # a link of its own
    wait_for_text(page, "REPLAY")
    page.click("#replay-pause")
    wait_for_text(page, "REPLAY paused")
    page.fill("#replay-turn", "40")
    page.click("#replay-jump button")
    wait_for_text(page, "Jumped to turn")
    jumped = turn(page)
    assert 40 <= jumped <= 42
    page.click("#replay-step")
    page.wait_for_function(  # one command on: a turn later
        "t => window.emberdeep.text().some(l => { const m = /Turn (\\d+)/.exec(l); "
        "return m !== null && Number(m[1]) > t; })",
        arg=jumped,
    )
    page.fill("#replay-turn", "5")  # back: played again from the start
    page.click("#replay-jump button")
    wait_for_text(page, "Jumped to turn 5.")
    assert turn(page) == 5
    assert "REPLAY paused" in screen(page)


def test_the_daily_game_once_a_day_with_its_own_results(
    browser: Browser, server: Server, page: Page
) -> None:
    register(page, server, "Zed")
    expect(page.locator("#daily-day")).to_have_text(daily.today())
    expect(page.locator("#daily-line a")).to_have_css("color", "rgb(255, 140, 40)")  # legible
    page.click("#daily-play")
    wait_for_text(page, "Turn 0")  # straight into the game: no title screen, no choice
    expect(page.locator("#state")).to_have_text("Playing as zed~daily")
    page.keyboard.press(".")  # played in the page
    wait_for_text(page, "Turn 1")
    cookie = next(c for c in page.context.cookies() if c["name"] == "emberdeep_session")
    session = f"emberdeep_session={cookie['value']}"
    seed = daily.seed_for(daily.today())

    async def finish() -> tuple[int, str]:
        async with connect(server, "/ws/play?daily=1", session, "zedpage1") as ws:
            turns = await play_to_death(Client(ws, "zedpage1"), daily=seed, waited=1)
            while (message := await Client(ws, "zedpage1").next())["t"] != "ended":
                pass
        async with connect(server, "/ws/play?daily=1", session, "zedpage2") as again:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await Client(again, "zedpage2").next()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4009
        return turns, message["why"]

    with ThreadPoolExecutor(1) as thread:
        turns, why = thread.submit(asyncio.run, finish()).result()
    assert why == "Today's daily game is over; see the daily results."
    page.goto(server.url + "/")
    expect(page.locator("#daily-played")).to_be_visible()
    expect(page.locator("#daily-play")).to_be_hidden()
    page.click("#daily-line a")
    expect(page.locator("#records-title")).to_have_text(
        f"Daily results, {daily.today()} (UTC), seed {seed}"
    )
    row = page.locator("#hall-table tbody tr", has_text="zed")
    expect(row).to_contain_text(str(turns))
    page.goto(server.url + "/#hall")  # in the hall of fame too
    expect(page.locator("#hall-table tbody tr", has_text="zed")).to_have_count(1)


def test_the_screen_reader_mode(server: Server, page: Page) -> None:
    register(page, server, "Abe")
    page.check("#reader-mode")
    page.click("#play")
    wait_for_text(page, "New game")
    expect(page.locator("#around")).to_have_text(["Not in a game: the screen shows a menu."])
    page.keyboard.press("Enter")
    wait_for_text(page, "Turn 0")
    expect(page.locator("#around li").first).to_have_text(
        "Depth 1, turn 0, health 30 of 30. You are fed (2150 turns of food left)."
    )
    expect(page.locator("#around li").nth(1)).to_have_text("Stairs up: here.")  # nearest first
    before = page.locator("#live li").count()
    page.keyboard.press(">")  # no stairs here: the game says so, in the log
    expect(page.locator("#live li")).to_have_count(before + 1)
    said = page.locator("#live li").last.inner_text()
    assert said in screen(page)  # the words of the log on the screen
    snapshot = page.locator("#reader").aria_snapshot()
    assert '- list "New messages"' in snapshot or 'log "New messages"' in snapshot, snapshot
    assert said in snapshot and "Depth 1, turn 0, health 30 of 30." in snapshot
    # The documented key gives the keys back to the page, and again to the game.
    page.keyboard.press("Control+m")
    assert page.evaluate("document.activeElement.id") == "leave"
    page.keyboard.press("Control+m")
    assert page.evaluate("document.activeElement.id") == "screen"


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
    box = page.locator("#view").bounding_box()
    pad = page.locator("#pad").bounding_box()
    assert box is not None and pad is not None
    assert box["width"] >= 0.9 * 390 - 16 and box["y"] + box["height"] <= pad["y"] + 1
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    tap(page, "kp_2")  # down to "New game with a seed"
    tap(page, "enter")
    wait_for_text(page, "seed")
    page.keyboard.type(PAD_SEED)  # the phone's own keyboard: the seed is typed text
    tap(page, "enter")
    wait_for_text(page, "Turn 0")
    assert player_in_view(page)
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
    assert player_in_view(page)  # the view followed the player all the way down
    context.close()


READABLE_CELL = 14
"""CSS pixels a console cell is tall on a phone at least (about a 12 px monospace font)."""


def cell_size(page: Page) -> tuple[float, float]:
    size: list[float] = page.evaluate(
        "() => { const c = document.getElementById('screen');"
        " return [c.clientWidth / 100, c.clientHeight / 52]; }"
    )
    return size[0], size[1]


def player_in_view(page: Page) -> bool:
    """Whether the player's "@" is inside the part of the console the view shows."""
    lines = screen(page).split("\n")
    y = next(row for row, line in enumerate(lines[:MAP_ROWS]) if "@" in line[SIDEBAR:])
    x = lines[y].index("@", SIDEBAR)
    width, height = cell_size(page)
    shown: list[float] = page.evaluate(
        "() => { const v = document.getElementById('view');"
        " return [v.scrollLeft, v.scrollTop, v.clientWidth, v.clientHeight]; }"
    )
    left, top, view_width, view_height = shown
    return (
        left <= x * width and (x + 1) * width <= left + view_width
        and top <= y * height and (y + 1) * height <= top + view_height
    )  # fmt: skip


def test_a_phone_shows_the_console_readable_following_the_player_and_whole_on_asking(
    browser: Browser, server: Server
) -> None:
    """390x844: fitting 100 columns would make a cell 3.9 x 7.8 pixels; the phone shows
    it at a readable size in a view that pans, keeps the player and any open box in it,
    the sidebar's first rows in its corner, and the whole console on "Whole"."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    register(page, server, "Reader")
    page.click("#play")
    wait_for_text(page, "New game with a seed")
    width, height = cell_size(page)
    assert height >= READABLE_CELL and width >= READABLE_CELL / 2
    tap(page, "enter")
    wait_for_text(page, "Turn 0")
    assert player_in_view(page)
    for key in ["kp_6", "kp_6", "kp_6", "kp_2", "kp_2", "kp_4"]:  # moves, or bumps: either way
        tap(page, key)
        assert player_in_view(page)
    page.evaluate("() => document.getElementById('view').scrollTo(800, 0)")  # swipe away
    page.wait_for_function("() => !document.getElementById('status').hidden")
    status = page.locator("#status").bounding_box()
    assert status is not None and status["height"] >= 4 * READABLE_CELL - 1
    tap(page, "i")  # a box opens: the view shows it, from its left where it is wide
    wait_for_text(page, "Select an item to use")
    lines = screen(page).split("\n")
    row = next(y for y, line in enumerate(lines) if "Select an item to use" in line)
    left = lines[row].index("\u250c") if "\u250c" in lines[row] else None
    scroll_left = page.evaluate("() => document.getElementById('view').scrollLeft")
    assert left is not None and abs(scroll_left - left * cell_size(page)[0]) <= cell_size(page)[0]
    tap(page, "escape")
    page.locator("#whole").tap()  # the whole console, small, and back
    page.wait_for_function(
        "() => document.getElementById('screen').clientWidth"
        " <= document.getElementById('view').clientWidth"
    )
    assert cell_size(page)[1] < READABLE_CELL
    page.locator("#whole").tap()
    page.wait_for_function("() => document.getElementById('screen').clientHeight / 52 >= 14")
    assert player_in_view(page)
    context.close()
