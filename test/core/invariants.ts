// The timing core's invariants, checked after every operation and every wake-up of a driven game
// (test/core/gen.ts). Shared by the property test and the bench.
//
// Time used + time left = time given, per side, kept as a ledger from the operations and the time
// that passed (not from the core's snapshots): every running millisecond of the side to move is
// charged, first to main time, then
//   absolute:  main left = main given − main used; the side loses when main left reaches 0;
//   Fischer:   main given grows by the increment at each of the side's presses;
//   Bronstein: main given grows at each press by min(the turn's running time, the delay);
//   byoyomi:   main as absolute; past it, the turn's time runs through the current period: each full
//              period ends one (periods left − 1) and the next starts afresh, a press starts the next
//              turn's period afresh (under one period costs nothing); no period left = lost;
//   moves:     main as absolute; past it, time comes off the block; a press made with no main left is
//              a move of the block, and when the block's moves are done a new block is given
//              (carried: block left + block; Canadian: block).
// An arbiter's correct, rescale, arrive and pass change the given amounts by what they set (read off
// the clock right after; a proportional correction and an arrival must charge exactly the share or
// the double lateness, see afterCharge). A move of e ms therefore costs exactly e ms, whatever the
// wake-ups were.

import { readSide, flagTime, controlOf, other, forfeitAt, isLate, isAway, NEVER, type Game, type Reading, type Side, type TimeControl, type Output } from "../../firmware/core/index";
import { drive, randomGame, type GenGame, type Step } from "./gen";
import { overlaps, turnsOf } from "./overlaps";

export const INVARIANTS = [
  "one-side-runs", // at most one side's time runs; nothing runs while paused, ended or flagged
  "only-down", // time only goes down, but by an arbiter or the control's own rule at a press
  "time-conserved", // the ledger above, checked against every reading, and the flag's exact instant
  "no-early-call", // a call is made at or after its moment, in a running turn, for the side to move
  "wake-in-time", // nothing falls due before nextWakeAt; on-time wake-ups make every call on time
  "in-order", // calls (and flags) come out in non-decreasing time order
  "flag-once", // one flag output per flag fall
  "refusal-inert", // a refused operation changes nothing; a press by the side not to move is refused
  "no-overlap", // with a voice's lengths, no call is cut by a later one of the same side (but one made late)
] as const;
export type Invariant = (typeof INVARIANTS)[number];

export interface Violation {
  invariant: Invariant;
  t: number;
  step: string;
  detail: string;
}

const SIDES: Side[] = ["black", "white"];
const FIELDS = ["mainMs", "periodsLeft", "periodMs", "blockMs", "movesLeft", "moves", "overtime", "out", "shownMs"] as const;
const COUNTS = ["mainMs", "periodsLeft", "blockMs", "movesLeft", "moves"] as const;

interface Ledger {
  mainGiven: number;
  mainUsed: number;
  /** byoyomi: periods left, and how far the running turn is into the current one. */
  periods: number;
  ot: number;
  block: number;
  movesLeft: number;
  moves: number;
  /** How long the side's current turn has run (Bronstein's credit). */
  turnRun: number;
  /** The side's measured thinking time (what a proportional correction shares out and an arrival
   *  counts against the lateness); not known once a correction of the side to move has made the
   *  clock forget part of a turn (a started period, a Bronstein credit). */
  ran: number;
  ranKnown: boolean;
}

/** What a side can still run after the arbiter charges it d ms (d < 0: gives back −d). The side to
 *  move is charged as if its turn had lasted d ms longer; the other side loses main time first, then
 *  byoyomi periods whole (what is under a period costs nothing, as in a move) or block time. */
export function afterCharge(c: TimeControl, r: Reading, d: number, toMove: boolean): number {
  const left = timeLeft(c, r);
  if (d < 0) return left - d;
  if (toMove || c.kind !== "byoyomi" || d <= r.mainMs) return Math.max(0, left - d);
  const periods = Math.max(0, r.periodsLeft - Math.floor((d - r.mainMs) / c.periodMs));
  return periods === 0 ? 0 : (periods - 1) * c.periodMs + (r.overtime ? r.periodMs : c.periodMs);
}

function mainLeft(L: Ledger): number {
  return L.mainGiven - L.mainUsed;
}

