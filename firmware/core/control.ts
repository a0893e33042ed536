// Time controls: a tagged union (units in the names) and the human notation that parses and prints it.
//
//   90m            absolute (包干, 12.4)
//   2h+5x60s       main time, then 5 periods of 60 s (12.3 as played); 5x60s = 0+5x60s
//   2h(5x60s)      the 5 periods are kept back inside the 2 h (12.3 as written) = 115m+5x60s
//   1h+15/10m      then 15 moves in each 10 min block, unused time carried over (定时限步, 12.5)
//   1h+C15/10m     Canadian overtime: each block starts afresh
//   10m+F5s        Fischer: 5 s added after every move
//   10m+D5s        Bronstein delay: up to 5 s of each move given back
//
// Durations are written with h, m and s (1h30m, 90m, 45s). Each duration prints one way (see
// formatDuration), so a printed control parses and prints back to the same string.

export type TimeControl =
  | { kind: "absolute"; mainMs: number }
  | { kind: "byoyomi"; mainMs: number; periods: number; periodMs: number; reserved: boolean; zeroWritten: boolean }
  | { kind: "moves"; mainMs: number; moves: number; blockMs: number; carry: boolean }
  | { kind: "fischer"; mainMs: number; incrementMs: number }
  | { kind: "bronstein"; mainMs: number; delayMs: number };

export interface ParseError {
  error: string;
  /** 0-based index in the text where the problem is. */
  at: number;
}

const HOUR = 3600000;
const MIN = 60000;
const SEC = 1000;
const MAX_MS = 100 * HOUR; // nothing a game needs is longer; keeps every sum a safe integer

export function isParseError(x: unknown): x is ParseError {
  return typeof x === "object" && x !== null && typeof (x as ParseError).error === "string";
}

// --- durations ------------------------------------------------------------------------------------

// A digit is tested where it is read (charAt from "0" to "9"), and a byoyomi control written out as
// its object: a function for either would be RAM on the board for as long as it runs.

/** Reads a duration such as `1h30m`, `90m`, `45s` or `0` at `pos`; returns [ms, end] or an error. */
function readDuration(text: string, pos: number): [number, number] | ParseError {
  let i = pos;
  let ms = 0;
  let lastUnit = 4; // h=3 > m=2 > s=1: units must come in that order, each once
  let any = false;
  while (i < text.length && text.charAt(i) >= "0" && text.charAt(i) <= "9") {
    const start = i;
    let n = 0;
    while (i < text.length && text.charAt(i) >= "0" && text.charAt(i) <= "9") {
      n = n * 10 + (text.charCodeAt(i) - 48);
      if (n > 1000000) return { error: "number too large", at: start };
      i++;
    }
    // seconds may carry up to three decimals (1.5s, 59.999s): how a corrected reading prints
    let frac = 0;
    if (text.charAt(i) === "." && text.charAt(i + 1) >= "0" && text.charAt(i + 1) <= "9") {
      let k = 0;
      i++;
      while (k < 3 && text.charAt(i) >= "0" && text.charAt(i) <= "9") {
        frac = frac * 10 + (text.charCodeAt(i) - 48);
        k++;
        i++;
      }
      for (; k < 3; k++) frac *= 10;
      if (text.charAt(i) !== "s") return { error: "only seconds take decimals, at most three", at: i };
    }
    const u = text.charAt(i);
    const rank = u === "h" ? 3 : u === "m" ? 2 : u === "s" ? 1 : 0;
    if (rank === 0) {
      if (n === 0 && !any) return [0, i]; // a bare 0 means no time
      return { error: "expected a unit h, m or s after " + n, at: i };
    }
    if (rank >= lastUnit) return { error: "units must go h, m, s, each once", at: i };
    lastUnit = rank;
    ms += n * (rank === 3 ? HOUR : rank === 2 ? MIN : SEC) + frac;
    i++;
    any = true;
  }
  if (!any) return { error: "expected a duration such as 90m, 1h30m or 30s", at: pos };
  if (ms > MAX_MS) return { error: "longer than 100 hours", at: pos };
  return [ms, i];
}

function readInt(text: string, pos: number, what: string): [number, number] | ParseError {
  let i = pos;
  let n = 0;
  while (i < text.length && text.charAt(i) >= "0" && text.charAt(i) <= "9") {
    n = n * 10 + (text.charCodeAt(i) - 48);
    if (n > 1000) return { error: what + " too large", at: pos };
    i++;
  }
  if (i === pos) return { error: "expected the number of " + what, at: pos };
  return [n, i];
}

/** How a duration prints: whole hours as `2h`, under 100 minutes or seconds in that one unit (`90m`,
 *  `45s`), anything else spelt out (`1h55m`, `2m30s`). */
export function formatDuration(ms: number): string {
  if (ms === 0) return "0";
  if (ms % HOUR === 0) return ms / HOUR + "h";
  if (ms % MIN === 0 && ms < 100 * MIN) return ms / MIN + "m";
  if (ms % SEC === 0 && ms < 100 * SEC) return ms / SEC + "s";
  const h = Math.floor(ms / HOUR);
  const m = Math.floor((ms % HOUR) / MIN);
  const s = Math.floor((ms % MIN) / SEC);
  const rest = ms % SEC;
  return (h ? h + "h" : "") + (m ? m + "m" : "") + (s || rest ? s + (rest ? "." + ("00" + rest).slice(-3) : "") + "s" : "");
}

