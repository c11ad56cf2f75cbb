// Emberdeep in a browser: the lobby, the account page, a player's page, the hall of fame,
// and the game's console in a canvas.
// The protocol is described in src/emberdeep/web/protocol.py. Inputs are numbered and kept
// until the game acknowledges them, so a reconnect (or a reload: they are kept in
// sessionStorage) resends exactly those that were not applied. Keys typed while
// disconnected wait (the page says how many) and are sent once the game is back, even to a
// new worker (a restarted server): only inputs sent to an earlier worker are dropped, as
// that worker may have applied them.
"use strict";

const W = 100, H = 52;  // render.SCREEN_WIDTH, SCREEN_HEIGHT
const NAMED = {
  ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  Home: "home", End: "end", PageUp: "pageup", PageDown: "pagedown", Enter: "enter",
  Escape: "escape", Tab: "tab", Backspace: "backspace", Delete: "delete", Insert: "insert",
  Clear: "clear",
};
const FINAL_CLOSES = {
  4000: "The game is closed.", 4001: "This game was opened in another page.",
  4003: "Log in to play.", 4004: "That game is not running.",
  4009: "You have played today's daily game; see the daily results.",
  1003: "The server refused a message.", 1008: "The server refused the connection.",
};

const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const ctx = canvas.getContext("2d");

function randomId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// What survives a reload: this page's id, its numbering, and inputs not yet applied.
const saved = JSON.parse(sessionStorage.getItem("emberdeep") || "{}");
const state = {
  client: saved.client || randomId(),
  seq: saved.seq || 0,
  pending: saved.pending || [],
  unsent: saved.unsent || [],  // numbers of pending inputs never sent to any worker
  instance: saved.instance || null,
  me: null, mode: null, game: null, ws: null, live: false, stopped: null, retry: 0, fullRetry: 0,
  timer: null, atlas: null, image: null, tw: 8, th: 16, players: new Set([64]),
  layout: { bitmap: true, scale: 1, cell: [8, 16], dpr: 1 },
  whole: false, followed: null,
  ch: new Int32Array(W * H), fg: new Int32Array(W * H), bg: new Int32Array(W * H),
  frames: 0,
};

function remember() {
  sessionStorage.setItem("emberdeep", JSON.stringify({
    client: state.client, seq: state.seq, pending: state.pending, instance: state.instance,
    unsent: state.unsent,
  }));
}

// -- drawing ----------------------------------------------------------------------------

const tinted = new Map();
const css = (c) => "#" + c.toString(16).padStart(6, "0");

async function loadAtlas() {
  if (state.atlas) return;
  const index = await (await fetch("/atlas.json")).json();
  const image = new Image();
  image.src = "/atlas.png";
  await image.decode();
  state.atlas = index;
  state.image = image;
  [state.tw, state.th] = index.tile;
  state.players = new Set(index.player || [64]);
  for (const element of document.querySelectorAll("[data-lettered]")) heading(element);
  fit();
}

// A heading's words (``words``, else its own), in the game's font once the atlas is here
// (lettering.js); plain text until then.
function heading(element, words) {
  if (words !== undefined) element.textContent = words;
  if (state.atlas) letter(element, state.atlas, state.image, words);
}

// A cell's picture in its foreground colour at the drawn size (cached per code and
// colour; emptied when the size changes): the bitmap tile multiplied by the colour, as
// libtcod draws it, scaled by a whole number; or the font's (cells.js).
function glyph(code, fg) {
  const key = code * 16777216 + fg;
  let tile = tinted.get(key);
  if (tile !== undefined) return tile;
  const [w, h] = state.layout.cell;
  tile = state.layout.bitmap ? null : fontCell(code, css(fg), w, h);
  if (tile === null) {
    const number = state.atlas.codes[code];
    if (number === undefined) return null;
    const { tw, th } = state;
    const sx = (number % state.atlas.columns) * tw, sy = Math.floor(number / state.atlas.columns) * th;
    tile = document.createElement("canvas");
    tile.width = w;
    tile.height = h;
    const g = tile.getContext("2d");
    g.imageSmoothingEnabled = !state.layout.bitmap;  // whole scales stay pixel-exact
    g.drawImage(state.image, sx, sy, tw, th, 0, 0, w, h);
    g.globalCompositeOperation = "multiply";
    g.fillStyle = css(fg);
    g.fillRect(0, 0, w, h);
    g.globalCompositeOperation = "destination-in";
    g.drawImage(state.image, sx, sy, tw, th, 0, 0, w, h);
  }
  if (tinted.size > 8192) tinted.clear();
  tinted.set(key, tile);
  return tile;
}

