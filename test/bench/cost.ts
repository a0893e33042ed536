// The board-cost model: what the built bundle would cost on a Jolt.js (nRF52840 at 64 MHz running
// Espruino 2v29), estimated by counting what the interpreter does (test/double/ops.ts) and pricing
// each operation with costs calibrated against figures measured on the real interpreter
// (test/bench/calibration.ts; the method is in test/bench/COST.md).
//
// Use: `const b = await boardRig()` gives a ClockRig whose board double runs an instrumented copy of
// dist/clock.js and charges every callback its estimated board time as virtual time (so a slow
// callback delays the next wake, the face, a call, as on the board), and a meter:
//   b.meter.measure(() => b.rig.console("clock.status()"))   → { ms, ops } for one step;
//   b.meter.calls                                             → per callback: what, when, board ms;
//   b.meter.inclusive("draw.ts:refresh")                      → ms a call of that function, calls made.

import { readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ClockRig, firmware, type RigOptions } from "../double/rig";
import type { Device } from "../double/device";
import type { Mcu } from "../double/mcu";
import { alongside, instrument, tally, OPS, COUNTERS_GLOBAL, ENTER, EXIT, type Instrumented, type OpName } from "../double/ops";
import { COLD, OUT_PARAM, SHARED_PARAM, coldFileOf } from "../../build/cold";
import { labelFunctions } from "../double/srcmap";
import { msToTicks } from "../double/units";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Microseconds of board CPU per counted operation (calibration.ts fits and checks them). */
export type OpCosts = { [K in OpName]: number };

/** Board time of what the interpreter hands to C: ms per call and per unit. */
export interface NativeCosts {
  /** Any Graphics method: the call into C. */
  gfxCallMs: number;
  /** Per pixel a Graphics operation touches (fillRect area, drawString's box, drawImage's size). */
  gfxPixelMs: number;
  /** The SSD1306 module's flip(): its JavaScript (the module runs on the interpreter), without the bus. */
  flipMs: number;
  /** I2C.writeTo: the call, and per byte converted from its argument. */
  i2cCallMs: number;
  i2cByteMs: number;
  /** Storage.write: finding the file and writing its header, besides programming the words (the
   *  double already keeps the CPU busy 41 µs a word). */
  storageWriteMs: number;
  /** Storage.read/list/readArrayBuffer: walking the files' headers in flash. */
  storageReadMs: number;
  /** new Waveform / startOutput: setting up the buffer and the timer. */
  waveformMs: number;
  /** A sample of a clip playing: the Waveform's timer interrupt (the sample read, the PWM set), 8,000
   *  a second, outside any callback. The rig counted about 270 instructions a sample (the CPU work of
   *  a sleep while a clip plays, over its samples): 7.5 µs at 36.2 M a board second. */
  sampleMs: number;
  /** NRF.setAdvertising: its options looked up, the advertising data built, advertising stopped,
   *  configured and started again (SoftDevice calls). Not measured: taken as Waveform's set-up. */
  radioMs: number;
  /** Text handled in C, per call and per character: JSON.stringify (its result) and JSON.parse,
   *  E.CRC32, a RegExp's test or exec, USB/Bluetooth write. */
  textCallMs: number;
  textCharMs: number;
}

export interface CostModel {
  op: OpCosts;
  native: NativeCosts;
  /** Each kind of native work's costs (NATIVE_KINDS) times this: fitted to the real interpreter. */
  nativeScale: number[];
  /** Board ms a callback costs the interpreter besides its code, per kind of callback (WAKE_KINDS):
   *  its dispatch, and the idle loop's work around it. */
  wakeMs: number[];
  /** The deep walk's jsvars estimate (test/double/jsvars.ts) times this is the board's count. */
  jsvarsFactor: number;
}

