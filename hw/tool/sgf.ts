// The time record as SGF FF[4]: in the root TM and OT for the control (in the forms KGS writes and
// OGS reads) and GC stating the game as the clock kept it (both sides' controls, handicap, White's
// side, lateness limit, firmware), and after each move the mover's time left (BL/WL, seconds) and,
// in overtime, its byoyomi periods or block moves left (OB/OW). The clock sees no board, so on its
// own the record's moves have no positions; merged into the game record (--into) the times go onto
// its moves by move number.

import sgf, { type SgfNode } from "@sabaki/sgf";
import { EXIT, ToolError } from "./errors";
import { control, gameLine } from "./format";
import { SIDES, type GameInfo, type LogEntry, type Side } from "./wire";

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

/** OT in the forms KGS writes and OGS's SGF parser reads (goban's parseSGFOvertime, anchored:
 *  nothing may follow), or null where a reader has none: absolute time (TM alone says it), and
 *  Bronstein delay. The 12.5 blocks with unused time carried over are written as Canadian, the
 *  nearest a reader shows (BL the block's time left, OB its moves left); GC says which it was. */
export function overtimeText(spec: string): string | null {
  const c = control(spec);
  if (!c) return null;
  switch (c.kind) {
    case "byoyomi": return c.periods + "x" + sgfSeconds(c.periodMs) + " byo-yomi";
    case "moves": return c.moves + "/" + sgfSeconds(c.blockMs) + " Canadian";
    case "fischer": return sgfSeconds(c.incrementMs) + " fischer";
    case "bronstein":
    case "absolute": return null;
  }
}

/** TM and OT: Black's control, also in a time-odds game (a reader takes one of each; GC names both
 *  sides' controls, and BL/WL after each move are each side's own). */
export function rootTimes(game: GameInfo): Record<string, string[]> {
  const b = control(game.black);
  const times: Record<string, string[]> = { TM: [b ? sgfSeconds(b.mainMs) : "0"] };
  const ot = overtimeText(game.black);
  if (ot !== null) times.OT = [ot];
  return times;
}

/** The GC line that states the game; a merge replaces its own earlier one. */
const GC_MARK = "goclock ";

function gameComment(game: GameInfo, version: string, before: string | undefined): string {
  const line = GC_MARK + gameLine(game, version);
  // the record's own lines stay as they were, but for a line of ours from an earlier merge
  const kept = before ? before.split("\n").filter((l) => l.indexOf(GC_MARK + "game: ") !== 0) : [];
  while (kept.length && kept[kept.length - 1].trim() === "") kept.pop();
  return kept.concat([line + carried(game)]).join("\n");
}

/** What the Canadian in OT does not say of a 12.5 control. */
function carried(game: GameInfo): string {
  const carry = (spec: string) => {
    const c = control(spec);
    return c !== null && c.kind === "moves" && c.carry;
  };
  if (!carry(game.black) && !carry(game.white)) return "";
  return " (12.5 blocks: unused time carries over to the next block" + (carry(game.black) ? "; OT says Canadian, the nearest form a reader shows)" : ")");
}

function timeProps(m: TimedMove): Record<string, string[]> {
  const c = m.side === "black" ? "B" : "W";
  const p: Record<string, string[]> = {};
  p[c + "L"] = [sgfSeconds(m.leftMs)];
  if (m.overtime !== null) p["O" + c] = [String(m.overtime)];
  return p;
}

/** The clock's own time record: a root and one node per move, a pass-shaped move without a point. */
export function timeRecord(moves: TimedMove[], game: GameInfo, version: string): string {
  const root: Record<string, string[]> = { FF: ["4"], GM: ["1"], CA: ["UTF-8"], AP: ["goclock:" + version] };
  if (game.handicap > 0) root.HA = [String(game.handicap)];
  Object.assign(root, rootTimes(game));
  root.GC = [gameComment(game, version, undefined)];
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

/** What keeps a record from being whole, or null: a character outside the grammar (a value cut
 *  open, `[` never closed), a `)` too many, text after the last tree, or a tree never closed. */
export function incomplete(text: string): string | null {
  let depth = 0;
  const at = (t: { row: number; col: number }) => "line " + (t.row + 1) + ", column " + (t.col + 1);
  for (const t of sgf.tokenize(text)) {
    if (t.type === "invalid") {
      const open = t.value === "[" && text.indexOf("]", t.pos) < 0;
      return open ? "a value opened at " + at(t) + " is never closed (the file is cut short)" : "unexpected '" + t.value + "' at " + at(t);
    }
    if (t.type === "parenthesis") {
      depth += t.value === "(" ? 1 : -1;
      if (depth < 0) return "a ')' with no '(' at " + at(t);
    } else if (depth === 0) return "text after the end of the game record at " + at(t);
  }
  if (depth > 0) return "it ends before its game tree is closed (" + depth + " ')' missing: the file is cut short)";
  return null;
}

/** The record's text, once it is a whole game record; else the ToolError saying what it is not.
 *  The parser is lenient and reads anything as some tree: a record starts with "(;", and must be
 *  whole (the parser closes a cut-short one silently, and the moves cut off would go unnoticed). */
export function checkRecord(text: string): string {
  const body = text.replace(/^\uFEFF/, "");
  if (!/^\s*\(\s*;/.test(body)) throw new ToolError("not an SGF game record (no game tree in it)", EXIT.usage);
  const problem = incomplete(body);
  if (problem) throw new ToolError("the game record is not whole: " + problem + "; nothing merged (use a complete copy of the record)", EXIT.usage);
  return body;
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
export function mergeInto(text: string, moves: TimedMove[], game: GameInfo, version: string): Merged {
  const roots = sgf.parse(checkRecord(text));
  const root = roots[0];
  delete root.data.OT;
  Object.assign(root.data, rootTimes(game));
  root.data.GC = [gameComment(game, version, root.data.GC ? root.data.GC[0] : undefined)];
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
