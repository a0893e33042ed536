// Flash and require("Storage"), as src/jsflash.c (jsfWriteFile) and src/jswrap_storage.c do it:
// - erased flash reads 0xFF; a file is created with a size and filled later at increasing offsets;
// - writing over bytes that are not all 0xFF throws "File already written with different data"
//   (the check is "is it erased", so even the same bytes again throw);
// - write(name, data) at offset 0 replaces a file unless it is identical: the old one is erased
//   first, then the new one is created, then its bytes are written (a power cut in between leaves
//   the new file half written, or empty);
// - names are cut to 28 characters; writeJSON drops the quotes of keys (read it with readJSON).
// - erased files are trash until a compaction, which Storage.write starts by itself when a new file
//   does not fit in the free space; compaction keeps the CPU busy for seconds (compactMs), and each
//   one is logged, so a test can tell when the clock stalled.
// The power cut: arm it with cutAfter(n) and the next write stops after n bytes of data, the rest of
// flash staying as it was; the board then loses power (the world reboots it).

import type { Realm } from "./realm";

export const JOLT_STORAGE_BYTES = 100 * 4096;
const HEADER = 32;
const NAME_MAX = 28;
const PAGE = 4096;

export interface FlashFile {
  name: string;
  bytes: Uint8Array;
  flags: number;
}

/** Thrown into firmware code at the instant power is lost; nothing it does after counts. */
export const HALT = { halt: "power lost" };

export class Flash {
  files = new Map<string, FlashFile>();
  capacity: number;
  trash = 0;
  private cut: number | null = null;
  /** Set at a power cut: a dead board writes nothing. Cleared at boot. */
  frozen = false;
  /** Called when an armed cut fires (the world then kills and reboots the board). */
  onCut: () => void = () => {};
  writes = 0;
  bytesWritten = 0;
  /** Every write, with the world time it was made (ms). */
  log: { t: number; name: string; offset: number; length: number }[] = [];
  /** Every compaction: when (world ms), whether Storage.write started it by itself (auto) or the
   *  firmware called compact(), the trash it reclaimed and how long the CPU was busy (ms). */
  compactions: { t: number; auto: boolean; trash: number; ms: number }[] = [];
  /** World ms now (set by the world). */
  now: () => number = () => 0;
  /** Keeps the CPU busy while flash is programmed (set by the world): the nRF52840 takes about
   *  41 µs a 32-bit word (NVMC tWRITE), so a 128-byte record blocks for 1.3 ms. */
  busy: (ms: number) => void = () => {};

  constructor(capacity = JOLT_STORAGE_BYTES) {
    this.capacity = capacity;
  }

  /** The next write stops after n more bytes of data, and the power goes. */
  cutAfter(n: number): void {
    this.cut = Math.max(0, Math.floor(n));
  }

  disarm(): void {
    this.cut = null;
  }

  get armed(): boolean {
    return this.cut !== null;
  }

  /** Puts a file into flash as `espruino --storage name:file` does (no power cut applies). */
  load(name: string, bytes: Uint8Array | string): void {
    const b = typeof bytes === "string" ? latin1Bytes(bytes) : bytes;
    const f = this.create(name.slice(0, NAME_MAX), b.length, 0);
    f.bytes.set(b);
  }

  read(name: string): Uint8Array | null {
    const f = this.files.get(name.slice(0, NAME_MAX));
    return f ? f.bytes : null;
  }

  used(): number {
    let u = 0;
    for (const f of this.files.values()) u += space(f.bytes.length);
    return u;
  }

  free(): number {
    return this.capacity - this.used() - this.trash;
  }

  private create(name: string, size: number, flags: number): FlashFile {
    if (space(size) > this.capacity - this.used()) throw new Error("no room");
    if (space(size) > this.free()) this.compact(true); // Espruino compacts when it has to
    const f: FlashFile = { name, bytes: new Uint8Array(size).fill(0xff), flags };
    this.files.delete(name);
    this.files.set(name, f);
    return f;
  }

