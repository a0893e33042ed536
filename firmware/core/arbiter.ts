// The arbiter's operations on a game (22.1–22.9): corrections, the proportional correction and the
// equal split, lateness and its forfeit, the 22.5 pass. Pure, as game.ts: (game, …, tMs) → new
// game, or the reason it was refused.

import { copySide, lossAt, charge, rebase } from "./side";
import {
  type Game, type Side, type Result, other, controlOf, begin, turnElapsed, stopTurn, stopAll,
  overReason, isLate, isAway, lateness, lateArticle,
} from "./game";

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
