// The bundle as flashed: pretokenised by the espruino package's own tokeniser (plugins/pretokenise.js,
// what `--config PRETOKENISE=2` makes the CLI do on upload). Espruino's lexer (src/jslex.c) takes a
// byte ≥ 0x80 as a whole token: operators and reserved words become one byte, string literals raw
// bytes behind a length (no quotes, no escapes; on the board, one longer than a jsvar stays in flash
// when read), small integers one to three bytes, and the whitespace between tokens goes. Node only
// (the build and the tests): nothing of it is in the bundle.
//
// detokenise() reads such a file back as jslex.c does, so that a test can check that the flashed
// file is the tested bundle, token for token.

import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { runInNewContext } from "node:vm";

type Tokenise = (code: string) => string;

let tokeniser: Tokenise | null = null;

/** The plugin, run with the little of EspruinoTools it uses; PRETOKENISE 2: strings and integers too
 *  (Espruino 2v25.396 and later; the board runs 2v25+, hw/README.md). */
function load(): Tokenise {
  if (tokeniser) return tokeniser;
  const req = createRequire(createRequire(import.meta.url).resolve("espruino/package.json"));
  const plugin: { tokenise?: Tokenise } = {};
  const Espruino = {
    Config: { PRETOKENISE: 2, SAVE_ON_SEND: 1 },
    Core: {
      Config: { add: () => undefined },
      Env: { getBoardData: () => ({}) },
      Utils: { atob: (s: string) => Buffer.from(s, "base64").toString("latin1") },
    },
    addProcessor: () => undefined,
    Plugins: {} as Record<string, { tokenise?: Tokenise }>,
  };
  runInNewContext(readFileSync(req.resolve("espruino/plugins/pretokenise.js"), "utf8"), { acorn: req("acorn"), Espruino, console });
  Object.assign(plugin, Espruino.Plugins.Pretokenise);
  if (!plugin.tokenise) throw new Error("espruino/plugins/pretokenise.js: no tokenise()");
  tokeniser = plugin.tokenise;
  return tokeniser;
}

/** The bundle as the board gets it: one character per byte (latin1). */
export function pretokenise(code: string): string {
  return load()(code);
}

/** Where the file flashed lies beside the bundle: dist/clock.js → dist/clock.flash.js. */
export function flashedPath(bundlePath: string): string {
  return bundlePath.replace(/\.js$/, ".flash.js");
}

/** Writes the file flashed beside the bundle (build.ts calls it); its size in bytes. */
export function writeFlashed(bundlePath: string, code: string): number {
  const bytes = Buffer.from(pretokenise(code), "latin1");
  writeFileSync(flashedPath(bundlePath), bytes);
  return bytes.length;
}

/** The size of the file flashed, as written by the last build. */
export function flashedBytes(bundlePath: string): number {
  return statSync(flashedPath(bundlePath)).size;
}

/** Bytes 138 … 162 and 163 … 198 of jslex.h (LEX_EQUAL … LEX_ARROW_FUNCTION, LEX_R_IF … LEX_R_OF). */
const TOKENS = ["==", "===", "!=", "!==", "<=", "<<", "<<=", ">=", ">>", ">>>", ">>=", ">>>=", "+=", "-=", "++", "--",
  "*=", "/=", "%=", "&=", "&&", "|=", "||", "^=", "=>",
  "if", "else", "do", "while", "for", "break", "continue", "function", "return", "var", "let", "const", "this", "throw",
  "try", "catch", "finally", "true", "false", "null", "undefined", "new", "in", "instanceof", "switch", "case", "default",
  "delete", "typeof", "void", "debugger", "class", "extends", "super", "static", "of"];
const FIRST = 138;
const NULLISH = 208; // LEX_NULLISH, `??`
const RAW_STRING8 = 209;
const RAW_STRING16 = 210;
const RAW_INT0 = 211;
const RAW_INT8 = 212;
const RAW_INT16 = 213;

function quoted(s: string): string {
  return '"' + s.replace(/[\\"\x00-\x1f\x7f-\xff]/g, (c) => "\\x" + c.charCodeAt(0).toString(16).padStart(2, "0")) + '"';
}

/** The source text jslex.c reads from a pretokenised file: each token byte as its text, a raw
 *  string quoted, a raw integer in decimal (INT8 and INT16 signed, low byte first), with a space
 *  where two words would otherwise run together. Throws on a byte jslex.c does not know. */
export function detokenise(tok: string): string {
  let out = "";
  const word = (c: string) => /[A-Za-z0-9_$]/.test(c);
  const put = (text: string, isToken: boolean) => {
    if (out.length > 0 && isToken && word(out[out.length - 1]) && word(text[0])) out += " ";
    out += text;
  };
  let lastWasToken = false;
  for (let i = 0; i < tok.length; i++) {
    const ch = tok.charCodeAt(i);
    if (ch < 0x80) {
      const c = tok[i];
      if (lastWasToken && word(c) && out.length > 0 && word(out[out.length - 1])) out += " ";
      out += c;
      lastWasToken = false;
      continue;
    }
    let text: string;
    if (ch >= FIRST && ch < FIRST + TOKENS.length) text = TOKENS[ch - FIRST];
    else if (ch === NULLISH) text = "??";
    else if (ch === RAW_STRING8 || ch === RAW_STRING16) {
      const len = ch === RAW_STRING8 ? tok.charCodeAt(i + 1) : tok.charCodeAt(i + 1) | (tok.charCodeAt(i + 2) << 8);
      const at = i + (ch === RAW_STRING8 ? 2 : 3);
      text = quoted(tok.substr(at, len));
      i = at + len - 1;
    } else if (ch === RAW_INT0) text = "0";
    else if (ch === RAW_INT8) {
      text = String((tok.charCodeAt(i + 1) << 24) >> 24);
      i += 1;
    } else if (ch === RAW_INT16) {
      text = String(((tok.charCodeAt(i + 1) | (tok.charCodeAt(i + 2) << 8)) << 16) >> 16);
      i += 2;
    } else throw new Error("byte " + ch + " at " + i + " is no token of Espruino's lexer");
    // a negative integer after an operator: keep it apart from a `-` or `+` before it
    if (text[0] === "-" && /[-+]$/.test(out)) out += " ";
    put(text, true);
    lastWasToken = true;
  }
  return out;
}
