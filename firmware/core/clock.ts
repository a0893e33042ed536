// The clock a board drives: the game, the call options, the time log, and how far calls have been
// made. A board calls apply() for each operation with the instant it happened, advance(now) when it
// wakes, and sleeps until nextWakeAt(). Time comes in as integer milliseconds from a monotonic source.
// The plan it keeps of the running side's calls is plan.ts, the window of calls it places in it and a
// question's answer (its methods window and answerAt) window.ts; what goes in and out (operations,
// outputs, log entries) is ops.ts.

import { formatControl } from "./control";
import type { CallOptions, Speech } from "./schedule";
import { type Reading, type Call, NEVER, stretchEnd, queryAnswer } from "./side";
import { SOUND_MS } from "./place";
import * as G from "./game";
import * as A from "./arbiter";
import { type Op, type Output, type LogEntry, isArbiterOp, sideOf, callOut, withSpeech, fieldOf } from "./ops";
import { type Plan, newPlan } from "./plan";

export { type Op, type Output, type LogEntry, isArbiterOp } from "./ops";

type Side = G.Side;

export class Clock {
  game: G.Game;
  options: CallOptions;
  /** Calls due before this instant have been made, dropped or made late. */
  cursor: number;
  /** A call later than this is no longer "on time": dropped, or made late in the last period. */
  graceMs: number;
  /** The newest maxLog entries (0: none kept, and their readings never computed: a device derives
   *  its log from its flash records instead, firmware/record/flashlog.ts). */
  log: LogEntry[] = [];
  /** Told of every entry, kept or not (the device records the calls that were late or dropped). */
  onLog: ((t: number, what: string, side: Side | null, info: string) => void) | null = null;
  /** onLog is told of the calls made on time too (false: a board that records none of them, and is
   *  spared the call each second; the late and dropped ones, and answers, it is told of always). */
  logsCalls = true;
  maxLog: number;
  /** What this game and these options fix (an operation replaces them, never changes them): worked
   *  out once, not at every wake. */
  private plan: Plan | null = null;
  /** A press is making the new turn's first calls: the window of calls is (from, to] alone, the
   *  rest of the stretch is worked out at the next wake, after the new face is shown. */
  turning = false;
  /** Whether the instant nextWakeAt() last gave is a call's (a board prepares its sound ahead). */
  wakeIsCall = false;
  /** When the last answer to a question (16.2) sounds, [start, end), and whose it is: the next one
   *  keeps clear of it. */
  heard: number[] = [0, 0];
  heardBy: Side = "black";
  /** The instant calls were last made at, and the calls they were made from (those of that instant
   *  are the words that may still sound: a question asked then waits for them). */
  private saidAt = -1;
  private saidIn: Call[] = [];
  private saidBy: Side = "black";

  constructor(game: G.Game, options: CallOptions, graceMs: number, maxLog: number) {
    this.game = game;
    this.options = options;
    this.graceMs = graceMs;
    this.maxLog = maxLog;
    this.cursor = game.lastT;
  }

  reading(side: Side, t: number): Reading {
    return G.readSide(this.game, side, t);
  }

  private entry(t: number, what: string, side: Side | null, info: string): LogEntry {
    return { t: t, what: what, side: side, info: info, black: this.reading("black", t), white: this.reading("white", t) };
  }

  /** Logs an entry; returns it when kept (maxLog > 0), else null (no readings computed). */
  private record(t: number, what: string, side: Side | null, info: string): LogEntry | null {
    if (this.onLog) this.onLog(t, what, side, info);
    if (this.maxLog <= 0) return null;
    const e = this.entry(t, what, side, info);
    if (this.log.length >= this.maxLog) this.log.shift();
    this.log.push(e);
    return e;
  }

  planned(): Plan {
    const g = this.game;
    const p = this.plan;
    if (p && p.game === g && p.options === this.options) return p;
    const n = newPlan(g, this.options);
    // words of the side to move that may still sound when the game changed (its answer to a question,
    // the last calls of its turn that just ended): the information this plan places keeps clear of
    // them (the other side's words, a new turn's calls may cut: the turn has changed)
    if (this.options.speech && (this.heard[1] > g.lastT || this.saidAt + SOUND_MS > g.lastT)) n.quiet = this.sounding(this.options.speech, g.toMove);
    return (this.plan = n);
  }

