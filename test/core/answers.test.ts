// What the clock answers to "how much time do I have?" (16.2) in main time and in a block of moves,
// and how it announces the blocks of moves (12.5): as a referee says them.
import { describe, it, expect } from "vitest";
import { run } from "./helpers";

/** The answer to Black's question at t seconds, Black's clock running from 0 under `control`. */
function answer(control: string, t: string): string[] {
  const g = run("control " + control + "\nat 0 press white\nat " + t + " query black\nrun " + t);
  return g.said("black").filter((s) => s.startsWith(Number(t).toFixed(3) + " ")).map((s) => s.split(" ")[1]);
}

describe("the answer in main time (16.2)", () => {
  it("an hour or more: hours and minutes, 还剩1小时50分", () => {
    expect(answer("2h", "600")).toEqual(["hours:1", "mins:50"]);
    expect(answer("3h", "3600")).toEqual(["hours:2"]); // 还剩两小时, no 零分
  });

  it("from ten minutes to an hour: whole minutes", () => {
    expect(answer("1h", "2060")).toEqual(["mins:25"]); // 25:40 left
    expect(answer("1h", "3000")).toEqual(["mins:10"]);
  });

  it("in the last ten minutes: minutes and seconds, 还剩1分50秒, never a rounded-down whole minute", () => {
    expect(answer("10m", "490")).toEqual(["mins:1", "secs:50"]);
    expect(answer("10m", "540")).toEqual(["mins:1"]); // exactly 1:00
    expect(answer("10m", "555")).toEqual(["secs:45"]);
  });

  it("counts as the face does: 1:49.5 left shows 1:50 and is said 1分50秒; 0.3 s left is 1秒", () => {
    expect(answer("10m", "490.5")).toEqual(["mins:1", "secs:50"]);
    expect(answer("10m", "539.5")).toEqual(["mins:1", "secs:1"]); // 1:00.5 shows 1:01
    expect(answer("10m", "599.7")).toEqual(["secs:1"]);
  });

  it("in a block of moves: the moves left, then the block's time as above", () => {
    // main time 1 min, then 15 moves in 10 min: at 2:10, 8:50 of the block is left
    expect(answer("1m+15/10m", "130")).toEqual(["moves:15", "mins:8", "secs:50"]);
  });
});

describe("entering a block of moves (12.5)", () => {
  it("is announced as main time over and the moves to make, not with byoyomi's 开始读秒", () => {
    const g = run("control 1m+15/10m\nat 0 press white\nrun 61");
    expect(g.said("black")).toEqual(["60.000 block", "60.000 moves:15"]);
  });

  it("a game with no main time starts in its block: only the moves are said", () => {
    const g = run("control 0+15/10m\nat 0 press white\nrun 1");
    expect(g.said("black")).toEqual(["0.000 moves:15"]);
  });
});
