// The drawing contract (MakeCode's pattern: one contract, two implementations). It is the part of
// Espruino's native `Graphics` that the face and the menu use, with the same names and meaning, so
// that on the device the board hands out Espruino's own object (hw/display.ts:
// `Graphics.createArrayBuffer(128, 64, 1, {vertical_byte: true, msb: false})`) and every operation
// runs in C, while the simulator and the tests draw with gfx/graphics.ts, a TypeScript copy of the
// same operations on the same 1,024-byte SSD1306 page buffer. A golden frame is therefore the very
// bytes the device shows.
//
// Text is drawn only in the project's fonts (gfx/fonts.ts, made by the build from gfx/font.ts), each
// glyph with its blank column after it, the way setFontCustom wants widths; icons are glyphs of a
// font of their own, so one drawing path (drawString) serves text and icons alike.

/** The window drawn into since the last reset: inclusive corners, as Espruino's getModified. */
export interface Area {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Gfx {
  /** The frame: 128×64, one bit a pixel, byte x + (y >> 3) * 128, bit y & 7 (bit 0 at the top). */
  buffer: ArrayBuffer;
  /** Every pixel off. */
  clear(): Gfx;
  /** 1: pixels on, 0: off, for the operations below. */
  setColor(c: number): Gfx;
  /** The inclusive rectangle (x1, y1)-(x2, y2), corners in either order, clipped to the frame. */
  fillRect(x1: number, y1: number, x2: number, y2: number): Gfx;
  /** Its one-pixel outline. */
  drawRect(x1: number, y1: number, x2: number, y2: number): Gfx;
  /** The font for drawString: a column-first, most significant bit first bitmap, the first
   *  character's code, one width a character (a string of char codes), the height in rows with the
   *  scale in bits 8-15. */
  setFontCustom(bitmap: string, firstChar: number, widths: string, height: number): Gfx;
  /** Text with its top-left corner at (x, y): the font's set pixels in the colour, the others left
   *  as they are. A character at x >= 127 is not drawn (Espruino's clip test). */
  drawString(text: string, x: number, y: number): Gfx;
  /** The sum of the characters' widths (glyph and its blank column) times the scale. */
  stringWidth(text: string): number;
  /** The area drawn into (even with the colour it had) since the last reset, or undefined. */
  getModified(reset?: boolean): Area | undefined;
}

/** A font as setFontCustom takes it. `height`: rows (a scale goes in bits 8-15 when selected). */
export interface FontData {
  bitmap: string;
  first: number;
  widths: string;
  height: number;
}

/** Selects a font at a scale. */
export function useFont(g: Gfx, f: FontData, scale: number): void {
  g.setFontCustom(f.bitmap, f.first, f.widths, f.height | (scale << 8));
}

/** The width of text in the current font at `scale`, without the blank column after the last glyph. */
export function textWidth(g: Gfx, text: string, scale: number): number {
  const w = g.stringWidth(text);
  return w > 0 ? w - scale : 0;
}

/** The inclusive rectangle x, y, w wide, h tall, in colour c; nothing when empty. */
export function box(g: Gfx, x: number, y: number, w: number, h: number, c: number): void {
  if (w <= 0 || h <= 0) return;
  g.setColor(c);
  g.fillRect(x, y, x + w - 1, y + h - 1);
}