/** The calibrated model: fitted to Espruino's own interpreter, path by path and commit by commit
 *  (real.ts fitReal, on real.json: every path of every commit measured within FIT (×1.01…×1.24) of its real
 *  figure, the single steps of steps.json within ×0.8…×1.25; cost.test.ts checks both and that these
 *  are the fit's costs). A cost of 0 is carried by others its work always comes with. */
export const MODEL: CostModel = {
  op: {
    tokens: 8.95, statements: 0, locals: 0, globals: 66.8, scanned: 0.649, members: 41.4, calls: 0, entries: 21.5, operators: 18.5, literals: 0, allocs: 0, passes: 57, coldTokens: 5.57, words: 0, fmods: 14.5, builtins: 142,
  },
  native: {
    gfxCallMs: 0.25, gfxPixelMs: 0.0009, flipMs: 50, i2cCallMs: 0.2, i2cByteMs: 0.005,
    storageWriteMs: 7.2, storageReadMs: 1.0, waveformMs: 0.5, sampleMs: 0.0075, radioMs: 0.5, textCallMs: 0.05, textCharMs: 0.001,
  },
  nativeScale: [0.582, 5.68, 0, 0, 2.85, 0.778],
  wakeMs: [10.7, 1.27, 6.8, 80.6],
  jsvarsFactor: 1.13,
};

/** The kinds of native work, each priced at NativeCosts times its nativeScale: Graphics and the
 *  display module's flip, I2C, Storage, the rest (Waveform's set-up, the radio), text handled in C,
 *  and the samples of clips played (their timer's interrupts, between the callbacks: BoardMeter.soundMs). */
export const NATIVE_KINDS = ["gfx", "i2c", "storage", "other", "text", "sound"];
/** The kind of the clips' samples (NATIVE_KINDS). */
export const SOUND_KIND = 5;

/** The kinds of callback, each with its dispatch's cost (CostModel.wakeMs): a pin's watch (a button
 *  edge), a timer, a Waveform's end (a clip played out), the rest (serial data, boot). */
export const WAKE_KINDS = ["watch", "timeout", "finish", "other"];

/** The kind of a callback (WAKE_KINDS) from what the double says ran it. */
export function wakeKind(what: string): number {
  const k = WAKE_KINDS.indexOf(what);
  return k >= 0 ? k : WAKE_KINDS.length - 1;
}

/** Board ms of native work, per kind at NativeCosts' prices, with a model's scales. */
export function nativeMs(kinds: ArrayLike<number>, m: CostModel = MODEL): number {
  let ms = 0;
  for (let k = 0; k < kinds.length; k++) ms += kinds[k] * (m.nativeScale[k] ?? 0);
  return ms;
}

/** Board ms of CPU for counted operations. */
export function cpuMs(ops: ArrayLike<number>, m: CostModel = MODEL): number {
  let us = 0;
  OPS.forEach((k, i) => (us += (ops[i] || 0) * m.op[k]));
  return us / 1000;
}

export interface InclusiveCall {
  /** World ms it returned. */
  at: number;
  ops: Float64Array;
  nativeMs: number;
}

export interface CallCost {
  what: string;
  /** World ms the callback started. */
  at: number;
  /** Board ms of CPU: the interpreter's operations, and the native work it called. */
  cpuMs: number;
  nativeMs: number;
  /** Its native work per kind (NATIVE_KINDS), at NativeCosts' prices (unscaled). */
  kinds: number[];
  /** Board ms from start to end, bus and flash waits included. */
  ms: number;
  ops: Float64Array;
}

/** Board ms of [from, to) spent in callbacks. */
export function busyMs(meter: BoardMeter, from: number, to: number): number {
  let busy = meter.soundMs(from, to);
  for (const c of meter.calls) {
    const a = Math.max(from, c.at);
    const b = Math.min(to, c.at + c.ms);
    if (b > a) busy += b - a;
  }
  return busy;
}

/** Share of [from, to) the board was busy: in callbacks, and playing clips' samples. */
export function busyShare(meter: BoardMeter, from: number, to: number): number {
  return busyMs(meter, from, to) / (to - from);
}

