// The drawing contract (gfx.ts) in TypeScript, for the simulator, the browser and the tests: what
// Espruino 2v29's Graphics does on a 1-bit array buffer, operation by operation, so that a frame drawn
// here is the frame the device draws. From Espruino's source (libs/graphics/): graphics.c
// graphicsFillRectDevice (corners sorted, clipped, the modified area grown, then filled),
// graphicsDrawRect (four filled lines), jswrap_graphics.c jswrap_graphics_drawString (custom 1 bpp
// fonts: a glyph is skipped unless x > -width*scale, x < width-1, y > -height and y <= height-1; each
// set bit is a scale×scale fillRect; "\n" starts a new line), _jswrap_graphics_getCharWidth and
// stringMetrics (width of a character outside the font: 0), getModified, and lcd_arraybuffer.c's
// pixel layout (vertical_byte: bit (x + (y >> 3) * w) * 8 + (y & 7); msb reverses the bit in the byte).
// The test double's Graphics (test/double/display.ts) is this same code. Only what the firmware draws
// with is here: no vector fonts, images, rotation or clip rectangles.

import type { Area, Gfx } from "./gfx";

export interface GraphicsOptions {
  vertical_byte?: boolean;
  msb?: boolean;
}

const NONE_MIN = 32767;
const NONE_MAX = -32768;

export class PageGraphics implements Gfx {
  buffer: ArrayBuffer;
  readonly width: number;
  readonly height: number;
  private bytes: Uint8Array;
  readonly options: GraphicsOptions;
  private vertical: boolean;
  private msb: boolean;
  private fg = 1;
  private bg = 0;
  private modMinX = NONE_MIN;
  private modMinY = NONE_MIN;
  private modMaxX = NONE_MAX;
  private modMaxY = NONE_MAX;
  /** The custom font, or null: no font of the project selected yet. */
  private font: { bitmap: string; first: number; widths: string; rows: number; scale: number } | null = null;

  /** 1 bit a pixel; `bytes`: an existing buffer to draw into (the test double's realm makes its own). */
  constructor(width: number, height: number, options?: GraphicsOptions, bytes?: Uint8Array) {
    this.width = width;
    this.height = height;
    this.options = options || {};
    this.vertical = !!(options && options.vertical_byte);
    this.msb = !!(options && options.msb);
    this.bytes = bytes || new Uint8Array((width * height + 7) >> 3);
    this.buffer = this.bytes.buffer as ArrayBuffer;
  }

  /** The 128×64 SSD1306 frame the device uses. */
  static frame(): PageGraphics {
    return new PageGraphics(128, 64, { vertical_byte: true, msb: false });
  }

  /** The frame's bytes (a view, not a copy). */
  get frame(): Uint8Array {
    return this.bytes;
  }

  hasFont(): boolean {
    return this.font !== null;
  }

  private setPixel(x: number, y: number, c: number): void {
    const idx = this.vertical ? (x + (y >> 3) * this.width) * 8 + (y & 7) : x + y * this.width;
    const bit = this.msb ? 0x80 >> (idx & 7) : 1 << (idx & 7);
    if (c & 1) this.bytes[idx >> 3] |= bit;
    else this.bytes[idx >> 3] &= ~bit;
  }

  /** graphicsFillRectDevice. */
  fill(x1: number, y1: number, x2: number, y2: number, c: number): void {
    if (x1 > x2) {
      const t = x1;
      x1 = x2;
      x2 = t;
    }
    if (y1 > y2) {
      const t = y1;
      y1 = y2;
      y2 = t;
    }
    if (x1 < 0) x1 = 0;
    if (y1 < 0) y1 = 0;
    if (x2 > this.width - 1) x2 = this.width - 1;
    if (y2 > this.height - 1) y2 = this.height - 1;
    if (x2 < x1 || y2 < y1) return;
    if (x1 < this.modMinX) this.modMinX = x1;
    if (x2 > this.modMaxX) this.modMaxX = x2;
    if (y1 < this.modMinY) this.modMinY = y1;
    if (y2 > this.modMaxY) this.modMaxY = y2;
    for (let y = y1; y <= y2; y++) for (let x = x1; x <= x2; x++) this.setPixel(x, y, c);
  }

  clear(): PageGraphics {
    this.fill(0, 0, this.width - 1, this.height - 1, this.bg);
    return this;
  }

  setColor(c: number): PageGraphics {
    this.fg = Number(c) & 1;
    return this;
  }

  setBgColor(c: number): PageGraphics {
    this.bg = Number(c) & 1;
    return this;
  }

