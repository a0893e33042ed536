// The hall on the terminal: a line saying what is heard, then a row per clock by board number.

import type { Row } from "./hall";
import { type RowJson, LEGEND, batteryText, ignoredText, marksText, sideText, turnText } from "./text";

/** A row as --json prints it; `toWall`: the hall's ms as wall-clock ms. */
export function rowJson(r: Row, toWall: (ms: number) => number): RowJson {
  const s = r.state;
  return {
    board: r.board, address: r.address, phase: s.phase, toMove: s.toMove, black: s.black, white: s.white, battery: s.battery,
    lowBattery: s.lowBattery, fingerprint: s.fingerprint, marks: r.marks.slice(), heardAt: toWall(r.heardAt), since: toWall(r.since),
  };
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}

function padLeft(s: string, n: number): string {
  return s.length >= n ? s : " ".repeat(n - s.length) + s;
}

export const HEAD = padLeft("board", 5) + "  " + pad("black", 18) + pad("white", 18) + pad("turn", 6) + pad("state", 9) + padLeft("batt", 5) + "  marks";

export function rowText(r: RowJson, now: number): string {
  const marks = marksText(r, now);
  return padLeft(r.board ? String(r.board) : "-", 5) + "  " + pad(sideText(r.black), 18) + pad(sideText(r.white), 18) + pad(turnText(r), 6) + pad(r.phase, 9) +
    padLeft(batteryText(r), 5) + (marks ? "  " + marks : "");
}

/** The whole table at wall-clock `now`. */
export function tableText(rows: RowJson[], ignored: Record<string, number>, what: string, now: number): string {
  const lines = [rows.length + " clock" + (rows.length === 1 ? "" : "s") + " on " + what + " (" + LEGEND + ")", HEAD];
  for (const r of rows) lines.push(rowText(r, now));
  const ign = ignoredText(ignored);
  if (ign) lines.push(ign);
  return lines.join("\n");
}
