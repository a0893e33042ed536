// The paths measured on Espruino's own interpreter (the rig, real.ts), played the same way on the
// board-cost model: the same scenarios, instants and windows, so that each model figure stands
// beside its real one. Each path is kept as what the model counted (a Sample: operations and
// native ms) and how the figure is made of it, so a figure can be priced again with other costs
// (calibration.ts fits them) and recorded once from the bundle the real figures were measured on.
//
// Scenarios (as the rig plays them, through the buttons and the USB line):
//   setup   boot; idle on the set-up screen; MENU tapped (the set-up menu opens); six LEFT taps in it;
//   main    60m+5x30s: a minute of Black's main time; then 20 presses 3 s apart (and their records);
//   byoyomiP  1m+2xPs (P = 10, 20, 30, 60): the ordinary period after main time, then the last;
//   blocks, fischer, bronstein: a minute of Black thinking (1m+15/10m, 1m+F5s, 1m+D5s);
//   game400 1m+5x20s: 400 moves (every 20th a long one, with calls), then its log read over the link;
//   console 60m+5x30s: in main time, clock.unlock("0000") (the PIN checked), clock.status(),
//           clock.help() at the console, each loading the link's code (the rig: measure19m.js,
//           mark to mark around the line);
//   steps   the single steps of steps.json (steps.ts).
// The model runs uncharged (code takes no virtual time, as in the rig's virtual time): the same
// timeline, the same wakes.

import { boardRig, cpuMs, nativeMs, NATIVE_KINDS, SOUND_KIND, WAKE_KINDS, wakeKind, type BoardMeter, type CallCost, type CostModel, MODEL } from "./cost";
import { ClockRig, firmware } from "../double/rig";
import { frame, findReply } from "../double/link";
import { OPS } from "../double/ops";
import { PAGE_CHARS } from "../../firmware/link/console";
import { SLOT_BYTES } from "../../firmware/board";
import { STEPS, stepSamples } from "./steps";

const S = 1000;

/** What the model counted for a path, and how its figure is made: CPU ms over `per` (1 for a
 *  duration; seconds × 10 for a share in % of each second). */
export interface PathSample {
  ops: number[];
  nativeMs: number;
  /** Its native work per kind (cost.ts NATIVE_KINDS), at NativeCosts' prices, before nativeScale. */
  natives: number[];
  per: number;
  /** The callbacks (wakes, edges) it took: each costs the interpreter its dispatch too; and how many
   *  of each kind (cost.ts WAKE_KINDS). */
  wakes: number;
  wakeKinds?: number[];
}

export type Unit = "% CPU" | "board ms" | "board s" | "board µs" | "jsvars";

export interface PathDef {
  key: string;
  /** The rig's name for it (its JSON figures). */
  rig: string;
  unit: Unit;
  what: string;
  /** Issue 19's budget for it, in its unit (none: not budgeted). */
  budget?: number;
}

/** Every path compared, keyed; `rig` is the name the measuring rig (outside the repository) gives the figure. */
export const PATHS: PathDef[] = [
  { key: "boot", rig: "boot: program start to the first idle", unit: "board ms", what: "boot, program start to the first idle" },
  { key: "idle", rig: "idle on the set-up screen", unit: "% CPU", what: "idle on the set-up screen" },
  { key: "menuOpen", rig: "menu: MENU released (the set-up menu opens), edge to idle", unit: "board ms", what: "the set-up menu opens (MENU released)" },
  { key: "menuStep", rig: "menu step (LEFT pressed), edge to idle, median", unit: "board ms", what: "a menu step (LEFT pressed)", budget: 150 },
  { key: "menuStepBoth", rig: "menu step, press + release, median", unit: "board ms", what: "a menu step, press and release" },
  { key: "main", rig: "main time (60m+5x30s), CPU share", unit: "% CPU", what: "main time (60m+5x30s)", budget: 10 },
  { key: "press", rig: "press, edge to idle, median of 20", unit: "board ms", what: "a press, edge to idle", budget: 150 },
  { key: "release", rig: "release, edge to idle, median of 20", unit: "board ms", what: "a release, edge to idle" },
  { key: "record", rig: "a wake that writes a record (after a press), median", unit: "board ms", what: "a record (the wake after a press)" },
  ...[10, 20, 30, 60].flatMap((p): PathDef[] => [
    { key: "byoyomi" + p, rig: "byoyomi " + p + " s periods, ordinary period, CPU share", unit: "% CPU", what: "byoyomi " + p + " s, an ordinary period", budget: 15 },
    { key: "byoyomi" + p + "last", rig: "byoyomi " + p + " s periods, last period, CPU share", unit: "% CPU", what: "byoyomi " + p + " s, the last period", budget: 15 },
  ]),
  { key: "blocks", rig: "blocks (1m+15/10m, the first block), CPU share", unit: "% CPU", what: "moves blocks (1m+15/10m)", budget: 15 },
  { key: "fischer", rig: "fischer (1m+F5s, the minute to the flag), CPU share", unit: "% CPU", what: "Fischer (1m+F5s)", budget: 15 },
  { key: "bronstein", rig: "bronstein (1m+D5s, the minute to the flag), CPU share", unit: "% CPU", what: "Bronstein (1m+D5s)", budget: 15 },
  { key: "unlock", rig: "console: clock.unlock(PIN) in a game (the PIN checked), mark to mark", unit: "board ms", what: "the PIN check: clock.unlock(PIN) at the console", budget: 300 },
  { key: "status", rig: "console: clock.status() in a game, mark to mark", unit: "board ms", what: "clock.status() at the console" },
  { key: "help", rig: "console: clock.help(), mark to mark", unit: "board ms", what: "clock.help() at the console (the link's code loaded)" },
  { key: "logPage", rig: "one log page (10 entries) over the link, request to idle, median", unit: "board ms", what: "one log page over the link" },
  { key: "game400Press", rig: "400-move game: press, edge to idle, median (max)", unit: "board ms", what: "a press late in a 400-move game", budget: 150 },
  { key: "jsvarsBoot", rig: "jsvars: boot (raw)", unit: "jsvars", what: "jsvars at boot" },
  { key: "jsvarsMenu", rig: "jsvars: menu open (raw)", unit: "jsvars", what: "jsvars, the set-up menu open" },
  { key: "jsvarsPeak", rig: "peak jsvars, the clock's own (raw minus the harness)", unit: "jsvars", what: "peak jsvars, the clock's own (400-move game, log, menu)" },
  // single steps of the interpreter (steps.json), which tell the operations' costs apart
  ...STEPS,
];

