// Power-cut recovery and the time log on flash. After every accepted operation (and every flag,
// forfeit notice, late or dropped call, restore) the app appends one record: the event and the game
// as of its instant. At boot the newest valid record gives back the game, paused; the console's time
// log is derived from the records (firmware/record/flashlog.ts). The store seals each record with a check
// (firmware/board.ts), so a torn or corrupt one is detected and skipped, never trusted.
//
//   G <black control> <white control> <handicap> <late limit>                  a new game (set-up)
//   S <seq> <t> <what> <side> <toMove> <phase> <turnMs> <flag> <absent> <black 7> <white 7> [info]
// Numbers are base 36; sides are b, w or -, the phase its first letter; <absent> is a sum of bits: 1,
// 2 Black, White absent from the start; 4, 8 lost by lateness; 16, 32 absent after a pause (22.1).
// The info is the log entry's own text (it may hold spaces) and ends the record; one too long to fit
// is left out, never the state. t is the board's ms plus the app's shift, which makes the instants
// run on across a power cut (the board's clock restarts at boot). Built by plain concatenation: each
// JS operation costs the board about a third of a millisecond.

import { type Game, type Side, type SideClock, newGame, turnElapsed, parseControl, formatControl, isParseError } from "../core/index";
import { type Store, RECORD_BYTES } from "../board";

function fit(r: string): string {
  return r.length <= RECORD_BYTES ? r : "";
}

function bit(b: boolean, v: number): number {
  return b ? v : 0;
}

function sideFields(s: SideClock): string {
  return s.mainMs.toString(36) + " " + s.periodsLeft.toString(36) + " " + s.blockMs.toString(36) + " " + s.movesLeft.toString(36) + " " +
    s.moves.toString(36) + " " + s.passes.toString(36) + " " + s.usedMs.toString(36);
}

export function gameRecord(g: Game): string {
  return fit("G " + formatControl(g.blackControl) + " " + formatControl(g.whiteControl) + " " + g.handicap + " " + g.lateLimitMs.toString(36));
}

function letter(s: Side | null): string {
  return s === "black" ? "b" : s === "white" ? "w" : "-";
}

/** An event at t (recorded as t + shift) and the game as of t: the turn's elapsed time then is kept
 *  (a flagged turn's whole time, so the restored side still reads as out of time; a running one's,
 *  for a record made mid-turn). "" when even the state does not fit a record. */
export function stateRecord(g: Game, seq: number, t: number, shift: number, what: string, side: Side | null, info: string): string {
  // "+": the flag fell on the move, so a 22.5 pass may still be asked for after a power cut
  const flag = g.flagged ? letter(g.flagged) + (g.timedOut ? "+" : "") : "-";
  const absent = bit(g.blackAbsent, 1) + bit(g.whiteAbsent, 2) + bit(g.blackForfeit, 4) + bit(g.whiteForfeit, 8) + bit(g.blackAway, 16) + bit(g.whiteAway, 32);
  const r = "S " + seq.toString(36) + " " + (t + shift).toString(36) + " " + what + " " + letter(side) + " " + letter(g.toMove) + " " + g.phase.charAt(0) + " " +
    turnElapsed(g, t).toString(36) + " " + flag + " " + absent + " " + sideFields(g.black) + " " + sideFields(g.white);
  return info && r.length + 1 + info.length <= RECORD_BYTES ? r + " " + info : fit(r);
}

function num(w: string): number {
  const n = parseInt(w, 36);
  return n >= 0 ? n : NaN;
}

// one object and seven native parses, no loop or array: the log reads back every record (NaN, or a
// minus sign, fails the test)
function readSide(w: string[], at: number): SideClock | null {
  const s: SideClock = { mainMs: parseInt(w[at], 36), periodsLeft: parseInt(w[at + 1], 36), blockMs: parseInt(w[at + 2], 36),
    movesLeft: parseInt(w[at + 3], 36), moves: parseInt(w[at + 4], 36), passes: parseInt(w[at + 5], 36), usedMs: parseInt(w[at + 6], 36) };
  return s.mainMs >= 0 && s.periodsLeft >= 0 && s.blockMs >= 0 && s.movesLeft >= 0 && s.moves >= 0 && s.passes >= 0 && s.usedMs >= 0 ? s : null;
}

function sideOf(w: string): Side | null | undefined {
  return w === "b" ? "black" : w === "w" ? "white" : w === "-" ? null : undefined;
}

