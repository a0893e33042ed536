// Bundles the firmware for Espruino (npm run build), then checks the bundle itself for what the
// Espruino interpreter cannot run. The steps, each in build/:
//   fonts.ts  the fonts converted for setFontCustom and kept in a Storage file;
//   consts.ts numeric constants written into the code that uses them (no global each);
//   names.ts  which property names esbuild may shorten, and the check that none of the world's was;
//   check.ts  what in the bundle Espruino would reject or run differently (shared/ESPRUINO.md).

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { bundlePage } from "./sim/web/bundle";
import { checkEspruino, type Problem } from "./build/check";
import { constantsInlined } from "./build/consts";
import { fontsFromFlash, writeFontFile } from "./build/fonts";
import { checkRenames, privateProps, publicNames, quotedNames } from "./build/names";

export { checkEspruino, regexProblem, type Problem } from "./build/check";
export { fontFile, deviceFonts } from "./build/fonts";
export { checkRenames, privateProps, publicNames, quotedNames, PUBLIC_TYPES, QUOTED_TYPES } from "./build/names";
import { flashedPath, pretokenise, writeFlashed } from "./hw/pretokenise";
import { type Manifest, MANIFEST, flashedFiles } from "./hw/manifest";
import { combine, crc32 } from "./hw/fingerprint";
import { COLD, type Cold, coldEntry, coldFileName, coldFromFiles, placeholder, sharedFromProgram, sharedNames, wrapCold } from "./build/cold";

const ROOT = dirname(fileURLToPath(import.meta.url));

/** The firmware's entry: the device app once it exists, the timing core until then. */
export const ENTRY = existsSync(join(ROOT, "hw/main.ts")) ? "hw/main.ts" : "firmware/core/index.ts";
export const OUTFILE = "dist/clock.js";
export const PAGE_OUTFILE = "dist/web/page.js";
/** A cold file as bundled (dist/<name>.js, with its map: the menus', the link's); as flashed it is
 *  dist/<name>.<hash> (build/cold.ts). */
export function coldOutfile(c: Cold): string {
  return c.name + ".js";
}

/** Espruino's own modules: left as literal `require("…")`, which the espruino CLI looks for. */
export const EXTERNALS = ["Storage", "SSD1306", "Flash", "heatshrink"];

/** false = Espruino lacks it: esbuild lowers the first group and refuses to build the second. */
export const SUPPORTED: Record<string, boolean> = {
  "optional-chain": false,
  "nullish-coalescing": false,
  "exponent-operator": false,
  "logical-assignment": false,
  "object-rest-spread": false,
  "class-field": false,
  "class-static-field": false,
  destructuring: false,
  "default-argument": false,
  "rest-argument": false,
  "array-spread": false,
  generator: false,
  "async-await": false,
  "async-generator": false,
  "for-await": false,
};

/** What the device build adds to a bundle: plugins, and the property names already shortened. */
export interface More {
  plugins?: esbuild.Plugin[];
  mangleCache?: Record<string, string>;
}

/** Bundles TypeScript source given as text (imports resolve from the repository root).
 *  `mangle`: property names to shorten (see privateProps). `device`: the fonts come from the
 *  device's flash (deviceFonts), not converted from font.ts. */
export async function bundle(source: string, minify = true, mangle?: RegExp, device = false, more: More = {}): Promise<{ code: string; map: string; warnings: string[]; inputs: Record<string, number>; renamed: Record<string, string> }> {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: ROOT, sourcefile: "entry.ts", loader: "ts" },
    outfile: join(ROOT, OUTFILE),
    write: false,
    bundle: true,
    format: "cjs",
    target: "es2015",
    minify: minify,
    supported: SUPPORTED,
    external: EXTERNALS,
    mangleProps: mangle,
    mangleCache: mangle ? { ...more.mangleCache } : undefined,
    sourcemap: "external",
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
    plugins: (more.plugins ?? []).concat(device ? [fontsFromFlash, constantsInlined] : []),
  });
  const file = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))!.text;
  const warnings = await esbuild.formatMessages(result.warnings, { kind: "warning" });
  const inputs: Record<string, number> = {};
  for (const out of Object.values(result.metafile!.outputs)) {
    for (const [f, v] of Object.entries(out.inputs)) inputs[f] = (inputs[f] ?? 0) + v.bytesInOutput;
  }
  const renamed: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.mangleCache ?? {})) if (typeof v === "string") renamed[k] = v;
  return { code: file(".js"), map: file(".js.map"), warnings, inputs, renamed };
}

