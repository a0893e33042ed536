// Output for people: the status as an arbiter reads it off a clock face, the time log as a table,
// and the same log as CSV for a spreadsheet.

import { parseControl, isParseError, type LogEntry as CoreEntry, type Reading, type TimeControl } from "../../firmware/core/index";
import { entryWords, logText, span, stamp } from "../../firmware/record/logtext";
import { SIDES, type GameInfo, type LogEntry, type LogReading, type Side, type SideStatus, type Status } from "./wire";

const NAME: Record<Side, string> = { black: "Black", white: "White" };

/** The control a notation stands for, or null for one the core does not read. */
export function control(spec: string): TimeControl | null {
  const c = parseControl(spec);
  return isParseError(c) ? null : c;
}

/** The control's kind ("byoyomi", "moves", …), or "". */
function controlKind(spec: string): string {
  const c = control(spec);
  return c ? c.kind : "";
}

/** Where a side is: main time, byoyomi with its periods, a block with its moves, or lost. */
function sideState(s: SideStatus): string {
  if (s.out) return "lost on time";
  const kind = controlKind(s.control);
  if (s.mainMs > 0 || (kind !== "byoyomi" && kind !== "moves")) return span(s.mainMs) + " main time";
  if (kind === "byoyomi") return "byoyomi: " + span(s.periodMs) + " of the period, " + s.periodsLeft + (s.periodsLeft === 1 ? " period" : " periods") + " left";
  return "block: " + span(s.blockMs) + ", " + s.movesLeft + (s.movesLeft === 1 ? " move" : " moves") + " left";
}

function phaseText(st: Status): string {
  if (st.phase === "setup") return st.armed ? "set up and ready: " + NAME[st.toMove === "black" ? "white" : "black"] + "'s button starts " + NAME[st.toMove] + "'s clock" : "in set-up";
  const turn = NAME[st.toMove] + " to move";
  if (st.phase === "running") return "running, " + turn;
  if (st.phase === "paused") return "paused, " + turn;
  if (st.phase === "flagged" && st.flagged) return NAME[st.flagged] + "'s flag has fallen: the clock stopped";
  if (st.phase === "ended") return "the game is over";
  return st.phase;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}

const KNOWN = ["phase", "toMove", "armed", "unlocked", "locked", "black", "white", "handicap", "whiteOnRight", "lang", "volume", "tradition", "lateLimitMs", "late", "flagged", "forfeit", "result", "startedAt", "battery", "batteryLow", "faults", "version", "firmware", "defaultPin", "tournament", "promptOpened", "board"];

export function statusText(st: Status, version: string, port: string): string {
  const lines: string[] = [];
  const battery = st.battery === undefined ? "" : st.battery < 0 ? "battery: not read yet" : "battery " + st.battery + " %" + (st.batteryLow ? " (LOW: the warning is on)" : "");
  const fp = st.firmware !== undefined ? " (fingerprint " + st.firmware + ")" : "";
  lines.push("clock    " + port + ", firmware " + (st.version ?? version) + fp + (battery ? ", " + battery : ""));
  const access = st.unlocked ? "unlocked (arbiter)" : st.locked ? "locked (PIN)" : st.phase === "setup" ? "open (set-up)" : "locked (PIN)";
  lines.push("game     " + phaseText(st) + "; " + access);
  for (const side of SIDES) {
    const s = st[side];
    const marks = (st.phase === "running" && st.toMove === side ? " <- running" : "") + (st.late && st.late[side].absent ? " (absent, late " + span(st.late[side].lateMs) + ")" : "") + (st.flagged === side ? " (flag fell)" : "");
    lines.push(pad(NAME[side], 9) + pad(s.control, 12) + pad(sideState(s), 46) + pad(s.moves + " moves", 10) + "used " + span(s.usedMs) + marks);
  }
  const set: string[] = [];
  if (st.handicap !== undefined) set.push(st.handicap === 0 ? "even game" : "handicap " + st.handicap);
  if (st.whiteOnRight !== undefined) set.push("White's button " + (st.whiteOnRight ? "right" : "left"));
  if (st.lang !== undefined) set.push("voice " + st.lang + (st.tradition ? " (" + st.tradition + " counting)" : "") + (st.volume !== undefined ? ", volume " + st.volume : ""));
  if (st.lateLimitMs !== undefined) set.push("lateness limit " + (st.lateLimitMs > 0 ? span(st.lateLimitMs) : "off"));
  if (st.board !== undefined) set.push(st.board > 0 ? "board " + st.board : "no board number");
  if (set.length) lines.push("settings " + set.join("; "));
  const trust: string[] = [];
  if (st.defaultPin) trust.push("the PIN is still the factory 0000");
  if (st.tournament !== undefined) trust.push(st.tournament ? "tournament lock on (set-up needs the PIN; the state broadcast to the hall)" : "tournament lock off");
  if (st.promptOpened) trust.push("a JavaScript prompt was opened since the clock booted");
  if (trust.length) lines.push("trust    " + trust.join("; "));
  if (st.result) lines.push("result   " + st.result);
  else if (st.forfeit) lines.push("forfeit  " + st.forfeit + " lost by lateness (22.1)");
  lines.push("faults   " + (st.faults.length ? st.faults.join("; ") : "none"));
  // fields of a newer firmware, as they are
  const all = st as unknown as Record<string, unknown>;
  for (const k of Object.keys(all)) if (KNOWN.indexOf(k) < 0) lines.push(pad(k, 9) + JSON.stringify(all[k]));
  return lines.join("\n");
}

