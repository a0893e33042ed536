// An estimate of the jsvars (Espruino's 14–16-byte variable blocks) the firmware's data would take
// on the board. Method: walk every value the firmware can still reach, from the global object and,
// in the deep walk, through the variables its closures capture (read with node:inspector, which
// sees a function's [[Scopes]]), skipping what the interpreter itself provides (built-in globals,
// prototypes, pins: they live in flash). Each value is charged as Espruino stores it (src/jsvar.h):
//   object or array: 1, plus per property 1 for the name (+1 per 12 more characters past 8)
//     and its value; an int from -8,192 to 8,191 is packed into its name's block (an object's key
//     or an array's index), and so is a boolean under an array index: no extra block;
//   number, boolean, null, undefined: 1;  string: 1 per 10 characters, or 1 when it points into
//     memory-mapped flash (Storage.read, and a substr/substring/slice of such a string);
//   typed array: 1 view + 1 ArrayBuffer + its bytes as a flat string (1 + bytes / 12); one made of
//     a string mapped from flash (E.toArrayBuffer): the view, the ArrayBuffer and that string;
//   a getter: its name and its function;  an event listener: 2, and its function, while its object lives;
//   function: 3 (the function, its scope link, its code: the code itself stays in flash when the
//     program runs from .bootcde) + 1 per parameter; a captured scope: 1 + its variables.
// Code text is not counted. It is an estimate: V8 and Espruino lay data out differently. The sizes
// were checked against process.memory() and E.getSizeOf on Espruino 2v29's Linux build made as the
// Jolt.js is (12,000 jsvars of 14 bytes): strings of 816 and 960 characters, 1,000-byte typed arrays,
// functions, objects and arrays of ints and strings, the bundle at boot and over a game.

export const JOLT_JSVARS = 12000;

export interface JsVarEstimate {
  total: number;
  objects: number;
  strings: number;
  arrays: number;
  functions: number;
  buffers: number;
}

export interface WalkOptions {
  /** Values not to count, nor walk into (the interpreter's own). */
  builtin?: WeakSet<object>;
  /** Global names the interpreter defines. */
  builtinNames?: Set<string>;
  /** The values a function's closures capture (deep walk); none by default. */
  scopesOf?: (f: Function) => unknown[];
  /** Whether a function is the firmware's own (from its code), not one the interpreter provides. */
  isFirmware?: (f: Function) => boolean;
  /** Whether a string points into memory-mapped flash (Storage.read and cuts of it): 1 jsvar. */
  mapped?: (s: string) => boolean;
  /** Whether an ArrayBuffer is made of such a string (E.toArrayBuffer): its bytes stay in flash. */
  inFlash?: (b: object) => boolean;
  /** What the interpreter keeps on an object beside its properties (its event listeners): walked
   *  with the object, 2 jsvars each (the "#on…" name and its link). */
  attached?: (o: object) => unknown[];
  /** Told each value walked and the jsvars charged to it (its own block, names, packed values,
   *  captured scopes), to break the total down. */
  charge?: (v: object, n: number) => void;
}

/** The ints a name's block holds as its value (jsvMakeIntoVariableName): a 14-bit reference's range
 *  with 12,000 jsvars (src/jsutils.h, JSVARREF_BITS). */
const REF_MIN = -8192;
const REF_MAX = 8191;

function stringVars(n: number): number {
  return n <= 10 ? 1 : 1 + Math.ceil((n - 10) / 10);
}

function nameVars(k: string): number {
  return k.length <= 8 ? 1 : 1 + Math.ceil((k.length - 8) / 12);
}

