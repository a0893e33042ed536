// The jsvars estimate against what Espruino 2v29's Linux build, made as the Jolt.js is (12,000 jsvars
// of 14 bytes), reported with process.memory() for the same values (measured by hand, once).

import { describe, it, expect } from "vitest";
import { estimateJsVars, markBuiltin } from "./jsvars";

/** The interpreter's own: prototypes (they live in flash on the board). */
function builtins(): WeakSet<object> {
  const b = new WeakSet<object>();
  markBuiltin([Object.prototype, Array.prototype, Function.prototype, String.prototype, Uint8Array.prototype, Math], b);
  return b;
}

const within = (estimate: number, real: number, band: number) => Math.abs(estimate - real) <= band * real;

describe("jsvars estimate", () => {
  it("sizes strings, typed arrays, arrays and functions as the interpreter does", () => {
    const cases: [string, unknown, number][] = [
      ["a 960-character string", "x".repeat(960), 97],
      ["an 816-character string", "y".repeat(816), 82],
      ["a Uint8Array of 1,000 bytes", new Uint8Array(1000), 89],
      ["an array of 100 small ints", Array.from({ length: 100 }, (_, i) => i), 101],
      ["an array of 100 eleven-character strings", Array.from({ length: 100 }, (_, i) => "abcdefghij" + (i % 10)), 301],
      ["100 records {t, w, s}", Array.from({ length: 100 }, (_, i) => ({ t: i * 1000, w: "press", s: "black" })), 801],
      ["100 named functions of two parameters", Object.fromEntries(Array.from({ length: 100 }, (_, i) => ["f" + i, new Function("a", "b", "return a + b")])), 605],
    ];
    for (const [what, v, real] of cases) expect([what, within(estimateJsVars([v], { builtin: builtins() }).total, real, 0.1)]).toEqual([what, true]);
  });

  it("counts what the global object holds, though the object itself is the interpreter's", () => {
    const g: Record<string, unknown> = { Math, keep: "z".repeat(100) };
    const builtin = builtins();
    builtin.add(g);
    const e = estimateJsVars([g], { builtin, builtinNames: new Set(["Math"]) });
    expect(e.total).toBe(1 + 1 + 10); // the object, the name, 100 characters in 10 blocks
  });
});

describe("jsvars of what the interpreter keeps in flash or on an object", () => {
  it("a string mapped from flash is one jsvar, whatever its length", () => {
    const font = "f".repeat(850);
    const e = estimateJsVars([{ font }], { builtin: builtins(), mapped: (s) => s === font });
    expect(e.total).toBe(1 + 1 + 1); // the object, the name, the string's one block
  });

  it("an object's event listeners are charged with the object, and go with it", () => {
    const w = { buffer: 0 };
    const listener = new Function("e", "return e");
    const attached = (o: object) => (o === w ? [listener] : []);
    const held = estimateJsVars([{ w }], { builtin: builtins(), attached }).total;
    const alone = estimateJsVars([{ w }], { builtin: builtins() }).total;
    expect(held - alone).toBe(2 + 3 + 1); // "#onfinish" and its link, the function of one parameter
    expect(estimateJsVars([{}], { builtin: builtins(), attached }).total).toBe(1); // w unreachable: nothing of it
  });
});

describe("ints packed into their name's block (jsvMakeIntoVariableName)", () => {
  it("an int from -8,192 to 8,191 costs nothing past its key or index; a larger one, and a boolean under a key, a block of its own", () => {
    const b = builtins();
    expect(estimateJsVars([{ a: 8191, b: -8192 }], { builtin: b }).total).toBe(1 + 2);
    expect(estimateJsVars([{ a: 8192, b: true }], { builtin: b }).total).toBe(1 + 2 + 2);
    expect(estimateJsVars([[8191, true, 8192]], { builtin: b }).total).toBe(1 + 3 + 1);
  });
});
