// Which calls go when they would overlap. The schedule (side.ts turnCalls) says what is due when;
// a voice takes time to say it, and one call must never be cut by the next one of the same side.
// The rule, given each call's spoken length from the voice pack (schedule.ts Speech):
//
// - a count number (count:N) is said at its second, always: counting is the referee's duty (12.3);
//   after a press, the new turn's count or timed call keeps its instant even over the words of the
//   turn before (an answer that side asked for while the other side thought, say: the loss on time
//   is announced as it falls);
// - a timed call (elapsed:N, used, timeout) is said at its instant, back to back after a call of
//   the same instant; one that would run into the next count or timed call is not said (it would
//   be stale, and the next one says the time);
// - information (开始读秒, periods or minutes left, main-time warnings, moves left) is said whole at
//   the first moment it fits, said by HORIZON_MS after its instant: at its instant (after the calls
//   of that instant), or GAP_MS after a call ends; else in the pack's short form (三次 for 还剩三次)
//   at the first moment that fits; else not at all. It never reaches past the instant the next piece
//   of information is due, nor past the loss on time. An answer to a player's question (16.2) goes
//   into the room the schedule leaves, starting within HORIZON_MS (it may be longer).
//
// So where a call is said depends only on the schedule within a few seconds of it (LOOK_BACK_MS,
// LOOK_AHEAD_MS): a window of the turn's calls is placed the same whatever instant it starts at. The
// work is done once a window (a period, or main time), never at a wake: a wake reads the result.
// Pure, integer ms, Espruino-safe (ESPRUINO.md).

import type { Call } from "./side";
import type { Speech } from "./schedule";

/** Information is said within this long of its instant (an answer starts within it), or not at all:
 *  later it would be stale. */
export const HORIZON_MS = 3000;
/** The pause before information said after another call, so that words do not run together. */
export const GAP_MS = 100;
/** No call of the schedule (with the calls of its instant) sounds longer than this. */
export const SOUND_MS = 3000;
/** How far before and after a window its calls must be known to place it: information said in it
 *  may be due HORIZON_MS before it, and calls due SOUND_MS before that may still sound then; it is
 *  said by HORIZON_MS after its instant. */
export const LOOK_BACK_MS = HORIZON_MS + SOUND_MS;
export const LOOK_AHEAD_MS = HORIZON_MS;

/** The calls said (all but those whose at[k] is -1), in the order they came. */
function keep(calls: Call[], at: number[]): Call[] {
  const out: Call[] = [];
  for (let k = 0; k < calls.length; k++) if (!(at[k] < 0)) out.push(calls[k]);
  return out;
}

/**
 * Places calls (one turn's, sorted by instant, calls of one instant in the order they are said) and
 * returns those that are said, sorted by the instant each starts at: a call moved later has `due`,
 * one said in its short form `short`. `answer`: calls of one instant said as one (a player's
 * question, 16.2), placed after the schedule, into the room it leaves. `endE`: the loss on time,
 * which nothing but its own calls may reach past. `quiet`: the start and end of words said before
 * (the side's own last words of a turn that has ended) that information keeps clear of; `heard`, the
 * same for the answer (any words still sounding when the question was asked). `fromE`: only the calls said after it are wanted (information due
 * HORIZON_MS or more before it is not placed: it is said by then). Instants are in any one time base.
 */
