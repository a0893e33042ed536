// The plan of the running side's calls (Clock.planned): what a game and the call options fix, worked
// out once, not at every wake (the window of calls placed in it: window.ts). Pure, integer ms,
// Espruino-safe (ESPRUINO.md).

import type { CallOptions } from "./schedule";
import { type Call, NEVER } from "./side";
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
