// The JavaScript world the bundle runs in: a node:vm context holding only what Espruino 2v29 has.
// V8's built-ins that Espruino lacks are deleted from the context (shared/ESPRUINO.md lists them),
// so the firmware meets a ReferenceError or "not a function" on the desk exactly where the board
// would. Values the double hands to the firmware are made inside the context (its own Array,
// Uint8Array, Error), so `instanceof` behaves as it does on the board.

import vm from "node:vm";

/** Globals of V8 that Espruino does not have. */
const MISSING_GLOBALS = [
  "Map", "Set", "WeakMap", "WeakSet", "Symbol", "Proxy", "Reflect", "BigInt", "BigInt64Array", "BigUint64Array",
  "RangeError", "EvalError", "URIError", "AggregateError", "Intl", "WebAssembly", "SharedArrayBuffer", "Atomics",
  "FinalizationRegistry", "WeakRef", "escape", "unescape",
];

/** Methods of V8's built-ins that Espruino does not have (owner, name). */
const MISSING_METHODS: [string, string][] = [
  ["Array", "from"], ["Array", "of"], ["Array.prototype", "flat"], ["Array.prototype", "flatMap"],
  ["Array.prototype", "lastIndexOf"], ["Math", "trunc"], ["Math", "hypot"], ["Math", "imul"],
  ["Number", "isInteger"], ["Number", "EPSILON"], ["Number", "MAX_SAFE_INTEGER"], ["Object", "freeze"],
  ["Object", "seal"], ["Object", "is"], ["String.prototype", "trimStart"], ["String.prototype", "localeCompare"],
  ["Promise", "race"], ["Promise", "allSettled"], ["Promise.prototype", "finally"],
];

/** Makers that run inside the context, so what they make belongs to it. */
export interface Realm {
  context: vm.Context;
  global: Record<string, unknown>;
  array(items: unknown[]): unknown[];
  object(): Record<string, unknown>;
  u8(n: number | ArrayBuffer, offset?: number, length?: number): Uint8Array;
  u16(n: number): Uint16Array;
  arrayBuffer(n: number): ArrayBuffer;
  /** An exception of one of Espruino's classes: Error, TypeError, InternalError, ReferenceError. */
  error(kind: string, message: string): Error;
  /** JSON.parse of the context (objects it makes belong to the context). */
  parse(text: string): unknown;
  objectProto: object;
  functionProto: object;
  /** Drains promise reactions queued by the last callback (Espruino runs them before idling). */
  drain(): void;
  run(code: string, filename: string): unknown;
}

const MAKERS = `(function () {
  function InternalError(message) {
    if (!(this instanceof InternalError)) return new InternalError(message);
    this.message = message === undefined ? "" : "" + message;
  }
  InternalError.prototype = Object.create(Error.prototype);
  InternalError.prototype.constructor = InternalError;
  InternalError.prototype.toString = function () { return "InternalError: " + this.message; };
  var kinds = { Error: Error, TypeError: TypeError, ReferenceError: ReferenceError, SyntaxError: SyntaxError, InternalError: InternalError };
  return {
    InternalError: InternalError,
    array: function (a) { var r = []; for (var i = 0; i < a.length; i++) r.push(a[i]); return r; },
    object: function () { return {}; },
    u8: function (n, o, l) { return o === undefined ? new Uint8Array(n) : new Uint8Array(n, o, l); },
    u16: function (n) { return new Uint16Array(n); },
    arrayBuffer: function (n) { return new ArrayBuffer(n); },
    error: function (k, m) { return new (kinds[k] || Error)(m); },
    parse: function (t) { return JSON.parse(t); },
    objectProto: Object.prototype,
    functionProto: Function.prototype
  };
})()`;

// Espruino's JSON.stringify writes every character outside printable ASCII as \uXXXX (jsutils.c
// escapeCharacter, hex upper case), so on the board a reply is ASCII with no work of the firmware's.
const ESPRUINO_JSON = `(function () {
  var stringify = JSON.stringify;
  var hex = function (c) { return "\\\\u" + ("000" + c.charCodeAt(0).toString(16).toUpperCase()).slice(-4); };
  JSON.stringify = function (v, r, s) {
    var o = stringify(v, r, s);
    return typeof o === "string" ? o.replace(/[\\u007f-\\uffff]/g, hex) : o;
  };
})()`;

// Espruino 2v29's String indexOf (jswrap_string.c, the iterator path every board build takes)
// compares the sought text from each position to the string's end with "equal at the end of either
// string": past the last place a whole match could start, a position whose rest of the string is
// the start of the sought text counts as found. So "xyz".indexOf("zq") is 2 and
// " a b ".indexOf(" c ") is 4 on the board. includes() is the same search; lastIndexOf is right.
// The double does the same, so a firmware that trusts it fails here as it would on the board.
const ESPRUINO_INDEXOF = `(function () {
  var native = String.prototype.indexOf;
  function indexOf(sub, fromIndex) {
    var s = "" + this;
    sub = "" + sub;
    if (sub.length > s.length) return -1;
    var last = s.length - sub.length;
    var idx = 0;
    if (typeof fromIndex === "number" || typeof fromIndex === "boolean") {
      idx = Math.floor(+fromIndex) || 0;
      if (idx < 0) idx = 0;
      if (idx > last + 1) idx = last + 1;
    }
    if (idx >= s.length) return -1;
    var r = native.call(s, sub, idx);
    if (r >= 0) return r;
    for (var p = idx > last + 1 ? idx : last + 1; p < s.length; p++) if (native.call(sub, s.substring(p)) === 0) return p;
    return -1;
  }
  Object.defineProperty(String.prototype, "indexOf", { value: indexOf, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(String.prototype, "includes", { value: function (sub, fromIndex) { return indexOf.call(this, sub, fromIndex) >= 0; }, writable: true, configurable: true, enumerable: false });
})()`;

export function makeRealm(): Realm {
  const context = vm.createContext({}, { microtaskMode: "afterEvaluate", codeGeneration: { strings: true, wasm: false } });
  const strip = MISSING_GLOBALS.map((g) => "delete this." + g + ";").join("") +
    MISSING_METHODS.map(([o, m]) => "delete " + o + "." + m + ";").join("") + "delete this.console;";
  vm.runInContext(strip, context);
  vm.runInContext(ESPRUINO_JSON, context);
  vm.runInContext(ESPRUINO_INDEXOF, context);
  const m = vm.runInContext(MAKERS, context) as Record<string, never>;
  const drainScript = new vm.Script("0");
  const global = vm.runInContext("this", context) as Record<string, unknown>;
  Object.defineProperty(global, "InternalError", { value: m.InternalError, writable: true, configurable: true, enumerable: false });
  return {
    context,
    global,
    array: m.array,
    object: m.object,
    u8: m.u8,
    u16: m.u16,
    arrayBuffer: m.arrayBuffer,
    error: m.error,
    parse: m.parse,
    objectProto: m.objectProto,
    functionProto: m.functionProto,
    drain: () => drainScript.runInContext(context),
    run: (code, filename) => new vm.Script(code, { filename }).runInContext(context),
  };
}

/** Gives an object made by the double the context's prototypes, so it looks native to the firmware. */
export function adopt<T extends object>(realm: Realm, o: T): T {
  if (typeof o === "function") Object.setPrototypeOf(o, realm.functionProto);
  else Object.setPrototypeOf(o, realm.objectProto);
  return o;
}
