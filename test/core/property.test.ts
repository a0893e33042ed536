// Random games (test/core/gen.ts) against the timing core's invariants (test/core/invariants.ts), checked after
// every operation and every wake-up. The seed is fixed so CI is reproducible; a failure prints the
// violations and the game as a simulator script (`npm run --silent sim -- run FILE` replays it,
// except for wake-up lateness, which the script notes in a comment).
import { describe, it, expect, beforeAll } from "vitest";
import fc from "fast-check";
import { gameArb, gameFromScript, type GenGame } from "./gen";
import { checkGame, describeFailure, type Invariant } from "./invariants";

const SEED = 20261129;
/** Games per run. Each game is driven once and checked for every invariant at once; the pass prints
 *  its time, a small part of LIMIT_MS even on a busy two-core machine (the report of the change
 *  that sized it gives the figures). A failing invariant's test then searches again for it alone,
 *  to shrink the game. */
const RUNS = 300;
const LIMIT_MS = 120000;

/** The first game that broke each invariant, found in one pass over the seeded games. */
const broken: Partial<Record<Invariant, GenGame>> = {};

beforeAll(() => {
  const t0 = Date.now();
  fc.check(
    fc.property(gameArb, (spec) => {
      for (const v of checkGame(spec).violations) if (!broken[v.invariant]) broken[v.invariant] = spec;
      return true;
    }),
    { seed: SEED, numRuns: RUNS },
  );
  console.log("property test: " + RUNS + " games, every invariant checked, in " + (Date.now() - t0) + " ms");
}, LIMIT_MS);

/** Fails with the game that broke the invariant, shrunk to a small one by fast-check. */
function holds(invariant: Invariant): void {
  if (!broken[invariant]) return;
  const only = new Set([invariant]);
  fc.assert(
    fc.property(gameArb, (spec) => {
      const r = checkGame(spec, only);
      if (r.violations.length > 0) throw new Error(describeFailure(spec, r));
    }),
    { seed: SEED, numRuns: RUNS },
  );
}

describe("the timing core on random games, after every operation and wake-up", () => {
  it("only the side to move's time runs, and nothing runs while paused, ended or flagged", () => holds("one-side-runs"), LIMIT_MS);
  it("a side's time only goes down, but by the arbiter or its control's rule at a press", () => holds("only-down"), LIMIT_MS);
  it("time used plus time left is the time given: a move of e ms costs exactly e ms", () => holds("time-conserved"), LIMIT_MS);
  it("no call is made before its moment, outside a running turn, or for the waiting side", () => holds("no-early-call"), LIMIT_MS);
  it("a board sleeping until nextWakeAt misses nothing, and on-time wake-ups make every call on time", () => holds("wake-in-time"), LIMIT_MS);
  it("calls and flags come out in time order", () => holds("in-order"), LIMIT_MS);
  it("a flag is announced once per flag fall, at the instant it fell", () => holds("flag-once"), LIMIT_MS);
  it("a refused operation changes nothing, and a press by the side not to move is refused", () => holds("refusal-inert"), LIMIT_MS);
  it("with a voice's lengths, no call is cut by a later one of its side (firmware/core/place.ts)", () => holds("no-overlap"), LIMIT_MS);
});

/** Games the random search found breaking an invariant, kept as fixed cases (scripts for the
 *  simulator; `late` = how late each wake-up comes, cycled; `graceMs` = how late a call may still be made). */
