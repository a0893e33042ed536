// The simulator's script format (documented in the README): one command per line, `#` comments.
// Parsing is all-or-nothing: any bad line is reported with its number and nothing runs.

import {
  type Op, type Side, type Field, type CallOptions,
  parseControl, parseDuration, isParseError, parseCallOptions, defaultCallOptions,
} from "../firmware/core/index";

export interface ScriptEvent {
  tMs: number;
  op: Op;
  line: number;
}

export interface Script {
  /** Set-up operations, applied before the start in file order. */
  setup: Op[];
  events: ScriptEvent[];
  /** `run T`, or the last event's time. */
  endMs: number;
}

export interface ScriptError {
  line: number;
  error: string;
}

/** Seconds with up to three decimals (`12`, `59.999`) or a duration (`1h30m`), as integer ms. */
export function parseTime(word: string): number | string {
  const m = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(word);
  if (m) return parseInt(m[1], 10) * 1000 + (m[2] ? parseInt((m[2] + "00").slice(0, 3), 10) : 0);
  const d = parseDuration(word);
  return isParseError(d) ? "'" + word + "' is not a time in seconds (e.g. 59.5) or a duration (e.g. 1h30m)" : d;
}

function side(word: string | undefined): Side | string {
  return word === "black" || word === "white" ? word : "expected black or white, not '" + (word || "") + "'";
}

const FIELDS = ["main", "periods", "block", "movesleft", "moves"];

/** An operation from the words after `at T` (also what the terminal's command line accepts). */
export function parseOpWords(w: string[]): Op | string {
  const name = w[0] || "";
  const arity = (n: number): string | null => (w.length === n ? null : name + " takes " + (n - 1) + " word" + (n === 2 ? "" : "s") + " after it");
  switch (name) {
    case "start": case "pause": case "resume": case "end": case "pass": {
      const bad = arity(1);
      return bad || ({ op: name } as Op);
    }
    case "press": case "absent": case "arrive": {
      const s = side(w[1]);
      if (s !== "black" && s !== "white") return s;
      return arity(2) || { op: name, side: s };
    }
    case "query": {
      if (w.length === 1) return { op: "query", side: null };
      const s = side(w[1]);
      if (s !== "black" && s !== "white") return s;
      return arity(2) || { op: "query", side: s };
    }
    case "correct": {
      const s = side(w[1]);
      if (s !== "black" && s !== "white") return s;
      const bad = arity(4);
      if (bad) return "correct SIDE FIELD VALUE, e.g. correct black main 1h5m or correct white periods 3";
      const field = w[2];
      if (FIELDS.indexOf(field) < 0) return "a correction sets main, periods, block, movesleft or moves, not '" + field + "'";
      let value: number;
      if (field === "main" || field === "block") {
        const d = parseDuration(w[3]);
        if (isParseError(d)) return "'" + w[3] + "': " + d.error;
        value = d;
      } else {
        if (!/^\d+$/.test(w[3])) return "'" + w[3] + "' is not a whole number";
        value = parseInt(w[3], 10);
      }
      return { op: "correct", side: s, field: field as Field, value: value };
    }
    case "rescale": {
      const bad = arity(2);
      if (bad) return "rescale TOTAL: the true total elapsed time, e.g. rescale 1h30m";
      const d = parseDuration(w[1]);
      return isParseError(d) ? "'" + w[1] + "': " + d.error : { op: "rescale", totalMs: d };
    }
    default:
      return "unknown command '" + name + "'";
  }
}

export function parseScript(text: string): Script | ScriptError[] {
  const errors: ScriptError[] = [];
  const setup: Op[] = [];
  const events: ScriptEvent[] = [];
  let endMs = -1;
  let calls: CallOptions = defaultCallOptions();
  let hasControl = false;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const w = lines[i].replace(/#.*/, "").trim().split(/\s+/).filter((x) => x.length > 0);
    if (w.length === 0) continue;
    const fail = (e: string) => errors.push({ line: n, error: e });
    const setupLine = () => {
      if (events.length > 0) fail(w[0] + " is set up before the first 'at' line");
    };
    if (endMs >= 0) {
      fail("nothing may follow 'run'");
      continue;
    }
    switch (w[0]) {
      case "control": {
        setupLine();
        const who = w.length === 3 ? side(w[1]) : null;
        if (typeof who === "string" && who !== "black" && who !== "white") { fail(who); break; }
        if (w.length !== 2 && w.length !== 3) { fail("control SPEC, or control black|white SPEC"); break; }
        const spec = w[w.length - 1];
        const c = parseControl(spec);
        if (isParseError(c)) { fail("'" + spec + "': " + c.error + " at character " + (c.at + 1)); break; }
        setup.push({ op: "control", side: who as Side | null, control: c });
        hasControl = true;
        break;
      }
      case "handicap":
        setupLine();
        if (w.length !== 2 || !/^\d$/.test(w[1])) fail("handicap N: 0 for an even game, 2 to 9 stones");
        else setup.push({ op: "handicap", stones: parseInt(w[1], 10) });
        break;
      case "calls": {
        setupLine();
        const o = parseCallOptions(w.slice(1), calls);
        if ("error" in o) fail(o.error);
        else {
          calls = o;
          setup.push({ op: "calls", options: o });
        }
        break;
      }
      case "latelimit": {
        setupLine();
        const d = w.length === 2 ? (w[1] === "off" ? 0 : parseDuration(w[1])) : null;
        if (d === null || isParseError(d)) fail("latelimit DURATION (60m by 22.1, 15m by 22.2) or off");
        else setup.push({ op: "latelimit", ms: d });
        break;
      }
      case "at": {
        const t = parseTime(w[1] || "");
        if (typeof t === "string") { fail(t); break; }
        const op = parseOpWords(w.slice(2));
        if (typeof op === "string") { fail(op); break; }
        const prev = events.length ? events[events.length - 1].tMs : 0;
        if (t < prev) { fail("at " + w[1] + " comes before the line above it: keep times in order"); break; }
        events.push({ tMs: t, op: op, line: n });
        break;
      }
      case "run": {
        const t = parseTime(w[1] || "");
        if (w.length !== 2 || typeof t === "string") { fail("run T: simulate until T seconds"); break; }
        const last = events.length ? events[events.length - 1].tMs : 0;
        if (t < last) { fail("run " + w[1] + " stops before the last event"); break; }
        endMs = t;
        break;
      }
      default:
        fail("unknown command '" + w[0] + "'");
    }
  }
  if (!hasControl && errors.length === 0) errors.push({ line: 1, error: "no time control: add a line such as 'control 2h+5x60s'" });
  if (errors.length) return errors;
  return { setup: setup, events: events, endMs: endMs >= 0 ? endMs : events.length ? events[events.length - 1].tMs : 0 };
}
