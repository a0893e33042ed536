import { describe, it, expect } from "vitest";
import { run } from "./helpers";
import { Clock } from "../../firmware/core/index";

// Black's clock starts at 0 when White presses; Black has 1 min main time, then 60 s periods.
const setup = "control 1m+3x60s\nat 0 press white\n";

describe("byoyomi (12.3)", () => {
  it("a move under one period costs nothing", () => {
    const g = run(setup + "at 119.999 press black\nrun 120");
    expect(g.read("black")).toMatchObject({ mainMs: 0, periodsLeft: 3, moves: 1 });
  });

  it("a move at exactly 60 s uses a period", () => {
    const g = run(setup + "at 120 press black\nrun 121");
    expect(g.read("black")).toMatchObject({ mainMs: 0, periodsLeft: 2 });
    expect(g.said("black").slice(-2)).toEqual(["120.000 used", "120.000 left:2"]);
  });

  it("several periods can go in one move", () => {
    const g = run(setup + "at 185 press black\nrun 186");
    expect(g.read("black").periodsLeft).toBe(1);
    expect(g.said("black").filter((s) => s.endsWith("used"))).toEqual(["120.000 used", "180.000 used"]);
  });

  it("in the last period, reaching 60 s is the loss on time, and a press then comes too late", () => {
    const g = run(setup + "at 240 press black\nrun 250");
    expect(g.flags()).toEqual(["240.000 black"]);
    expect(g.said("black").slice(-3)).toEqual(["239.000 count:9", "240.000 count:10", "240.000 timeout"]);
    expect(g.refused()).toEqual(["black has run out of time"]);
    expect(g.read("black")).toMatchObject({ periodsLeft: 0, out: true });
  });

  it("a press 1 ms before the count reaches 10 saves the game", () => {
    const g = run(setup + "at 239.999 press black\nrun 250");
    expect(g.flags()).toEqual([]);
    expect(g.read("black")).toMatchObject({ periodsLeft: 1, out: false, moves: 1 });
  });

  it("a sub-second move costs its real fraction of main time", () => {
    const g = run(setup + "at 0.250 press black\nrun 1");
    expect(g.read("black").mainMs).toBe(59750);
  });

  it("entering byoyomi is announced once, with the periods left", () => {
    const g = run(setup + "at 65 press black\nat 70 press white\nat 80 press black\nrun 81");
    expect(g.said("black").filter((s) => /byoyomi|left/.test(s))).toEqual(["60.000 byoyomi", "60.000 left:3"]);
  });

  it("with no main time, byoyomi is announced at the start of each side's first turn", () => {
    const g = run("control 5x30s\nat 2 press white\nat 3 press black\nrun 4");
    // periods of 30 s are counted as times (还剩五次), not as minutes
    expect(g.said()).toEqual(["2.000 byoyomi", "2.000 periods:5", "3.000 byoyomi", "3.000 periods:5"]);
  });

  it("an ordinary 60 s period is called 30, 40, 50, 55, 58, then 1分 and 还剩N分", () => {
    const g = run(setup + "run 120");
    expect(g.said("black").slice(2)).toEqual([
      "90.000 elapsed:30", "100.000 elapsed:40", "110.000 elapsed:50", "115.000 elapsed:55",
      "118.000 elapsed:58", "120.000 used", "120.000 left:2",
    ]);
  });

  it("the last 60 s period is called 30, 40, 50, then 1 … 10 with 10 at 60 s exactly", () => {
    const g = run("control 1x60s\nat 0 press white\nrun 70");
    expect(g.said().slice(2)).toEqual([
      "30.000 elapsed:30", "40.000 elapsed:40", "50.000 elapsed:50",
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (50 + n).toFixed(3) + " count:" + n),
      "60.000 timeout",
    ]);
  });

  it("a 30 s period is called 10, 20, 25, 28, then 30秒 and 还剩N次 (not 1分); the last one 10, 20, then 1 … 10", () => {
    const g = run("control 2x30s\nat 0 press white\nrun 60");
    expect(g.said().slice(2, 8)).toEqual([
      "10.000 elapsed:10", "20.000 elapsed:20", "25.000 elapsed:25", "28.000 elapsed:28", "30.000 elapsed:30", "30.000 periods:1",
    ]);
    expect(g.said().slice(8, 11)).toEqual(["40.000 elapsed:10", "50.000 elapsed:20", "51.000 count:1"]);
    expect(g.said().slice(-2)).toEqual(["60.000 count:10", "60.000 timeout"]);
  });

  it("a 10 s period is counted 1 … 9, then 还剩N次 at 10 s (short enough for the next 1); the last one 1 … 10", () => {
    const g = run("control 2x10s\nat 0 press white\nrun 20");
    const said = g.said().slice(2);
    expect(said.slice(0, 10)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n.toFixed(3) + " count:" + n), "10.000 periods:1",
    ]);
    expect(said.slice(10)).toEqual([...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (10 + n).toFixed(3) + " count:" + n), "20.000 timeout"]);
  });

  it("a 20 s period is called 10, 15, 18; the last one 10, then 1 … 10 from 11 s", () => {
    const g = run("control 2x20s\nat 0 press white\nrun 40");
    expect(g.said().slice(2, 7)).toEqual(["10.000 elapsed:10", "15.000 elapsed:15", "18.000 elapsed:18", "20.000 elapsed:20", "20.000 periods:1"]);
    expect(g.said().slice(7, 9)).toEqual(["30.000 elapsed:10", "31.000 count:1"]);
  });

  it("an event may set its own count", () => {
    const g = run("control 2x60s\ncalls ordinary=30,50 last=45,50-60 timeout=off\nat 0 press white\nrun 130");
    expect(g.said().slice(2)).toEqual([
      "30.000 elapsed:30", "50.000 elapsed:50", "60.000 used", "60.000 left:1", "105.000 elapsed:45",
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => (109 + n).toFixed(3) + " count:" + n),
    ]);
    expect(g.flags()).toEqual(["120.000 black"]);
  });

  it("an event's count for minute periods, used with 30 s periods, says only what falls inside a period, once", () => {
    const g = run("control 2x30s\ncalls ordinary=10,20,25,28,30,40 last=30,40,50,51-60\nat 0 press white\nrun 61");
    expect(g.said().slice(2, 8)).toEqual([
      "10.000 elapsed:10", "20.000 elapsed:20", "25.000 elapsed:25", "28.000 elapsed:28", "30.000 elapsed:30", "30.000 periods:1",
    ]);
    expect(g.said().slice(8)).toEqual(["60.000 elapsed:30", "60.000 timeout"]); // 40, 50 and the count fall past the end
    // what a board would schedule ahead over the period's end: nothing of the 40 s past it
    const ahead = run("control 2x30s\ncalls ordinary=10,20,25,28,30,40\nat 0 press white\nrun 29");
    expect(ahead.clock.peek(45000).map((o) => (o.kind === "call" ? o.t + " " + o.say : ""))).toEqual(["30000 elapsed:30", "30000 periods:1", "40000 elapsed:10"]); // the last period's own 10 s
  });

  it("a board's hand-over reads the same calls without outputs (peekCalls), and a board that records no call made on time is told only of the others", () => {
    const ahead = run("control 2x30s\ncalls ordinary=10,20,25,28,30,40\nat 0 press white\nrun 29");
    const outs = ahead.clock.peek(45000).map((o) => (o.kind === "call" ? o.t + " " + o.say + (o.short ? " short" : "") : ""));
    expect(ahead.clock.peekCalls(45000).map((c) => c.e + " " + c.say + (c.short ? " short" : ""))).toEqual(outs);
    // logsCalls off: the calls are made all the same, onLog hears the rest (a flag here)
    const started = run("control 1x10s\nat 0 press white\nrun 0").clock;
    const quiet = new Clock(started.game, started.options, 20, 0); // no log kept, as on the board
    const heard: string[] = [];
    quiet.logsCalls = false;
    quiet.onLog = (t, what, side, info) => heard.push(t + " " + what + " " + info);
    let made = 0;
    for (let t = 1000; t <= 12000; t += 1000) made += quiet.advance(t).filter((o) => o.kind === "call").length;
    expect(made).toBe(11); // 1 … 10 and the loss on time
    expect(heard).toEqual(["10000 flag "]);
  });

  it("a pause inside a period keeps the seconds already used of it", () => {
    const g = run(setup + "at 95 pause\nat 500 resume\nrun 530");
    // 35 s of the period were used before the pause: 40 s falls 5 s after the resume
    expect(g.said("black").slice(2, 6)).toEqual(["90.000 elapsed:30", "505.000 elapsed:40", "515.000 elapsed:50", "520.000 elapsed:55"]);
    expect(g.said("black")).toContain("525.000 used");
  });

  it("a player asking is told the periods left (16.2), in minutes when a period is one", () => {
    const g = run(setup + "at 130 query\nat 131 query white\nrun 132");
    expect(g.said()).toContain("130.000 left:2");
    // the time log has the question at its own time, with the readings of then
    const q = g.clock.log.filter((e) => e.what === "query");
    expect(q.map((e) => e.t)).toEqual([130000, 131000]);
    expect(q[0].black.periodsLeft).toBe(2);
    expect(g.said()).toContain("131.000 mins:1");
  });
});
