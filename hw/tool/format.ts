// Output for people: the status as an arbiter reads it off a clock face, the time log as a table,
// and the same log as CSV for a spreadsheet.

import { parseControl, isParseError } from "../../firmware/core/index";
import { SIDES, type LogEntry, type LogReading, type Side, type SideStatus, type Status } from "./wire";

const NAME: Record<Side, string> = { black: "Black", white: "White" };

/** h:mm:ss (m:ss under an hour); with `ms` the milliseconds too, as the log keeps them (22.9). */
export function clockTime(msIn: number, ms = false): string {
  const neg = msIn < 0 ? "-" : "";
  const a = Math.abs(Math.round(msIn));
  const s = Math.floor(a / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n: number) => (n < 10 ? "0" : "") + n;
  const body = (h > 0 ? h + ":" + two(m) : String(m)) + ":" + two(s % 60);
  return neg + body + (ms ? "." + ("00" + (a % 1000)).slice(-3) : "");
}

/** The control's kind ("byoyomi", "moves", …), or "" for a notation the core does not read. */
export function controlKind(spec: string): string {
  const c = parseControl(spec);
  return isParseError(c) ? "" : c.kind;
}

/** Where a side is: main time, byoyomi with its periods, a block with its moves, or lost. */
function sideState(s: SideStatus): string {
  if (s.out) return "lost on time";
  const kind = controlKind(s.control);
  if (s.mainMs > 0 || (kind !== "byoyomi" && kind !== "moves")) return clockTime(s.mainMs) + " main time";
  if (kind === "byoyomi") return "byoyomi: " + clockTime(s.periodMs) + " of the period, " + s.periodsLeft + (s.periodsLeft === 1 ? " period" : " periods") + " left";
  return "block: " + clockTime(s.blockMs) + ", " + s.movesLeft + (s.movesLeft === 1 ? " move" : " moves") + " left";
}

function phaseText(st: Status): string {
  if (st.phase === "setup") return st.armed ? "set up and ready: " + NAME[st.toMove === "black" ? "white" : "black"] + "'s button starts " + NAME[st.toMove] + "'s clock" : "in set-up";
  const turn = NAME[st.toMove] + " to move";
  if (st.phase === "running") return "running, " + turn;
  if (st.phase === "paused") return "paused, " + turn;
  return st.phase;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}

const KNOWN = ["phase", "toMove", "armed", "unlocked", "locked", "black", "white", "handicap", "whiteOnRight", "lang", "volume", "tradition", "lateLimitMs", "late", "flagged", "forfeit", "battery", "faults", "version"];

export function statusText(st: Status, version: string, port: string): string {
  const lines: string[] = [];
  const battery = st.battery === undefined ? "" : st.battery < 0 ? "battery: not read yet" : "battery " + st.battery + " %";
  lines.push("clock    " + port + ", firmware " + (st.version ?? version) + (battery ? ", " + battery : ""));
  const access = st.unlocked ? "unlocked (arbiter)" : st.locked ? "locked (PIN)" : st.phase === "setup" ? "open (set-up)" : "locked (PIN)";
  lines.push("game     " + phaseText(st) + "; " + access);
  for (const side of SIDES) {
    const s = st[side];
    const marks = (st.phase === "running" && st.toMove === side ? " <- running" : "") + (st.late && st.late[side].absent ? " (absent, late " + clockTime(st.late[side].lateMs) + ")" : "") + (st.flagged === side ? " (flag fell)" : "");
    lines.push(pad(NAME[side], 9) + pad(s.control, 12) + pad(sideState(s), 46) + pad(s.moves + " moves", 10) + "used " + clockTime(s.usedMs) + marks);
  }
  const set: string[] = [];
  if (st.handicap !== undefined) set.push(st.handicap === 0 ? "even game" : "handicap " + st.handicap);
  if (st.whiteOnRight !== undefined) set.push("White's button " + (st.whiteOnRight ? "right" : "left"));
  if (st.lang !== undefined) set.push("voice " + st.lang + (st.tradition ? " (" + st.tradition + " counting)" : "") + (st.volume !== undefined ? ", volume " + st.volume : ""));
  if (st.lateLimitMs !== undefined) set.push("lateness limit " + (st.lateLimitMs > 0 ? clockTime(st.lateLimitMs) : "off"));
  if (set.length) lines.push("settings " + set.join("; "));
  if (st.forfeit) lines.push("forfeit  " + st.forfeit + " lost by lateness (22.1)");
  lines.push("faults   " + (st.faults.length ? st.faults.join("; ") : "none"));
  // fields of a newer firmware, as they are
  const all = st as unknown as Record<string, unknown>;
  for (const k of Object.keys(all)) if (KNOWN.indexOf(k) < 0) lines.push(pad(k, 9) + JSON.stringify(all[k]));
  return lines.join("\n");
}

/** An event in words: the clock's own text (the one log formatter, on the device) or its parts. */
export function eventText(e: LogEntry): string {
  return [e.what, e.side ? e.side : "", e.info ? e.info : ""].filter((x) => x).join(" ");
}

function readingCell(r: LogReading): string {
  return clockTime(r.leftMs, true) + (r.periodsLeft > 0 && r.mainMs === 0 ? " " + r.periodsLeft + "p" : "") + "  " + clockTime(r.usedMs, true);
}

export function logTable(entries: LogEntry[]): string {
  const head = pad("time", 14) + pad("event", 30) + pad("Black left  used", 32) + "White left  used";
  const rows = entries.map((e) => pad(clockTime(e.t, true), 14) + pad(eventText(e), 30) + pad(readingCell(e.black), 32) + readingCell(e.white));
  return [head].concat(rows).join("\n");
}

const CSV_SIDE = ["left_ms", "used_ms", "main_ms", "periods_left", "period_ms", "moves_left", "moves"];

function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

export function logCsv(entries: LogEntry[]): string {
  const head = ["t_ms", "event", "side", "info"].concat(CSV_SIDE.map((c) => "black_" + c), CSV_SIDE.map((c) => "white_" + c));
  const side = (r: LogReading) => [r.leftMs, r.usedMs, r.mainMs, r.periodsLeft, r.periodMs, r.movesLeft, r.moves];
  const rows = entries.map((e) => [e.t, e.what, e.side ?? "", e.info ?? ""].concat(side(e.black), side(e.white)).map(csvCell).join(","));
  return [head.join(",")].concat(rows).join("\n");
}
