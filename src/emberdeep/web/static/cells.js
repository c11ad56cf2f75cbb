// One console cell's picture, at the size the page draws it: the game's bitmap font at a
// whole scale, or, where no whole scale fits the page (a 1280x800 laptop: 0.87 of the
// bitmap's size), the page's monospace font rendered at the cell's own size in device
// pixels. Scaling the 8x16 bitmap by a fraction drops rows and columns of its pixels
// ("Health 30/30" read "3A/3A"); a font rendered for the size stays sharp. The frames'
// lines and the blocks are drawn as shapes, so boxes join whatever the font; sprites are
// pictures, scaled smoothly.
"use strict";

const CELL_FONT = '"DejaVu Sans Mono", "Noto Sans Mono", Menlo, Consolas, "Liberation Mono", monospace';
const SPRITES = 0x100000;  // ui/sprites.py SPRITE_BASE: codes from here are pictures

// Box drawing: the arms of each frame piece (up, right, down, left): 1 single, 2 double.
const ARMS = {
  0x2500: [0, 1, 0, 1], 0x2502: [1, 0, 1, 0], 0x250c: [0, 1, 1, 0], 0x2510: [0, 0, 1, 1],
  0x2514: [1, 1, 0, 0], 0x2518: [1, 0, 0, 1], 0x251c: [1, 1, 1, 0], 0x2524: [1, 0, 1, 1],
  0x252c: [0, 1, 1, 1], 0x2534: [1, 1, 0, 1], 0x253c: [1, 1, 1, 1],
  0x2550: [0, 2, 0, 2], 0x2551: [2, 0, 2, 0], 0x2554: [0, 2, 2, 0], 0x2557: [0, 0, 2, 2],
  0x255a: [2, 2, 0, 0], 0x255d: [2, 0, 0, 2], 0x2560: [2, 2, 2, 0], 0x2563: [2, 0, 2, 2],
  0x2566: [0, 2, 2, 2], 0x2569: [2, 2, 0, 2], 0x256c: [2, 2, 2, 2],
};
// Blocks: [x, y, width, height] as fractions of the cell, and the shades' opacity.
const BLOCKS = {
  0x2580: [0, 0, 1, 0.5], 0x2584: [0, 0.5, 1, 0.5], 0x2588: [0, 0, 1, 1],
  0x258c: [0, 0, 0.5, 1], 0x2590: [0.5, 0, 0.5, 1],
};
const SHADES = { 0x2591: 0.25, 0x2592: 0.5, 0x2593: 0.75 };

function frame(g, arms, w, h) {
  const t = Math.max(1, Math.round(h / 16));  // the bitmap's one pixel, at this size
  const gap = t * 2;
  const cx = Math.floor((w - t) / 2), cy = Math.floor((h - t) / 2);
  const [up, right, down, left] = arms;
  const line = (weight, vertical, from, to) => {
    const offsets = weight === 2 ? [-gap, gap] : [0];
    for (const o of offsets) {
      if (vertical) g.fillRect(cx + o, from, t, to - from);
      else g.fillRect(from, cy + o, to - from, t);
    }
  };
  const reach = (other) => (other === 2 ? gap + t : t);  // into the middle: arms meet
  if (up) line(up, true, 0, cy + reach(Math.max(left, right)));
  if (down) line(down, true, cy - (Math.max(left, right) === 2 ? gap : 0), h);
  if (left) line(left, false, 0, cx + reach(Math.max(up, down)));
  if (right) line(right, false, cx - (Math.max(up, down) === 2 ? gap : 0), w);
}

// The advance of the font's characters per pixel of its size (measured once).
let advance = null;
function fontAdvance() {
  if (advance === null) {
    const g = document.createElement("canvas").getContext("2d");
    g.font = `100px ${CELL_FONT}`;
    advance = g.measureText("M").width / 100 || 0.6;
  }
  return advance;
}

// A canvas of w x h device pixels with the character `code` in colour `colour` (a CSS
// colour), or null for codes the font mode does not draw as text (sprites).
function fontCell(code, colour, w, h) {
  if (code >= SPRITES) return null;
  const tile = document.createElement("canvas");
  tile.width = w;
  tile.height = h;
  const g = tile.getContext("2d");
  g.fillStyle = colour;
  if (code in ARMS) frame(g, ARMS[code], w, h);
  else if (code in BLOCKS) {
    const [x, y, bw, bh] = BLOCKS[code];
    g.fillRect(Math.round(x * w), Math.round(y * h), Math.round(bw * w), Math.round(bh * h));
  } else if (code in SHADES) {
    g.globalAlpha = SHADES[code];
    g.fillRect(0, 0, w, h);
  } else {
    const size = Math.max(4, Math.floor(Math.min(h * 0.9, w / fontAdvance())));
    g.font = `${size}px ${CELL_FONT}`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(String.fromCodePoint(code), w / 2, h / 2 + size * 0.05);
  }
  return tile;
}

// The cell size and how it is drawn, for a cell `target` CSS pixels tall at most (the
// page's room) and `wide` CSS pixels wide at most: the bitmap at the largest whole scale
// k of device pixels when that comes near the target (k x 16 >= `enough` of it), else
// text rendered at the target size. Returns {bitmap, scale, cell: [w, h] in device
// pixels, css: device pixels per CSS pixel}.
function cellLayout(tile, target, wide, enough) {
  const dpr = window.devicePixelRatio || 1;
  const high = Math.max(1, Math.floor(target * dpr));
  const across = Math.max(1, Math.floor(wide * dpr));
  const k = Math.min(Math.floor(high / tile[1]), Math.floor(across / tile[0]));
  if (k >= 1 && k * tile[1] >= enough * high) {
    return { bitmap: true, scale: k, cell: [tile[0] * k, tile[1] * k], dpr };
  }
  const w = Math.max(1, Math.min(across, Math.round((high * tile[0]) / tile[1])));
  return { bitmap: false, scale: 1, cell: [w, high], dpr };
}
