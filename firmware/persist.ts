// Power-cut recovery. After every accepted operation the app appends one fixed-size record; at boot
// the newest valid record gives back the game as of the last press, paused. A record carries its own
// checksum, so a torn or corrupt one is detected and skipped, never trusted.
//
//   G <black control> <white control> <handicap> <late limit>        a new game (set-up)
//   S <seq> <toMove> <phase> <turnMs> <flagged[+]> <absent> <black 7 numbers> <white 7 numbers>
// <absent> is a sum of bits: 1, 2 Black, White absent from the start; 4, 8 lost by lateness;
// 16, 32 absent after a pause (22.1).
// Numbers are base 36; fields are separated by spaces; "~" + 4 hex digits of checksum ends a record.

import { type Game, type Side, type SideClock, newGame, turnElapsed, parseControl, formatControl, isParseError } from "./core/index";
import { RECORD_BYTES } from "./board";

function checksum(s: string): string {
  let a = 1;
  let b = 0;
  for (let i = 0; i < s.length; i++) {
    a = (a + s.charCodeAt(i)) % 251;
    b = (b + a) % 251;
  }
  return ("000" + (a * 256 + b).toString(16)).slice(-4);
}

function seal(body: string): string {
  const r = body + "~" + checksum(body);
  return r.length <= RECORD_BYTES ? r : "";
}

/** The body of a record, or null if it is torn or corrupt. */
export function unseal(rec: string): string | null {
  const i = rec.length - 5; // the checksum is the last 4 characters, after "~"
  if (i < 0 || rec.charAt(i) !== "~") return null;
  const body = rec.slice(0, i);
  return checksum(body) === rec.slice(i + 1) ? body : null;
}

function sideFields(s: SideClock): string {
  return [s.mainMs, s.periodsLeft, s.blockMs, s.movesLeft, s.moves, s.passes, s.usedMs].map((n) => n.toString(36)).join(" ");
}

export function gameRecord(g: Game): string {
  return seal(["G", formatControl(g.blackControl), formatControl(g.whiteControl), g.handicap, g.lateLimitMs.toString(36)].join(" "));
}

/** The game as of t: the turn's elapsed time then is kept (a flagged turn's whole time, so the
 *  restored side still reads as out of time; a running one's, for a record made mid-turn). */
export function stateRecord(g: Game, seq: number, t: number): string {
  const absent = (g.blackAbsent ? 1 : 0) + (g.whiteAbsent ? 2 : 0) + (g.blackForfeit ? 4 : 0) + (g.whiteForfeit ? 8 : 0) + (g.blackAway ? 16 : 0) + (g.whiteAway ? 32 : 0);
  const e = turnElapsed(g, t);
  // "+": the flag fell on the move, so a 22.5 pass may still be asked for after a power cut
  const flag = g.flagged ? g.flagged + (g.timedOut ? "+" : "") : "-";
  return seal(["S", seq.toString(36), g.toMove, g.phase, e.toString(36), flag, absent, sideFields(g.black), sideFields(g.white)].join(" "));
}

function num(w: string): number {
  const n = parseInt(w, 36);
  return n >= 0 ? n : NaN;
}

function readSide(w: string[], at: number): SideClock | null {
  const n: number[] = [];
  for (let i = 0; i < 7; i++) {
    const v = num(w[at + i]);
    if (isNaN(v)) return null;
    n.push(v);
  }
  return { mainMs: n[0], periodsLeft: n[1], blockMs: n[2], movesLeft: n[3], moves: n[4], passes: n[5], usedMs: n[6] };
}

const PHASES = ["setup", "running", "paused", "ended", "flagged"];

/** The game as of the newest valid records, paused if it was running, its instants moved to nowMs
 *  (the board's clock restarts at boot); null if there is none. `skipped` counts the records that
 *  were torn or corrupt. */
export function restore(records: string[], nowMs: number): { game: Game; seq: number; skipped: number } | null {
  let game: Game | null = null;
  let seq = 0;
  let skipped = 0;
  for (const rec of records) {
    const body = unseal(rec);
    const w = body === null ? [] : body.split(" ");
    if (w[0] === "G" && w.length === 5) {
      const b = parseControl(w[1]);
      const wc = parseControl(w[2]);
      if (isParseError(b) || isParseError(wc)) { skipped++; continue; }
      game = newGame(b, wc);
      game.handicap = parseInt(w[3], 10);
      game.toMove = game.handicap >= 2 ? "white" : "black";
      game.lateLimitMs = num(w[4]);
      game.lastT = nowMs;
      seq = 0;
    } else if (w[0] === "S" && w.length === 21 && game !== null) {
      const black = readSide(w, 7);
      const white = readSide(w, 14);
      const phase = w[3];
      // "black", "black+", … ("+": flagged on the move); by hand: Espruino's RegExp has no ?
      const timedOut = w[5].charAt(w[5].length - 1) === "+";
      const flagged = timedOut ? w[5].slice(0, -1) : w[5];
      const flagOk = flagged === "-" ? !timedOut : flagged === "black" || flagged === "white";
      if (!black || !white || !flagOk || PHASES.indexOf(phase) < 0 || (w[2] !== "black" && w[2] !== "white")) { skipped++; continue; }
      const g: Game = Object.assign({}, game);
      g.toMove = w[2] as Side;
      g.phase = phase === "running" ? "paused" : (phase as Game["phase"]);
      g.turnMs = num(w[4]);
      g.flagged = flagged === "-" ? null : (flagged as Side);
      g.timedOut = timedOut;
      const a = parseInt(w[6], 10);
      g.blackAbsent = (a & 1) !== 0;
      g.whiteAbsent = (a & 2) !== 0;
      g.blackForfeit = (a & 4) !== 0;
      g.whiteForfeit = (a & 8) !== 0;
      g.blackAway = (a & 16) !== 0;
      g.whiteAway = (a & 32) !== 0;
      g.pausedOnce = true; // restored paused: an absence from now on is lateness after a pause
      g.black = black;
      g.white = white;
      // the game had run for the time both sides used: lateness (22.1) still counts from its start
      g.startedAt = nowMs - (black.usedMs + white.usedMs + g.turnMs);
      g.flagAt = nowMs;
      g.runSince = nowMs;
      g.lastT = nowMs;
      game = g;
      seq = num(w[1]);
    } else {
      skipped++;
    }
  }
  return game === null ? null : { game: game, seq: seq, skipped: skipped };
}
