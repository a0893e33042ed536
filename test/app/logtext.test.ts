// The time log as a person reads it at the table (22.9, firmware/record/logtext.ts): each kind of entry in
// words, with both sides' used and left time, from the game's start.
import { describe, it, expect } from "vitest";
import { run } from "../core/helpers";
import { logText, stamp, span } from "../../firmware/record/logtext";

/** The record of a script, one line per log entry, the game starting at its own instant. */
function record(script: string): string[] {
  const g = run(script);
  return g.clock.log.map((e) => logText(e, Math.max(0, g.clock.game.startedAt)));
}

const words = (lines: string[]) => lines.map((l) => l.split("  | ")[0]);

describe("the record (22.9)", () => {
  it("times are H:MM:SS.mmm from the game's start; durations as a clock shows them", () => {
    expect(stamp(3723004)).toBe("1:02:03.004");
    expect(stamp(-1500)).toBe("-0:00:01.500");
    expect(span(3600000)).toBe("1:00:00");
    expect(span(1800000)).toBe("30:00");
    expect(span(42500)).toBe("0:42.500");
  });

  it("a press gives the move's number and both sides' used and left time, byoyomi periods included", () => {
    const lines = record("control 1m+3x60s\nat 10 start\nat 100 press black\nrun 101");
    expect(lines).toEqual([
      "-0:00:10.000  control: both sides 1m+3x60s  | Black used 0:00, left 1:00 + 3×60s, 0 moves | White used 0:00, left 1:00 + 3×60s, 0 moves",
      "0:00:00.000  start  | Black used 0:00, left 1:00 + 3×60s, 0 moves | White used 0:00, left 1:00 + 3×60s, 0 moves",
      "0:01:00.000  call: Black byoyomi  | Black used 1:00, left 1:00 of this period, 3 periods in all, 0 moves | White used 0:00, left 1:00 + 3×60s, 0 moves",
      "0:01:00.000  call: Black left:3  | Black used 1:00, left 1:00 of this period, 3 periods in all, 0 moves | White used 0:00, left 1:00 + 3×60s, 0 moves",
      "0:01:30.000  call: Black elapsed:30  | Black used 1:30, left 0:30 of this period, 3 periods in all, 0 moves | White used 0:00, left 1:00 + 3×60s, 0 moves",
      "0:01:30.000  press: Black, move 1  | Black used 1:30, left 1:00 of this period, 3 periods in all, 1 move | White used 0:00, left 1:00 + 3×60s, 0 moves",
    ]);
  });

  it("corrections, lateness and the forfeit in words, with the values before and after", () => {
    const lines = words(record(
      "control 1h\nlatelimit 15m\nat 0 absent white\nat 0 press white\nat 60 press black\nat 70 pause\n" +
        "at 71 correct black main 50m\nat 72 correct black moves 3\nat 73 resume\nrun 1000",
    ));
    expect(lines).toEqual([
      "0:00:00.000  control: both sides 1h",
      "0:00:00.000  lateness limit: 15:00",
      "0:00:00.000  absent: White, late from the start: the lateness counts double (22.1)",
      "0:00:00.000  press: White's button starts the game",
      "0:01:00.000  press: Black, move 1",
      "0:01:10.000  pause: by the arbiter",
      "0:01:11.000  correct: Black main time 59:00 -> 50:00 (22.8)",
      "0:01:12.000  correct: Black moves made 1 -> 3 (22.8)",
      "0:01:13.000  resume: by the arbiter, after a pause of 0:03",
      "0:15:00.001  forfeit: White is past the lateness limit and has lost (22.2)",
    ]);
  });

  it("an arrival says how late, what was deducted again, and whether the player's press was the arrival", () => {
    const lines = words(record("control 1h\nat 0 absent black\nat 0 absent white\nat 0 press white\nat 100 arrive black\nat 110 press black\nat 400 press white\nrun 401"));
    expect(lines).toContain("0:01:40.000  arrive: Black arrives 1:40 late: 1:40 more deducted, 2 × 1:40 in all (22.1)");
    // 4:50 of the 6:40 ran on White's clock while Black thought: 8:30 more make 2 × 6:40
    expect(lines).toContain("0:06:40.000  arrive: White presses: arrives 6:40 late: 8:30 more deducted, 2 × 6:40 in all (22.1)");
  });

  it("a flag, a late last-period count and a refusal", () => {
    const g = run("control 1x30s\nat 0 press white\nat 5 resume\nrun 40", (t) => (t === 25000 ? 500 : 0));
    const lines = words(g.clock.log.map((e) => logText(e, 0)));
    expect(lines).toContain("0:00:05.000  refused: resume: the clock is not paused");
    expect(lines).toContain("0:00:30.000  flag: Black is out of time");
    expect(lines.filter((l) => l.includes(", late (due "))).toEqual(["0:00:25.500  call: Black count:5, late (due 0:00:25.000)"]);
  });
});
