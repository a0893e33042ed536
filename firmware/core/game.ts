// The game: set up → running ⇄ paused → ended, or flagged. Every operation is a pure function
// (game, …, tMs) → new game, or a string saying why it was refused (then nothing changed). The
// players' and the clock's own operations are here; the arbiter's corrections, lateness and the
// 22.5 pass in arbiter.ts.

import type { TimeControl } from "./control";
import { type SideClock, type Reading, initialSide, copySide, lossAt, charge, rebase } from "./side";

export type Side = "black" | "white";
export type Phase = "setup" | "running" | "paused" | "ended" | "flagged";

export interface Game {
  blackControl: TimeControl;
  whiteControl: TimeControl;
  /** 0 = even game (Black moves first); 2 or more stones: White moves first. */
  handicap: number;
  phase: Phase;
  /** Whose clock runs, or would run. */
  toMove: Side;
  /** Snapshots as of the start of each side's current or last turn. */
  black: SideClock;
  white: SideClock;
  /** The running segment began here; turnMs of the turn had elapsed before it. */
  runSince: number;
  turnMs: number;
  /** Who ran out of time, and when (phase flagged). */
  flagged: Side | null;
  flagAt: number;
  /** The flag fell because the side's own time ran out on its move, the one loss 22.5 may turn
   *  into a pass; false when a deduction or a rescale made it fall. */
  timedOut: boolean;
  /** When the game started (any number once it has: a restored game's may lie before this boot). */
  startedAt: number;
  /** Lateness (22.1–22.4): sides marked absent at the start, and the forfeit limit (0 = none). */
  blackAbsent: boolean;
  whiteAbsent: boolean;
  lateLimitMs: number;
  /** Absent at a resumption after a pause (22.1, last sentence): the clock just runs, no deduction
   *  and no forfeit limit; only the arrival is recorded. */
  blackAway: boolean;
  whiteAway: boolean;
  /** Lost by lateness: still absent past the limit (22.1–22.3). The game is then over (phase ended). */
  blackForfeit: boolean;
  whiteForfeit: boolean;
  /** How late each side was from the start: at its arrival, or when it lost by lateness (0: on time). */
  blackLateMs: number;
  whiteLateMs: number;
  /** The game has been paused: an absence from now on is lateness after a pause. */
  pausedOnce: boolean;
  /** The time of the last operation: later ones cannot go back before it. */
  lastT: number;
}

export type Result = Game | string;

export function other(s: Side): Side {
  return s === "black" ? "white" : "black";
}

export function controlOf(g: Game, s: Side): TimeControl {
  return s === "black" ? g.blackControl : g.whiteControl;
}

export function newGame(black: TimeControl, white: TimeControl): Game {
  return {
    blackControl: black,
    whiteControl: white,
    handicap: 0,
    phase: "setup",
    toMove: "black",
    black: initialSide(black),
    white: initialSide(white),
    runSince: 0,
    turnMs: 0,
    flagged: null,
    flagAt: 0,
    timedOut: false,
    startedAt: -1,
    blackAbsent: false,
    whiteAbsent: false,
    lateLimitMs: 3600000,
    blackAway: false,
    whiteAway: false,
    blackForfeit: false,
    whiteForfeit: false,
    blackLateMs: 0,
    whiteLateMs: 0,
    pausedOnce: false,
    lastT: 0,
  };
}

/** A copy whose sides can be changed (the arbiter's operations, arbiter.ts, build on it too). */
export function clone(g: Game): Game {
  const n = Object.assign({}, g);
  n.black = copySide(g.black);
  n.white = copySide(g.white);
  return n;
}

/** How long the current turn has lasted at t. */
export function turnElapsed(g: Game, t: number): number {
  if (g.phase === "running") return g.turnMs + Math.max(0, t - g.runSince);
  if (g.phase === "flagged" && g.flagged === g.toMove) return g.turnMs + (g.flagAt - g.runSince);
  return g.turnMs;
}

/** What a side's clock reads at t. The snapshot's arithmetic is written out here, where the clock is
 *  read (each second), not as a function of side.ts of its own: each is RAM on the board. */
