// The fonts on the device: converted by the build, once, into the strings setFontCustom takes
// (firmware/gfx/fonts.ts), and kept in a Storage file the board reads as strings mapped from flash:
// no conversion at boot and no RAM for them (decoded into arrays they cost about 1,100 jsvars; as
// string literals in the program, about 100). At the first boot of a new program (the file's name
// holds a hash of its content) the board writes the file from a base64 literal, which sits in a
// function body so that it is only read then; with too little flash it keeps the fonts in RAM instead.

import { createHash } from "node:crypto";
import type * as esbuild from "esbuild";
import { SMALL_FONT, LARGE_FONT, ICON_FONT, FLAG_CHAR, BATTERY_CHAR } from "../firmware/gfx/fonts";
import type { FontData } from "../firmware/gfx/gfx";

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
  const hash = createHash("sha256").update(Buffer.from(data, "latin1")).digest("hex").slice(0, 8);
  return { name: "gfx." + hash, data, parts };
}

/** firmware/gfx/fonts.ts as the device has it. */
export function deviceFonts(): string {
  const { name, data, parts } = fontFile();
  const sub = (id: string) => "F.substr(" + parts[id][0] + ", " + parts[id][1] + ")";
  const font = (id: string, f: FontData) => "{ bitmap: " + sub(id + ".bitmap") + ", first: " + f.first + ", widths: " + sub(id + ".widths") + ", height: " + f.height + " }";
  return `var S = require("Storage");
var NAME = ${JSON.stringify(name)};
var SIZE = ${data.length};
function data() { return atob(${JSON.stringify(Buffer.from(data, "latin1").toString("base64"))}); }
var F = S.read(NAME);
if (F === undefined || F.length !== SIZE) {
  try {
    S.list(/^gfx\\./).forEach(function (n) { S.erase(n); });
    if (S.getStats().freeBytes > SIZE + 8192) S.write(NAME, data()); // a write must never make Storage compact
  } catch (e) {}
  F = S.read(NAME);
  if (F === undefined || F.length !== SIZE) F = data();
}
export var SMALL_FONT = ${font("small", SMALL_FONT)};
export var LARGE_FONT = ${font("large", LARGE_FONT)};
export var ICON_FONT = ${font("icon", ICON_FONT)};
export var FLAG_CHAR = ${JSON.stringify(FLAG_CHAR)};
export var BATTERY_CHAR = ${JSON.stringify(BATTERY_CHAR)};
`;
}

/** esbuild: firmware/gfx/fonts.ts as the device has it (deviceFonts). */
export const fontsFromFlash: esbuild.Plugin = {
  name: "fonts-from-flash",
  setup(b) {
    b.onLoad({ filter: /[\\/]firmware[\\/]gfx[\\/]fonts\.ts$/ }, () => ({ contents: deviceFonts(), loader: "js" }));
  },
};
