// npm run bench: the timing core's figures, one a line, each with its unit and target.
//   - the simulator's time for a 300-move, 6-hour game (2h+5x60s), every wake-up included;
//   - the error that wake-ups coming 0–200 ms late add over those 6 hours (must be 0 ms), and what
//     such lateness does to the calls;
//   - random games (test/core/gen.ts) checked against the invariants (test/core/invariants.ts), on all cores;
//   - the firmware bundle's size, and the device figures of the built bundle on the Espruino double
//     (wake-ups per second, edge-to-switch time, jsvars);
//   - the power model: mA and hours of play on the cell per control, before and after the savings,
//     hours left at the low-battery warning, the digits' height per display (power.ts, parts.ts);
//   - the board-cost model: board milliseconds per path against issue 8's budgets (board.ts), and
//     how well the model reproduces the figures it is calibrated on (calibration.ts, COST.md);
//   - the hall's advertisement: its board time and CPU share, and the radio's current (air.ts).
// `npm run bench -- --games N` checks N random games instead of 100 000; `--record-calibration
// NAME` records the reference paths' operation counts from the current dist/clock.js (only for the
// bundle the reference figures were measured on: see calibration.ts).

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import * as esbuild from "esbuild";
import { runScript, type RunResult } from "../../sim/run";
import type { Script, ScriptEvent } from "../../sim/script";
import { parseControl, isParseError, other, type Side, type Output } from "../../firmware/core/index";
import { seededPicker } from "../core/gen";
import { INVARIANTS, timeLeft, type SeedsResult } from "../core/invariants";
import { deviceFigures } from "./device";
import { boardFigures, boardLines } from "./board";
import { recordFigures, recordLines } from "./records";
import { airFigures, airLines } from "./air";
import { powerFigures, powerLines } from "./power";
import { correctionLines, boardCorrection } from "./correction";
import { check, loadCalibration, recordCalibration, BAND } from "./calibration";
import { MODEL, WAKE_KINDS } from "./cost";
import { loadReal, recordReal, realLines, fitReal, compare, modelMoved, isStep, FIT } from "./real";
import { modelPaths } from "./paths";
import { execFileSync } from "node:child_process";
import { OPS } from "../double/ops";
import { buildFirmware, type Built } from "../../build";
import { flashedBytes } from "../../hw/pretokenise";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const GRACE_MS = 20; // the device's setting (sim/cli.ts uses the same)
const SEED = 20261129;

const CONTROL = (() => {
  const c = parseControl("2h+5x60s");
  if (isParseError(c)) throw new Error(c.error);
  return c;
})();

function say(line: string): void {
  process.stdout.write(line + "\n");
}

function hm(ms: number): string {
  return Math.floor(ms / HOUR) + "h" + String(Math.floor((ms % HOUR) / MIN)).padStart(2, "0") + "m";
}

function n(x: number): string {
  return x.toLocaleString("en-US");
}

// --- the 6-hour game -------------------------------------------------------------------------------

/** 300 moves: each side thinks 40–160 s a move through its 2 h, then 35–59.5 s a move in byoyomi
 *  (now and then a long one that uses a period, at most two a side); after move 300 Black thinks
 *  until its flag falls. Move times have random milliseconds. About 6 hours in all. */