  /** When the last words said may sound, [start, end): an answer to a question, and the calls of the
   *  last instant calls were made at, as one span (what lies between is kept clear too); only those
   *  of `side` when one is given. */
  sounding(speech: Speech, side: Side | null): number[] {
    const heard = side && side !== this.heardBy ? [0, 0] : [this.heard[0], this.heard[1]];
    const said: string[] = [];
    if (!side || side === this.saidBy) for (const x of this.saidIn) if (x.e === this.saidAt) said.push(x.say);
    if (said.length > 0) {
      const end = this.saidAt + speech.ms(said, false);
      if (heard[1] <= heard[0] || this.saidAt < heard[0]) heard[0] = this.saidAt;
      if (end > heard[1]) heard[1] = end;
    }
    return heard;
  }

  /** The running side's calls due in (from, to], at absolute times, without making them: from the
   *  plan's window of them, made anew when (from, to] leaves it. */
  private callsIn(p: Plan, from: number, to: number): Call[] {
    const out: Call[] = [];
    // firstCall()'s answer kept for `from` in this window (each second's case): no call to make it
    const kept = from >= p.at && from < p.next && from >= p.from && to <= p.to && p.flag !== NEVER;
    if (!kept && this.firstCall(p, from, to) > to) return out;
    const w = p.calls;
    // from the first call after `from` (firstCall found its index): a pass costs the board ~1 ms
    for (let i = p.i; i < w.length && w[i].e <= to; i++) out.push(w[i]);
    return out;
  }

  /** The instant of the running side's first call in (from, to]; after `to` (NEVER + 1) if none. */
  private firstCall(p: Plan, from: number, to: number): number {
    if (p.flag === NEVER) return NEVER + 1; // not running
    if (from < p.from || to > p.to) this.window(p, from, to);
    if (from < p.at || from >= p.next) {
      // the first call after `from`: the same for any later `from` before it (kept, few reads); a
      // later `from` searches on from the last one found, not from the window's start
      const w = p.calls;
      let i = from >= p.at && p.next >= 0 ? p.i : 0;
      while (i < w.length && w[i].e <= from) i++;
      p.next = i < w.length ? w[i].e : NEVER + 1;
      p.i = i;
      p.at = from;
    }
    const next = p.next;
    return next <= to ? next : NEVER + 1;
  }

  /** The calls that will be due up to `until` if nothing happens first: a board may schedule their
   *  sound ahead, to start exactly on time. Changes nothing; advance() still makes them. */
  peek(until: number): Output[] {
    const side = this.game.toMove;
    const calls = this.callsIn(this.planned(), this.cursor, until);
    const out: Output[] = [];
    for (const c of calls) out.push(callOut(c, side)); // no closure to make, as map would
    return out;
  }

  /** peek()'s calls as the plan keeps them (e: the instant; say, short), none made into an output:
   *  a board's hand-over each second makes no object it would throw away. */
  peekCalls(until: number): Call[] {
    const p = this.plan;
    return this.callsIn(p !== null && p.game === this.game && p.options === this.options ? p : this.planned(), this.cursor, until);
  }

  /** Makes the calls, flags and notices due up to now, in order. */
  advance(now: number): Output[] {
    return this.advanceTo(now, now);
  }

  /** advance() up to `upTo`, judging lateness against `now` (an operation handled after its instant). */
  private advanceTo(upTo: number, now: number): Output[] {
    // most wakes (a second's redraw) and presses: nothing due up to upTo, no call (the plan's window
    // knows the first one after the cursor), no flag, no forfeit: the cursor moves on, no more work
    const q = this.plan;
    const cur = this.cursor;
    const valid = q !== null && q.game === this.game && q.options === this.options;
    if (valid && upTo < q!.next && cur >= q!.at && upTo <= q!.to && cur >= q!.from && upTo < q!.flag && upTo < q!.forfeit) {
      if (upTo > cur) this.cursor = upTo;
      return [];
    }
    // each second of a count: the plan's next calls fall due, on time, and nothing else (no flag,
    // no forfeit, within the window): made as advanceCalls makes them, with fewer steps
    if (valid && q!.next > cur && q!.next >= now - this.graceMs && cur >= q!.at && upTo <= q!.to && cur >= q!.from && upTo < q!.flag && upTo < q!.forfeit) return this.dueCalls(q!, upTo);
    const p = valid ? q! : this.planned();
    const at = p.forfeit;
    if (at > upTo) return this.advanceCalls(upTo, now, p);
    // what fell due up to the limit first (calls, a flag), then the game is over
    const out = this.advanceCalls(at, now, p);
    // a flag that fell by the limit's own instant may leave no side that can still lose by lateness
    if (this.planned().forfeit > at) return out.concat(this.advanceCalls(upTo, now, this.planned()));
    this.forfeitAt(Math.max(at, this.game.lastT), out);
    return out;
  }