  /** Reclaims the trash. The CPU is busy meanwhile: as an upper bound, every file is moved (85 ms
   *  to erase each 4 KB page, nRF52840 tERASEPAGE, plus 41 µs to program each word). */
  compact(auto: boolean): void {
    const ms = compactMs(this.used());
    this.compactions.push({ t: this.now(), auto, trash: this.trash, ms });
    this.trash = 0;
    this.busy(ms);
  }

  erase(name: string): void {
    const f = this.files.get(name);
    if (!f) return;
    this.trash += space(f.bytes.length);
    this.files.delete(name);
  }

  /** jsfWriteFile. Returns false, or throws a message (the caller makes it an Error). */
  write(rawName: string, data: Uint8Array, offset: number, sizeIn: number): boolean {
    if (this.frozen) throw HALT;
    if (offset < 0 || sizeIn < 0) return false;
    const name = rawName.slice(0, NAME_MAX);
    const size = sizeIn === 0 ? data.length : sizeIn;
    if (!size) throw new FlashError("Can't create zero length file");
    let f = this.files.get(name) ?? null;
    const replace = f !== null && offset === 0 && (f.bytes.length !== size || !erased(f.bytes, 0, size));
    if ((f === null && offset === 0) || replace) {
      if (f && f.bytes.length === size && data.length === size && equal(f.bytes, data)) return true;
      if (f) this.erase(name);
      try {
        f = this.create(name, size, 0);
      } catch {
        f = null;
      }
    }
    if (!f) throw new FlashError("Unable to find or create file");
    if (offset + data.length > f.bytes.length) throw new FlashError("Too much data for file size");
    if (!erased(f.bytes, offset, data.length)) throw new FlashError("File already written with different data");
    this.writes++;
    this.log.push({ t: this.now(), name, offset, length: data.length });
    for (let i = 0; i < data.length; i++) {
      if (this.cut !== null && this.cut-- <= 0) {
        this.cut = null;
        this.frozen = true;
        this.onCut();
        throw HALT;
      }
      f.bytes[offset + i] &= data[i]; // programming flash only clears bits
      this.bytesWritten++;
    }
    this.busy(Math.ceil(data.length / 4) * 0.041);
    return true;
  }
}

export class FlashError extends Error {}

function space(size: number): number {
  return HEADER + ((size + 3) & ~3);
}

function compactMs(bytes: number): number {
  return Math.ceil(bytes / PAGE) * 85 + Math.ceil((bytes / 4) * 0.041);
}

function erased(b: Uint8Array, from: number, n: number): boolean {
  for (let i = from; i < from + n && i < b.length; i++) if (b[i] !== 0xff) return false;
  return true;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function latin1Bytes(s: string): Uint8Array {
  let wide = false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) wide = true;
  if (wide) return new Uint8Array(Buffer.from(s, "utf8"));
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

export function bytesToLatin1(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 4096) s += String.fromCharCode.apply(null, Array.prototype.slice.call(b, i, i + 4096) as number[]);
  return s;
}

/** The bytes Espruino takes from a value it writes (JSV_GET_AS_CHAR_ARRAY). */
export function bytesOf(v: unknown): Uint8Array {
  if (typeof v === "string") return latin1Bytes(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength).slice();
  if (v instanceof Object && Object.prototype.toString.call(v) === "[object ArrayBuffer]") return new Uint8Array(v as ArrayBuffer).slice();
  if (Array.isArray(v)) return Uint8Array.from(v.map((x) => Number(x) & 255));
  return latin1Bytes(String(v));
}

// --- JSON as Espruino writes and reads it ------------------------------------------------------

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** writeJSON's text: keys without quotes when they are identifiers (JSON_DROP_QUOTES). */
export function espruinoJSON(v: unknown): string | undefined {
  if (v === null) return "null";
  if (v === undefined || typeof v === "function") return undefined;
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
  if (typeof v === "boolean") return String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (ArrayBuffer.isView(v)) return "[" + Array.prototype.join.call(v, ",") + "]";
  if (Array.isArray(v)) return "[" + v.map((x) => espruinoJSON(x) ?? "null").join(",") + "]";
  const o = v as Record<string, unknown>;
  if (typeof o.toJSON === "function") return espruinoJSON((o.toJSON as () => unknown)());
  const parts: string[] = [];
  for (const k of Object.keys(o)) {
    const s = espruinoJSON(o[k]);
    if (s !== undefined) parts.push((IDENT.test(k) ? k : JSON.stringify(k)) + ":" + s);
  }
  return "{" + parts.join(",") + "}";
}