function sixHourGame(): Script {
  const p = seededPicker(SEED);
  const main: Record<Side, number> = { black: 2 * HOUR, white: 2 * HOUR };
  const long: Record<Side, number> = { black: 0, white: 0 };
  const events: ScriptEvent[] = [{ tMs: 0, op: { op: "press", side: "white" }, line: 1 }];
  let t = 0;
  let side: Side = "black";
  for (let i = 0; i < 300; i++) {
    let d: number;
    if (main[side] > 0) d = Math.min(p.int(40 * SEC, 160 * SEC), main[side] + p.int(0, 50 * SEC));
    else if (long[side] < 2 && p.int(0, 99) < 4) {
      d = p.int(61 * SEC, 110 * SEC);
      long[side]++;
    } else d = p.int(35 * SEC, 59500);
    main[side] = Math.max(0, main[side] - d);
    t += d;
    events.push({ tMs: t, op: { op: "press", side: side }, line: i + 2 });
    side = other(side);
  }
  return { setup: [{ op: "control", side: null, control: CONTROL }], events: events, endMs: t + 10 * MIN };
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

interface Charge {
  side: Side;
  t: number;
  /** Time left (main + byoyomi) taken by the move. */
  charged: number;
  /** Main time taken, and the move's length, while main time lasted. */
  mainCharged: number;
  moveMs: number;
  mainBefore: number;
}

/** Every move's charge, read off the time log (the first press only starts the clock). */
function charges(r: RunResult): Charge[] {
  const out: Charge[] = [];
  const start = { left: CONTROL.mainMs + (CONTROL.kind === "byoyomi" ? CONTROL.periods * CONTROL.periodMs : 0), mainMs: CONTROL.mainMs };
  const prev: Record<Side, { left: number; mainMs: number }> = { black: { ...start }, white: { ...start } };
  let turnStart = -1;
  for (const e of r.clock.log) {
    if (e.what !== "press" || e.side === null) continue;
    const after = e[e.side];
    if (turnStart >= 0) {
      const before = prev[e.side];
      const left = timeLeft(CONTROL, after);
      out.push({ side: e.side, t: e.t, charged: before.left - left, mainCharged: before.mainMs - after.mainMs, moveMs: e.t - turnStart, mainBefore: before.mainMs });
      prev[e.side] = { left: left, mainMs: after.mainMs };
    }
    turnStart = e.t;
  }
  return out;
}

function flagAt(outputs: Output[]): number {
  const f = outputs.find((o) => o.kind === "flag");
  return f ? f.t : -1;
}

function benchSixHours(): void {
  const script = sixHourGame();
  const last = script.events[script.events.length - 1].tMs;
  runScript(script, GRACE_MS, null); // warm-up
  const times: number[] = [];
  let onTime: RunResult | null = null;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    onTime = runScript(script, GRACE_MS, null);
    times.push(performance.now() - t0);
  }
  const a = onTime!;
  let wakes = 0;
  runScript(script, GRACE_MS, () => (wakes++, 0)); // on time too: only counts the wake-ups
  const flag = flagAt(a.outputs);
  say("sim 300-move game, 2h+5x60s, " + hm(last) + " of moves then the flag at " + hm(flag) + ", " + n(wakes) + " wake-ups: " +
    median(times).toFixed(1) + " ms, median of 7 runs (target ≤ 100 ms)");

  // The same game with every wake-up 0–200 ms late.
  const p = seededPicker(SEED + 1);
  const b = runScript(script, GRACE_MS, () => p.int(0, 200));
  const ca = charges(a);
  const cb = charges(b);
  let error = 0;
  for (let i = 0; i < Math.max(ca.length, cb.length); i++) {
    if (!ca[i] || !cb[i] || ca[i].t !== cb[i].t) {
      error += HOUR; // a press missing or moved: count it as an hour off
      continue;
    }
    error += Math.abs(ca[i].charged - cb[i].charged);
  }
  for (const side of ["black", "white"] as Side[]) {
    error += Math.abs(timeLeft(CONTROL, a.clock.reading(side, script.endMs)) - timeLeft(CONTROL, b.clock.reading(side, script.endMs)));
  }
  error += Math.abs(flagAt(a.outputs) - flagAt(b.outputs));
  say("accumulated error over " + hm(flag) + " with every wake-up 0–200 ms late (" + ca.length + " press charges, both final readings, the flag time): " +
    n(error) + " ms (target 0 ms)");

  // A move of e ms costs exactly e ms of main time (while main time lasts).
  let off = 0;
  let moves = 0;
  for (const c of ca) {
    if (c.mainBefore === 0) continue;
    moves++;
    off += Math.abs(c.mainCharged - Math.min(c.moveMs, c.mainBefore));
  }
  say("main time charged against the moves' lengths (" + moves + " moves in main time): " + n(off) + " ms off (target 0 ms)");

  const count = (r: RunResult) => {
    let made = 0;
    let late = 0;
    for (const o of r.outputs) if (o.kind === "call") o.due === undefined ? made++ : late++;
    let dropped = 0;
    for (const e of r.clock.log) if (e.what === "dropped") dropped++;
    return { made: made, late: late, dropped: dropped };
  };
  const ka = count(a);
  const kb = count(b);
  say("calls with every wake-up 0–200 ms late (grace " + GRACE_MS + " ms): " + n(kb.made) + " made on time, " + n(kb.late) + " made late (last period), " +
    n(kb.dropped) + " dropped; on-time wake-ups: " + n(ka.made) + " on time, " + n(ka.late) + " late, " + n(ka.dropped) + " dropped (target: none late or dropped on time)");
}

// --- random games ------------------------------------------------------------------------------------