  /** advanceTo's calls when those due up to `upTo` are the plan's next ones (from index p.i, the
   *  first p.next after the cursor) and all on time: each made, and the first call after them found
   *  for the next wake (firstCall's answer for the cursor at upTo). */
  private dueCalls(p: Plan, upTo: number): Output[] {
    const w = p.calls;
    const side = this.game.toMove;
    const out: Output[] = [];
    const due: Call[] = [];
    const logs = this.logsCalls || this.maxLog > 0;
    let i = p.i;
    let by = side;
    for (; i < w.length && w[i].e <= upTo; i++) {
      const c = w[i];
      const o = callOut(c, side);
      out.push(o);
      due.push(c);
      by = o.side;
      if (logs) this.record(c.e, "call", by, c.short ? c.say + " short" : c.say);
    }
    this.saidAt = w[i - 1].e;
    this.saidIn = due;
    this.saidBy = by;
    p.at = upTo;
    p.next = i < w.length ? w[i].e : NEVER + 1;
    p.i = i;
    this.cursor = upTo;
    return out;
  }

  /** `p`: the plan of the game as it is now. */
  private advanceCalls(upTo: number, now: number, p: Plan): Output[] {
    const out: Output[] = [];
    if (upTo <= this.cursor) return out;
    const g = this.game;
    const side = g.toMove;
    let lateLast: Call | null = null; // the newest overdue call of the last period
    const due = this.callsIn(p, this.cursor, upTo);
    for (const c of due) {
      if (c.e >= now - this.graceMs) {
        const o = callOut(c, side);
        out.push(o);
        if (this.logsCalls || this.maxLog > 0) this.record(c.e, "call", o.side, c.short ? c.say + " short" : c.say);
        this.saidAt = c.e; // three references, no more, on a wake's path
        this.saidIn = due;
        this.saidBy = o.side;
        continue;
      }
      const older = c.last ? lateLast : c;
      if (older) this.record(older.e, "dropped", side, older.say);
      if (c.last) lateLast = c;
    }
    if (lateLast && (out.length > 0 || now > upTo)) {
      // a newer call supersedes it, or its turn or game ended at upTo, before now (a press handled
      // late, a forfeit): a count said now would come after the end it counted down to
      this.record(lateLast.e, "dropped", side, lateLast.say);
    } else if (lateLast) {
      // 16.2: the last-period count is never silently skipped; the latest overdue number is said now.
      out.unshift({ kind: "call", t: now, side: side, say: lateLast.say, due: lateLast.e });
      this.saidAt = now;
      this.saidIn = [{ e: now, say: lateLast.say, last: true }];
      this.saidBy = side;
      this.record(now, "late", side, lateLast.say + " due " + lateLast.e);
    }
    const settled = p.flag <= upTo ? G.settle(g, upTo) : g;
    if (settled !== g) {
      this.game = settled;
      out.push({ kind: "flag", t: settled.flagAt, side: g.toMove });
      this.record(settled.flagAt, "flag", g.toMove, "");
    }
    this.cursor = upTo;
    return out;
  }

  private forfeitAt(at: number, out: Output[]): void {
    const g = this.game;
    this.game = A.forfeit(g, at);
    const sides: Side[] = ["black", "white"];
    for (const side of sides) {
      if (G.hasForfeited(this.game, side)) {
        out.push({ kind: "notice", t: at, side: side, notice: "forfeit" });
        this.record(at, "notice", side, "forfeit " + G.lateArticle(this.game));
      }
    }
    this.cursor = Math.max(this.cursor, at);
  }

