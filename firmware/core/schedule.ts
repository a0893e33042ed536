// What the referee says and when, per event. Defaults follow rule 12.3 and the SPEC; an event may
// replace any part with `calls key=value ...` (see parseCallOptions).

export interface PeriodCalls {
  /** "N秒" (elapsed:N) at these seconds into the period. */
  elapsedSec: number[];
  /** Counting: count:1 at countFromSec, count:2 a second later, … count:countN. 0 = no count. */
  countFromSec: number;
  countN: number;
}

export interface CallOptions {
  /** Explicit byoyomi calls for every period length; null = the default for each length. */
  ordinary: PeriodCalls | null;
  last: PeriodCalls | null;
  /** Say "timeout" after the final count, as the older edition's "10，超时判负". */
  timeoutCall: boolean;
  /** Main-time warnings, in seconds of main time left (e.g. 600, 300, 60). */
  warnSec: number[];
  /** Count the last ten seconds of time that ends in a loss (absolute, Fischer, Bronstein, a block). */
  countdown: boolean;
  /** How long the voice pack takes to say a call (firmware/voice.ts speechOf): with it, the core
   *  keeps one call from running into the next (place.ts); null: calls take no time. */
  speech: Speech | null;
}

/** A voice pack's spoken lengths, as the core needs them, in integer ms (never less than the clips
 *  play): `call`, one call (with `short`, in the pack's short form, 三次 for 还剩三次; 0 when the pack
 *  has none for it); `ms`, the calls `says` of one instant back to back (a time left in two units is
 *  one phrase), the last one short with `short`. */
export interface Speech {
  call(say: string, short: boolean): number;
  ms(says: string[], short: boolean): number;
}

export function defaultCallOptions(): CallOptions {
  return { ordinary: null, last: null, timeoutCall: true, warnSec: [], countdown: false, speech: null };
}

/** Rule 12.3 generalised: P−30, P−20, P−10, P−5, P−2 (those ≥ 1 s) in ordinary periods. */
export function ordinaryCalls(o: CallOptions, periodMs: number): PeriodCalls {
  if (o.ordinary) return o.ordinary;
  const p = periodMs / 1000;
  // A short period (10 s or less) is counted 1, 2, … as the last one is; "used" falls at P.
  if (p <= 10) return { elapsedSec: [], countFromSec: 1, countN: p - 1 };
  return { elapsedSec: positive([p - 30, p - 20, p - 10, p - 5, p - 2]), countFromSec: 0, countN: 0 };
}

/** The last period: P−30, P−20, P−10 (those ≥ 1 s), then 1 … 10 with 10 at P exactly. */
export function lastCalls(o: CallOptions, periodMs: number): PeriodCalls {
  if (o.last) return o.last;
  const p = periodMs / 1000;
  // a short period (10 s or less) is counted from 1 s, with nothing before: no lists filtered (the
  // board makes and calls a function for each filter, at every window of a 10 s byoyomi)
  if (p <= 10) return { elapsedSec: [], countFromSec: 1, countN: p };
  const from = Math.max(1, p - 9);
  return { elapsedSec: positive([p - 30, p - 20, p - 10]).filter((s) => s < from), countFromSec: from, countN: p - from + 1 };
}

function positive(xs: number[]): number[] {
  return xs.filter((x) => x >= 1);
}

// --- text form: `ordinary=30,40,50,55,58 last=30,40,50,51-60 timeout=on warn=600,300 countdown=off`

function parsePeriodCalls(v: string): PeriodCalls | string {
  const pc: PeriodCalls = { elapsedSec: [], countFromSec: 0, countN: 0 };
  if (v === "-") return pc;
  const parts = v.split(",");
  for (let i = 0; i < parts.length; i++) {
    // a second (30) or a count (51-60); Espruino's RegExp has no ? or (?:), so split on the dash
    const ab = parts[i].split("-");
    if (ab.length > 2 || !/^\d+$/.test(ab[0]) || (ab.length === 2 && !/^\d+$/.test(ab[1]))) {
      return "'" + parts[i] + "' is neither a second (30) nor a count (51-60)";
    }
    const a = parseInt(ab[0], 10);
    if (a < 1) return "calls start at 1 s";
    if (ab.length === 1) {
      if (pc.countN > 0) return "elapsed calls go before the count";
      pc.elapsedSec.push(a);
      continue;
    }
    const b = parseInt(ab[1], 10);
    if (b < a || b - a >= 60) return "a count runs from a lower to a higher second, at most 60 numbers";
    if (pc.countN > 0 || i !== parts.length - 1) return "only one count, at the end";
    pc.countFromSec = a;
    pc.countN = b - a + 1;
  }
  for (let i = 1; i < pc.elapsedSec.length; i++) {
    if (pc.elapsedSec[i] <= pc.elapsedSec[i - 1]) return "seconds must increase";
  }
  if (pc.countN > 0 && pc.elapsedSec.length > 0 && pc.elapsedSec[pc.elapsedSec.length - 1] >= pc.countFromSec) {
    return "the count must start after the last elapsed call";
  }
  return pc;
}

function parseOnOff(v: string): boolean | string {
  return v === "on" ? true : v === "off" ? false : "expected on or off";
}

/** Applies `key=value` words to a copy of `base`; on any error nothing is applied. */
export function parseCallOptions(words: string[], base: CallOptions): CallOptions | { error: string } {
  const o: CallOptions = { ordinary: base.ordinary, last: base.last, timeoutCall: base.timeoutCall, warnSec: base.warnSec, countdown: base.countdown, speech: base.speech };
  if (words.length === 0) return { error: "expected key=value: ordinary, last, timeout, warn or countdown" };
  for (const w of words) {
    const eq = w.indexOf("=");
    const key = eq < 0 ? w : w.slice(0, eq);
    const v = eq < 0 ? "" : w.slice(eq + 1);
    let r: PeriodCalls | boolean | string | number[] | null;
    if (key === "ordinary" || key === "last") r = v === "default" ? null : parsePeriodCalls(v);
    else if (key === "timeout" || key === "countdown") r = parseOnOff(v);
    else if (key === "warn") r = v === "-" ? [] : parseWarn(v);
    else return { error: "unknown calls option '" + key + "'" };
    if (typeof r === "string") return { error: key + ": " + r };
    if (key === "ordinary") o.ordinary = r as PeriodCalls | null;
    else if (key === "last") o.last = r as PeriodCalls | null;
    else if (key === "timeout") o.timeoutCall = r as boolean;
    else if (key === "countdown") o.countdown = r as boolean;
    else o.warnSec = r as number[];
  }
  return o;
}

function parseWarn(v: string): number[] | string {
  const out: number[] = [];
  for (const p of v.split(",")) {
    if (!/^\d+$/.test(p) || parseInt(p, 10) < 1) return "'" + p + "' is not a number of seconds";
    out.push(parseInt(p, 10));
  }
  return out;
}