/** The model's samples of every path (jsvars: the deep walk's estimate, as `ops` [n] with per 1). */
export interface ModelPaths {
  samples: Record<string, PathSample>;
}

function sum(calls: CallCost[]): { ops: number[]; nativeMs: number; natives: number[] } {
  const ops = new Array(OPS.length).fill(0) as number[];
  let nativeMs = 0;
  const natives = NATIVE_KINDS.map(() => 0);
  for (const c of calls) {
    for (let k = 0; k < ops.length; k++) ops[k] += c.ops[k];
    nativeMs += c.nativeMs;
    for (let k = 0; k < natives.length; k++) natives[k] += c.kinds[k];
  }
  return { ops, nativeMs, natives };
}

/** The call whose CPU is the median of the given ones (as the rig takes medians of instructions). */
function medianOf(calls: (CallCost | null)[], m: CostModel): PathSample | null {
  const xs = calls.filter((c): c is CallCost => !!c).sort((a, b) => cpuMs(a.ops, m) + nativeMs(a.kinds, m) - (cpuMs(b.ops, m) + nativeMs(b.kinds, m)));
  if (!xs.length) return null;
  const c = xs[xs.length >> 1];
  return { ops: Array.from(c.ops), nativeMs: c.nativeMs, natives: c.kinds.slice(), per: 1, wakes: 1, wakeKinds: kindsOf([c]) };
}

/** The callbacks of a window [from, to): its share of each second. */
function windowOf(meter: BoardMeter, from: number, to: number): PathSample {
  const calls = meter.calls.filter((c) => c.at >= from && c.at < to);
  const s = sum(calls);
  // the clips' samples played in it: their interrupts, between the callbacks
  s.natives[SOUND_KIND] += meter.samplesIn(from, to) * meter.model.native.sampleMs;
  s.nativeMs += meter.soundMs(from, to);
  return { ops: s.ops, nativeMs: s.nativeMs, natives: s.natives, per: (to - from) / 100, wakes: calls.length, wakeKinds: kindsOf(calls) };
}

/** How many callbacks of each kind (WAKE_KINDS). */
function kindsOf(calls: { what: string }[]): number[] {
  const k = WAKE_KINDS.map(() => 0);
  for (const c of calls) k[wakeKind(c.what)]++;
  return k;
}

/** The callback of the edge at t (the watch callback that ran for it). */
function edge(meter: BoardMeter, t: number): CallCost | null {
  return meter.calls.find((c) => c.what === "watch" && c.at >= t - 0.05) || null;
}

/** The rig's set-up: the control at the console, then MENU, LEFT, MENU (ClockRig.setUp does the same). */
async function game(control: string, m: CostModel): Promise<{ rig: ClockRig; meter: BoardMeter }> {
  const { rig, meter } = await boardRig({ model: m });
  meter.charge = false;
  rig.start();
  rig.setUp(control, 3000);
  rig.press("white", 5000);
  return { rig, meter };
}

export interface PathOptions {
  model?: CostModel;
  /** Leave out the 400-move game (its log and RAM): the quick figures only. */
  quick?: boolean;
}