/** The median (the upper one of an even count); NaN of none. */
export function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : NaN;
}

/** Counts what the instrumented bundle does on one Device and prices it. */
export class BoardMeter {
  calls: CallCost[] = [];
  /** Whether the board's time is charged as virtual time (off: counted only, the double runs as fast
   *  as without the meter, e.g. to set a game up by the buttons before measuring). */
  charge = true;
  /** Per wrapped function, each outermost call: when (world ms), its operations and native ms. */
  private incl = new Map<number, InclusiveCall[]>();
  private depth = new Map<number, { n: number; base: Float64Array; native: number }>();
  private totals: Float64Array;
  private lastCounts: Float64Array | null = null;
  private pending: Float64Array; // site counts not yet charged as virtual time
  private nativePending = 0;
  private nativeTotal = 0;
  private kindTotal = NATIVE_KINDS.map(() => 0);
  private callKinds = NATIVE_KINDS.map(() => 0);
  private inFlip = false;
  private charging = false;
  /** A console line typed by the test is being run (attach): a probe, which takes no board time. */
  private probing = false;
  private dev: Device | null = null;
  private callStart = new Float64Array(0);
  private callNative = 0;

  constructor(public ins: Instrumented, public model: CostModel = MODEL) {
    this.totals = new Float64Array(ins.sites);
    this.pending = new Float64Array(ins.sites);
  }

  /** Device options: the instrumented code, and its cost as each callback's virtual time. */
  options(): Partial<RigOptions> {
    return {
      code: this.ins.code,
      callbackCostMs: () => this.endCall(),
      onPowerOn: (m: Mcu) => this.powerOn(m),
      yieldAtTarget: true,
    };
  }

  /** The samples of the clips played in [from, to) (world ms): each costs an interrupt. */
  samplesIn(from: number, to: number): number {
    let n = 0;
    for (const s of this.dev ? this.dev.sounds : []) {
      const a = Math.max(from, s.startsAt);
      const b = Math.min(to, s.endsAt);
      if (b > a) n += ((b - a) * s.freq) / 1000;
    }
    return n;
  }

  /** Board ms the clips' samples played in [from, to) cost (their interrupts, between callbacks). */
  soundMs(from: number, to: number): number {
    return this.samplesIn(from, to) * this.model.native.sampleMs * (this.model.nativeScale[SOUND_KIND] ?? 0);
  }

  attach(dev: Device): void {
    this.dev = dev;
    // A console line typed by the test is a probe, not the board's work: it is counted (measure)
    // but not charged as the board's time, nor to the callback that runs next.
    const repl = dev.repl.bind(dev);
    dev.repl = (line: string) => {
      this.sync();
      const pending = this.pending.slice();
      const nativePending = this.nativePending;
      const before = this.totals.slice();
      const n0 = this.nativeTotal;
      this.probing = true; // its reads of the clock let no time pass either (flush)
      try {
        return repl(line);
      } finally {
        this.probing = false;
        this.sync();
        this.pending = pending;
        this.nativePending = nativePending;
        for (let s = 0; s < before.length; s++) this.callStart[s] += this.totals[s] - before[s];
        this.callNative += this.nativeTotal - n0;
      }
    };
    const consume = dev.consume.bind(dev);
    // Time the CPU spent so far passes before a bus transfer or a flash write starts.
    dev.consume = (ticks: number) => {
      if (!this.charging) {
        this.charging = true;
        try {
          const ms = this.takePending();
          if (ms > 0) consume(msToTicks(ms));
        } finally {
          this.charging = false;
        }
      }
      consume(ticks);
    };
  }

  /** Site counts so far, over every power-on. */
  counts(): Float64Array {
    this.sync();
    return this.totals.slice();
  }

  nativeMs(): number {
    return this.nativeTotal;
  }

