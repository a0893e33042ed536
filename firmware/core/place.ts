// Which calls go when they would overlap. The schedule (side.ts turnCalls) says what is due when;
// a voice takes time to say it, and one call must never be cut by the next one of the same side.
// The rule, given each call's spoken length from the voice pack (schedule.ts Speech):
//
// - a count number (count:N) is said at its second, always: counting is the referee's duty (12.3);
// - a timed call (elapsed:N, used, timeout) is said at its instant, back to back after a call of
//   the same instant; one that would run into the next count or timed call is not said (it would
//   be stale, and the next one says the time);
// - information (开始读秒, periods or minutes left, main-time warnings, moves left, an answer to a
//   player's question) is said whole at the first moment it fits, starting within HORIZON_MS of its
//   instant: at its instant (after the calls of that instant), or GAP_MS after a call ends; else in
//   the pack's short form (三次 for 还剩三次) at the first moment that fits; else not at all. It never
//   reaches past the instant the next piece of information is due, nor past the loss on time.
//
// So where a call is said depends only on the schedule within a few seconds of it (LOOK_BACK_MS,
// LOOK_AHEAD_MS): a window of the turn's calls is placed the same whatever instant it starts at. The
// work is done once a window (a period, or main time), never at a wake: a wake reads the result.
// Pure, integer ms, Espruino-safe (ESPRUINO.md).

import type { Call } from "./side";
import type { Speech } from "./schedule";

/** Information starts within this long of its instant, or is not said: later it would be stale. */
export const HORIZON_MS = 3000;
/** The pause before information said after another call, so that words do not run together. */
export const GAP_MS = 100;
/** No call of the schedule (with the calls of its instant) sounds longer than this. */
export const SOUND_MS = 3000;
/** How far before and after a window its calls must be known to place it: information said in it
 *  may be due HORIZON_MS before it, and calls due SOUND_MS before that may still sound then; it may
 *  start HORIZON_MS after its instant and sound SOUND_MS. */
export const LOOK_BACK_MS = HORIZON_MS + SOUND_MS;
export const LOOK_AHEAD_MS = HORIZON_MS + SOUND_MS;

/** A count number, said at its second whatever else is due. */
function isCount(say: string): boolean {
  return say.indexOf("count:") === 0;
}

/** A call whose instant is its meaning: said then or not at all. */
function isTimed(say: string): boolean {
  return say.indexOf("elapsed:") === 0 || say === "used" || say === "timeout";
}

/**
 * Places calls (one turn's, sorted by instant, calls of one instant in the order they are said) and
 * returns those that are said, sorted by the instant each starts at: a call moved later has `due`,
 * one said in its short form `short`. `answer`: calls of one instant said as one (a player's
 * question, 16.2), placed after the schedule, into the room it leaves. `endE`: the loss on time,
 * which nothing but its own calls may reach past. `heard`: the start and end of an earlier answer,
 * which the answer keeps clear of. Instants are in any one time base.
 */