  /** The next instant at which anything shown or said changes; NEVER when the clock is stopped. */
  nextWakeAt(): number {
    const g = this.game;
    const q = this.plan;
    const p = q !== null && q.game === g && q.options === this.options ? q : this.planned(); // planned(), its check inline
    let next = NEVER;
    let first = NEVER + 1; // the first call after the cursor, up to next (none: after any next)
    if (p.flag !== NEVER) {
      const base = g.runSince - g.turnMs;
      const cur = this.cursor;
      if (cur < base) next = base;
      else if (cur < p.flag) {
        // the shown countdown is the time to the end of the stretch the cursor is in (kept while it is)
        if (cur >= p.end || cur < p.start) {
          p.start = cur;
          p.end = base + stretchEnd(G.controlOf(g, g.toMove), g[g.toMove], cur - base);
        }
        next = cur + ((p.end - cur) % 1000 || 1000);
      }
      // a call off the displayed seconds (a warning or count after a correction), or an overdue flag;
      // firstCall's answer kept for the cursor (each second's case), without the call
      first = cur < p.next && cur >= p.at && cur >= p.from && next <= p.to ? (p.next <= next ? p.next : NEVER + 1) : this.firstCall(p, cur, next);
      if (first < next) next = first;
      if (p.flag < next) next = p.flag;
    }
    const at = p.forfeit;
    if (at < next) next = at > this.cursor ? at : this.cursor + 1;
    this.wakeIsCall = first <= next;
    return next;
  }

  /** When the running side leaves the stretch of its turn it is in at t (main time runs out, a
   *  period is used up, the flag falls): until then only its countdown changes, and it shows the
   *  time left to that instant. NEVER when no clock runs. */
  stretchEndAt(t: number): number {
    const g = this.game;
    if (g.phase !== "running") return NEVER;
    const base = g.runSince - g.turnMs;
    return base + stretchEnd(G.controlOf(g, g.toMove), g[g.toMove], Math.max(g.turnMs, t - base));
  }

  /** Applies an operation that happened at t, handled at `now` (t when omitted: a board that handles
   *  an edge late passes the real time, so that calls due before t but made only now count as late).
   *  Outputs: what came due up to t, then the refusal or the calls the operation makes (a query's
   *  answer, a new turn's first calls). */
  apply(op: Op, t: number, now?: number): Output[] {
    const out = this.advanceTo(t, now === undefined ? t : Math.max(t, now));
    const g = this.game;
    if (op.op === "press" && g.phase === "running" && (G.isLate(g, op.side) || G.isAway(g, op.side))) {
      for (const o of this.arrivalPress(op.side, t, now)) out.push(o);
      return out;
    }
    const r = this.reduce(op, g, t);
    const at = Math.max(t, g.lastT);
    if (typeof r === "string") {
      out.push({ kind: "refused", t: at, op: op.op, reason: r });
      this.record(at, "refused", sideOf(op), op.op + ": " + r);
      return out;
    }
    this.game = r;
    // resumed or started with no time left: the flag falls now (its time from the new game's plan,
    // which the calls below need anyway: not worked out twice on a press's path)
    if (this.planned().flag <= r.lastT) this.game = G.settle(r, r.lastT);
    const f = this.game;
    const side = sideOf(op);
    const info = op.op === "press" ? "" : this.describe(op, g, at); // a press has nothing to add
    const entry = this.record(at, op.op, side, info); // at: a query changes no lastT
    if (op.op !== "press" && isArbiterOp(op.op)) out.push({ kind: "op", t: at, entry: entry || this.entry(at, op.op, side, info) });
    // the rarer cases in methods of their own: the board reads through a block it skips, and a press
    // (every move) passes here; nor does a press look up the arbiter's operations (a global name: on
    // the board a search of the bundle's names)
    if (op.op === "query") this.answer(op.side || g.toMove, g, at, out);
    if (f.phase === "running" && (g.phase !== "running" || g.toMove !== f.toMove) && op.op !== "resume") {
      this.cursor = r.lastT - 1; // a new turn: its calls at e = 0 are still to make
    }
    if (f.phase === "flagged" && f.flagged && !(g.phase === "flagged" && g.flagged === f.flagged && g.flagAt === f.flagAt)) this.flagged(op.op, g, at, out);
    this.turning = op.op === "press";
    const more = this.advance(Math.max(this.cursor, r.lastT));
    this.turning = false;
    for (const o of more) out.push(o);
    return out;
  }

