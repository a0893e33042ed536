// Article 22 case by case: lateness (22.1–22.3), the correction threshold (22.8) and the equal split
// (22.9), as an arbiter running a tournament meets them.
import { describe, it, expect } from "vitest";
import { run } from "./helpers";
import { result } from "../../firmware/core/index";
import { logText } from "../../firmware/record/logtext";

const arbiterLines = (g: ReturnType<typeof run>) => g.lines().filter((l) => l.includes('"arbiter"')).map((l) => JSON.parse(l).arbiter as string);
const stateOf = (g: ReturnType<typeof run>) => JSON.parse(g.lines()[g.lines().length - 1]).state;

describe("lateness (22.1–22.3)", () => {
  it("a press by a player marked absent is the arrival: the lateness is deducted again at that press, and no forfeit follows", () => {
    const g = run("control 1h+5x60s\nat 0 press white\nat 0 absent black\nat 600 press black\nrun 4000");
    // 600 s ran on Black's clock, 600 s more taken at the press: 2 × 600 s in all (22.1 加倍扣除)
    expect(g.read("black")).toMatchObject({ mainMs: 3600000 - 1200000, moves: 1 });
    expect(g.clock.game.toMove).toBe("white");
    expect(g.outs.filter((o) => o.kind === "notice")).toEqual([]);
    expect(g.clock.game.phase).toBe("running");
    expect(arbiterLines(g)).toContain("arrive: Black presses: arrives 10:00 late: 10:00 more deducted, 2 × 10:00 in all (22.1)");
    expect(g.clock.log.map((e) => e.what)).toContain("arrive");
    expect(stateOf(g).lateness).toEqual({ black: { lateMs: 600000 } });
  });

  it("an absent player pressing out of turn arrives, and the press changes nothing else", () => {
    const g = run("control 1h\nat 0 press white\nat 0 absent white\nat 60 press white\nrun 61");
    expect(g.read("white").mainMs).toBe(3600000 - 120000); // never ran: all of 2 × 60 s is deducted
    expect(g.clock.game.toMove).toBe("black");
    expect(g.refused()).toEqual([]);
  });

  it("past the limit the absent side has lost: the game is over, both clocks stop, a press or arrive is refused with that reason", () => {
    const g = run("control 1h+5x60s\nlatelimit 15m\nat 0 press white\nat 0 absent black\nat 901 press black\nat 902 arrive black\nat 903 resume\nrun 2000");
    expect(g.outs.filter((o) => o.kind === "notice")).toEqual([{ kind: "notice", t: 900001, side: "black", notice: "forfeit" }]);
    expect(g.clock.game.phase).toBe("ended");
    expect(g.read("black").mainMs).toBe(3600000 - 900001); // stopped at the limit
    expect(g.refused()).toEqual([
      "the game is over: black lost by lateness (22.2)",
      "the game is over: black lost by lateness (22.2)",
      "the clock is not paused",
    ]);
    expect(g.clock.nextWakeAt()).toBe(1e15);
    expect(stateOf(g)).toMatchObject({ phase: "ended", result: "black lost by lateness (22.2)", lateness: { black: { lateMs: 900001, forfeit: true } } });
  });

  it("arriving at the limit itself is in time (含): an hour late under 22.1 still plays", () => {
    const g = run("control 3h\nat 0 press white\nat 0 absent black\nat 3600 press black\nrun 3700");
    expect(g.clock.game.phase).toBe("running");
    expect(g.read("black").mainMs).toBe(10800000 - 7200000); // 2 × 1 h
    expect(g.outs.filter((o) => o.kind === "notice")).toEqual([]);
  });

  it("both sides late past the limit: both lose (22.3)", () => {
    const g = run("control 1h\nlatelimit 15m\nat 0 absent black\nat 0 absent white\nat 0 start\nrun 1000");
    expect(g.clock.game.phase).toBe("ended");
    expect(result(g.clock.game)).toBe("black and white lost by lateness (22.3)");
    expect(stateOf(g).lateness).toEqual({ black: { lateMs: 900001, forfeit: true }, white: { lateMs: 900001, forfeit: true } });
  });

  it("a side whose time ran out while absent has lost on time; the other absent side then loses by lateness (22.3)", () => {
    const g = run("control 10m\nlatelimit 15m\nat 0 absent black\nat 0 absent white\nat 0 start\nrun 1000");
    expect(g.flags()).toEqual(["600.000 black"]);
    expect(g.clock.game.phase).toBe("ended");
    expect(g.outs.filter((o) => o.kind === "notice")).toEqual([{ kind: "notice", t: 900001, side: "white", notice: "forfeit" }]);
    expect(result(g.clock.game)).toBe("black lost on time; white lost by lateness (22.2)");
  });

  it("late after a pause (22.1, last sentence): the clock simply runs, with no double deduction and no forfeit limit", () => {
    const g = run("control 2h\nat 0 press white\nat 60 press black\nat 100 pause\nat 101 absent white\nat 200 resume\nat 3900 arrive white\nrun 4000");
    // White's clock ran 40 s before the pause and 3700 s after it; nothing more is taken
    expect(g.read("white").mainMs).toBe(7200000 - 40000 - 3800000);
    expect(g.outs.filter((o) => o.kind === "notice")).toEqual([]);
    expect(g.clock.game.phase).toBe("running");
    expect(arbiterLines(g)).toEqual([
      "pause: by the arbiter",
      "absent: White, late after a pause: the clock runs as usual, no limit (22.1)",
      "resume: by the arbiter, after a pause of 1:40",
      "arrive: White arrives after a pause, nothing deducted (22.1)",
    ]);
  });

  it("a player late after a pause who presses has arrived, with nothing deducted", () => {
    const g = run("control 2h\nat 0 press white\nat 60 press black\nat 100 pause\nat 101 absent white\nat 200 resume\nat 500 press white\nrun 501");
    expect(g.read("white").mainMs).toBe(7200000 - 40000 - 300000);
    expect(g.clock.game.whiteAway).toBe(false);
    expect(g.clock.game.toMove).toBe("black");
  });
});