function drawCell(i) {
  const [w, h] = state.layout.cell;
  const x = (i % W) * w, y = Math.floor(i / W) * h;
  ctx.fillStyle = css(state.bg[i]);
  ctx.fillRect(x, y, w, h);
  const code = state.ch[i];
  if (code !== 32 && code !== 0) {
    const tile = glyph(code, state.fg[i]);
    if (tile) ctx.drawImage(tile, x, y);
  }
}

function applyFrame(m) {
  if (m.full) {
    state.ch.set(m.ch);
    state.fg.set(m.fg);
    state.bg.set(m.bg);
    for (let i = 0; i < W * H; i++) drawCell(i);
    if (sendsInput()) {
      if (state.instance !== null && m.instance !== state.instance) {
        state.pending = state.pending.filter((input) => state.unsent.includes(input.s));
      }
      state.instance = m.instance;
      acknowledge(m.acks[state.client] ?? -1);
      state.live = true;
      for (const input of state.pending) state.ws.send(JSON.stringify(input));
      state.unsent = [];
      remember();
      showWaiting();
    }
    state.live = true;
  } else {
    const d = m.d;
    for (let k = 0; k < d.length; k += 4) {
      const i = d[k];
      state.ch[i] = d[k + 1];
      state.fg[i] = d[k + 2];
      state.bg[i] = d[k + 3];
      drawCell(i);
    }
    if (m.ack && m.ack[0] === state.client) acknowledge(m.ack[1]);
  }
  follow();
  readScreen();
  state.frames += 1;
}

function acknowledge(seq) {
  state.pending = state.pending.filter((input) => input.s > seq);
  remember();
}

// The console fills the page, drawn crisp: the bitmap font at a whole scale of device
// pixels where that fills nearly all the room, else the page's font rendered at the
// cell's size (cells.js): never a fraction of the bitmap, which garbles it (a 1280x800
// laptop: 0.87). The canvas has a pixel for each device pixel it covers, so the browser
// never rescales it. A phone (narrow or touch) shows the on-screen controls under it,
// and the console at a size that can be read (a cell at least READABLE_CELL pixels tall,
// where fitting all 100 columns on 390 would make them under 8) in a view that pans: a
// swipe moves it, it follows the player when they near its edge, and "Whole" shows the
// whole console small (again: readable).
const TOUCH = window.matchMedia("(max-width: 700px), (pointer: coarse)");
const WHOLE_ENOUGH = 0.9;
const READABLE_CELL = 14;
const SIDEBAR_COLUMNS = 20, MAP_ROWS = 45;  // ui/layout.py's full layout
const FOLLOW_MARGIN = 0.25;  // of the view: nearer its edge than this, the view re-centres

function fit() {
  document.body.classList.toggle("touch", TOUCH.matches);
  const view = $("view");
  const pad = TOUCH.matches ? $("pad").offsetHeight : 0;
  const top = view.getBoundingClientRect().top + window.scrollY;
  const room = [$("game").clientWidth, window.innerHeight - top - pad - 8];
  let wide = room[0] / W;  // CSS pixels a cell may take
  let high = Math.max(1, Math.min(room[1] / H, (wide * state.th) / state.tw));
  const zoomed = TOUCH.matches && !state.whole && high < READABLE_CELL;
  if (zoomed) [high, wide] = [READABLE_CELL, Infinity];
  const layout = cellLayout([state.tw, state.th], high, wide, WHOLE_ENOUGH);
  if (JSON.stringify(layout) !== JSON.stringify(state.layout) || canvas.width !== W * layout.cell[0]) {
    state.layout = layout;
    tinted.clear();
    canvas.width = W * layout.cell[0];
    canvas.height = H * layout.cell[1];
    if (state.atlas) for (let i = 0; i < W * H; i++) drawCell(i);
  }
  canvas.style.width = canvas.width / layout.dpr + "px";
  canvas.style.height = canvas.height / layout.dpr + "px";
  view.classList.toggle("zoomed", zoomed);
  view.style.height = zoomed ? Math.max(160, Math.floor(room[1])) + "px" : "";
  $("whole").textContent = state.whole ? "Zoom" : "Whole";
  $("whole").setAttribute("aria-pressed", String(state.whole));
  state.followed = null;
  follow();
}

