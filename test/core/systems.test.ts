import { describe, it, expect } from "vitest";
import { run } from "./helpers";

describe("starting and pressing", () => {
  it("in an even game White's press starts Black's clock", () => {
    const g = run("control 10m\nat 5 press white\nrun 65");
    expect(g.clock.game.toMove).toBe("black");
    expect(g.read("black").mainMs).toBe(540000);
    expect(g.read("white").mainMs).toBe(600000);
  });

  it("before the start, the button of the side to move starts nothing", () => {
    const g = run("control 10m\nat 5 press black\nrun 65");
    expect(g.refused()).toEqual(["the game starts when white presses"]);
    expect(g.clock.game.phase).toBe("setup");
    expect(g.read("black").mainMs).toBe(600000);
  });

  it("with a handicap White moves first, started by Black's press", () => {
    const g = run("control 10m\nhandicap 4\nat 0 press black\nrun 60");
    expect(g.clock.game.toMove).toBe("white");
    expect(g.read("white").mainMs).toBe(540000);
    expect(g.read("black").mainMs).toBe(600000);
  });

  it("a press by the side whose time is not running changes nothing", () => {
    const g = run("control 10m\nat 0 press white\nat 30 press white\nrun 60");
    expect(g.refused()).toEqual(["it is black's move"]);
    expect(g.read("white")).toMatchObject({ mainMs: 600000, moves: 0 });
    expect(g.read("black").mainMs).toBe(540000);
  });

  it("time odds: each side plays its own control", () => {
    const g = run("control black 1h+5x60s\ncontrol white 30m+5x30s\nat 0 press white\nat 100 press black\nrun 200");
    expect(g.read("black").mainMs).toBe(3500000);
    expect(g.read("white")).toMatchObject({ mainMs: 1700000, periodMs: 30000 });
  });
});

describe("absolute time (12.4)", () => {
  it("the flag falls when main time reaches zero", () => {
    const g = run("control 1m\nat 0 press white\nrun 100");
    expect(g.flags()).toEqual(["60.000 black"]);
    expect(g.said()).toEqual(["60.000 timeout"]);
  });

  it("an optional count of the last ten seconds", () => {
    const g = run("control 1m\ncalls countdown=on timeout=off\nat 0 press white\nrun 100");
    expect(g.said()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (50 + n).toFixed(3) + " count:" + n));
  });

  it("optional main-time warnings", () => {
    const g = run("control 10m\ncalls warn=300,60,30\nat 0 press white\nrun 590");
    expect(g.said()).toEqual(["300.000 mins:5", "540.000 mins:1", "570.000 secs:30"]);
  });
});

describe("moves per block (12.5)", () => {
  it("unused block time carries over to the next block", () => {
    // 1 min main, then 2 moves in each 60 s block; Black uses 70 s (10 s of block) and 20 s.
    const g = run("control 1m+2/1m\nat 0 press white\nat 70 press black\nat 71 press white\nat 91 press black\nrun 92");
    expect(g.read("black")).toMatchObject({ mainMs: 0, movesLeft: 2, blockMs: 90000 });
  });

  it("Canadian overtime starts each block afresh", () => {
    const g = run("control 1m+C2/1m\nat 0 press white\nat 70 press black\nat 71 press white\nat 91 press black\nrun 92");
    expect(g.read("black")).toMatchObject({ mainMs: 0, movesLeft: 2, blockMs: 60000 });
  });

  it("the flag falls when the block runs out before its moves are made", () => {
    const g = run("control 1m+2/1m\nat 0 press white\nat 70 press black\nat 71 press white\nrun 200");
    expect(g.flags()).toEqual(["121.000 black"]); // 50 s of the block were left
    expect(g.read("black")).toMatchObject({ movesLeft: 1, blockMs: 0, out: true });
  });

  it("main time over is announced with the moves to make (12.5); asking tells moves and time left", () => {
    const g = run("control 1m+15/10m\nat 0 press white\nat 90 query\nrun 91");
    expect(g.said()).toEqual(["60.000 block", "60.000 moves:15", "90.000 moves:15", "90.000 mins:9", "90.000 secs:30"]);
  });
});

describe("Fischer and Bronstein", () => {
  it("Fischer adds the increment after every move", () => {
    const g = run("control 1m+F10s\nat 0 press white\nat 15 press black\nrun 16");
    expect(g.read("black").mainMs).toBe(55000);
  });

  it("Bronstein gives back the move's time up to the delay", () => {
    const g = run("control 1m+D10s\nat 0 press white\nat 4 press black\nat 5 press white\nat 25 press black\nrun 26");
    expect(g.read("black").mainMs).toBe(50000);
  });

  it("Bronstein's credit survives a pause in the middle of a move", () => {
    const g = run("control 1m+D10s\nat 0 press white\nat 4 pause\nat 100 resume\nat 102 press black\nrun 103");
    expect(g.read("black").mainMs).toBe(60000);
  });
});