export function readSide(g: Game, side: Side, t: number): Reading {
  const e = side === g.toMove && g.phase !== "setup" ? turnElapsed(g, t) : 0;
  const c = controlOf(g, side);
  const s = g[side];
  const r: Reading = {
    mainMs: Math.max(0, s.mainMs - e),
    periodsLeft: s.periodsLeft,
    periodMs: c.kind === "byoyomi" ? c.periodMs : 0,
    blockMs: s.blockMs,
    movesLeft: s.movesLeft,
    moves: s.moves,
    overtime: false,
    out: e >= lossAt(c, s),
    shownMs: 0,
    usedMs: s.usedMs + e,
  };
  r.shownMs = r.mainMs;
  const over = e - s.mainMs;
  if (c.kind === "byoyomi" && (over >= 0 || s.mainMs === 0)) {
    const used = Math.floor(Math.max(0, over) / c.periodMs);
    r.overtime = true;
    r.periodsLeft = Math.max(0, s.periodsLeft - used);
    r.periodMs = r.out ? 0 : c.periodMs - (Math.max(0, over) - used * c.periodMs);
    r.shownMs = r.periodMs;
  } else if (c.kind === "moves" && (over >= 0 || s.mainMs === 0)) {
    r.overtime = true;
    r.blockMs = Math.max(0, s.blockMs - Math.max(0, over));
    r.shownMs = r.blockMs;
  }
  if (g.flagged === side) r.out = true;
  return r;
}

/** When the running side's flag falls (reaching the limit exactly loses). */
export function flagTime(g: Game): number {
  return g.runSince + lossAt(controlOf(g, g.toMove), g[g.toMove]) - g.turnMs;
}

/** Lets the flag fall if it has by t. */
export function settle(g: Game, t: number): Game {
  if (g.phase !== "running") return g;
  const at = flagTime(g);
  if (at > t) return g;
  const n = clone(g);
  n.phase = "flagged";
  n.flagged = g.toMove;
  n.flagAt = at;
  n.timedOut = true;
  return n;
}

/** Absent from the start (22.1–22.4: its lateness is deducted twice and has a limit). */
export function isLate(g: Game, s: Side): boolean {
  return s === "black" ? g.blackAbsent : g.whiteAbsent;
}

/** Absent at a resumption after a pause (22.1, last sentence: no deduction, no limit). */
export function isAway(g: Game, s: Side): boolean {
  return s === "black" ? g.blackAway : g.whiteAway;
}

export function hasForfeited(g: Game, s: Side): boolean {
  return s === "black" ? g.blackForfeit : g.whiteForfeit;
}

/** The article a loss by lateness falls under: 22.3 when both sides lost so, else the limit's. */
export function lateArticle(g: Game): string {
  if (g.blackForfeit && g.whiteForfeit) return "22.3";
  return g.lateLimitMs <= 900000 ? "22.2" : "22.1";
}

/** The result on the clock in words ("white lost by lateness (22.1)", "black lost on time"); "" while
 *  the game goes on, or when the arbiter ended it with nobody out of time. */
export function result(g: Game): string {
  if (g.phase !== "flagged" && g.phase !== "ended") return "";
  const onTime: string[] = [];
  const late: string[] = [];
  const sides: Side[] = ["black", "white"];
  for (const s of sides) {
    if (hasForfeited(g, s)) late.push(s);
    else if (readSide(g, s, g.lastT).out) onTime.push(s);
  }
  const parts: string[] = [];
  if (onTime.length) parts.push(onTime.join(" and ") + " lost on time");
  if (late.length) parts.push(late.join(" and ") + " lost by lateness (" + lateArticle(g) + ")");
  return parts.join("; ");
}

/** Why nothing more can be done in a game that is over: its result, when it has one. */
export function overReason(g: Game): string {
  const r = result(g);
  return r ? "the game is over: " + r : "the game is over";
}

/** The first ms past the lateness limit: arriving at the limit itself is in time (22.1: 不得超过1小时（含）). */
export function forfeitAt(g: Game): number {
  return g.startedAt + g.lateLimitMs + 1;
}

/** A copy for an operation at t (never before the last one). */
export function begin(g: Game, t: number): Game {
  const n = clone(g);
  n.lastT = Math.max(t, g.lastT);
  return n;
}

// --- set-up -----------------------------------------------------------------------------------------

export function setControl(g: Game, side: Side | null, c: TimeControl): Result {
  if (g.phase !== "setup") return "the time control is set before the game starts";
  const n = clone(g);
  if (side !== "white") {
    n.blackControl = c;
    n.black = initialSide(c);
  }
  if (side !== "black") {
    n.whiteControl = c;
    n.white = initialSide(c);
  }
  return n;
}