// Keep what matters in a zoomed view: a box (a menu, a panel, the look box) when one is
// open, else the player (their "@" or sprite on the map), re-centred when they come near
// the view's edge or first appear; with no player and no box (the title), the middle.
function follow() {
  const view = $("view");
  if (!view.classList.contains("zoomed")) return;
  const box = openBox();
  const at = box ? null : playerCell();
  const key = box ? "box " + box.join(",") : at === null ? "none" : "at " + at;
  showStatus();
  if (key === state.followed) return;
  const first = state.followed === null || !state.followed.startsWith("at ") || at === null;
  state.followed = key;
  const cw = canvas.clientWidth / W, chh = canvas.clientHeight / H;
  if (box) {  // centred where it fits, else from its left and top: it reads from there
    const [x0, y0, x1, y1] = box;
    const left = (x1 - x0 + 1) * cw <= view.clientWidth ? ((x0 + x1 + 1) / 2) * cw - view.clientWidth / 2 : x0 * cw;
    const top = (y1 - y0 + 1) * chh <= view.clientHeight ? ((y0 + y1 + 1) / 2) * chh - view.clientHeight / 2 : y0 * chh;
    view.scrollTo(left, top);
    return;
  }
  if (at === null) {
    view.scrollTo((canvas.clientWidth - view.clientWidth) / 2, 0);
    return;
  }
  const px = ((at % W) + 0.5) * cw - view.scrollLeft, py = (Math.floor(at / W) + 0.5) * chh - view.scrollTop;
  const near = (p, size) => p < size * FOLLOW_MARGIN || p > size * (1 - FOLLOW_MARGIN);
  if (first || near(px, view.clientWidth) || near(py, view.clientHeight)) {
    view.scrollTo(view.scrollLeft + px - view.clientWidth / 2, view.scrollTop + py - view.clientHeight / 2);
  }
}

function playerCell() {
  for (let y = 0; y < MAP_ROWS; y++) {
    for (let x = SIDEBAR_COLUMNS; x < W; x++) {
      if (state.players.has(state.ch[y * W + x])) return y * W + x;
    }
  }
  return null;
}

// The first framed box on the screen (single lines, or the end screen's double ones),
// [left, top, right, bottom] in cells, or null.
const FRAMES = [[0x250c, 0x2510, 0x2514], [0x2554, 0x2557, 0x255a]];  // top left, top right, bottom left
function openBox() {
  const found = FRAMES.map((corners) => [state.ch.indexOf(corners[0]), corners])
    .filter(([start]) => start >= 0);
  if (!found.length) return null;
  const [start, corners] = found.reduce((a, b) => (b[0] < a[0] ? b : a));
  const x0 = start % W, y0 = Math.floor(start / W);
  let x1 = x0 + 1, y1 = y0 + 1;
  while (x1 < W && state.ch[y0 * W + x1] !== corners[1]) x1++;
  while (y1 < H && state.ch[y1 * W + x0] !== corners[2]) y1++;
  return [x0, y0, Math.min(x1, W - 1), Math.min(y1, H - 1)];
}

// With the sidebar out of a zoomed view, its first rows (depth, health, level, power)
// stay in its corner, copied from the screen.
const STATUS_ROWS = 4;
function showStatus() {
  const view = $("view"), status = $("status");
  const cw = canvas.clientWidth / W;
  const hidden = !view.classList.contains("zoomed") || view.scrollLeft < SIDEBAR_COLUMNS * cw * 0.5;
  status.hidden = hidden;
  if (hidden) return;
  const [cellWidth, cellHeight] = state.layout.cell;
  const w = SIDEBAR_COLUMNS * cellWidth, h = STATUS_ROWS * cellHeight;
  if (status.width !== w || status.height !== h) [status.width, status.height] = [w, h];
  status.style.width = w / state.layout.dpr + "px";
  status.style.height = h / state.layout.dpr + "px";
  status.getContext("2d").drawImage(canvas, 0, 0, w, h, 0, 0, w, h);
}

// -- input ------------------------------------------------------------------------------

// The modes in which this page's keys go to a game: its own, the daily one, a replay.
const sendsInput = () => ["play", "daily", "replay"].includes(state.mode);

function send(message) {
  if (!sendsInput() || state.stopped) return;
  message.s = ++state.seq;
  state.pending.push(message);
  if (state.pending.length > 200) state.pending.shift();
  if (state.live && state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(message));
  } else {
    state.unsent.push(message.s);
    showWaiting();
  }
  remember();
}

// While disconnected: how many inputs wait to be sent.
function showWaiting() {
  const count = state.live ? 0 : state.pending.filter((i) => state.unsent.includes(i.s)).length;
  $("waiting").textContent = count === 0 ? ""
    : `${count} ${count === 1 ? "key waits" : "keys wait"}; sent when the game is back.`;
}

function keyName(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (/^Numpad[0-9]$/.test(e.code)) return "kp_" + e.code.slice(6);
  if (/^F([1-9]|1[0-2])$/.test(e.key)) return e.key.toLowerCase();
  if (e.key in NAMED) return NAMED[e.key];
  if (e.key.length === 1) return e.key;
  return null;
}

