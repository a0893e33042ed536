// The fonts on the device: converted by the build, once, into the strings setFontCustom takes
// (firmware/gfx/fonts.ts), and kept in a Storage file the board reads as strings mapped from flash:
// no conversion at boot and no RAM for them (decoded into arrays they cost about 1,100 jsvars; as
// string literals in the program, about 100). `npm run flash` uploads the file beside the program
// (the build writes it as dist/<name>; the name holds a hash of its content, so a program finds only
// its own fonts). Without it the clock refuses to start and says so (hw/main.ts): the program does
// not carry a second copy of the fonts as base64. The same file holds the speaker's volume tables
// (firmware/levels.ts, one for each volume 1 … 10 but the stored one, 16-bit little-endian), which a Uint16Array
// views in flash: made in RAM, the one in use would take about 40 jsvars for as long as the board runs.

import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as esbuild from "esbuild";
import { SMALL_FONT, LARGE_FONT, ICON_FONT, FLAG_CHAR, BATTERY_CHAR } from "../firmware/gfx/fonts";
import type { FontData } from "../firmware/gfx/gfx";
import { levelTable, tableIndex, FULL_VOLUME, STORED_VOLUME } from "../firmware/levels";

/** The Storage file's content, and where each string of FONTS is in it. */
export function fontFile(): { name: string; data: string; parts: Record<string, [number, number]> } {
  let data = "";
  const parts: Record<string, [number, number]> = {};
  const fonts: [string, FontData][] = [["small", SMALL_FONT], ["large", LARGE_FONT], ["icon", ICON_FONT]];
  for (const [id, f] of fonts) {
    parts[id + ".bitmap"] = [data.length, f.bitmap.length];
    data += f.bitmap;
    parts[id + ".widths"] = [data.length, f.widths.length];
    data += f.widths;
  }
  if (data.length % 2) data += "\0"; // the tables at an even offset
  let levels = "";
  for (let v = 1; v <= FULL_VOLUME; v++) {
    if (v === STORED_VOLUME) continue; // played from the clip as it is
    if (levels.length !== tableIndex(v) * 512) throw new Error("volume " + v + "'s table is not where tableIndex says");
    for (const x of levelTable(v)) levels += String.fromCharCode(x & 255, x >> 8);
  }
  parts.levels = [data.length, levels.length];
  data += levels;
  const hash = createHash("sha256").update(Buffer.from(data, "latin1")).digest("hex").slice(0, 8);
  return { name: "gfx." + hash, data, parts };
}

/** Writes the fonts' Storage file beside the bundle, as `npm run flash` uploads it; its path. */
export function writeFontFile(dir: string): string {
  const { name, data } = fontFile();
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(data, "latin1"));
  return path;
}

/** firmware/gfx/fonts.ts as the device has it. */
export function deviceFonts(): string {
  const { name, data, parts } = fontFile();
  const sub = (id: string) => "F.substr(" + parts[id][0] + ", " + parts[id][1] + ")";
  const font = (id: string, f: FontData) => "{ bitmap: " + sub(id + ".bitmap") + ", first: " + f.first + ", widths: " + sub(id + ".widths") + ", height: " + f.height + " }";
  return `export var FONTS_FILE = ${JSON.stringify(name)};
var F = require("Storage").read(FONTS_FILE);
export var FONTS_MISSING = F === undefined || F.length !== ${data.length} ? FONTS_FILE : "";
if (FONTS_MISSING) F = "";
export var SMALL_FONT = ${font("small", SMALL_FONT)};
export var LARGE_FONT = ${font("large", LARGE_FONT)};
export var ICON_FONT = ${font("icon", ICON_FONT)};
export var FLAG_CHAR = ${JSON.stringify(FLAG_CHAR)};
export var BATTERY_CHAR = ${JSON.stringify(BATTERY_CHAR)};
export var LEVELS = ${sub("levels")};
`;
}

/** esbuild: firmware/gfx/fonts.ts as the device has it (deviceFonts). */
export const fontsFromFlash: esbuild.Plugin = {
  name: "fonts-from-flash",
  setup(b) {
    b.onLoad({ filter: /[\\/]firmware[\\/]gfx[\\/]fonts\.ts$/ }, () => ({ contents: deviceFonts(), loader: "js" }));
  },
};
