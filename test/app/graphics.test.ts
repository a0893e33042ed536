// The drawing contract's TypeScript implementation against what Espruino's Graphics does (its source,
// libs/graphics/: graphics.c, jswrap_graphics.c, lcd_arraybuffer.c), checked against plain reference
// drawings made from the fonts' own data (font.ts), not from the converted strings.

import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { PageGraphics } from "../../firmware/gfx/graphics";
import { SMALL_FONT, LARGE_FONT, ICON_FONT, FLAG_CHAR } from "../../firmware/gfx/fonts";
import { type Font, SMALL, LARGE, FLAG } from "../../firmware/gfx/font";
import { textWidth, useFont } from "../../firmware/gfx/gfx";
import { getPixel, frameToText } from "../../firmware/gfx/frame";

function on(g: PageGraphics): string[] {
  const out: string[] = [];
  for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) if (getPixel(g.frame, x, y)) out.push(x + "," + y);
  return out;
}

/** The glyph of code in a page-layout font, or -1. */
function glyph(font: Font, code: number): number {
  if (code >= font.first && code < font.first + font.count) return code - font.first;
  const e = font.extra.indexOf(String.fromCharCode(code));
  return e >= 0 ? font.count + e : -1;
}

/** Text as Espruino draws it, the slow way: every set bit of every glyph a scale×scale square; a glyph
 *  skipped unless x > -width*scale, x < 127, y > -height and y <= 63; a character not in the font 0 wide. */
function reference(x: number, y: number, text: string, font: Font, scale: number): string[] {
  const set = new Set<string>();
  let cx = x;
  for (const ch of text) {
    const g = glyph(font, ch.charCodeAt(0));
    if (g < 0) continue;
    const width = (font.widths[g] + font.spacing) * scale;
    if (cx > -width && cx < 127 && y > -font.pages * 8 * scale && y <= 63) {
      for (let c = 0; c < font.widths[g]; c++) {
        for (let row = 0; row < font.pages * 8; row++) {
          if (!(font.data[font.offsets[g] + c * font.pages + (row >> 3)] & (1 << (row & 7)))) continue;
          for (let dx = 0; dx < scale; dx++) {
            for (let dy = 0; dy < scale; dy++) {
              const px = cx + c * scale + dx;
              const py = y + row * scale + dy;
              if (px >= 0 && px < 128 && py >= 0 && py < 64) set.add(px + "," + py);
            }
          }
        }
      }
    }
    cx += width;
  }
  return [...set].sort((a, b) => {
    const [ax, ay] = a.split(",").map(Number);
    const [bx, by] = b.split(",").map(Number);
    return ay - by || ax - bx;
  });
}

