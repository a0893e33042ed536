// The board-cost model beside Espruino's own interpreter, path by path (issue 19). real.json holds,
// for each commit measured, the figures of the real interpreter (Espruino 2v29 built for Linux, as
// ESPRUINO.md and issue 19 describe: instructions of its ARM Thumb-2 build at 36.2 M a board second,
// jsvars of its 32-bit build) and what the model counted on that commit's bundle for the same paths
// (paths.ts) and single steps (steps.ts). A commit's run is written by
//   npm run bench -- --record-real RIG_OUTPUT [RIG_OUTPUT...] [--only | --keep N]
// from the measuring rig's output(s) of that commit (the last line: the figures as JSON; the first:
// the commit), on a worktree built from it; the other commits' runs are kept (--only: dropped;
// --keep N: the last N runs with this one, when the code has moved far from the oldest). The
// interpreter and the rig stay out of the repository.
//
// fitReal() picks the costs that put every path of every run within FIT (never optimistic) and the
// single steps within theirs; MODEL in cost.ts holds them (cost.test.ts checks both). The bench
// prints the model on the bundle as it is now beside the last run's real figures: after a change,
// the ratios say whether the model still holds.

import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPS, type OpName } from "../double/ops";
import { MODEL, NATIVE_KINDS, WAKE_KINDS, type CostModel } from "./cost";
import { minimise } from "./lp";
import { PATHS, figureOf, modelPaths, type PathDef, type PathSample } from "./paths";

const HERE = dirname(fileURLToPath(import.meta.url));
export const REAL_FILE = join(HERE, "real.json");

/** Where a model figure must land, as a ratio to the real one. */
export const BAND = { lo: 1, hi: 1.25 };

/** The rig's harness (its driver, stand-ins and the empty interpreter): in its raw jsvars figures. */
const HARNESS = "harness jsvars (driver + stand-ins + the empty interpreter)";

/** The figures of one commit: measured on the real interpreter, and what the model counted. */
export interface RealRun {
  /** The commit measured (the rig's first line), and when the figures were recorded. */
  commit: string;
  recorded: string;
  /** Per path key: the real figure. */
  real: Record<string, number>;
  /** Per path key: what the model counted on that commit's bundle. */
  samples: Record<string, PathSample>;
}

export interface RealFile {
  interpreter: string;
  /** The counts' operations (OPS) and kinds of native work (NATIVE_KINDS) the samples were counted in. */
  ops: string[];
  natives: string[];
  /** Every commit measured, oldest first; the last is the one the bench compares the bundle with. */
  runs: RealRun[];
}

const INTERPRETER = "Espruino 2v29, Linux port: ARM Thumb-2 build (instructions at 36.2 M a board second) and 32-bit build (jsvars), 12,000 jsvars";

export function loadReal(file = REAL_FILE): RealFile | null {
  if (!existsSync(file)) return null;
  const f = JSON.parse(readFileSync(file, "utf8")) as RealFile;
  return f.runs ? f : null;
}