  /** Board ms of what `step` makes the firmware do (a console line, say); `kinds`: its native work
   *  per kind (NATIVE_KINDS) at NativeCosts' prices. */
  measure(step: () => void): { ms: number; ops: Float64Array; kinds: number[] } {
    const c0 = this.counts();
    const n0 = this.nativeTotal;
    const k0 = this.kindTotal.slice();
    step();
    const ops = tally(this.ins, this.counts(), c0);
    return { ms: cpuMs(ops, this.model) + this.nativeTotal - n0, ops, kinds: this.kindTotal.map((v, k) => v - k0[k]) };
  }

  /** Every call so far of a wrapped function (WRAPPED), callees included, with its board ms. */
  inclusive(label: string): (InclusiveCall & { ms: number })[] {
    const i = this.ins.functions.findIndex((f) => f.label === label);
    return (this.incl.get(i) || []).map((c) => ({ ...c, ms: cpuMs(c.ops, this.model) + c.nativeMs }));
  }

  /** Per function, board ms spent in its own code (callees apart), most first. */
  profile(since?: Float64Array): { label: string; ms: number }[] {
    const c = this.counts();
    const per = new Map<number, Float64Array>();
    const N = OPS.length;
    for (let s = 0; s < this.ins.sites; s++) {
      const n = c[s] - (since ? since[s] : 0);
      if (!n) continue;
      const f = this.ins.siteFunction[s];
      let v = per.get(f);
      if (!v) per.set(f, (v = new Float64Array(N)));
      for (let k = 0; k < N; k++) v[k] += n * this.ins.vectors[s * N + k];
    }
    return Array.from(per.entries()).map(([f, v]) => ({ label: this.ins.functions[f].label, ms: cpuMs(v, this.model) })).sort((a, b) => b.ms - a.ms);
  }

  // --- internals --------------------------------------------------------------------------------------

  private live(): Float64Array | null {
    const m = this.dev && this.dev.mcu;
    if (!m) return null;
    const g = (m as unknown as { realm: { global: Record<string, unknown> } }).realm.global;
    return (g[COUNTERS_GLOBAL] as Float64Array | undefined) || null;
  }

  /** Folds the live counters into the totals (a new power-on starts its own array). */
  private sync(): void {
    const live = this.live();
    if (!live) return;
    if (live !== this.lastCounts) {
      this.lastCounts = live;
      this.mark = new Float64Array(live.length);
    }
    for (let s = 0; s < live.length; s++) {
      const d = live[s] - this.mark[s];
      if (d) {
        this.totals[s] += d;
        this.pending[s] += d;
        this.mark[s] = live[s];
      }
    }
  }
  private mark = new Float64Array(0);

  private takePending(): number {
    this.sync();
    const ms = cpuMs(tally(this.ins, this.pending), this.model) + this.nativePending;
    this.pending.fill(0);
    this.nativePending = 0;
    return this.charge ? ms : 0;
  }

  private endCall(): number {
    const m = this.dev && this.dev.mcu;
    const last = m && m.calls.length ? m.calls[m.calls.length - 1] : null;
    // the callback's dispatch (model.wakeMs, by its kind) besides its code
    const wake = this.model.wakeMs[wakeKind(last ? last.what : "")];
    const ms = this.takePending() + (this.charge ? wake : 0);
    if (last && this.dev) {
      const ops = tally(this.ins, this.totals, this.callStart);
      const nativeMs = this.nativeTotal - this.callNative;
      const kinds = this.kindTotal.map((v, k) => v - this.callKinds[k]);
      this.calls.push({ what: last.what, at: last.at, cpuMs: cpuMs(ops, this.model) + nativeMs + wake, nativeMs, kinds, ms: this.dev.nowMs() - last.at + ms, ops });
      if (this.calls.length > 50000) this.calls.splice(0, 25000);
    }
    this.callStart = this.totals.slice();
    this.callNative = this.nativeTotal;
    this.callKinds = this.kindTotal.slice();
    return ms;
  }