/** The time the side may still run before it loses. */
function budget(c: TimeControl, L: Ledger): number {
  if (c.kind === "byoyomi") return mainLeft(L) + L.periods * c.periodMs - L.ot;
  if (c.kind === "moves") return mainLeft(L) + L.block;
  return mainLeft(L);
}

/** Runs the side's time for d ms (at most its budget). */
function consume(c: TimeControl, L: Ledger, d: number): void {
  const take = Math.min(mainLeft(L), d);
  L.mainUsed += take;
  L.turnRun += d;
  L.ran += d;
  const rest = d - take;
  if (c.kind === "byoyomi") {
    L.ot += rest;
    const used = Math.floor(L.ot / c.periodMs);
    L.periods -= used;
    L.ot -= used * c.periodMs;
  } else if (c.kind === "moves") {
    L.block -= rest;
  }
}

/** The same "time left" as one number: what a side can still run before losing, as read. */
export function timeLeft(c: TimeControl, r: Reading): number {
  if (r.out) return 0;
  if (c.kind === "byoyomi") return r.mainMs + (r.overtime ? (r.periodsLeft - 1) * c.periodMs + r.periodMs : r.periodsLeft * c.periodMs);
  if (c.kind === "moves") return r.mainMs + r.blockMs;
  return r.mainMs;
}

export function sameReading(a: Reading, b: Reading): boolean {
  for (const k of FIELDS) if (a[k] !== b[k]) return false;
  return true;
}

function show(r: Reading): string {
  return JSON.stringify(r);
}

/** What a side's face shows: whole seconds (a countdown shows 59 from 59.000 s down to 58.001 s). */
function face(r: Reading): string {
  const sec = (ms: number) => Math.ceil(ms / 1000);
  return [sec(r.shownMs), sec(r.mainMs), r.periodsLeft, sec(r.blockMs), r.movesLeft, r.moves, r.overtime, r.out].join(" ");
}

function readings(g: Game, t: number): Record<Side, Reading> {
  return { black: readSide(g, "black", t), white: readSide(g, "white", t) };
}

function isCall(o: Output): o is Extract<Output, { kind: "call" }> {
  return o.kind === "call";
}

/** Whether the step ended the game by lateness (22.1–22.3). */
function newForfeit(g0: Game, g1: Game): boolean {
  return (g1.blackForfeit || g1.whiteForfeit) && !(g0.blackForfeit || g0.whiteForfeit);
}

/** A press by a player marked absent: that player's arrival, then the press if it is its move. */
function arrivalPress(s: Step): boolean {
  const g0 = s.before;
  return s.op !== null && s.op.op === "press" && g0.phase === "running" && (isLate(g0, s.op.side) || isAway(g0, s.op.side));
}

/** Whether the step made the flag fall (a new flagged state). */
function newFlag(g0: Game, g1: Game): boolean {
  const flagged = g1.phase === "flagged" || (g1.phase === "ended" && g1.flagged !== null && newForfeit(g0, g1));
  return flagged && !((g0.phase === "flagged" || g0.phase === "ended") && g0.flagged === g1.flagged && g0.flagAt === g1.flagAt);
}

export class Checker {
  violations: Violation[] = [];
  private ledger: Record<Side, Ledger> | null = null;
  private lastCallT = -1;
  private lastFlagT = -1;
  private startedAt = 0;

  /** only: check just these invariants (null = all); max: stop recording after this many. */
  constructor(private only: ReadonlySet<Invariant> | null = null, private max = 5) {}

  private fail(inv: Invariant, s: Step, detail: string): void {
    if (this.only && !this.only.has(inv)) return;
    if (this.violations.length >= this.max) return;
    const what = s.kind + (s.op ? " " + JSON.stringify(s.op) : "") + " at " + s.t + " (cursor was " + s.cursorBefore + ")";
    this.violations.push({ invariant: inv, t: s.t, step: what, detail: detail });
  }