export interface Built {
  path: string;
  /** The fonts' Storage file, named as on the board (null for a bundle of the core alone). */
  fonts: string | null;
  /** The cold Storage files as flashed (pretokenised), by name (build/cold.ts: "menu", "link"), each
   *  named as on the board, and their sizes; none for a bundle of the core alone. */
  cold: Record<string, { path: string; bytes: number }>;
  bytes: number;
  gzipBytes: number;
  /** What the Espruino check found, each with where in the TypeScript source it came from. */
  problems: Problem[];
  /** esbuild's warnings, formatted. */
  warnings: string[];
  /** Minified bytes by part of the firmware (PARTS), largest first. */
  parts: { part: string; bytes: number }[];
}

/** The parts the size is reported by: the first pattern a source file matches names its part. */
const PARTS: [RegExp, string][] = [
  [/^firmware\/core\//, "timing core"],
  [/^firmware\/(menu\.ts|menu\/|presets\.ts)/, "menu"],
  [/^firmware\/(link\.ts|link\/)/, "console API and link"],
  [/^firmware\/record\//, "records and settings"],
  [/^firmware\/(gfx\/|face\.ts)/, "face and font"],
  [/^firmware\//, "app and voice"],
  [/^hw\//, "hw drivers"],
];

/** The part a source file (a path from the repository's root) belongs to. */
export function partOf(file: string): string {
  const hit = PARTS.find((p) => p[0].test(file));
  return hit ? hit[1] : "other";
}

function byPart(files: Record<string, number>[]): { part: string; bytes: number }[] {
  const sums: Record<string, number> = {};
  for (const [f, bytes] of files.flatMap((inputs) => Object.entries(inputs))) {
    const part = partOf(f);
    sums[part] = (sums[part] ?? 0) + bytes;
  }
  return Object.keys(sums).filter((part) => sums[part] > 0).map((part) => ({ part, bytes: sums[part] })).sort((a, b) => b.bytes - a.bytes);
}

/** Builds dist/clock.js (and its source map) and checks it. Throws when esbuild refuses. */
export async function buildFirmware(): Promise<Built> {
  // Not entryPoints: esbuild's CJS wrapper for an ESM entry (__toCommonJS) copies the exports with
  // getters made in a `for (let …)` loop, which all read the last export on Espruino.
  // The device entry only runs (it starts the clock); the core alone is exported for inspection.
  // Espruino has no `module` at the top level, so the device bundle must not mention it.
  const entry = ENTRY === "hw/main.ts" ? `import "./hw/main";\n` : `import * as app from "./${ENTRY}";\nmodule.exports = app;\n`;
  const device = ENTRY === "hw/main.ts";
  const path = join(ROOT, OUTFILE);
  mkdirSync(dirname(path), { recursive: true });
  const mangle = device ? privateProps() : undefined;
  // the program, then its cold files (build/cold.ts) with the names it shortened; the program loads
  // each by its file's name, which its content gives: written in once they are made
  const cold = device ? await Promise.all(COLD.map(async (c) => ({ c: c, names: await sharedNames(c) }))) : [];
  const more: More = device ? { plugins: [coldFromFiles(cold)] } : {};
  const program = await bundle(entry, true, mangle, device, more);
  const { map, warnings, inputs, renamed } = program;
  let code = program.code;
  const made: Built["cold"] = {};
  let coldProblems: Problem[] = [];
  const coldInputs: Record<string, number>[] = [];
  const coldWarnings: string[] = [];
  for (const { c, names } of cold) {
    const m = await bundle(coldEntry(c), true, mangle, true, { plugins: [sharedFromProgram(c, names)], mangleCache: renamed });
    const wrapped = wrapCold(c, m.code, m.map, m.inputs);
    const flashed = pretokenise(wrapped.code);
    const file = coldFileName(c, flashed);
    const coldPath = join(dirname(path), coldOutfile(c));
    writeWhole(coldPath, wrapped.code);
    writeWhole(coldPath + ".map", wrapped.map);
    writeFileSync(join(dirname(path), file), Buffer.from(flashed, "latin1"));
    made[c.name] = { path: join(dirname(path), file), bytes: Buffer.byteLength(flashed, "latin1") };
    coldProblems = coldProblems.concat(located(checkEspruino(wrapped.code, EXTERNALS).concat(checkRenames(wrapped.code, m.renamed, publicNames(), quotedNames())), wrapped.map, coldPath));
    coldWarnings.push(...m.warnings);
    coldInputs.push(m.inputs);
    code = code.split(placeholder(c)).join(file); // as long: the source map still fits
  }
  writeWhole(path, code);
  writeWhole(path + ".map", map);
  // what npm run flash puts on the board: the program (hw/pretokenise.ts), the fonts' file, the cold files
  if (device) writeFlashed(path, code);
  const fonts = device ? writeFontFile(dirname(path)) : null;
  // an older build's data files would be uploaded by hand beside this one: they go
  const current = [fonts].concat(Object.values(made).map((m) => m.path)).map((p) => (p ? basename(p) : ""));
  for (const f of readdirSync(dirname(path))) if (DATA_FILE.test(f) && current.indexOf(f) < 0) unlinkSync(join(dirname(path), f));
  const problems = located(checkEspruino(code, EXTERNALS).concat(checkRenames(code, renamed, publicNames(), quotedNames())), map, path).concat(coldProblems);
  // what npm run flash uploads, named for it (hw/flash.ts reads this, not the build)
  if (device) writeWhole(join(dirname(path), MANIFEST), JSON.stringify(manifestOf(path, fonts, made, problems.length), null, 1) + "\n");
  return {
    path, fonts, cold: made, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code).length, problems, warnings: warnings.concat(coldWarnings),
    parts: byPart([inputs].concat(coldInputs)),
  };
}

/** The build's data files beside the program: the fonts' and the cold files, named by their content. */
const DATA_FILE = new RegExp("^(gfx|" + COLD.map((c) => c.name).join("|") + ")\\.[0-9a-f]{8}$");

/** The manifest, with the fingerprint the board will report (hw/board.ts works it out from the same
 *  files: hw/fingerprint.ts). */
function manifestOf(path: string, fonts: string | null, cold: Built["cold"], problems: number): Manifest {
  const name = (c: string) => (cold[c] ? basename(cold[c].path) : null);
  const m: Manifest = { program: basename(flashedPath(path)), fonts: fonts && basename(fonts), menu: name("menu"), link: name("link"), boot: name("boot"), reads: name("reads"), arbiter: name("arbiter"), problems: problems };
  m.fingerprint = combine(flashedFiles(m).map((f) => (f ? crc32(readFileSync(join(dirname(path), f))) : "00000000")));
  return m;
}

/** Writes a file whole (a test reading it while another test builds never sees half of it). */
function writeWhole(path: string, data: string): void {
  const tmp = path + "." + process.pid + ".tmp";
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** The problems, each with its place in the TypeScript source and, for a file other than the
 *  program, that file's name. */
function located(problems: Problem[], map: string, file: string): Problem[] {
  if (problems.length === 0) return problems;
  const sm = new SourceMap(JSON.parse(map));
  for (const p of problems) {
    p.source = sourceOf(p, sm) ?? undefined;
    if (file !== join(ROOT, OUTFILE)) p.message = relative(ROOT, file) + ": " + p.message;
  }
  return problems;
}

/** "firmware/core/game.ts:12:5" for a place in the bundle, or null when the map has no entry. */
function sourceOf(p: Problem, map: SourceMap): string | null {
  const e = map.findEntry(p.line - 1, p.column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  if (e.originalSource === undefined) return null;
  const file = relative(ROOT, resolve(dirname(join(ROOT, OUTFILE)), e.originalSource.replace(/^file:\/\//, "")));
  return file + ":" + (e.originalLine! + 1) + ":" + (e.originalColumn! + 1);
}

// ---------------------------------------------------------------------------------------------
// npm run build

async function main(): Promise<number> {
  let built: Built;
  try {
    built = await buildFirmware();
  } catch (e) {
    console.error("esbuild refused the firmware (" + ENTRY + "):\n" + (e as Error).message);
    return 1;
  }
  for (const w of built.warnings) console.error(w);
  const out = relative(process.cwd(), built.path);
  const { problems } = built;
  console.log(out + ": " + built.bytes + " bytes, " + built.gzipBytes + " gzipped; Espruino check: " +
    (problems.length === 0 ? "OK" : problems.length + " problem(s)"));
  if (existsSync(flashedPath(built.path))) console.log(relative(process.cwd(), flashedPath(built.path)) + ": " + statSync(flashedPath(built.path)).size + " bytes as flashed (pretokenised)");
  for (const c of COLD) {
    const f = built.cold[c.name];
    if (f) console.log(relative(process.cwd(), f.path) + ": " + f.bytes + " bytes as flashed (the " + c.gives + ", loaded " + c.when + ")");
  }
  for (const p of problems) console.error(out + ":" + p.line + ":" + p.column + (p.source ? " (" + p.source + ")" : "") + ": " + p.message);
  // the browser page (npm run sim serves it; built here too, so a broken page fails the build)
  let page;
  try {
    page = await bundlePage();
  } catch (e) {
    console.error("esbuild refused the browser page (sim/web/page/main.ts):\n" + (e as Error).message);
    return 1;
  }
  mkdirSync(join(ROOT, "dist/web"), { recursive: true });
  writeFileSync(join(ROOT, PAGE_OUTFILE), page.code);
  console.log(PAGE_OUTFILE + ": " + page.bytes + " bytes minified, " + page.gzipBytes + " gzipped (the browser clock's script)");
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then((code) => process.exit(code));
}