describe("the correction threshold (22.8)", () => {
  // Black used 29:00 and White 29:00 by the clock: 58:00 measured
  const played = "control 2h\nat 0 press white\nat 1740 press black\nat 3480 press white\nat 3480 pause\n";

  it("an error of exactly 2 minutes per hour is corrected (含)", () => {
    const g = run(played + "at 3481 rescale 1h\nrun 3482");
    expect(g.refused()).toEqual([]);
    expect(g.read("black")).toMatchObject({ mainMs: 7200000 - 1800000, usedMs: 1800000 });
    expect(g.read("white")).toMatchObject({ mainMs: 7200000 - 1800000, usedMs: 1800000 });
    expect(arbiterLines(g)).toContain("rescale: true elapsed 1:00:00, Black used 29:00 -> 30:00, White 29:00 -> 30:00 (22.8)");
  });

  it("an error under 2 minutes per hour leaves the readings as they are, and says why", () => {
    const g = run(played + "at 3481 rescale 59m59s\nrun 3482");
    expect(g.refused()).toEqual(["the error is under 2 minutes per hour: the readings stay (22.8)"]);
    expect(g.read("black").mainMs).toBe(7200000 - 1740000);
    expect(g.read("white").mainMs).toBe(7200000 - 1740000);
  });

  it("rescale 0 is refused", () => {
    const g = run(played + "at 3481 rescale 0s\nrun 3482");
    expect(g.refused()).toEqual(["the true elapsed time is more than 0"]);
  });

  it("a correction that leaves both sides out of time raises both flags", () => {
    const g = run("control 10m\nat 0 press white\nat 300 press black\nat 600 press white\nat 600 pause\nat 601 rescale 20m\nrun 700");
    expect(g.flags()).toEqual(["601.000 black", "601.000 white"]);
    expect(g.read("black").out && g.read("white").out).toBe(true);
    expect(result(g.clock.game)).toBe("black and white lost on time");
  });
});

describe("the equal split (22.9)", () => {
  // Black used 40:00 and White 20:00 by the faulty clock
  const played = "control 2h\nat 0 press white\nat 2400 press black\nat 3600 press white\nat 3600 pause\n";

  it("with the clock paused, split charges each side half of the first half, replacing what the clock measured", () => {
    const g = run(played + "at 3601 split 1h\nat 3602 resume\nrun 3700");
    expect(g.read("black")).toMatchObject({ mainMs: 7200000 - 1800000 - 98000, usedMs: 1800000 + 98000 });
    expect(g.read("white")).toMatchObject({ mainMs: 7200000 - 1800000, usedMs: 1800000 });
    expect(arbiterLines(g)).toContain("split: first half 1:00:00 shared equally, Black used 40:00 -> 30:00, White 20:00 -> 30:00 (22.9)");
    const entry = g.clock.log.find((e) => e.what === "split")!;
    expect(logText(entry, 0)).toBe(
      "1:00:01.000  split: first half 1:00:00 shared equally, Black used 40:00 -> 30:00, White 20:00 -> 30:00 (22.9)  " +
        "| Black used 30:00, left 1:30:00, 1 move | White used 30:00, left 1:30:00, 1 move",
    );
  });

  it("is refused while the clock runs, and for no time", () => {
    const g = run("control 2h\nat 0 press white\nat 10 split 1h\nat 11 pause\nat 12 split 0s\nrun 13");
    expect(g.refused()).toEqual(["pause the clock first", "the first half's time is more than 0"]);
    expect(g.read("black").mainMs).toBe(7200000 - 11000);
  });

  it("a split that leaves a side no time makes its flag fall", () => {
    const g = run("control 10m\nat 0 press white\nat 60 press black\nat 60 pause\nat 61 split 30m\nrun 62");
    expect(g.flags()).toEqual(["61.000 white", "61.000 black"]); // the side to move's first
  });
});
