// The game: set up → running ⇄ paused → ended, or flagged. Every operation is a pure function
// (game, …, tMs) → new game, or a string saying why it was refused (then nothing changed).

import type { TimeControl } from "./control";
import { type SideClock, type Reading, initialSide, copySide, lossAt, read, afterMove, charge, rebase } from "./side";

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

function clone(g: Game): Game {
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

export function readSide(g: Game, s: Side, t: number): Reading {
  const e = s === g.toMove && g.phase !== "setup" ? turnElapsed(g, t) : 0;
  const r = read(controlOf(g, s), g[s], e);
  if (g.flagged === s) r.out = true;
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
function overReason(g: Game): string {
  const r = result(g);
  return r ? "the game is over: " + r : "the game is over";
}

/** The first ms past the lateness limit: arriving at the limit itself is in time (22.1: 不得超过1小时（含）). */
export function forfeitAt(g: Game): number {
  return g.startedAt + g.lateLimitMs + 1;
}

function begin(g: Game, t: number): Game {
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
  const n = begin(base, t);
  n[side] = afterMove(controlOf(n, side), n[side], turnElapsed(base, n.lastT));
  n.toMove = other(side);
  n.runSince = n.lastT;
  n.turnMs = 0;
  return n;
}

// --- the arbiter --------------------------------------------------------------------------------------

/** Stops the running turn, keeping what must still count of it (a started period). */
function stopTurn(g: Game, n: Game): void {
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
function stopAll(g: Game, n: Game): Game {
  if (g.phase === "running") stopTurn(g, n);
  if (g.phase === "flagged") n.turnMs = turnElapsed(g, n.lastT);
  n.phase = "ended";
  return n;
}

/** Past the lateness limit (22.1–22.3, 超过这一时限判负): the sides still absent have lost, both if
 *  both are (直至判双方负), and the game is over as after a flag. A flag that fell before stays. */
export function forfeit(g: Game, t: number): Game {
  const n = begin(g, t);
  // a side whose flag fell while it was absent has lost already, on time
  n.blackForfeit = g.blackAbsent && g.flagged !== "black";
  n.whiteForfeit = g.whiteAbsent && g.flagged !== "white";
  if (n.blackForfeit) n.blackLateMs = lateness(g, n.lastT);
  if (n.whiteForfeit) n.whiteLateMs = lateness(g, n.lastT);
  return stopAll(g, n);
}

export type Field = "main" | "periods" | "block" | "movesleft" | "moves";

/** Sets one reading of a side (22.8: only the chief arbiter). The clock must be stopped. Setting the
 *  time of the side to move restarts its current period. A flagged side given time again is paused. */
export function correct(g: Game, side: Side, field: Field, value: number, t: number): Result {
  if (g.phase === "running") return "pause the clock first";
  if (g.phase === "ended") return overReason(g);
  const c = controlOf(g, side);
  if (value !== Math.floor(value) || value < 0) return "a correction is a whole number, 0 or more";
  if (field === "periods" && c.kind !== "byoyomi") return side + " has no byoyomi periods";
  if ((field === "block" || field === "movesleft") && c.kind !== "moves") return side + " has no moves per block";
  if (field === "movesleft" && (value < 1 || (c.kind === "moves" && value > c.moves))) return "moves left must be 1 to the moves per block";
  if ((field === "main" || field === "block") && value > 360000000) return "longer than 100 hours";
  if (field === "periods" && value > 99) return "at most 99 periods";
  const n = begin(g, t);
  if (g.phase === "flagged" && side === g.toMove && side === g.flagged) {
    const e = turnElapsed(g, n.lastT);
    n[side] = charge(c, g[side], e); // all of it spent: no Bronstein credit for a lost turn
    n[side].usedMs += e;
    n.turnMs = 0;
    n.runSince = g.flagAt; // the flagged turn now reads as settled: nothing more elapses in it
  } else if (side === g.toMove && field !== "moves") {
    // settle the turn first (a turn frozen by the other side's flag has not been), then restart it;
    // the seconds of its started period stay in the time it used (what a rescale shares, 22.8)
    const r = rebase(c, g[side], turnElapsed(g, n.lastT));
    n[side] = r[0];
    n[side].usedMs += r[1];
  }
  const s = n[side];
  if (field === "main") s.mainMs = value;
  else if (field === "periods") s.periodsLeft = value;
  else if (field === "block") s.blockMs = value;
  else if (field === "movesleft") s.movesLeft = value;
  else s.moves = value;
  if (side === g.toMove && field !== "moves") n.turnMs = 0;
  if (g.phase === "flagged" && g.flagged === side && lossAt(c, s) > (side === g.toMove ? n.turnMs : 0)) {
    n.phase = "paused";
    n.flagged = null;
    n.runSince = n.lastT;
  }
  return n;
}

/** Proportional correction (22.8): the true total elapsed time is shared in proportion to what the
 *  clock measured for each side; the difference is charged or given back. */
export function rescale(g: Game, totalMs: number, t: number): Result {
  if (g.phase !== "paused") return "pause the clock first";
  const usedB = usedBy(g, "black");
  const usedW = usedBy(g, "white");
  if (usedB + usedW === 0) return "no time has been used yet";
  if (totalMs !== Math.floor(totalMs) || totalMs <= 0) return "the true elapsed time is more than 0";
  // 误差小于此数的，可以更换计时器但不改拨时间: the readings are corrected from 2 min per hour (含)
  if (Math.abs(totalMs - usedB - usedW) * 30 < totalMs) return "the error is under 2 minutes per hour: the readings stay (22.8)";
  const newB = Math.round((usedB * totalMs) / (usedB + usedW));
  return share(g, newB, totalMs - newB, t);
}

/** 22.9: with no written record of the first half, each side is judged to have used half of it. */
export function split(g: Game, totalMs: number, t: number): Result {
  if (g.phase !== "paused") return "pause the clock first";
  if (totalMs !== Math.floor(totalMs) || totalMs <= 0) return "the first half's time is more than 0";
  const half = Math.floor(totalMs / 2);
  return share(g, half, totalMs - half, t);
}

/** The time a side has used by the clock, its paused turn's kept seconds included. */
export function usedBy(g: Game, s: Side): number {
  return g[s].usedMs + (g.toMove === s ? g.turnMs : 0);
}

/** Sets both sides' used times (22.8, 22.9): the difference is charged or given back. */
function share(g: Game, blackMs: number, whiteMs: number, t: number): Game {
  const n = begin(g, t);
  adjust(n, "black", blackMs - usedBy(g, "black"));
  adjust(n, "white", whiteMs - usedBy(g, "white"));
  return flagIfOut(n);
}

function adjust(n: Game, side: Side, deltaMs: number): void {
  if (deltaMs >= 0) return deduct(n, side, deltaMs, true);
  const c = controlOf(n, side);
  const s = copySide(n[side]);
  let back = -deltaMs;
  s.usedMs -= back;
  // given back in the reverse order of use: whole byoyomi periods first, the rest as main time
  if (c.kind === "byoyomi") {
    const k = Math.max(0, Math.min(c.periods - s.periodsLeft, Math.floor(back / c.periodMs))); // a correction may have given more
    s.periodsLeft += k;
    back -= k * c.periodMs;
  }
  s.mainMs += back;
  n[side] = s;
}

/** Takes ms off a side: a lateness deduction, or time a proportional correction says was used
 *  (`measured`: it counts among the time the clock measured, 22.8). For the side to move in byoyomi
 *  it continues the started period; otherwise it comes off main time, then whole periods or block
 *  time, and never earns a Bronstein credit. */
function deduct(n: Game, side: Side, ms: number, measured: boolean): void {
  const c = controlOf(n, side);
  if (side === n.toMove && c.kind === "byoyomi") {
    const r = rebase(c, n[side], n.turnMs + ms);
    n[side] = r[0];
    n.turnMs = r[1];
    if (!measured) n[side].usedMs -= ms;
  } else {
    n[side] = charge(c, n[side], ms);
    if (measured) n[side].usedMs += ms;
  }
}

/** After a deduction: a side with no time left has lost, now; both, if neither has any (their readings
 *  say so; `flagged` names the side to move first). The side to move keeps its turn as it stood (its
 *  elapsed time frozen), so its reading does not change. */
function flagIfOut(n: Game): Game {
  const sides: Side[] = [n.toMove, other(n.toMove)];
  for (const s of sides) {
    if (n.phase === "ended" || n.phase === "flagged") return n;
    const e = s === n.toMove ? turnElapsed(n, n.lastT) : 0;
    if (lossAt(controlOf(n, s), n[s]) <= e) {
      n.turnMs = turnElapsed(n, n.lastT);
      n.runSince = n.lastT;
      n.phase = "flagged";
      n.flagged = s;
      n.flagAt = n.lastT;
      n.timedOut = false;
    }
  }
  return n;
}

/** Marks a side absent at the start (22.1–22.4): its time runs as usual until it arrives. */
export function absent(g: Game, side: Side, t: number): Result {
  if (g.phase === "ended" || g.phase === "flagged") return overReason(g);
  if (isLate(g, side) || isAway(g, side)) return side + " is already marked absent";
  // 22.1: 暂停后续弈时迟到，一律打开计时器进入自然计时状态，但不设迟到判负时限
  const afterPause = g.pausedOnce || g.phase === "paused";
  if (!afterPause && g[side].moves > 0) return side + " has already moved";
  const n = begin(g, t);
  if (afterPause && side === "black") n.blackAway = true;
  else if (afterPause) n.whiteAway = true;
  else if (side === "black") n.blackAbsent = true;
  else n.whiteAbsent = true;
  return n;
}

/** The absent side arrives: its lateness is deducted a second time (double deduction, 22.1), so that
 *  2 × lateness is charged in all. With no main time, byoyomi was counted instead (22.4): no deduction. */
export function arrive(g: Game, side: Side, t: number): Result {
  if (g.phase === "ended" || g.phase === "flagged") return overReason(g);
  if (!isLate(g, side) && !isAway(g, side)) return side + " is not marked absent";
  if (g.phase === "setup") return "the game has not started";
  const n = begin(g, t);
  if (isAway(g, side)) {
    // after a pause the clock ran as usual: nothing to deduct
    if (side === "black") n.blackAway = false;
    else n.whiteAway = false;
    return n;
  }
  const lateMs = lateness(g, n.lastT);
  if (g.lateLimitMs > 0 && lateMs > g.lateLimitMs) return side + " is past the lateness limit and has lost the game (" + lateArticle(g) + ")";
  if (side === "black") {
    n.blackAbsent = false;
    n.blackLateMs = lateMs;
  } else {
    n.whiteAbsent = false;
    n.whiteLateMs = lateMs;
  }
  const c = controlOf(g, side);
  if (c.mainMs === 0) return n;
  if (side === g.toMove && g.phase === "running") stopTurn(g, n);
  const ran = n[side].usedMs + (side === n.toMove ? n.turnMs : 0);
  deduct(n, side, Math.max(0, 2 * lateMs - ran), false);
  return flagIfOut(n);
}

/** 22.5: at the player's request a loss on time in the last period becomes a pass; the opponent's
 *  clock runs and the same byoyomi goes on. */
export function timeoutToPass(g: Game, t: number): Result {
  if (g.phase !== "flagged" || g.flagged === null) return "no side has run out of time";
  const side = g.flagged;
  if (controlOf(g, side).kind !== "byoyomi") return "a pass for a timeout is only given in byoyomi (22.5)";
  if (side !== g.toMove || !g.timedOut) return side + " lost time by a deduction, not on the move";
  if (side === "black" ? g.blackAbsent : g.whiteAbsent) return side + " is absent: its byoyomi ran out (22.4)";
  const n = begin(g, t);
  const s = copySide(g[side]);
  s.usedMs += turnElapsed(g, n.lastT);
  s.mainMs = 0;
  s.periodsLeft = 1;
  s.moves++;
  s.passes++;
  n[side] = s;
  n.phase = "running";
  n.flagged = null;
  n.toMove = other(side);
  n.runSince = n.lastT;
  n.turnMs = 0;
  return n;
}
