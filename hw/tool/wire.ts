// What the clock sends (hw/README.md, "Link protocol"), as the tool reads it. A reply is data from
// a device: each shape is checked before use, so a reply of another shape is an error, not a crash
// or a wrong reading.

import { EXIT, ToolError } from "./errors";

// The shapes are the firmware's own declarations (the build keeps these names as they are).
import type { ClockStatus, RecordPage, SideStatus } from "../../firmware/link/console";
import type { Hello as ClockHello, LogItem, LogSide } from "../../firmware/link/protocol";

export type Side = "black" | "white";
export const SIDES: Side[] = ["black", "white"];
export type LogEntry = LogItem;
export type LogReading = LogSide;
export type { SideStatus };

/** What a clock says of its trust (issue 17): absent from an older firmware, so optional here. */
interface Trust {
  /** The program's fingerprint (8 hex digits on a device; a simulator's own word, "sim"). */
  firmware?: string;
  /** The arbiter's PIN is still the factory 0000. */
  defaultPin?: boolean;
}

export type Hello = ClockHello & Trust;
export type Status = ClockStatus &
  Trust & {
    /** The tournament set-up lock: set-up needs the PIN. */
    tournament?: boolean;
    /** A JavaScript prompt was opened on this clock since it booted (with the PIN). */
    promptOpened?: boolean;
  };

/** The game a log describes, as the log reply states it (`game`): the controls in the project's
 *  notation, the handicap, White's side, the lateness limit (0: none) and the fingerprint. */
export interface GameInfo {
  black: string;
  white: string;
  handicap: number;
  whiteOnRight: boolean;
  lateLimitMs: number;
  firmware: string;
}

function bad(what: string): ToolError {
  return new ToolError("the clock sent " + what + " of an unexpected shape (a firmware this goclock does not know?)", EXIT.notClock);
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && isFinite(v);

function sideStatus(v: unknown): v is SideStatus {
  return isObj(v) && typeof v.control === "string" && isNum(v.mainMs) && isNum(v.periodsLeft) && isNum(v.periodMs) && isNum(v.movesLeft) && isNum(v.moves) && typeof v.out === "boolean" && isNum(v.usedMs);
}

/** The trust fields, when present, of their types (a wrong one is a reply of another shape). */
function trustOk(v: Record<string, unknown>): boolean {
  return (v.firmware === undefined || typeof v.firmware === "string") && (v.defaultPin === undefined || typeof v.defaultPin === "boolean");
}

/** A greeting whose trust fields are of other types is not one this tool reads. */
export function checkHello(v: object): void {
  if (!trustOk(v as Record<string, unknown>)) throw bad("a greeting");
}

export function asStatus(v: unknown): Status {
  if (!isObj(v) || typeof v.phase !== "string" || (v.toMove !== "black" && v.toMove !== "white") || !sideStatus(v.black) || !sideStatus(v.white) || !Array.isArray(v.faults) || !trustOk(v)) throw bad("a status");
  return v as unknown as Status;
}

function logReading(v: unknown): v is LogReading {
  return isObj(v) && isNum(v.mainMs) && isNum(v.periodsLeft) && isNum(v.periodMs) && isNum(v.movesLeft) && isNum(v.moves) && isNum(v.usedMs) && isNum(v.leftMs);
}

function gameInfo(v: unknown): v is GameInfo {
  return isObj(v) && typeof v.black === "string" && typeof v.white === "string" && isNum(v.handicap) && typeof v.whiteOnRight === "boolean" && isNum(v.lateLimitMs) && typeof v.firmware === "string";
}

export interface LogPage {
  total: number;
  entries: LogEntry[];
  /** The logged game; null from a firmware that does not say it. */
  game: GameInfo | null;
}

export function asLogPage(v: unknown): LogPage {
  if (!isObj(v) || !isNum(v.total) || !Array.isArray(v.entries)) throw bad("a log page");
  for (const e of v.entries) {
    if (!isObj(e) || !isNum(e.t) || typeof e.what !== "string" || !logReading(e.black) || !logReading(e.white)) throw bad("a log entry");
  }
  if (v.game !== undefined && !gameInfo(v.game)) throw bad("a log's game");
  return { total: v.total, entries: v.entries as LogEntry[], game: (v.game as GameInfo | undefined) ?? null };
}

/** A page of the clock's records (the `records` request): its slots as text, checked later. */
export function asRecordPage(v: unknown): RecordPage {
  if (!isObj(v) || !isNum(v.from) || !isNum(v.count) || !isNum(v.slot) || v.slot < 1 || typeof v.text !== "string" || !isNum(v.shift) || !isNum(v.until) || typeof v.tradition !== "string" || typeof v.lang !== "string") throw bad("a page of records");
  return v as unknown as RecordPage;
}

/** The game from a status, for a firmware whose log does not state it ("" for a fingerprint it
 *  does not have). */
export function gameOfStatus(st: Status): GameInfo {
  return { black: st.black.control, white: st.white.control, handicap: st.handicap ?? 0, whiteOnRight: st.whiteOnRight, lateLimitMs: st.lateLimitMs, firmware: st.firmware ?? "" };
}
