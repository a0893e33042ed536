// A 128x64 one-bit frame in the SSD1306 page layout ("vertical byte"): byte x + (y >> 3) * 128 holds
// column x of rows (y & ~7) … +7, bit y & 7, bit 0 at the top. The Espruino SSD1306 driver sends this
// buffer as it is, and the simulator shows the same bytes, so both see exactly the same pixels.
//
// Everything works on bytes: a glyph column at a y that is a multiple of 8 is one OR per page, at any
// other y two. Every write is clipped to the frame, so text may run off any edge.

import type { Font, Icon } from "./font";

export const WIDTH = 128;
export const HEIGHT = 64;
const PAGES = 8;

export type Frame = Uint8Array;

export function newFrame(): Frame {
  return new Uint8Array(WIDTH * PAGES);
}

export function clearFrame(f: Frame): void {
  f.fill(0);
}

export function setPixel(f: Frame, x: number, y: number, on?: boolean): void {
  if (x < 0 || x >= WIDTH || y < 0 || y >= HEIGHT) return;
  const i = x + (y >> 3) * WIDTH;
  if (on === false) f[i] &= ~(1 << (y & 7));
  else f[i] |= 1 << (y & 7);
}

export function getPixel(f: Frame, x: number, y: number): boolean {
  if (x < 0 || x >= WIDTH || y < 0 || y >= HEIGHT) return false;
  return (f[x + (y >> 3) * WIDTH] & (1 << (y & 7))) !== 0;
}

/** mode 0 clears, 1 sets, 2 inverts the clipped rectangle, a page at a time with a row mask. */
function rect(f: Frame, x: number, y: number, w: number, h: number, mode: number): void {
  const x0 = Math.max(0, x);
  const x1 = Math.min(WIDTH, x + w);
  const y0 = Math.max(0, y);
  const y1 = Math.min(HEIGHT, y + h);
  if (x0 >= x1 || y0 >= y1) return;
  for (let p = y0 >> 3; p <= (y1 - 1) >> 3; p++) {
    const top = Math.max(y0, p * 8) - p * 8;
    const bottom = Math.min(y1, p * 8 + 8) - p * 8;
    const mask = (0xff << top) & (0xff >> (8 - bottom));
    const row = p * WIDTH;
    for (let i = row + x0; i < row + x1; i++) {
      if (mode === 1) f[i] |= mask;
      else if (mode === 2) f[i] ^= mask;
      else f[i] &= ~mask;
    }
  }
}

export function fillRect(f: Frame, x: number, y: number, w: number, h: number, on?: boolean): void {
  rect(f, x, y, w, h, on === false ? 0 : 1);
}

/** Flips every pixel of the rectangle: white on black becomes black on white (whose turn it is). */
export function invertRect(f: Frame, x: number, y: number, w: number, h: number): void {
  rect(f, x, y, w, h, 2);
}

/** A one-pixel outline. */
export function drawRect(f: Frame, x: number, y: number, w: number, h: number): void {
  rect(f, x, y, w, 1, 1);
  rect(f, x, y + h - 1, w, 1, 1);
  rect(f, x, y, 1, h, 1);
  rect(f, x + w - 1, y, 1, h, 1);
}

/** ORs w columns of `pages` bytes each, from data[start], with the top-left pixel at (x, y). */
function blit(f: Frame, x: number, y: number, data: Uint8Array, start: number, w: number, pages: number): void {
  const s = y & 7; // y may be negative: >> and & still give the page below and the row in it
  const p0 = y >> 3;
  for (let c = 0; c < w; c++) {
    const xx = x + c;
    if (xx < 0 || xx >= WIDTH) continue;
    const i = start + c * pages;
    for (let k = 0; k < pages; k++) {
      const b = data[i + k];
      if (b === 0) continue;
      const p = p0 + k;
      if (p >= 0 && p < PAGES) f[xx + p * WIDTH] |= (b << s) & 0xff;
      if (s !== 0 && p + 1 >= 0 && p + 1 < PAGES) f[xx + (p + 1) * WIDTH] |= b >> (8 - s);
    }
  }
}


/** The glyph index of a character code, or the font's fallback (-1: none). */
export function glyphIndex(font: Font, code: number): number {
  const g = code - font.first;
  if (g >= 0 && g < font.count) return g;
  const e = font.extra.indexOf(String.fromCharCode(code));
  return e >= 0 ? font.count + e : font.fallback;
}