  private native(raw: number, kind: number): void {
    this.kindTotal[kind] += raw;
    const ms = raw * (this.model.nativeScale[kind] ?? 0);
    this.nativePending += ms;
    this.nativeTotal += ms;
    for (const d of this.depth.values()) if (d.n > 0) d.native += ms;
  }

  private powerOn(m: Mcu): void {
    this.sync();
    this.callStart = this.totals.slice();
    const r = (m as unknown as { realm: { global: Record<string, unknown> } }).realm;
    const g = r.global;
    const self = this;
    const nat = this.model.native;
    Object.defineProperty(g, ENTER, {
      value: (i: number) => {
        let d = self.depth.get(i);
        if (!d) self.depth.set(i, (d = { n: 0, base: new Float64Array(0), native: 0 }));
        if (d.n++ === 0) {
          self.sync();
          d.base = self.totals.slice();
          d.native = 0;
        }
      },
    });
    Object.defineProperty(g, EXIT, {
      value: (i: number) => {
        const d = self.depth.get(i)!;
        if (--d.n > 0) return;
        self.sync();
        let r = self.incl.get(i);
        if (!r) self.incl.set(i, (r = []));
        r.push({ at: self.dev ? self.dev.nowMs() : 0, ops: tally(self.ins, self.totals, d.base), nativeMs: d.native });
        if (r.length > 5000) r.splice(0, 2500);
      },
    });
    // Native work: Graphics drawing, the SSD1306 module, I2C, Storage, Waveform, the radio.
    const wrap = (o: Record<string, unknown> | undefined, name: string, cost: (self: Record<string, unknown>, a: unknown[]) => number, kind = 0) => {
      if (!o || typeof o[name] !== "function") return;
      const f = o[name] as (...a: unknown[]) => unknown;
      o[name] = function (this: Record<string, unknown>, ...a: unknown[]) {
        if (!self.inFlip) self.native(cost(this, a), kind);
        return f.apply(this, a);
      };
    };
    const G = g.Graphics as { prototype: Record<string, unknown> } | undefined;
    if (G) {
      const px = (n: number) => nat.gfxCallMs + nat.gfxPixelMs * Math.max(0, n);
      const area = (a: unknown[]) => {
        const o = a[0] as Record<string, number> | null;
        if (o && typeof o === "object") return o.w * o.h;
        const [x1, y1, x2, y2] = a as number[];
        return (Math.abs(x2 - x1) + 1) * (Math.abs(y2 - y1) + 1);
      };
      for (const k of Object.getOwnPropertyNames(G.prototype)) {
        if (k === "constructor") continue;
        if (k === "fillRect" || k === "clearRect") wrap(G.prototype, k, (_s, a) => px(area(a)));
        else if (k === "drawRect") wrap(G.prototype, k, (_s, a) => px(2 * Math.sqrt(area(a)) * 2));
        else if (k === "clear") wrap(G.prototype, k, (s) => px(((s.getWidth as () => number).call(s) || 128) * ((s.getHeight as () => number).call(s) || 64)));
        else if (k === "drawString") {
          wrap(G.prototype, k, (s, a) => {
            const w = typeof s.stringWidth === "function" ? Number((s.stringWidth as (t: unknown) => number).call(s, a[0])) : String(a[0]).length * 6;
            const h = typeof s.getFontHeight === "function" ? Number((s.getFontHeight as () => number).call(s)) : 8;
            return px(w * h);
          });
        } else if (k === "drawImage") {
          wrap(G.prototype, k, (_s, a) => {
            const img = a[0] as { width?: number; height?: number } | string;
            const n = typeof img === "string" ? img.charCodeAt(0) * img.charCodeAt(1) : (img && img.width ? img.width * (img.height || 1) : 0);
            return px(n);
          });
        } else wrap(G.prototype, k, () => nat.gfxCallMs);
      }
    }
    const I2C = g.I2C as { prototype: Record<string, unknown> } | undefined;
    if (I2C) {
      wrap(I2C.prototype, "writeTo", (_s, a) => {
        let n = 0;
        for (let i = 1; i < a.length; i++) {
          const x = a[i] as { length?: number } | number;
          n += typeof x === "object" && x && typeof x.length === "number" ? x.length : 1;
        }
        return nat.i2cCallMs + nat.i2cByteMs * n;
      }, 1);
    }
    for (const k of ["I2C1", "I2C2"]) wrapI2cInstance(g[k] as Record<string, unknown> | undefined);
    function wrapI2cInstance(o: Record<string, unknown> | undefined) {
      if (o && Object.prototype.hasOwnProperty.call(o, "writeTo")) wrap(o, "writeTo", (_s, a) => nat.i2cCallMs + nat.i2cByteMs * ((a[1] as { length?: number })?.length ?? 1), 1);
    }
    const modules = (m as unknown as { modules: Map<string, unknown> }).modules;
    const ssd = modules.get("SSD1306") as Record<string, unknown> | undefined;
    if (ssd && typeof ssd.connect === "function") {
      const connect = ssd.connect as (...a: unknown[]) => Record<string, unknown>;
      ssd.connect = function (...a: unknown[]) {
        const oled = connect.apply(this, a);
        const flip = oled.flip as () => void;
        oled.flip = function (this: unknown) {
          self.native(nat.flipMs, 0);
          self.inFlip = true;
          try {
            return flip.call(this);
          } finally {
            self.inFlip = false;
          }
        };
        return oled;
      };
    }
    const storage = modules.get("Storage") as Record<string, unknown> | undefined;
    if (storage) {
      wrap(storage, "write", () => nat.storageWriteMs, 2);
      for (const k of ["read", "readArrayBuffer", "readJSON", "list", "open"]) wrap(storage, k, () => nat.storageReadMs, 2);
    }
    const W = g.Waveform as { prototype: Record<string, unknown> } | undefined;
    if (W) wrap(W.prototype, "startOutput", () => nat.waveformMs, 3);
    // text handled in C: per call and per character
    const chars = (x: unknown) => nat.textCallMs + nat.textCharMs * (typeof x === "string" ? x.length : 0);
    const J = g.JSON as Record<string, unknown> | undefined;
    if (J) {
      const stringify = J.stringify as (v: unknown) => string | undefined;
      wrap(J, "stringify", (_s, a) => chars(stringify(a[0])), 4);
      wrap(J, "parse", (_s, a) => chars(a[0]), 4);
    }
    wrap(g.E as Record<string, unknown> | undefined, "CRC32", (_s, a) => chars(a[0]), 4);
    const RE = g.RegExp as { prototype: Record<string, unknown> } | undefined;
    if (RE) for (const k of ["test", "exec"]) wrap(RE.prototype, k, (_s, a) => chars(a[0]), 4);
    for (const k of ["USB", "Bluetooth"]) wrap(g[k] as Record<string, unknown> | undefined, "write", (_s, a) => chars(a[0]), 4);
    wrap(g.NRF as Record<string, unknown> | undefined, "setAdvertising", () => nat.radioMs, 3);
    // What reads the clock sees the CPU time spent so far in the callback, as on the board.
    const flush = () => {
      if (self.dev && self.charge && !self.charging && !self.probing) self.dev.consume(0);
    };
    if (W) {
      const start = W.prototype.startOutput as (...a: unknown[]) => unknown;
      W.prototype.startOutput = function (this: unknown, ...a: unknown[]) {
        flush();
        return start.apply(this, a);
      };
    }
    if (typeof g.getTime === "function") {
      const getTime = g.getTime as () => number;
      g.getTime = function () {
        flush();
        return getTime();
      };
    }
  }
}

