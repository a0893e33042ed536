// The simulator's script format (documented in the README): one command per line, `#` comments.
// Parsing is all-or-nothing: any bad line is reported with its number and nothing runs.

import {
  type Op, type CallOptions, type Game,
  Clock, newGame, parseControl, parseDuration, isParseError, parseCallOptions, defaultCallOptions,
} from "../firmware/core/index";
import { parseOpWords, side } from "../firmware/link/commands";

export { parseOpWords };

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

const SETUP = ["control", "handicap", "calls", "latelimit"];

/** A game in set-up, its control a placeholder until the script's own control line is applied. */
export function setupGame(): Game {
  const c = parseControl("1h");
  if (isParseError(c)) throw new Error(c.error);
  return newGame(c, c);
}

/** The words of a control line after `control`: an optional side, then one spec. Every spec starts
 *  with a digit, so a second word that does too is a spec written with a space. */
function controlWords(w: string[]): { who: "black" | "white" | null; spec: string } | string {
  const who = /^\d/.test(w[1] || "") ? null : side(w[1]);
  if (who !== null && who !== "black" && who !== "white") return w.length === 1 ? "control SPEC, or control black|white SPEC" : who;
  const spec = w.slice(who === null ? 1 : 2);
  if (spec.length === 0) return "control SPEC, or control black|white SPEC";
  if (spec.length > 1) return "a time control is written without spaces: '" + spec.join("") + "', not '" + spec.join(" ") + "'";
  return { who: who, spec: spec[0] };
}

/** A set-up line (`control black 1h+5x60s`, `handicap 2`, `calls …`, `latelimit 15m`) as an
 *  operation; `calls` options build on `base`. Also what the terminal accepts before the start. */
export function parseSetupWords(w: string[], base: CallOptions): Op | string {
  switch (w[0]) {
    case "control": {
      const cw = controlWords(w);
      if (typeof cw === "string") return cw;
      const c = parseControl(cw.spec);
      if (isParseError(c)) return "'" + cw.spec + "': " + c.error + " at character " + (c.at + 1);
      return { op: "control", side: cw.who, control: c };
    }
    case "handicap":
      if (w.length !== 2 || !/^\d$/.test(w[1])) return "handicap N: 0 for an even game, 2 to 9 stones";
      return { op: "handicap", stones: parseInt(w[1], 10) };
    case "calls": {
      const o = parseCallOptions(w.slice(1), base);
      return "error" in o ? o.error : { op: "calls", options: o };
    }
    case "latelimit": {
      const d = w.length === 2 ? (w[1] === "off" ? 0 : parseDuration(w[1])) : null;
      if (d === null || isParseError(d)) return "latelimit DURATION (60m by 22.1, 15m by 22.2) or off";
      return { op: "latelimit", ms: d };
    }
  }
  return "unknown set-up command '" + (w[0] || "") + "'";
}

/** Why the core refuses a set-up operation, or null once it is applied to `trial`. */
function refusal(trial: Clock, op: Op): string | null {
  for (const o of trial.apply(op, 0)) if (o.kind === "refused") return o.reason;
  return null;
}

export function parseScript(text: string): Script | ScriptError[] {
  const errors: ScriptError[] = [];
  const setup: Op[] = [];
  const events: ScriptEvent[] = [];
  let endMs = -1;
  let calls: CallOptions = defaultCallOptions();
  let hasControl = false;
  // set-up lines are tried on a clock in set-up, so that what the core refuses (handicap 1) is a
  // bad line too, in the core's own words
  const trial = new Clock(setupGame(), calls, 0, 1);
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const w = lines[i].replace(/#.*/, "").trim().split(/\s+/).filter((x) => x.length > 0);
    if (w.length === 0) continue;
    const fail = (e: string) => errors.push({ line: n, error: e });
    if (endMs >= 0) {
      fail("nothing may follow 'run'");
      continue;
    }
    if (SETUP.indexOf(w[0]) >= 0) {
      if (events.length > 0) fail(w[0] + " is set up before the first 'at' line");
      const op = parseSetupWords(w, calls);
      const refused = typeof op === "string" ? op : refusal(trial, op);
      if (refused !== null) fail(refused);
      else if (typeof op !== "string") {
        if (op.op === "calls") calls = op.options;
        if (op.op === "control") hasControl = true;
        setup.push(op);
      }
      continue;
    }
    switch (w[0]) {
      case "at": {
        const t = parseTime(w[1] || "");
        if (typeof t === "string") { fail(w.length === 1 ? "at T COMMAND: the time is missing" : t); break; }
        if (w.length === 2) { fail("a command is missing after 'at " + w[1] + "' (press, start, pause, …)"); break; }
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