export function place(calls: Call[], speech: Speech, endE: number, answer: Call[] | null, quiet: number[], heard: number[], fromE: number): Call[] {
  const n = calls.length;
  // per call: where its sound starts and the instant it is said at (-1: not said, or information not
  // placed yet), set only for the calls that are no count (few): a count (undefined in both) starts
  // at its instant and is said then, and its pass of the loop below sets nothing (the board pays for
  // each operation, on every count of a window; and looks an array's element up from its start, so
  // arrays of few elements are read faster); how long each lasts (-1: not worked out yet); which
  // calls are information (few: placed one by one). One pass lays out the timed calls: at their
  // instants, back to back after the counts and timed calls of their instant; one that would run
  // into the next count or timed call is dropped.
  const start: number[] = new Array(n);
  const len: number[] = new Array(n).fill(-1);
  const at: number[] = new Array(n);
  const infos: number[] = [];
  // a length is worked out only where it can matter (on the board each costs the call's clips and a
  // look-up each, or a look-up among those measured before: voice.ts speechOf)
  const lengthOf = (i: number): number => {
    if (len[i] < 0) len[i] = speech.call(calls[i].say, false);
    return len[i];
  };
  let dropped = false;
  let moved = false;
  let next = 0; // the next count or timed call at a later instant, once looked for
  // a call that is no count (few: information, timed calls), in a function of its own: most passes
  // are counts, and the board reads a loop's whole body at each pass, even past a `continue`
  const other = (i: number): void => {
    const c = calls[i];
    const kind = c.say.charAt(0);
    if ("eut".indexOf(kind) < 0) {
      infos.push(i);
      start[i] = c.e;
      at[i] = -1;
      return;
    }
    // back to back after the last count or timed call said before it, when that is of its instant
    // (information and the timed calls dropped are passed over)
    let j = i - 1;
    while (j >= 0 && at[j] < 0) j--;
    const sj = j >= 0 ? start[j] : undefined;
    const s = j >= 0 && calls[j].e === c.e ? (sj === undefined ? c.e : sj) + lengthOf(j) : c.e;
    start[i] = s;
    if (next <= i) next = i + 1;
    // a fixed call: a count number (count:N), said at its second whatever else is due; or a call whose
    // instant is its meaning (elapsed:N, used, timeout), said then or not at all. By the first
    // letter: no other call's id starts with c, e, u or t (one look-up: the board pays for every
    // operation of a placing; and a function for it would be RAM on the board)
    while (next < n && (calls[next].e <= c.e || "ceut".indexOf(calls[next].say.charAt(0)) < 0)) next++;
    if (next < n && calls[next].e - s < SOUND_MS && s + lengthOf(i) > calls[next].e) {
      at[i] = -1;
      dropped = true;
      return;
    }
    at[i] = c.e;
  };
  // for…of: the board steps to the next element, where calls[i] walks the list from its start
  // a count: at its second, first of its instant (most calls, when the referee counts: nothing to set)
  let i = 0;
  for (const c of calls) {
    if (c.say.charAt(0) !== "c") other(i);
    i++;
  }
  if (infos.length === 0 && !answer) return dropped ? keep(calls, at) : calls;
  // the calls said that may sound from d to `bound`, by where they start: [start, end) pairs
  let busy: number[] = [];
  const add = (b: number, e: number): void => {
    let j = busy.length;
    busy.push(b, e);
    while (j > 0 && busy[j - 2] > b) {
      busy[j] = busy[j - 2];
      busy[j + 1] = busy[j - 1];
      j -= 2;
    }
    busy[j] = b;
    busy[j + 1] = e;
  };
  // only the calls due from SOUND_MS before d to `bound` can sound then (each starts at its instant
  // or, back to back or moved, less than SOUND_MS after it); lo only moves on, as d does
  let lo = 0;
  let before = quiet; // the words said before that are in the way: the schedule's, then the answer's
  // returns where the calls said at instant d end (d: none), back to back after which the next one
  // of that instant goes
  const gather = (d: number, bound: number, at0: number): number => {
    busy = [];
    let chain = d;
    const early = d - SOUND_MS;
    // from at0 (the information's own call, due at d), back to the first call due after `early`: a
    // few steps, not one for every call of the window before it
    if (at0 > lo) {
      lo = at0;
      while (lo > 0 && calls[lo - 1].e > early) lo--;
    }
    while (lo < n && calls[lo].e <= early) lo++;
    for (let k = lo; k < n; k++) {
      const ck = calls[k].e;
      if (ck >= bound) break;
      let b = start[k];
      let a = at[k];
      if (b === undefined) b = a = ck; // a count
      if (a < 0 || b >= bound) continue;
      const e = b + lengthOf(k);
      if (e > d) add(b, e);
      if (a === d && e > chain) chain = e;
    }
    if (before[1] > d && before[0] < bound) add(before[0], before[1]);
    return chain;
  };
  // the earliest start for l ms due at d: back to back at `from` (after the calls of its instant),
  // else GAP_MS after a call ends; starting by d + HORIZON_MS, ending by `bound`; -1 if none
  const fit = (d: number, l: number, from: number, bound: number): number => {
    let s = from;
    for (let j = 0; j < busy.length; j += 2) {
      if (busy[j + 1] <= s) continue; // over before it
      if (busy[j] >= s + l) break; // it fits before this one
      s = busy[j + 1] + GAP_MS;
    }
    return s <= d + HORIZON_MS && s + l <= bound ? s : -1;
  };
  // information, in order: the next piece's instant bounds each
  for (let q = 0; q < infos.length; ) {
    const i0 = infos[q];
    const d = calls[i0].e;
    if (d + HORIZON_MS <= fromE) {
      q++; // said by fromE: placed in an earlier window (nothing placed later depends on it)
      continue;
    }
    let bound = d + HORIZON_MS;
    let r = q;
    while (r < infos.length && calls[infos[r]].e === d) r++;
    if (r < infos.length && calls[infos[r]].e < bound) bound = calls[infos[r]].e;
    if (endE < bound) bound = endE;
    // after the calls of this instant said so far, back to back (moved with them)
    let chainT = d;
    let from = gather(d, bound, i0);
    for (; q < r; q++) {
      const i = infos[q];
      let l = lengthOf(i);
      let s = fit(d, l, from, bound);
      if (s < 0) {
        l = speech.call(calls[i].say, true);
        s = l > 0 ? fit(d, l, from, bound) : -1;
        if (s >= 0) {
          len[i] = l;
          calls[i].short = true;
        }
      }
      if (s < 0) {
        dropped = true;
        continue;
      }
      if (s !== from) chainT = s;
      if (chainT !== d) moved = true;
      start[i] = s;
      at[i] = chainT;
      from = s + l;
      add(s, s + l); // in the way of the next one of this instant
    }
  }
  // the answer: into the room the schedule leaves, and clear of the earlier answer
  let answerAt = -1;
  const na = answer ? answer.length : 0;
  if (answer && na > 0) {
    const d = answer[0].e;
    const says: string[] = [];
    for (let k = 0; k < na; k++) says.push(answer[k].say);
    let l = speech.ms(says, false);
    let bound = d + HORIZON_MS + l;
    if (endE < bound) bound = endE;
    lo = 0; // the answer may be asked before the information just placed
    before = heard;
    gather(d, bound, 0);
    let s = fit(d, l, d, bound);
    if (s < 0 && na === 1) {
      l = speech.ms(says, true);
      s = l > 0 ? fit(d, l, d, bound) : -1;
      if (s >= 0) answer[0].short = true;
    }
    if (s >= 0) {
      answerAt = s;
      moved = true;
    }
  }
  // what is said, by the instant it is said at, then where its sound starts; when nothing moved, in
  // the order they came
  if (!moved) return dropped ? keep(calls, at) : calls;
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
  for (let k = 0; k < n; k++) {
    const a = at[k];
    if (a === undefined) put(calls[k], calls[k].e, calls[k].e); // a count
    else if (a >= 0) put(calls[k], a, start[k]);
  }
  if (answer && answerAt >= 0) for (let k = 0; k < na; k++) put(answer[k], answerAt, answerAt + k);
  return out;
}