// Ctrl+M gives focus back to the page (its links, the chat), since the game takes every
// key, Tab included, while the screen has focus; Ctrl+M again, or a click on the screen,
// gives it back to the game. The screen is not a Tab stop, so Tab walks the page.
const LEAVE_KEY = (e) => e.ctrlKey && !e.altKey && !e.metaKey && e.key.toLowerCase() === "m";

let released = false;  // Ctrl+M gave the keys to the page
canvas.addEventListener("focus", () => { released = false; });
const EDITING = ["INPUT", "TEXTAREA", "SELECT"];

document.addEventListener("keydown", (e) => {
  if ($("game").hidden) return;
  if (LEAVE_KEY(e)) {
    e.preventDefault();
    if (released) canvas.focus();
    else {
      released = true;
      $("leave").focus();
    }
    return;
  }
  if (!sendsInput() || released || EDITING.includes(document.activeElement.tagName)) return;
  const key = keyName(e);
  if (key === null) return;
  e.preventDefault();
  send({ t: "key", k: key });
});

function cellAt(e) {
  const rect = canvas.getBoundingClientRect();
  const x = Math.floor(((e.clientX - rect.left) / rect.width) * W);
  const y = Math.floor(((e.clientY - rect.top) / rect.height) * H);
  return x >= 0 && x < W && y >= 0 && y < H ? [x, y] : null;
}

let hovered = null, moveTimer = null, wheel = 0, wheelTimer = null;
// Hovering is a mouse's: a finger's tap also makes the browser send a "mousemove" to
// where it touched, which would move a targeting cursor to the tapped menu row.
canvas.addEventListener("pointermove", (e) => {
  if (e.pointerType !== "mouse") return;
  const cell = cellAt(e);
  if (cell === null || (hovered && hovered[0] === cell[0] && hovered[1] === cell[1])) return;
  hovered = cell;
  if (moveTimer === null) {  // at most one move every 50 ms: the latest cell
    moveTimer = setTimeout(() => {
      moveTimer = null;
      send({ t: "move", x: hovered[0], y: hovered[1] });
    }, 50);
  }
});
canvas.addEventListener("mousedown", (e) => {
  const cell = cellAt(e);
  if (cell === null || e.button > 2) return;
  e.preventDefault();
  canvas.focus({ preventScroll: true });  // a tap must not make the page jump
  send({ t: "click", x: cell[0], y: cell[1], b: e.button + 1 });
});
canvas.addEventListener("contextmenu", (e) => e.preventDefault());
canvas.addEventListener("wheel", (e) => {
  e.preventDefault();
  wheel += e.deltaY < 0 ? 1 : -1;
  if (wheelTimer === null) {
    wheelTimer = setTimeout(() => {
      wheelTimer = null;
      const dy = Math.max(-10, Math.min(10, wheel));
      wheel = 0;
      if (dy !== 0) send({ t: "wheel", dy });
    }, 50);
  }
}, { passive: false });
window.addEventListener("resize", fit);
$("view").addEventListener("scroll", showStatus, { passive: true });
TOUCH.addEventListener("change", fit);
// On-screen controls send the keys a keyboard would (the same commands, the same path).
$("whole").addEventListener("click", (e) => {
  e.preventDefault();
  state.whole = !state.whole;
  fit();
});
for (const button of document.querySelectorAll("#pad button[data-key]")) {
  button.addEventListener("click", (e) => {
    e.preventDefault();
    send({ t: "key", k: button.dataset.key });
  });
}

// -- the connection ---------------------------------------------------------------------

function setState(text) {
  $("state").textContent = text;
}

// A passing word from the server (keys dropped for coming too fast), shown for a while.
let noteTimer = null;
function note(text) {
  $("note").textContent = text;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { $("note").textContent = ""; }, 4000);
}

// -- the screen-reader mode: new log lines into a live region, and what is around --------

const readerMode = () => localStorage.getItem("emberdeep-reader") === "1";
$("reader-mode").checked = readerMode();
$("reader-mode").addEventListener("change", (e) => {
  localStorage.setItem("emberdeep-reader", e.target.checked ? "1" : "0");
});

function listOf(lines) {
  return lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  });
}

function readOut(m) {
  const live = $("live");
  live.append(...listOf(m.log));
  while (live.children.length > 100) live.firstChild.remove();
  $("around").replaceChildren(...listOf(m.around));
  $("ways").replaceChildren(...listOf(m.ways || []));
}

