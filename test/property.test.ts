// Random games (test/gen.ts) against the timing core's invariants (test/invariants.ts), checked after
// every operation and every wake-up. The seed is fixed so CI is reproducible; a failure prints the
// violations and the game as a simulator script (`npm run --silent sim -- run FILE` replays it,
// except for wake-up lateness, which the script notes in a comment).
import { describe, it } from "vitest";
import fc from "fast-check";
import { gameArb } from "./gen";
import { checkGame, describeFailure, type Invariant } from "./invariants";

const SEED = 20261129;
const RUNS = 300;

function holds(invariant: Invariant): void {
  const only = new Set([invariant]);
  fc.assert(
    fc.property(gameArb, (spec) => {
      const r = checkGame(spec, only);
      if (r.violations.length > 0) throw new Error(describeFailure(spec, r));
    }),
    { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 10000 },
  );
}

describe("the timing core on random games, after every operation and wake-up", () => {
  it("only the side to move's time runs, and nothing runs while paused, ended or flagged", () => holds("one-side-runs"));
  it("a side's time only goes down, but by the arbiter or its control's rule at a press", () => holds("only-down"));
  it("time used plus time left is the time given: a move of e ms costs exactly e ms", () => holds("time-conserved"));
  it("no call is made before its moment, outside a running turn, or for the waiting side", () => holds("no-early-call"));
  it("a board sleeping until nextWakeAt misses nothing, and on-time wake-ups make every call on time", () => holds("wake-in-time"));
  it("calls and flags come out in time order", () => holds("in-order"));
  it("a flag is announced once per flag fall, at the instant it fell", () => holds("flag-once"));
  it("a refused operation changes nothing, and a press by the side not to move is refused", () => holds("refusal-inert"));
});
