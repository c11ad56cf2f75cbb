// Headings in the game's own 8x16 bitmap font: the atlas the console is drawn with
// (atlas.py), each font pixel a whole number of device pixels, so a heading is as crisp
// as the game's screen and looks like its boxes' titles. The words stay in the page as
// text, hidden from sight (screen readers, search, copying and tests read them), and the
// pictures are hidden from screen readers. Each word is a picture of its own, so a long
// heading wraps between words on a narrow screen. game.js calls letter() once the atlas
// has loaded, and again whenever a heading's words change.
"use strict";

const LETTER_SCALE = { H1: 2 };  // CSS pixels per font pixel; 1 for the rest

function letterWord(word, colour, scale, atlas, image) {
  const [tw, th] = atlas.tile;
  const dpr = window.devicePixelRatio || 1;
  const k = Math.max(1, Math.round(scale * dpr));
  const chars = [...word];
  const picture = document.createElement("canvas");
  picture.width = chars.length * tw * k;
  picture.height = th * k;
  picture.style.width = picture.width / dpr + "px";
  picture.style.height = picture.height / dpr + "px";
  const g = picture.getContext("2d");
  g.imageSmoothingEnabled = false;
  chars.forEach((ch, i) => {
    const number = atlas.codes[ch.codePointAt(0)] ?? atlas.codes[63];  // else "?"
    if (number === undefined) return;
    const sx = (number % atlas.columns) * tw, sy = Math.floor(number / atlas.columns) * th;
    g.drawImage(image, sx, sy, tw, th, i * tw * k, 0, tw * k, th * k);
  });
  g.globalCompositeOperation = "source-in";  // the glyphs' shapes, in the heading's colour
  g.fillStyle = colour;
  g.fillRect(0, 0, picture.width, picture.height);
  return picture;
}

// Draw ``element``'s words (its text, or ``words`` given) in the bitmap font.
function letter(element, atlas, image, words) {
  const text = words ?? element.textContent;
  const said = document.createElement("span");
  said.className = "sr";
  said.textContent = text;
  const shown = document.createElement("span");
  shown.className = "lettering";
  shown.setAttribute("aria-hidden", "true");
  element.replaceChildren(said, shown);  // first, so the colour is the heading's own
  const colour = getComputedStyle(element).color;
  const scale = LETTER_SCALE[element.tagName] || (element.closest("h1") ? LETTER_SCALE.H1 : 1);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    shown.append(letterWord(word, colour, scale, atlas, image));
  }
}