  step(s: Step): void {
    const g0 = s.before;
    const g1 = s.clock.game;
    const r0 = readings(g0, s.cursorBefore);
    const r1 = readings(g1, s.t);
    this.refusalInert(s, r0, r1);
    if (s.kind === "setup") return;
    if (!this.ledger) this.ledger = this.begin(s, g0, r0);
    const refused = s.out.some((o) => o.kind === "refused");
    if (s.kind === "op") {
      if (!refused) this.onlyDownAtOp(s, r0, r1);
      this.ledgerAtOp(s, refused, r0, r1);
    } else {
      this.oneSideRuns(s, r0, r1);
      this.onlyDownAtWake(s, r0, r1);
      this.ledgerAtWake(s);
    }
    this.compareLedger(s, g1, r1);
    this.noEarlyCall(s);
    this.wakeInTime(s);
    this.inOrder(s);
    this.flagOnce(s);
  }

  // --- refusal-inert ----------------------------------------------------------------------------

  private refusalInert(s: Step, r0: Record<Side, Reading>, r1: Record<Side, Reading>): void {
    if (s.op === null) return;
    const g0 = s.before;
    const refusals = s.out.filter((o) => o.kind === "refused");
    if (refusals.length > 0) {
      if (refusals.length !== 1 || s.out.length !== 1) this.fail("refusal-inert", s, "a refusal came with other outputs: " + JSON.stringify(s.out));
      if (JSON.stringify(s.clock.game) !== s.beforeJson) this.fail("refusal-inert", s, "refused, yet the game changed: " + s.beforeJson + " → " + JSON.stringify(s.clock.game));
      if (s.clock.cursor !== s.cursorBefore) this.fail("refusal-inert", s, "refused, yet the cursor moved " + s.cursorBefore + " → " + s.clock.cursor);
      for (const side of SIDES) {
        if (!sameReading(r0[side], r1[side])) this.fail("refusal-inert", s, "refused, yet " + side + " reads " + show(r0[side]) + " → " + show(r1[side]));
      }
      if (s.clock.log.length !== s.logFrom + 1) this.fail("refusal-inert", s, "a refusal should log one entry, logged " + (s.clock.log.length - s.logFrom));
      return;
    }
    if (s.op.op === "press" && g0.phase !== "setup" && s.op.side !== g0.toMove && !arrivalPress(s)) {
      this.fail("refusal-inert", s, "a press by " + s.op.side + " while " + g0.toMove + " is to move (" + g0.phase + ") was accepted");
    }
  }

  // --- the ledger (time-conserved) ---------------------------------------------------------------

  private begin(s: Step, g: Game, r: Record<Side, Reading>): Record<Side, Ledger> {
    const make = (side: Side): Ledger => {
      const c = controlOf(g, side);
      const x = r[side];
      const want = {
        mainMs: c.mainMs,
        periodsLeft: c.kind === "byoyomi" ? c.periods : 0,
        blockMs: c.kind === "moves" ? c.blockMs : 0,
        movesLeft: c.kind === "moves" ? c.moves : 0,
        moves: 0,
      };
      for (const k of COUNTS) if (x[k] !== want[k]) this.fail("time-conserved", s, side + " starts with " + k + " " + x[k] + ", its control gives " + want[k]);
      return { mainGiven: want.mainMs, mainUsed: 0, periods: want.periodsLeft, ot: 0, block: want.blockMs, movesLeft: want.movesLeft, moves: 0, turnRun: 0, ran: 0, ranKnown: true };
    };
    return { black: make("black"), white: make("white") };
  }

  /** Takes the side's amounts from the clock after an arbiter's operation (the change is "given"). */
  private resync(g: Game, side: Side, r: Reading): void {
    const L = this.ledger![side];
    const c = controlOf(g, side);
    L.mainGiven += r.mainMs - mainLeft(L);
    L.periods = r.periodsLeft;
    L.ot = c.kind === "byoyomi" && !r.out ? c.periodMs - r.periodMs : 0;
    L.block = r.blockMs;
    L.movesLeft = r.movesLeft;
    L.moves = r.moves;
  }

