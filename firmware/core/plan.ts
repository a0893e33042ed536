// The plan of the running side's calls (Clock.planned): what a game and the call options fix, worked
// out once, not at every wake. Its window of the turn's calls (main time, a period) is placed once, so
// that none runs into the next (place.ts); each wake reads the first call after its instant from it
// (Clock.firstCall). An answer to a question (16.2) that does not fit when asked goes into the room the
// calls leave, kept in the plan until said. Pure, integer ms, Espruino-safe (ESPRUINO.md).

import type { CallOptions } from "./schedule";
import { type Call, NEVER, stretchEnd, turnCalls, lossAt } from "./side";
import { place, LOOK_BACK_MS, LOOK_AHEAD_MS, HORIZON_MS, SOUND_MS } from "./place";
import * as G from "./game";
import type { Clock } from "./clock";

type Side = G.Side;

export interface Plan {
  game: G.Game;
  options: CallOptions;
  /** The running side's flag time; NEVER when no clock runs. */
  flag: number;
  forfeit: number;
  /** The running side's calls in (from, to], in time order. */
  from: number;
  to: number;
  calls: Call[];
  /** The first call after `at` (NEVER + 1: none in the window), for any instant from `at` up to it. */
  at: number;
  next: number;
  /** The index in `calls` of that first call (calls.length: none). */
  i: number;
  /** The stretch of the turn (stretchEnd) the cursor was last found in: [start, end). */
  start: number;
  end: number;
  /** Answers to a question (16.2) said later than asked, at absolute times: they go with the plan,
   *  so an operation that changes the game (a press ends the turn) drops them. */
  asked: Call[];
  /** Words said before the plan that may still sound then, [start, end) (none: [0, 0]). */
  quiet: number[];
  /** The information due at `to` that the window placed after it (null: the next window is placed
   *  with its look-back). */
  tail: Call[] | null;
}

export function newPlan(g: G.Game, o: CallOptions): Plan {
  return { game: g, options: o, flag: g.phase === "running" ? G.flagTime(g) : NEVER, forfeit: forfeitDue(g), from: 0, to: -1, calls: [], at: 0, next: -1, i: 0, start: 0, end: -1, asked: [], quiet: [0, 0], tail: null };
}

/** When a side still absent from the start passes the lateness limit; NEVER if none can. A flag
 *  does not end the other side's lateness: both may lose (22.3, 直至判双方负). A restored game's
 *  limit may have passed during the power cut: it is due at once. */
function forfeitDue(g: G.Game): number {
  if (g.lateLimitMs <= 0 || g.phase === "setup" || g.phase === "ended") return NEVER;
  // a side whose flag fell while absent has lost on time already: only another absent side can
  if (!((g.blackAbsent && g.flagged !== "black") || (g.whiteAbsent && g.flagged !== "white"))) return NEVER;
  return G.forfeitAt(g);
}

/** The calls in (from, to] and on to the end of the stretch `from` is in (main time, a period), into
 *  the clock's plan: a wake each second then finds its calls without working out the turn's calls
 *  again. With a voice's lengths, the calls are placed so that none runs into the next (place.ts):
 *  worked out from the calls a few seconds either side, so any window places a call the same. */
export function planWindow(k: Clock, from: number, to: number): void {
  const p = k.plan!; // the clock's plan, as firstCall was given it (planned())
  const g = k.game;
  const base = g.runSince - g.turnMs; // absolute time of the turn's e = 0
  const s = g[g.toMove];
  const ctl = G.controlOf(g, g.toMove);
  const until = k.turning ? to : Math.max(to, base + stretchEnd(ctl, s, Math.max(0, from - base)));
  const speech = k.options.speech;
  let calls: Call[] = [];
  // a press: only the new turn's calls at its start are wanted now; when it has none, nothing can be
  // moved into the window, and the press's path is spared the placing
  let none = false;
  if (k.turning) {
    turnCalls(ctl, s, k.options, from - base, until - base, s.moves === 0, calls);
    none = calls.length === 0; // none: nothing to place, nor to work out again
    calls = [];
  }
  const kept: Call[] = [];
  // the window just before this one placed the information due at `from` as this one would, and
  // left nothing else that needs the calls before `from` to place: no look-back (a byoyomi period's
  // first wake places a third fewer calls)
  const after = !k.turning && p.tail !== null && p.to === from;
  let tail: Call[] | null = null;
  if (!none) {
    const back = speech && !after ? LOOK_BACK_MS : 0;
    const ahead = speech ? LOOK_AHEAD_MS : 0;
    turnCalls(ctl, s, k.options, from - base - back, Math.min(until + ahead, p.flag) - base, s.moves === 0, calls);
    sortCalls(calls);
    if (speech) calls = place(calls, speech, lossAt(ctl, s), null, [p.quiet[0] - base, p.quiet[1] - base], [0, 0], from - base);
    // the next window may start without a look-back (see `after`) when the calls placed here reach
    // far enough either side of `until` (HORIZON_MS back, LOOK_AHEAD_MS on), and none near it but the
    // information due at `until` needs more: then `tail` keeps that information said after `until`
    if (speech && until - from > HORIZON_MS && until + LOOK_AHEAD_MS <= p.flag) tail = [];
    for (const x of calls) {
      x.e += base;
      if (x.due !== undefined) x.due += base;
      if (x.e > from && x.e <= until) kept.push(x);
      if (tail && x.say.charAt(0) !== "c") tail = tailOf(tail, x, until);
    }
  }
  if (after) for (const x of p.tail!) if (x.e > from && x.e <= until) insertCall(kept, x);
  p.tail = tail;
  // an answer said later than asked (16.2), in the room the calls left it
  for (const x of p.asked) if (x.e > from && x.e <= until) insertCall(kept, x);
  p.from = from;
  p.to = until;
  p.calls = kept;
  p.at = from;
  p.next = -1; // to be found
  p.i = 0;
}

