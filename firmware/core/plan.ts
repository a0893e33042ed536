// The plan of the running side's calls (Clock.planned): what a game and the call options fix, worked
// out once, not at every wake; and the small steps Clock.window places a window of the turn's calls
// with (place.ts decides where each is said): the information a window leaves for the next one (its
// tail), calls sorted and inserted in time order. Pure, integer ms, Espruino-safe (ESPRUINO.md).

import type { CallOptions } from "./schedule";
import { type Call, NEVER } from "./side";
import { LOOK_AHEAD_MS, HORIZON_MS } from "./place";
import * as G from "./game";

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

/** A call of a window ending at `until` that is no count (counts never move, nor move others): a
 *  timed call or information due near `until` makes the next window need its look-back (null); the
 *  information due at `until` said after it goes into `tail`. By place.ts: information due more than
 *  HORIZON_MS before an instant is not said after it, and what was due SOUND_MS before a piece of
 *  information is not in its way; a timed call after `until` may be dropped by a count this window
 *  does not see. */
export function tailOf(tail: Call[], x: Call, until: number): Call[] | null {
  const d = x.due !== undefined ? x.due : x.e;
  if (d <= until - HORIZON_MS || d > until + LOOK_AHEAD_MS) return tail;
  if ("eut".indexOf(x.say.charAt(0)) >= 0) return d > until ? null : tail;
  if (d !== until) return null;
  if (x.e > until) tail.push(x);
  return tail;
}

/** In time order, a stable insertion sort (Espruino's sort is not stable): calls of one instant keep
 *  the order they are said in ("1分" before "还剩N分", "10" before "timeout"). */
export function sortCalls(calls: Call[]): void {
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
export function insertCall(calls: Call[], c: Call): void {
  let j = calls.length;
  calls.push(c);
  while (j > 0 && calls[j - 1].e > c.e) {
    calls[j] = calls[j - 1];
    j--;
  }
  calls[j] = c;
}