const FOUND: { name: string; script: string; late?: number[]; graceMs?: number }[] = [
  {
    name: "an absent player whose flag fell has lost on time: the lateness limit passing changes nothing",
    script: "control 24s+F18s\nlatelimit 1m\nat 0 absent black\nat 1.029 press white\nat 66.075 press black\nrun 146.075",
    late: [843, 858, 1439, 1073],
  },
  {
    name: "an absent player's counted byoyomi running out at the lateness limit is a loss on time, not also a forfeit",
    script: "control 0+4x30s\nhandicap 8\nlatelimit 2m\ncalls timeout=off\nat 0 absent white\nat 2.222 press black\nrun 130",
    late: [519, 660, 968, 1412, 1465],
  },
  {
    name: "a flag that fell stays down when the arbiter ends the game",
    script: "control 1m\nat 0 press white\nat 60 end\nrun 61",
  },
  {
    name: "correcting the move count of a Bronstein player who lost on time gives no time back",
    script: "control 1m+D5s\nat 0 press white\nat 70 correct black moves 1\nrun 71",
  },
  {
    name: "resuming a side whose time was corrected to nothing makes its flag fall at once",
    script: "control 1m\nat 0 press white\nat 10 pause\nat 11 correct black main 0\nat 12 resume\nrun 100",
  },
  {
    name: "a late player who loses on arrival leaves the opponent's running time as it was",
    script: "control 5m\nhandicap 2\nlatelimit 15m\nat 0 absent black\nat 0 start\nat 200 arrive black\nrun 201",
  },
  {
    name: "a proportional correction that takes one side's last period keeps the other's started period",
    script: "control 3x30s\nat 0 press white\nat 5 press black\nat 30 press white\nat 50 pause\nat 51 correct white periods 1\nat 52 rescale 2m10s\nrun 53",
  },
  {
    name: "a proportional correction that puts one side out keeps the other's Bronstein turn",
    script: "control 1m+D10s\nat 0 press white\nat 5 press black\nat 60 press white\nat 68 pause\nat 69 rescale 2m\nrun 70",
  },
  {
    name: "a countdown of a block's last ten seconds that starts in main time is said on time",
    script: "control 1m+C5/10s\ncalls countdown=on\nat 0 press white\nat 63.5 pause\nat 64 correct black main 1m\nat 65 resume\nrun 135",
  },
  {
    name: "calls made together after a late wake-up come out in time order",
    script: "control 14s\ncalls warn=30,20,10,5 countdown=on timeout=off\nat 0 press white\nrun 20",
    late: [2500],
    graceMs: 2000,
  },
  {
    name: "a timeout turned into a pass against a side with no time left announces that side's flag",
    script: "control 4x20s\nat 0 press white\nat 90 correct white periods 0\nat 91 pass\nrun 100",
  },
  {
    name: "correcting the side to move after the other side lost on arrival keeps the time its turn used",
    script: "control 5m+1x30s\nhandicap 2\nlatelimit 15m\nat 0 absent black\nat 0 start\nat 200 arrive black\nat 201 correct white periods 3\nrun 202",
  },
  {
    name: "a proportional correction to the time the clocks measured gives no lateness deduction back",
    script: "control 10m\nlatelimit 15m\nat 0 absent black\nat 0 press white\nat 100 arrive black\nat 100 press black\nat 160 pause\nat 161 rescale 2m40s\nrun 162",
  },
  {
    name: "a Bronstein delay gives back the move's time, not a lateness deduction",
    script: "control 1m+D10s\nhandicap 2\nlatelimit 15m\nat 0 absent black\nat 0 start\nat 1 press white\nat 3 arrive black\nat 3 press black\nrun 4",
  },
  {
    name: "a Bronstein delay gives back the move's time, not a proportional correction",
    script: "control 1m+D10s\nat 0 press white\nat 10 press black\nat 20 press white\nat 22 pause\nat 22 rescale 44s\nat 22 resume\nat 23 press black\nrun 24",
  },
  {
    name: "time given back to a side partway into a period stays given when its periods are corrected",
    script: "control 1m+3x30s\nat 0 press white\nat 70 pause\nat 71 rescale 35s\nat 72 correct black periods 3\nrun 73",
  },
];

describe("games the random search found", () => {
  it.each(FOUND)("$name", (c) => {
    const r = checkGame(gameFromScript(c.script, c.late, c.graceMs));
    expect(r.violations.map((v) => v.invariant + " @ " + v.step + ": " + v.detail)).toEqual([]);
  });
});
