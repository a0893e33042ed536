// Calibration of the board-cost model (cost.ts) against figures measured on the real interpreter
// (issue 8: instruction counts of Espruino 2v29 built for ARM, converted at the rate of a published
// Bangle.js 1 timing). Two kinds of reference:
//   - single interpreter steps (an empty loop pass, `u8[5] |= 3`, …): small programs instrumented
//     here and counted in a plain VM context whose global scope is as full as the bundle's;
//   - paths of the bundle as it was when they were measured (main at b14220b): their operation
//     counts were recorded once from that bundle on the board double (`npm run bench -- --record-
//     calibration` writes calibration.json), so the check does not move as the firmware improves.
// fit() picks the per-operation costs (µs) that best reproduce all of them, pulled gently towards
// a prior (what each operation costs in C, roughly); check() says how far each reference lands.
// The Mandelbrot snippet (espruino.com/Performance; 7.70 s on a Bangle.js 1) is not fitted: it is
// the held-out check.

import vm from "node:vm";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { instrument, tally, OPS, COUNTERS_GLOBAL, type OpName } from "../double/ops";
import { cpuMs, MODEL, type CostModel, type OpCosts, boardRig, type BoardRig } from "./cost";

const HERE = dirname(fileURLToPath(import.meta.url));
export const CALIBRATION_FILE = join(HERE, "calibration.json");

/** The band a reference's estimate must land in, as a ratio to it (the measurement band). */
export const BAND = { lo: 0.8, hi: 1.36 };

export interface Reference {
  key: string;
  what: string;
  /** Board ms (central estimate). */
  ms: number;
  /** How much it counts in the fit. */
  weight: number;
}

export const STEPS: Reference[] = [
  { key: "loop", what: "one pass of an empty for loop", ms: 0.21, weight: 2 },
  { key: "u8", what: "u8[5] |= 3", ms: 0.39, weight: 2 },
  { key: "call", what: "an empty function call", ms: 0.33, weight: 2 },
  { key: "max", what: "Math.max(0, 1)", ms: 0.86, weight: 2 },
  { key: "global", what: "reading a global of the bundle", ms: 0.5, weight: 2 },
];

export const PATHS: Reference[] = [
  { key: "face", what: "one face redraw while running", ms: 2300, weight: 2 },
  { key: "press", what: "a player's press edge (switch, speaker cut, record, redraw)", ms: 2580, weight: 2 },
  { key: "clockApply", what: "Clock.apply(press)", ms: 147, weight: 1 },
  { key: "appApply", what: "Clock.apply(press) with the record (App.apply)", ms: 406, weight: 0.5 },
  { key: "menu", what: "a menu step (press + release, both redraw)", ms: 6000, weight: 1 },
  { key: "ahead", what: "preparing a call (ahead(), 83–97 ms)", ms: 90, weight: 1 },
  { key: "record", what: "one flash record (formatting, Storage.write)", ms: 125, weight: 1 },
  { key: "status", what: "clock.status()", ms: 37, weight: 1 },
];

/** The classic Espruino benchmark (espruino.com/Performance): 7.70 s on a Bangle.js 1 (nRF52832, 64 MHz). */
export const MANDELBROT = {
  ms: 7700,
  code: `var x,y,line;
for (y=0;y<32;y++) {
 line="";
 for (x=0;x<32;x++) {
  var Xr = 0;
  var Xi = 0;
  var i = 0;
  var Cr=(4*x/32)-2;
  var Ci=(4*y/32)-2;
  while ((i<8) & ((Xr*Xr+Xi*Xi)<4)) {
    var t=Xr*Xr - Xi*Xi + Cr;
    Xi=2*Xr*Xi+Ci;
    Xr=t;
    i=i+1;
  }
  line += " *"[i&1];
 }
 print(line);
}`,
};

/** What a reference did: its operations, and native ms (Graphics, Storage, …) at their own costs. */
export interface Sample {
  ops: number[];
  nativeMs: number;
}

/** Operations of a small program run in a plain context. */
export function countProgram(code: string, globals: Record<string, unknown> = {}): Float64Array {
  const ins = instrument(code);
  const ctx = vm.createContext({ print: () => undefined, ...globals });
  vm.runInContext(ins.code, ctx);
  return tally(ins, (ctx as Record<string, ArrayLike<number>>)[COUNTERS_GLOBAL]);
}

