// What a board tells the clock (Op) and what the clock gives back (Output), the entries of its time
// log (LogEntry), and the small helpers of these: a call as said, an event's call options with the
// clock's voice, which operations are the arbiter's, the side an operation names, a reading's field.
// The clock itself is clock.ts.

import type { TimeControl } from "./control";
import type { CallOptions } from "./schedule";
import type { Reading, Call } from "./side";
import * as G from "./game";
import * as A from "./arbiter";

type Side = G.Side;

export type Op =
  | { op: "control"; side: Side | null; control: TimeControl }
  | { op: "handicap"; stones: number }
  | { op: "calls"; options: CallOptions }
  | { op: "latelimit"; ms: number }
  | { op: "start" }
  | { op: "press"; side: Side }
  /** `side`: a player stopped the clock (MENU held: the side to move); `battery`: the cell ran empty;
   *  with neither, the arbiter. */
  | { op: "pause"; side?: Side; battery?: boolean }
  | { op: "resume" }
  | { op: "end" }
  | { op: "query"; side: Side | null }
  | { op: "correct"; side: Side; field: A.Field; value: number }
  | { op: "rescale"; totalMs: number }
  | { op: "split"; totalMs: number }
  | { op: "absent"; side: Side }
  /** `byPress`: the absent player's own button was the arrival (the clock applies it before the press). */
  | { op: "arrive"; side: Side; byPress?: boolean }
  | { op: "pass" };

export type Output =
  /** A spoken call. `due` is set when it is made late (last period only), at t instead of due;
   *  `moved` when it is said later than due to keep clear of another call (place.ts), the instant
   *  it was due; `short` when it is said in the voice pack's short form. */
  | { kind: "call"; t: number; side: Side; say: string; due?: number; moved?: number; short?: boolean }
  | { kind: "flag"; t: number; side: Side }
  /** The lateness forfeit limit has passed for a side still absent (22.1–22.3). */
  | { kind: "notice"; t: number; side: Side; notice: "forfeit" }
  | { kind: "refused"; t: number; op: string; reason: string }
  /** An arbiter's operation was done (start, pause, correct, …): `entry` is its log entry. */
  | { kind: "op"; t: number; entry: LogEntry };

export interface LogEntry {
  t: number;
  /** start, press, pause, resume, end, correct, …, call, late, dropped, flag, notice, refused */
  what: string;
  side: Side | null;
  /** What the formatter (firmware/record/logtext.ts) needs besides the readings, as words and integer ms:
   *  correct "FIELD VALUE was OLD", rescale and split "TOTAL BLACK_USED_BEFORE WHITE_USED_BEFORE",
   *  resume how long the clock stood (ms, since the pause; since the boot after a power cut),
   *  arrive "LATE_MS start|pause press|arbiter DEDUCTED_MS", notice "forfeit ARTICLE", absent "start|pause", pass the side, late "SAY due T", flag the operation
   *  that made it fall, refused "OP: REASON", call the call id (and " short" when said in the
   *  voice's short form). */
  info: string;
  black: Reading;
  white: Reading;
}

/** A call as said, for `side` unless it is an answer for the other one. */
export function callOut(c: Call, side: Side): Extract<Output, { kind: "call" }> {
  const o: Extract<Output, { kind: "call" }> = { kind: "call", t: c.e, side: c.side || side, say: c.say };
  if (c.due !== undefined) o.moved = c.due;
  if (c.short) o.short = true;
  return o;
}

/** An event's call options with the clock's voice, which decides the calls' lengths (Clock.reduce). */
export function withSpeech(o: CallOptions, speech: CallOptions["speech"]): CallOptions {
  return { ordinary: o.ordinary, last: o.last, timeoutCall: o.timeoutCall, warnSec: o.warnSec, countdown: o.countdown, speech: speech };
}

/** The operations of the arbiter: each accepted one is an output too (the transcript shows them).
 *  One string, each name between spaces: an array of strings would take several times its jsvars. */
const ARBITER_OPS = " start pause resume end correct rescale split absent arrive pass ";

/** Whether an operation is the arbiter's (not a player's press or question, nor a set-up value).
 *  Where it was found is checked: Espruino's indexOf also "finds" a text whose start matches the
 *  string's end (" op " at the last " "), whatever op is. */
export function isArbiterOp(op: string): boolean {
  const at = ARBITER_OPS.indexOf(" " + op + " ");
  return at >= 0 && at + op.length + 2 <= ARBITER_OPS.length;
}

/** The side an operation names (a press, a correction, a player's pause…), or null. */
export function sideOf(op: Op): Side | null {
  return "side" in op && op.side ? op.side : null;
}

/** A reading's field by a correction's name for it (its log entry: Clock.describe). */
export function fieldOf(r: Reading, f: A.Field): number {
  if (f === "main") return r.mainMs;
  if (f === "periods") return r.periodsLeft;
  if (f === "block") return r.blockMs;
  if (f === "movesleft") return r.movesLeft;
  return r.moves;
}
