import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as acorn from "acorn";
import { buildFirmware, bundle, checkEspruino, checkRenames, privateProps, publicNames, quotedNames, EXTERNALS } from "../../build";
import { inlineConstants } from "../../build/consts";

const messages = (code: string, modules?: string[]) => checkEspruino(code, modules).map((p) => p.message);

describe("regular expressions Espruino's matcher gets wrong", () => {
  it("refuses ?, {n,m}, quantified groups, | inside a group and unknown flags, and passes what it runs", () => {
    expect(messages("/^ab?$/.test(x);")[0]).toMatch(/\?/);
    expect(messages("/^\\d{1,6}$/.test(x);")[0]).toMatch(/\{n,m\}/);
    expect(messages("/^(?:ab)+$/.test(x);")[0]).toMatch(/\?/);
    expect(messages("/^(ab)+$/.test(x);")[0]).toMatch(/quantified group/);
    expect(messages("/^(-|black|white)$/.test(x);")[0]).toMatch(/\| inside a group/);
    expect(messages("/a/m.test(x);")[0]).toMatch(/flags/);
    expect(messages("/^clock\\.log[0-9]+$/.test(x); /^ +/.test(x); /\\r/g.test(x); /a|b/i.test(x); /^[?{|]+$/.test(x); /\\?/.test(x);")).toEqual([]);
  });
});

describe("this inside arrow functions", () => {
  it("is refused (Espruino fails on one it skips unrun); through a self variable, or in a method, it passes", () => {
    expect(messages("class A { f(c) { if (c) setTimeout(() => { this.x = 1; }, 0); } }")[0]).toMatch(/`this` in an arrow function/);
    expect(messages("class A { f(c) { const self = this; if (c) setTimeout(() => { self.x = 1; }, 0); return function () { return this; }; } }")).toEqual([]);
  });
});

describe("the firmware bundle", () => {
  // Its size is a benchmark figure (npm run bench), against its 64 KB budget as flashed, not a test.
  it("passes the Espruino check and is written to dist/clock.js", async () => {
    const built = await buildFirmware();
    expect(built.problems).toEqual([]);
    expect(built.bytes).toBeGreaterThan(0);
    const code = readFileSync(built.path, "utf8");
    expect(Buffer.byteLength(code)).toBe(built.bytes);
    expect(checkEspruino(code)).toEqual([]);
    expect(code).not.toMatch(/\bmodule\b/); // Espruino has no `module` at the top level
  }, 30_000);

  it("holds no character past Latin-1: the Jolt.js's Espruino has no Unicode strings (a '→' would reach the tool as the control byte 0x92)", async () => {
    const code = readFileSync((await buildFirmware()).path, "utf8");
    const wide = (code.match(/\\u[0-9a-fA-F]{4}|[^\x00-\xff]/g) || []).filter((m) => m.length === 1 || parseInt(m.slice(2), 16) > 0xff);
    expect(wide).toEqual([]);
  }, 30_000);

  it("shortens the firmware's own property names but keeps the console's, the library's and computed keys", async () => {
    const names = privateProps();
    for (const own of ["runSince", "nextWakeAt", "aheadUntil", "blackControl"]) expect(names.test(own)).toBe(true);
    // the console API and what it answers; Settings is JSON on flash
    for (const pub of ["status", "newGame", "whiteOnRight"]) expect(names.test(pub)).toBe(false);
    expect(names.test("length")).toBe(false); // a JavaScript name
    expect(names.test("read")).toBe(false); // Storage.read
    expect(names.test("black")).toBe(false); // game[side]
    expect(names.test("side")).toBe(false); // "side" in op
    const { code } = await bundle(`import "./hw/main";\n`, true, names);
    expect(code).not.toContain(".runSince");
    expect(code).toMatch(/status:/);
  }, 30_000);

  it("shortens the names the core shares with clock.status(), and keeps them in full as the keys the world reads", async () => {
    const names = privateProps();
    const quoted = quotedNames();
    for (const n of ["phase", "toMove", "periodsLeft", "mainMs", "lateMs", "usedMs"]) {
      expect(quoted.has(n), n).toBe(true);
      expect(names.test(n), n).toBe(true);
    }
    const { code, renamed } = await bundle(`import "./hw/main";\n`, true, names);
    expect(code).not.toMatch(/\.(phase|toMove|periodsLeft|mainMs)\b/); // the core's own reads: shortened
    for (const key of ["phase:", "toMove:", "periodsLeft:", "mainMs:"]) expect(code).toContain(key); // the status (a log entry is made on the desktop)
    expect(checkRenames(code, renamed, publicNames(), quoted)).toEqual([]);
  }, 30_000);

  it("keeps every name the link's protocol and a namespace import look up; the check fails the build when one is shortened", async () => {
    const names = privateProps();
    const pub = publicNames();
    // what the desktop tool sends and reads (firmware/link/protocol.ts), and the core's exports read as G.start
    for (const n of ["words", "pin", "lateLimitMs", "entries", "proto", "err", "ok", "forfeit", "start", "press", "readSide"]) {
      expect(pub.has(n), n).toBe(true);
      expect(names.test(n), n).toBe(false);
    }
    // the bug of issue 11: `start` shortened at G.start but not in the namespace's exports
    const broken = new RegExp(names.source.replace("^(", "^(start|"));
    const { code, renamed } = await bundle(`import "./hw/main";\n`, true, broken);
    expect(renamed.start).toBeDefined();
    const found = checkRenames(code, renamed, pub, quotedNames()).map((p) => p.message);
    expect(found).toContain("the public name start was shortened to " + renamed.start + " (build.ts, PUBLIC_TYPES)");
    expect(found).toContain("the key start is left in full, elsewhere shortened to " + renamed.start + ": both must be one name");
    // and without the public list, the name left in full still gives it away
    expect(checkRenames(code, renamed, new Set(), quotedNames()).length).toBe(1);
  }, 60_000);

  it("the timing core alone passes the Espruino check", async () => {
    const { code } = await bundle(`import * as app from "./firmware/core/index";\nmodule.exports = app;\n`);
    expect(checkEspruino(code, EXTERNALS)).toEqual([]);
  });

  it("exports the core without esbuild's for-let export copier", async () => {
    const { code } = await bundle(`import * as app from "./firmware/core/index";\nmodule.exports = app;\n`, false);
    expect(code).not.toContain("__toCommonJS");
    expect(code).toMatch(/module\.exports = \w+;/);
  });
});