export function place(calls: Call[], speech: Speech, endE: number, answer: Call[] | null, heard: number[]): Call[] {
  const n = calls.length;
  const na = answer ? answer.length : 0;
  // per call: where its sound starts, how long it lasts (-1: not worked out yet), and the instant it
  // is said at (-1: not said; placed later for information)
  const start: number[] = [];
  const len: number[] = [];
  const at: number[] = [];
  const fixed: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const say = calls[i].say;
    fixed.push(isCount(say) || isTimed(say));
    start.push(calls[i].e);
    len.push(-1);
    at.push(-1);
  }
  // a length is worked out only where it can matter: with another call within SOUND_MS (on the
  // board each costs the call's clips and a look-up each)
  const lengthOf = (i: number): number => {
    if (len[i] < 0) len[i] = speech.ms([calls[i].say], false);
    return len[i];
  };
  // the counts and timed calls, at their instants; a timed call that would run into the next one is dropped
  let chainE = -1; // the instant of the calls being chained, and where its sound ends (-1: not worked out)
  let chainEnd = 0;
  let chainLast = -1;
  for (let i = 0; i < n; i++) {
    if (!fixed[i]) continue;
    const c = calls[i];
    if (c.e === chainE && chainEnd < 0) chainEnd = start[chainLast] + lengthOf(chainLast);
    const s = c.e === chainE ? chainEnd : c.e;
    if (!isCount(c.say)) {
      let next = -1;
      for (let j = i + 1; j < n && next < 0; j++) if (fixed[j] && calls[j].e > c.e) next = j;
      if (next >= 0 && calls[next].e - s < SOUND_MS && s + lengthOf(i) > calls[next].e) continue;
    }
    start[i] = s;
    at[i] = c.e;
    chainE = c.e;
    chainEnd = -1;
    chainLast = i;
  }
  // calls lo … hi-1: those due from SOUND_MS before d to `bound` (no other can sound then)
  let lo = 0;
  let hi = 0;
  let answering = false; // placing the answer: the earlier one, `heard`, is in the way too
  // whether [s, s + l) is clear of every call placed so far (the answer's included)
  const clear = (s: number, l: number): boolean => {
    for (let k = lo; k < hi; k++) {
      // a call starting SOUND_MS or more before s has ended by then: its length is not needed
      if (at[k] >= 0 && start[k] < s + l && start[k] + SOUND_MS > s && start[k] + lengthOf(k) > s) return false;
    }
    return !(answering && heard[0] < s + l && heard[1] > s);
  };
  // the earliest start for a call of length l due at d, from d to d + HORIZON_MS, ending by `bound`:
  // back to back at `from` (after the calls of its instant), or GAP_MS after a call placed ends; -1
  // if none fits
  const fit = (d: number, l: number, from: number, bound: number): number => {
    const latest = d + HORIZON_MS;
    if (from <= latest && from + l <= bound && clear(from, l)) return from;
    let best = -1;
    if (answering) {
      const s = heard[1] + GAP_MS;
      if (s >= d && s <= latest && s + l <= bound && clear(s, l)) best = s;
    }
    for (let k = lo; k < hi; k++) {
      if (at[k] < 0) continue;
      const s = start[k] + lengthOf(k) + GAP_MS;
      if (s >= d && s <= latest && s + l <= bound && (best < 0 || s < best) && clear(s, l)) best = s;
    }
    return best;
  };
  const range = (d: number, bound: number): void => {
    while (lo < n && calls[lo].e <= d - SOUND_MS) lo++;
    if (hi < lo) hi = lo;
    while (hi < n && calls[hi].e <= bound) hi++;
  };
  // information, in order: the next piece's instant bounds each
  let i = 0;
  while (i < n) {
    if (fixed[i]) {
      i++;
      continue;
    }
    const d = calls[i].e;
    let bound = d + HORIZON_MS + SOUND_MS;
    for (let j = i + 1; j < n; j++) {
      if (!fixed[j] && calls[j].e > d) {
        if (calls[j].e < bound) bound = calls[j].e;
        break;
      }
    }
    if (endE < bound) bound = endE;
    range(d, bound);
    // the calls of this instant said so far, back to back: the next one follows them (moved with them)
    let chainT = d;
    let from = d;
    for (let k = lo; k < hi; k++) if (at[k] === d && start[k] + lengthOf(k) > from) from = start[k] + lengthOf(k);
    for (; i < n && calls[i].e === d; i++) {
      if (fixed[i]) continue;
      let l = lengthOf(i);
      let s = fit(d, l, from, bound);
      if (s < 0) {
        l = speech.ms([calls[i].say], true);
        s = l > 0 ? fit(d, l, from, bound) : -1;
        if (s >= 0) {
          len[i] = l;
          calls[i].short = true;
        }
      }
      if (s < 0) continue;
      if (s !== from) chainT = s;
      start[i] = s;
      at[i] = chainT;
      from = s + l;
    }
  }
  // the answer: into the room the schedule leaves
  let answerAt = -1;
  if (answer && na > 0) {
    const d = answer[0].e;
    const says: string[] = [];
    for (let k = 0; k < na; k++) says.push(answer[k].say);
    let l = speech.ms(says, false);
    let bound = d + HORIZON_MS + l;
    if (endE < bound) bound = endE;
    lo = 0;
    hi = 0;
    range(d, bound);
    answering = true;
    let s = fit(d, l, d, bound);
    if (s < 0 && na === 1) {
      l = speech.ms(says, true);
      s = l > 0 ? fit(d, l, d, bound) : -1;
      if (s >= 0) answer[0].short = true;
    }
    if (s >= 0) answerAt = s;
  }
  // what is said, by the instant it is said at, then where its sound starts
  const out: Call[] = [];
  const key: number[] = [];
  const put = (c: Call, t: number, s: number): void => {
    if (t !== c.e) {
      c.due = c.e;
      c.e = t;
    }
    let j = out.length;
    out.push(c);
    key.push(s);
    while (j > 0 && (out[j - 1].e > t || (out[j - 1].e === t && key[j - 1] > s))) {
      out[j] = out[j - 1];
      key[j] = key[j - 1];
      j--;
    }
    out[j] = c;
    key[j] = s;
  };
  for (let k = 0; k < n; k++) if (at[k] >= 0) put(calls[k], at[k], start[k]);
  if (answer && answerAt >= 0) for (let k = 0; k < na; k++) put(answer[k], answerAt, answerAt + k);
  return out;
}
