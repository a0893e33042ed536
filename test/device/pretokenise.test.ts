// The file flashed (dist/clock.flash.js) is the tested bundle pretokenised: read back as Espruino's
// lexer reads it, it is the same program token for token, so the two cannot drift apart.

import { readFileSync } from "node:fs";
import * as acorn from "acorn";
import { describe, expect, it } from "vitest";
import { basename, dirname, join } from "node:path";
import { buildFirmware, coldOutfile } from "../../build";
import { COLD, coldFileName } from "../../build/cold";
import { detokenise, flashedPath, pretokenise } from "../../hw/pretokenise";

/** The program's tokens as JavaScript reads them: kind and value. The tokeniser writes a string
 *  given to atob() as its bytes, and a template without substitutions as a plain string: both are
 *  compared as the string they make. */
function tokens(code: string): string[] {
  const raw: string[] = [];
  acorn.parse(code, {
    ecmaVersion: 2020,
    onToken: (t) => {
      const v = (t as unknown as { value: unknown }).value;
      raw.push(t.type.label + ":" + (v && typeof v === "object" ? String((v as { pattern: string }).pattern) + "/" + (v as { flags: string }).flags : String(v)));
    },
  });
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "name:atob" && raw[i + 1] === "(:undefined" && raw[i + 2].startsWith("string:") && raw[i + 3] === "):undefined") {
      out.push("string:" + Buffer.from(raw[i + 2].slice(7), "base64").toString("latin1"));
      i += 3;
    } else if (raw[i] === "`:undefined" && raw[i + 1].startsWith("template:") && raw[i + 2] === "`:undefined") {
      out.push("string:" + raw[i + 1].slice(9));
      i += 2;
    } else out.push(raw[i]);
  }
  return out;
}

const bytes = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe("the program as flashed (pretokenised)", () => {
  it("reads back as the plain bundle, token for token, and is smaller", async () => {
    const built = await buildFirmware();
    const plain = readFileSync(built.path, "utf8");
    const flashed = readFileSync(flashedPath(built.path)).toString("latin1");
    expect(flashed).toBe(pretokenise(plain));
    expect(tokens(detokenise(flashed))).toEqual(tokens(plain));
    expect(flashed.length).toBeLessThan(plain.length);
  }, 60_000);

  it.each(COLD.map((c) => [c.name, c] as const))("the %s file as flashed reads back as the bundle the board double runs", async (_name, c) => {
    const built = await buildFirmware();
    const plain = readFileSync(join(dirname(built.path), coldOutfile(c)), "utf8");
    const flashed = readFileSync(built.cold[c.name].path).toString("latin1");
    expect(flashed).toBe(pretokenise(plain));
    expect(tokens(detokenise(flashed))).toEqual(tokens(plain));
    // the program loads it by that name, which its content gives
    expect(readFileSync(built.path, "utf8")).toContain('"' + coldFileName(c, flashed) + '"');
    expect(basename(built.cold[c.name].path)).toBe(coldFileName(c, flashed));
  }, 60_000);

  it("writes operators, reserved words, strings and integers as src/jslex.c reads them", () => {
    // LEX_TYPEEQUAL 139, LEX_R_IF 163, LEX_R_RETURN 171; "x" as LEX_RAW_STRING8; 1 as LEX_RAW_INT8 (-1 after
    // `=` as one, -1),
    // 300 as LEX_RAW_INT16 (low byte first), 0 as LEX_RAW_INT0; 1.5 and 70000 stay text
    expect(bytes(pretokenise("if(a===-1)return'x';b=-1;c=0;f=300;d=1.5;e=70000"))).toEqual([
      163, ...bytes("(a"), 139, 45, 212, 1, ...bytes(")"), 171, 209, 1, ...bytes("x;b="), 212, 255, ...bytes(";c="), 211,
      ...bytes(";f="), 213, 44, 1, ...bytes(";d=1.5;e=70000")]);
    expect(detokenise(pretokenise("if(a===-1)return'x';b=300;c=-200;d=1.5"))).toBe('if(a===-1)return"x";b=300;c=-200;d=1.5');
    // a word after a token byte, and a number after a word, stay apart
    expect(detokenise(pretokenise("var a=typeof b;return c in d"))).toBe("var a=typeof b;return c in d");
  });

  it("knows every token byte the tokeniser writes, and refuses one jslex.c does not know", () => {
    const ops = ["==", "===", "!=", "!==", "<=", "<<", "<<=", ">=", ">>", ">>>", ">>=", ">>>=", "+=", "-=", "*=", "/=", "%=", "&=", "&&", "|=", "||", "^="];
    for (const op of ops) expect(detokenise(pretokenise("a" + op + "b")), op).toBe("a" + op + "b");
    expect(detokenise(pretokenise("a++;b--;f=x=>x"))).toBe("a++;b--;f=x=>x");
    const words = "do{new A(this)}while(false);for(x of y)continue;for(k in o)break;switch(v){case null:default:delete o.k}" +
      "try{throw void 0}catch(e){}finally{}class B extends A{static s(){super.s(undefined instanceof A,true)}}debugger;let l;const c=1;function f(){}";
    expect(tokens(detokenise(pretokenise(words)))).toEqual(tokens(words));
    expect(() => detokenise("\xff")).toThrow(/no token/);
  });
});
