// The clip plan of a game, checked for calls that run into one another: each instant's calls as a
// board plays them (back to back from the instant, firmware/board.ts play; sim/wav.ts place), each
// clip as long as the pack's table says (voices/lengths.ts: its bytes at 8 kHz rounded up to whole
// ms, kept equal to the manifests by test/app/voices.test.ts), and a call cut when the next
// instant's calls start before it ends. Same side: one call cut by a later one of its own side, what
// the core's placement (firmware/core/place.ts) must never allow. Other side: a press or a question
// of the other player cut it (the turn changed: the call no longer matters). test/sim/wav.test.ts
// checks the same on the samples themselves.
//
// `npx tsx test/core/overlap-figures.ts [GAMES]` prints the figures for random games.

import type { Output } from "../../firmware/core/index";
import { callPhrases } from "../../firmware/voice";
import { clipLengths } from "../../voices/lengths";
import { drive, randomGame } from "./gen";

const RATE = 8000;
const samplesOf: Record<string, Record<string, number>> = {};

/** Each clip's length in samples (whole ms at 8 kHz), from the pack's table. */
export function clipBytes(pack: string): Record<string, number> {
  if (!samplesOf[pack]) {
    const b: Record<string, number> = {};
    for (const w of clipLengths(pack).slice(1, -2).split(" ")) {
      const i = w.indexOf(":");
      b[w.slice(0, i)] = parseInt(w.slice(i + 1), 10) * (RATE / 1000);
    }
    samplesOf[pack] = b;
  }
  return samplesOf[pack];
}

export interface Overlap {
  side: string;
  /** The instant of the call cut, its words, and the sample its sound would end at. */
  t: number;
  says: string[];
  end: number;
  /** The next instant's calls, which start (at sample `at`) before it ends. */
  next: number;
  nextSays: string[];
  at: number;
  sameSide: boolean;
  /** The call cut was made late (the board woke too late for it, in the last period: 16.2). */
  late: boolean;
  /** The arbiter resumed the clock while it was said (an answer given during a pause). */
  resumed: boolean;
  /** The turn changed while it was said (a press, a pass) and a count or a timed call of the new
   *  turn (elapsed:N, used, timeout), which keeps its instant whatever else is said (12.3; the loss
   *  on time is announced as it falls), cut it. */
  timedAfterTurn: boolean;
}

type Call = Extract<Output, { kind: "call" }>;

/** The calls of one instant (of one side), in the order they were made. */
interface Group {
  t: number;
  side: string;
  calls: Call[];
}

/** Every call cut by the next one in a game's outputs, as the pack would say them; `turns`: the
 *  instants the turn changed at (presses, passes), when known. */
export function overlaps(outputs: Output[], pack: string, turns: number[] = []): Overlap[] {
  const bytes = clipBytes(pack);
  const calls = outputs.filter((o): o is Call => o.kind === "call" && o.t >= 0);
  const sorted = calls.map((c, i) => ({ c: c, i: i })).sort((a, b) => a.c.t - b.c.t || a.i - b.i).map((x) => x.c);
  const groups: Group[] = [];
  for (const c of sorted) {
    const g = groups[groups.length - 1];
    if (g && g.t === c.t && g.side === c.side) g.calls.push(c);
    else groups.push({ t: c.t, side: c.side, calls: [c] });
  }
  const resumes = outputs.filter((o) => o.kind === "op" && o.entry.what === "resume").map((o) => o.t);
  const out: Overlap[] = [];
  for (let i = 0; i + 1 < groups.length; i++) {
    const g = groups[i];
    const n = groups[i + 1];
    const parts = callPhrases(pack, g.calls.map((c) => c.say), g.calls.map((c) => c.short === true));
    let len = 0;
    for (const p of parts) for (const clip of p) {
      if (!(clip in bytes)) throw new Error("pack " + pack + " has no clip " + clip + " (" + g.calls.map((c) => c.say).join(" ") + ")");
      len += bytes[clip];
    }
    const start = Math.round((g.t * RATE) / 1000);
    const at = Math.round((n.t * RATE) / 1000);
    if (start + len > at) {
      out.push({ side: g.side, t: g.t, says: g.calls.map((c) => c.say + (c.short ? " (short)" : "")), end: start + len, next: n.t, nextSays: n.calls.map((c) => c.say), at: at, sameSide: g.side === n.side, late: g.calls.some((c) => c.due !== undefined), resumed: resumes.some((r) => r >= g.t && r <= n.t),
        timedAfterTurn: /^(count:|elapsed:|used$|timeout$)/.test(n.calls[0].say) && turns.some((x) => x >= g.t && x <= n.t) });
    }
  }
  return out;
}

/** The instants a game's turn changed at, from its log: presses, a timeout turned into a pass, the start. */
export function turnsOf(log: { t: number; what: string }[]): number[] {
  return log.filter((e) => e.what === "press" || e.what === "pass" || e.what === "start").map((e) => e.t);
}

export interface Figures {
  games: number;
  /** Games with calls at all, calls made, and calls cut (by the same side, by the other side), with
   *  the games that had any cut by the same side. */
  calls: number;
  sameSide: number;
  otherSide: number;
  gamesCut: number;
  /** Of the calls cut by the same side, those made late (a board woke too late: not the plan's), and
   *  those cut as the arbiter resumed the clock. */
  sameSideLate: number;
  sameSideResumed: number;
  sameSideTimedAfterTurn: number;
  /** Calls said in a short form, and said later than due (moved clear of another). */
  short: number;
  moved: number;
}

/** Figures over the seeded random games from..to-1, each with its calls placed by `pack` (lengths:
 *  true) or taking no time (lengths: false), all said by `pack`. */
export function figures(pack: string, from: number, to: number, lengths: boolean): Figures {
  const f: Figures = { games: 0, calls: 0, sameSide: 0, otherSide: 0, gamesCut: 0, sameSideLate: 0, sameSideResumed: 0, sameSideTimedAfterTurn: 0, short: 0, moved: 0 };
  for (let seed = from; seed < to; seed++) {
    const spec = randomGame(seed);
    spec.voice = lengths ? pack : null;
    const r = drive(spec, null);
    const calls = r.outputs.filter((o): o is Call => o.kind === "call");
    f.games++;
    f.calls += calls.length;
    for (const c of calls) {
      if (c.short) f.short++;
      if (c.moved !== undefined) f.moved++;
    }
    const cut = overlaps(r.outputs, pack, turnsOf(r.clock.log));
    const same = cut.filter((o) => o.sameSide).length;
    f.sameSide += same;
    f.sameSideLate += cut.filter((o) => o.sameSide && o.late).length;
    f.sameSideResumed += cut.filter((o) => o.sameSide && !o.late && o.resumed).length;
    f.sameSideTimedAfterTurn += cut.filter((o) => o.sameSide && !o.late && !o.resumed && o.timedAfterTurn).length;
    f.otherSide += cut.length - same;
    if (same > 0) f.gamesCut++;
  }
  return f;
}
