// Bundles the firmware for Espruino (npm run build), then checks the bundle itself for what the
// Espruino interpreter cannot run (shared/ESPRUINO.md): esbuild's flags lower or refuse the syntax
// it knows about, but globals, methods, loop closures and hoisting only show in the output.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import * as acorn from "acorn";
import * as walk from "acorn-walk";
import ts from "typescript";
import { bundlePage } from "./sim/web/bundle";
import { SMALL_FONT, LARGE_FONT, ICON_FONT, FLAG_CHAR, BATTERY_CHAR } from "./firmware/gfx/fonts";
import type { FontData } from "./firmware/gfx/gfx";

const ROOT = dirname(fileURLToPath(import.meta.url));

/** The firmware's entry: the device app once it exists, the timing core until then. */
export const ENTRY = existsSync(join(ROOT, "hw/main.ts")) ? "hw/main.ts" : "firmware/core/index.ts";
export const OUTFILE = "dist/clock.js";
export const PAGE_OUTFILE = "dist/web/page.js";

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

/** Bundles TypeScript source given as text (imports resolve from the repository root).
 *  `mangle`: property names to shorten (see privateProps). `device`: the fonts come from the
 *  device's flash (deviceFonts), not converted from font.ts. */
export async function bundle(source: string, minify = true, mangle?: RegExp, device = false): Promise<{ code: string; map: string; warnings: string[]; inputs: Record<string, number>; renamed: Record<string, string> }> {
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
    mangleCache: mangle ? {} : undefined,
    sourcemap: "external",
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
    plugins: device ? [fontsFromFlash] : [],
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
  [/^firmware\/(menu|presets)\.ts$/, "menu"],
  [/^firmware\/(console|commands)\.ts$/, "console API"],
  [/^firmware\/(gfx\/|face\.ts)/, "face and font"],
  [/^firmware\//, "app, voice, records, settings"],
  [/^hw\//, "hw drivers"],
];

function byPart(inputs: Record<string, number>): { part: string; bytes: number }[] {
  const sums: Record<string, number> = {};
  for (const [f, bytes] of Object.entries(inputs)) {
    const hit = PARTS.find((p) => p[0].test(f));
    const part = hit ? hit[1] : "other";
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
  const { code, map, warnings, inputs, renamed } = await bundle(entry, true, device ? privateProps() : undefined, device);
  const path = join(ROOT, OUTFILE);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
  writeFileSync(path + ".map", map);
  const problems = checkEspruino(code, EXTERNALS).concat(checkRenames(code, renamed, publicNames()));
  if (problems.length > 0) {
    const sm = new SourceMap(JSON.parse(map));
    for (const p of problems) p.source = sourceOf(p, sm) ?? undefined;
  }
  return { path, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code).length, problems, warnings, parts: byPart(inputs) };
}

// ---------------------------------------------------------------------------------------------
// The fonts on the device: converted here, once, into the strings setFontCustom takes
// (firmware/gfx/fonts.ts), and kept in a Storage file the board reads as strings mapped from flash:
// no conversion at boot and no RAM for them (decoded into arrays they cost about 1,100 jsvars; as
// string literals in the program, about 100). At the first boot of a new program (the file's name
// holds a hash of its content) the board writes the file from a base64 literal, which sits in a
// function body so that it is only read then; with too little flash it keeps the fonts in RAM instead.

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

const fontsFromFlash: esbuild.Plugin = {
  name: "fonts-from-flash",
  setup(b) {
    b.onLoad({ filter: /[\\/]firmware[\\/]gfx[\\/]fonts\.ts$/ }, () => ({ contents: deviceFonts(), loader: "js" }));
  },
};

// ---------------------------------------------------------------------------------------------
// Shorter property names: the firmware's own (`.lateLimitMs`) cost the bundle about 8%.

/** Interfaces the world outside the bundle reads or stores: their member names stay. The console
 *  API and its status, the settings JSON on flash, and every name of the link's protocol
 *  (firmware/protocol.ts: what the desktop tool sends and reads). */
export const PUBLIC_TYPES = ["ClockConsole", "ClockStatus", "SideStatus", "LateStatus", "Settings",
  "Request", "Reply", "Hello", "LogSide", "LogItem", "LogPage"];

/** Where the JavaScript and Espruino member names come from. */
const LIBS = ["node_modules/typescript/lib/lib.es5.d.ts", "node_modules/typescript/lib/lib.es2015.core.d.ts",
  "node_modules/typescript/lib/lib.es2017.object.d.ts", "node_modules/typescript/lib/lib.es2017.string.d.ts", "hw/espruino.d.ts"];

function isMember(n: ts.Node): n is ts.NamedDeclaration & { name: ts.Identifier } {
  return (ts.isPropertySignature(n) || ts.isPropertyDeclaration(n) || ts.isMethodSignature(n) || ts.isMethodDeclaration(n) ||
    ts.isGetAccessor(n) || ts.isSetAccessor(n)) && n.name !== undefined && ts.isIdentifier(n.name);
}

/**
 * The property names the firmware declares for itself (interface and class members in firmware/
 * and hw/), as a pattern for esbuild's mangleProps. Left out, so they keep their names:
 * - members of PUBLIC_TYPES (the console API, the status it answers, the settings JSON on flash);
 * - names the JavaScript or Espruino libraries declare (`.length`, `.read`, `.time`): esbuild
 *   renames by name, not by type, so `store.read` would take `Storage.read` with it;
 * - names used as a computed key: `game[side]` reads `game.black` by the string "black"; and
 *   names tested with `in` ("side" in op).
 */
export function privateProps(): RegExp {
  const { declared, kept } = propNames();
  const names = [...declared].filter((n) => !kept.has(n)).sort();
  return new RegExp("^(" + names.join("|") + ")$");
}

/** The names the world outside reads by name: members of PUBLIC_TYPES, and the exports of a module
 *  imported as a namespace (`G.start` is looked up by the export's own name). */
export function publicNames(): Set<string> {
  return propNames().public;
}

let namesCache: { declared: Set<string>; kept: Set<string>; public: Set<string> } | null = null;

function propNames(): { declared: Set<string>; kept: Set<string>; public: Set<string> } {
  if (namesCache) return namesCache;
  const files = [...ts.sys.readDirectory(join(ROOT, "firmware"), [".ts"]), ...ts.sys.readDirectory(join(ROOT, "hw"), [".ts"])]
    .filter((f) => !f.endsWith(".d.ts") && !f.endsWith("/flash.ts") && f.indexOf("/hw/tool/") < 0); // the desktop side of hw/
  const program = ts.createProgram(files.concat(join(ROOT, "hw/espruino.d.ts")), { noEmit: true, types: [], lib: ["lib.es2017.d.ts"] });
  const checker = program.getTypeChecker();
  const declared = new Set<string>();
  const kept = new Set<string>();
  const pub = new Set<string>();
  for (const f of LIBS) {
    const visit = (n: ts.Node) => {
      if (isMember(n)) kept.add(n.name.text);
      ts.forEachChild(n, visit);
    };
    visit(ts.createSourceFile(f, ts.sys.readFile(join(ROOT, f))!, ts.ScriptTarget.ES2020, true));
  }
  for (const f of files) {
    const visit = (n: ts.Node, isPublic: boolean) => {
      if (ts.isInterfaceDeclaration(n) && PUBLIC_TYPES.includes(n.name.text)) isPublic = true;
      if (isMember(n)) {
        (isPublic ? kept : declared).add(n.name.text);
        if (isPublic) pub.add(n.name.text);
      }
      if (ts.isImportDeclaration(n) && n.importClause?.namedBindings && ts.isNamespaceImport(n.importClause.namedBindings)) {
        const mod = checker.getSymbolAtLocation(n.moduleSpecifier);
        for (const e of mod ? checker.getExportsOfModule(mod) : []) {
          kept.add(e.name);
          pub.add(e.name);
        }
      }
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.InKeyword && ts.isStringLiteral(n.left)) kept.add(n.left.text);
      if (ts.isElementAccessExpression(n)) {
        const t = checker.getTypeAtLocation(n.argumentExpression);
        for (const u of t.isUnion() ? t.types : [t]) {
          if (u.isStringLiteral()) kept.add(u.value);
          else if (u.flags & ts.TypeFlags.String && !checker.getIndexInfoOfType(checker.getTypeAtLocation(n.expression), ts.IndexKind.String)) {
            const at = program.getSourceFile(f)!.getLineAndCharacterOfPosition(n.getStart());
            throw new Error(relative(ROOT, f) + ":" + (at.line + 1) + ": " + n.getText() + " reads a member by any string: the build cannot tell which names to keep");
          }
        }
      }
      ts.forEachChild(n, (c) => visit(c, isPublic));
    };
    visit(program.getSourceFile(f)!, false);
  }
  namesCache = { declared, kept, public: pub };
  return namesCache;
}

/**
 * What the shortening broke: a public name renamed (the tool or the console would look it up in
 * vain), or a renamed name still written in full somewhere in the bundle (a key or member esbuild
 * made itself, such as a namespace's exports: `G.start` shortened to `G.Pe`, the export still
 * `start`, was "Function Pe not found" on the board).
 */
export function checkRenames(code: string, renamed: Record<string, string>, pub: Set<string>): Problem[] {
  const problems: Problem[] = [];
  for (const name of Object.keys(renamed)) {
    if (pub.has(name)) problems.push({ line: 1, column: 1, message: "the public name " + name + " was shortened to " + renamed[name] + " (build.ts, PUBLIC_TYPES)" });
  }
  const ast = acorn.parse(code, { ecmaVersion: "latest", sourceType: "script", locations: true });
  // a short name in the bundle may be what another name became: only a name nothing became counts
  const seen = new Set<string>(Object.values(renamed));
  const full = (n: acorn.Node, name: string, what: string) => {
    if (!Object.prototype.hasOwnProperty.call(renamed, name) || seen.has(name)) return;
    seen.add(name);
    problems.push({ line: n.loc!.start.line, column: n.loc!.start.column + 1, message: what + " " + name + " is left in full, elsewhere shortened to " + renamed[name] + ": both must be one name" });
  };
  walk.simple(ast, {
    MemberExpression: (n) => {
      if (!n.computed && n.property.type === "Identifier") full(n.property, n.property.name, "the member");
    },
    Property: (n) => {
      if (!n.computed && n.key.type === "Identifier") full(n.key, n.key.name, "the key");
    },
    MethodDefinition: (n) => {
      if (!n.computed && n.key.type === "Identifier") full(n.key, n.key.name, "the method");
    },
  });
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
// The check

/** A construct Espruino cannot run. line and column are 1-based. */
export interface Problem {
  line: number;
  column: number;
  message: string;
  /** Set by buildFirmware: the TypeScript source position, from the source map. */
  source?: string;
}

const GLOBALS = ["Map", "Set", "WeakMap", "WeakSet", "Symbol", "Proxy", "Reflect", "BigInt", "RangeError", "globalThis"];
const STATICS = [
  "Array.from", "Array.of", "Math.trunc", "Math.hypot", "Math.imul", "Number.isInteger", "Number.EPSILON",
  "Number.MAX_SAFE_INTEGER", "Object.freeze", "Object.seal", "Object.is", "Promise.race", "Promise.allSettled",
];
const METHODS = ["flat", "flatMap", "lastIndexOf", "trimStart", "localeCompare", "finally"];
const ERRORS = ["Error", "TypeError", "SyntaxError", "ReferenceError", "RangeError", "EvalError", "URIError", "InternalError"];
/** Array methods that call their callback before returning: a loop closure passed to them is safe. */
const SYNC_CALLERS = ["forEach", "map", "filter", "some", "every", "find", "findIndex", "reduce", "sort"];

type Node = acorn.AnyNode;

/**
 * What in `code` (a script, as uploaded) Espruino would reject or run differently.
 * If `modules` is given, a literal require of any other module is refused too.
 *
 * Approximations (by name, not by full scope analysis; rename to silence a false alarm):
 * - a global counts as used when no binding of that name appears anywhere in the code;
 * - loop closures: a function created in the body of `for (let/const …)` that mentions a loop
 *   variable (other than as its own parameter), unless it is called right away (IIFE) or passed
 *   straight to a synchronous array method (forEach, map, …);
 * - hoisting: in each statement list (program, function body, block), a name used by code that runs
 *   before a later function declaration of that name; calls are followed into function declarations
 *   of the same list, not into function expressions or methods.
 */
export function checkEspruino(code: string, modules?: string[]): Problem[] {
  const problems: Problem[] = [];
  const at = (n: { loc?: acorn.SourceLocation | null }, message: string) =>
    problems.push({ line: n.loc!.start.line, column: n.loc!.start.column + 1, message });

  let ast: acorn.Program;
  const privates: acorn.Token[] = [];
  try {
    ast = acorn.parse(code, {
      ecmaVersion: "latest",
      sourceType: "script",
      locations: true,
      onToken: (t) => {
        if (t.type === acorn.tokTypes.privateId) privates.push(t);
      },
    });
  } catch (e) {
    const err = e as SyntaxError & { loc?: { line: number; column: number } };
    return [{ line: err.loc?.line ?? 1, column: (err.loc?.column ?? 0) + 1, message: "does not parse as a script: " + err.message }];
  }
  for (const t of privates) at(t, "private field " + code.slice(t.start, t.end));

  const declared = bindings(ast, new Set<string>());
  // `typeof X` of a missing global is safe: it is how code tests for one.
  const typeofs = new Set<Node>();
  walk.simple(ast, { UnaryExpression: (n) => n.operator === "typeof" && typeofs.add(n.argument) });
  const isGlobal = (n: Node, name?: string): boolean =>
    n.type === "Identifier" && (name === undefined || n.name === name) && !declared.has(n.name);

  walk.simple(ast, {
    ObjectPattern: (n) => at(n, "destructuring pattern"),
    ArrayPattern: (n) => at(n, "destructuring pattern"),
    AssignmentPattern: (n) => at(n, "default value (parameter or destructuring)"),
    RestElement: (n) => at(n, "rest parameter"),
    SpreadElement: (n) => at(n, "spread ..."),
    ChainExpression: (n) => at(n, "optional chaining ?."),
    LabeledStatement: (n) => at(n, "labelled statement"),
    TaggedTemplateExpression: (n) => at(n, "tagged template"),
    PropertyDefinition: (n) => at(n, "class field left unlowered"),
    StaticBlock: (n) => at(n, "class static block"),
    ImportExpression: (n) => at(n, "dynamic import()"),
    MetaProperty: (n) => at(n, n.meta.name + "." + n.property.name),
    AwaitExpression: (n) => at(n, "await"),
    ForOfStatement: (n) => n.await && at(n, "for await"),
    Function: (n) => {
      if (n.async) at(n, "async function");
      if (n.generator) at(n, "generator function");
    },
    BinaryExpression: (n) => n.operator === "**" && at(n, "exponent operator **"),
    AssignmentExpression: (n) => {
      if (["**=", "||=", "&&=", "??="].includes(n.operator)) at(n, "assignment operator " + n.operator);
      if (n.left.type === "MemberExpression" && propName(n.left) === "length") at(n, "assigning .length throws on Espruino arrays");
    },
    Literal: (n) => {
      if (n.bigint !== undefined) at(n, "BigInt literal");
      const why = n.regex ? regexProblem(n.regex.pattern, n.regex.flags) : null;
      if (why) at(n, "regular expression /" + n.regex!.pattern + "/: " + why);
    },
    Property: (n) => n.computed && at(n, "computed object key {[k]: v}"),
    MethodDefinition: (n) => n.computed && at(n, "computed class member name"),
    Class: (n) => {
      if (n.superClass && n.superClass.type === "Identifier" && ERRORS.includes(n.superClass.name) && isGlobal(n.superClass))
        at(n, "class extends " + n.superClass.name + " (loses message on Espruino)");
    },
    Identifier: (n) => GLOBALS.includes(n.name) && isGlobal(n) && !typeofs.has(n) && at(n, n.name + " is not in Espruino"),
    MemberExpression: (n) => {
      const p = propName(n);
      if (p === null) return;
      if (n.object.type === "Identifier" && isGlobal(n.object) && STATICS.includes(n.object.name + "." + p))
        at(n, n.object.name + "." + p + " is not in Espruino");
      else if (METHODS.includes(p)) at(n.property, "." + p + " is not in Espruino");
    },
    CallExpression: (n) => {
      if (!isGlobal(n.callee, "require")) return;
      const a = n.arguments;
      if (a.length !== 1 || a[0].type !== "Literal" || typeof a[0].value !== "string") at(n, "require() without a literal module name");
      else if (modules && !modules.includes(a[0].value)) at(n, 'require("' + a[0].value + '") of a module that is not an Espruino external');
    },
  });

  loopClosures(ast, at);
  hoisting(ast, at);
  arrowThis(ast, at);
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return problems.filter((p, i) => i === 0 || p.line !== problems[i - 1].line || p.column !== problems[i - 1].column || p.message !== problems[i - 1].message);
}

/**
 * What in a regular expression Espruino's small matcher (src/jswrap_regexp.c) gets wrong, or null.
 * It knows characters, classes, escapes, `.`, `^`, `$`, `*` and `+` after one character, capture
 * groups, and `|` between whole alternatives; `?`, `{n,m}`, a quantified group or a `|` inside a
 * group silently fail to match (checked on Espruino 2v29), and only the flags g and i exist.
 */
export function regexProblem(pattern: string, flags: string): string | null {
  if (/[^gi]/.test(flags)) return "flags other than g and i";
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "?") return "? (optional, lazy or (?…)) is not supported";
    else if (c === "{") return "{n,m} counts are not supported";
    else if (c === "(") depth++;
    else if (c === ")") {
      depth--;
      const next = pattern.charAt(i + 1);
      if (next === "*" || next === "+") return "a quantified group is not supported";
    } else if (c === "|" && depth > 0) return "| inside a group splits the whole expression";
  }
  return null;
}

