// The board-cost model beside Espruino's own interpreter, path by path (issue 19). real.json holds
// the last figures measured on the real interpreter (Espruino 2v29 built for Linux, as ESPRUINO.md
// and issue 19 describe: instructions of its ARM Thumb-2 build at 36.2 M a board second, jsvars of
// its 32-bit build), with the commit they were measured on, and what the model counted on that
// commit's bundle for the same paths (paths.ts). It is written by
//   npm run bench -- --record-real RIG_OUTPUT
// from the measuring rig's output (its last line: the figures as JSON; its first: the commit), on a
// worktree built from that commit. The interpreter and the rig stay out of the repository.
//
// fitReal() picks the model's costs that put every path's figure within BAND of the real one
// (never below it: an estimate may be pessimistic, never optimistic); MODEL in cost.ts holds them
// (cost.test.ts checks both). The bench prints the model on the bundle as it is now beside the
// recorded real figures: after a change, the ratios say whether the model still holds.

import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPS, type OpName } from "../double/ops";
import { MODEL, NATIVE_KINDS, type CostModel } from "./cost";
import { PATHS, figureOf, modelPaths, type PathDef, type PathSample } from "./paths";

const HERE = dirname(fileURLToPath(import.meta.url));
export const REAL_FILE = join(HERE, "real.json");

/** Where a model figure must land, as a ratio to the real one. */
export const BAND = { lo: 1, hi: 1.25 };

/** The rig's harness (its driver, stand-ins and the empty interpreter): in its raw jsvars figures. */
const HARNESS = "harness jsvars (driver + stand-ins + the empty interpreter)";

export interface RealFile {
  interpreter: string;
  /** The commit measured (the rig's first line), and when the figures were recorded. */
  commit: string;
  recorded: string;
  /** Per path key: the real figure. */
  real: Record<string, number>;
  /** Per path key: what the model counted on that commit's bundle. */
  samples: Record<string, PathSample>;
}

export function loadReal(file = REAL_FILE): RealFile | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as RealFile) : null;
}

/** The real figures of the paths, from the rig's output (its JSON line), the clock's own jsvars
 *  (the harness's taken off the raw ones at boot and with the menu open, as the rig does for the peak). */
