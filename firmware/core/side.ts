// One side's clock under its time control. A side is a snapshot taken when its current (or last)
// turn began; everything during the turn is derived from `e`, the milliseconds the turn has lasted.
// Nothing here counts ticks: a turn of e ms costs exactly what e says, whenever it is asked.

import type { TimeControl } from "./control";
import { type CallOptions, type PeriodCalls, type Speech, ordinaryCalls, lastCalls } from "./schedule";

export interface SideClock {
  mainMs: number;
  /** byoyomi: periods left, the current one included. */
  periodsLeft: number;
  /** moves per block: time and moves left in the current block (block 1 before overtime). */
  blockMs: number;
  movesLeft: number;
  /** Moves made, timeouts turned into passes included. */
  moves: number;
  /** Timeouts turned into passes (22.5). */
  passes: number;
  /** Thinking time the clock has measured over the settled turns (for 22.8). */
  usedMs: number;
}

/** What a side shows at an instant. */
export interface Reading {
  mainMs: number;
  periodsLeft: number;
  /** byoyomi: time left in the current period (the whole period while in main time). */
  periodMs: number;
  blockMs: number;
  movesLeft: number;
  moves: number;
  /** In byoyomi or in a block of moves. */
  overtime: boolean;
  /** Has lost on time. */
  out: boolean;
  /** The countdown the face shows large: main, period or block time left. */
  shownMs: number;
  /** Thinking time used so far by the clock, this turn's included: what the arbiter records at a
   *  pause (22.9) and a proportional correction shares (22.8). */
  usedMs: number;
}

export interface Call {
  /** Milliseconds into the turn. */
  e: number;
  say: string;
  /** In the last period (or the final count): an overdue call here is made late, not dropped. */
  last: boolean;
  /** Said later than it was due, to keep clear of another call (place.ts): when it was due. */
  due?: number;
  /** Said in the voice pack's short form (place.ts). */
  short?: boolean;
  /** An answer to a player's question (16.2) for this side, when it is not the side to move. */
  side?: "black" | "white";
}

export const NEVER = 1e15; // later than any game; plain number so the core needs no Infinity checks

export function initialSide(c: TimeControl): SideClock {
  return {
    mainMs: c.mainMs,
    periodsLeft: c.kind === "byoyomi" ? c.periods : 0,
    blockMs: c.kind === "moves" ? c.blockMs : 0,
    movesLeft: c.kind === "moves" ? c.moves : 0,
    moves: 0,
    passes: 0,
    usedMs: 0,
  };
}

export function copySide(s: SideClock): SideClock {
  return { mainMs: s.mainMs, periodsLeft: s.periodsLeft, blockMs: s.blockMs, movesLeft: s.movesLeft, moves: s.moves, passes: s.passes, usedMs: s.usedMs };
}

/** Turn elapsed at which the side has lost on time; NEVER if it cannot. Reaching it exactly loses. */
export function lossAt(c: TimeControl, s: SideClock): number {
  if (c.kind === "byoyomi") return s.mainMs + s.periodsLeft * c.periodMs;
  if (c.kind === "moves") return s.mainMs + s.blockMs;
  return s.mainMs;
}

/** Takes ms off the side as time spent (a turn's time, a lateness deduction): main first, then
 *  whole byoyomi periods (under one period costs nothing) or block time. Moves and usedMs untouched. */
export function charge(c: TimeControl, s: SideClock, ms: number): SideClock {
  const n = copySide(s);
  const over = ms - s.mainMs;
  n.mainMs = Math.max(0, s.mainMs - ms);
  if (over > 0 && c.kind === "byoyomi") n.periodsLeft = Math.max(0, s.periodsLeft - Math.floor(over / c.periodMs));
  if (over > 0 && c.kind === "moves") n.blockMs = Math.max(0, s.blockMs - over);
  return n;
}

/** An equivalent snapshot whose turn has lasted as little as possible: what a pause or a correction
 *  keeps. Returns the snapshot and the elapsed time that must still count (a started period,
 *  a Bronstein credit). */