/** The single steps: per-pass differences of loops in a function, with a global scope the bundle's size. */
export function stepSamples(globalNames: number): Record<string, Sample> {
  const filler = Array.from({ length: globalNames }, (_, i) => "var g" + i + "=" + i + ";").join("\n");
  const mid = "g" + (globalNames >> 1);
  const loop = (body: string, n: number, pre = "") => filler + "\nfunction f(u8, e){" + pre + "for(var i=0;i<" + n + ";i++){" + body + "}}\nf(new Uint8Array(8), function(){});";
  const per = (body: string, pre = "") => {
    const a = countProgram(loop(body, 1000, pre));
    const b = countProgram(loop(body, 0, pre));
    return Array.from(a, (x, i) => (x - b[i]) / 1000);
  };
  const empty = per("");
  const minus = (v: number[]) => v.map((x, i) => x - empty[i]);
  return {
    loop: { ops: empty, nativeMs: 0 },
    u8: { ops: minus(per("u8[5]|=3;")), nativeMs: 0 },
    call: { ops: minus(per("e();")), nativeMs: 0 },
    max: { ops: minus(per("Math.max(0,1);")), nativeMs: 0 },
    global: { ops: minus(per(mid + ";")), nativeMs: 0 },
  };
}

export function mandelbrotOps(): Float64Array {
  return countProgram(MANDELBROT.code);
}

// --- the paths, recorded from the bundle they were measured on ------------------------------------------

function median<T>(xs: T[], by: (x: T) => number): T | null {
  if (!xs.length) return null;
  const s = xs.slice().sort((a, b) => by(a) - by(b));
  return s[s.length >> 1];
}

function sample(x: { ops: ArrayLike<number>; nativeMs: number } | null): Sample | null {
  return x ? { ops: Array.from(x.ops), nativeMs: x.nativeMs } : null;
}

/** Runs the reference paths on a bundle (the instrumented dist/clock.js by default) and returns what
 *  each did. A game in main time with presses, then byoyomi with calls; a menu step on a second board. */
export async function measurePaths(code?: string): Promise<Record<string, Sample | null>> {
  // Counted at the double's speed, as the references were (charged as board time, today's bundle
  // would be woken late for every call and its menu would take taps for long presses).
  const b: BoardRig = await boardRig({ code });
  const { rig, meter } = b;
  meter.charge = false;
  rig.start();
  rig.setUp("2m+5x30s", 1000);
  const edges = [5000, 35000, 65000, 95000];
  edges.forEach((t, i) => rig.press(i % 2 === 0 ? "white" : "black", t));
  rig.runUntil(edges[edges.length - 1] + 25000);
  const st = meter.measure(() => rig.console("clock.status()"));
  rig.runUntil(400000); // Black's main time runs out at about 2m35s: byoyomi calls
  const flipMs = meter.model.native.flipMs;
  const calls = meter.calls.filter((c) => c.at > 2000);
  const inGame = (c: { at: number }) => c.at > edges[1] && c.at < edges[edges.length - 1] + 25000;
  const face = median(calls.filter((c) => c.what === "timeout" && c.nativeMs >= flipMs && inGame(c) && !edges.some((e) => c.at >= e && c.at < e + 10000)), (c) => c.cpuMs);
  const press = median(calls.filter((c) => c.what === "watch" && c.cpuMs > 50 && inGame(c)), (c) => c.cpuMs);
  const first = (label: string, keep: (c: { ms: number; at: number }) => boolean = () => true) => median(meter.inclusive(label).filter(keep), (c) => c.ms);
  const ahead = first("app.ts:ahead");

  // a menu step: on the set-up screen, MENU opens the menu, then LEFT moves in it
  const m: BoardRig = await boardRig({ code });
  m.meter.charge = false;
  m.rig.start();
  m.rig.runUntil(2000);
  m.rig.tap("menu", 3000);
  m.rig.runUntil(30000);
  m.rig.tap("left", 30000);
  m.rig.runUntil(60000);
  const step = m.meter.calls.filter((c) => c.at >= 30000 && c.at < 31000); // its two edges (the menu also redraws every 10 s)
  const menu = step.length ? { ops: step.reduce((acc, c) => acc.map((x, i) => x + c.ops[i]), new Array(OPS.length).fill(0) as number[]), nativeMs: step.reduce((s, c) => s + c.nativeMs, 0) } : null;
  return {
    face: sample(face),
    press: sample(press),
    clockApply: sample(first("clock.ts:apply", (c) => c.at > edges[1])),
    appApply: sample(first("app.ts:apply", (c) => c.at > edges[1])),
    menu: menu,
    ahead: sample(ahead),
    record: sample(first("app.ts:record", (c) => c.at > edges[1])),
    status: { ops: Array.from(st.ops), nativeMs: 0 },
  };
}