describe("esbuild's part", () => {
  it("refuses destructuring it cannot lower", async () => {
    await expect(bundle("const { a } = JSON.parse('{}'); console.log(a);")).rejects.toThrow(/destructuring/);
  });

  it("lowers optional chaining, ?? and ** into something Espruino runs", async () => {
    const { code } = await bundle("const o = JSON.parse('{}'); console.log(o?.a ?? 2 ** o.b);");
    expect(code).not.toMatch(/\?\.|\?\?|\*\*/);
    expect(checkEspruino(code)).toEqual([]);
  });

  it("an import * of an Espruino module is refused (its helper copies in a for-let loop)", async () => {
    const { code } = await bundle(`import * as S from "Storage";\nconsole.log(S.read("x"));\n`, false);
    expect(messages(code).join("\n")).toMatch(/closure in a for-let\/const loop captures "key"/);
  });

  it("a plain require of an Espruino module stays a literal require", async () => {
    const { code } = await bundle(`declare const require: (m: string) => any;\nconsole.log(require("Storage").read("x"));\n`);
    expect(code).toContain('require("Storage")');
    expect(checkEspruino(code, ["Storage"])).toEqual([]);
  });
});

describe("the Espruino check refuses", () => {
  // [what, snippet, the message that proves this rule fired]
  it.each([
    ["an object destructuring", "var { a } = o;", /destructuring pattern/],
    ["an array destructuring", "var [a] = o;", /destructuring pattern/],
    ["a destructuring assignment", "[a, b] = [b, a];", /destructuring pattern/],
    ["a default parameter", "function f(a = 1) { return a; }", /default value/],
    ["a rest parameter", "function f(...a) { return a; }", /rest parameter/],
    ["an array spread", "x = [...a];", /spread/],
    ["a call spread", "f(...a);", /spread/],
    ["an object spread", "x = { ...a };", /spread/],
    ["the ** operator", "x = a ** 2;", /exponent operator \*\*/],
    ["the **= operator", "x **= 2;", /assignment operator \*\*=/],
    ["optional chaining", "x = a?.b;", /optional chaining/],
    ["||=", "a ||= 1;", /assignment operator \|\|=/],
    ["&&=", "a &&= 1;", /assignment operator &&=/],
    ["??=", "a ??= 1;", /assignment operator \?\?=/],
    ["a labelled statement", "outer: for (;;) break outer;", /labelled statement/],
    ["a tagged template", "x = String.raw`a`;", /tagged template/],
    ["a computed object key", "x = { [k]: 1 };", /computed object key/],
    ["a computed class member name", "class A { [k]() {} }", /computed class member/],
    ["a class member named with a word Espruino reserves", "class A { of(g) { return g; } }", /class member named 'of'/],
    ["an async function", "async function f() {}", /async function/],
    ["await", "async function f() { await p; }", /await/],
    ["for await", "async function f() { for await (const x of xs) g(x); }", /for await/],
    ["a generator", "function* g() { yield 1; }", /generator function/],
    ["new.target", "function F() { return new.target; }", /new\.target/],
    ["a private field", "class A { #x; m() { return this.#x; } }", /private field #x/],
    ["a class field left unlowered", "class A { x = 1; }", /class field left unlowered/],
    ["a class static block", "class A { static { f(); } }", /class static block/],
    ["class X extends Error", "class Oops extends Error {}", /class extends Error/],
    ["a BigInt literal", "x = 1n;", /BigInt literal/],
    ["a dynamic import", "x = import('y');", /dynamic import/],
    ["setting an array's length", "a.length = 0;", /assigning \.length/],
    ["an ES module", "export const a = 1;", /does not parse as a script/],
  ])("%s", (_what, snippet, message) => {
    expect(messages(snippet).join("\n")).toMatch(message);
  });

  it.each(["Map", "Set", "WeakMap", "WeakSet", "Symbol", "Proxy", "Reflect", "BigInt", "RangeError", "globalThis"])(
    "the global %s",
    (name) => {
      expect(messages(`x = ${name};`)).toContain(`${name} is not in Espruino`);
    },
  );

  it.each([
    ["Array.from", "Array.from(x);"],
    ["Array.of", "Array.of(1);"],
    ["Math.trunc", "Math.trunc(1.5);"],
    ["Math.hypot", "Math.hypot(3, 4);"],
    ["Math.imul", "Math.imul(3, 4);"],
    ["Number.isInteger", "Number.isInteger(1);"],
    ["Number.EPSILON", "x = Number.EPSILON;"],
    ["Number.MAX_SAFE_INTEGER", "x = Number.MAX_SAFE_INTEGER;"],
    ["Object.freeze", "Object.freeze(o);"],
    ["Object.seal", "Object.seal(o);"],
    ["Object.is", "Object.is(a, b);"],
    ["Promise.race", "Promise.race(ps);"],
    ["Promise.allSettled", "Promise.allSettled(ps);"],
    [".flat", "a.flat();"],
    [".flatMap", "a.flatMap(f);"],
    [".lastIndexOf", "a.lastIndexOf(1);"],
    [".trimStart", "s.trimStart();"],
    [".localeCompare", "s.localeCompare(t);"],
    [".finally", "p.finally(f);"],
  ])("%s", (name, snippet) => {
    expect(messages(snippet)).toContain(`${name} is not in Espruino`);
  });

  it("a require without a literal module name", () => {
    expect(messages("var m = require(name);")).toContain("require() without a literal module name");
  });

  it("a require of a module that is not an Espruino external, when the externals are given", () => {
    expect(messages('var fs = require("fs");', ["Storage"]).join("\n")).toMatch(/not an Espruino external/);
    expect(messages('var s = require("Storage");', ["Storage"])).toEqual([]);
  });
});

describe("the Espruino check on what only looks alike", () => {
  it("a Map in the firmware is refused, a local named Map is not", () => {
    expect(messages("var m = new Map();")).toEqual(["Map is not in Espruino"]);
    expect(messages("function f(Map) { return new Map(); }")).toEqual([]);
  });

  it("a computed object key is refused but a computed member access is not", () => {
    expect(messages("x = { [k]: v };")).toEqual(["computed object key {[k]: v}"]);
    expect(messages("x = a[k]; a[k] = 1;")).toEqual([]);
  });

  it("Math.sign, Object.assign, padStart and \"use strict\" are fine", () => {
    expect(messages('"use strict"; x = Math.sign(-2) + Object.assign({}, o).a + s.padStart(2, "0");')).toEqual([]);
  });

  it("testing for a global with typeof is fine, using it is not", () => {
    expect(messages('x = typeof Symbol === "function";')).toEqual([]);
    expect(messages('x = typeof Symbol === "function" && Symbol.iterator;')).toEqual(["Symbol is not in Espruino"]);
  });

  it("a property merely named like a banned global is fine", () => {
    expect(messages("x = o.Map; y = { Set: 1 };")).toEqual([]);
  });

  it("a reserved word is refused as a class member's name, not as an object's key or a member", () => {
    expect(messages("class A { static of() {} }")).toEqual(["class member named 'of': a word Espruino's lexer reserves"]);
    expect(messages("x = { of: 1, default: 2 }; y = x.of + x.default;")).toEqual([]);
  });
});

describe("loop closures", () => {
  it("a closure over a for-let variable is refused", () => {
    expect(messages("for (let i = 0; i < 3; i++) fs.push(() => i);")).toEqual([
      'closure in a for-let/const loop captures "i" (Espruino gives every such closure the last value)',
    ]);
  });

  it("a closure over a for-const-of variable is refused", () => {
    expect(messages("for (const x of xs) fs.push(function () { return x; });").join("\n")).toMatch(/captures "x"/);
  });

  it("a closure made inside an IIFE in the loop body is still refused", () => {
    expect(messages("for (let i = 0; i < 3; i++) (function () { fs.push(() => i); })();").join("\n")).toMatch(/captures "i"/);
  });

  it("a var loop, a callback run at once by forEach, and a parameter of the same name are fine", () => {
    expect(messages("for (var i = 0; i < 3; i++) fs.push(() => i);")).toEqual([]);
    expect(messages("for (let i = 0; i < 3; i++) xs.forEach((x) => f(x + i));")).toEqual([]);
    expect(messages("for (let i = 0; i < 3; i++) fs.push((i) => i);")).toEqual([]);
  });
});

describe("hoisting", () => {
  it("a function called before its declaration is refused", () => {
    expect(messages("f();\nfunction f() {}")).toEqual(["f is used before its function declaration (Espruino does not hoist)"]);
  });

  it("a function called, through an earlier one, before its declaration is refused", () => {
    expect(messages("function g() { return h(); }\ng();\nfunction h() {}").join("\n")).toMatch(/h is used before .* via g\(\)/);
  });

  it("inside a function body too", () => {
    expect(messages("function outer() { f(); function f() {} }").join("\n")).toMatch(/f is used before its function declaration/);
  });

  it("a declaration before its use, and a use inside a function only created earlier, are fine", () => {
    expect(messages("function f() {}\nf();")).toEqual([]);
    expect(messages("var g = function () { return f(); };\nfunction f() {}\ng();")).toEqual([]);
  });
});

it("a problem carries its line and 1-based column", () => {
  expect(checkEspruino("\n\nvar m = new Map();")).toEqual([{ line: 3, column: 13, message: "Map is not in Espruino" }]);
});

describe("numeric constants written into the code that uses them (build/consts.ts)", () => {
  it("replaces a file's own constants by their values, worked out from other constants", () => {
    const src = "const A = 60 * 1000;\nconst B = -A;\nexport const C = true;\nexport function f(x: number) {\n  return x > A ? B : C;\n}\n";
    const out = inlineConstants(src, "x.ts");
    expect(out).toContain("return x > 60000 ? (-60000) : true;");
    expect(out.split("\n").length).toBe(src.split("\n").length); // the source map's lines still hold
  });

  it("leaves a constant whose name is declared again, used as a shorthand key or as a type, and never touches member names", () => {
    const src = "const A = 1;\nconst B = 2;\nconst C = 3;\nconst D = 4;\nfunction f(A: number) { return A; }\nconst o = { B };\nlet t: typeof C;\nconst p = { D: D, q: o.D };\n";
    const out = inlineConstants(src, "x.ts");
    expect(out).toContain("function f(A: number) { return A; }");
    expect(out).toContain("const o = { B };");
    expect(out).toContain("let t: typeof C;");
    expect(out).toContain("const p = { D: 4, q: o.D };");
  });

  it("leaves no numeric constant of the firmware a global of the bundle", async () => {
    const { code } = await bundle(`import "./hw/main";\n`, true, privateProps(), true);
    const ast = acorn.parse(code, { ecmaVersion: "latest" });
    const globals: string[] = [];
    for (const s of ast.body) {
      if (s.type !== "VariableDeclaration") continue;
      for (const d of s.declarations) if (d.init && d.init.type === "Literal" && typeof d.init.value === "number") globals.push(code.slice(d.start, d.end));
    }
    // what is left: the font file's size, a var of the code build/fonts.ts writes
    expect(globals.length).toBeLessThanOrEqual(1);
  }, 30_000);
});