  private ledgerAtWake(s: Step): void {
    const g0 = s.before;
    const g1 = s.clock.game;
    const forfeit = newForfeit(g0, g1);
    if (forfeit && s.t < forfeitAt(g0)) this.fail("time-conserved", s, "lost by lateness at " + s.t + ", before the limit passed at " + forfeitAt(g0));
    if (g0.phase !== "running") return;
    const side = g0.toMove;
    const c = controlOf(g0, side);
    const L = this.ledger![side];
    const from = Math.max(s.cursorBefore, g0.runSince);
    const b = budget(c, L);
    // past the lateness limit the game is over: the clock stops there (22.1–22.3)
    const until = forfeit ? Math.min(s.t, forfeitAt(g0)) : s.t;
    const d = Math.max(0, until - from);
    if (d >= b) {
      consume(c, L, b);
      if ((g1.phase !== "flagged" && !forfeit) || g1.flagged !== side || g1.flagAt !== from + b) {
        this.fail("time-conserved", s, side + " had " + b + " ms at " + from + " and should have lost at " + (from + b) + "; the game is " + g1.phase + (g1.phase === "flagged" ? " (" + g1.flagged + " at " + g1.flagAt + ")" : ""));
      }
    } else {
      consume(c, L, d);
      if (g1.phase !== (forfeit ? "ended" : "running")) this.fail("time-conserved", s, side + " still has " + (b - d) + " ms, but the game is " + g1.phase + (g1.phase === "flagged" ? " at " + g1.flagAt : ""));
    }
  }

  /** An arbiter's charge of d ms (d < 0: given back) must leave exactly afterCharge's time. */
  private charged(s: Step, side: Side, d: number, r0: Reading, r1: Reading, why: string): void {
    const c = controlOf(s.before, side);
    const want = afterCharge(c, r0, d, side === s.before.toMove);
    if (timeLeft(c, r1) !== want) {
      this.fail("time-conserved", s, side + " " + (d >= 0 ? "charged " + d : "given back " + -d) + " ms by " + why + " should have " + want + " ms left, has " + timeLeft(c, r1) + ": " + show(r0) + " → " + show(r1));
    }
  }

  private ledgerAtOp(s: Step, refused: boolean, r0: Record<Side, Reading>, r1: Record<Side, Reading>): void {
    const op = s.op!;
    const g0 = s.before;
    const g1 = s.clock.game;
    const led = this.ledger!;
    if (!refused) {
      if (op.op === "press" && arrivalPress(s) && g0.phase === "running") {
        // arrival (the double deduction, checked by the behaviour tests) and perhaps the move: the
        // ledger takes the side's amounts from the clock
        if (g1.toMove !== g0.toMove) {
          led.black.turnRun = 0;
          led.white.turnRun = 0;
          if (controlOf(g0, op.side).kind === "bronstein") led[op.side].ranKnown = false;
        }
        this.resync(g1, op.side, r1[op.side]);
      } else if ((op.op === "press" && g0.phase === "setup") || op.op === "start") {
        this.startedAt = s.t;
        led.black.turnRun = 0;
        led.white.turnRun = 0;
      } else if (op.op === "press") {
        const L = led[op.side];
        const c = controlOf(g0, op.side);
        if (c.kind === "fischer") L.mainGiven += c.incrementMs;
        if (c.kind === "bronstein") L.mainGiven += Math.min(L.turnRun, c.delayMs);
        if (c.kind === "byoyomi") L.ot = 0;
        if (c.kind === "moves" && mainLeft(L) === 0) {
          L.movesLeft--;
          if (L.movesLeft === 0) {
            L.movesLeft = c.moves;
            L.block = (c.carry ? L.block : 0) + c.blockMs;
          }
        }
        L.moves++;
        led.black.turnRun = 0;
        led.white.turnRun = 0;
      } else if (op.op === "correct") {
        // Setting the side to move's time restarts its turn's count (and settles a turn lost on time).
        if (op.side === g0.toMove && (op.field !== "moves" || (g0.phase === "flagged" && g0.flagged === op.side))) led[op.side].turnRun = 0;
        // The clock then forgets what it measured of that turn (its started period, a Bronstein credit).
        if (op.side === g0.toMove) led[op.side].ranKnown = false;
        this.resync(g1, op.side, r1[op.side]);
      } else if (op.op === "rescale" || op.op === "split") {
        const half = Math.floor(op.totalMs / 2);
        const share = op.op === "split" ? { black: half, white: op.totalMs - half } : this.shares(op.totalMs);
        if (led.black.ranKnown && led.white.ranKnown) {
          for (const side of SIDES) this.charged(s, side, share[side] - led[side].ran, r0[side], r1[side], op.op === "split" ? "the equal split" : "the proportional correction");
        }
        led.black.ran = share.black;
        led.white.ran = share.white;
        this.resync(g1, "black", r1.black);
        this.resync(g1, "white", r1.white);
      } else if (op.op === "arrive") {
        // 22.1: the lateness is charged twice in all; what already ran counts toward it.
        const L = led[op.side];
        const late = s.t - this.startedAt;
        // after a pause the clock ran as usual: nothing is deducted (22.1, last sentence)
        const owed = isAway(g0, op.side) || controlOf(g0, op.side).mainMs === 0 ? 0 : Math.max(0, 2 * late - L.ran);
        if (L.ranKnown) this.charged(s, op.side, owed, r0[op.side], r1[op.side], "arriving " + late + " ms late");
        this.resync(g1, op.side, r1[op.side]);
      } else if (op.op === "pass" && g0.flagged) {
        this.resync(g1, g0.flagged, r1[g0.flagged]);
        if (g0.toMove === g0.flagged) {
          // the opponent's turn begins (had it been running already, it goes on)
          led[other(g0.flagged)].turnRun = 0;
          led[other(g0.flagged)].ot = 0;
        }
      }
    }
    if (newFlag(g0, g1)) {
      const L = led[g1.flagged!];
      const b = budget(controlOf(g1, g1.flagged!), L);
      if (g1.flagAt !== s.t || b !== 0) this.fail("time-conserved", s, g1.flagged + " lost at " + g1.flagAt + " with " + b + " ms left by the ledger");
    }
    if (g1.phase === "running") {
      const b = budget(controlOf(g1, g1.toMove), led[g1.toMove]);
      if (b <= 0) this.fail("time-conserved", s, g1.toMove + "'s time runs with " + b + " ms left: it should have lost at " + s.t);
    }
  }