export function estimateJsVars(roots: unknown[], o: WalkOptions = {}): JsVarEstimate {
  const est: JsVarEstimate = { total: 0, objects: 0, strings: 0, arrays: 0, functions: 0, buffers: 0 };
  const seen = new WeakSet<object>();
  const queue: unknown[] = roots.slice();
  const isRootGlobal = new WeakSet<object>();
  for (const r of roots) if (r && typeof r === "object" && o.builtinNames) isRootGlobal.add(r);
  // where an int (or, under an array index, a boolean) can sit in its name's block
  const value = (v: unknown, packedInt: false | "index" | "name"): number => {
    if (v === null || v === undefined) return 1;
    if (typeof v === "boolean") return packedInt === "index" ? 0 : 1;
    if (typeof v === "number") return packedInt && Number.isInteger(v) && v >= REF_MIN && v <= REF_MAX ? 0 : 1;
    if (typeof v === "string") {
      const n = o.mapped && o.mapped(v) ? 1 : stringVars(v.length);
      est.strings += n;
      return n;
    }
    if (typeof v === "object" || typeof v === "function") {
      queue.push(v);
      return 0; // counted when walked
    }
    return 1;
  };
  while (queue.length) {
    const v = queue.pop();
    if (v === null || (typeof v !== "object" && typeof v !== "function")) {
      est.total += value(v, false);
      continue;
    }
    const obj = v as object;
    // the global object is the interpreter's, but what the firmware put in it is not
    if (seen.has(obj) || (o.builtin && o.builtin.has(obj) && !isRootGlobal.has(obj))) continue;
    seen.add(obj);
    if (typeof obj === "function" && o.isFirmware && !o.isFirmware(obj as Function)) continue; // the interpreter's
    const n = bufferBytes(obj);
    if (n >= 0) {
      // a view of flash: the view, its ArrayBuffer and the mapped string it points into
      const flash = o.inFlash !== undefined && o.inFlash(ArrayBuffer.isView(obj) ? obj.buffer : obj);
      const c = flash ? (ArrayBuffer.isView(obj) ? 3 : 2) : 2 + 1 + Math.ceil(n / 12);
      est.buffers += c;
      est.total += c;
      if (o.charge) o.charge(obj, c);
      continue;
    }
    let own = 1;
    if (o.attached) for (const l of o.attached(obj)) own += 2 + value(l, false);
    const isArray = Array.isArray(obj);
    if (typeof obj === "function") {
      own = 3 + (obj as Function).length;
      est.functions += own;
      if (o.scopesOf) for (const s of o.scopesOf(obj as Function)) own += 1 + value(s, "name");
    } else if (isArray) est.arrays++;
    else est.objects++;
    let keys: string[];
    try {
      keys = Object.getOwnPropertyNames(obj);
    } catch {
      keys = [];
    }
    for (const k of keys) {
      if (typeof obj === "function" && (k === "length" || k === "name" || k === "prototype" || k === "arguments" || k === "caller")) {
        if (k === "prototype") {
          const p = (obj as { prototype?: object }).prototype;
          if (p && Object.getOwnPropertyNames(p).length > 1) queue.push(p);
        }
        continue;
      }
      if (isArray && k === "length") continue;
      if (isRootGlobal.has(obj) && o.builtinNames && o.builtinNames.has(k)) continue;
      const d = Object.getOwnPropertyDescriptor(obj, k);
      if (d && d.get) {
        // a getter (esbuild's module namespaces): its name and the function
        own += nameVars(k) + value(d.get, false);
        continue;
      }
      if (!d || !("value" in d)) continue;
      const index = isArray && /^\d+$/.test(k);
      own += (index ? 1 : nameVars(k)) + value(d.value, index ? "index" : "name");
    }
    const proto = Object.getPrototypeOf(obj);
    if (proto && !(o.builtin && o.builtin.has(proto))) queue.push(proto);
    est.total += own;
    if (o.charge) o.charge(obj, own);
  }
  return est;
}

/** The bytes of a typed array or ArrayBuffer (of any realm); -1 for anything else, prototypes included. */
function bufferBytes(o: object): number {
  if (ArrayBuffer.isView(o)) return o.byteLength;
  if (Object.prototype.toString.call(o) !== "[object ArrayBuffer]") return -1;
  try {
    return (o as ArrayBuffer).byteLength;
  } catch {
    return -1;
  }
}

/** Everything reachable from the given values, to mark as the interpreter's own. */
export function markBuiltin(roots: unknown[], into: WeakSet<object>): void {
  const queue = roots.slice();
  while (queue.length) {
    const v = queue.pop();
    if (v === null || (typeof v !== "object" && typeof v !== "function")) continue;
    const obj = v as object;
    if (into.has(obj)) continue;
    into.add(obj);
    for (const k of Object.getOwnPropertyNames(obj)) {
      const d = Object.getOwnPropertyDescriptor(obj, k);
      if (d && "value" in d) queue.push(d.value);
    }
    queue.push(Object.getPrototypeOf(obj));
  }
}