/** The last commit measured. */
export function lastRun(f: RealFile): RealRun {
  return f.runs[f.runs.length - 1];
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

/** Records the rig's figures of a commit in real.json (the outputs of one or more rig runs of that
 *  commit, their figures merged), with the model's samples of the bundle in dist/ now (which must be
 *  that commit's). The other commits' runs are kept (one run a commit: a commit measured again
 *  replaces its run) when counted in the same operations; `only`: this commit's run alone; `keepRuns`:
 *  at most that many runs, this one and the latest before it. */
export async function recordReal(rigOutputs: string[], only = false, keepRuns = Infinity): Promise<{ file: RealFile; run: RealRun; dropped: string[] }> {
  const figs = rigOutputs.map((o) => realFigures(readFileSync(o, "utf8")));
  const commit = figs[0].commit;
  if (figs.some((f) => f.commit !== commit)) throw new Error("the rig's outputs are of different commits: " + figs.map((f) => f.commit).join(", "));
  const real: Record<string, number> = {};
  for (const f of figs) Object.assign(real, f.real);
  const { samples } = await modelPaths();
  const run: RealRun = { commit, recorded: new Date().toISOString().slice(0, 10), real, samples };
  const old = loadReal();
  const same = (f: RealFile) => f.ops.join() === OPS.join() && f.natives.join() === NATIVE_KINDS.join();
  const others = old && !only && same(old) ? old.runs.filter((r) => r.commit !== commit) : [];
  const keep = others.slice(Math.max(0, others.length - (keepRuns - 1)));
  const dropped = old ? old.runs.filter((r) => r.commit !== commit && keep.indexOf(r) < 0).map((r) => r.commit) : [];
  const file: RealFile = { interpreter: INTERPRETER, ops: OPS.slice(), natives: NATIVE_KINDS.slice(), runs: keep.concat([run]) };
  writeFileSync(REAL_FILE, JSON.stringify(file, null, 1) + "\n");
  return { file, run, dropped };
}

export interface RealRow {
  def: PathDef;
  model: number;
  real: number;
  ratio: number;
  ok: boolean;
}

/** A console line's figure below this (board ms) is mostly the rig's own eval of the line around it:
 *  not compared (clock.help() when the console was in the program took 0.8 ms). */
export const MIN_MS = 2;

/** Each recorded path priced with a model, beside its real figure. */
export function compare(samples: Record<string, PathSample>, real: Record<string, number>, m: CostModel = MODEL): RealRow[] {
  const rows: RealRow[] = [];
  for (const def of PATHS) {
    const s = samples[def.key];
    const r = real[def.key];
    if (!s || r === undefined || !(r > 0) || (def.unit === "board ms" && r < MIN_MS)) continue;
    const model = figureOf(def, s, m);
    const ratio = model / r;
    rows.push({ def, model, real: r, ratio, ok: ratio >= BAND.lo && ratio <= BAND.hi });
  }
  return rows;
}

/** Where the fit puts the paths (a hair inside BAND, so that a small change of the firmware leaves
 *  the model pessimistic), and the single steps (steps.json: they keep each cost an operation's own
 *  price, not whatever the paths, which move together, allow). */
export const FIT = { lo: 1.01, hi: 1.24, stepLo: 0.8, stepHi: 1.25 };

/** The columns of the fit: the operations' costs (µs), a callback's dispatch per kind (ms), each
 *  kind of native work's scale; a path's figure is its row · the costs. */
function row(d: PathDef, s: PathSample): number[] {
  const k = d.unit === "board s" ? 1 / 1000 : d.unit === "board µs" ? 1000 : 1;
  const ops = OPS.map((_, i) => ((s.ops[i] || 0) / 1000 / s.per) * k);
  const wakes = s.wakeKinds || WAKE_KINDS.map((w) => (w === "timeout" ? s.wakes : 0));
  return ops.concat(WAKE_KINDS.map((_, i) => ((wakes[i] || 0) / s.per) * k), NATIVE_KINDS.map((_, i) => ((s.natives[i] || 0) / s.per) * k));
}

/** Whether a path's ratio the fit makes as low as it can: every path with a budget (the press, a menu
 *  step, each control's share of a second, the PIN check). A path left out is only held within FIT,
 *  and a budgeted one near its budget (a menu step at 123 of 150 ms) would then be over it in the model. */
export const tight = (d: PathDef) => d.budget !== undefined;

/**
 * The costs fitted to every commit's real figures (a linear programme, lp.ts): every path of every
 * run within FIT (never optimistic) and every single step within its band; first the worst path's
 * ratio as low as it goes, then, with every path within FIT, the budgeted paths' (`tight`: the
 * worst of them as low as it goes, then the worst of the others, and so on). jsvars: the
 * factor that makes the largest shortfall good, plus 2 %. Throws when no costs put every path in BAND.
 */
export function fitReal(f: RealFile): CostModel & { worst: number; worstTight: number } {
  const paths: { d: PathDef; a: number[] }[] = [];
  const steps: number[][] = [];
  for (const run of f.runs) {
    for (const d of PATHS) {
      const s = run.samples[d.key];
      const r = run.real[d.key];
      if (d.unit === "jsvars" || !s || !(r > 0) || (d.unit === "board ms" && r < MIN_MS)) continue;
      const a = row(d, s).map((v) => v / r); // a ratio per unit of each cost
      if (d.key.indexOf("step:") === 0) steps.push(a);
      else paths.push({ d, a });
    }
  }
  const W = WAKE_KINDS.length;
  const V = OPS.length + W + NATIVE_KINDS.length;
  // each cost in units of its largest use, so that the programme is well scaled
  const scale = new Array(V).fill(0) as number[];
  for (const a of paths.map((p) => p.a).concat(steps)) for (let j = 0; j < V; j++) scale[j] = Math.max(scale[j], Math.abs(a[j]));
  const cols = scale.map((v) => (v > 0 ? 1 / v : 0));
  const scaled = (a: number[]) => a.map((v, j) => v * cols[j]).concat([0]);
  // variables: the V costs (scaled), then u, the worst ratio of the rows `worst` names
  const ratioOf = (a: number[], y: number[]) => scaled(a).reduce((t, v, j) => t + v * y[j], 0);
  // the ratio u minimised is the worst of the paths `worst` names (by their place in `paths`); a
  // path in `capped` stays at or below its cap
  const solve = (worst: (i: number) => boolean, hi: number, capped?: Map<number, number>): number[] | null => {
    const A: number[][] = [];
    const b: number[] = [];
    paths.forEach((p, i) => {
      const a = scaled(p.a);
      A.push(a.map((v) => -v));
      b.push(-FIT.lo);
      if (worst(i)) {
        const w = a.slice();
        w[V] = -1;
        A.push(w);
        b.push(0);
      }
      A.push(a);
      b.push(capped && capped.has(i) ? Math.min(hi, capped.get(i)!) : hi);
    });
    for (const st of steps) {
      const a = scaled(st);
      A.push(a.map((v) => -v));
      b.push(-FIT.stepLo);
      A.push(a);
      b.push(FIT.stepHi);
    }
    const c = new Array(V + 1).fill(0) as number[];
    c[V] = 1;
    return minimise(c, A, b);
  };
  const first = solve(() => true, BAND.hi * 4);
  if (!first) throw new Error("no costs put the paths at or above their real figures with the steps in their band");
  const worst = first[V];
  // then the budgeted paths, worst first: each round the worst of those left as low as it goes, then
  // capped there (lexicographic minimax), so that a press is not left high because byoyomi is
  let x = first;
  let worstTight = worst;
  if (worst <= FIT.hi) {
    const capped = new Map<number, number>();
    let left = paths.map((p, i) => (tight(p.d) ? i : -1)).filter((i) => i >= 0);
    for (let round = 0; round < 8 && left.length; round++) {
      const y = solve((i) => left.indexOf(i) >= 0, FIT.hi, capped);
      if (!y) break;
      x = y;
      if (round === 0) worstTight = y[V];
      const u = y[V];
      const at = left.filter((i) => ratioOf(paths[i].a, y) >= u - 1e-4);
      for (const i of at) capped.set(i, u + 1e-4);
      left = left.filter((i) => at.indexOf(i) < 0);
    }
  }
  const cost = (j: number) => round3(x[j] * cols[j]);
  const op = {} as CostModel["op"];
  OPS.forEach((k: OpName, j) => (op[k] = cost(j)));
  const model: CostModel & { worst: number; worstTight: number } = {
    op, native: { ...MODEL.native }, nativeScale: NATIVE_KINDS.map((_, k) => cost(OPS.length + W + k)), wakeMs: WAKE_KINDS.map((_, k) => cost(OPS.length + k)), jsvarsFactor: 1,
    worst, worstTight,
  };
  // jsvars: never below the real count
  let factor = 1;
  for (const run of f.runs) {
    for (const d of PATHS) {
      const s = run.samples[d.key];
      if (d.unit !== "jsvars" || !s || !(run.real[d.key] > 0)) continue;
      factor = Math.max(factor, (run.real[d.key] / s.ops[0]) * (BAND.lo + 0.02));
    }
  }
  model.jsvarsFactor = round3(factor);
  return model;
}

/** Whether fitted costs differ from MODEL's by more than 2 % (a cost, the dispatch, a native scale)
 *  or in the jsvars factor. */
export function modelMoved(m: CostModel): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.02 * Math.max(Math.abs(a), Math.abs(b)) + 1e-9;
  return OPS.some((k) => !near(m.op[k], MODEL.op[k])) || m.wakeMs.some((v, k) => !near(v, MODEL.wakeMs[k])) || m.nativeScale.some((v, k) => !near(v, MODEL.nativeScale[k] ?? 0)) || m.jsvarsFactor !== MODEL.jsvarsFactor;
}