// What the screen shows besides the map, as text for a screen reader, in a live region
// kept beside the canvas: on the map, the two rows under it, where look's and aiming's
// words go (ui/under_map.py; else the log's newest lines); the open box (a
// menu, the pack, the character sheet, help, level-up, the end screens, the look
// tooltip: each a frame on the screen), with the chosen line (drawn in another colour)
// marked; off the map with no box (the title), the whole screen. Read from the cells the page already has, so
// every screen is read as drawn, for players and watchers alike.
const FRAME = /[\u2500-\u257f]/g;
const rowText = (y, x0, x1) => {
  let line = "";
  for (let x = x0; x <= x1; x++) {
    const c = state.ch[y * W + x];
    line += c >= 32 && c < 0x10000 ? String.fromCharCode(c) : " ";
  }
  return line.replace(FRAME, " ").replace(/\s+/g, " ").trim();
};

function screenText() {
  const box = openBox();
  const lines = [];
  const onMap = rowText(0, 0, SIDEBAR_COLUMNS - 1).startsWith("Depth");
  if (onMap) for (let y = MAP_ROWS; y < MAP_ROWS + 2; y++) lines.push(rowText(y, SIDEBAR_COLUMNS, W - 1));
  if (box) {
    const [x0, y0, x1, y1] = box;
    const paper = state.bg[(y0 + 1) * W + x0 + 1];
    for (let y = y0; y <= y1; y++) {
      const text = rowText(y, x0, x1);
      if (!text) continue;
      let marked = 0;
      for (let x = x0 + 1; x < x1; x++) if (state.bg[y * W + x] !== paper) marked++;
      lines.push(y > y0 && y < y1 && marked * 2 > x1 - x0 ? `${text} (chosen)` : text);
    }
  } else if (!onMap) {
    for (let y = 0; y < H; y++) lines.push(rowText(y, 0, W - 1));
  }
  return lines.filter((line) => line);
}

let shownText = "", readTimer = null;
function readScreen() {  // after a burst of frames: once it settles
  if (!readerMode() || readTimer !== null) return;
  readTimer = setTimeout(() => {
    readTimer = null;
    const lines = screenText();
    if (lines.join("\n") === shownText) return;
    shownText = lines.join("\n");
    $("on-screen").replaceChildren(...listOf(lines));
  }, 120);
}

// -- watchers and chat (text only: lines are never parsed as HTML) ------------------------

function chatLine(m) {
  const item = document.createElement("li");
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = m.from + (m.player ? " (playing)" : "") + ": ";
  item.className = m.player ? "player" : "watcher";
  item.append(who, m.text);
  const log = $("chat-log");
  log.append(item);
  while (log.children.length > 50) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

function showWatchers(m) {
  const names = [...m.names];
  if (m.guests) names.push(m.guests === 1 ? "a guest" : `${m.guests} guests`);
  $("watchers").textContent = names.length ? `Watching: ${names.join(", ")}.` : "Nobody is watching.";
}

function sendChat(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
}

$("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("chat-text").value.trim();
  if (text) sendChat({ t: "chat", text: text.slice(0, 200) });
  $("chat-text").value = "";
});
$("mute").addEventListener("click", () => sendChat({ t: "mute", on: !state.muted }));

function connect() {
  const base = (location.protocol === "https:" ? "wss://" : "ws://") + location.host;
  const reader = readerMode() ? "&reader=1" : "";
  const url = state.mode === "play" || state.mode === "daily"
    ? `${base}/ws/play?client=${state.client}${state.mode === "daily" ? "&daily=1" : ""}${reader}`
    : state.mode === "replay"
      ? `${base}/ws/replay?client=${state.client}&id=${encodeURIComponent(state.game)}`
      : `${base}/ws/watch?client=${state.client}&game=${encodeURIComponent(state.game)}${reader}`;
  const ws = new WebSocket(url);
  state.ws = ws;
  state.live = false;
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.t === "frame") applyFrame(m);
    else if (m.t === "hello") {
      state.retry = 0;
      state.fullRetry = 0;
      state.game = m.game;
      setState(m.replay ? "Replay" : m.watching ? `Watching ${m.game}` : `Playing as ${m.game}`);
    } else if (m.t === "note") note(m.text);
    else if (m.t === "chat") chatLine(m);
    else if (m.t === "reader") readOut(m);
    else if (m.t === "watchers") showWatchers(m);
    else if (m.t === "muted") {
      state.muted = m.on;
      $("mute").textContent = m.on ? "Unmute watchers" : "Mute watchers";
      note(m.on ? "The chat is muted." : "The chat is open.");
    }
    else if (m.t === "taken") state.stopped = FINAL_CLOSES[4001];
    else if (m.t === "ended") state.stopped = m.why;
  };
  ws.onclose = (e) => {
    if (state.ws !== ws) return;
    state.live = false;
    showWaiting();
    const final = state.stopped || FINAL_CLOSES[e.code];
    if (final) {
      state.stopped = final;
      setState(final);
      $("again").hidden = state.mode !== "play";
      return;
    }
    if (e.code === 4029) {
      full(e.reason);
      return;
    }
    if (e.code === 4030) {  // another host runs the game: the cookie now routes us there
      setState(`Going to the server that runs this game (${e.reason})...`);
      state.timer = setTimeout(connect, Math.min(5000, 100 * 2 ** state.retry++));
      return;
    }
    const delay = Math.min(5000, 250 * 2 ** state.retry++);
    setState("Connection lost; reconnecting...");
    state.timer = setTimeout(connect, delay);
  };
}