export function rebase(c: TimeControl, s: SideClock, e: number): [SideClock, number] {
  const n = charge(c, s, e);
  let keep = 0;
  if (c.kind === "byoyomi" && e > s.mainMs) keep = (e - s.mainMs) % c.periodMs;
  if (c.kind === "bronstein") {
    keep = Math.min(e, c.delayMs);
    n.mainMs = s.mainMs - e + keep;
  }
  n.usedMs += e - keep;
  return [n, keep];
}

/** The end of the stretch of the turn that elapsed time e (≥ 0, before the loss) is in: main time,
 *  the current byoyomi period, or the block. Through a stretch only the shown countdown changes,
 *  and it shows the time to the stretch's end (game.ts readSide: shownMs = stretchEnd(c, s, e) − e). */
export function stretchEnd(c: TimeControl, s: SideClock, e: number): number {
  const M = s.mainMs;
  if (e < M) return M;
  if (c.kind !== "byoyomi") return lossAt(c, s);
  const P = c.periodMs;
  return Math.min(M + (Math.floor((e - M) / P) + 1) * P, M + s.periodsLeft * P);
}

// --- calls ------------------------------------------------------------------------------------------

/** The calls of a turn with e0 < e ≤ e1, in order (by instant, then as said), but for main-time
 *  warnings (in the order of warnSec) and a moves block's or a countdown's calls: in byoyomi with no
 *  warnings they need no sort (clock.ts window). `fresh`: the turn is the side's first, so entering
 *  byoyomi with no main time is announced at its start. */
export function turnCalls(c: TimeControl, s: SideClock, o: CallOptions, e0: number, e1: number, fresh: boolean, out: Call[]): void {
  const M = s.mainMs;
  const add = (e: number, say: string, last: boolean) => {
    if (e > e0 && e <= e1) out.push({ e: e, say: say, last: last });
  };
  for (const w of o.warnSec) {
    const e = M - w * 1000;
    if (e > 0) add(e, w % 60 === 0 ? "mins:" + w / 60 : "secs:" + w, false);
  }
  if (c.kind === "byoyomi") {
    if ((M > 0 || fresh) && M > e0 && M <= e1) {
      add(M, "byoyomi", false);
      add(M, periodsLeftCall(c.periodMs, s.periodsLeft), false);
    }
    const P = c.periodMs;
    // only the periods that overlap (e0, e1]
    const kFrom = e0 > M ? ((e0 - M) / P) | 0 : 0; // integer ms: | 0 floors (no built-ins to find)
    for (let k = kFrom; k < s.periodsLeft; k++) {
      const start = M + k * P;
      if (start >= e1) break; // a period's calls all fall after its start (from 1 s in)
      const isLast = k === s.periodsLeft - 1;
      const pc = isLast ? lastCalls(o, P) : ordinaryCalls(o, P);
      periodCalls(pc, start, P, isLast, e0, e1, add, out);
      if (isLast) {
        if (o.timeoutCall) add(start + P, "timeout", true);
      } else {
        // 12.3: "1分, 还剩N分" for a minute; other periods by the same principle: "30秒, 还剩N次"
        // (a short period's count has just said its seconds, and its next count starts in 1 s)
        if (P === 60000) add(start + P, "used", false);
        else if (P > 10000 && pc.elapsedSec.indexOf(P / 1000) < 0) add(start + P, "elapsed:" + P / 1000, false);
        add(start + P, periodsLeftCall(P, s.periodsLeft - k - 1), false);
      }
    }
    return;
  }
  if (c.kind === "moves" && (M > 0 || fresh)) {
    // 12.5: not byoyomi's 开始读秒 but "main time is over" (基本时限用完), then the moves to make; a
    // game with no main time starts in its block: only the moves
    if (M > 0) add(M, "block", false);
    add(M, "moves:" + s.movesLeft, false);
  }
  const end = lossAt(c, s);
  if (o.countdown) {
    for (let k = 1; k <= 10; k++) {
      const e = end - (10 - k) * 1000;
      if (e >= 0) add(e, "count:" + k, true);
    }
  }
  if (o.timeoutCall) add(end, "timeout", true);
}

