// The window of the running side's calls the clock places in its plan (Clock.window: a period, main
// time, placed once so that none runs into the next: place.ts), and a question's answer (16.2) put
// into the room those calls leave (Clock.answerAt). Methods of Clock, written here on its prototype,
// so they cost what a method costs: as functions of the clock each would be a global name ahead of
// the app's and the face's, which every later look-up on the board scans (a slower boot, measured),
// and a parameter more (a jsvar). core/index.ts imports this module right after clock.ts (the class
// must exist first); nothing imports clock.ts without it.

import { type Call, stretchEnd, turnCalls, lossAt, primeCalls } from "./side";
import { place, LOOK_BACK_MS, LOOK_AHEAD_MS, HORIZON_MS, SOUND_MS } from "./place";
import * as G from "./game";
import { Clock } from "./clock";
import type { Plan } from "./plan";

type Side = G.Side;

declare module "./clock" {
  interface Clock {
    /** The calls in (from, to] and on to the end of the stretch `from` is in (main time, a period):
     *  a wake each second then finds its calls without working out the turn's calls again. With a
     *  voice's lengths, the calls are placed so that none runs into the next (place.ts): worked out
     *  from the calls a few seconds either side, so any window places a call the same. */
    window(p: Plan, from: number, to: number): void;
    /** The answer to a question (16.2) asked at t: said now, when it fits (or in its short form) before
     *  the running side's next call and after the one sounding; else said later, in the room the calls
     *  leave (place.ts), kept in the plan until then; not at all when no room is left before it would
     *  be stale. A question while an answer is still to come is answered by it. Returns the calls said now. */
    answerAt(says: string[], side: Side, t: number): Call[];
    /** Asks the voice for the lengths of the calls both sides' controls may say (side.ts
     *  primeCalls), so that it knows them before the game needs them: the app calls it while the
     *  game is being set up, when nothing waits. */
    prime(): void;
  }
}