export function realFigures(output: string): { commit: string; real: Record<string, number> } {
  const lines = output.trim().split("\n");
  const first = lines.find((l) => l.startsWith("rig: "));
  const m = first ? /\(([0-9a-f]{7,40}) /.exec(first) : null;
  if (!m) throw new Error("the rig's output names no commit on its first line ('rig: WORKTREE (hash subject)')");
  const figures = JSON.parse(lines[lines.length - 1]) as { name: string; value: number }[];
  const by: Record<string, number> = {};
  for (const f of figures) by[f.name] = f.value;
  const real: Record<string, number> = {};
  for (const d of PATHS) {
    const v = by[d.rig];
    if (v === undefined) continue;
    real[d.key] = d.unit === "jsvars" && d.rig.indexOf("(raw)") >= 0 ? v - (by[HARNESS] || 0) : v;
  }
  return { commit: m[1], real };
}

/** Records real.json: the rig's figures and the model's samples of the bundle in dist/ now (which
 *  must be the commit the rig measured). */
export async function recordReal(rigOutput: string): Promise<RealFile> {
  const { commit, real } = realFigures(readFileSync(rigOutput, "utf8"));
  const { samples } = await modelPaths();
  const file: RealFile = {
    interpreter: "Espruino 2v29, Linux port: ARM Thumb-2 build (instructions at 36.2 M a board second) and 32-bit build (jsvars), 12,000 jsvars",
    commit,
    recorded: new Date().toISOString().slice(0, 10),
    real,
    samples,
  };
  writeFileSync(REAL_FILE, JSON.stringify(file, null, 1) + "\n");
  return file;
}

export interface RealRow {
  def: PathDef;
  model: number;
  real: number;
  ratio: number;
  ok: boolean;
}

/** Each recorded path priced with a model, beside its real figure. */
export function compare(samples: Record<string, PathSample>, real: Record<string, number>, m: CostModel = MODEL): RealRow[] {
  const rows: RealRow[] = [];
  for (const def of PATHS) {
    const s = samples[def.key];
    const r = real[def.key];
    if (!s || r === undefined || !(r > 0)) continue;
    const model = figureOf(def, s, m);
    const ratio = model / r;
    rows.push({ def, model, real: r, ratio, ok: ratio >= BAND.lo && ratio <= BAND.hi });
  }
  return rows;
}

/** The operations' costs of the first calibration (issue 8: single steps and paths of an older bundle,
 *  calibration.ts), the shape fitReal keeps where the paths do not tell the costs apart. */
/** A callback's dispatch (a timer's or a watch's, the interpreter's idle loop around it), as the
 *  rig's empty wakes show (about 2 ms): the unit fitReal moves it in. */
export const PRIOR_WAKE_MS = 2;

export const PRIOR: CostModel["op"] = {
  tokens: 4.21, statements: 32.92, locals: 21.69, globals: 26.39, scanned: 2.36, members: 187.19, calls: 39.25, entries: 200.13,
  operators: 36.94, literals: 11.34, allocs: 30.53, passes: 14.89,
};

/**
 * The costs that put every recorded path within BAND of its real figure (a hair inside it): the
 * operations' costs, a callback's dispatch, and a scale per kind of native work. A point where every
 * path's estimate lands in its slab, found by projecting in turn onto each path's slab and onto "no
 * cost below 1 % of its unit" (alternating projections reach a point of the slabs' common part when
 * there is one), from PRIOR's costs scaled to fit the paths best as a whole; the costs are in units of
 * PRIOR's (the dispatch of PRIOR_WAKE_MS, the natives of NativeCosts), so that the projections move
 * them in its proportions. jsvars: the factor that makes the largest shortfall good, plus 2 %.
 */
export function fitReal(f: RealFile): CostModel {
  const rows = PATHS.filter((d) => d.unit !== "jsvars" && f.samples[d.key] && f.real[d.key] > 0);
  const N = OPS.length;
  // per path: its ms per unit of each cost (in PRIOR's units), its native ms, both over `per`; its slab
  const lo = BAND.lo + 0.002;
  const hi = BAND.hi - 0.002;
  const P = rows.map((d) => {
    const s = f.samples[d.key];
    const k = d.unit === "board s" ? 1000 : 1;
    // the operations, the wakes (in units of PRIOR_WAKE_MS), each kind of native work (of NativeCosts)
    const a = OPS.map((o, i) => (s.ops[i] * PRIOR[o]) / 1000 / s.per / k)
      .concat([(s.wakes * PRIOR_WAKE_MS) / s.per / k])
      .concat(s.natives.map((v) => v / s.per / k));
    const n = 0;
    const r = f.real[d.key];
    return { a, lo: lo * r - n, hi: hi * r - n, aa: a.reduce((x, y) => x + y * y, 0) };
  });
  // the best single scale of PRIOR (least squares of the ratios' logs, near enough: of the ratios)
  let num = 0;
  let den = 0;
  for (const p of P) {
    const v = p.a.reduce((x, y) => x + y, 0);
    const mid = (p.lo + p.hi) / 2;
    num += v * mid / (mid * mid);
    den += (v * v) / (mid * mid);
  }
  const V = N + 1 + NATIVE_KINDS.length;
  const u = new Array(V).fill(den > 0 ? num / den : 1) as number[];
  for (let sweep = 0; sweep < 2000000; sweep++) {
    let moved = 0;
    for (const p of P) {
      let v = 0;
      for (let k = 0; k < V; k++) v += p.a[k] * u[k];
      const d = v < p.lo ? p.lo - v : v > p.hi ? p.hi - v : 0;
      if (d === 0 || p.aa === 0) continue;
      moved++;
      for (let k = 0; k < V; k++) u[k] = Math.max(0.01, u[k] + (d * p.a[k]) / p.aa);
    }
    if (moved === 0) break;
  }
  const x = u.map((v, i) => Math.log(v * PRIOR[OPS[i]]));
  const op = {} as CostModel["op"];
  OPS.forEach((k: OpName, i) => (op[k] = round3(Math.exp(x[i]))));
  const nativeScale = NATIVE_KINDS.map((_, k) => round3(u[N + 1 + k]));
  const model: CostModel = { op, native: { ...MODEL.native }, nativeScale, wakeMs: round3(u[N] * PRIOR_WAKE_MS), jsvarsFactor: 1 };
  // jsvars: never below the real count
  let factor = 1;
  for (const d of PATHS) {
    const s = f.samples[d.key];
    if (d.unit !== "jsvars" || !s || !(f.real[d.key] > 0)) continue;
    factor = Math.max(factor, (f.real[d.key] / s.ops[0]) * (BAND.lo + 0.02));
  }
  model.jsvarsFactor = round3(factor);
  return model;
}

function round3(v: number): number {
  const p = Math.pow(10, 3 - Math.ceil(Math.log10(Math.abs(v) || 1)));
  return Math.round(v * p) / p;
}

/** The bench's lines: the model on the bundle as it is now, beside the recorded real figures. */
export function realLines(now: Record<string, PathSample>, f: RealFile | null, head: string): string[] {
  if (!f) return ["model against the real interpreter: no test/bench/real.json (npm run bench -- --record-real RIG_OUTPUT)"];
  const out = [
    "model against the real interpreter (" + f.interpreter + "), measured on " + f.commit + " (" + f.recorded + "); the bundle here: " + head +
      "; model / real within ×" + BAND.lo + "…×" + BAND.hi + " (never optimistic):",
  ];
  const rows = compare(now, f.real);
  const recorded = compare(f.samples, f.real);
  for (const r of rows) {
    const fmt = (v: number) => (r.def.unit === "jsvars" || v >= 100 ? Math.round(v).toLocaleString("en-US") : v.toFixed(1));
    const then = recorded.find((x) => x.def.key === r.def.key);
    const b = r.def.budget;
    const budget = b === undefined ? "" : "; budget ≤ " + b + " " + r.def.unit + ": model " + (r.model <= b ? "ok" : "OVER") + ", real " + (r.real <= b ? "ok" : "OVER");
    out.push("  " + r.def.what + ": model " + fmt(r.model) + " " + r.def.unit + ", real " + fmt(r.real) + ", ×" + r.ratio.toFixed(2) +
      (r.ok ? "" : " OUTSIDE") + (then && Math.abs(then.ratio - r.ratio) > 0.005 ? " (×" + then.ratio.toFixed(2) + " on the bundle measured)" : "") + budget);
  }
  return out;
}
