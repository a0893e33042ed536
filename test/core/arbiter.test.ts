import { describe, it, expect } from "vitest";
import { run } from "./helpers";
import { Clock, newGame, parseControl, defaultCallOptions, isParseError, type Game } from "../../firmware/core/index";

describe("pause, resume, end (14, 22.9)", () => {
  it("a pause stops the running side's time and nothing is said while paused", () => {
    const g = run("control 1m+3x60s\nat 0 press white\nat 20 pause\nrun 500");
    expect(g.read("black").mainMs).toBe(40000);
    expect(g.said()).toEqual([]);
    expect(g.clock.nextWakeAt()).toBe(1e15);
  });

  it("resume when not paused is refused with a reason and changes nothing", () => {
    const g = run("control 10m\nat 0 press white\nat 10 resume\nrun 20");
    expect(g.refused()).toEqual(["the clock is not paused"]);
    expect(g.read("black").mainMs).toBe(580000);
  });

  it("a press while paused changes nothing", () => {
    const g = run("control 10m\nat 0 press white\nat 10 pause\nat 15 press black\nrun 20");
    expect(g.refused()).toEqual(["the clock is paused"]);
    expect(g.clock.game.toMove).toBe("black");
  });

  it("after the end of the game no press moves the clock", () => {
    const g = run("control 10m\nat 0 press white\nat 10 end\nat 15 press black\nrun 100");
    expect(g.refused()).toEqual(["the game is over"]);
    expect(g.read("black").mainMs).toBe(590000);
  });
});

describe("corrections (22.8)", () => {
  it("the arbiter sets a side's main time and periods; the log keeps both values", () => {
    const g = run("control 1m+3x60s\nat 0 press white\nat 10 pause\nat 11 correct black main 5m\nat 12 correct white periods 1\nat 13 resume\nrun 23");
    expect(g.read("black").mainMs).toBe(290000);
    expect(g.read("white").periodsLeft).toBe(1);
    const entry = g.clock.log.find((e) => e.what === "correct" && e.side === "black");
    expect(entry?.black.mainMs).toBe(300000);
    const before = g.clock.log.find((e) => e.what === "pause");
    expect(before?.black.mainMs).toBe(50000);
  });

  it("a correction while the clock runs is refused", () => {
    const g = run("control 10m\nat 0 press white\nat 10 correct black main 5m\nrun 20");
    expect(g.refused()).toEqual(["pause the clock first"]);
    expect(g.read("black").mainMs).toBe(580000);
  });

  it("a flagged side given time back by the arbiter is paused, ready to resume", () => {
    const g = run("control 1m\nat 0 press white\nat 70 correct black main 30s\nat 80 resume\nrun 90");
    expect(g.flags()).toEqual(["60.000 black"]);
    expect(g.read("black")).toMatchObject({ mainMs: 20000, out: false });
    expect(g.clock.game.phase).toBe("running");
  });

  it("proportional correction shares the true elapsed time in proportion to the used times", () => {
    // Black used 60 s, White 30 s by the clock; the true total was 120 s: 80 s and 40 s.
    const g = run("control 10m\nat 0 press white\nat 60 press black\nat 90 press white\nat 90 pause\nat 91 rescale 2m\nrun 92");
    expect(g.read("black").mainMs).toBe(600000 - 80000);
    expect(g.read("white").mainMs).toBe(600000 - 40000);
  });

  it("a correction of the side to move keeps the seconds of its period in its used time: a true rescale then changes nothing", () => {
    // Black's clock ran 100 s, then 20 s; White's 30 s: 150 s in all, as the clock measured
    const g = run("control 1m+3x60s\nat 0 press white\nat 100 pause\nat 110 correct black periods 3\nat 130 resume\nat 150 press black\nat 180 pause\nat 190 rescale 150s\nrun 200");
    expect(g.read("black")).toMatchObject({ mainMs: 0, periodsLeft: 3 });
    expect(g.read("white")).toMatchObject({ mainMs: 30000, periodsLeft: 3 });
  });

  it("a proportional correction gives time back as the periods it had used first, then main time", () => {
    // Black's one move took 250 s by the clock: 60 s of main time and 3 of 5 periods (190 s of byoyomi).
    // The true total was 130 s: 60 s of main time and 70 s of byoyomi, 1 period.
    const g = run("control 1m+5x60s\nat 0 press white\nat 250 press black\nat 250 pause\nat 251 rescale 130s\nrun 252");
    expect(g.read("black")).toMatchObject({ mainMs: 0, periodsLeft: 4 });
  });

  it("proportional correction needs a paused clock", () => {
    const g = run("control 10m\nat 0 press white\nat 60 rescale 2m\nrun 61");
    expect(g.refused()).toEqual(["pause the clock first"]);
  });
});

