// Power-cut recovery and the time log on flash. After every accepted operation (and every flag,
// forfeit notice, late or dropped call, restore, and the arbiter's audit trail: boots, PINs, links,
// settings) the app appends one record: the event and the game as of its instant; while a clock
// runs it also appends a checkpoint of the running turn at a bounded interval. At boot the newest
// valid record and checkpoint give back the game, paused; the console's time log is derived from
// the records (firmware/record/flashlog.ts). The store seals each record with a check
// (firmware/board.ts), so a torn or corrupt one is detected and skipped, never trusted.
//
//   G <black control> <white control> <handicap> <late limit> <White's side r|l> <firmware>
//                                                       the game as set up (again after a change)
//   S <seq> <t> <what> <side> <toMove> <phase> <turnMs> <flag> <absent> <black 7> <white 7> [info]
//   checkpoint: <seq mod 1296, 2 digits><t>              the running turn reached t (after record seq)
// Numbers are base 36; sides are b, w or -, the phase its first letter; <absent> is a sum of bits: 1,
// 2 Black, White absent from the start; 4, 8 lost by lateness; 16, 32 absent after a pause (22.1).
// The info is the log entry's own text (it may hold spaces) and ends the record; one too long to fit
// is left out, never the state. t is the board's ms plus the app's shift, which makes the instants
// run on across a power cut (the board's clock restarts at boot). Built by plain concatenation: each
// JS operation costs the board about a third of a millisecond.

import type { Game, Side, SideClock } from "../core/index";
// through boot/shared: restore is part of the power-on code's file on the board (record/boot.ts)
import { newGame, turnElapsed, parseControl, formatControl, isParseError, settle, pause } from "./boot/shared";
import { type Store, RECORD_BYTES } from "../board";

// A record longer than RECORD_BYTES is "" (not written); the small helpers for that, a flag's bit
// and a side's letter are written out where they are used: each function is RAM on the board.

/** The game as set up, with White's side and the program's fingerprint: what every export states. */
export function gameRecord(g: Game, whiteOnRight: boolean, firmware: string): string {
  const r = "G " + formatControl(g.blackControl) + " " + formatControl(g.whiteControl) + " " + g.handicap + " " + g.lateLimitMs.toString(36) + " " +
    (whiteOnRight ? "r" : "l") + " " + firmware;
  return r.length <= RECORD_BYTES ? r : "";
}

/** A checkpoint: the running turn had reached t (shifted, as records) after record seq. */
export function checkpointText(seq: number, t: number): string {
  return ("0" + (seq % 1296).toString(36)).slice(-2) + t.toString(36);
}

/** An event at t (recorded as t + shift) and the game as of t: the turn's elapsed time then is kept
 *  (a flagged turn's whole time, so the restored side still reads as out of time; a running one's,
 *  for a record made mid-turn). "" when even the state does not fit a record. */
