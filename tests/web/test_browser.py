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
from emberdeep.web.database import Database
from emberdeep.web.hall import Entry, Hall
from tests.web.deaths import SEED, play_to_death
from tests.web.live import Client, Server, connect, post
from tests.web.prepared import heart_by_the_way_out

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
    watcher.click("#games tr:has-text('ann') a:text('watch')")
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
    server = Server(tmp_path, "--max-games", "1", "--trusted-proxy", "127.0.0.1").start()
    contexts = [  # two addresses (as a proxy forwards them): neither has the address's share
        browser.new_context(
            viewport={"width": 1000, "height": 900},
            extra_http_headers={"X-Forwarded-For": f"203.0.113.{n}"},
        )
        for n in (1, 2)
    ]
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


def test_an_address_with_its_share_of_games_is_told_so_not_that_the_server_is_full(
    browser: Browser, tmp_path: Path
) -> None:
    server = Server(tmp_path, "--max-games", "4", "--games-per-address", "1").start()
    contexts = [browser.new_context(viewport={"width": 1000, "height": 900}) for _ in range(2)]
    try:
        first, second = (context.new_page() for context in contexts)
        register(first, server, "Ros")
        first.click("#play")
        wait_for_text(first, "New game")
        register(second, server, "Sam")  # another account, the same address
        second.click("#play")
        expect(second.locator("#state")).to_contain_text(
            "Your address already has 1 game running here; trying again in 2 s", timeout=TIMEOUT
        )
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
        watcher.click("#games tr:has-text('vic') a:text('watch')")
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
    expect(page.locator("#on-screen")).to_contain_text("New game")  # the title is read
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


@pytest.mark.parametrize(
    ("width", "height", "ratio"),
    [(1280, 800, 1), (1366, 768, 1), (1920, 1080, 1), (1280, 800, 2), (800, 900, 1)],
)
def test_the_console_is_crisp_at_common_sizes(
    browser: Browser, server: Server, width: int, height: int, ratio: int
) -> None:
    """The canvas has one pixel per device pixel it covers (the browser never rescales
    it), and its cells are the bitmap font at a whole scale or text rendered at the
    cell's size: never the bitmap scaled by a fraction (at 1280x800 it was 0.874, and
    "Health 30/30" read "3A/3A")."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=ratio
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    register(page, server, f"Crisp{width}x{ratio}")
    page.click("#play")
    wait_for_text(page, "New game")
    drawn: dict[str, Any] = page.evaluate(
        """() => { const c = document.getElementById('screen'), r = c.getBoundingClientRect();
        return { ...window.emberdeep.state.layout, backing: [c.width, c.height],
                 shown: [r.width * devicePixelRatio, r.height * devicePixelRatio],
                 bottom: r.bottom, right: r.right }; }"""
    )
    for backing, shown in zip(drawn["backing"], drawn["shown"], strict=True):
        assert abs(backing - shown) < 0.01, drawn  # a canvas pixel per device pixel
    assert drawn["dpr"] == ratio
    cell_width, cell_height = drawn["cell"]
    assert drawn["backing"] == [100 * cell_width, 52 * cell_height]
    if drawn["bitmap"]:  # the 8x16 font, each of its pixels k x k device pixels
        assert [cell_width, cell_height] == [8 * drawn["scale"], 16 * drawn["scale"]], drawn
    else:  # text at the cell's size, and at least as large as the bitmap would have been
        assert cell_height >= 13 * ratio, drawn
    assert drawn["bottom"] <= height and drawn["right"] <= width  # all of it in the page
    assert drawn["bottom"] >= 0.85 * height  # and it fills the page
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


def cell_of(text: str, glyph: str) -> tuple[int, int]:
    """Where ``glyph`` first is on the map (right of the sidebar)."""
    rows = text.split("\n")[:MAP_ROWS]
    return next(
        (row.index(glyph, SIDEBAR), y) for y, row in enumerate(rows) if glyph in row[SIDEBAR:]
    )


def toward(text: str, glyph: str) -> str:
    """The pad key that steps from @ toward ``glyph`` on the map."""
    (x, y), (px, py) = cell_of(text, glyph), cell_of(text, "@")
    return DIRECTIONS[((x > px) - (x < px), (y > py) - (y < py))]


def tap_text(page: Page, text: str) -> None:
    """A finger on the first console cell of ``text`` (the view shows it: it follows
    the open box)."""
    lines = screen(page).split("\n")
    y = next(row for row, line in enumerate(lines) if text in line)
    x = lines[y].index(text)
    width, height = cell_size(page)
    page.locator("#screen").tap(position={"x": (x + 0.5) * width, "y": (y + 0.5) * height})


def test_a_phone_wins_a_game_by_touch_alone(browser: Browser, server: Server) -> None:
    """From a save with the Ember Heart a step from the way out: drop, throw, rest,
    search, look, the character sheet, help and the stairs up, every one a finger on
    the on-screen controls or the console, at 390x844 with touch."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    register(page, server, "Thumb")
    heart_by_the_way_out(server.data, "thumb")
    page.locator("#play").tap()
    wait_for_text(page, "Turn 0")
    assert "Health 20/30" in screen(page)

    tap(page, "d")  # drop: the pack opens; a finger on the ration drops it
    wait_for_text(page, "Select an item to drop")
    tap_text(page, "Ration of Food")
    wait_for_text(page, "You drop the ration of food.")
    tap(page, "t")  # throw a dart, aimed with the arrows, beside the player
    wait_for_text(page, "Select an item to throw")
    tap_text(page, "Dart")
    wait_for_text(page, "No foe in view")
    tap(page, "kp_6")
    tap(page, "enter")
    wait_for_text(page, "You throw a dart.")
    before = turn(page)
    tap(page, "R")  # rest: with the Heart carried it cannot heal, and says so at once
    wait_for_text(page, "rest will not heal you")
    assert turn(page) == before
    before = turn(page)
    tap(page, "s")  # search: a few turns
    settle(page)
    assert turn(page) > before
    shown = {";": "Look: move the cursor", "c": "Experience: 0 / 450", "?": "Rest until healed"}
    for key, text in shown.items():  # look, the character sheet, help: open and closed
        tap(page, key)
        wait_for_text(page, text)
        tap(page, "escape")
        assert text not in settle(page)
    tap(page, toward(settle(page), "<"))  # onto the stairs, and up them with the Heart
    tap(page, "<")
    wait_for_text(page, "YOU ESCAPED WITH THE TREASURE")
    context.close()