/** `a.b` or `a["b"]` → "b"; any other computed access → null. */
function propName(n: acorn.MemberExpression): string | null {
  if (!n.computed && n.property.type === "Identifier") return n.property.name;
  if (n.computed && n.property.type === "Literal" && typeof n.property.value === "string") return n.property.value;
  return null;
}

/** Names bound in n (declarations, parameters, assignment targets) added to out. */
function bindings(n: acorn.Node, out: Set<string>): Set<string> {
  if (n.type === "Identifier") out.add((n as acorn.Identifier).name);
  // acorn-walk visits binding identifiers as "VariablePattern", a category its types omit.
  else walk.simple(n, { VariablePattern: (id: acorn.Identifier) => out.add(id.name) } as walk.SimpleVisitors<unknown>);
  return out;
}

/** acorn-walk's callback also takes the category to walk a node as; its types omit it. */
type Go = (node: acorn.Node, st: null, category?: string) => void;

function isFunction(n: Node): n is acorn.FunctionExpression | acorn.ArrowFunctionExpression {
  return n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression";
}

type At = (n: { loc?: acorn.SourceLocation | null }, message: string) => void;

/** Closures made in a `for (let/const …)` body that capture the loop variable. */
function loopClosures(ast: acorn.Program, at: At): void {
  const loop = (n: acorn.ForStatement | acorn.ForInStatement | acorn.ForOfStatement) => {
    const decl = n.type === "ForStatement" ? n.init : n.left;
    if (!decl || decl.type !== "VariableDeclaration" || decl.kind === "var") return;
    const names = new Set<string>();
    for (const d of decl.declarations) bindings(d.id, names);
    const inside = (fn: acorn.Function, c: Go) => walk.base.Function!(fn, null, c);
    walk.recursive(n.body, null, {
      Function(fn) {
        const params = new Set<string>();
        for (const p of fn.params) bindings(p, params);
        let hit: acorn.Identifier | null = null;
        walk.simple(fn, { Identifier: (id) => { if (!hit && names.has(id.name) && !params.has(id.name)) hit = id; } });
        if (hit) at(hit, 'closure in a for-let/const loop captures "' + (hit as acorn.Identifier).name + '" (Espruino gives every such closure the last value)');
      },
      CallExpression(call, st, cb) {
        const c = cb as Go;
        const callee = call.callee;
        const sync = isFunction(callee) ||
          (callee.type === "MemberExpression" && SYNC_CALLERS.includes(propName(callee) ?? ""));
        if (isFunction(callee)) inside(callee, c);
        else c(callee, st, "Expression");
        for (const a of call.arguments) {
          if (sync && isFunction(a)) inside(a, c);
          else c(a, st, "Expression");
        }
      },
    });
  };
  walk.simple(ast, { ForStatement: loop, ForInStatement: loop, ForOfStatement: loop });
}