describe("Graphics in TypeScript, as Espruino's", () => {
  it("lays pixels out as the SSD1306 pages: (5, 10) is bit 2 of byte 133", () => {
    const g = PageGraphics.frame();
    g.fillRect(5, 10, 5, 10);
    expect(g.frame[133]).toBe(4);
    expect(g.frame.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it("fills the inclusive rectangle, corners in either order, clipped, and grows the modified area by what it drew", () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 170 }), fc.integer({ min: -20, max: 90 }), fc.integer({ min: -40, max: 170 }), fc.integer({ min: -20, max: 90 }), (x1, y1, x2, y2) => {
        const g = PageGraphics.frame();
        g.fillRect(x1, y1, x2, y2);
        const [ax, bx] = [Math.max(0, Math.min(x1, x2)), Math.min(127, Math.max(x1, x2))];
        const [ay, by] = [Math.max(0, Math.min(y1, y2)), Math.min(63, Math.max(y1, y2))];
        for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) if (getPixel(g.frame, x, y) !== (x >= ax && x <= bx && y >= ay && y <= by)) return false;
        const m = g.getModified(true);
        if (ax > bx || ay > by) return m === undefined;
        return JSON.stringify(m) === JSON.stringify({ x1: ax, y1: ay, x2: bx, y2: by }) && g.getModified() === undefined;
      }),
    );
  });

  it("clears with colour 0, outlines with drawRect, and clear() empties the frame and marks all of it", () => {
    const g = PageGraphics.frame();
    g.fillRect(0, 0, 127, 63);
    g.setColor(0).fillRect(10, 10, 20, 20);
    expect(getPixel(g.frame, 10, 10)).toBe(false);
    expect(getPixel(g.frame, 9, 10)).toBe(true);
    g.clear();
    expect(on(g)).toEqual([]);
    expect(g.getModified(true)).toEqual({ x1: 0, y1: 0, x2: 127, y2: 63 });
    g.setColor(1).drawRect(2, 3, 5, 5);
    expect(on(g)).toEqual(["2,3", "3,3", "4,3", "5,3", "2,4", "5,4", "2,5", "3,5", "4,5", "5,5"]);
  });

  it("draws text of either font at any scale and place exactly as Espruino's custom fonts do", () => {
    const chars = [..." 09:#ABgjpqy|_~", "\xd7", "\u20ac", "\x7f"];
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: -80, max: 100 }),
        fc.array(fc.constantFrom(...chars), { maxLength: 14 }).map((a) => a.join("")),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom("small", "large"),
        (x, y, text, scale, name) => {
          const g = PageGraphics.frame();
          useFont(g, name === "small" ? SMALL_FONT : LARGE_FONT, scale);
          g.drawString(text, x, y);
          return JSON.stringify(on(g)) === JSON.stringify(reference(x, y, text, name === "small" ? SMALL : LARGE, scale));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("skips a glyph that starts in the last column, as Espruino's clip test does", () => {
    const g = PageGraphics.frame();
    useFont(g, SMALL_FONT, 1);
    g.drawString("|", 125, 0); // "|" is ink in its third column only: x 127
    expect(on(g).length).toBe(7);
    g.clear().drawString("W", 127, 0);
    expect(on(g)).toEqual([]);
  });

  it("measures text as glyph and blank column times the scale; a character not in the font is 0 wide and drawn as nothing", () => {
    const g = PageGraphics.frame();
    useFont(g, LARGE_FONT, 1);
    expect(g.stringWidth("1:05:09")).toBe(61);
    expect(textWidth(g, "1:05:09", 1)).toBe(60); // 5 digits of 10, 2 colons of 2, 6 gaps of 1
    useFont(g, SMALL_FONT, 2);
    expect(g.stringWidth("ab\u20ac\x7f")).toBe(24);
    expect(g.stringWidth("abc\nd")).toBe(36);
    g.drawString("\u20ac\x7f", 0, 0);
    expect(on(g)).toEqual([]);
  });

  it("draws text in colour 0 as holes in what is there (the lit bar, the menu's cursor)", () => {
    const g = PageGraphics.frame();
    g.fillRect(0, 0, 20, 8);
    useFont(g, SMALL_FONT, 1);
    g.setColor(0).drawString("B", 2, 1);
    const lit = PageGraphics.frame();
    useFont(lit, SMALL_FONT, 1);
    lit.drawString("B", 2, 1);
    for (let y = 0; y < 9; y++) for (let x = 0; x < 21; x++) expect(getPixel(g.frame, x, y)).toBe(!getPixel(lit.frame, x, y));
  });

  it("starts a new line at \\n, back at the first x", () => {
    const a = PageGraphics.frame();
    useFont(a, SMALL_FONT, 1);
    a.drawString("AB\nC", 4, 2);
    const b = PageGraphics.frame();
    useFont(b, SMALL_FONT, 1);
    b.drawString("AB", 4, 2).drawString("C", 4, 10);
    expect(frameToText(a.frame)).toBe(frameToText(b.frame));
  });

  it("has a distinct glyph for every printable ASCII character and the multiplication sign, and icons as glyphs", () => {
    const shapes = new Set<string>();
    for (const ch of [...Array(94).keys()].map((i) => String.fromCharCode(33 + i)).concat("\xd7")) {
      const g = PageGraphics.frame();
      useFont(g, SMALL_FONT, 1);
      g.drawString(ch, 0, 0);
      shapes.add(frameToText(g.frame));
    }
    expect(shapes.size).toBe(95);
    const g = PageGraphics.frame();
    useFont(g, ICON_FONT, 1);
    g.drawString(FLAG_CHAR, 3, 5);
    const want: string[] = [];
    for (let y = 0; y < 8; y++) for (let c = 0; c < FLAG.width; c++) if (FLAG.data[c] & (1 << y)) want.push(3 + c + "," + (5 + y));
    expect(on(g)).toEqual(want);
  });
});
