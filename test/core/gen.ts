// Random games for the property test and the bench: a time control per side (odds allowed), an
// optional handicap, lateness limit and call options, then timed operations, driven through Clock
// as a board (and sim/run.ts) drives it: before each operation, wake at every nextWakeAt up to it.
// The same generator runs on fast-check's random source (with shrinking) or on a plain seeded one.

import fc from "fast-check";
import {
  Clock, newGame, defaultCallOptions, parseControl, parseDuration, parseCallOptions, isParseError, formatDuration, other, NEVER,
  type Op, type Output, type Game, type TimeControl,
} from "../../firmware/core/index";
import { parseOpWords, parseTime } from "../../sim/script";
import { speechOf } from "../../firmware/voice";

/** The only source of randomness: an integer in [min, max]. */
export interface Picker {
  int(min: number, max: number): number;
}

/** A small fast seeded PRNG (mulberry32): the bench's source. */
export function seededPicker(seed: number): Picker {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

/** fast-check's source: values it can replay and shrink. Unbiased, so that the weights above hold
 *  (the edge cases are in the weights: instants, whole seconds, one millisecond either side). */
export function fcPicker(g: fc.GeneratorValue): Picker {
  return { int: (min, max) => g(unbiasedInt, min, max) };
}

function unbiasedInt(min: number, max: number): fc.Arbitrary<number> {
  return fc.noBias(fc.integer({ min: min, max: max }));
}

/** A press by whoever's time runs (in set-up: the press that starts the game), or by the other side. */
export type GenOp = Op | { op: "move" } | { op: "wrong" };

export interface GenStep {
  /** Milliseconds after the previous step (0 = the same instant). */
  dt: number;
  op: GenOp;
}

export interface GenGame {
  /** Controls in the clock's notation, so a failing case reads as a script. */
  black: string;
  white: string;
  handicap: number;
  /** `latelimit` value (e.g. 15m, off), or null for the default. */
  lateLimit: string | null;
  /** `calls` words, or empty for the defaults. */
  calls: string[];
  steps: GenStep[];
  /** How long the clock keeps running after the last step. */
  tailMs: number;
  /** How late each wake-up comes, cycled (ms); empty = on time. */
  late: number[];
  /** How late a call may be and still be made (the board's setting: 20 ms on the device). */
  graceMs: number;
  /** The voice pack whose lengths place the calls (firmware/core/place.ts), or null: calls take no time. */
  voice: string | null;
}

const SEC = 1000;
const MIN = 60000;

function pick<T>(p: Picker, xs: readonly T[]): T {
  return xs[p.int(0, xs.length - 1)];
}

/** Picks by weight: [[weight, make], …]. */
function weighted<T>(p: Picker, table: [number, () => T][]): T {
  let total = 0;
  for (const [w] of table) total += w;
  let r = p.int(0, total - 1);
  for (const [w, make] of table) {
    if (r < w) return make();
    r -= w;
  }
  return table[table.length - 1][1]();
}

function secs(ms: number): string {
  return ms === 0 ? "0" : ms / SEC + "s";
}

/** Main time in whole seconds, short more often than long, so games reach overtime. */
function mainTime(p: Picker, zero: boolean): number {
  return weighted(p, [
    [zero ? 25 : 0, () => 0],
    [35, () => p.int(1, 30) * SEC],
    [25, () => p.int(31, 180) * SEC],
    [15, () => p.int(181, 600) * SEC],
  ]);
}

export function genControl(p: Picker): string {
  return weighted(p, [
    [40, () => {
      const P = pick(p, [10, 20, 30, 60]) * SEC;
      const n = p.int(1, 5);
      const main = mainTime(p, true);
      const periods = n + "x" + P / SEC + "s";
      if (main === 0) return pick(p, ["", "0+"]) + periods;
      return p.int(0, 3) === 0 ? secs(main + n * P) + "(" + periods + ")" : secs(main) + "+" + periods;
    }],
    [15, () => secs(mainTime(p, false))],
    [20, () => secs(mainTime(p, true)) + "+" + pick(p, ["", "C"]) + (p.int(0, 4) < 3 ? p.int(1, 3) : p.int(4, 15)) + "/" + p.int(10, 300) + "s"],
    [15, () => secs(mainTime(p, false)) + "+F" + p.int(1, 30) + "s"],
    [15, () => secs(mainTime(p, false)) + "+D" + p.int(1, 30) + "s"],
  ]);
}

const CALLS: string[][] = [
  ["countdown=on", "warn=300,60,10"],
  ["timeout=off"],
  ["ordinary=-", "last=-"],
  ["ordinary=1,2,3", "last=1-5"],
  ["warn=30,20,10,5", "countdown=on", "timeout=off"],
];

/** Gaps between operations: instants, fractions of a second, whole seconds and whole periods (the
 *  edges where a period is used or lost), long thinks. */
function gap(p: Picker): number {
  return weighted(p, [
    [5, () => 0],
    [20, () => p.int(1, 999)],
    [35, () => p.int(1000, 10000)],
    [15, () => p.int(1, 60) * SEC + p.int(-1, 1)],
    [10, () => p.int(1, 12) * 10 * SEC], // whole periods: a move of exactly P uses one
    [20, () => p.int(10000, 70000)],
    [5, () => p.int(70000, 5 * MIN)],
  ]);
}

function side(p: Picker): "black" | "white" {
  return p.int(0, 1) === 0 ? "black" : "white";
}

/** Arbiter's values are whole seconds, as the script and the device take them. */
function correction(p: Picker): Op {
  const s = side(p);
  return weighted<Op>(p, [
    [3, () => ({ op: "correct", side: s, field: "main", value: p.int(0, 600) * SEC })],
    [2, () => ({ op: "correct", side: s, field: "periods", value: p.int(0, 5) })],
    [1, () => ({ op: "correct", side: s, field: "block", value: (p.int(0, 2) === 0 ? p.int(0, 15) : p.int(0, 300)) * SEC })],
    [1, () => ({ op: "correct", side: s, field: "movesleft", value: p.int(0, 11) })],
    [1, () => ({ op: "correct", side: s, field: "moves", value: p.int(0, 40) })],
  ]);
}

function genOp(p: Picker): GenOp {
  return weighted<GenOp>(p, [
    [46, () => ({ op: "move" })],
    [7, () => ({ op: "wrong" })],
    [3, () => ({ op: "press", side: side(p) })],
    [6, () => ({ op: "pause" })],
    [7, () => ({ op: "resume" })],
    [4, () => ({ op: "query", side: pick(p, [null, "black", "white"] as const) })],
    [5, () => correction(p)],
    [2, () => ({ op: "rescale", totalMs: p.int(0, 1800) * SEC })],
    [1, () => ({ op: "split", totalMs: p.int(0, 1800) * SEC })],
    [2, () => ({ op: "absent", side: side(p) })],
    [3, () => ({ op: "arrive", side: side(p) })],
    [4, () => ({ op: "pass" })],
    [1, () => ({ op: "end" })],
    [1, () => ({ op: "start" })],
  ]);
}

export function genGame(p: Picker): GenGame {
  const black = genControl(p);
  const white = p.int(0, 9) < 3 ? genControl(p) : black;
  const steps: GenStep[] = [];
  if (p.int(0, 6) === 0) steps.push({ dt: 0, op: { op: "absent", side: side(p) } });
  steps.push({ dt: p.int(0, 3000), op: weighted<GenOp>(p, [[8, () => ({ op: "move" })], [1, () => ({ op: "start" })], [1, () => genOp(p)]]) });
  const n = p.int(0, 60);
  for (let i = 0; i < n; i++) steps.push({ dt: gap(p), op: genOp(p) });
  const late: number[] = [];
  if (p.int(0, 1) === 1) {
    const big = p.int(0, 4) === 0 ? 1500 : 200;
    const k = p.int(1, 8);
    for (let i = 0; i < k; i++) late.push(p.int(0, big));
  }
  return {
    black: black,
    white: white,
    handicap: p.int(0, 4) === 0 ? p.int(0, 9) : 0,
    lateLimit: p.int(0, 9) < 3 ? pick(p, ["off", "1m", "2m", "5m", "15m", "60m"]) : null,
    calls: p.int(0, 9) < 4 ? pick(p, CALLS) : [],
    steps: steps,
    tailMs: p.int(0, 120) * SEC,
    late: late,
    graceMs: weighted(p, [[7, () => 20], [1, () => 250], [2, () => 2000]]),
    voice: pick(p, [null, "zh", "zh", "en", "ja"]),
  };
}

/** A game written as a simulator script (control, handicap, latelimit, calls, at …, run), with
 *  wake-ups on time unless `late` says otherwise. */
export function gameFromScript(text: string, late: number[] = [], graceMs = 20, voice: string | null = null): GenGame {
  const g: GenGame = { black: "", white: "", handicap: 0, lateLimit: null, calls: [], steps: [], tailMs: 0, late: late, graceMs: graceMs, voice: voice };
  let last = 0;
  for (const line of text.split("\n")) {
    const w = line.replace(/#.*/, "").trim().split(/\s+/).filter((x) => x.length > 0);
    const bad = () => new Error("cannot read '" + line + "'");
    if (w.length === 0) continue;
    if (w[0] === "control" && w.length === 2) g.black = g.white = w[1];
    else if (w[0] === "control" && (w[1] === "black" || w[1] === "white")) g[w[1]] = w[2];
    else if (w[0] === "handicap") g.handicap = parseInt(w[1], 10);
    else if (w[0] === "latelimit") g.lateLimit = w[1];
    else if (w[0] === "calls") g.calls = w.slice(1);
    else if (w[0] === "at" || w[0] === "run") {
      const t = parseTime(w[1] || "");
      if (typeof t === "string") throw bad();
      if (w[0] === "run") g.tailMs = t - last;
      else {
        const op = parseOpWords(w.slice(2));
        if (typeof op === "string") throw bad();
        g.steps.push({ dt: t - last, op: op });
        last = t;
      }
    } else throw bad();
  }
  return g;
}

/** The arbitrary for fast-check (shrinks through gen's recorded choices). */
export const gameArb: fc.Arbitrary<GenGame> = fc.gen().map((g) => genGame(fcPicker(g)));

/** The plain generator: the same games from a seed, without fast-check. */
export function randomGame(seed: number): GenGame {
  return genGame(seededPicker(seed));
}

// --- driving ------------------------------------------------------------------------------------

function control(text: string): TimeControl {
  const c = parseControl(text);
  if (isParseError(c)) throw new Error("generated a bad control " + text + ": " + c.error);
  return c;
}

/** The set-up operations of a game, as the script's set-up lines would give them. */
export function setupOps(spec: GenGame): Op[] {
  const ops: Op[] = [
    { op: "control", side: "black", control: control(spec.black) },
    { op: "control", side: "white", control: control(spec.white) },
  ];
  if (spec.handicap !== 0) ops.push({ op: "handicap", stones: spec.handicap });
  if (spec.lateLimit !== null) ops.push({ op: "latelimit", ms: spec.lateLimit === "off" ? 0 : duration(spec.lateLimit) });
  if (spec.calls.length > 0) {
    const o = parseCallOptions(spec.calls, defaultCallOptions());
    if ("error" in o) throw new Error("generated bad calls: " + o.error);
    ops.push({ op: "calls", options: o });
  }
  return ops;
}

function duration(text: string): number {
  const d = parseDuration(text);
  if (isParseError(d)) throw new Error("generated a bad duration " + text);
  return d;
}

/** What happened in one step, for the invariants: state before, outputs, and the clock after. */
export interface Step {
  /** setup: a set-up operation; wake: advance() at a nextWakeAt (or its late arrival); catchup: the
   *  advance to an operation's instant; op: the operation itself, at the instant already reached. */
  kind: "setup" | "wake" | "catchup" | "op";
  /** The instant after the step (the clock's cursor). */
  t: number;
  op: Op | null;
  before: Game;
  /** JSON of the game before an operation (to see that a refusal changed nothing, in place or not). */
  beforeJson: string;
  cursorBefore: number;
  wakeBefore: number;
  out: Output[];
  /** Index in clock.log of the first entry this step wrote. */
  logFrom: number;
  clock: Clock;
  /** Wake-ups in this game come on time. */
  onTime: boolean;
}

export interface DriveResult {
  clock: Clock;
  outputs: Output[];
  /** The game as a simulator script (wake-up lateness, if any, noted in a comment). */
  script: string;
}

/** Resolves "move" and "wrong" against the game as it stands. "move" is what keeps a game going:
 *  the press of the side to move (in set-up, the press that starts the game), a resume when paused,
 *  and after a flag the arbiter's pass (byoyomi) or a minute given back. */
export function resolve(op: GenOp, g: Game): Op {
  if (op.op === "wrong") return { op: "press", side: g.phase === "setup" ? g.toMove : other(g.toMove) };
  if (op.op !== "move") return op;
  if (g.phase === "paused") return { op: "resume" };
  if (g.phase === "flagged" && g.flagged) {
    const c = g.flagged === "black" ? g.blackControl : g.whiteControl;
    return c.kind === "byoyomi" ? { op: "pass" } : { op: "correct", side: g.flagged, field: "main", value: MIN };
  }
  return { op: "press", side: g.phase === "setup" ? other(g.toMove) : g.toMove };
}

const MAX_WAKES = 2000000; // a clock asking to be woken in the past would spin: stop it

/** Runs the game; `observe` (if any) sees every step right after it. */
export function drive(spec: GenGame, observe: ((s: Step) => void) | null): DriveResult {
  const c0 = control(spec.black);
  const options = defaultCallOptions();
  if (spec.voice) options.speech = speechOf(spec.voice);
  const clock = new Clock(newGame(c0, c0), options, spec.graceMs, 1 << 30);
  const outputs: Output[] = [];
  const onTime = spec.late.length === 0;
  const lines: string[] = ["control black " + spec.black, "control white " + spec.white];
  if (spec.handicap !== 0) lines.push("handicap " + spec.handicap);
  if (spec.lateLimit !== null) lines.push("latelimit " + spec.lateLimit);
  if (spec.calls.length > 0) lines.push("calls " + spec.calls.join(" "));
  if (!onTime) lines.push("# every wake-up comes late by, in turn: " + spec.late.join(", ") + " ms");
  if (spec.graceMs !== 20) lines.push("# calls are made up to " + spec.graceMs + " ms late (Clock's graceMs)");
  if (spec.voice) lines.push("# calls placed by the lengths of the voice pack " + spec.voice + " (sim run --voice " + spec.voice + ")");

  const step = (kind: Step["kind"], t: number, op: Op | null, act: () => Output[]) => {
    const s: Step = {
      kind: kind, t: t, op: op, before: clock.game, beforeJson: op ? JSON.stringify(clock.game) : "",
      cursorBefore: clock.cursor, wakeBefore: clock.nextWakeAt(), out: [], logFrom: clock.log.length, clock: clock, onTime: onTime,
    };
    s.out = act();
    s.t = clock.cursor;
    for (const o of s.out) outputs.push(o);
    if (observe) observe(s);
  };

  for (const op of setupOps(spec)) step("setup", 0, op, () => clock.apply(op, 0));
  let wakes = 0;
  const until = (t: number) => {
    for (;;) {
      const w = clock.nextWakeAt();
      if (w === NEVER || w > t) break;
      if (++wakes > MAX_WAKES) throw new Error("the clock keeps asking to be woken (nextWakeAt " + w + ", cursor " + clock.cursor + ")");
      const wake = onTime ? w : Math.min(t, w + spec.late[wakes % spec.late.length]);
      const now = Math.max(wake, clock.cursor + 1);
      step("wake", now, null, () => clock.advance(now));
    }
  };
  let t = 0;
  for (const st of spec.steps) {
    t += st.dt;
    until(t);
    if (t > clock.cursor) step("catchup", t, null, () => clock.advance(t));
    const op = resolve(st.op, clock.game);
    lines.push("at " + (t / SEC).toFixed(3) + " " + opWords(op));
    step("op", t, op, () => clock.apply(op, t));
  }
  const endMs = t + spec.tailMs;
  until(endMs);
  if (endMs > clock.cursor) step("catchup", endMs, null, () => clock.advance(endMs));
  lines.push("run " + (endMs / SEC).toFixed(3));
  return { clock: clock, outputs: outputs, script: lines.join("\n") };
}

/** An operation in the script's words. */
export function opWords(op: Op): string {
  switch (op.op) {
    case "press": case "absent": case "arrive": return op.op + " " + op.side;
    case "query": return op.side ? "query " + op.side : "query";
    case "correct": return "correct " + op.side + " " + op.field + " " + (op.field === "main" || op.field === "block" ? formatDuration(op.value) : op.value);
    case "rescale": case "split": return op.op + " " + formatDuration(op.totalMs);
    default: return op.op;
  }
}