/**
 * `this` inside an arrow function. Espruino 2v29 trips over such an arrow when it skips it unrun (a
 * false `if` without braces, `a && …`, the other branch of `?:`, all of which the minifier makes):
 * "ASSERT(jsvHasChildren(obj)) FAILED" (checked on its Linux build). Use `const self = this`.
 */
function arrowThis(ast: acorn.Program, at: At): void {
  walk.ancestor(ast, {
    ThisExpression(n, _st, ancestors) {
      for (let i = ancestors.length - 2; i >= 0; i--) {
        const a = ancestors[i] as Node;
        if (a.type === "ArrowFunctionExpression") return at(n, "`this` in an arrow function (Espruino fails when it skips one unrun): use a `self` variable");
        if (a.type === "FunctionExpression" || a.type === "FunctionDeclaration") return;
      }
    },
  });
}

interface Use {
  name: string;
  node: acorn.Identifier;
  called: boolean;
}

/** Names that code uses as it runs, not counting bodies of functions it only creates. */
function immediateUses(n: acorn.Node): Use[] {
  const uses: Use[] = [];
  walk.recursive(n, null, {
    Function() {},
    Class(cl, st, c) {
      if (cl.superClass) (c as Go)(cl.superClass, st, "Expression");
    },
    Identifier(id) {
      uses.push({ name: id.name, node: id, called: false });
    },
    CallExpression(call, st, cb) {
      const c = cb as Go;
      const callee = call.callee;
      if (isFunction(callee)) c(callee.body, st, callee.body.type === "BlockStatement" ? "Statement" : "Expression");
      else if (callee.type === "Identifier") uses.push({ name: callee.name, node: callee, called: true });
      else c(callee, st, "Expression");
      for (const a of call.arguments) c(a, st, "Expression");
    },
  });
  return uses;
}