export function stateRecord(g: Game, seq: number, t: number, shift: number, what: string, side: Side | null, info: string): string {
  // "+": the flag fell on the move, so a 22.5 pass may still be asked for after a power cut
  // a side is b, w or -: its name's first letter serves (toMove is never null)
  const flag = g.flagged ? g.flagged.charAt(0) + (g.timedOut ? "+" : "") : "-";
  const absent = (g.blackAbsent ? 1 : 0) + (g.whiteAbsent ? 2 : 0) + (g.blackForfeit ? 4 : 0) + (g.whiteForfeit ? 8 : 0) + (g.blackAway ? 16 : 0) + (g.whiteAway ? 32 : 0);
  let r = "S " + seq.toString(36) + " " + (t + shift).toString(36) + " " + what + " " + (side ? side.charAt(0) : "-") + " " + g.toMove.charAt(0) + " " + g.phase.charAt(0) + " " +
    turnElapsed(g, t).toString(36) + " " + flag + " " + absent;
  // each side's seven numbers, Black's then White's
  for (let k = 0; k < 2; k++) {
    const s = k ? g.white : g.black;
    r += " " + s.mainMs.toString(36) + " " + s.periodsLeft.toString(36) + " " + s.blockMs.toString(36) + " " + s.movesLeft.toString(36) + " " +
      s.moves.toString(36) + " " + s.passes.toString(36) + " " + s.usedMs.toString(36);
  }
  return info && r.length + 1 + info.length <= RECORD_BYTES ? r + " " + info : r.length <= RECORD_BYTES ? r : "";
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

/** What a G record says of the game beside the game itself. */
export interface Header {
  whiteOnRight: boolean;
  firmware: string;
}

/** The game a G record sets up, or null; `header` gets White's side and the firmware (an older
 *  clock's G has neither: right, and ""). */
export function readGame(body: string, header?: Header): Game | null {
  const w = body.split(" ");
  if (w[0] !== "G" || (w.length !== 5 && w.length !== 7)) return null;
  const b = parseControl(w[1]);
  const wc = parseControl(w[2]);
  const late = num(w[4]);
  if (isParseError(b) || isParseError(wc) || isNaN(late)) return null;
  const game = newGame(b, wc);
  game.handicap = parseInt(w[3], 10);
  game.toMove = game.handicap >= 2 ? "white" : "black";
  game.lateLimitMs = late;
  if (header) {
    header.whiteOnRight = w[5] !== "l";
    header.firmware = w[6] || "";
  }
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

/** An S record over the game a G record set up, or null if it is not one. `startT`: the game's start
 *  (the instant of its first record past set-up; lateness counts from it), -1 if not known. */
export function readEvent(body: string, base: Game, startT: number): Event | null {
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
  // lateness (22.1) counts from the start; without its record, the game ran at least for the time
  // both sides used
  g.startedAt = startT >= 0 ? startT : t - (black.usedMs + white.usedMs + e);
  g.flagAt = t;
  g.runSince = t;
  g.lastT = t;
  return { seq: seq, t: t, what: w[3], side: side, info: w.slice(24).join(" "), game: g };
}

/** What a power cut left: the game as of the newest valid record, run on to the newest checkpoint
 *  after it, paused if it was running; null if the store holds no game past set-up. */
export interface Restored {
  game: Game;
  seq: number;
  /** Torn or corrupt records passed over. */
  skipped: number;
  /** The last instant known (shifted, as records): the checkpoint's, else the newest record's. */
  lastT: number;
  /** The game was running at lastT: the power went while a clock ran. */
  running: boolean;
}

/** Reads a checkpoint: [seq mod 1296, t], or null. */
function readCheckpoint(text: string | null): [number, number] | null {
  if (text === null || text.length < 3) return null;
  const seq = num(text.slice(0, 2));
  const t = num(text.slice(2));
  return isNaN(seq + t) ? null : [seq, t];
}

/** The newest valid state record's seq and t, and the newest set-up record (G), for a board in
 *  set-up: its records' instants then run on from there. seq 0 and t -1 if there is none. Reads
 *  back from the newest: a set-up holds few records. */
export function lastInstant(store: Store): { seq: number; t: number; head: string } {
  const r = { seq: 0, t: -1, head: "" };
  for (let i = store.count() - 1; i >= 0 && (r.t < 0 || !r.head); i--) {
    const body = store.record(i);
    if (!body) continue;
    if (body.charAt(0) === "G") {
      if (!r.head) r.head = body;
      continue;
    }
    const w = body.split(" ", 3);
    const seq = num(w[1]);
    const t = num(w[2]);
    if (r.t < 0 && w[0] === "S" && !isNaN(seq + t)) {
      r.seq = seq;
      r.t = t;
    }
  }
  return r;
}

/** The game as of the newest valid record and checkpoint, paused if it was running, its instants
 *  moved to nowMs (the board's clock restarts at boot); null if there is none past set-up. Reads the
 *  game's first records (the set-up, up to the start) and then back from the newest only until a
 *  valid one: a long game boots as fast as a short one. */
export function restore(store: Store, nowMs: number): Restored | null {
  const n = store.count();
  let skipped = 0;
  let base: Game | null = null;
  let startT = -1;
  let first = 0;
  // the set-up: the newest G before the first record past it (the start), which gives its instant
  for (; first < n && startT < 0; first++) {
    const body = store.record(first);
    if (body === "") continue;
    const g = body === null ? null : readGame(body);
    if (g) base = g;
    else if (body !== null && base && body.charAt(0) === "S") {
      const ev = readEvent(body, base, -1);
      if (ev && ev.game.phase !== "setup") startT = ev.t;
      else if (!ev) skipped++;
    } else skipped++;
  }
  if (!base || startT < 0) return null;
  let ev: Event | null = null;
  for (let i = n - 1; i >= first - 1 && !ev; i--) {
    const body = store.record(i);
    if (body === "") continue;
    ev = body === null ? null : readEvent(body, base, startT);
    if (!ev) skipped++;
  }
  if (!ev) return null;
  let g: Game = Object.assign({}, ev.game);
  let lastT = ev.t;
  const ck = readCheckpoint(store.lastCheckpoint());
  // the running turn went on to the newest checkpoint made after this record
  if (g.phase === "running" && ck && ck[0] === ev.seq % 1296 && ck[1] > ev.t) {
    lastT = ck[1];
    g = settle(g, lastT); // a flag that fell before the checkpoint stands
    g = Object.assign({}, g);
    g.turnMs = turnElapsed(g, lastT);
    g.runSince = lastT;
    g.lastT = lastT;
  }
  const running = g.phase === "running";
  if (running) g = pause(g, lastT) as Game;
  g = Object.assign({}, g);
  g.pausedOnce = true; // restored paused: an absence from now on is lateness after a pause
  g.startedAt = startT + nowMs - lastT;
  // the turn's time is all in turnMs now: a flagged turn reads the same from any instant
  g.flagAt = nowMs;
  g.runSince = nowMs;
  g.lastT = nowMs;
  return { game: g, seq: ev.seq, skipped: skipped, lastT: lastT, running: running };
}
