// The hall's words, shared by the terminal's table (table.ts) and the web page (page/main.ts): a
// clock's row as JSON (what --json prints and the page receives) and its cells as text. Neither
// Node's nor the browser's: both sides import it.

export interface SideState {
  /** Time left as the clock shows it, whole seconds (main time, or the period's, or the block's). */
  s: number;
  /** Periods left (byoyomi), or moves left in the block: the other is null (both, in a control with
   *  neither: absolute time, Fischer, Bronstein). */
  periods: number | null;
  moves: number | null;
  /** In byoyomi or in a block of moves. */
  overtime: boolean;
  /** Lost on time (the flag fell). */
  flag: boolean;
  /** Lost by lateness (22.1-22.3). */
  forfeit: boolean;
  /** Marked absent at the start and not arrived yet. */
  absent: boolean;
}

/** A row for other software: the clock's state as decoded, where it was heard, its marks. */
export interface RowJson {
  board: number;
  address: string;
  phase: string;
  toMove: "black" | "white";
  black: SideState;
  white: SideState;
  /** 0 … 100 %, null when the clock has not read it. */
  battery: number | null;
  lowBattery: boolean;
  /** The program's fingerprint, 8 hex digits; "" from a clock that has none (a simulator). */
  fingerprint: string;
  marks: string[];
  /** Wall-clock ms (Date.now()) it was last heard, and since when its state is this one. */
  heardAt: number;
  since: number;
}

function two(n: number): string {
  return n < 10 ? "0" + n : "" + n;
}

/** Seconds as the clock's face shows them: H:MM:SS from an hour, else M:SS. */
export function clockText(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? h + ":" + two(m) + ":" + two(s % 60) : m + ":" + two(s % 60);
}

/** One side: the time (OT: in byoyomi or a block), periods (p) or moves (mv) left, and F (the flag
 *  fell), L (lost by lateness), A (absent). */
export function sideText(x: SideState): string {
  const count = x.periods !== null ? " " + x.periods + "p" : x.moves !== null ? " " + x.moves + "mv" : "";
  const marks = (x.flag ? "F" : "") + (x.forfeit ? "L" : "") + (x.absent ? "A" : "");
  return (x.overtime ? "OT " : "") + clockText(x.s) + count + (marks ? " " + marks : "");
}

/** Whose clock runs (or stands, paused): "B", "W", or "" before and after the game. */
export function turnText(r: RowJson): string {
  return r.phase === "running" || r.phase === "paused" ? (r.toMove === "black" ? "B" : "W") : "";
}

export function batteryText(r: RowJson): string {
  return r.battery === null ? "?" : r.battery + "%";
}

/** The marks in words at wall-clock `now`: how long a silent clock has been, which fingerprint. */
export function marksText(r: RowJson, now: number): string {
  return r.marks.map((m) => (m === "silent" ? "silent " + Math.floor((now - r.heardAt) / 1000) + "s" : m === "firmware" ? "firmware " + (r.fingerprint || "none") : m)).join(", ");
}

export const LEGEND = "OT overtime, p periods, mv moves left; F flag, L lost by lateness, A absent";

/** The ignored advertisements in words, or "" when there were none. */
export function ignoredText(ignored: Record<string, number>): string {
  const keys = Object.keys(ignored).filter((k) => ignored[k] > 0);
  return keys.length ? "ignored: " + keys.map((k) => ignored[k] + " " + k).join(", ") : "";
}