def reader_says(page: Page, text: str) -> str:
    """The screen-reader panel's accessibility tree once it contains ``text``."""
    expect(page.locator("#on-screen")).to_contain_text(text)
    snapshot = page.locator("#reader").aria_snapshot()
    assert text in snapshot, snapshot
    return snapshot


def test_a_screen_reader_hears_each_screen_each_way_and_a_repeat_once(
    server: Server, page: Page
) -> None:
    register(page, server, "Ears")
    page.check("#reader-mode")
    heart_by_the_way_out(server.data, "ears")
    page.click("#play")
    wait_for_text(page, "Turn 0")
    ways = page.locator("#ways li")
    expect(ways).to_have_count(8)
    assert ways.first.inner_text().startswith("north: ")
    said_ways = ways.all_inner_texts()
    assert any(way.endswith(": the stairs up, next to you") for way in said_ways), said_ways
    assert any(", then a wall" in way for way in said_ways), said_ways

    for _ in range(3):  # no stairs down found: said once (a repeated refusal), heard once
        page.keyboard.press(">")
    wait_for_text(page, "explore (x) to find them")
    page.wait_for_timeout(500)  # the other two presses taken too
    assert re.search(r"\(x\d", screen(page)) is None  # no count: said once
    said = page.locator("#live li").last.inner_text()
    assert re.search(r"\(x\d", page.locator("#live").inner_text()) is None  # no count heard
    expect(page.locator("#live li", has_text=said)).to_have_count(1)
    assert page.locator("#reader").aria_snapshot().count(said) == 1

    screens = {  # each screen's own words, in the accessibility tree
        "i": ["Select an item to use", "Ember Heart"],
        "c": ["Character", "Experience: 0 / 450"],
        "?": ["Keys", "Rest until healed"],
        ";": ["Look: move the cursor"],
    }
    for key, texts in screens.items():
        page.keyboard.press(key)
        for text in texts:
            reader_says(page, text)
        page.keyboard.press("Escape")
        expect(page.locator("#on-screen")).not_to_contain_text(texts[-1])
    page.keyboard.press("d")  # the chosen line of a menu is marked
    reader_says(page, "Select an item to drop")
    page.mouse.move(0, 0)
    page.keyboard.press("ArrowDown")
    reader_says(page, "(chosen)")
    page.keyboard.press("Escape")

    text = settle(page)
    step = {v: k for k, v in DIRECTIONS.items()}[toward(text, "<")]
    page.keyboard.press(VI_KEYS[step])
    page.keyboard.press("<")
    reader_says(page, "YOU ESCAPED WITH THE TREASURE")  # the end screen is read