/** Plays every scenario on the model and returns what each path counted. */
export async function modelPaths(o: PathOptions = {}): Promise<ModelPaths> {
  const m = o.model ?? MODEL;
  const out: Record<string, PathSample> = {};
  const put = (k: string, s: PathSample | null) => {
    if (s) out[k] = s;
  };

  // --- set-up: boot, idle, the menu -------------------------------------------------------------
  {
    const { rig, meter } = await boardRig({ model: m });
    meter.charge = false;
    rig.start();
    rig.runUntil(2000);
    const bootCalls = meter.calls.filter((c) => c.what === ".bootcde" || c.what === "init" || c.what === "onInit");
    const boot = sum(bootCalls);
    put("boot", { ops: boot.ops, nativeMs: boot.nativeMs, natives: boot.natives, per: 1, wakes: bootCalls.length, wakeKinds: kindsOf(bootCalls) });
    rig.runUntil(70 * S);
    put("idle", windowOf(meter, 10 * S, 70 * S));
    rig.tap("menu", 71 * S);
    rig.runUntil(73 * S);
    const open = meter.calls.find((c) => c.what === "watch" && c.at >= 71 * S + rig.holdMs - 0.05) || null;
    put("menuOpen", open ? { ops: Array.from(open.ops), nativeMs: open.nativeMs, natives: open.kinds.slice(), per: 1, wakes: 1, wakeKinds: kindsOf([open]) } : null);
    const downs: CallCost[] = [];
    const both: CallCost[] = [];
    for (let i = 0; i < 6; i++) {
      const t = 75 * S + i * 2000;
      rig.tap("left", t);
      rig.runUntil(t + 1500);
      const d = edge(meter, t);
      const u = edge(meter, t + rig.holdMs);
      if (d) downs.push(d);
      if (d && u) both.push({ ...d, ops: d.ops.map((x, k) => x + u.ops[k]) as unknown as Float64Array, nativeMs: d.nativeMs + u.nativeMs, kinds: d.kinds.map((x, k) => x + u.kinds[k]) });
    }
    put("menuStep", medianOf(downs, m));
    const b = medianOf(both, m);
    put("menuStepBoth", b ? { ops: b.ops, nativeMs: b.nativeMs, natives: b.natives, per: 1, wakes: 2, wakeKinds: kindsOf([{ what: "watch" }, { what: "watch" }]) } : null);
  }

  // --- main time, presses, records ----------------------------------------------------------------
  {
    const { rig, meter } = await game("60m+5x30s", m);
    rig.runUntil(70 * S);
    put("main", windowOf(meter, 10 * S, 70 * S));
    const n0 = meter.calls.length;
    const presses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = 71 * S + i * 3000;
      rig.press(i % 2 ? "white" : "black", t);
      presses.push(t);
    }
    rig.runUntil(140 * S);
    put("press", medianOf(presses.map((t) => edge(meter, t)), m));
    put("release", medianOf(presses.map((t) => edge(meter, t + rig.holdMs)), m));
    // the wake after each press that writes its record (not the press's own callback)
    const flash = rig.dev.flash.log;
    const writes = meter.calls.slice(n0).filter((c) => c.what === "timeout" && flash.some((l) => l.t >= c.at && l.t <= c.at + c.ms));
    put("record", medianOf(writes, m));
  }

  // --- byoyomi of every period length, the last period too ----------------------------------------
  for (const p of [10, 20, 30, 60]) {
    const { rig, meter } = await game("1m+2x" + p + "s", m);
    const a = 65 * S;
    rig.runUntil(a + 2 * p * S);
    put("byoyomi" + p, windowOf(meter, a, a + p * S));
    put("byoyomi" + p + "last", windowOf(meter, a + p * S, a + 2 * p * S - 500));
  }
  // --- the arbiter's lines at the console in a game (each loads the link's code) -----------------
  {
    const { rig, meter } = await game("60m+5x30s", m);
    const line = (key: string, t: number, code: string) => {
      rig.runUntil(t);
      const r = meter.measure(() => rig.console(code));
      put(key, { ops: Array.from(r.ops), nativeMs: nativeMs(r.kinds, m), natives: r.kinds, per: 1, wakes: 0 });
    };
    line("unlock", 20 * S, 'clock.unlock("0000")');
    line("status", 25 * S, "clock.status()");
    line("help", 30 * S, "clock.help()");
  }
  const minute = async (key: string, control: string, from: number, to: number) => {
    const { rig, meter } = await game(control, m);
    rig.runUntil(to);
    put(key, windowOf(meter, from, to));
  };
  await minute("blocks", "1m+15/10m", 65 * S, 125 * S);
  await minute("fischer", "1m+F5s", 6 * S, 64 * S);
  await minute("bronstein", "1m+D5s", 6 * S, 64 * S);

  Object.assign(out, stepSamples());
  await ram(out, !!o.quick);
  if (!o.quick) await longGame(m, out);
  return { samples: out };
}