/** Parses a duration on its own (used by arbiter commands); the whole text must be a duration. */
export function parseDuration(text: string): number | ParseError {
  const r = readDuration(text, 0);
  if (isParseError(r)) return r;
  if (r[1] !== text.length) return { error: "unexpected '" + text.charAt(r[1]) + "'", at: r[1] };
  return r[0];
}

// --- controls ---------------------------------------------------------------------------------------

export function parseControl(text: string): TimeControl | ParseError {
  if (text.length === 0) return { error: "empty time control", at: 0 };
  // `5x60s`: zero main time, written without it
  let d0 = 0;
  while (text.charAt(d0) >= "0" && text.charAt(d0) <= "9") d0++;
  if (d0 > 0 && text.charAt(d0) === "x") {
    const p = readPeriods(text, 0);
    if (isParseError(p)) return p;
    return p[2] === text.length ? { kind: "byoyomi", mainMs: 0, periods: p[0], periodMs: p[1], reserved: false, zeroWritten: false } : { error: "unexpected '" + text.charAt(p[2]) + "'", at: p[2] };
  }
  const head = readDuration(text, 0);
  if (isParseError(head)) return head;
  const first = head[0];
  let i = head[1];
  const end = (c: TimeControl): TimeControl | ParseError =>
    i === text.length ? c : { error: "unexpected '" + text.charAt(i) + "'", at: i };

  if (i === text.length) return first > 0 ? { kind: "absolute", mainMs: first } : { error: "no time at all", at: 0 };

  if (text.charAt(i) === "(") {
    const p = readPeriods(text, i + 1);
    if (isParseError(p)) return p;
    i = p[2];
    if (text.charAt(i) !== ")") return { error: "expected ')'", at: i };
    i++;
    const kept = p[0] * p[1];
    if (kept > first) return { error: "the periods kept back are longer than the main time", at: 0 };
    return end({ kind: "byoyomi", mainMs: first - kept, periods: p[0], periodMs: p[1], reserved: true, zeroWritten: false });
  }
  if (text.charAt(i) !== "+") return { error: "expected '+', '(' or the end", at: i };
  i++;
  const mark = text.charAt(i);
  if (mark === "F" || mark === "D") {
    const d = readDuration(text, i + 1);
    if (isParseError(d)) return d;
    if (d[0] === 0) return { error: mark === "F" ? "the increment must be more than 0" : "the delay must be more than 0", at: i + 1 };
    if (first === 0) return { error: "Fischer and Bronstein need main time", at: 0 };
    i = d[1];
    return end(mark === "F" ? { kind: "fischer", mainMs: first, incrementMs: d[0] } : { kind: "bronstein", mainMs: first, delayMs: d[0] });
  }
  const carry = mark !== "C";
  const numStart = carry ? i : i + 1;
  const n = readInt(text, numStart, carry ? "periods or moves" : "moves");
  if (isParseError(n)) return n;
  const sep = text.charAt(n[1]);
  if (sep === "/") {
    if (n[0] === 0) return { error: "at least one move per block", at: numStart };
    const b = readDuration(text, n[1] + 1);
    if (isParseError(b)) return b;
    if (b[0] === 0) return { error: "the block needs time", at: n[1] + 1 };
    i = b[1];
    return end({ kind: "moves", mainMs: first, moves: n[0], blockMs: b[0], carry: carry });
  }
  if (!carry) return { error: "expected '/' (C marks Canadian moves per block)", at: n[1] };
  if (sep !== "x") return { error: "expected 'x' (periods) or '/' (moves per block)", at: n[1] };
  const p = readPeriods(text, numStart);
  if (isParseError(p)) return p;
  i = p[2];
  return end({ kind: "byoyomi", mainMs: first, periods: p[0], periodMs: p[1], reserved: false, zeroWritten: first === 0 });
}

/** Reads `NxP` at pos: [periods, periodMs, end]. */
function readPeriods(text: string, pos: number): [number, number, number] | ParseError {
  const n = readInt(text, pos, "periods");
  if (isParseError(n)) return n;
  if (n[0] === 0) return { error: "at least one period", at: pos };
  if (text.charAt(n[1]) !== "x") return { error: "expected 'x' between periods and their length", at: n[1] };
  const d = readDuration(text, n[1] + 1);
  if (isParseError(d)) return d;
  if (d[0] === 0 || d[0] % SEC !== 0) return { error: "a period is a whole number of seconds, at least 1 s", at: n[1] + 1 };
  return [n[0], d[0], d[1]];
}

export function formatControl(c: TimeControl): string {
  switch (c.kind) {
    case "absolute":
      return formatDuration(c.mainMs);
    case "byoyomi": {
      const p = c.periods + "x" + c.periodMs / SEC + "s";
      if (c.reserved) return formatDuration(c.mainMs + c.periods * c.periodMs) + "(" + p + ")";
      if (c.mainMs === 0 && !c.zeroWritten) return p;
      return formatDuration(c.mainMs) + "+" + p;
    }
    case "moves":
      return formatDuration(c.mainMs) + "+" + (c.carry ? "" : "C") + c.moves + "/" + formatDuration(c.blockMs);
    case "fischer":
      return formatDuration(c.mainMs) + "+F" + formatDuration(c.incrementMs);
    case "bronstein":
      return formatDuration(c.mainMs) + "+D" + formatDuration(c.delayMs);
  }
}