  getColor(): number {
    return this.fg;
  }

  getBgColor(): number {
    return this.bg;
  }

  /** The pixel's colour, 0 outside the frame. */
  getPixel(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    const idx = this.vertical ? (x + (y >> 3) * this.width) * 8 + (y & 7) : x + y * this.width;
    return this.bytes[idx >> 3] & (this.msb ? 0x80 >> (idx & 7) : 1 << (idx & 7)) ? 1 : 0;
  }

  fillRect(x1: number, y1: number, x2: number, y2: number): PageGraphics {
    this.fill(x1 | 0, y1 | 0, x2 | 0, y2 | 0, this.fg);
    return this;
  }

  clearRect(x1: number, y1: number, x2: number, y2: number): PageGraphics {
    this.fill(x1 | 0, y1 | 0, x2 | 0, y2 | 0, this.bg);
    return this;
  }

  drawRect(x1: number, y1: number, x2: number, y2: number): PageGraphics {
    x1 |= 0;
    y1 |= 0;
    x2 |= 0;
    y2 |= 0;
    this.fill(x1, y1, x2, y1, this.fg);
    this.fill(x2, y1, x2, y2, this.fg);
    this.fill(x1, y2, x2, y2, this.fg);
    this.fill(x1, y2, x1, y1, this.fg);
    return this;
  }

  setFontCustom(bitmap: string, firstChar: number, widths: string, height: number): PageGraphics {
    if (typeof bitmap !== "string") throw new Error("Font bitmap must be a String");
    if (firstChar < 0 || firstChar > 255) throw new Error("First character out of range");
    if (typeof widths !== "string") throw new Error("the project's fonts give a width for each character");
    if (height >> 16 > 1) throw new Error("the project's fonts are 1 bpp");
    const scale = (height >> 8) & 255;
    this.font = { bitmap: bitmap, first: firstChar, widths: widths, rows: height & 255, scale: scale < 1 ? 1 : scale };
    return this;
  }

  /** _jswrap_graphics_getCharWidth for a custom font with a widths string. */
  private charWidth(ch: number): number {
    const f = this.font;
    if (!f || ch >= 256 || ch < f.first) return 0;
    const i = ch - f.first;
    return i < f.widths.length ? f.scale * f.widths.charCodeAt(i) : 0;
  }

  stringWidth(text: string): number {
    const s = String(text);
    let width = 0;
    let max = 0;
    for (let i = 0; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      if (ch === 10) {
        if (width > max) max = width;
        width = 0;
      } else width += this.charWidth(ch);
    }
    return width > max ? width : max;
  }

  drawString(text: string, x: number, y: number): PageGraphics {
    const f = this.font;
    if (!f) return this;
    const s = String(text);
    x |= 0;
    y |= 0;
    const startX = x;
    const scale = f.scale;
    const fontHeight = f.rows * scale;
    const maxX = this.width - 1;
    const maxY = this.height - 1;
    for (let i = 0; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      if (ch === 10) {
        x = startX;
        y += fontHeight;
        continue;
      }
      if (ch >= 256) continue;
      let width = 0;
      let offset = 0; // columns before this glyph in the bitmap
      if (ch >= f.first) {
        const idx = ch - f.first;
        for (let k = 0; k < idx && k < f.widths.length; k++) offset += f.widths.charCodeAt(k);
        width = idx < f.widths.length ? f.widths.charCodeAt(idx) : 0;
      }
      if (ch >= f.first && x > -width * scale && x < maxX && y > -fontHeight && y <= maxY) {
        let bit = offset * f.rows; // bits are column after column, MSB first
        for (let cx = 0; cx < width; cx++) {
          for (let cy = 0; cy < f.rows; cy++, bit++) {
            const byte = bit >> 3 < f.bitmap.length ? f.bitmap.charCodeAt(bit >> 3) : 0;
            if (byte & (0x80 >> (bit & 7))) {
              const px = x + cx * scale;
              const py = y + cy * scale;
              this.fill(px, py, px + scale - 1, py + scale - 1, this.fg);
            }
          }
        }
      }
      x += width * scale;
    }
    return this;
  }

  getModified(reset?: boolean): Area | undefined {
    const out = this.modMinX <= this.modMaxX ? { x1: this.modMinX, y1: this.modMinY, x2: this.modMaxX, y2: this.modMaxY } : undefined;
    if (reset) {
      this.modMinX = this.modMinY = NONE_MIN;
      this.modMaxX = this.modMaxY = NONE_MAX;
    }
    return out;
  }
}
