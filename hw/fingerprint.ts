// The firmware's fingerprint, as the clock computes it on the board (E.CRC32 of each flashed file)
// and reports it (`firmware` in hello and status, on the face at boot, in the log): the CRC-32 (IEEE,
// as zlib) of each file the build made for the board, in the order dist/firmware.json names them
// (the program as flashed, saved as .bootcde; the fonts' file gfx.<hash>; the menus' file
// menu.<hash>; the link's file link.<hash>, the power-on code's boot.<hash>, the read requests'
// reads.<hash> and the arbiter's menu's arbiter.<hash>, where the build made them), each as 8 lowercase hex
// digits ("00000000" for one the build did not make), run together, then the CRC-32 of that text. A program changed on the board (at a prompt,
// or flashed from elsewhere) no longer has the fingerprint of the build it came from: goclock
// verify compares the two. Node only: the build, the flash script and the tool use it.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import zlib from "node:zlib";
import { MANIFEST, flashedFiles, type Manifest } from "./manifest";

export interface FlashedFile {
  /** Its name in the build's directory (and in the board's Storage, but the program's .bootcde). */
  name: string;
  /** Its CRC-32, 8 lowercase hex digits; "00000000" when the build has no such file. */
  crc: string;
  /** The build names it, but it is not in the directory. */
  missing: boolean;
}

export interface Fingerprint {
  fingerprint: string;
  files: FlashedFile[];
}

export function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

export function crc32(data: Buffer | string): string {
  return hex8(zlib.crc32(typeof data === "string" ? Buffer.from(data, "latin1") : data));
}

/** The fingerprint of the files' CRCs, in their order (program, fonts, menus, link, power-on code, read requests, arbiter's menu). */
export function combine(crcs: string[]): string {
  return crc32(crcs.join(""));
}

/** The fingerprint of the build in `dir` (dist/): read from its firmware.json and its files.
 *  Throws, saying what is missing, when the directory holds no build. */
export function fingerprintOf(dir: string): Fingerprint {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) throw new Error("no " + MANIFEST + " in " + dir + ": not a build (npm run build makes dist/)");
  const m = JSON.parse(readFileSync(manifestPath, "utf8")) as Partial<Manifest>;
  if (typeof m.program !== "string") throw new Error(manifestPath + " names no program");
  const files = flashedFiles(m).map((name, i): FlashedFile => {
    const label = name ?? ["program", "fonts", "menus"][i] + " (none)";
    const path = name ? join(dir, name) : "";
    if (!name || !existsSync(path)) return { name: label, crc: "00000000", missing: name !== null };
    return { name: name, crc: crc32(readFileSync(path)), missing: false };
  });
  return { fingerprint: combine(files.map((f) => f.crc)), files: files };
}