export interface CalibrationFile {
  /** Which bundle the paths were recorded from. */
  bundle: string;
  globals: number;
  paths: Record<string, Sample>;
}

export function loadCalibration(): CalibrationFile {
  if (!existsSync(CALIBRATION_FILE)) throw new Error("no " + CALIBRATION_FILE + ": run npm run bench -- --record-calibration on the reference bundle");
  return JSON.parse(readFileSync(CALIBRATION_FILE, "utf8")) as CalibrationFile;
}

export async function recordCalibration(bundle: string): Promise<CalibrationFile> {
  const paths = await measurePaths();
  const missing = Object.keys(paths).filter((k) => !paths[k]);
  if (missing.length) throw new Error("reference paths not seen: " + missing.join(", "));
  const { instrumented } = await import("./cost");
  const ins = await instrumented();
  const file: CalibrationFile = { bundle, globals: ins.globals.length, paths: paths as Record<string, Sample> };
  writeFileSync(CALIBRATION_FILE, JSON.stringify(file, null, 1) + "\n");
  return file;
}

// --- fit and check ---------------------------------------------------------------------------------------

/** Rough C costs (µs at 64 MHz) the fit starts from and is pulled towards. */
export const PRIOR: OpCosts = {
  tokens: 6, statements: 12, locals: 16, globals: 20, scanned: 1.2, members: 30, calls: 45, entries: 120,
  operators: 22, literals: 9, allocs: 35, passes: 15, coldTokens: 6, words: 2, fmods: 150, builtins: 150,
};

function predict(s: Sample, op: OpCosts, native = 0): number {
  let us = 0;
  OPS.forEach((k, i) => (us += (s.ops[i] || 0) * op[k]));
  return us / 1000 + s.nativeMs + native;
}

export interface Row {
  key: string;
  what: string;
  ms: number;
  estimate: number;
  ratio: number;
  ok: boolean;
}

/** Every reference (steps, paths) and the Mandelbrot check, estimated with the model. */
export function check(model: CostModel = MODEL, cal: CalibrationFile = loadCalibration()): { rows: Row[]; mandelbrot: Row } {
  const steps = stepSamples(cal.globals);
  const rows: Row[] = [];
  for (const r of STEPS.concat(PATHS)) {
    const s = steps[r.key] || cal.paths[r.key];
    const estimate = s ? predict(s, model.op) : NaN;
    const ratio = estimate / r.ms;
    rows.push({ key: r.key, what: r.what, ms: r.ms, estimate, ratio, ok: ratio >= BAND.lo && ratio <= BAND.hi });
  }
  const est = cpuMs(mandelbrotOps(), model);
  const mandelbrot = { key: "mandelbrot", what: "Mandelbrot snippet (held out)", ms: MANDELBROT.ms, estimate: est, ratio: est / MANDELBROT.ms, ok: est / MANDELBROT.ms >= BAND.lo && est / MANDELBROT.ms <= BAND.hi };
  return { rows, mandelbrot };
}

/** Least squares on log ratios, weights per reference, plus a pull towards PRIOR; costs stay positive. */
export function fit(cal: CalibrationFile = loadCalibration(), pull = 0.05): OpCosts {
  const steps = stepSamples(cal.globals);
  const refs = STEPS.concat(PATHS).map((r) => ({ r, s: steps[r.key] || cal.paths[r.key] })).filter((x) => x.s);
  const keys = OPS.slice() as OpName[];
  let lg = keys.map((k) => Math.log(PRIOR[k]));
  const costs = (l: number[]) => Object.fromEntries(keys.map((k, i) => [k, Math.exp(l[i])])) as OpCosts;
  const loss = (l: number[]) => {
    const op = costs(l);
    let e = 0;
    for (const { r, s } of refs) e += r.weight * Math.log(predict(s, op) / r.ms) ** 2;
    keys.forEach((k, i) => (e += pull * (l[i] - Math.log(PRIOR[k])) ** 2));
    return e;
  };
  // coordinate descent with shrinking steps: small problem, no gradient needed
  let step = 0.5;
  let best = loss(lg);
  while (step > 1e-4) {
    let improved = false;
    for (let i = 0; i < keys.length; i++) {
      for (const d of [step, -step]) {
        const t = lg.slice();
        t[i] += d;
        const e = loss(t);
        if (e < best) {
          best = e;
          lg = t;
          improved = true;
        }
      }
    }
    if (!improved) step /= 2;
  }
  const out = costs(lg);
  for (const k of keys) out[k] = Math.round(out[k] * 100) / 100;
  return out;
}