describe("lateness (22.1–22.4)", () => {
  it("the absent player's time runs, and on arrival the same lateness is deducted again", () => {
    const g = run("control 1h+5x60s\nat 0 press white\nat 0 absent black\nat 600 arrive black\nrun 600");
    expect(g.read("black").mainMs).toBe(3600000 - 2 * 600000);
  });

  it("an absent White is charged twice the lateness in all, though Black's move came first", () => {
    const g = run("control 1h+5x60s\nat 0 press white\nat 0 absent white\nat 60 press black\nat 600 arrive white\nrun 600");
    expect(g.read("white").mainMs).toBe(3600000 - 2 * 600000);
    expect(g.read("black").mainMs).toBe(3600000 - 60000);
  });

  it("the clock signals when the forfeit limit passes for a player still absent: the limit itself is in time (22.1 含)", () => {
    const g = run("control 1h+5x60s\nlatelimit 15m\nat 0 press white\nat 0 absent black\nat 901 arrive black\nrun 1000");
    expect(g.outs.filter((o) => o.kind === "notice")).toEqual([{ kind: "notice", t: 900001, side: "black", notice: "forfeit" }]);
    expect(g.refused()).toEqual(["the game is over: black lost by lateness (22.2)"]);
    const onTime = run("control 1h+5x60s\nlatelimit 15m\nat 0 press white\nat 0 absent black\nat 900 arrive black\nrun 1000");
    expect(onTime.refused()).toEqual([]);
    expect(onTime.outs.filter((o) => o.kind === "notice")).toEqual([]);
  });

  it("a pass for a timeout (22.5) is refused when the loss came from a deduction or to an absent player", () => {
    // Black arrives 400 s late: the double deduction takes all of his main time and his only period
    const late = run("control 10m+1x60s\nat 0 press white\nat 0 absent black\nat 400 arrive black\nat 405 pass\nrun 406");
    expect(late.flags()).toEqual(["400.000 black"]);
    expect(late.refused()).toEqual(["black lost time by a deduction, not on the move"]);
    // no main time: the absent player's byoyomi is counted to its end (22.4)
    const absent = run("control 3x30s\nat 0 press white\nat 0 absent black\nat 95 pass\nrun 96");
    expect(absent.refused()).toEqual(["black is absent: its byoyomi ran out (22.4)"]);
  });

  it("both players may be late, each handled on its own (22.3)", () => {
    const g = run("control 1h\nat 0 press white\nat 0 absent black\nat 0 absent white\nat 300 arrive black\nat 360 press black\nat 600 arrive white\nrun 600");
    expect(g.read("black").mainMs).toBe(3600000 - 600000 - 60000);
    expect(g.read("white").mainMs).toBe(3600000 - 1200000);
  });

  it("with no main time, the absent player's byoyomi is counted and the periods are lost (22.4)", () => {
    const g = run("control 3x30s\nat 0 press white\nat 0 absent black\nrun 100");
    expect(g.said("black").filter((s) => s.includes("periods:"))).toEqual(["0.000 periods:3", "30.000 periods:2", "60.000 periods:1"]);
    expect(g.flags()).toEqual(["90.000 black"]);
  });

  it("with no main time, a player arriving during the byoyomi plays on with no deduction", () => {
    const g = run("control 3x30s\nat 0 press white\nat 0 absent black\nat 40 arrive black\nat 45 press black\nrun 46");
    expect(g.read("black").periodsLeft).toBe(2);
  });
});

describe("a timeout turned into a pass (22.5)", () => {
  it("the turn goes to the opponent and the same byoyomi goes on", () => {
    const g = run("control 1x30s\nat 0 press white\nat 35 pass\nat 40 press white\nrun 41");
    expect(g.flags()).toEqual(["30.000 black"]);
    expect(g.read("black")).toMatchObject({ periodsLeft: 1, periodMs: 29000, moves: 1, out: false });
    expect(g.clock.game.toMove).toBe("black");
    expect(g.read("white").periodsLeft).toBe(1);
  });

  it("is refused when nobody has run out of time, or outside byoyomi", () => {
    expect(run("control 1x30s\nat 0 press white\nat 5 pass\nrun 6").refused()).toEqual(["no side has run out of time"]);
    expect(run("control 1m\nat 0 press white\nat 65 pass\nrun 66").refused()).toEqual(["a pass for a timeout is only given in byoyomi (22.5)"]);
  });
});