/** RAM is counted on the bundle itself (the instrumented copy's counters would be counted too):
 *  at boot, and with the set-up menu open, at the rig's instants. */
async function ram(out: Record<string, PathSample>, quick: boolean): Promise<void> {
  const rig = new ClockRig(await firmware()).start();
  rig.runUntil(2000);
  out.jsvarsBoot = { ops: [rig.dev.jsvars(true).total], nativeMs: 0, natives: NATIVE_KINDS.map(() => 0), per: 1, wakes: 0 };
  rig.tap("menu", 71 * S);
  rig.runUntil(73 * S);
  out.jsvarsMenu = { ops: [rig.dev.jsvars(true).total], nativeMs: 0, natives: NATIVE_KINDS.map(() => 0), per: 1, wakes: 0 };
  if (!quick) out.jsvarsPeak = { ops: [await ramPeak()], nativeMs: 0, natives: NATIVE_KINDS.map(() => 0), per: 1, wakes: 0 };
}

/** The rig's 400-move game on a rig: a press now and then with calls, `mem` where the rig samples
 *  RAM, then the whole log read over the link, 10 entries a page, and the set-up menu opened.
 *  Returns the presses' instants and, per log page that brought entries, its request's instant. */
function playLong(rig: ClockRig, mem: () => void): { presses: number[]; pages: number[] } {
  rig.start();
  rig.setUp("1m+5x20s", 3000);
  let at = 5000;
  const presses: number[] = [];
  for (let i = 0; i < 400; i++) {
    const think = i % 20 === 19 ? 12000 : 1500; // every 20th a long one, with calls
    if (think > 1500) {
      for (let k = 2000; k < think; k += 1000) {
        rig.runUntil(at + k + 300);
        mem();
      }
    } else if (i % 5 === 0) {
      rig.runUntil(at + 700);
      mem();
    }
    at += think;
    rig.press(i % 2 === 0 ? "white" : "black", at);
    presses.push(at);
  }
  rig.runUntil(at + 1000);
  mem();
  let t = at + 3000;
  rig.runUntil(t);
  rig.dev.send("USB", frame(1, { c: "hello" }));
  const pages: number[] = [];
  for (let k = 0; k < 60; k++) {
    t += 2000;
    rig.runUntil(t);
    rig.dev.take("USB");
    // the records a page at a time, as goclock reads the log (firmware/record/readlog.ts)
    rig.dev.send("USB", frame(2 + k, { c: "records", from: k * (PAGE_CHARS / SLOT_BYTES) }));
    rig.runUntil(t + 1000);
    mem();
    const r = findReply(rig.dev.take("USB"), 2 + k);
    const page = r && (r.ok as { text: string } | undefined);
    if (page && page.text.length > 0) pages.push(t);
  }
  rig.runUntil(t + 2000);
  mem();
  rig.tap("menu", t + 3000);
  rig.runUntil(t + 5000);
  mem();
  return { presses, pages };
}

async function longGame(m: CostModel, out: Record<string, PathSample>): Promise<void> {
  const { rig, meter } = await boardRig({ model: m });
  meter.charge = false;
  const { presses, pages } = playLong(rig, () => undefined);
  if (pages.length === 0) throw new Error("the 400-move game's log read brought no records (a record not saved?): " + JSON.stringify(rig.status().faults));
  const p = medianOf(presses.map((t) => edge(meter, t)), m);
  if (p) out.game400Press = p;
  const lp = medianOf(pages.map((t) => meter.calls.find((c) => c.what === "data" && c.at >= t - 0.05) || null), m);
  if (lp) out.logPage = lp;
}

/** The 400-move game's peak jsvars (the deep walk) on the bundle itself. */
async function ramPeak(): Promise<number> {
  const rig = new ClockRig(await firmware());
  let peak = 0;
  playLong(rig, () => {
    const n = rig.dev.jsvars(true).total;
    if (n > peak) peak = n;
  });
  return peak;
}

/** A path's figure from its sample, with a model's costs (jsvars: the estimate times its factor). */
export function figureOf(def: PathDef, s: PathSample, m: CostModel = MODEL): number {
  if (def.unit === "jsvars") return s.ops[0] * m.jsvarsFactor;
  const kinds = s.wakeKinds || kindsOf(new Array(s.wakes).fill({ what: "timeout" }));
  const ms = cpuMs(s.ops, m) + nativeMs(s.natives, m) + kinds.reduce((a, n, k) => a + n * m.wakeMs[k], 0);
  return def.unit === "board s" ? ms / 1000 / s.per : def.unit === "board µs" ? (ms * 1000) / s.per : ms / s.per;
}
