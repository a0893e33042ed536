// The project's fonts (font.ts) in the form Espruino's setFontCustom takes (gfx.ts FontData): a
// column-first, most significant bit first bitmap and one width a character, each glyph followed by
// its blank column. Made here for the simulator and the tests; for the device the build (build.ts)
// makes the same strings and ships them in a Storage file read straight from flash (build/fonts.ts),
// so the board never converts a font nor holds one in RAM.

import type { FontData } from "./gfx";
import { type Font, SMALL, LARGE, FLAG, BATTERY } from "./font";

function reversed(b: number): number {
  let r = 0;
  for (let k = 0; k < 8; k++) if (b & (1 << k)) r |= 0x80 >> k;
  return r;
}

/** A page-layout font as setFontCustom's bitmap and widths (codes from font.first to its last). */
export function fontData(font: Font): FontData {
  const codes: number[] = [];
  for (let g = 0; g < font.count; g++) codes.push(font.first + g);
  for (let e = 0; e < font.extra.length; e++) codes.push(font.extra.charCodeAt(e));
  let last = 0;
  for (const c of codes) last = Math.max(last, c);
  let bitmap = "";
  let widths = "";
  for (let code = font.first; code <= last; code++) {
    const g = codes.indexOf(code);
    if (g < 0) {
      widths += "\0"; // not in the font: drawn as nothing, 0 wide
      continue;
    }
    const w = font.widths[g];
    widths += String.fromCharCode(w + font.spacing);
    for (let c = 0; c < w; c++) {
      for (let p = 0; p < font.pages; p++) bitmap += String.fromCharCode(reversed(font.data[font.offsets[g] + c * font.pages + p]));
    }
    for (let c = 0; c < font.spacing * font.pages; c++) bitmap += "\0";
  }
  return { bitmap: bitmap, first: font.first, widths: widths, height: font.pages * 8 };
}

/** On the device, the name of the fonts' Storage file when it is not on the board (then the clock
 *  cannot draw and refuses to start); here, where the fonts are made, never. */
export const FONTS_MISSING: string = "";

/** On the device, the fonts' Storage file (the program's fingerprint covers it); none here. */
export const FONTS_FILE: string = "";

/** On the device, the speaker's volume tables as they are in that file (build/fonts.ts); the
 *  simulator has no use for them. */
export const LEVELS: string = "";

/** Icons are the glyphs of a font of their own, drawn with drawString: this character. */
export const FLAG_CHAR = "A";
export const BATTERY_CHAR = "B";

function iconFont(): FontData {
  const icons = [FLAG, BATTERY];
  let bitmap = "";
  let widths = "";
  for (const icon of icons) {
    widths += String.fromCharCode(icon.width);
    for (let c = 0; c < icon.width; c++) bitmap += String.fromCharCode(reversed(icon.data[c]));
  }
  return { bitmap: bitmap, first: FLAG_CHAR.charCodeAt(0), widths: widths, height: 8 };
}

/** Labels and menus: 6 px a character (5 and a blank), 8 rows with a descender. */
export const SMALL_FONT: FontData = fontData(SMALL);
/** The times: digits 11 px, the colon 3, 32 rows. */
export const LARGE_FONT: FontData = fontData(LARGE);
/** The flag (7 px) and the low battery (13 px), 8 rows. */
export const ICON_FONT: FontData = iconFont();