  /** The proportional correction's new measured times (22.8), from the ledger's measured times. */
  private shares(totalMs: number): Record<Side, number> {
    const b = this.ledger!.black.ran;
    const w = this.ledger!.white.ran;
    const black = Math.round((b * totalMs) / (b + w));
    return { black: black, white: totalMs - black };
  }

  private compareLedger(s: Step, g: Game, r: Record<Side, Reading>): void {
    for (const side of SIDES) {
      const L = this.ledger![side];
      const c = controlOf(g, side);
      const x = r[side];
      const out = budget(c, L) <= 0;
      const want: Record<string, number | boolean> = {
        mainMs: mainLeft(L),
        periodsLeft: L.periods,
        blockMs: L.block,
        movesLeft: L.movesLeft,
        moves: L.moves,
        out: out,
      };
      if (c.kind === "byoyomi") want.periodMs = out ? 0 : c.periodMs - L.ot;
      const bad: string[] = [];
      for (const k of Object.keys(want)) {
        if (x[k as keyof Reading] !== want[k]) bad.push(k + " " + x[k as keyof Reading] + " (ledger: " + want[k] + ")");
      }
      if (bad.length) this.fail("time-conserved", s, side + " reads " + bad.join(", ") + "; main given " + L.mainGiven + ", used " + L.mainUsed);
      if (g.flagged === side && g.phase === "flagged" && !out) this.fail("time-conserved", s, side + " is flagged with " + budget(c, L) + " ms left by the ledger");
    }
  }

  // --- one-side-runs, only-down --------------------------------------------------------------------

  private oneSideRuns(s: Step, r0: Record<Side, Reading>, r1: Record<Side, Reading>): void {
    const g0 = s.before;
    if (g0.phase !== "running") {
      if (s.clock.game !== g0 && !newForfeit(g0, s.clock.game)) this.fail("one-side-runs", s, "the game changed while " + g0.phase);
      for (const side of SIDES) {
        if (!sameReading(r0[side], r1[side])) this.fail("one-side-runs", s, side + " changed while " + g0.phase + ": " + show(r0[side]) + " → " + show(r1[side]));
      }
      return;
    }
    const idle = other(g0.toMove);
    if (!sameReading(r0[idle], r1[idle])) this.fail("one-side-runs", s, idle + " changed while " + g0.toMove + " was to move: " + show(r0[idle]) + " → " + show(r1[idle]));
  }