// The server is full, or this address has its share of it: say which, with how many are
// playing (or watching, or open from here), and try again later, waiting longer each time
// (2 s, 4 s, ... up to a minute).
function fullSentence(reason) {
  const [kind, count] = reason.split(":");
  const many = (word) => `${count} ${word}${count === "1" ? "" : "s"}`;
  if (kind === "address") {
    if (state.mode === "watch") return `Your address is already watching ${many("game")} here`;
    if (state.mode === "replay") return `Your address already has ${many("replay")} open here`;
    return `Your address already has ${many("game")} running here`;
  }
  return `The server is full (${kind === "watching" ? count + " watching" : count + " playing"})`;
}

function full(reason) {
  const sentence = fullSentence(reason);
  let left = Math.min(60, 2 * 2 ** state.fullRetry++);
  const tell = () => setState(`${sentence}; trying again in ${left} s.`);
  tell();
  const tick = () => {
    left -= 1;
    if (left <= 0) connect();
    else {
      tell();
      state.timer = setTimeout(tick, 1000);
    }
  };
  state.timer = setTimeout(tick, 1000);
}

function disconnect() {
  clearTimeout(state.timer);
  if (state.ws) {
    const ws = state.ws;
    state.ws = null;
    ws.close();
  }
}

async function openGame(mode, game) {
  disconnect();
  if (mode !== state.mode) {  // inputs kept for one game are not for another
    state.pending = [];
    state.unsent = [];
    state.instance = null;
  }
  state.mode = mode;
  state.game = game;
  state.stopped = null;
  state.retry = 0;
  state.fullRetry = 0;
  $("again").hidden = true;
  $("mute").hidden = mode !== "play" && mode !== "daily";
  $("social").hidden = mode === "replay";
  $("reader").hidden = !readerMode() || mode === "replay";
  $("live").replaceChildren();
  $("around").replaceChildren();
  $("ways").replaceChildren();
  $("on-screen").replaceChildren();
  shownText = "";
  $("replay-controls").hidden = mode !== "replay";
  $("chat-log").replaceChildren();
  $("lobby").hidden = true;
  $("account-page").hidden = true;
  $("player-page").hidden = true;
  $("records").hidden = true;
  $("game").hidden = false;
  setState("Connecting...");
  await loadAtlas();
  fit();
  canvas.focus();
  connect();
}

// -- the lobby ----------------------------------------------------------------------------

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({ error: "The server did not answer." }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function showMe() {
  $("me").replaceChildren(...(state.me ? ["Logged in as ", playerLink(state.me)] : []));
  $("my-page").href = state.me ? "#player/" + encodeURIComponent(state.me) : "#";
  $("logout").hidden = !state.me;
  $("account").hidden = !!state.me;
  $("mine").hidden = !state.me;
  $("account-link").hidden = !state.me;
}

function idle(seconds) {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

// The lobby's table, as WebTiles has it: sorted by the column last chosen (again: the
// other way), kept across refreshes; each header says how it is sorted.
let lobbyGames = [], sortBy = "player", sortUp = true;
const SORT_KEYS = {
  player: (g) => g.player, level: (g) => (g.playing ? g.level ?? 0 : -1),
  depth: (g) => (g.playing ? g.depth : -1),
  turn: (g) => (g.playing ? g.turn : -1), idle: (g) => g.idle, watchers: (g) => g.watchers || 0,
};

function showGames() {
  const key = SORT_KEYS[sortBy];
  const games = [...lobbyGames].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : 0) * (sortUp ? 1 : -1);
  });
  const body = $("games").tBodies[0];
  body.replaceChildren();
  for (const g of games) {
    const row = document.createElement("tr");
    const who = document.createElement("span");
    who.append(playerLink(g.player.replace(DAILY_MARK, ""), g.player), g.here ? "" : " (left)");
    cell(row, who);
    cell(row, g.playing ? g.level ?? "" : "");
    cell(row, g.playing ? g.depth : "title screen");
    cell(row, g.playing ? g.turn : "");
    cell(row, idle(g.idle));
    cell(row, (g.watchers || 0) + (g.watching && g.watching.length ? ` (${g.watching.join(", ")})` : ""));
    cell(row, link("#watch=" + encodeURIComponent(g.player), "watch"));
    if (!g.here) row.className = "left";
    body.append(row);
  }
  if (!games.length) {
    const row = document.createElement("tr");
    cell(row, "None yet.");
    row.firstChild.colSpan = 7;
    body.append(row);
  }
  markColumns($("games"));
  for (const th of $("games").tHead.rows[0].cells) {
    if (!th.firstChild.dataset.sort) continue;
    const mine = th.firstChild.dataset.sort === sortBy;
    th.setAttribute("aria-sort", mine ? (sortUp ? "ascending" : "descending") : "none");
  }
}