const PHASES: Game["phase"][] = ["setup", "running", "paused", "ended", "flagged"];

/** The game a G record sets up, or null. */
export function readGame(body: string): Game | null {
  const w = body.split(" ");
  if (w[0] !== "G" || w.length !== 5) return null;
  const b = parseControl(w[1]);
  const wc = parseControl(w[2]);
  const late = num(w[4]);
  if (isParseError(b) || isParseError(wc) || isNaN(late)) return null;
  const game = newGame(b, wc);
  game.handicap = parseInt(w[3], 10);
  game.toMove = game.handicap >= 2 ? "white" : "black";
  game.lateLimitMs = late;
  return game;
}

/** A state record read back. */
export interface Event {
  seq: number;
  t: number;
  what: string;
  side: Side | null;
  info: string;
  /** The game as of t, its instants at t (a running game runs on from t). */
  game: Game;
}

/** An S record over the game a G record set up, or null if it is not one. */
export function readEvent(body: string, base: Game): Event | null {
  const w = body.split(" ");
  if (w[0] !== "S" || w.length < 24) return null;
  const seq = num(w[1]);
  const t = num(w[2]);
  const side = sideOf(w[4]);
  const toMove = sideOf(w[5]);
  let phase: Game["phase"] | null = null;
  for (const p of PHASES) if (p.charAt(0) === w[6]) phase = p;
  const e = num(w[7]);
  const timedOut = w[8].length === 2 && w[8].charAt(1) === "+";
  const flagged = sideOf(w[8].charAt(0));
  const black = readSide(w, 10);
  const white = readSide(w, 17);
  if (isNaN(seq + t + e + parseInt(w[9], 10)) || side === undefined || !toMove || !phase || flagged === undefined || w[8].length > (timedOut ? 2 : 1) || !black || !white) return null;
  const g: Game = Object.assign({}, base);
  g.toMove = toMove;
  g.phase = phase;
  g.turnMs = e;
  g.flagged = flagged;
  g.timedOut = timedOut;
  const a = parseInt(w[9], 10);
  g.blackAbsent = (a & 1) !== 0;
  g.whiteAbsent = (a & 2) !== 0;
  g.blackForfeit = (a & 4) !== 0;
  g.whiteForfeit = (a & 8) !== 0;
  g.blackAway = (a & 16) !== 0;
  g.whiteAway = (a & 32) !== 0;
  g.black = black;
  g.white = white;
  // the game had run for the time both sides used: lateness (22.1) still counts from its start
  g.startedAt = t - (black.usedMs + white.usedMs + e);
  g.flagAt = t;
  g.runSince = t;
  g.lastT = t;
  return { seq: seq, t: t, what: w[3], side: side, info: w.slice(24).join(" "), game: g };
}

/** The game as of the newest valid record, paused if it was running, its instants moved to nowMs
 *  (the board's clock restarts at boot); null if there is none. Reads the game's first record and
 *  then back from the newest only until a valid one: a long game boots as fast as a short one.
 *  `skipped` counts the torn or corrupt records passed over. */
export function restore(store: Store, nowMs: number): { game: Game; seq: number; skipped: number; lastT: number } | null {
  const n = store.count();
  let skipped = 0;
  let first = 0;
  let base: Game | null = null;
  // the game's header is its first record; if that one is damaged, the nearest valid one before the end
  for (; first < n && !base; first++) {
    const body = store.record(first);
    base = body === null ? null : readGame(body);
    if (!base) skipped++;
  }
  if (!base) return null;
  skipped = first - 1;
  let ev: Event | null = null;
  for (let i = n - 1; i >= first && !ev; i--) {
    const body = store.record(i);
    ev = body === null ? null : readEvent(body, base);
    if (!ev) skipped++;
  }
  const g: Game = ev ? Object.assign({}, ev.game) : base;
  if (ev && g.phase === "running") g.phase = "paused";
  if (ev) g.pausedOnce = true; // restored paused: an absence from now on is lateness after a pause
  g.startedAt = nowMs - (ev ? ev.t - ev.game.startedAt : 0);
  g.flagAt = nowMs;
  g.runSince = nowMs;
  g.lastT = nowMs;
  return { game: g, seq: ev ? ev.seq : 0, skipped: skipped, lastT: ev ? ev.t : nowMs };
}