  private onlyDownAtWake(s: Step, r0: Record<Side, Reading>, r1: Record<Side, Reading>): void {
    const g0 = s.before;
    for (const side of SIDES) {
      const c = controlOf(g0, side);
      const a = r0[side];
      const b = r1[side];
      const up: string[] = [];
      for (const k of ["mainMs", "periodsLeft", "blockMs"] as const) if (b[k] > a[k]) up.push(k);
      if (timeLeft(c, b) > timeLeft(c, a)) up.push("time left " + timeLeft(c, a) + " → " + timeLeft(c, b));
      if (b.moves !== a.moves || b.movesLeft !== a.movesLeft) up.push("moves");
      if (up.length) this.fail("only-down", s, side + "'s " + up.join(", ") + " went up with no operation: " + show(a) + " → " + show(b));
    }
  }

  private onlyDownAtOp(s: Step, r0: Record<Side, Reading>, r1: Record<Side, Reading>): void {
    const op = s.op!;
    const g0 = s.before;
    const same = (side: Side, why: string) => {
      if (!sameReading(r0[side], r1[side])) this.fail("only-down", s, side + " changed by " + why + ": " + show(r0[side]) + " → " + show(r1[side]));
    };
    switch (op.op) {
      case "press":
        if (arrivalPress(s) && g0.phase === "running") {
          same(other(op.side), op.side + "'s arrival");
          return;
        }
        if (g0.phase !== "running") {
          same("black", op.op);
          same("white", op.op);
          return;
        }
        same(other(op.side), "the other side's press");
        this.pressRule(s, op.side, r0[op.side], r1[op.side]);
        return;
      case "start": case "pause": case "resume": case "end": case "query": case "absent":
        same("black", op.op);
        same("white", op.op);
        return;
      case "correct": {
        same(other(op.side), "a correction of " + op.side);
        const key = ({ main: "mainMs", periods: "periodsLeft", block: "blockMs", movesleft: "movesLeft", moves: "moves" } as const)[op.field];
        const a = r0[op.side];
        const b = r1[op.side];
        for (const k of COUNTS) {
          if (k !== key && a[k] !== b[k]) this.fail("only-down", s, "correcting " + op.field + " changed " + k + " too: " + show(a) + " → " + show(b));
        }
        if (b[key] !== op.value) this.fail("only-down", s, "correcting " + op.field + " to " + op.value + " reads " + b[key]);
        return;
      }
      case "arrive":
        same(other(op.side), op.side + "'s arrival");
        return;
      case "pass":
        if (g0.flagged) same(other(g0.flagged), "a pass for " + g0.flagged);
        return;
      default:
        return; // rescale: checked exactly by the ledger
    }
  }

  /** At a press the mover's time changes only by its control's rule; nothing else moves. */
  private pressRule(s: Step, side: Side, a: Reading, b: Reading): void {
    const c = controlOf(s.before, side);
    const bad: string[] = [];
    const dMain = b.mainMs - a.mainMs;
    if (c.kind === "fischer" ? dMain !== c.incrementMs : c.kind === "bronstein" ? dMain < 0 || dMain > c.delayMs : dMain !== 0) bad.push("main " + a.mainMs + " → " + b.mainMs);
    if (b.periodsLeft !== a.periodsLeft) bad.push("periods " + a.periodsLeft + " → " + b.periodsLeft);
    if (c.kind === "byoyomi" && b.periodMs !== c.periodMs) bad.push("the next turn's period starts at " + b.periodMs);
    if (b.moves !== a.moves + 1) bad.push("moves " + a.moves + " → " + b.moves);
    if (c.kind === "moves" && a.mainMs === 0) {
      const renew = a.movesLeft === 1;
      const block = renew ? (c.carry ? a.blockMs : 0) + c.blockMs : a.blockMs;
      const left = renew ? c.moves : a.movesLeft - 1;
      if (b.blockMs !== block || b.movesLeft !== left) bad.push("block " + a.blockMs + "/" + a.movesLeft + " → " + b.blockMs + "/" + b.movesLeft + " (want " + block + "/" + left + ")");
    } else if (b.blockMs !== a.blockMs || b.movesLeft !== a.movesLeft) {
      bad.push("block " + a.blockMs + "/" + a.movesLeft + " → " + b.blockMs + "/" + b.movesLeft);
    }
    if (bad.length) this.fail("only-down", s, side + "'s press (" + c.kind + ") changed " + bad.join(", "));
  }

  // --- calls and wake-ups ------------------------------------------------------------------------