for (const button of document.querySelectorAll("#games th button")) {
  button.addEventListener("click", () => {
    sortUp = button.dataset.sort === sortBy ? !sortUp : true;
    sortBy = button.dataset.sort;
    showGames();
  });
}

async function refresh() {
  try {
    const data = await (await fetch("/api/games", { credentials: "same-origin" })).json();
    state.me = data.me;
    showMe();
    lobbyGames = data.games;
    showGames();
    const today = await (await fetch("/api/daily", { credentials: "same-origin" })).json();
    $("daily-day").textContent = today.day;
    $("daily-play").hidden = !state.me || today.played;
    $("daily-played").hidden = !today.played;
  } catch (_) { /* the server is restarting: try again at the next refresh */ }
}

async function account(path) {
  $("account-error").textContent = "";
  try {
    const data = await post(path, { name: $("name").value, password: $("password").value });
    state.me = data.me;
    showMe();
  } catch (err) {
    $("account-error").textContent = err.message;
  }
}

// A new password (the old one first); the player's other sessions end.
$("passform").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    await post("/api/password", { old: $("old-password").value, new: $("new-password").value });
    $("pass-message").textContent = "Password changed; your other sessions are logged out.";
    $("passform").reset();
  } catch (err) {
    $("pass-message").textContent = err.message;
  }
});
$("account").addEventListener("submit", (e) => { e.preventDefault(); account("/api/login"); });
$("register").addEventListener("click", () => account("/api/register"));
$("logout").addEventListener("click", async () => {
  await post("/api/logout", {}).catch(() => null);
  state.me = null;
  location.hash = "";
  showMe();
});
$("play").addEventListener("click", () => { location.hash = "play"; });
$("daily-play").addEventListener("click", () => { location.hash = "play-daily"; });
$("again").addEventListener("click", () => openGame("play", null));

// -- records: the hall of fame, morgues, replays (each a link of its own) ------------------