export function setHandicap(g: Game, stones: number): Result {
  if (g.phase !== "setup") return "the handicap is set before the game starts";
  if (stones !== Math.floor(stones) || stones < 0 || stones > 9 || stones === 1) return "a handicap is 0 (even) or 2 to 9 stones";
  const n = clone(g);
  n.handicap = stones;
  n.toMove = stones >= 2 ? "white" : "black";
  return n;
}

/** How late a side absent from the start is at t. */
export function lateness(g: Game, t: number): number {
  return Math.max(t, g.lastT) - g.startedAt;
}

export function setLateLimit(g: Game, ms: number): Result {
  if (g.phase !== "setup") return "the lateness limit is set before the game starts";
  const n = clone(g);
  n.lateLimitMs = ms;
  return n;
}

// --- the players --------------------------------------------------------------------------------------

/** The arbiter starts the clock: the side to move runs (Black, or White with a handicap). */
export function start(g: Game, t: number): Result {
  if (g.phase !== "setup") return "the game has already started";
  const n = begin(g, t);
  n.phase = "running";
  n.startedAt = n.lastT;
  n.runSince = n.lastT;
  n.turnMs = 0;
  return n;
}

/** A player's button. The side whose time runs ends its move; before the start, the other side's
 *  button starts the game (White presses to start Black's clock). Anything else changes nothing. */
export function press(g: Game, side: Side, t: number): Result {
  if (g.phase === "setup") {
    if (side === g.toMove) return "the game starts when " + other(side) + " presses";
    return start(g, t);
  }
  let base = g;
  // A press that happened before the flag fell, but reached us after it: the press wins.
  if (g.phase === "flagged" && g.flagged === side && g.toMove === side && Math.max(t, g.lastT) < g.flagAt) {
    base = clone(g);
    base.phase = "running";
    base.flagged = null;
  }
  if (base.phase === "paused") return "the clock is paused";
  if (base.phase === "ended") return overReason(base);
  if (base.phase === "flagged") return base.flagged + " has run out of time";
  if (side !== base.toMove) return "it is " + base.toMove + "'s move";
  // begin()'s copy, but the pressing side's clock is made once, by charge (a copy), not twice
  const n = Object.assign({}, base);
  n.lastT = Math.max(t, base.lastT);
  const o = other(side);
  n[o] = copySide(base[o]);
  // the side's snapshot after a move that took e ms (e below lossAt): written out here, not a
  // function of side.ts of its own (each is RAM on the board)
  const c = controlOf(n, side);
  const s = base[side];
  const e = turnElapsed(base, n.lastT);
  const m = charge(c, s, e);
  m.moves++;
  m.usedMs += e;
  if (c.kind === "fischer") m.mainMs += c.incrementMs;
  if (c.kind === "bronstein") m.mainMs += Math.min(e, c.delayMs);
  if (c.kind === "moves" && e >= s.mainMs) {
    m.movesLeft--;
    if (m.movesLeft === 0) {
      m.movesLeft = c.moves;
      m.blockMs = (c.carry ? m.blockMs : 0) + c.blockMs;
    }
  }
  n[side] = m;
  n.toMove = o;
  n.runSince = n.lastT;
  n.turnMs = 0;
  return n;
}

// --- the arbiter --------------------------------------------------------------------------------------

/** Stops the running turn, keeping what must still count of it (a started period). */
export function stopTurn(g: Game, n: Game): void {
  const r = rebase(controlOf(g, g.toMove), g[g.toMove], turnElapsed(g, n.lastT));
  n[g.toMove] = r[0];
  n.turnMs = r[1];
  n.runSince = n.lastT;
}

export function pause(g: Game, t: number): Result {
  if (g.phase !== "running") return g.phase === "paused" ? "the clock is already paused" : "the clock is not running";
  const n = begin(g, t);
  stopTurn(g, n);
  n.phase = "paused";
  n.pausedOnce = true;
  return n;
}

export function resume(g: Game, t: number): Result {
  if (g.phase !== "paused") return "the clock is not paused";
  const n = begin(g, t);
  n.phase = "running";
  n.runSince = n.lastT;
  return n;
}

export function end(g: Game, t: number): Result {
  if (g.phase === "setup") return "the game has not started";
  if (g.phase === "ended") return g.blackForfeit || g.whiteForfeit ? overReason(g) : "the game is already over";
  return stopAll(g, begin(g, t));
}

/** Both clocks stop for good; a flagged side stays out of time. */
export function stopAll(g: Game, n: Game): Game {
  if (g.phase === "running") stopTurn(g, n);
  if (g.phase === "flagged") n.turnMs = turnElapsed(g, n.lastT);
  n.phase = "ended";
  return n;
}