describe("the time log (22.9)", () => {
  it("records every start, press, pause, call and flag with both sides' readings", () => {
    const g = run("control 1x10s\nat 0 press white\nat 3 pause\nat 4 resume\nrun 20");
    const what = g.clock.log.map((e) => e.what);
    expect(what.slice(0, 5)).toEqual(["control", "press", "call", "call", "call"]);
    expect(what).toContain("pause");
    expect(what).toContain("resume");
    expect(what[what.length - 1]).toBe("flag");
    const pause = g.clock.log.find((e) => e.what === "pause");
    expect(pause?.black.periodMs).toBe(7000);
    expect(pause?.white.periodMs).toBe(10000);
  });

  it("refused operations are logged with their reason", () => {
    const g = run("control 10m\nat 0 press white\nat 10 resume\nrun 20");
    expect(g.clock.log.find((e) => e.what === "refused")?.info).toBe("resume: the clock is not paused");
  });
});

function clockOf(spec: string): Clock {
  const c = parseControl(spec);
  if (isParseError(c)) throw new Error(c.error);
  return new Clock(newGame(c, c), defaultCallOptions(), 20, 10000);
}

describe("a board that wakes late", () => {
  it("ordinary calls whose moment has passed are dropped, never played late", () => {
    const k = clockOf("2x60s");
    k.apply({ op: "press", side: "white" }, 0);
    const out = k.advance(45000); // slept through 30 s and 40 s of an ordinary period
    expect(out).toEqual([]);
    expect(k.log.filter((e) => e.what === "dropped").map((e) => e.info)).toEqual(["elapsed:30", "elapsed:40"]);
  });

  it("in the last period the latest overdue count is made at once and logged as late", () => {
    const k = clockOf("1x60s");
    k.apply({ op: "press", side: "white" }, 0);
    expect(k.advance(50000)).toEqual([{ kind: "call", t: 50000, side: "black", say: "elapsed:50" }]); // supersedes 30, 40
    const out = k.advance(53500); // counts 1, 2, 3 were due at 51, 52, 53 s
    expect(out).toEqual([{ kind: "call", t: 53500, side: "black", say: "count:3", due: 53000 }]);
    expect(k.log.filter((e) => e.what === "late").map((e) => e.info)).toEqual(["count:3 due 53000"]);
  });

  it("an overdue count is not said after the forfeit that ended the game while the board slept", () => {
    const k = clockOf("1x62s");
    k.apply({ op: "latelimit", ms: 60000 }, 0);
    k.apply({ op: "absent", side: "black" }, 0);
    k.apply({ op: "press", side: "white" }, 1000); // the game starts; Black's lateness runs from here
    for (let t = 30000; t <= 60000; t += 1000) k.advance(t); // elapsed:32 … count:7 said; the limit passes at 61.001 s
    const out = k.advance(61400); // woken late: count:8 was due at 61 s
    expect(out).toEqual([{ kind: "notice", t: 61001, side: "black", notice: "forfeit" }]);
    expect(k.game.phase).toBe("ended");
    expect(k.log.filter((e) => e.what === "dropped" || e.what === "late").map((e) => e.what + " " + e.info)).toEqual(["dropped count:8"]);
  });

  it("a call a few ms late is still made", () => {
    const k = clockOf("1x60s");
    k.apply({ op: "press", side: "white" }, 0);
    expect(k.advance(30015)).toEqual([{ kind: "call", t: 30000, side: "black", say: "elapsed:30" }]);
  });

  it("a move is charged to the press's own timestamp, even when handled later", () => {
    const k = clockOf("10m");
    k.apply({ op: "press", side: "white" }, 0);
    k.advance(12000);
    k.apply({ op: "press", side: "black" }, 10000); // the edge came at 10 s; handled at 12 s
    expect(k.reading("black", 20000).mainMs).toBe(590000);
    expect(k.reading("white", 20000).mainMs).toBe(590000);
  });

  it("a press made before the flag fell, but handled after it, wins", () => {
    const k = clockOf("1x10s");
    k.apply({ op: "press", side: "white" }, 0);
    expect(k.advance(10050).some((o) => o.kind === "flag")).toBe(true);
    k.apply({ op: "press", side: "black" }, 9990);
    expect((k.game as Game).phase).toBe("running");
    expect(k.reading("black", 10100)).toMatchObject({ periodsLeft: 1, out: false, moves: 1 });
  });

  it("nextWakeAt is the next displayed second while running", () => {
    const k = clockOf("10m");
    k.apply({ op: "press", side: "white" }, 0);
    k.advance(1250);
    expect(k.nextWakeAt()).toBe(2000);
  });
});