  private noEarlyCall(s: Step): void {
    const g0 = s.before;
    const g1 = s.clock.game;
    for (const o of s.out) {
      if (!isCall(o)) continue;
      if (o.t > s.clock.cursor) this.fail("no-early-call", s, "'" + o.say + "' at " + o.t + " is ahead of the cursor " + s.clock.cursor);
      if (s.kind === "op") {
        const op = s.op!;
        if (op.op === "query" && o.side === (op.side || g0.toMove) && o.t === s.t) continue; // an answer
        if ((g1.phase !== "running" && !newFlag(g0, g1)) || o.side !== g1.toMove || o.t !== s.t) {
          this.fail("no-early-call", s, "'" + o.say + "' for " + o.side + " at " + o.t + " after " + op.op + " (game " + g1.phase + ", " + g1.toMove + " to move)");
        }
        continue;
      }
      const due = o.due === undefined ? o.t : o.due;
      if (g0.phase !== "running") {
        this.fail("no-early-call", s, "'" + o.say + "' for " + o.side + " at " + o.t + " while " + g0.phase);
        continue;
      }
      // an answer to the waiting side's question, said later than asked to keep clear of the running side's calls
      const answer = o.moved !== undefined && o.side !== g0.toMove;
      if (o.side !== g0.toMove && !answer) this.fail("no-early-call", s, "'" + o.say + "' for " + o.side + " while " + g0.toMove + " is to move");
      if (due <= s.cursorBefore || due < g0.runSince || due > flagTime(g0)) {
        this.fail("no-early-call", s, "'" + o.say + "' due at " + due + ", outside this wake's running time (" + Math.max(s.cursorBefore, g0.runSince) + ", " + Math.min(s.t, flagTime(g0)) + "]");
      }
      if (o.due !== undefined && o.t !== s.t) this.fail("no-early-call", s, "a late call is made now (" + s.t + "), not at " + o.t);
    }
  }

  private wakeInTime(s: Step): void {
    const entries = s.clock.log.slice(s.logFrom);
    if (s.kind === "op") {
      for (const e of entries) if (e.what === "late" || e.what === "dropped") this.fail("wake-in-time", s, "an operation's instant made a call " + e.what + ": " + e.info);
    } else {
      const W = s.wakeBefore;
      for (const o of s.out) {
        if (o.kind === "refused") continue;
        const at = o.kind === "call" && o.due !== undefined ? o.due : o.t;
        if (at < W) this.fail("wake-in-time", s, o.kind + " " + JSON.stringify(o) + " fell due at " + at + ", before nextWakeAt " + W + " (cursor " + s.cursorBefore + ")");
        if (s.onTime && o.t !== s.t) this.fail("wake-in-time", s, o.kind + " " + JSON.stringify(o) + " made at " + s.t + " though every wake-up was on time");
      }
      for (const e of entries) {
        if (e.what === "dropped" && e.t < W) this.fail("wake-in-time", s, "dropped '" + e.info + "' due at " + e.t + ", before nextWakeAt " + W);
        if (s.onTime && (e.what === "late" || e.what === "dropped")) this.fail("wake-in-time", s, "call " + e.what + " (" + e.info + ") though every wake-up was on time");
      }
      if (s.onTime && s.kind === "wake" && s.t !== W) this.fail("wake-in-time", s, "woken at " + s.t + " for nextWakeAt " + W);
    }
    const next = s.clock.nextWakeAt();
    const g1 = s.clock.game;
    if (next !== NEVER && next <= s.clock.cursor) this.fail("wake-in-time", s, "nextWakeAt " + next + " is not after the cursor " + s.clock.cursor);
    if (g1.phase === "running" && next > s.clock.cursor + 1000) this.fail("wake-in-time", s, "the running clock sleeps until " + next + ", more than a second after " + s.clock.cursor);
    if (g1.phase === "running" && next - 1 > s.clock.cursor) {
      const now = face(readSide(g1, g1.toMove, s.clock.cursor));
      const before = face(readSide(g1, g1.toMove, next - 1));
      if (now !== before) this.fail("wake-in-time", s, g1.toMove + "'s face changes from " + now + " to " + before + " before nextWakeAt " + next);
    }
  }