/** readJSON's parser (jswrap_json_parse_liberal): also takes unquoted keys and single quotes. */
export function parseLiberal(text: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    throw new FlashError("Got " + (i < text.length ? JSON.stringify(text[i]) : "EOF") + " expected " + what);
  };
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const str = (): string => {
    const q = text[i++];
    let out = "";
    while (i < text.length && text[i] !== q) {
      if (text[i] === "\\") {
        const c = text[i + 1];
        i += 2;
        if (c === "n") out += "\n";
        else if (c === "t") out += "\t";
        else if (c === "r") out += "\r";
        else if (c === "x") { out += String.fromCharCode(parseInt(text.substr(i, 2), 16)); i += 2; }
        else if (c === "u") { out += String.fromCharCode(parseInt(text.substr(i, 4), 16)); i += 4; }
        else out += c;
      } else out += text[i++];
    }
    if (i >= text.length) fail("end of string");
    i++;
    return out;
  };
  const value = (): unknown => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const o: Record<string, unknown> = {};
      ws();
      while (text[i] !== "}") {
        ws();
        let k: string;
        if (text[i] === '"' || text[i] === "'") k = str();
        else {
          const m = /^[A-Za-z0-9_$]+/.exec(text.slice(i));
          if (!m) return fail("a key");
          k = m[0];
          i += k.length;
        }
        ws();
        if (text[i++] !== ":") fail("':'");
        o[k] = value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] !== "}") fail("',' or '}'");
        ws();
      }
      i++;
      return o;
    }
    if (c === "[") {
      i++;
      const a: unknown[] = [];
      ws();
      while (text[i] !== "]") {
        a.push(value());
        ws();
        if (text[i] === ",") i++;
        else if (text[i] !== "]") fail("',' or ']'");
        ws();
      }
      i++;
      return a;
    }
    if (c === '"' || c === "'") return str();
    const m = /^(-?(0x[0-9a-fA-F]+|\d+(\.\d+)?([eE][+-]?\d+)?)|true|false|null|undefined)/.exec(text.slice(i));
    if (!m) return fail("a value");
    i += m[0].length;
    if (m[0] === "true") return true;
    if (m[0] === "false") return false;
    if (m[0] === "null") return null;
    if (m[0] === "undefined") return undefined;
    return Number(m[0]);
  };
  const v = value();
  ws();
  if (i < text.length) fail("EOF");
  return v;
}

// --- the module the firmware gets from require("Storage") ---------------------------------------