/** Asks the voice for the length of each call a turn of byoyomi may say (counts, periods left, the
 *  loss on time), so that it knows them before the game (voice.ts speechOf keeps them): else a
 *  period's first wake, when a second's count is due too, works out each one not known yet, up to
 *  30 ms of the board's CPU (a phrase's clips looked up). No call is made: the count and the words
 *  are spelt here as turnCalls spells them. */
export function primeCalls(c: TimeControl, s: SideClock, o: CallOptions, speech: Speech): void {
  if (c.kind !== "byoyomi") return;
  const P = c.periodMs;
  // the periods left: at byoyomi's start (where 开始读秒 may leave room only for the short form, 三次)
  // and at each period's end
  speech.call("byoyomi", false);
  speech.call(periodsLeftCall(P, s.periodsLeft), true);
  for (let n = 1; n <= s.periodsLeft; n++) speech.call(periodsLeftCall(P, n), false);
  // the counts, where an ordinary period counts (10 s or less): information at its end is placed
  // among them (the last's are not: nothing but the loss on time follows them)
  const ord = ordinaryCalls(o, P);
  const last = lastCalls(o, P);
  const n = ord.countN === 0 ? 0 : ord.countN > last.countN ? ord.countN : last.countN;
  for (let k = 1; k <= n; k++) speech.call("count:" + k, false);
  if (o.timeoutCall) speech.call("timeout", false);
}

/** A period's calls up to e1; an event's own schedule may name seconds past the period's end
 *  (`ordinary=…,58` with 30 s periods): those are not said, since the period is over by then. The
 *  counts stop at e1 (a window reaching into the next period wants its first few): the board makes
 *  no call's words it would throw away. */
function periodCalls(pc: PeriodCalls, start: number, P: number, last: boolean, e0: number, e1: number, add: (e: number, say: string, last: boolean) => void, out: Call[]): void {
  for (const sec of pc.elapsedSec) if (sec * 1000 <= P) add(start + sec * 1000, "elapsed:" + sec, last);
  // the counts up to the period's end or e1, whichever comes first (in time order: the rest are later
  // still); a count each second of a short period: the fewest operations a pass (the board pays for
  // each, at every period's first wake)
  const end = start + P < e1 ? start + P : e1;
  const n = pc.countN;
  let e = start + pc.countFromSec * 1000;
  for (let k = 1; k <= n && e <= end; k++) {
    if (e > e0) out.push({ e: e, say: "count:" + k, last: last }); // add(), written out
    e += 1000;
  }
}

/** N periods left: "left:N" (还剩N分) when a period is a minute, else "periods:N" (还剩N次). */
function periodsLeftCall(periodMs: number, n: number): string {
  return (periodMs === 60000 ? "left:" : "periods:") + n;
}

/** The answer to a player's question (16.2): periods, moves and time left. */
export function queryAnswer(c: TimeControl, r: Reading): string[] {
  if (c.kind === "byoyomi" && r.overtime) return [periodsLeftCall(c.periodMs, r.periodsLeft)];
  const out: string[] = [];
  if (c.kind === "moves" && r.overtime) out.push("moves:" + r.movesLeft);
  timeLeft(c.kind === "moves" && r.overtime ? r.blockMs : r.mainMs, out);
  return out;
}

/** Below this much time left, an answer gives the seconds too (还剩1分50秒). */
export const EXACT_BELOW_MS = 600000;

/** Time left as a referee says it, from the seconds the face shows (a countdown shows 1:50 from
 *  1:50.000 down to 1:49.001): hours and minutes (还剩1小时50分, `hours:1` `mins:50`), minutes
 *  alone from ten minutes, minutes and seconds below (还剩1分50秒, `mins:1` `secs:50`). Never a
 *  whole minute the face does not show. */
function timeLeft(ms: number, out: string[]): void {
  const sec = Math.ceil(ms / 1000);
  const h = Math.floor(sec / 3600);
  const m = Math.floor(sec / 60) % 60;
  const s = sec % 60;
  if (h > 0) {
    out.push("hours:" + h);
    if (m > 0) out.push("mins:" + m);
  } else if (sec * 1000 >= EXACT_BELOW_MS) {
    out.push("mins:" + m);
  } else {
    if (m > 0) out.push("mins:" + m);
    if (s > 0 || m === 0) out.push("secs:" + s);
  }
}