/** A call of a window ending at `until` that is no count (counts never move, nor move others): a
 *  timed call or information due near `until` makes the next window need its look-back (null); the
 *  information due at `until` said after it goes into `tail`. By place.ts: information due more than
 *  HORIZON_MS before an instant is not said after it, and what was due SOUND_MS before a piece of
 *  information is not in its way; a timed call after `until` may be dropped by a count this window
 *  does not see. */
function tailOf(tail: Call[], x: Call, until: number): Call[] | null {
  const d = x.due !== undefined ? x.due : x.e;
  if (d <= until - HORIZON_MS || d > until + LOOK_AHEAD_MS) return tail;
  if ("eut".indexOf(x.say.charAt(0)) >= 0) return d > until ? null : tail;
  if (d !== until) return null;
  if (x.e > until) tail.push(x);
  return tail;
}

/** In time order, a stable insertion sort (Espruino's sort is not stable): calls of one instant keep
 *  the order they are said in ("1分" before "还剩N分", "10" before "timeout"). */
function sortCalls(calls: Call[]): void {
  for (let i = 1; i < calls.length; i++) {
    const c = calls[i];
    if (calls[i - 1].e <= c.e) continue; // in order already (a turn's calls mostly come in time order)
    let j = i - 1;
    while (j >= 0 && calls[j].e > c.e) {
      calls[j + 1] = calls[j];
      j--;
    }
    calls[j + 1] = c;
  }
}

/** Puts c into calls (in time order) after those of its instant. */
function insertCall(calls: Call[], c: Call): void {
  let j = calls.length;
  calls.push(c);
  while (j > 0 && calls[j - 1].e > c.e) {
    calls[j] = calls[j - 1];
    j--;
  }
  calls[j] = c;
}

/** The answer to a question (16.2) asked at t: said now, when it fits (or in its short form) before
 *  the running side's next call and after the one sounding; else said later, in the room the calls
 *  leave (place.ts), kept in the plan until then; not at all when no room is left before it would
 *  be stale. A question while an answer is still to come is answered by it. Returns the calls said now. */
export function answerAt(k: Clock, says: string[], side: Side, t: number): Call[] {
  const now: Call[] = [];
  for (const say of says) now.push({ e: t, say: say, last: false });
  const g = k.game;
  const speech = k.options.speech;
  if (!speech || says.length === 0) return now;
  // the last words said (an earlier answer, the calls of the last instant, maybe of the other side
  // or of a turn that has ended) may still sound: the answer keeps clear of them
  // an answer still to come answers this question too (a board may have it on the speaker already;
  // one put off behind it again and again would never be said)
  if (g.phase === "running" && k.heard[0] > t) return [];
  const heard = k.sounding(speech, null);
  if (g.phase !== "running") {
    // no clock runs: said now, unless those words still sound
    if (t < heard[1]) return [];
    k.heard = [t, t + speech.ms(says, false)];
    k.heardBy = side;
    return now;
  }
  const base = g.runSince - g.turnMs;
  const s = g[g.toMove];
  const ctl = G.controlOf(g, g.toMove);
  const p = k.planned();
  const kept: Call[] = [];
  for (const x of p.asked) if (x.e <= t) kept.push(x);
  if (kept.length < p.asked.length) p.to = -1; // the window is made again without it
  p.asked = kept;
  const calls: Call[] = [];
  // the calls near it: those it may be said among (it may be longer than any of them)
  const reach = t + HORIZON_MS + SOUND_MS + speech.ms(says, false);
  turnCalls(ctl, s, k.options, t - base - LOOK_BACK_MS, Math.min(reach, p.flag) - base, s.moves === 0, calls);
  sortCalls(calls);
  const answer: Call[] = [];
  for (const say of says) answer.push({ e: t - base, say: say, last: false });
  const placed = place(calls, speech, lossAt(ctl, s), answer, [p.quiet[0] - base, p.quiet[1] - base], [heard[0] - base, heard[1] - base], t - base);
  if (placed.indexOf(answer[0]) < 0) return []; // no room before it would be stale
  const at = answer[0].e + base;
  k.heard = [at, at + speech.ms(says, answer[0].short === true)];
  k.heardBy = side;
  if (answer[0].due === undefined) {
    if (answer[0].short) now[0].short = true;
    return now;
  }
  for (const x of answer) {
    x.e = at;
    x.due = t;
    if (side !== g.toMove) x.side = side;
    p.asked.push(x);
  }
  p.to = -1; // the window is made again, with the answer in it
  return [];
}