function cell(row, content) {
  const td = document.createElement("td");
  if (content instanceof Node) td.append(content);
  else td.textContent = String(content);
  row.append(td);
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

// A date and time as the tables show it: to the minute ("2024-06-01 12:00").
const when = (iso) => iso.slice(0, 16).replace("T", " ");

// A player's name (or ``text``), linked to their page.
const DAILY_MARK = /~daily$/;  // daily.MARK: a player's daily game in the lobby
const playerLink = (name, text) => link("#player/" + encodeURIComponent(name), text ?? name);

// A finished game's morgue and replay links.
function papers(e) {
  const both = document.createElement("span");
  both.append(link(`#morgue=${e.id}`, "morgue"), " ", link(`#replay=${e.id}`, "replay"));
  return both;
}

// A table's rows, or one row saying there are none.
function fill(table, rows, none) {
  const body = table.tBodies[0];
  body.replaceChildren();
  for (const values of rows) {
    const row = document.createElement("tr");
    for (const value of values) cell(row, value);
    body.append(row);
  }
  if (!rows.length) {
    const row = document.createElement("tr");
    cell(row, none);
    row.firstChild.colSpan = table.tHead.rows[0].cells.length;
    body.append(row);
  }
  markColumns(table);
}

// Each cell takes its column's classes (style.css: "wide" columns are left out on a
// phone, "words" ones wrap), so a table fits a narrow screen.
function markColumns(table) {
  const heads = table.tHead.rows[0].cells;
  for (const row of table.tBodies[0].rows) {
    for (const [i, td] of [...row.cells].entries()) td.className = heads[i].className;
  }
}

// Every page but the game's hides the others (and leaves the game).
function showPage(id) {
  disconnect();
  state.mode = null;
  for (const page of ["game", "lobby", "account-page", "player-page", "records"]) {
    $(page).hidden = page !== id;
  }
}

function showRecords(title) {
  showPage("records");
  heading($("records-title"), title);
  $("hall-table").hidden = true;
  $("morgue-text").hidden = true;
}

async function showHall(path, title) {
  showRecords(title);
  const data = await (await fetch(path)).json();
  if (data.day) heading($("records-title"), `Daily results, ${data.day} (UTC), seed ${data.seed}`);
  fill($("hall-table"), data.entries.map((e, i) => [
    i + 1, playerLink(e.player), e.score, e.depth, e.level, e.turns, e.cause, when(e.date),
    papers(e),
  ]), "No finished games yet.");
  $("hall-table").hidden = false;
}

async function showMorgue(id) {
  showRecords("Morgue");
  const response = await fetch(`/api/morgue?id=${encodeURIComponent(id)}`);
  const data = await response.json();
  heading($("records-title"), response.ok
    ? `Morgue: ${data.player}, ${data.cause}, turn ${data.turns}` : data.error);
  $("morgue-text").textContent = response.ok ? data.text : "";
  $("morgue-text").hidden = !response.ok;
}

// A player's page: their games under way (running now: a link to watch; saved), their
// best scores and their finished games, each with its morgue and replay.
async function showPlayer(name) {
  showPage("player-page");
  heading($("player-title"), name);
  $("player-summary").textContent = "";
  for (const id of ["player-games", "player-best", "player-morgues"]) $(id).tBodies[0].replaceChildren();
  let response, data;
  try {
    response = await fetch(`/api/players/${encodeURIComponent(name)}`);
    data = await response.json();
  } catch (_) {
    data = { error: "The server did not answer." };
  }
  const found = response && response.ok;
  for (const part of document.querySelectorAll("#player-page .found")) part.hidden = !found;
  if (!found) {
    heading($("player-title"), "No such player");
    $("player-summary").textContent = data.error;
    return;
  }
  heading($("player-title"), data.shown);
  const best = data.best.length ? `; best score ${data.best[0].score}` : "";
  const count = data.games.length;
  $("player-summary").textContent = `${count} finished game${count === 1 ? "" : "s"}${best}.`;
  const label = (g, what) => what + (g.daily ? ` (daily${typeof g.daily === "string" ? " " + g.daily : ""})` : "");
  fill($("player-games"), [
    ...data.running.map((g) => [
      label(g, g.here ? "Playing now" : "Running, player away"),
      g.playing ? g.level ?? "" : "", g.playing ? g.depth : "title screen", g.playing ? g.turn : "",
      `idle ${idle(g.idle)}`, link("#watch=" + encodeURIComponent(g.player), "watch"),
    ]),
    ...data.saved.map((g) => [
      label(g, "Saved"), g.level ?? "?", g.depth ?? "?", g.turn ?? g.problem, when(g.saved), "",
    ]),
  ], "No game under way.");
  fill($("player-best"), data.best.map((e, i) => [
    i + 1, e.score, e.level, e.depth, e.turns, e.cause, when(e.date), papers(e),
  ]), "No finished games yet.");
  fill($("player-morgues"), data.games.map((e) => [
    when(e.date), e.score, e.level, e.depth, e.turns, e.cause, papers(e),
  ]), "No finished games yet.");
}

// The replay's controls send the replay screen's own keys (digits then g: jump to a turn).
const replayKeys = (keys) => { for (const k of keys) send({ t: "key", k }); canvas.focus(); };
$("replay-pause").addEventListener("click", () => replayKeys([" "]));
$("replay-step").addEventListener("click", () => replayKeys(["."]));
$("replay-slower").addEventListener("click", () => replayKeys(["-"]));
$("replay-faster").addEventListener("click", () => replayKeys(["+"]));
$("replay-jump").addEventListener("submit", (e) => {
  e.preventDefault();
  const turn = String(parseInt($("replay-turn").value, 10) || 0);
  replayKeys([...turn, "g"]);
});

function route() {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash === "play") openGame("play", null);
  else if (hash === "play-daily") openGame("daily", null);
  else if (hash === "daily") showHall("/api/daily", "Daily results");
  else if (hash.startsWith("watch=")) openGame("watch", hash.slice(6));
  else if (hash.startsWith("replay=")) openGame("replay", hash.slice(7));
  else if (hash === "hall") showHall("/api/hall", "Hall of fame");
  else if (hash.startsWith("morgue=")) showMorgue(hash.slice(7));
  else if (hash.startsWith("player/")) showPlayer(hash.slice(7));
  else {
    showPage(hash === "account" ? "account-page" : "lobby");
    refresh();
  }
}

window.addEventListener("hashchange", route);
setInterval(() => { if (!$("lobby").hidden) refresh(); }, 3000);
refresh().then(route);
loadAtlas();  // the headings are drawn in the game's font

// For tests and the curious: the screen as text, and how many frames were drawn.
window.emberdeep = {
  text: () => {
    const lines = [];
    for (let y = 0; y < H; y++) {
      let line = "";
      for (let x = 0; x < W; x++) {
        const c = state.ch[y * W + x];
        line += c >= 32 && c < 0x10000 ? String.fromCharCode(c) : " ";
      }
      lines.push(line);
    }
    return lines;
  },
  state,
};