export interface BoardRig {
  rig: ClockRig;
  meter: BoardMeter;
  ins: Instrumented;
}

let cached: { code: string; ins: Instrumented & { cold: Record<string, string> }; wrap: string } | null = null;

/** The functions whose inclusive cost the bench reports (labels from the source map). */
export const WRAPPED = ["clock.ts:apply", "app.ts:apply", "app.ts:ahead", "draw.ts:refresh", "console.ts:status", "persist.ts:stateRecord", "store.ts:append",
  "persist.ts:checkpointText", "store.ts:checkpoint", "settings.ts:pinMatches", "broadcast.ts:look", "broadcast.ts:tick", "advert.ts:packAdvert"];

/** The instrumented bundle (dist/clock.js unless `code` is given), its functions named from its
 *  source map (dist/clock.js.map, or `map` for another bundle); with the cold files it loads
 *  (dist/menu.js, dist/link.js: build/cold.ts) instrumented beside it: `cold`, their code by name,
 *  counting into the same counters, their functions after the bundle's. */
export async function instrumented(code?: string, wrapLabels: string[] = WRAPPED, map?: string): Promise<Instrumented & { cold: Record<string, string> }> {
  const src = code ?? (await firmware());
  const key = wrapLabels.join(",");
  if (cached && cached.code === src && cached.wrap === key) return cached.ins;
  const mapPath = map ?? join(ROOT, "dist", "clock.js.map");
  const withMap = existsSync(mapPath) && (map !== undefined || readFileSync(join(ROOT, "dist", "clock.js"), "utf8") === src);
  const first = instrument(src);
  if (withMap) labelFunctions(first, src, mapPath);
  const wrap = new Set(first.functions.filter((f) => wrapLabels.indexOf(f.label) >= 0).map((f) => f.start));
  const program = instrument(src, { wrap });
  program.functions.forEach((f, i) => (f.label = first.functions[i].label));
  let ins: Instrumented & { cold: Record<string, string> } = { ...program, cold: {} };
  for (const c of COLD) {
    const path = join(ROOT, "dist", c.name + ".js");
    if (coldFileOf(c, src) === null || !existsSync(path)) continue;
    // the file is the body of the function the loader makes (new Function): instrumented as that
    // function, which the body the double runs then calls
    const body = readFileSync(path, "utf8");
    const head = "(function (" + SHARED_PARAM + ", " + OUT_PARAM + ") {\n";
    const fnSrc = head + body + "})\n";
    const once = instrument(fnSrc, { beside: program });
    if (existsSync(path + ".map")) labelFunctions(once, body, path + ".map", head.length);
    const coldWrap = new Set(once.functions.filter((f) => wrapLabels.indexOf(f.label) >= 0).map((f) => f.start));
    const made = instrument(fnSrc, { beside: ins, wrap: coldWrap });
    made.functions.forEach((f, i) => (f.label = once.functions[i].label));
    const cold = ins.cold;
    ins = { ...alongside(ins, made, "(" + c.name + " file)"), cold: cold };
    ins.cold[c.name] = made.code.replace(/\}\)\s*$/, "})(" + SHARED_PARAM + ", " + OUT_PARAM + ");\n");
  }
  cached = { code: src, ins, wrap: key };
  return ins;
}

/** A ClockRig on the instrumented bundle with a meter charging board time. */
export async function boardRig(o: RigOptions & { model?: CostModel; code?: string; map?: string } = {}): Promise<BoardRig> {
  const ins = await instrumented(o.code, WRAPPED, o.map);
  const meter = new BoardMeter(ins, o.model ?? MODEL);
  const rig = new ClockRig(ins.code, { ...o, ...meter.options(), ...ins.cold });
  // The counting code makes the program and its cold files larger than the built ones: the flash
  // gets that much more room, so the records have what they have on the board (a full flash would
  // refuse them, and the log would be empty).
  let extra = ins.code.length - (o.code ?? (await firmware())).length;
  for (const c of COLD) if (ins.cold[c.name]) extra += ins.cold[c.name].length - readFileSync(join(ROOT, "dist", c.name + ".js"), "latin1").length;
  rig.dev.flash.capacity += Math.max(0, extra);
  meter.attach(rig.dev);
  return { rig, meter, ins };
}