Clock.prototype.window = function (this: Clock, p: Plan, from: number, to: number): void {
  const g = this.game;
  const base = g.runSince - g.turnMs; // absolute time of the turn's e = 0
  const s = g[g.toMove];
  const ctl = G.controlOf(g, g.toMove);
  const until = this.turning ? to : Math.max(to, base + stretchEnd(ctl, s, Math.max(0, from - base)));
  const speech = this.options.speech;
  let calls: Call[] = [];
  // a press: only the new turn's calls at its start are wanted now; when it has none, nothing can be
  // moved into the window, and the press's path is spared the placing
  let none = false;
  if (this.turning) {
    turnCalls(ctl, s, this.options, from - base, until - base, s.moves === 0, calls);
    none = calls.length === 0; // none: nothing to place, nor to work out again
    calls = [];
  }
  let kept: Call[] = [];
  // the window just before this one placed the information due at `from` as this one would, and
  // left nothing else that needs the calls before `from` to place: no look-back (a byoyomi period's
  // first wake places a third fewer calls)
  const after = !this.turning && p.tail !== null && p.to === from;
  let tail: Call[] | null = null;
  if (!none) {
    const back = speech && !after ? LOOK_BACK_MS : 0;
    const ahead = speech ? LOOK_AHEAD_MS : 0;
    turnCalls(ctl, s, this.options, from - base - back, Math.min(until + ahead, p.flag) - base, s.moves === 0, calls);
    // byoyomi's calls come in time order but for main-time warnings (side.ts turnCalls): a pass a
    // call saved at every period's first wake
    if (ctl.kind !== "byoyomi" || this.options.warnSec.length > 0) sortCalls(calls);
    if (speech) calls = place(calls, speech, lossAt(ctl, s), null, [p.quiet[0] - base, p.quiet[1] - base], [0, 0], from - base);
    // the next window may start without a look-back (see `after`) when the calls placed here reach
    // far enough either side of `until` (HORIZON_MS back, LOOK_AHEAD_MS on), and none near it but the
    // information due at `until` needs more: then `tail` keeps that information said after `until`
    if (speech && until - from > HORIZON_MS && until + LOOK_AHEAD_MS <= p.flag) tail = [];
    // the calls after `from`, at absolute times; those up to `until` kept: a run of them (they are in
    // time order), found from either end past the look-back and the look-ahead, so that a call of
    // the window costs the board two steps of a loop, not a test and a push each
    const lo = from - base;
    const n = calls.length;
    let i = 0;
    while (i < n && calls[i].e <= lo) i++;
    for (const x of i > 0 ? calls.slice(i) : calls) {
      x.e += base;
      if (x.due !== undefined) x.due += base;
    }
    let j = n;
    while (j > i && calls[j - 1].e > until) j--;
    kept = calls.slice(i, j);
    // tailOf passes over a call due HORIZON_MS or more before `until`, and a call is never said
    // before it is due: only those said after that are looked at
    if (tail) {
      let k = j;
      while (k > i && calls[k - 1].e > until - HORIZON_MS) k--;
      for (; k < n && tail; k++) if (calls[k].say.charAt(0) !== "c") tail = tailOf(tail, calls[k], until);
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
};

Clock.prototype.prime = function (this: Clock): void {
  const speech = this.options.speech;
  if (!speech) return;
  const g = this.game;
  primeCalls(G.controlOf(g, "black"), g.black, this.options, speech);
  primeCalls(G.controlOf(g, "white"), g.white, this.options, speech);
};

Clock.prototype.answerAt = function (this: Clock, says: string[], side: Side, t: number): Call[] {
  const now: Call[] = [];
  for (const say of says) now.push({ e: t, say: say, last: false });
  const g = this.game;
  const speech = this.options.speech;
  if (!speech || says.length === 0) return now;
  // the last words said (an earlier answer, the calls of the last instant, maybe of the other side
  // or of a turn that has ended) may still sound: the answer keeps clear of them
  // an answer still to come answers this question too (a board may have it on the speaker already;
  // one put off behind it again and again would never be said)
  if (g.phase === "running" && this.heard[0] > t) return [];
  const heard = this.sounding(speech, null);
  if (g.phase !== "running") {
    // no clock runs: said now, unless those words still sound
    if (t < heard[1]) return [];
    this.heard = [t, t + speech.ms(says, false)];
    this.heardBy = side;
    return now;
  }
  const base = g.runSince - g.turnMs;
  const s = g[g.toMove];
  const ctl = G.controlOf(g, g.toMove);
  const p = this.planned();
  const kept: Call[] = [];
  for (const x of p.asked) if (x.e <= t) kept.push(x);
  if (kept.length < p.asked.length) p.to = -1; // the window is made again without it
  p.asked = kept;
  const calls: Call[] = [];
  // the calls near it: those it may be said among (it may be longer than any of them)
  const reach = t + HORIZON_MS + SOUND_MS + speech.ms(says, false);
  turnCalls(ctl, s, this.options, t - base - LOOK_BACK_MS, Math.min(reach, p.flag) - base, s.moves === 0, calls);
  sortCalls(calls);
  const answer: Call[] = [];
  for (const say of says) answer.push({ e: t - base, say: say, last: false });
  const placed = place(calls, speech, lossAt(ctl, s), answer, [p.quiet[0] - base, p.quiet[1] - base], [heard[0] - base, heard[1] - base], t - base);
  if (placed.indexOf(answer[0]) < 0) return []; // no room before it would be stale
  const at = answer[0].e + base;
  this.heard = [at, at + speech.ms(says, answer[0].short === true)];
  this.heardBy = side;
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
};

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

/** Puts c into calls (in time order) after those of its instant. Found from the start: what is
 *  put in (information said after a window's start, an answer) falls near it; the board shifts the
 *  rest natively (splice), not a pass of its loop each. */
function insertCall(calls: Call[], c: Call): void {
  const e = c.e;
  let j = 0;
  while (j < calls.length && calls[j].e <= e) j++;
  calls.splice(j, 0, c);
}