/** A log entry as the core logs it, rebuilt from what the link carries, for the one formatter.
 *  Fields a firmware does not send are derived from the side's control, as the core derives them. */
export function coreEntry(e: LogEntry, controls: Record<Side, string>): CoreEntry {
  const reading = (side: Side): Reading => {
    const r = e[side] as LogReading & Partial<Reading>;
    const c = control(controls[side]);
    const kind = c ? c.kind : "";
    const overtime = r.overtime ?? (r.mainMs === 0 && (kind === "byoyomi" || kind === "moves"));
    const blockMs = r.blockMs ?? (overtime ? r.leftMs : c && c.kind === "moves" ? c.blockMs : 0);
    const out = r.out ?? (r.leftMs === 0 && (kind === "byoyomi" ? r.periodsLeft === 0 : kind === "moves" ? overtime : true));
    return { mainMs: r.mainMs, periodsLeft: r.periodsLeft, periodMs: r.periodMs, blockMs: blockMs, movesLeft: r.movesLeft, moves: r.moves, overtime: overtime, out: out, shownMs: r.leftMs, usedMs: r.usedMs };
  };
  return { t: e.t, what: e.what, side: e.side === "black" || e.side === "white" ? e.side : null, info: e.info ?? "", black: reading("black"), white: reading("white") };
}

/** The game's start, from which the log's instants count: the status's (for the game on the clock),
 *  else the start entry's. */
export function startOf(st: Status | null, entries: LogEntry[]): number {
  if (st && st.startedAt >= 0) return st.startedAt;
  for (const e of entries) if (e.what === "start" || e.what === "press") return e.t;
  return 0;
}

/** The time log as the clock's own formatter writes it (22.9): one line per entry. */
export function logTable(entries: LogEntry[], controls: Record<Side, string>, startMs: number): string {
  return entries.map((e) => logText(coreEntry(e, controls), startMs)).join("\n");
}

/** The game's statement, field by field: both sides' controls, handicap, White's side, lateness
 *  limit, firmware (the fingerprint; an older clock, which has none, by its version). */
export function gameFields(g: GameInfo, version: string): [string, string][] {
  return [
    ["black", g.black],
    ["white", g.white],
    ["handicap", g.handicap === 0 ? "0 (even game)" : String(g.handicap)],
    ["white's button", g.whiteOnRight ? "right" : "left"],
    ["lateness limit", g.lateLimitMs > 0 ? span(g.lateLimitMs) : "off"],
    ["firmware", g.firmware ? g.firmware : "no fingerprint (version " + version + ")"],
  ];
}

/** The game as one line, at the top of the text log. */
export function gameLine(g: GameInfo, version: string): string {
  const f = gameFields(g, version).map((x) => x[1]);
  return "game: Black " + f[0] + ", White " + f[1] + (g.black !== g.white ? " (time odds)" : "") + "; handicap " + f[2] + "; White's button " + f[3] + "; lateness limit " + f[4] + "; firmware " + f[5];
}

const CSV_SIDE = ["left_ms", "used_ms", "main_ms", "periods_left", "period_ms", "moves_left", "moves"];

function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

/** One row per entry: the instant from the start, the event in the formatter's words, then the raw
 *  fields and both sides' readings in ms, for a spreadsheet. */
export function logCsv(entries: LogEntry[], controls: Record<Side, string>, startMs: number, game: GameInfo, version: string): string {
  const head = ["time", "event", "t_ms", "what", "side", "info"].concat(CSV_SIDE.map((c) => "black_" + c), CSV_SIDE.map((c) => "white_" + c));
  const side = (r: LogReading) => [r.leftMs, r.usedMs, r.mainMs, r.periodsLeft, r.periodMs, r.movesLeft, r.moves];
  const rows = entries.map((e) => [stamp(e.t - startMs), entryWords(coreEntry(e, controls), startMs), e.t, e.what, e.side ?? "", e.info ?? ""].concat(side(e.black), side(e.white)).map(csvCell).join(","));
  // the game first, as comment lines (spreadsheets show them; pandas and R skip them with comment="#")
  const top = gameFields(game, version).map((f) => "# " + f[0] + ": " + f[1]);
  return top.concat([head.join(",")], rows).join("\n");
}