  private inOrder(s: Step): void {
    for (const o of s.out) {
      if (o.kind === "call") {
        if (o.t < this.lastCallT) this.fail("in-order", s, "'" + o.say + "' at " + o.t + " after a call at " + this.lastCallT);
        this.lastCallT = Math.max(this.lastCallT, o.t);
      } else if (o.kind === "flag") {
        if (o.t < this.lastFlagT) this.fail("in-order", s, "a flag at " + o.t + " after a flag at " + this.lastFlagT);
        this.lastFlagT = Math.max(this.lastFlagT, o.t);
      }
    }
  }

  private flagOnce(s: Step): void {
    const g0 = s.before;
    const g1 = s.clock.game;
    const flags = s.out.filter((o): o is Extract<Output, { kind: "flag" }> => o.kind === "flag");
    if (newFlag(g0, g1)) {
      // a correction may leave neither side any time: both flags, the side to move's first
      const second = g1.flagged ? other(g1.flagged) : "black";
      const both = s.kind === "op" && readSide(g1, second, s.t).out && !readSide(g0, second, s.cursorBefore).out;
      if (flags.length !== (both ? 2 : 1) || flags[0].t !== g1.flagAt || flags[0].side !== g1.flagged) {
        this.fail("flag-once", s, g1.flagged + "'s flag fell at " + g1.flagAt + "; flag outputs: " + JSON.stringify(flags));
      }
    } else if (flags.length > 0) {
      this.fail("flag-once", s, "flag outputs with no new flag fall (game " + g1.phase + "): " + JSON.stringify(flags));
    }
  }
}

export interface GameCheck {
  violations: Violation[];
  /** The game as a simulator script, to replay a failure. */
  script: string;
}

/** Drives a generated game and checks every step. */
export function checkGame(spec: GenGame, only: ReadonlySet<Invariant> | null = null): GameCheck {
  const checker = new Checker(only);
  let script = "";
  try {
    const r = drive(spec, (s) => checker.step(s));
    script = r.script;
    // the clip plan as the voice says it (test/core/overlaps.ts): a call made late is the board's
    // lateness (16.2 makes the last period's count at once), not the plan's; the arbiter's resume
    // while an answer given in the pause is said brings the count back at once, and a count keeps its
    // second after a turn that changed while the last words of the side's earlier turn were said
    const cut = spec.voice && (!only || only.has("no-overlap")) ? overlaps(r.outputs, spec.voice, turnsOf(r.clock.log)).filter((o) => o.sameSide && !o.late && !o.resumed && !o.timedAfterTurn) : [];
    for (const o of cut.slice(0, 5)) {
      checker.violations.push({ invariant: "no-overlap", t: o.t, step: "the game's calls", detail: o.side + "'s " + o.says.join(" ") + " at " + o.t + " still sounds at " + o.next + " (to sample " + o.end + " of " + o.at + "), when " + o.nextSays.join(" ") + " begins" });
    }
  } catch (e) {
    checker.violations.push({ invariant: "wake-in-time", t: -1, step: "drive", detail: (e as Error).message });
  }
  return { violations: checker.violations, script: script };
}

/** A failure report: the violations, then the script that shows them. */
export function describeFailure(spec: GenGame, r: GameCheck): string {
  let script = r.script;
  if (!script) {
    try {
      script = drive(spec, null).script;
    } catch (e) {
      script = "(the game could not be driven: " + (e as Error).message + ")\n" + JSON.stringify(spec);
    }
  }
  return r.violations.map((v) => v.invariant + " @ " + v.step + ": " + v.detail).join("\n") + "\n--- script ---\n" + script;
}

export interface SeedsResult {
  games: number;
  failures: number;
  /** Failing games by the first invariant each broke. */
  byInvariant: Record<string, number>;
  /** The failing game with the shortest report, to replay. */
  first: { seed: number; report: string } | null;
}

/** Checks the plain generator's games for seeds from ≤ seed < to (the bench's workers run this). */
export function checkSeeds(from: number, to: number): SeedsResult {
  const r: SeedsResult = { games: 0, failures: 0, byInvariant: {}, first: null };
  for (let seed = from; seed < to; seed++) {
    const spec = randomGame(seed);
    const c = checkGame(spec);
    r.games++;
    if (c.violations.length === 0) continue;
    r.failures++;
    const k = c.violations[0].invariant;
    r.byInvariant[k] = (r.byInvariant[k] || 0) + 1;
    const report = describeFailure(spec, c);
    if (!r.first || report.length < r.first.report.length) r.first = { seed: seed, report: report };
  }
  return r;
}