export function storageModule(realm: Realm, flash: Flash, origins: Origins): Record<string, unknown> {
  const m = realm.object();
  const err = (e: unknown): never => {
    if (e === HALT) throw HALT;
    throw realm.error("Error", e instanceof Error ? e.message : String(e));
  };
  const name = (n: unknown) => String(n);
  m.read = (n: unknown, offset?: number, length?: number) => {
    const b = flash.read(name(n));
    if (!b) return undefined;
    let off = Math.max(0, Math.floor(Number(offset) || 0));
    let len = Math.floor(Number(length) || 0);
    if (len <= 0) len = b.length;
    if (off > b.length) off = b.length;
    if (off + len > b.length) len = b.length - off;
    const s = bytesToLatin1(b.subarray(off, off + len));
    origins.noteString(s, name(n), off);
    origins.noteMapped(s);
    return s;
  };
  m.readArrayBuffer = (n: unknown) => {
    const b = flash.read(name(n));
    if (!b) return undefined;
    const ab = realm.arrayBuffer(b.length);
    realm.u8(ab).set(b);
    origins.noteBuffer(ab, name(n), 0);
    return ab;
  };
  m.readJSON = (n: unknown, noExceptions?: unknown) => {
    const b = flash.read(name(n));
    if (!b) return undefined;
    try {
      const v = parseLiberal(bytesToLatin1(b));
      return v === undefined ? undefined : realm.parse(JSON.stringify(v));
    } catch (e) {
      if (noExceptions) return undefined;
      throw realm.error("SyntaxError", e instanceof Error ? e.message : String(e));
    }
  };
  m.write = (n: unknown, data: unknown, offset?: unknown, size?: unknown) => {
    try {
      const isObject = data !== null && typeof data === "object" && !Array.isArray(data) && !ArrayBuffer.isView(data) &&
        Object.prototype.toString.call(data) !== "[object ArrayBuffer]";
      if (isObject) return flash.write(name(n), latin1Bytes(JSON.stringify(data)), 0, 0);
      return flash.write(name(n), bytesOf(data), Math.floor(Number(offset) || 0), Math.floor(Number(size) || 0));
    } catch (e) {
      return err(e);
    }
  };
  m.writeJSON = (n: unknown, data: unknown) => {
    try {
      return flash.write(name(n), latin1Bytes(espruinoJSON(data) ?? ""), 0, 0);
    } catch (e) {
      return err(e);
    }
  };
  m.erase = (n: unknown) => {
    if (flash.frozen) throw HALT;
    flash.erase(name(n).slice(0, 28));
  };
  m.eraseAll = () => {
    if (flash.frozen) throw HALT;
    flash.files.clear();
    flash.trash = 0;
  };
  m.list = (re?: { test(s: string): boolean }, filter?: { sf?: boolean }) => {
    let names = Array.from(flash.files.keys());
    if (re && typeof re.test === "function") names = names.filter((x) => re.test(x));
    if (filter && filter.sf === true) names = [];
    return realm.array(names);
  };
  m.getFree = () => flash.free();
  m.getStats = () => {
    const o = realm.object();
    o.totalBytes = flash.capacity;
    o.freeBytes = flash.free();
    o.fileBytes = flash.used();
    o.fileCount = flash.files.size;
    o.trashBytes = flash.trash;
    o.trashCount = flash.trash > 0 ? 1 : 0;
    return o;
  };
  m.compact = () => {
    if (flash.frozen) throw HALT;
    flash.compact(false);
  };
  m.debug = () => undefined;
  m.open = () => {
    throw realm.error("Error", "the board double does not emulate StorageFile (Storage.open)");
  };
  return m;
}

/** Where the bytes of a string or buffer came from in flash (to name the clip a Waveform plays). */
export class Origins {
  private strings = new Map<string, { file: string; offset: number }>();
  private buffers = new WeakMap<object, { file: string; offset: number }>();
  /** Contents read with Storage.read: on the board such a string is one jsvar pointing into the
   *  memory-mapped flash, and so is a substr, substring or slice of it (jsvNewFromStringVar). Kept
   *  by content (a string has no identity here); a RAM string equal to a whole flash read is unlikely. */
  private mapped = new Set<string>();

  noteMapped(s: string): void {
    if (s.length > 10) this.mapped.add(s);
  }

  isMapped(s: string): boolean {
    return s.length > 10 && this.mapped.has(s);
  }

  noteString(s: string, file: string, offset: number): void {
    if (s.length < 64) return;
    this.strings.set(s, { file, offset });
    if (this.strings.size > 256) this.strings.delete(this.strings.keys().next().value as string);
  }

  /** An ArrayBuffer made of a mapped string (E.toArrayBuffer): on the board a view of the flash. */
  private inFlash = new WeakSet<object>();

  noteFlash(b: object): void {
    this.inFlash.add(b);
  }

  isFlash(b: object): boolean {
    return this.inFlash.has(b);
  }

  noteBuffer(b: object, file: string, offset: number): void {
    this.buffers.set(b, { file, offset });
  }

  ofString(s: string): { file: string; offset: number } | null {
    return this.strings.get(s) ?? null;
  }

  ofBuffer(b: object): { file: string; offset: number } | null {
    return this.buffers.get(b) ?? null;
  }
}