function round3(v: number): number {
  const p = Math.pow(10, 3 - Math.ceil(Math.log10(Math.abs(v) || 1)));
  return Math.round(v * p) / p;
}

/** The bench's lines: the model on the bundle as it is now, beside the last commit's real figures
 *  (the single steps said in one line), and the other commits' worst ratios. */
export function realLines(now: Record<string, PathSample>, f: RealFile | null, head: string): string[] {
  if (!f) return ["model against the real interpreter: no test/bench/real.json (npm run bench -- --record-real RIG_OUTPUT)"];
  const last = lastRun(f);
  const out = [
    "model against the real interpreter (" + f.interpreter + "), measured on " + last.commit + " (" + last.recorded + "); the bundle here: " + head +
      "; model / real within ×" + BAND.lo + "…×" + BAND.hi + " (never optimistic):",
  ];
  const all = compare(now, last.real);
  const rows = all.filter((r) => !isStep(r.def));
  const recorded = compare(last.samples, last.real);
  for (const r of rows) {
    const fmt = (v: number) => (r.def.unit === "jsvars" || v >= 100 ? Math.round(v).toLocaleString("en-US") : v.toFixed(1));
    const then = recorded.find((x) => x.def.key === r.def.key);
    const b = r.def.budget;
    const budget = b === undefined ? "" : "; budget ≤ " + b + " " + r.def.unit + ": model " + (r.model <= b ? "ok" : "OVER") + ", real " + (r.real <= b ? "ok" : "OVER");
    out.push("  " + r.def.what + ": model " + fmt(r.model) + " " + r.def.unit + ", real " + fmt(r.real) + ", ×" + r.ratio.toFixed(2) +
      (r.ok ? "" : " OUTSIDE") + (then && Math.abs(then.ratio - r.ratio) > 0.005 ? " (×" + then.ratio.toFixed(2) + " on the bundle measured)" : "") + budget);
  }
  const steps = all.filter((r) => isStep(r.def)).sort((a, b) => a.ratio - b.ratio);
  if (steps.length) {
    out.push("  " + steps.length + " single steps of the interpreter (steps.json), model / real ×" + steps[0].ratio.toFixed(2) + " (" + steps[0].def.key.slice(5) + ")…×" +
      steps[steps.length - 1].ratio.toFixed(2) + " (" + steps[steps.length - 1].def.key.slice(5) + "); the fit keeps them within ×" + FIT.stepLo + "…×" + FIT.stepHi);
  }
  for (const run of f.runs.slice(0, -1)) {
    const r = compare(run.samples, run.real).filter((x) => !isStep(x.def));
    const lo = r.reduce((m, x) => Math.min(m, x.ratio), Infinity);
    const hi = r.reduce((m, x) => Math.max(m, x.ratio), 0);
    out.push("  also fitted: " + run.commit + " (" + run.recorded + "), its " + r.length + " paths on its own bundle ×" + lo.toFixed(2) + "…×" + hi.toFixed(2));
  }
  return out;
}

/** A single step of the interpreter (steps.json), not a path of the clock. */
export function isStep(d: PathDef): boolean {
  return d.key.indexOf("step:") === 0;
}