VI_KEYS = {(-1, -1): "y", (0, -1): "k", (1, -1): "u", (-1, 0): "h",
           (1, 0): "l", (-1, 1): "b", (0, 1): "j", (1, 1): "n"}  # fmt: skip


def test_the_lobby_is_a_sortable_table_and_the_password_has_a_page(
    server: Server, page: Page
) -> None:
    register(page, server, "Table")
    page.click("#play")
    wait_for_text(page, "New game")
    page.keyboard.press("Enter")
    wait_for_text(page, "Turn 0")
    page.goto(server.url + "/")
    row = page.locator("#games tbody tr", has_text="table")
    expect(row.locator("td")).to_have_count(7)  # player, level, depth, turn, idle, watchers, watch
    expect(page.locator("#games th").nth(1)).to_have_text("Level")
    expect(row.locator("td").nth(1)).to_have_text("1")  # the character's level
    expect(row.locator("td").nth(2)).to_have_text("1")  # depth
    for column in ("Turn", "Level"):
        header = page.locator("#games th", has_text=column)
        header.locator("button").click()
        expect(header).to_have_attribute("aria-sort", "ascending")
        header.locator("button").click()
        expect(header).to_have_attribute("aria-sort", "descending")
    row.locator("a", has_text="table").click()  # the name: the player's page
    expect(page.locator("#player-title")).to_have_text("Table")
    expect(page.locator("#player-games tbody tr").first).to_contain_text(
        re.compile("Playing now|Running, player away")
    )
    page.goto(server.url + "/")
    assert page.locator("#passform").is_hidden()  # not on the lobby: on its own page
    page.click("#account-link a")
    expect(page.locator("#passform")).to_be_visible()
    expect(page.locator("#lobby")).to_be_hidden()


def test_a_players_page_lists_their_games_morgues_and_best_scores(
    server: Server, page: Page
) -> None:
    register(page, server, "Pia")
    heart_by_the_way_out(server.data, "pia")
    hall = Hall(Database(None, server.data))
    hostile = '<img src=x onerror="document.title=1">'
    for score, day, cause in ((40, 1, "killed by a rat"), (700, 2, hostile), (90, 3, "starved")):
        entry = Entry("pia", score, day + 1, day, 100 * day, cause, 7, f"2024-06-0{day}", "1", None)
        hall.add(entry, morgue=f"the morgue of game {day}")
    page.goto(server.url + "/#hall")
    page.locator("#hall-table a", has_text="pia").first.click()  # names link to the page
    expect(page.locator("#player-title")).to_have_text("Pia")
    expect(page.locator("#player-summary")).to_have_text("3 finished games; best score 700.")
    saved = page.locator("#player-games tbody tr")
    expect(saved).to_have_count(1)
    expect(saved.locator("td").nth(0)).to_have_text("Saved")
    expect(saved.locator("td").nth(2)).to_have_text("1")  # depth
    best = page.locator("#player-best tbody tr")
    expect(best.locator("td:nth-child(2)")).to_have_text(["700", "90", "40"])
    expect(best.first).to_contain_text(hostile)  # shown as text, never as markup
    assert page.locator("#player-page img").count() == 0 and page.title() == "Emberdeep"
    morgues = page.locator("#player-morgues tbody tr")
    expect(morgues.locator("td:nth-child(2)")).to_have_text(["90", "700", "40"])  # newest first
    morgues.first.locator("a", has_text="morgue").click()
    expect(page.locator("#morgue-text")).to_have_text("the morgue of game 3")
    for name in ("nobody", "../../etc", "<b>x</b>"):
        page.goto(server.url + "/#player/" + name)
        expect(page.locator("#player-title")).to_have_text("No such player")
        expect(page.locator("#player-summary")).not_to_be_empty()
        expect(page.locator("#player-best")).to_be_hidden()
        assert page.locator("#player-page b").count() == 0