/** Uses of function declarations that run before the declaration (Espruino does not hoist). */
function hoisting(ast: acorn.Program, at: At): void {
  const list = (body: (acorn.Statement | acorn.ModuleDeclaration)[]) => {
    const index = new Map<string, number>();
    body.forEach((s, i) => s.type === "FunctionDeclaration" && index.set(s.id.name, i));
    if (index.size === 0) return;
    const usesOf = new Map<number, Use[]>();
    const bodyUses = (j: number) => {
      if (!usesOf.has(j)) usesOf.set(j, immediateUses((body[j] as acorn.FunctionDeclaration).body));
      return usesOf.get(j)!;
    };
    body.forEach((s, i) => {
      if (s.type === "FunctionDeclaration") return;
      for (const u of immediateUses(s)) {
        // Follow calls into declarations already made, looking for one not yet made.
        const seen = new Set<number>();
        const follow = (use: Use, via: string): void => {
          const j = index.get(use.name);
          if (j === undefined) return;
          if (j > i) {
            at(u.node, use.name + " is used before its function declaration" + via + " (Espruino does not hoist)");
            return;
          }
          if (!use.called || seen.has(j)) return;
          seen.add(j);
          for (const v of bodyUses(j)) follow(v, via + (via ? ", " : " via ") + use.name + "()");
        };
        follow(u, "");
      }
    });
  };
  list(ast.body);
  walk.simple(ast, { BlockStatement: (b) => list(b.body) });
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
