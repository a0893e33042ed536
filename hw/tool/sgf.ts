// The time record as SGF FF[4]: TM and OT for the control in the root, and after each move the
// mover's time left (BL/WL, seconds) and, in overtime, its byoyomi periods or block moves left
// (OB/OW). The clock sees no board, so on its own the record's moves have no positions; merged
// into the game record (--into) the times go onto its moves by move number.

import sgf, { type SgfNode } from "@sabaki/sgf";
import { EXIT, ToolError } from "./errors";
import { control } from "./format";
import { SIDES, type LogEntry, type Side } from "./wire";

export interface TimedMove {
  /** 1 for the game's first move (White's in a handicap game). */
  number: number;
  side: Side;
  /** What the mover's face showed after the move: main time, or the period's / block's time. */
  leftMs: number;
  /** Byoyomi periods or block moves left, once in overtime; null in main time. */
  overtime: number | null;
}

/** The moves in a time log: each press or 22.5 pass after which a side's move count went up. Its
 *  number is both sides' moves together, so entries the clock no longer holds shift nothing. */
export function timedMoves(entries: LogEntry[], controls: Record<Side, string>): TimedMove[] {
  const moves: TimedMove[] = [];
  let before: Record<Side, number> | null = null;
  for (const e of entries) {
    const now = { black: e.black.moves, white: e.white.moves };
    if (before && (e.what === "press" || e.what === "pass")) {
      for (const side of SIDES) {
        if (now[side] <= before[side]) continue;
        const r = e[side];
        const c = control(controls[side]);
        const inOvertime = r.mainMs === 0 && c !== null && (c.kind === "byoyomi" || c.kind === "moves");
        moves.push({ number: now.black + now.white, side: side, leftMs: r.leftMs, overtime: inOvertime ? (c.kind === "byoyomi" ? r.periodsLeft : r.movesLeft) : null });
      }
    }
    before = now;
  }
  return moves;
}

/** Seconds as SGF's real numbers: at most three decimals, no trailing zeros. */
export function sgfSeconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

/** OT in the words SGF readers know ("5x60 byo-yomi", "15/600 Canadian"), the clock's notation after. */
function overtimeText(spec: string): string {
  const c = control(spec);
  if (!c) return spec;
  switch (c.kind) {
    case "byoyomi": return c.periods + "x" + c.periodMs / 1000 + " byo-yomi";
    case "moves": return c.moves + "/" + c.blockMs / 1000 + (c.carry ? " blocks, unused time carried over" : " Canadian");
    case "fischer": return "Fischer " + c.incrementMs / 1000 + "s";
    case "bronstein": return "Bronstein delay " + c.delayMs / 1000 + "s";
    case "absolute": return "none";
  }
}

export function rootTimes(controls: Record<Side, string>): Record<string, string[]> {
  const b = control(controls.black);
  const main = b ? sgfSeconds(b.mainMs) : "0";
  const same = controls.black === controls.white;
  const ot = same ? overtimeText(controls.black) + " (" + controls.black + ")" : "Black " + overtimeText(controls.black) + " (" + controls.black + "), White " + overtimeText(controls.white) + " (" + controls.white + ")";
  return { TM: [main], OT: [ot] };
}

function timeProps(m: TimedMove): Record<string, string[]> {
  const c = m.side === "black" ? "B" : "W";
  const p: Record<string, string[]> = {};
  p[c + "L"] = [sgfSeconds(m.leftMs)];
  if (m.overtime !== null) p["O" + c] = [String(m.overtime)];
  return p;
}

export interface RecordInfo {
  controls: Record<Side, string>;
  handicap: number;
  version: string;
}

/** The clock's own time record: a root and one node per move, a pass-shaped move without a point. */
export function timeRecord(moves: TimedMove[], info: RecordInfo): string {
  const root: Record<string, string[]> = { FF: ["4"], GM: ["1"], CA: ["UTF-8"], AP: ["goclock:" + info.version] };
  if (info.handicap > 0) root.HA = [String(info.handicap)];
  Object.assign(root, rootTimes(info.controls));
  root.C = ["Times from the clock. The clock does not see the board, so these moves have no points: goclock sgf --into GAME.sgf puts the times on the game record's moves."];
  let id = 0;
  const top: SgfNode = { id: id++, data: root, parentId: null, children: [] };
  let at = top;
  for (const m of moves) {
    const data: Record<string, string[]> = {};
    data[m.side === "black" ? "B" : "W"] = [""];
    Object.assign(data, timeProps(m));
    const n: SgfNode = { id: id++, data: data, parentId: at.id, children: [] };
    at.children.push(n);
    at = n;
  }
  return sgf.stringify([top]);
}

export interface Merged {
  text: string;
  /** Moves that got their times, and what did not line up (said, not fatal). */
  timed: number;
  notes: string[];
}

/** Puts the times onto the main line of a game record, move by move; the record's own moves,
 *  points, comments and variations stay as they are. A colour that differs at a move number means
 *  the two are not the same game: refused, nothing written. */
export function mergeInto(text: string, moves: TimedMove[], controls: Record<Side, string>): Merged {
  // the parser is lenient and reads anything as some tree: a record starts with "(;"
  const roots = /^\s*\(\s*;/.test(text) ? sgf.parse(text) : [];
  if (roots.length === 0) throw new ToolError("not an SGF game record (no game tree in it)", EXIT.usage);
  const root = roots[0];
  Object.assign(root.data, rootTimes(controls));
  const byNumber = new Map<number, TimedMove>();
  for (const m of moves) byNumber.set(m.number, m);
  let n = 0;
  let timed = 0;
  for (let node: SgfNode | undefined = root; node; node = node.children[0]) {
    const colour = node.data.B ? "black" : node.data.W ? "white" : null;
    if (!colour) continue;
    n++;
    const m = byNumber.get(n);
    if (!m) continue;
    if (m.side !== colour) throw new ToolError("move " + n + " is " + colour + "'s in the game record but " + m.side + "'s on the clock: not the same game (or a handicap set differently); nothing merged", EXIT.refused);
    for (const p of ["BL", "WL", "OB", "OW"]) delete node.data[p];
    Object.assign(node.data, timeProps(m));
    timed++;
  }
  const notes: string[] = [];
  const last = moves.length ? moves[moves.length - 1].number : 0;
  if (last > n) notes.push("the clock has " + last + " moves, the game record " + n + ": moves after " + n + " have no record to go on");
  if (n > last) notes.push("the game record has " + n + " moves, the clock " + last + ": moves after " + last + " have no times");
  const missing = n - timed - Math.max(0, n - last);
  if (missing > 0) notes.push(missing + " moves had no times on the clock (entries it no longer holds)");
  return { text: sgf.stringify(roots), timed: timed, notes: notes };
}
