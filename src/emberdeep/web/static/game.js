// Emberdeep in a browser: the lobby, the account form, and the game's console in a canvas.
// The protocol is described in src/emberdeep/web/protocol.py. Inputs are numbered and kept
// until the game acknowledges them, so a reconnect (or a reload: they are kept in
// sessionStorage) resends exactly those that were not applied.
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
  4003: "Log in to play.", 4004: "That game is not running.", 4029: "The server is full; try again later.",
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
  instance: saved.instance || null,
  me: null, mode: null, game: null, ws: null, live: false, stopped: null, retry: 0,
  timer: null, atlas: null, image: null, tw: 8, th: 16,
  ch: new Int32Array(W * H), fg: new Int32Array(W * H), bg: new Int32Array(W * H),
  frames: 0,
};

function remember() {
  sessionStorage.setItem("emberdeep", JSON.stringify({
    client: state.client, seq: state.seq, pending: state.pending, instance: state.instance,
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
  canvas.width = W * state.tw;
  canvas.height = H * state.th;
  fit();
}

// A tile multiplied by the foreground, as libtcod draws it (cached per tile and colour).
function glyph(code, fg) {
  const key = code * 16777216 + fg;
  let tile = tinted.get(key);
  if (tile !== undefined) return tile;
  const number = state.atlas.codes[code];
  if (number === undefined) return null;
  const { tw, th } = state;
  const sx = (number % state.atlas.columns) * tw, sy = Math.floor(number / state.atlas.columns) * th;
  tile = document.createElement("canvas");
  tile.width = tw;
  tile.height = th;
  const g = tile.getContext("2d");
  g.drawImage(state.image, sx, sy, tw, th, 0, 0, tw, th);
  g.globalCompositeOperation = "multiply";
  g.fillStyle = css(fg);
  g.fillRect(0, 0, tw, th);
  g.globalCompositeOperation = "destination-in";
  g.drawImage(state.image, sx, sy, tw, th, 0, 0, tw, th);
  if (tinted.size > 8192) tinted.clear();
  tinted.set(key, tile);
  return tile;
}

function drawCell(i) {
  const x = (i % W) * state.tw, y = Math.floor(i / W) * state.th;
  ctx.fillStyle = css(state.bg[i]);
  ctx.fillRect(x, y, state.tw, state.th);
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
    if (state.mode === "play") {
      if (state.instance !== null && m.instance !== state.instance) state.pending = [];
      state.instance = m.instance;
      acknowledge(m.acks[state.client] ?? -1);
      state.live = true;
      for (const input of state.pending) state.ws.send(JSON.stringify(input));
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
  state.frames += 1;
}

function acknowledge(seq) {
  state.pending = state.pending.filter((input) => input.s > seq);
  remember();
}

// The console fills the page: at a whole scale where that leaves little unused (text
// stays pixel-exact), else at the scale that fills (a 1920x1080 page: 1.2x, not 1x and a
// fifth of the page empty). A phone (narrow or touch) shows the on-screen controls under it.
const TOUCH = window.matchMedia("(max-width: 700px), (pointer: coarse)");
const WHOLE_ENOUGH = 0.9;

function fit() {
  document.body.classList.toggle("touch", TOUCH.matches);
  const pad = TOUCH.matches ? $("pad").offsetHeight : 0;
  const top = $("game").getBoundingClientRect().top + $("bar").offsetHeight;
  const room = [$("game").clientWidth, window.innerHeight - top - pad - 8];
  const fill = Math.max(0.1, Math.min(room[0] / canvas.width, room[1] / canvas.height));
  const whole = Math.floor(fill);
  const scale = whole >= 1 && whole / fill >= WHOLE_ENOUGH ? whole : fill;
  canvas.style.width = Math.floor(canvas.width * scale) + "px";
  canvas.style.height = Math.floor(canvas.height * scale) + "px";
}

// -- input ------------------------------------------------------------------------------

function send(message) {
  if (state.mode !== "play" || state.stopped) return;
  message.s = ++state.seq;
  state.pending.push(message);
  if (state.pending.length > 200) state.pending.shift();
  remember();
  if (state.live && state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(message));
  }
}

function keyName(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (/^Numpad[0-9]$/.test(e.code)) return "kp_" + e.code.slice(6);
  if (/^F([1-9]|1[0-2])$/.test(e.key)) return e.key.toLowerCase();
  if (e.key in NAMED) return NAMED[e.key];
  if (e.key.length === 1) return e.key;
  return null;
}

document.addEventListener("keydown", (e) => {
  if ($("game").hidden || state.mode !== "play") return;
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
canvas.addEventListener("mousemove", (e) => {
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
  canvas.focus();
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
TOUCH.addEventListener("change", fit);
// On-screen controls send the keys a keyboard would (the same commands, the same path).
for (const button of document.querySelectorAll("#pad button")) {
  button.addEventListener("click", (e) => {
    e.preventDefault();
    send({ t: "key", k: button.dataset.key });
  });
}

// -- the connection ---------------------------------------------------------------------

function setState(text) {
  $("state").textContent = text;
}

function connect() {
  const base = (location.protocol === "https:" ? "wss://" : "ws://") + location.host;
  const url = state.mode === "play"
    ? `${base}/ws/play?client=${state.client}`
    : `${base}/ws/watch?client=${state.client}&game=${encodeURIComponent(state.game)}`;
  const ws = new WebSocket(url);
  state.ws = ws;
  state.live = false;
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.t === "frame") applyFrame(m);
    else if (m.t === "hello") {
      state.retry = 0;
      state.game = m.game;
      setState(m.watching ? `Watching ${m.game}` : `Playing as ${m.game}`);
    } else if (m.t === "taken") state.stopped = FINAL_CLOSES[4001];
    else if (m.t === "ended") state.stopped = m.why;
  };
  ws.onclose = (e) => {
    if (state.ws !== ws) return;
    state.live = false;
    const final = state.stopped || FINAL_CLOSES[e.code];
    if (final) {
      state.stopped = final;
      setState(final);
      $("again").hidden = state.mode !== "play";
      return;
    }
    const delay = Math.min(5000, 250 * 2 ** state.retry++);
    setState("Connection lost; reconnecting...");
    state.timer = setTimeout(connect, delay);
  };
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
  state.mode = mode;
  state.game = game;
  state.stopped = null;
  state.retry = 0;
  $("again").hidden = true;
  $("lobby").hidden = true;
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
  $("me").textContent = state.me ? `Logged in as ${state.me}` : "";
  $("logout").hidden = !state.me;
  $("account").hidden = !!state.me;
  $("mine").hidden = !state.me;
}

async function refresh() {
  try {
    const data = await (await fetch("/api/games", { credentials: "same-origin" })).json();
    state.me = data.me;
    showMe();
    const list = $("games");
    list.replaceChildren();
    for (const g of data.games) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "#watch=" + encodeURIComponent(g.player);
      link.textContent = g.player;
      item.append(link, g.playing ? ` depth ${g.depth}, turn ${g.turn}` : " at the title screen",
        g.watchers ? `, ${g.watchers} watching` : "");
      list.append(item);
    }
    if (!data.games.length) list.innerHTML = "<li>None yet.</li>";
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

$("account").addEventListener("submit", (e) => { e.preventDefault(); account("/api/login"); });
$("register").addEventListener("click", () => account("/api/register"));
$("logout").addEventListener("click", async () => {
  await post("/api/logout", {}).catch(() => null);
  state.me = null;
  location.hash = "";
  showMe();
});
$("play").addEventListener("click", () => { location.hash = "play"; });
$("again").addEventListener("click", () => openGame("play", null));

function route() {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash === "play") openGame("play", null);
  else if (hash.startsWith("watch=")) openGame("watch", hash.slice(6));
  else {
    disconnect();
    state.mode = null;
    $("game").hidden = true;
    $("lobby").hidden = false;
    refresh();
  }
}

window.addEventListener("hashchange", route);
setInterval(() => { if (!$("lobby").hidden) refresh(); }, 3000);
refresh().then(route);

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