  /** A question (16.2) asked at `at` about `side`: its answer's calls said now go into `out`. */
  private answer(side: Side, g: G.Game, at: number, out: Output[]): void {
    const says = queryAnswer(G.controlOf(g, side), this.reading(side, at));
    for (const c of this.answerAt(says, side, at)) {
      const o = callOut(c, side);
      out.push(o);
      this.record(at, "call", side, c.short ? c.say + " short" : c.say);
    }
  }

  /** An operation `what` on game g at `at` made the flag fall: the flag, and both when a correction
   *  leaves neither side any time. */
  private flagged(what: string, g: G.Game, at: number, out: Output[]): void {
    const f = this.game;
    const side = f.flagged!;
    out.push({ kind: "flag", t: f.flagAt, side: side });
    this.record(f.flagAt, "flag", side, what);
    const o = G.other(side);
    if (this.reading(o, f.flagAt).out && !G.readSide(g, o, at).out) {
      out.push({ kind: "flag", t: f.flagAt, side: o });
      this.record(f.flagAt, "flag", o, what);
    }
  }

  /** 22.1: a press by a player marked absent, while the clock runs, is that player's arrival, made
   *  first (the double deduction at that instant); the press itself then counts if it is the
   *  player's move. (Before the start the arbiter may press an absent side's button to start.) */
  private arrivalPress(side: Side, t: number, now?: number): Output[] {
    const out = this.apply({ op: "arrive", side: side, byPress: true }, t, now);
    for (const o of out) if (o.kind === "refused") return out;
    const g = this.game;
    if (g.phase === "running" && g.toMove === side) {
      for (const o of this.apply({ op: "press", side: side }, t, now)) out.push(o);
    }
    return out;
  }

  /** The log entry's info for an accepted operation, from the game before it (g) as of t. */
  private describe(op: Op, g: G.Game, t: number): string {
    switch (op.op) {
      case "correct": return op.field + " " + op.value + " was " + fieldOf(G.readSide(g, op.side, t), op.field);
      case "rescale": case "split": return op.totalMs + " " + A.usedBy(g, "black") + " " + A.usedBy(g, "white");
      case "absent": return G.isAway(this.game, op.side) ? "pause" : "start";
      case "pass": return g.flagged || "";
      case "pause": return op.battery ? "battery" : "";
      case "arrive": {
        const away = G.isAway(g, op.side);
        const late = away ? 0 : G.lateness(g, t);
        // 22.1: twice the lateness in all, what already ran counted; none with no main time (22.4)
        const again = away || G.controlOf(g, op.side).mainMs === 0 ? 0 : Math.max(0, 2 * late - G.readSide(g, op.side, t).usedMs);
        return late + " " + (away ? "pause" : "start") + " " + (op.byPress ? "press" : "arbiter") + " " + again;
      }
      case "resume": return "" + Math.max(0, t - g.runSince); // a paused game's runSince: when it stopped
      case "handicap": return "" + op.stones;
      case "latelimit": return "" + op.ms;
      case "control": return (op.side || "both") + " " + formatControl(op.control);
    }
    return "";
  }

  private reduce(op: Op, g: G.Game, t: number): G.Result {
    if (op.op === "press") return G.press(g, op.side, t); // every move: not through the switch's cases
    switch (op.op) {
      case "control": return G.setControl(g, op.side, op.control);
      case "handicap": return G.setHandicap(g, op.stones);
      case "latelimit": return G.setLateLimit(g, op.ms);
      case "calls":
        if (g.phase !== "setup") return "the calls are set before the game starts";
        // the event's own count; the voice (and so the calls' lengths) stays the clock's
        this.options = op.options.speech || !this.options.speech ? op.options : withSpeech(op.options, this.options.speech);
        return g;
      case "start": return G.start(g, t);
      case "pause": return G.pause(g, t);
      case "resume": return G.resume(g, t);
      case "end": return G.end(g, t);
      case "query":
        if (g.phase === "setup" || g.phase === "ended") return "no game is in progress";
        return g;
      case "correct": return A.correct(g, op.side, op.field, op.value, t);
      case "rescale": return A.rescale(g, op.totalMs, t);
      case "split": return A.split(g, op.totalMs, t);
      case "absent": return A.absent(g, op.side, t);
      case "arrive": return A.arrive(g, op.side, t);
      case "pass": return A.timeoutToPass(g, t);
    }
  }
}
