// What the clock sends (hw/README.md, "Link protocol"), as the tool reads it. A reply is data from
// a device: each shape is checked before use, so a reply of another shape is an error, not a crash
// or a wrong reading.

import { EXIT, ToolError } from "./errors";

// The shapes are the firmware's own declarations (the build keeps these names as they are).
import type { ClockStatus, SideStatus } from "../../firmware/link/console";
import type { LogItem, LogSide } from "../../firmware/link/protocol";

export type { Hello } from "../../firmware/link/protocol";
export type Side = "black" | "white";
export const SIDES: Side[] = ["black", "white"];
export type Status = ClockStatus;
export type LogEntry = LogItem;
export type LogReading = LogSide;
export type { SideStatus };

function bad(what: string): ToolError {
  return new ToolError("the clock sent " + what + " of an unexpected shape (a firmware this goclock does not know?)", EXIT.notClock);
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && isFinite(v);

function sideStatus(v: unknown): v is SideStatus {
  return isObj(v) && typeof v.control === "string" && isNum(v.mainMs) && isNum(v.periodsLeft) && isNum(v.periodMs) && isNum(v.movesLeft) && isNum(v.moves) && typeof v.out === "boolean" && isNum(v.usedMs);
}

export function asStatus(v: unknown): Status {
  if (!isObj(v) || typeof v.phase !== "string" || (v.toMove !== "black" && v.toMove !== "white") || !sideStatus(v.black) || !sideStatus(v.white) || !Array.isArray(v.faults)) throw bad("a status");
  return v as unknown as Status;
}

function logReading(v: unknown): v is LogReading {
  return isObj(v) && isNum(v.mainMs) && isNum(v.periodsLeft) && isNum(v.periodMs) && isNum(v.movesLeft) && isNum(v.moves) && isNum(v.usedMs) && isNum(v.leftMs);
}

export function asLogPage(v: unknown): { total: number; entries: LogEntry[] } {
  if (!isObj(v) || !isNum(v.total) || !Array.isArray(v.entries)) throw bad("a log page");
  for (const e of v.entries) {
    if (!isObj(e) || !isNum(e.t) || typeof e.what !== "string" || !logReading(e.black) || !logReading(e.white)) throw bad("a log entry");
  }
  return { total: v.total, entries: v.entries as LogEntry[] };
}