/** The checker bundled for plain Node (tsx's per-function helpers would double its time). */
async function bundleChecker(dir: string): Promise<string> {
  const entry = [
    'import { parentPort, workerData } from "node:worker_threads";',
    'import { checkSeeds } from "./test/core/invariants";',
    "parentPort.postMessage(checkSeeds(workerData.from, workerData.to));",
  ].join("\n");
  const r = await esbuild.build({
    stdin: { contents: entry, resolveDir: ROOT, loader: "ts", sourcefile: "bench-worker.ts" },
    bundle: true, platform: "node", format: "esm", target: "node20", write: false, logLevel: "silent",
  });
  const file = join(dir, "bench-worker.mjs");
  writeFileSync(file, r.outputFiles[0].text);
  return file;
}

function runWorker(file: string, from: number, to: number): Promise<SeedsResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(file, { workerData: { from: from, to: to } });
    w.once("message", (m: SeedsResult) => resolve(m));
    w.once("error", reject);
    w.once("exit", (code) => {
      if (code !== 0) reject(new Error("worker exited with " + code));
    });
  });
}

async function benchRandom(games: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "clock-bench-"));
  try {
    const file = await bundleChecker(dir);
    const workers = Math.max(1, Math.min(availableParallelism(), games));
    const t0 = performance.now();
    const parts: Promise<SeedsResult>[] = [];
    for (let i = 0; i < workers; i++) {
      parts.push(runWorker(file, SEED + Math.floor((games * i) / workers), SEED + Math.floor((games * (i + 1)) / workers)));
    }
    const rs = await Promise.all(parts);
    const s = (performance.now() - t0) / 1000;
    let failures = 0;
    const by: Record<string, number> = {};
    let first: SeedsResult["first"] = null;
    for (const r of rs) {
      failures += r.failures;
      for (const k of Object.keys(r.byInvariant)) by[k] = (by[k] || 0) + r.byInvariant[k];
      if (r.first && (!first || r.first.report.length < first.report.length)) first = r.first;
    }
    say("random games: " + n(games) + " checked against " + INVARIANTS.length + " invariants after every operation and wake-up in " + s.toFixed(1) + " s on " +
      workers + " worker" + (workers > 1 ? "s" : "") + ": " + n(failures) + " failures (target 0)" +
      (failures ? " — by first invariant broken: " + Object.keys(by).map((k) => k + " " + by[k]).join(", ") : ""));
    if (first) say("  shortest failure (seed " + first.seed + "):\n    " + first.report.split("\n").join("\n    "));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// --- the bundle ----------------------------------------------------------------------------------------

async function benchBundle(): Promise<void> {
  let built: Built;
  try {
    built = await buildFirmware();
  } catch (e) {
    say("bundle: build failed: " + (e as Error).message.split("\n")[0]);
    return;
  }
  const flashed = flashedBytes(built.path);
  const menu = built.cold.menu ? built.cold.menu.bytes : 0;
  const cold = Object.keys(built.cold).filter((k) => k !== "menu");
  const others = cold.reduce((a, k) => a + built.cold[k].bytes, 0);
  const budget = 64 * 1024;
  const file = (k: string) => relative(process.cwd(), built.cold[k].path) + " " + n(built.cold[k].bytes) + " bytes";
  say("bundle dist/clock.js: " + n(built.bytes) + " bytes minified, " + n(built.gzipBytes) + " bytes gzipped (the cold files apart: build/cold.ts)");
  say("  as flashed (pretokenised, hw/pretokenise.ts): the program dist/clock.flash.js " + n(flashed) + " bytes" +
    (built.cold.menu ? " + the menus' file " + file("menu") + " = " + n(flashed + menu) : "") +
    " bytes of code, target ≤ 64 KB = " + n(budget) + " bytes (code runs from flash on the Jolt.js) " + (flashed + menu <= budget ? "ok" : "OVER") +
    (cold.length ? "; with the " + cold.map(file).join(", ") + ", loaded only when used: " + n(flashed + menu + others) + " bytes of code in all" : ""));
  say("  by part: " + built.parts.map((p) => p.part + " " + n(p.bytes)).join(", "));
}

function benchCalibration(): void {
  const cal = loadCalibration();
  const { rows, mandelbrot } = check(MODEL, cal);
  say("board-cost model, µs per operation: " + OPS.map((k) => k + " " + MODEL.op[k]).join(", ") + "; a callback's dispatch " + WAKE_KINDS.map((k, i) => k + " " + MODEL.wakeMs[i]).join(", ") + " ms; jsvars ×" + MODEL.jsvarsFactor +
    " (fitted to the real interpreter's paths: real.ts, below)");
  say("  held out: the first calibration's " + rows.length + " figures (issue 8, paths counted on " + cal.bundle + "), estimate / reference (its band was ×" + BAND.lo + "…×" + BAND.hi + "):");
  for (const r of rows.concat([mandelbrot])) {
    say("    " + r.what + ": " + (r.estimate < 10 ? r.estimate.toFixed(2) : n(Math.round(r.estimate))) + " ms for " + n(r.ms) + " ms, ×" + r.ratio.toFixed(2));
  }
}

/** The model on the bundle as it is now, path by path, beside the last real-interpreter figures. */
async function benchReal(): Promise<void> {
  const real = loadReal();
  let head = "?";
  try {
    head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    if (execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim()) head += " with changes";
  } catch (e) {
    // not a git checkout: the commit is not said
  }
  const now = await modelPaths();
  for (const line of realLines(now.samples, real, head)) say(line);
  if (!real) return;
  const fitted = fitReal(real);
  say("  a fresh fit to real.json (" + real.runs.length + " commits): the worst path ×" + fitted.worst.toFixed(3) + ", the worst of the budgeted paths ×" + fitted.worstTight.toFixed(3) +
    (modelMoved(fitted) ? "; its costs differ from MODEL: " + JSON.stringify({ op: fitted.op, nativeScale: fitted.nativeScale, wakeMs: fitted.wakeMs, jsvarsFactor: fitted.jsvarsFactor }) + " (update MODEL in cost.ts)" : "; MODEL holds its costs"));
  // a path within BAND; a single step within the fit's own band for steps (they are prices, not paths)
  const within = (r: ReturnType<typeof compare>[number]) => (isStep(r.def) ? r.ratio >= FIT.stepLo - 0.01 && r.ratio <= FIT.stepHi + 0.01 : r.ok);
  const bad = real.runs.flatMap((run) => compare(run.samples, run.real).filter((r) => !within(r)).map((r) => run.commit + " " + r.def.key));
  say("  on the bundles measured: " + (bad.length ? bad.length + " paths OUTSIDE the band: " + bad.join(", ") : "every path within the band"));
}

async function main(): Promise<void> {
  const rr = process.argv.indexOf("--record-real");
  if (rr > 0) {
    const file = process.argv[rr + 1];
    if (!file) throw new Error("--record-real RIG_OUTPUT...: the measuring rig's output(s) for the commit built in dist/");
    const k = process.argv.indexOf("--keep");
    const keepRuns = k > 0 ? Number(process.argv[k + 1]) : Infinity;
    if (k > 0 && !(Number.isInteger(keepRuns) && keepRuns >= 1)) throw new Error("--keep N: how many commits' runs real.json keeps, this one included (a whole number ≥ 1)");
    const files = process.argv.slice(rr + 1, k > rr ? k : undefined).filter((a) => !a.startsWith("--"));
    const { file: f, run, dropped } = await recordReal(files, process.argv.indexOf("--only") > 0, keepRuns);
    say("recorded test/bench/real.json: " + Object.keys(run.real).length + " real figures of " + run.commit + ", and the model's samples of the bundle in dist/; " +
      "its runs: " + f.runs.map((x) => x.commit).join(", ") + (dropped.length ? "; dropped (counted otherwise, or past --keep): " + dropped.join(", ") : ""));
    const m = fitReal(f);
    say("fitted to them: the worst path ×" + m.worst.toFixed(3) + ", the worst of the budgeted paths ×" + m.worstTight.toFixed(3) + "; MODEL in cost.ts:");
    say(JSON.stringify({ op: m.op, nativeScale: m.nativeScale, wakeMs: m.wakeMs, jsvarsFactor: m.jsvarsFactor }));
    return;
  }
  const r = process.argv.indexOf("--record-calibration");
  if (r > 0) {
    const name = process.argv[r + 1];
    if (!name) throw new Error("--record-calibration NAME: which bundle this is (e.g. main b14220b)");
    const cal = await recordCalibration(name);
    say("recorded the reference paths of " + cal.bundle + " in test/bench/calibration.json: " + Object.keys(cal.paths).join(", "));
    return;
  }
  const i = process.argv.indexOf("--games");
  const games = i > 0 ? parseInt(process.argv[i + 1], 10) : 100000;
  if (!(games >= 0)) throw new Error("--games N: how many random games to check");
  benchSixHours();
  if (games > 0) await benchRandom(games);
  await benchBundle();
  for (const line of await deviceFigures()) say(line); // the built bundle on the Espruino double
  for (const line of boardLines(await boardFigures())) say(line);
  for (const line of recordLines(await recordFigures())) say(line);
  for (const line of powerLines(await powerFigures())) say(line);
  for (const line of correctionLines(await boardCorrection())) say(line);
  for (const line of airLines(await airFigures())) say(line);
  benchCalibration();
  await benchReal();
}

main().catch((e) => {
  process.stderr.write((e as Error).stack + "\n");
  process.exitCode = 1;
});