export function textWidth(text: string, font: Font, scale: number): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const g = glyphIndex(font, text.charCodeAt(i));
    if (g >= 0) w += font.widths[g] + font.spacing;
  }
  return w > 0 ? (w - font.spacing) * scale : 0;
}

/** Bytes doubled bit by bit (abc… → aabbcc…), for text at scale 2: built on first use. */
let doubled: Uint16Array | null = null;

function doubleTable(): Uint16Array {
  if (doubled) return doubled;
  const t = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    let d = 0;
    for (let k = 0; k < 8; k++) if (b & (1 << k)) d |= 3 << (2 * k);
    t[b] = d;
  }
  doubled = t;
  return t;
}

const scratch = new Uint8Array(16);

/** Scale 2: each source column becomes two columns of twice the pages, still drawn as bytes. */
function blitDouble(f: Frame, x: number, y: number, data: Uint8Array, start: number, w: number, pages: number): void {
  const t = doubleTable();
  for (let c = 0; c < w; c++) {
    for (let k = 0; k < pages; k++) {
      const d = t[data[start + c * pages + k]];
      scratch[2 * k] = d & 0xff;
      scratch[2 * k + 1] = d >> 8;
    }
    blit(f, x + 2 * c, y, scratch, 0, 1, pages * 2);
    blit(f, x + 2 * c + 1, y, scratch, 0, 1, pages * 2);
  }
}

/** Draws an icon at scale 1 or 2. */
export function drawIcon(f: Frame, x: number, y: number, icon: Icon, scale: number): void {
  if (scale === 2) blitDouble(f, x, y, icon.data, 0, icon.width, 1);
  else blit(f, x, y, icon.data, 0, icon.width, 1);
}

/** Larger scales are rare (nothing on the clock face uses them): one rectangle per pixel. */
function blitScaled(f: Frame, x: number, y: number, font: Font, g: number, scale: number): void {
  const pages = font.pages;
  const start = font.offsets[g];
  for (let c = 0; c < font.widths[g]; c++) {
    for (let row = 0; row < pages * 8; row++) {
      if (font.data[start + c * pages + (row >> 3)] & (1 << (row & 7))) rect(f, x + c * scale, y + row * scale, scale, scale, 1);
    }
  }
}

/** Draws text with its top-left corner at (x, y), ORing into the frame; returns the x after it. */
export function drawText(f: Frame, x: number, y: number, text: string, font: Font, scale: number): number {
  let cx = x;
  for (let i = 0; i < text.length; i++) {
    const g = glyphIndex(font, text.charCodeAt(i));
    if (g < 0) continue;
    const w = font.widths[g];
    if (cx < WIDTH && cx + w * scale > 0) {
      if (scale === 1) blit(f, cx, y, font.data, font.offsets[g], w, font.pages);
      else if (scale === 2) blitDouble(f, cx, y, font.data, font.offsets[g], w, font.pages);
      else blitScaled(f, cx, y, font, g, scale);
    }
    cx += (w + font.spacing) * scale;
  }
  return cx - (cx > x ? font.spacing * scale : 0);
}

/** The golden-frame text: 64 lines of 128 characters, `#` on and `.` off, each ending in a newline. */
export function frameToText(f: Frame): string {
  const lines: string[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    let line = "";
    const row = (y >> 3) * WIDTH;
    const bit = 1 << (y & 7);
    for (let x = 0; x < WIDTH; x++) line += f[row + x] & bit ? "#" : ".";
    lines.push(line);
  }
  return lines.join("\n") + "\n";
}

/** The reverse of frameToText; throws unless the text is 64 lines of 128 `#` or `.`. */
export function textToFrame(text: string): Frame {
  const lines = text.replace(/\r/g, "").split("\n");
  if (lines.length > HEIGHT && lines[lines.length - 1] === "") lines.pop();
  if (lines.length !== HEIGHT) throw new Error("a frame is " + HEIGHT + " lines, not " + lines.length);
  const f = newFrame();
  for (let y = 0; y < HEIGHT; y++) {
    const line = lines[y];
    if (line.length !== WIDTH) throw new Error("line " + (y + 1) + " is " + line.length + " characters, not " + WIDTH);
    for (let x = 0; x < WIDTH; x++) {
      const ch = line.charAt(x);
      if (ch === "#") setPixel(f, x, y, true);
      else if (ch !== ".") throw new Error("line " + (y + 1) + " has '" + ch + "' at " + (x + 1));
    }
  }
  return f;
}
